/** The client's transport: one place for headers, timeouts, retries and error mapping. ServiceClient (client.ts)
 * adds the service's resources on top. No `vscode` import. */
import { silentLogger, type Logger } from '../base/logger';
import { CancelledError, errorForStatus, MalformedResponseError, NetworkError, ServiceError } from './errors';
import { backoffDelay, DEFAULT_RETRY, isLoopbackHost, noticeRetry, REFUSED_LOOPBACK_ATTEMPTS, REFUSED_LOOPBACK_DELAY_MS, retryAfterMs, sleep, type RetryOptions } from './retry';
import type { Plan } from './types';

export const DEFAULT_BASE_URL = 'https://api.example-language.ai';
export const DEFAULT_FREE_BASE_URL = 'https://api-free.example-language.ai';
export const DEFAULT_AUTH_SCHEME = 'Service-Auth-Key';

export interface ServiceClientOptions {
  key: string;
  plan?: Plan;
  baseUrl?: string;
  freeBaseUrl?: string;
  authScheme?: string;
  /** Time limit of one attempt. */
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  fetch?: typeof fetch;
  logger?: Logger;
  /** Names the caller, e.g. "terminology-studio/0.1.0". */
  userAgent?: string;
  /** JSON of large bodies (a 10 MiB dictionary) away from the caller's event loop: parses a response body that
   * announces at least LARGE_BODY bytes, and encodes a request body that carries that much. Inline otherwise. */
  largeJson?: {
    parse(bytes: Uint8Array): Promise<unknown>;
    encode(value: unknown, size: number): Promise<Uint8Array>;
  };
}

/** Bodies of at least this many bytes (or UTF-16 units of entries) go through `largeJson`. */
export const LARGE_BODY = 256 * 1024;

/** The UTF-16 units of the entries a body carries (a dictionary, a term list, a new glossary's dictionaries). */
function entriesSize(body: unknown): number {
  const b = body as { entries?: unknown; dictionaries?: unknown } | undefined;
  let n = typeof b?.entries === 'string' ? b.entries.length : 0;
  if (Array.isArray(b?.dictionaries)) for (const d of b.dictionaries as Array<{ entries?: unknown }>) if (typeof d?.entries === 'string') n += d.entries.length;
  return n;
}

export interface RequestOptions {
  query?: Record<string, string | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Non-idempotent calls (creates) are sent again without a look-up only while every failure so far shows that the
   * service did not act (429, 529, 503, or a refused connection). After an ambiguous failure (any other 5xx, a
   * timeout, a connection lost once the request was sent), `recover` looks for what an earlier attempt may have
   * created, and again after the wait before each resend (a slow service may finish the attempt the client gave up
   * on); if it finds it, that is the result, and no second resource is made. A success answer that is not JSON is
   * looked for the same way.
   */
  idempotent?: boolean;
  recover?: () => Promise<unknown | undefined>;
  /**
   * A create that cannot be looked up (no `recover`): after an ambiguous failure it is NOT sent again; the error says
   * that the service may have carried it out, then this text (why it was not resent, what to check, what to do). Its
   * `outcomeUnknown` is set.
   */
  unsure?: string;
  /** A large success answer is returned as its bytes, not parsed (the caller parses it on a worker thread). */
  raw?: boolean;
  /** `body` already encoded (JSON as UTF-8, made ahead from the same value): sent as it is. */
  encoded?: Uint8Array;
}

export interface Response { status: number; body: unknown; traceId?: string; bytes?: Uint8Array }

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** Base addresses must use https, except loopback addresses (a local emulator). */
export function checkBaseUrl(url: string): string {
  let u: URL;
  try { u = new URL(url); } catch { throw new TypeError(`"${url}" is not a valid address`); }
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && LOOPBACK.test(u.hostname))) {
    throw new TypeError(`The service address ${u.origin} must use https (plain http is allowed only for loopback addresses)`);
  }
  return url.replace(/\/+$/, '');
}

