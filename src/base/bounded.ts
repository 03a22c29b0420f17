/** Runs `work` over `items` with at most `limit` calls in flight. No `vscode` import. */

/**
 * Resolves when every item was worked on; rejects with the first error a call throws (the calls already in
 * flight finish, no new one starts). An aborted `signal` stops starting new calls; those in flight are expected
 * to watch the same signal.
 */
export async function forEachBounded<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && !signal?.aborted && next < items.length) {
      const i = next++;
      try {
        await work(items[i], i);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  const workers = Math.max(1, Math.min(Math.floor(limit) || 1, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
}
