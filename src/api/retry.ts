/** Retry policy of the official clients: 1 s, x1.6 per attempt, +-23 % jitter, capped, 5 attempts in all. */

export interface RetryOptions {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  factor: number;
  jitter: number;
  maxDelayMs: number;
  /** Source of randomness in [0, 1) (tests pass a fixed one). */
  random: () => number;
}

export const DEFAULT_RETRY: RetryOptions = {
  maxAttempts: 5, baseDelayMs: 1000, factor: 1.6, jitter: 0.23, maxDelayMs: 120_000, random: Math.random,
};

/** Delay before attempt `attempt + 1`, after `attempt` failed attempts (attempt >= 1). */
export function backoffDelay(attempt: number, o: RetryOptions): number {
  const raw = Math.min(o.maxDelayMs, o.baseDelayMs * o.factor ** (attempt - 1));
  return Math.max(0, raw * (1 + o.jitter * (2 * o.random() - 1)));
}

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Waits, and rejects at once when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => { clearTimeout(timer); reject(signal!.reason); };
    const timer = setTimeout(() => { signal?.removeEventListener('abort', onAbort); resolve(); }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