export class Transport {
  readonly plan: 'free' | 'paid';
  readonly baseUrl: string;
  private readonly key: string;
  private readonly auth: string;
  private readonly timeoutMs: number;
  private readonly retry: RetryOptions;
  private readonly fetchImpl: typeof fetch;
  private readonly log: Logger;
  private readonly userAgent: string;
  private readonly largeJson: ServiceClientOptions['largeJson'];

  constructor(options: ServiceClientOptions) {
    if (!options.key?.trim()) throw new TypeError('An API key is required');
    this.key = options.key.trim();
    const plan = options.plan ?? 'auto';
    this.plan = plan === 'free' || (plan === 'auto' && this.key.endsWith(':fx')) ? 'free' : 'paid';
    this.baseUrl = checkBaseUrl(this.plan === 'free' ? options.freeBaseUrl ?? DEFAULT_FREE_BASE_URL : options.baseUrl ?? DEFAULT_BASE_URL);
    this.auth = `${options.authScheme ?? DEFAULT_AUTH_SCHEME} ${this.key}`;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.fetchImpl = options.fetch ?? fetch;
    this.log = options.logger ?? silentLogger;
    this.userAgent = `${options.userAgent ?? 'terminology-studio'} node/${process.versions.node}`;
    this.largeJson = options.largeJson;
  }

  private redact(text: string): string {
    return text.split(this.key).join('***');
  }

