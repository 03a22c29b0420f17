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
