/** The one HTTP client for every feature. No `vscode` import: the extension, tests and scripts all use it. */
import { silentLogger, type Logger } from '../base/logger';
import { CancelledError, errorForStatus, MalformedResponseError, NetworkError, ServiceError } from './errors';
import { backoffDelay, DEFAULT_RETRY, isLoopbackHost, noticeRetry, REFUSED_LOOPBACK_ATTEMPTS, REFUSED_LOOPBACK_DELAY_MS, retryAfterMs, sleep, type RetryOptions } from './retry';
import type {
  CustomInstruction, CustomInstructionInput, DictionaryInfo, DictionaryInput, ExportTicket, Glossary, ImportRequest, ImportTicket,
  Language, MemoryJob, Plan, SegmentPage, SegmentQuery, SpokenTerms, StyleRuleList, StyleRuleListInput, TermListInfo, TermListInput,
  TranslateRequest, Translation, TranslationMemory, TranslationMemoryPage, Usage, VoiceSession, VoiceSessionRequest,
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
}

interface Response { status: number; body: unknown; traceId?: string; bytes?: Uint8Array }

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

  /** The entries of one pair, for joining on a worker thread: a large answer as its JSON bytes, unparsed (read them
   * with `entriesText` of ./wire), a small one as the entries text. */
  async getDictionaryEntriesRaw(id: string, sourceLang: string, targetLang: string, signal?: AbortSignal): Promise<{ bytes: Uint8Array } | { text: string }> {
    const res = await this.request('GET', `/v3/glossaries/${enc(id)}/entries`, { signal, raw: true, query: { source_lang: sourceLang.toLowerCase(), target_lang: targetLang.toLowerCase() } });
    if (res.bytes) return { bytes: res.bytes };
    try {
      return { text: wire.entriesText(res.body, sourceLang, targetLang) };
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

  /** POST: a new list (Pro plans). Never creates twice (see createOnce), looking for a new list of the same name. */
  async createStyleRules(input: StyleRuleListInput, signal?: AbortSignal): Promise<StyleRuleList> {
    const body: Record<string, unknown> = { name: input.name, language: input.language.toLowerCase() };
    if (input.configuredRules) body.configured_rules = input.configuredRules;
    if (input.customInstructions) body.custom_instructions = input.customInstructions.map(instructionBody);
    const before = new Set((await this.listStyleRules({}, signal)).map((x) => x.styleId));
    const res = await this.request('POST', '/v3/style_rules', {
      signal, idempotent: false, body,
      recover: async () => {
        const found = (await this.listStyleRules({}, signal)).find((x) => !before.has(x.styleId) && x.name === input.name);
        return found ? { style_id: found.styleId } : undefined;
      },
    });
    const made = res.body as Record<string, unknown>;
    // A list adopted after an ambiguous failure is read back whole.
    return made.name === undefined ? this.getStyleRules(String(made.style_id), signal) : wire.styleRuleList(made);
  }

  /** PATCH: renames the list; its version grows. */
  async renameStyleRules(id: string, name: string, signal?: AbortSignal): Promise<StyleRuleList> {
    return wire.styleRuleList((await this.request('PATCH', `/v3/style_rules/${enc(id)}`, { signal, body: { name } })).body as Record<string, unknown>);
  }

  /** PUT: replaces configured_rules whole (the body is the object itself); answers the list with its new version. */
  async replaceConfiguredRules(id: string, rules: Record<string, Record<string, string>>, signal?: AbortSignal): Promise<StyleRuleList> {
    return wire.styleRuleList((await this.request('PUT', `/v3/style_rules/${enc(id)}/configured_rules`, { signal, body: rules })).body as Record<string, unknown>);
  }

  async deleteStyleRules(id: string, signal?: AbortSignal): Promise<void> {
    await this.request('DELETE', `/v3/style_rules/${enc(id)}`, { signal });
  }

  /**
   * POST: one custom instruction. Never creates twice: notes the list's instructions first (one GET of the list), and
   * after an ambiguous failure adopts a new instruction with the same label, prompt and source language instead of
   * sending again (see RequestOptions.recover).
   */
  async createCustomInstruction(styleId: string, input: CustomInstructionInput, signal?: AbortSignal): Promise<CustomInstruction> {
    const body = instructionBody(input);
    const instructions = async () => (await this.getStyleRules(styleId, signal)).customInstructions ?? [];
    const before = new Set((await instructions()).map((c) => c.id));
    const res = await this.request('POST', `/v3/style_rules/${enc(styleId)}/custom_instructions`, {
      signal, idempotent: false, body,
      recover: async () => {
        const found = (await instructions()).find((c) => !before.has(c.id) && c.label === body.label && c.prompt === body.prompt
          && (c.sourceLanguage ?? '') === (body.source_language ?? ''));
        return found && { id: found.id, label: found.label, prompt: found.prompt, ...(found.sourceLanguage ? { source_language: found.sourceLanguage } : {}) };
      },
    });
    return wire.customInstruction(res.body as Record<string, unknown>);
  }

  async getCustomInstruction(styleId: string, id: string, signal?: AbortSignal): Promise<CustomInstruction> {
    return wire.customInstruction((await this.request('GET', `/v3/style_rules/${enc(styleId)}/custom_instructions/${enc(id)}`, { signal })).body as Record<string, unknown>);
  }

  async updateCustomInstruction(styleId: string, id: string, input: CustomInstructionInput, signal?: AbortSignal): Promise<CustomInstruction> {
    const res = await this.request('PUT', `/v3/style_rules/${enc(styleId)}/custom_instructions/${enc(id)}`, { signal, body: instructionBody(input) });
    return wire.customInstruction(res.body as Record<string, unknown>);
  }

  async deleteCustomInstruction(styleId: string, id: string, signal?: AbortSignal): Promise<void> {
    await this.request('DELETE', `/v3/style_rules/${enc(styleId)}/custom_instructions/${enc(id)}`, { signal });
  }

  // ---- Translation memories ----

  /** One page of the memories (page_size 1..25) and the total count. */
  async listTranslationMemories(page = 0, pageSize = 25, signal?: AbortSignal): Promise<TranslationMemoryPage> {
    const res = await this.request('GET', '/v3/translation_memories', { signal, query: { page: String(page), page_size: String(pageSize) } });
    const memories = wire.listOf(res.body, 'translation_memories').map(wire.translationMemory);
    const total = (res.body as { total_count?: unknown } | undefined)?.total_count;
    return { memories, totalCount: typeof total === 'number' ? total : memories.length };
  }

  /** Every memory, following the pages until the total is reached or a page comes back short. */
  async listAllTranslationMemories(signal?: AbortSignal): Promise<TranslationMemory[]> {
    const all: TranslationMemory[] = [];
    for (let page = 0; page < 1000; page++) {
      const { memories, totalCount } = await this.listTranslationMemories(page, 25, signal);
      all.push(...memories);
      if (memories.length < 25 || all.length >= totalCount) break;
    }
    return all;
  }

  /** One memory with its times. Another account's memory is a NotFoundError, as an unknown one. */
  async getTranslationMemory(id: string, signal?: AbortSignal): Promise<TranslationMemory> {
    return wire.translationMemory((await this.request('GET', `/v3/translation_memories/${enc(id)}`, { signal })).body as Record<string, unknown>);
  }

  /** One page of segments; pass the previous page's nextPageCursor (with the same filter) for the next. */
  async listSegments(id: string, q: SegmentQuery = {}, signal?: AbortSignal): Promise<SegmentPage> {
    const filter = q.filterText ?? '';
    if (filter && [...filter].length < 2) throw new TypeError('A segment filter needs at least 2 characters');
    const res = await this.request('GET', `/v3/translation_memories/${enc(id)}/segments`, {
      signal,
      query: {
        page_size: String(q.pageSize ?? 50), page_cursor: q.cursor || undefined,
        filter_text: filter || undefined, filter_case_sensitive: filter ? String(Boolean(q.caseSensitive)) : undefined,
      },
    });
    const body = (res.body ?? {}) as Record<string, unknown>;
    const next = typeof body.next_page_cursor === 'string' && body.next_page_cursor ? body.next_page_cursor : undefined;
    return {
      segments: wire.listOf(body, 'segments').map(wire.sourceSegment),
      segmentCount: typeof body.segment_count === 'number' ? body.segment_count : 0,
      ...(next ? { nextPageCursor: next } : {}),
    };
  }

  /**
   * Starts an import job; the TMX then goes to `uploadUrl` with uploadTmx. Jobs cannot be listed, so a job whose answer
   * was lost cannot be found: sent again only after failures that show the service did not act (429, 529, 503, a
   * refused connection); after any other the error says the job may exist (an unused one expires by itself).
   */
  async startImport(req: ImportRequest, signal?: AbortSignal): Promise<ImportTicket> {
    const body = {
      source_file: { file_name: req.fileName, content_type: req.contentType ?? 'application/xml', content_length: req.contentLength },
      parameters: { display_name: req.displayName },
    };
    const o = (await this.request('POST', '/v3/translation_memories/import', {
      signal, idempotent: false, body,
      unsure: 'It was not sent again: jobs cannot be listed, so a second request could only start a second import job. '
        + 'No memory is made before its file is uploaded, and a job left waiting for one expires by itself. Try again to import the file.',
    })).body as Record<string, unknown>;
    const ticket = { jobId: String(o?.job_id ?? ''), uploadUrl: String(o?.upload_url ?? ''), expiresAt: String(o?.expires_at ?? '') };
    if (!ticket.jobId || !ticket.uploadUrl) throw new MalformedResponseError('malformed-response', 'The import answer holds no job id or upload address', 200);
    return ticket;
  }

  /**
   * PUTs the TMX to the pre-signed upload address, streamed (`open` gives the bytes, and is called again for a
   * retry), with its Content-Length and WITHOUT the Authorization header: the key never goes to that address.
   */
  async uploadTmx(uploadUrl: string, open: () => AsyncIterable<Uint8Array>, contentLength: number, o: { contentType?: string; signal?: AbortSignal; onProgress?: (sent: number) => void } = {}): Promise<void> {
    const target = checkTransferUrl(uploadUrl, this.baseUrl);
    await this.transfer('PUT', target, o.signal, () => {
      let sent = 0;
      const counted = async function* () {
        for await (const chunk of open()) {
          sent += chunk.byteLength;
          o.onProgress?.(sent);
          yield chunk;
        }
      };
      return {
        headers: { 'Content-Type': o.contentType ?? 'application/xml', 'Content-Length': String(contentLength) },
        body: streamOf(counted()),
      };
    });
  }

  /**
   * Starts an export job (`reused` when the service hands back a recent completed export: status 200). Like an import,
   * sent again only after failures that show the service did not act; after any other the error says so.
   */
  async startExport(id: string, signal?: AbortSignal): Promise<ExportTicket> {
    const res = await this.request('POST', `/v3/translation_memories/${enc(id)}/export`, {
      signal, idempotent: false,
      unsure: 'It was not sent again: jobs cannot be listed, so a second request could start a second export job. '
        + 'Try again in a moment: the service hands back a recent export of an unchanged memory instead of making another.',
    });
    const o = (res.body ?? {}) as Record<string, unknown>;
    const params = (o.parameters ?? {}) as Record<string, unknown>;
    if (!o.job_id) throw new MalformedResponseError('malformed-response', 'The export answer holds no job id', res.status, undefined, undefined, res.traceId);
    return { jobId: String(o.job_id), translationMemoryId: String(params.translation_memory_id ?? id), reused: res.status === 200 };
  }

  async getJob(jobId: string, signal?: AbortSignal): Promise<MemoryJob> {
    return wire.memoryJob((await this.request('GET', `/v3/translation_memories/jobs/${enc(jobId)}`, { signal })).body as Record<string, unknown>);
  }

  /**
   * Polls a job until it is completed, failed or expired (or downloaded), calling `onUpdate` with each record.
   * The wait grows from `intervalMs` (1 s) by 1.5 up to `maxIntervalMs` (5 s). Aborting stops the polling only.
   */
  async waitForJob(jobId: string, o: { signal?: AbortSignal; intervalMs?: number; maxIntervalMs?: number; onUpdate?: (job: MemoryJob) => void } = {}): Promise<MemoryJob> {
    let wait = o.intervalMs ?? 1000;
    for (;;) {
      const job = await this.getJob(jobId, o.signal);
      o.onUpdate?.(job);
      if (['completed', 'failed', 'expired', 'downloaded'].includes(job.status)) return job;
      try { await sleep(wait, o.signal); } catch { throw this.cancelled('GET', `/v3/translation_memories/jobs/${jobId}`, 1); }
      wait = Math.min(o.maxIntervalMs ?? 5000, wait * 1.5);
    }
  }

  /** GETs an export's download address (pre-signed: no Authorization header) and yields its bytes as they come. */
  async downloadExport(downloadUrl: string, signal?: AbortSignal): Promise<{ contentLength?: number; chunks: AsyncIterable<Uint8Array> }> {
    const res = await this.transfer('GET', checkTransferUrl(downloadUrl, this.baseUrl), signal, () => ({ headers: {} }));
    const length = Number(res.headers.get('content-length'));
    const body = res.body;
    if (!body) throw new MalformedResponseError('malformed-response', 'The download answer holds no body', res.status);
    return { ...(Number.isFinite(length) && length > 0 ? { contentLength: length } : {}), chunks: body as unknown as AsyncIterable<Uint8Array> };
  }

  /** DELETE: later translations naming the memory fail. */
  async deleteTranslationMemory(id: string, signal?: AbortSignal): Promise<void> {
    await this.request('DELETE', `/v3/translation_memories/${enc(id)}`, { signal });
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
    if (req.glossaryIds?.length) body.glossary_ids = req.glossaryIds;
    if (req.styleId) body.style_id = req.styleId;
    if (req.translationMemoryId) body.translation_memory_id = req.translationMemoryId;
    if (req.translationMemoryId && req.translationMemoryThreshold !== undefined) body.translation_memory_threshold = req.translationMemoryThreshold;
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
  private async transfer(method: string, url: URL, signal: AbortSignal | undefined, init: () => { headers: Record<string, string>; body?: ReadableStream<Uint8Array> }): Promise<globalThis.Response> {
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

  private cancelled(method: string, path: string, attempts: number): CancelledError {
    return new CancelledError('cancelled', `Cancelled: ${method} ${path}`, undefined, undefined, undefined, undefined, attempts);
  }
}

function instructionBody(c: CustomInstructionInput) {
  return { label: c.label, prompt: c.prompt, ...(c.sourceLanguage ? { source_language: c.sourceLanguage.toLowerCase() } : {}) };
}

/** A pull-based stream over an async iterable: the next chunk is read only when fetch asks for it (backpressure),
 * so a large file is never held in memory whole. */
function streamOf(iterable: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
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
function checkTransferUrl(raw: string, baseUrl: string): URL {
  let u: URL;
  try { u = new URL(raw); } catch { throw new MalformedResponseError('malformed-response', 'The service gave a transfer address that is not a valid URL'); }
  const local = new URL(baseUrl).protocol === 'http:' && LOOPBACK.test(u.hostname);
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && local)) {
    throw new MalformedResponseError('malformed-response', `The service gave a transfer address on ${u.protocol}//${u.host}, which is not https; nothing was sent there`);
  }
  return u;
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
