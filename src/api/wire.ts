/** Tolerant reading of the service's JSON (snake_case) into the client's types. */
import type { DictionaryInfo, Glossary, Language, SpokenTerms, StyleRuleList, TermListInfo, Usage } from './types';

type Json = Record<string, unknown>;
const s = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const n = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0) || 0);
const lower = (v: unknown) => s(v).toLowerCase();
const arr = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);

/** A list may come bare or wrapped as { key: [...] }. */
export function listOf(body: unknown, key: string): Json[] {
  if (Array.isArray(body)) return body as Json[];
  return arr((body as Json | undefined)?.[key]);
}

export function glossary(o: Json): Glossary {
  return {
    glossaryId: s(o.glossary_id), name: s(o.name), ...(o.ready !== undefined ? { ready: Boolean(o.ready) } : {}),
    creationTime: s(o.creation_time),
    dictionaries: arr(o.dictionaries).map((d): DictionaryInfo => ({ sourceLang: lower(d.source_lang), targetLang: lower(d.target_lang), entryCount: n(d.entry_count) })),
  };
}

export function dictionaryInfo(o: Json): DictionaryInfo {
  return { sourceLang: lower(o.source_lang), targetLang: lower(o.target_lang), entryCount: n(o.entry_count) };
}

/** The entries response, with or without the { dictionaries: [...] } wrapper. */
export function entriesText(body: unknown, sourceLang: string, targetLang: string): string {
  const o = body as Json;
  if (typeof o?.entries === 'string') return o.entries;
  const dicts = arr(o?.dictionaries);
  const match = dicts.find((d) => lower(d.source_lang) === sourceLang.toLowerCase() && lower(d.target_lang) === targetLang.toLowerCase()) ?? dicts[0];
  if (typeof match?.entries !== 'string') throw new TypeError('the entries response holds no entries');
  return match.entries;
}

export function spokenTerms(o: Json): SpokenTerms {
  return {
    spokenTermsId: s(o.spoken_terms_id), name: s(o.name), creationTime: s(o.creation_time),
    termLists: arr(o.term_lists).map((l): TermListInfo => ({ lang: lower(l.lang), entryCount: n(l.entry_count) })),
  };
}

export function termListInfo(o: Json): TermListInfo {
  return { lang: lower(o.lang), entryCount: n(o.entry_count) };
}

export function customInstruction(c: Json): import('./types').CustomInstruction {
  return { id: s(c.id), label: s(c.label), prompt: s(c.prompt), ...(c.source_language ? { sourceLanguage: lower(c.source_language) } : {}) };
}

export function styleRuleList(o: Json): StyleRuleList {
  const out: StyleRuleList = {
    styleId: s(o.style_id), name: s(o.name), creationTime: s(o.creation_time), updatedTime: s(o.updated_time),
    language: lower(o.language), version: n(o.version),
  };
  if (o.configured_rules && typeof o.configured_rules === 'object') out.configuredRules = o.configured_rules as Record<string, Record<string, string>>;
  if (Array.isArray(o.custom_instructions)) {
    out.customInstructions = arr(o.custom_instructions).map((c) => ({
      id: s(c.id), label: s(c.label), prompt: s(c.prompt), ...(c.source_language ? { sourceLanguage: lower(c.source_language) } : {}),
    }));
  }
  return out;
}

/** A style rule list as the service answers it (snake_case): what a read-only view of the list shows, in the same
 * shape as the document Edit as JSON opens. */
export function styleRuleListJson(l: StyleRuleList): Record<string, unknown> {
  return {
    style_id: l.styleId, name: l.name, language: l.language, version: l.version, creation_time: l.creationTime, updated_time: l.updatedTime,
    configured_rules: l.configuredRules ?? {},
    custom_instructions: (l.customInstructions ?? []).map((i) => ({ id: i.id, label: i.label, prompt: i.prompt, ...(i.sourceLanguage ? { source_language: i.sourceLanguage } : {}) })),
  };
}

export function language(o: Json): Language {
  const f = o.features;
  const features = Array.isArray(f) ? f.map(s) : f && typeof f === 'object' ? Object.keys(f) : [];
  return {
    lang: lower(o.lang ?? o.language), name: s(o.name), usableAsSource: o.usable_as_source !== false, usableAsTarget: o.usable_as_target !== false,
    ...(o.status ? { status: s(o.status) } : {}), features,
  };
}

export function usage(o: Json): Usage {
  const out: Usage = { characterCount: n(o.character_count), characterLimit: n(o.character_limit) };
  for (const [k, v] of Object.entries(o)) {
    if (typeof v === 'number' && k !== 'character_count' && k !== 'character_limit') out[k.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())] = v;
  }
  return out;
}

// ---- Translation memories ----

export function translationMemory(o: Json): import('./types').TranslationMemory {
  return {
    translationMemoryId: s(o.translation_memory_id), name: s(o.name), sourceLanguage: lower(o.source_language),
    targetLanguages: (Array.isArray(o.target_languages) ? o.target_languages : []).map(lower), segmentCount: n(o.segment_count),
    ...(o.creation_time ? { creationTime: s(o.creation_time) } : {}), ...(o.updated_time ? { updatedTime: s(o.updated_time) } : {}),
  };
}

export function sourceSegment(o: Json): import('./types').SourceSegment {
  return {
    sourceSegmentId: s(o.source_segment_id), sourceText: s(o.source_text), creationTime: s(o.creation_time), updatedTime: s(o.updated_time),
    ...(o.last_used_time ? { lastUsedTime: s(o.last_used_time) } : {}),
    targets: arr(o.targets).map((t) => ({
      targetSegmentId: s(t.target_segment_id), targetLanguage: lower(t.target_language), targetText: s(t.target_text),
      creationTime: s(t.creation_time), updatedTime: s(t.updated_time), ...(t.last_used_time ? { lastUsedTime: s(t.last_used_time) } : {}),
    })),
  };
}

/** A job record; `results` holds one item (the first is read when a service sends more). */
export function memoryJob(o: Json): import('./types').MemoryJob {
  const r = arr(o.results)[0] ?? {};
  const meta = (r.status_metadata ?? {}) as Json;
  const error = (r.error ?? {}) as Json;
  const file = o.source_file as Json | undefined;
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries((o.parameters ?? {}) as Json)) params[k] = s(v);
  return {
    jobId: s(o.job_id), operation: s(o.operation), creationTime: s(o.creation_time), updatedTime: s(o.updated_time),
    status: s(r.status) || 'processing',
    ...(meta.required_action ? { requiredAction: s(meta.required_action) } : {}),
    ...(r.download_url ? { downloadUrl: s(r.download_url) } : {}),
    ...(r.expires_at ? { expiresAt: s(r.expires_at) } : {}),
    ...(r.translation_memory_id ? { translationMemoryId: s(r.translation_memory_id) } : {}),
    ...(r.skipped_segment_count !== undefined ? { skippedSegmentCount: n(r.skipped_segment_count) } : {}),
    ...(error.message ? { errorMessage: s(error.message) } : {}),
    ...(file ? { sourceFile: { fileName: s(file.file_name), contentType: s(file.content_type), contentLength: n(file.content_length) } } : {}),
    parameters: params,
  };
}