  protected async request(method: string, path: string, o: RequestOptions = {}): Promise<Response> {
    const query = Object.entries(o.query ?? {}).filter(([, v]) => v !== undefined) as Array<[string, string]>;
    const url = `${this.baseUrl}${path}${query.length ? `?${new URLSearchParams(query)}` : ''}`;
    const headers: Record<string, string> = { Authorization: this.auth, 'User-Agent': this.userAgent, Accept: 'application/json' };
    const size = o.body === undefined ? 0 : entriesSize(o.body);
    const payload = o.body === undefined ? undefined : o.encoded ? o.encoded
      : this.largeJson && size >= LARGE_BODY ? await this.largeJson.encode(o.body, size) : JSON.stringify(o.body);
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    const idempotent = o.idempotent ?? true;
    const max = Math.max(1, this.retry.maxAttempts);
    // A create: the first failure so far that leaves open whether the service acted on it.
    let maybeActed: { failure: ServiceError; doubt: string } | undefined;
    /** The look-up after an ambiguous failure. If it fails too, the create is not sent again (it may have happened). */
    const recovered = async ({ failure, doubt }: { failure: ServiceError; doubt: string }, attempt: number) => {
      let found: unknown;
      try {
        found = o.recover ? await o.recover() : undefined;
      } catch (err) {
        if (err instanceof CancelledError || !(err instanceof ServiceError)) throw err;
        throw this.unsure(failure, doubt, attempt, `Looking for it failed too (${err.message.replace(/\.$/, '')}), so it was not sent again. Refresh to see what the service holds, then try again if needed.`);
      }
      if (found !== undefined) this.log.warn(`${method} ${path}: the attempt failed, but it had created the resource; using it`);
      return found;
    };
    for (let attempt = 1; ; attempt++) {
      if (o.signal?.aborted) throw this.cancelled(method, path, attempt - 1);
      const started = Date.now();
      const attemptSignal = o.signal ? AbortSignal.any([o.signal, AbortSignal.timeout(this.timeoutMs)]) : AbortSignal.timeout(this.timeoutMs);
      let failure: ServiceError;
      let ambiguous: boolean;
      /** What happened, for the error of a create that may have been carried out. */
      let doubt: string;
      let waitMs: number | undefined;
      let refusedHere = false;
      try {
        const res = await this.fetchSameOrigin(url, { method, headers, body: payload as BodyInit | undefined, signal: attemptSignal }, path);
        const traceId = res.headers.get('x-trace-id') ?? undefined;
        // A large answer (a 10 MiB dictionary) is read as bytes and parsed away from this event loop.
        const large = res.ok && this.largeJson !== undefined && Number(res.headers.get('content-length') ?? 0) >= LARGE_BODY;
        const bytes = large ? new Uint8Array(await res.arrayBuffer()) : undefined;
        const text = bytes ? '' : await res.text();
        const ms = Date.now() - started;
        if (res.ok) {
          this.log.debug(`${method} ${path} -> ${res.status} in ${ms} ms (trace ${traceId ?? '-'})`);
          if (bytes && o.raw) return { status: res.status, body: undefined, traceId, bytes };
          let body: unknown;
          if (text || bytes) {
            try { body = bytes ? await this.largeJson!.parse(bytes) : JSON.parse(text); } catch {
              // A create the service answered with garbage most likely happened: adopt it rather than let a retry
              // by the user make a second one.
              const found = !idempotent && o.recover ? await o.recover() : undefined;
              if (found !== undefined) {
                this.log.warn(`${method} ${path}: the answer was not JSON, but the resource was created; using it`);
                return { status: 201, body: found };
              }
              const garbled = `The service answered ${method} ${path} with a body that is not JSON`;
              const e = new MalformedResponseError('malformed-response', method === 'GET'
                ? `${garbled}. Try again; if it persists, check the service address (terminology.baseUrl).`
                : !idempotent && o.unsure ? `${garbled}, so it may have carried the request out. ${o.unsure}`
                  : `${garbled}, so whether the change was made is not known. Refresh to see what the service holds, then try again if needed.`,
              res.status, undefined, undefined, traceId, attempt);
              if (!idempotent && method !== 'GET') e.outcomeUnknown = true;
              throw e;
            }
          }
          return { status: res.status, body, traceId };
        }
        const { message, detail } = readErrorBody(text);
        failure = errorForStatus(res.status, message && this.redact(message), detail && this.redact(detail), traceId, attempt);
        this.log.info(`${method} ${path} -> ${res.status} in ${ms} ms (trace ${traceId ?? '-'})${message ? `: ${this.redact(message)}` : ''}`);
        if (!failure.transient) {
          // A DELETE retried after a lost answer finds nothing left to delete: it already succeeded.
          if (method === 'DELETE' && res.status === 404 && attempt > 1) return { status: 204, body: undefined, traceId };
          // A resend refused (a quota reached, say) may be refused because an earlier attempt did act: look once more.
          if (!idempotent && maybeActed) {
            const found = await recovered(maybeActed, attempt);
            if (found !== undefined) return { status: 201, body: found };
          }
          throw failure;
        }
        // Only these say that the service did not act. Any other 5xx may come after it did: a gateway that gave up
        // on a backend that finished (502, 504), a failure after the commit (500).
        ambiguous = !(res.status === 429 || res.status === 529 || res.status === 503);
        doubt = `The service answered ${method} ${path} with ${res.status}${failure.serverMessage ? ` (${failure.serverMessage})` : ''}`;
        waitMs = retryAfterMs(res.headers.get('retry-after'));
      } catch (err) {
        if (err instanceof ServiceError) throw err;
        if (o.signal?.aborted) throw this.cancelled(method, path, attempt);
        const timedOut = attemptSignal.aborted;
        const code = causeCode(err);
        failure = new NetworkError('network', timedOut
          ? `No answer from the service within ${this.timeoutMs} ms (${method} ${path}). Try again later, or raise the time limit (terminology.requestTimeoutMs).`
          : `Could not reach the service at ${new URL(this.baseUrl).host}${code ? ` (${code})` : ''}. Check the address and your connection.`,
        undefined, undefined, undefined, undefined, attempt);
        ambiguous = code !== 'ECONNREFUSED';
        refusedHere = code === 'ECONNREFUSED' && isLoopbackHost(new URL(url).hostname);
        doubt = timedOut ? `No answer to ${method} ${path} within ${this.timeoutMs} ms`
          : `The connection to ${new URL(this.baseUrl).host} was lost${code ? ` (${code})` : ''} after ${method} ${path} was sent`;
        this.log.info(`${method} ${path} failed after ${Date.now() - started} ms: ${failure.message}`);
      }
      if (!idempotent && ambiguous) {
        maybeActed ??= { failure, doubt };
        // Nothing to look the create up by: never sent again, and the error says it may have happened.
        if (!o.recover) throw this.unsure(failure, doubt, attempt, o.unsure);
        const found = await recovered({ failure, doubt }, attempt);
        if (found !== undefined) return { status: 201, body: found };
      }
      // Nothing listens at a loopback address that refused: one quick resend (a local service restarting), not five.
      const limit = refusedHere ? Math.min(max, REFUSED_LOOPBACK_ATTEMPTS) : max;
      if (attempt >= limit) {
        throw Object.assign(failure, { attempts: attempt });
      }
      const backoff = waitMs ?? backoffDelay(attempt, this.retry);
      const delay = refusedHere ? Math.min(backoff, REFUSED_LOOPBACK_DELAY_MS) : backoff;
      this.log.warn(`${method} ${path}: ${failure.message} Retry ${attempt + 1} of ${limit} in ${Math.round(delay)} ms.`);
      noticeRetry(o.signal, { attempt: attempt + 1, of: limit, inMs: delay });
      try {
        await sleep(delay, o.signal);
      } catch {
        throw this.cancelled(method, path, attempt);
      }
      // A slow service may still have been working on an attempt that timed out: look again just before
      // sending again, so that the create it finished meanwhile is adopted, not made a second time.
      if (!idempotent && maybeActed) {
        const found = await recovered(maybeActed, attempt);
        if (found !== undefined) return { status: 201, body: found };
      }
    }
  }

