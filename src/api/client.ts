/** The one HTTP client for every feature: the service's resources, over the transport (transport.ts). No `vscode`
 * import: the extension, tests and scripts all use it. */
import { MalformedResponseError } from './errors';
import { sleep } from './retry';
import type {
  CustomInstruction, CustomInstructionInput, DictionaryInfo, DictionaryInput, ExportTicket, Glossary, ImportRequest, ImportTicket,
  Language, MemoryJob, SegmentPage, SegmentQuery, SpokenTerms, StyleRuleList, StyleRuleListInput, TermListInfo, TermListInput,
  TranslateRequest, Translation, TranslationMemory, TranslationMemoryPage, Usage, VoiceSession, VoiceSessionRequest,
} from './types';
import * as wire from './wire';
import { checkTransferUrl, streamOf, Transport } from './transport';

export { checkBaseUrl, DEFAULT_AUTH_SCHEME, DEFAULT_BASE_URL, DEFAULT_FREE_BASE_URL, LARGE_BODY, type ServiceClientOptions } from './transport';

export class ServiceClient extends Transport {
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

  /** PUT: creates the pair's dictionary, or replaces it whole. `encoded`: the body's JSON as UTF-8, made ahead (on a
   * worker) from `dictionaryBody(dictionary)`: sent as it is. */
  async replaceDictionary(id: string, dictionary: DictionaryInput, signal?: AbortSignal, encoded?: Uint8Array): Promise<DictionaryInfo> {
    const res = await this.request('PUT', `/v3/glossaries/${enc(id)}/dictionaries`, { signal, body: dictionaryBody(dictionary), encoded });
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

  /** PUT: replaces the list of that language, or creates it. `encoded`: as for replaceDictionary, from
   * `termListBody(list)`. */
  async replaceTermList(id: string, list: TermListInput, signal?: AbortSignal, encoded?: Uint8Array): Promise<TermListInfo> {
    const res = await this.request('PUT', `/v3/spoken-terms/${enc(id)}/term-lists`, { signal, body: termListBody(list), encoded });
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
}

function instructionBody(c: CustomInstructionInput) {
  return { label: c.label, prompt: c.prompt, ...(c.sourceLanguage ? { source_language: c.sourceLanguage.toLowerCase() } : {}) };
}

/** The request body of a dictionary (creating or replacing it). */
export function dictionaryBody(d: DictionaryInput) {
  return { source_lang: d.sourceLang.toLowerCase(), target_lang: d.targetLang.toLowerCase(), entries: d.entries, entries_format: d.entriesFormat };
}

/** The request body replacing a term list. */
export function termListBody(l: TermListInput) {
  return { lang: l.lang.toLowerCase(), entries: l.entries };
}

function enc(id: string): string {
  return encodeURIComponent(id);
}
