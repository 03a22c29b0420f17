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

/** A refused connection to this machine: nothing listens at that port, and a resend a few seconds later seldom finds
 * anything else. Such a request is tried this many times in all, the resend after at most REFUSED_LOOPBACK_DELAY_MS. */
export const REFUSED_LOOPBACK_ATTEMPTS = 2;
export const REFUSED_LOOPBACK_DELAY_MS = 300;

/** Whether a host name is this machine (localhost, 127.0.0.0/8, ::1). */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(h) || h === '::1';
}

/** A resend about to happen: the attempt it will be, of how many at most, after how long. */
export interface RetryNotice { attempt: number; of: number; inMs: number }

const retryWatchers = new WeakMap<AbortSignal, (n: RetryNotice) => void>();

/** Calls `listener` before each resend of a request made with `signal` (so that the progress notification of the
 * work that signal cancels can say "retrying (2 of 5)…"). Answers the way to stop. */
export function watchRetries(signal: AbortSignal, listener: (n: RetryNotice) => void): () => void {
  retryWatchers.set(signal, listener);
  return () => { if (retryWatchers.get(signal) === listener) retryWatchers.delete(signal); };
}

/** Tells the watcher of `signal`, if any, that a resend is about to happen. */
export function noticeRetry(signal: AbortSignal | undefined, n: RetryNotice): void {
  if (signal) retryWatchers.get(signal)?.(n);
}

/** Resends of requests made with `from` (work started ahead, with a signal of its own) are told to the watcher of
 * `to`, once someone waits on that work with `to`. */
export function relayRetries(from: AbortSignal, to: AbortSignal): void {
  retryWatchers.set(from, (n) => retryWatchers.get(to)?.(n));
}

