/** The one HTTP client for every feature. No `vscode` import: the extension, tests and scripts all use it. */
import { silentLogger, type Logger } from '../platform/logger';
import { CancelledError, errorForStatus, MalformedResponseError, NetworkError, ServiceError } from './errors';
import { backoffDelay, DEFAULT_RETRY, retryAfterMs, sleep, type RetryOptions } from './retry';
import type {
  DictionaryInfo, DictionaryInput, Glossary, Language, Plan, SpokenTerms, StyleRuleList, TermListInfo, TermListInput,
  TranslateRequest, Translation, Usage, VoiceSession, VoiceSessionRequest,
} from './types';
import * as wire from './wire';

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

interface RequestOptions {
  query?: Record<string, string | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Non-idempotent calls (creates) are retried only when the failure shows that the server did not act
   * (429, 529, 503, or a refused connection). After an ambiguous failure (timeout, reset, other 5xx), `recover`
   * looks for what the first attempt may have created, and again after the wait before each resend (a slow
   * service may finish the attempt the client gave up on); if it finds it, that is the result, and no second
   * resource is made. A success answer that is not JSON is looked for the same way.
   */
  idempotent?: boolean;
  recover?: () => Promise<unknown | undefined>;
}

interface Response { status: number; body: unknown; traceId?: string }

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

export class ServiceClient {
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

  // ---- Glossaries (v3) ----

  async createGlossary(name: string, dictionaries: DictionaryInput[], signal?: AbortSignal): Promise<Glossary> {
    const body = { name, dictionaries: dictionaries.map(dictionaryBody) };
    return wire.glossary(await this.createOnce('/v3/glossaries', 'glossaries', 'glossary_id', body, signal));
  }

  async listGlossaries(signal?: AbortSignal): Promise<Glossary[]> {
    return wire.listOf((await this.request('GET', '/v3/glossaries', { signal })).body, 'glossaries').map(wire.glossary);
  }

  async getGlossary(id: string, signal?: AbortSignal): Promise<Glossary> {
    return wire.glossary((await this.request('GET', `/v3/glossaries/${enc(id)}`, { signal })).body as Record<string, unknown>);
  }

  /** The dictionary's entries, as TSV text. */
  async getDictionaryEntries(id: string, sourceLang: string, targetLang: string, signal?: AbortSignal): Promise<string> {
    const res = await this.request('GET', `/v3/glossaries/${enc(id)}/entries`, { signal, query: { source_lang: sourceLang.toLowerCase(), target_lang: targetLang.toLowerCase() } });
    try {
      return wire.entriesText(res.body, sourceLang, targetLang);
    } catch (err) {
      throw new MalformedResponseError('malformed-response', `The entries response could not be read: ${(err as Error).message}`, res.status, undefined, undefined, res.traceId);
    }
  }

  /** PATCH: renames, and merges the entries given into that pair's dictionary (existing entries stay). */
  async updateGlossary(id: string, change: { name?: string; dictionary?: DictionaryInput }, signal?: AbortSignal): Promise<Glossary> {
    const body: Record<string, unknown> = {};
    if (change.name !== undefined) body.name = change.name;
    if (change.dictionary) body.dictionaries = [dictionaryBody(change.dictionary)];
    return wire.glossary((await this.request('PATCH', `/v3/glossaries/${enc(id)}`, { signal, body })).body as Record<string, unknown>);
  }

  /** PUT: creates the pair's dictionary, or replaces it whole. */
  async replaceDictionary(id: string, dictionary: DictionaryInput, signal?: AbortSignal): Promise<DictionaryInfo> {
    const res = await this.request('PUT', `/v3/glossaries/${enc(id)}/dictionaries`, { signal, body: dictionaryBody(dictionary) });
    const info = wire.dictionaryInfo((res.body ?? {}) as Record<string, unknown>);
    return { sourceLang: info.sourceLang || dictionary.sourceLang.toLowerCase(), targetLang: info.targetLang || dictionary.targetLang.toLowerCase(), entryCount: info.entryCount };
  }

  async deleteGlossary(id: string, signal?: AbortSignal): Promise<void> {
    await this.request('DELETE', `/v3/glossaries/${enc(id)}`, { signal });
  }

  async deleteDictionary(id: string, sourceLang: string, targetLang: string, signal?: AbortSignal): Promise<void> {
    await this.request('DELETE', `/v3/glossaries/${enc(id)}/dictionaries`, { signal, query: { source_lang: sourceLang.toLowerCase(), target_lang: targetLang.toLowerCase() } });
  }

  // ---- Spoken Terms ----

  async createSpokenTerms(name: string, termLists: TermListInput[], signal?: AbortSignal): Promise<SpokenTerms> {
    const body = { name, term_lists: termLists.map((l) => ({ lang: l.lang.toLowerCase(), entries: l.entries })) };
    return wire.spokenTerms(await this.createOnce('/v3/spoken-terms', 'spoken_terms', 'spoken_terms_id', body, signal));
  }