  /**
   * fetch, following a redirect only within the same origin (and only where the method and body stay as they
   * were): the key, and the entries, never go to another host or port, whatever the fetch in use does by itself.
   */
  private async fetchSameOrigin(url: string, init: RequestInit & { method: string }, path: string): Promise<globalThis.Response> {
    let current = new URL(url);
    for (let hop = 0; ; hop++) {
      const res = await this.fetchImpl(current.href, { ...init, redirect: 'manual' });
      const redirected = res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400 && res.status !== 304);
      if (!redirected) return res;
      await res.body?.cancel().catch(() => undefined);
      const location = res.headers.get('location');
      let next: URL | undefined;
      try { next = location ? new URL(location, current) : undefined; } catch { next = undefined; }
      const keepsMethod = res.status === 307 || res.status === 308 || init.method === 'GET' || init.method === 'HEAD';
      if (next && next.origin === current.origin && keepsMethod && hop < 5) {
        this.log.debug(`${init.method} ${path} -> ${res.status}, following it within ${current.origin}`);
        current = next;
        continue;
      }
      const where = next ? (next.origin === current.origin ? 'within the same address' : `to ${next.origin}`) : 'without a usable address';
      this.log.warn(`${init.method} ${path} -> ${res.status}: a redirect ${where}, not followed`);
      throw new ServiceError('http', `The service answered ${init.method} ${path} with a redirect (${res.status}) ${where}. ` +
        `It was not followed: requests, and the key, go only to ${current.origin}. Check terminology.baseUrl.`,
      res.status, undefined, undefined, res.headers.get('x-trace-id') ?? undefined);
    }
  }

  /**
   * A request to a pre-signed address (upload, download): no Authorization header, no key in any log line (the
   * address itself is secret, so only its host is logged), the same retries as every call (`init` is called
   * again for each attempt, so a streamed body starts over). Answers the response of a 2xx, unread.
   */
  protected async transfer(method: string, url: URL, signal: AbortSignal | undefined, init: () => { headers: Record<string, string>; body?: ReadableStream<Uint8Array> }): Promise<globalThis.Response> {
    const where = `${method} ${url.origin}/…`;
    const max = Math.max(1, this.retry.maxAttempts);
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw this.cancelled(method, url.origin, attempt - 1);
      const { headers, body } = init();
      let failure: ServiceError;
      let waitMs: number | undefined;
      try {
        const res = await this.fetchImpl(url.href, {
          method, headers: { 'User-Agent': this.userAgent, ...headers }, body, signal, redirect: 'error',
          ...(body ? { duplex: 'half' } : {}),
        } as RequestInit);
        if (res.ok) {
          this.log.debug(`${where} -> ${res.status}`);
          return res;
        }
        const { message, detail } = readErrorBody(await res.text());
        failure = errorForStatus(res.status, message, detail, res.headers.get('x-trace-id') ?? undefined, attempt);
        this.log.info(`${where} -> ${res.status}${message ? `: ${message}` : ''}`);
        if (!failure.transient) throw failure;
        waitMs = retryAfterMs(res.headers.get('retry-after'));
      } catch (err) {
        if (err instanceof ServiceError) throw err;
        if (signal?.aborted) throw this.cancelled(method, url.origin, attempt);
        const code = causeCode(err);
        failure = new NetworkError('network', `Could not reach ${url.host}${code ? ` (${code})` : ''} for the file transfer. Check your connection and try again.`, undefined, undefined, undefined, undefined, attempt);
        this.log.info(`${where} failed: ${failure.message}`);
      }
      if (attempt >= max) throw Object.assign(failure, { attempts: attempt });
      const delay = waitMs ?? backoffDelay(attempt, this.retry);
      this.log.warn(`${where}: ${failure.message} Retry ${attempt + 1} of ${max} in ${Math.round(delay)} ms.`);
      noticeRetry(signal, { attempt: attempt + 1, of: max, inMs: delay });
      try { await sleep(delay, signal); } catch { throw this.cancelled(method, url.origin, attempt); }
    }
  }

  /** The error of a create that may have been carried out and cannot be looked up (see RequestOptions.unsure). */
  private unsure(failure: ServiceError, cause: string, attempts: number, what = 'It was not sent again, so as not to make it twice. Refresh to see what the service holds, then try again if needed.'): ServiceError {
    const Kind = failure.constructor as new (...a: ConstructorParameters<typeof ServiceError>) => ServiceError;
    const e = new Kind(failure.kind, `${cause}, so it may have been carried out. ${what}`, failure.status, failure.serverMessage, failure.detail, failure.traceId, attempts);
    e.outcomeUnknown = true;
    return e;
  }

  protected cancelled(method: string, path: string, attempts: number): CancelledError {
    return new CancelledError('cancelled', `Cancelled: ${method} ${path}`, undefined, undefined, undefined, undefined, attempts);
  }
}