  async listSpokenTerms(signal?: AbortSignal): Promise<SpokenTerms[]> {
    return wire.listOf((await this.request('GET', '/v3/spoken-terms', { signal })).body, 'spoken_terms').map(wire.spokenTerms);
  }

  async getSpokenTerms(id: string, signal?: AbortSignal): Promise<SpokenTerms> {
    return wire.spokenTerms((await this.request('GET', `/v3/spoken-terms/${enc(id)}`, { signal })).body as Record<string, unknown>);
  }

  /** The terms of one language, separated by \n. */
  async getTermListEntries(id: string, lang: string, signal?: AbortSignal): Promise<string> {
    const res = await this.request('GET', `/v3/spoken-terms/${enc(id)}/entries`, { signal, query: { lang: lang.toLowerCase() } });
    const entries = (res.body as { entries?: unknown } | undefined)?.entries;
    if (typeof entries !== 'string') throw new MalformedResponseError('malformed-response', 'The term list response holds no entries', res.status, undefined, undefined, res.traceId);
    return entries;
  }

  /** PATCH: renames, and merges the lists given. */
  async updateSpokenTerms(id: string, change: { name?: string; termLists?: TermListInput[] }, signal?: AbortSignal): Promise<SpokenTerms> {
    const body: Record<string, unknown> = {};
    if (change.name !== undefined) body.name = change.name;
    if (change.termLists) body.term_lists = change.termLists.map((l) => ({ lang: l.lang.toLowerCase(), entries: l.entries }));
    return wire.spokenTerms((await this.request('PATCH', `/v3/spoken-terms/${enc(id)}`, { signal, body })).body as Record<string, unknown>);
  }

  /** PUT: replaces the list of that language, or creates it. */
  async replaceTermList(id: string, list: TermListInput, signal?: AbortSignal): Promise<TermListInfo> {
    const res = await this.request('PUT', `/v3/spoken-terms/${enc(id)}/term-lists`, { signal, body: { lang: list.lang.toLowerCase(), entries: list.entries } });
    return wire.termListInfo((res.body ?? { lang: list.lang }) as Record<string, unknown>);
  }

  async deleteSpokenTerms(id: string, signal?: AbortSignal): Promise<void> {
    await this.request('DELETE', `/v3/spoken-terms/${enc(id)}`, { signal });
  }

  async deleteTermList(id: string, lang: string, signal?: AbortSignal): Promise<void> {
    await this.request('DELETE', `/v3/spoken-terms/${enc(id)}/term-lists`, { signal, query: { lang: lang.toLowerCase() } });
  }

  // ---- Style rules ----

  /** Every style rule list, following the pages. */
  async listStyleRules(options: { detailed?: boolean } = {}, signal?: AbortSignal): Promise<StyleRuleList[]> {
    const pageSize = 25;
    const all: StyleRuleList[] = [];
    for (let page = 0; page < 1000; page++) {
      const res = await this.request('GET', '/v3/style_rules', { signal, query: { page: String(page), page_size: String(pageSize), detailed: String(Boolean(options.detailed)) } });
      const items = wire.listOf(res.body, 'style_rules').map(wire.styleRuleList);
      all.push(...items);
      if (items.length < pageSize) break;
    }
    return all;
  }

  async getStyleRules(id: string, signal?: AbortSignal): Promise<StyleRuleList> {
    return wire.styleRuleList((await this.request('GET', `/v3/style_rules/${enc(id)}`, { signal })).body as Record<string, unknown>);
  }

  // ---- Other ----

  async getLanguages(resource: string, signal?: AbortSignal): Promise<Language[]> {
    return wire.listOf((await this.request('GET', '/v3/languages', { signal, query: { resource } })).body, 'languages').map(wire.language);
  }

  async getUsage(signal?: AbortSignal): Promise<Usage> {
    return wire.usage(((await this.request('GET', '/v2/usage', { signal })).body ?? {}) as Record<string, unknown>);
  }

  async translate(req: TranslateRequest, signal?: AbortSignal): Promise<Translation[]> {
    const body: Record<string, unknown> = { text: req.text, target_lang: req.targetLang };
    if (req.sourceLang) body.source_lang = req.sourceLang;
    if (req.glossaryId) body.glossary_id = req.glossaryId;
    const res = await this.request('POST', '/v2/translate', { signal, body });
    return wire.listOf(res.body, 'translations').map((t) => ({ detectedSourceLanguage: String(t.detected_source_language ?? '').toLowerCase(), text: String(t.text ?? '') }));
  }

  async requestVoiceSession(req: VoiceSessionRequest, signal?: AbortSignal): Promise<VoiceSession> {
    const body: Record<string, unknown> = {
      source_media_content_type: req.sourceMediaContentType, source_language: req.sourceLanguage, target_languages: req.targetLanguages,
    };
    if (req.spokenTermsId) body.spoken_terms_id = req.spokenTermsId;
    if (req.glossaryId) body.glossary_id = req.glossaryId;
    const o = (await this.request('POST', '/v3/voice/realtime', { signal, body })).body as Record<string, unknown>;
    return { streamingUrl: String(o.streaming_url ?? ''), token: String(o.token ?? ''), sessionId: String(o.session_id ?? '') };
  }

  /**
   * POSTs a create without ever creating twice: notes the ids that exist first, and after an ambiguous failure
   * adopts a new resource of the same name instead of sending again (see RequestOptions.recover).
   */
  private async createOnce(path: string, listKey: string, idKey: string, body: { name: string }, signal?: AbortSignal): Promise<Record<string, unknown>> {
    const list = async () => wire.listOf((await this.request('GET', path, { signal })).body, listKey);
    const before = new Set((await list()).map((x) => x[idKey]));
    const res = await this.request('POST', path, {
      signal, idempotent: false, body,
      recover: async () => (await list()).find((x) => !before.has(x[idKey]) && x.name === body.name),
    });
    return res.body as Record<string, unknown>;
  }

  // ---- Transport: one place for headers, timeouts, retries and error mapping ----

  private redact(text: string): string {
    return text.split(this.key).join('***');
  }

  private async request(method: string, path: string, o: RequestOptions = {}): Promise<Response> {
    const query = Object.entries(o.query ?? {}).filter(([, v]) => v !== undefined) as Array<[string, string]>;
    const url = `${this.baseUrl}${path}${query.length ? `?${new URLSearchParams(query)}` : ''}`;
    const headers: Record<string, string> = { Authorization: this.auth, 'User-Agent': this.userAgent, Accept: 'application/json' };
    const size = o.body === undefined ? 0 : entriesSize(o.body);
    const payload = o.body === undefined ? undefined
      : this.largeJson && size >= LARGE_BODY ? await this.largeJson.encode(o.body, size) : JSON.stringify(o.body);
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    const idempotent = o.idempotent ?? true;
    const max = Math.max(1, this.retry.maxAttempts);
    for (let attempt = 1; ; attempt++) {
      if (o.signal?.aborted) throw this.cancelled(method, path, attempt - 1);
      const started = Date.now();
      const attemptSignal = o.signal ? AbortSignal.any([o.signal, AbortSignal.timeout(this.timeoutMs)]) : AbortSignal.timeout(this.timeoutMs);
      let failure: ServiceError;
      let ambiguous: boolean;
      let waitMs: number | undefined;
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
              throw new MalformedResponseError('malformed-response', method === 'GET'
                ? `The service answered ${method} ${path} with a body that is not JSON. Try again; if it persists, check the service address (terminology.baseUrl).`
                : `The service answered ${method} ${path} with a body that is not JSON, so whether the change was made is not known. Refresh to see what the service holds, then try again if needed.`,
              res.status, undefined, undefined, traceId, attempt);
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
          throw failure;
        }
        ambiguous = !(res.status === 429 || res.status === 529 || res.status === 503);
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
        this.log.info(`${method} ${path} failed after ${Date.now() - started} ms: ${failure.message}`);
      }
      const recovered = async () => {
        const found = o.recover ? await o.recover() : undefined;
        if (found !== undefined) this.log.warn(`${method} ${path}: the attempt failed, but it had created the resource; using it`);
        return found;
      };
      if (!idempotent && ambiguous) {
        const found = await recovered();
        if (found !== undefined) return { status: 201, body: found };
      }
      if (attempt >= max) {
        throw Object.assign(failure, { attempts: attempt });
      }
      const delay = waitMs ?? backoffDelay(attempt, this.retry);
      this.log.warn(`${method} ${path}: ${failure.message} Retry ${attempt + 1} of ${max} in ${Math.round(delay)} ms.`);
      try {
        await sleep(delay, o.signal);
      } catch {
        throw this.cancelled(method, path, attempt);
      }
      // A slow service may still have been working on the attempt that timed out: look again just before
      // sending again, so that the create it finished meanwhile is adopted, not made a second time.
      if (!idempotent && ambiguous) {
        const found = await recovered();
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

  private cancelled(method: string, path: string, attempts: number): CancelledError {
    return new CancelledError('cancelled', `Cancelled: ${method} ${path}`, undefined, undefined, undefined, undefined, attempts);
  }
}

function dictionaryBody(d: DictionaryInput) {
  return { source_lang: d.sourceLang.toLowerCase(), target_lang: d.targetLang.toLowerCase(), entries: d.entries, entries_format: d.entriesFormat };
}

function enc(id: string): string {
  return encodeURIComponent(id);
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