/** A pull-based stream over an async iterable: the next chunk is read only when fetch asks for it (backpressure),
 * so a large file is never held in memory whole. */
export function streamOf(iterable: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const it = iterable[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await it.next();
      if (done) controller.close(); else controller.enqueue(value);
    },
    async cancel() { await it.return?.(); },
  }, { highWaterMark: 0 });
}

/** A pre-signed address must be https, or http on a loopback host only when the service itself is reached so. */
export function checkTransferUrl(raw: string, baseUrl: string): URL {
  let u: URL;
  try { u = new URL(raw); } catch { throw new MalformedResponseError('malformed-response', 'The service gave a transfer address that is not a valid URL'); }
  const local = new URL(baseUrl).protocol === 'http:' && LOOPBACK.test(u.hostname);
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && local)) {
    throw new MalformedResponseError('malformed-response', `The service gave a transfer address on ${u.protocol}//${u.host}, which is not https; nothing was sent there`);
  }
  return u;
}

/** Error bodies: {message, detail}, {message, code}, empty, or not JSON at all. */
function readErrorBody(text: string): { message?: string; detail?: string } {
  if (!text.trim()) return {};
  try {
    const o = JSON.parse(text) as Record<string, unknown>;
    if (o && typeof o === 'object') {
      const message = typeof o.message === 'string' ? o.message : undefined;
      const detail = typeof o.detail === 'string' ? o.detail : typeof o.code === 'string' || typeof o.code === 'number' ? `code ${o.code}` : undefined;
      return { message, detail };
    }
  } catch { /* not JSON */ }
  return { message: text.slice(0, 200) };
}

function causeCode(err: unknown): string | undefined {
  const cause = (err as { cause?: { code?: string } })?.cause;
  return cause?.code ?? (err as { code?: string })?.code;
}
