/** Style rules, languages, translation, usage and voice sessions. */
import { randomBytes } from 'node:crypto';
import { HttpError, str } from './http';
import { languageList } from './data';
import { newId } from './state';
import { bestMatch, memoryFor } from './memories';
import { checkId } from './styleRules';
import type { Route } from './router';

/** Applies a glossary visibly and deterministically: each source phrase (longest first) becomes ⟦target⟧. */
export function fakeTranslate(text: string, targetLang: string, entries: Array<[string, string]>): string {
  const sorted = [...entries].sort((a, b) => b[0].length - a[0].length);
  let out = '';
  for (let i = 0; i < text.length;) {
    const hit = sorted.find(([s]) => text.startsWith(s, i));
    if (hit) { out += `⟦${hit[1]}⟧`; i += hit[0].length; } else { out += text[i]; i++; }
  }
  return `[${targetLang.toUpperCase()}] ${out}`;
}

export const miscRoutes: Route[] = [
  ['GET', /^\/v3\/style_rules$/, ({ query, emulator }) => {
    const page = Number(query.get('page') ?? 0);
    const size = Number(query.get('page_size') ?? 10);
    if (!Number.isInteger(page) || page < 0) throw new HttpError(400, 'Bad request', 'page must be a non-negative integer');
    if (!Number.isInteger(size) || size < 1 || size > 25) throw new HttpError(400, 'Bad request', 'page_size must be between 1 and 25');
    const detailed = query.get('detailed') === 'true';
    const items = emulator.styleRules.slice(page * size, page * size + size).map((s) => {
      if (detailed) return s;
      // eslint-disable-next-line @typescript-eslint/no-unused-vars
      const { configured_rules, custom_instructions, ...summary } = s;
      return summary;
    });
    return { status: 200, body: { style_rules: items } };
  }],
  ['GET', /^\/v3\/style_rules\/([^/]+)$/, ({ params, emulator }) => {
    checkId(params[0], 'style_id');
    const s = emulator.styleRules.find((x) => x.style_id === params[0]);
    if (!s) throw new HttpError(404, 'Not found', `Style rule list ${params[0]} not found`);
    return { status: 200, body: s };
  }],
  ['GET', /^\/v3\/languages$/, ({ query }) => {
    const resource = query.get('resource');
    if (!resource) throw new HttpError(400, 'Bad request', 'The resource parameter is required');
    return { status: 200, body: languageList(resource) };
  }],
  ['GET', /^\/v2\/usage$/, ({ acc }) => ({ status: 200, body: { character_count: acc.characterCount, character_limit: acc.characterLimit } })],
  ['POST', /^\/v2\/translate$/, ({ acc, body, emulator }) => {
    const text = body.text;
    if (!Array.isArray(text) || text.some((t) => typeof t !== 'string')) throw new HttpError(400, 'Bad request', 'text must be an array of strings');
    const target = str(body, 'target_lang')!;
    const source = str(body, 'source_lang', false);
    const glossaryId = str(body, 'glossary_id', false);
    const glossaryIds = body.glossary_ids;
    const tm = str(body, 'translation_memory_id', false);
    const styleId = str(body, 'style_id', false);
    if (glossaryIds !== undefined) {
      if (glossaryId !== undefined) throw new HttpError(400, 'Bad request', 'glossary_ids cannot be used together with glossary_id');
      if (!Array.isArray(glossaryIds) || glossaryIds.some((g) => typeof g !== 'string') || glossaryIds.length > 5) throw new HttpError(400, 'Bad request', 'glossary_ids must be an array of up to 5 glossary ids');
    }
    const ids = glossaryId !== undefined ? [glossaryId] : (glossaryIds as string[] | undefined) ?? [];
    let entries: Array<[string, string]> = [];
    for (const id of ids) {
      if (!source) throw new HttpError(400, 'Bad request', 'source_lang is required when glossary_id is used');
      const g = acc.glossaries.find((x) => x.glossary_id === id);
      if (!g) throw new HttpError(404, 'Not found', `Glossary ${id} not found`);
      const root = target.split('-')[0].toLowerCase();
      const d = g.dictionaries.find((x) => x.source_lang === source.toLowerCase() && x.target_lang === root);
      if (!d) throw new HttpError(400, 'Bad request', `No dictionary found for language pair ${source.toLowerCase()}-${target} in glossary`);
      entries = [...entries, ...d.entries.filter(([s]) => !entries.some(([e]) => e === s))];
    }
    const thresholdRaw = body.translation_memory_threshold;
    if (thresholdRaw !== undefined && (!Number.isInteger(thresholdRaw) || (thresholdRaw as number) < 0 || (thresholdRaw as number) > 100)) {
      throw new HttpError(400, 'Bad request', 'translation_memory_threshold must be an integer from 0 to 100');
    }
    const memory = tm !== undefined ? memoryFor(acc, tm, source, target) : undefined;
    const style = styleId !== undefined ? emulator.styleRules.find((s) => s.style_id === styleId) : undefined;
    if (styleId !== undefined && !style) throw new HttpError(404, 'Not found', `Style rule list ${styleId} not found`);
    const chars = (text as string[]).reduce((n, t) => n + [...t].length, 0);
    if (acc.characterCount + chars > acc.characterLimit) throw new HttpError(456, 'Quota exceeded', 'The character limit of your plan has been reached');
    acc.characterCount += chars;
    const translateOne = (t: string) => {
      const hit = memory ? bestMatch(memory, t, target, (thresholdRaw as number | undefined) ?? 75) : undefined;
      let out = hit ? `[${target.toUpperCase()}] ⟪TM ${hit.score}%: ${hit.text}⟫` : fakeTranslate(t, target, entries);
      if (style) {
        const rules = Object.entries(style.configured_rules ?? {}).flatMap(([g, r]) => Object.entries(r ?? {}).map(([k, v]) => `${g}.${k}=${v}`));
        out += ` «style ${style.name} v${style.version}: ${rules.length ? rules.join(', ') : 'no rules'}${style.custom_instructions?.length ? `; ${style.custom_instructions.length} instructions` : ''}»`;
      }
      return out;
    };
    return {
      status: 200, mutated: true,
      body: { translations: (text as string[]).map((t) => ({ detected_source_language: (source ?? 'en').toUpperCase(), text: translateOne(t) })) },
    };
  }],
  ['POST', /^\/v3\/voice\/realtime$/, ({ acc, body, emulator }) => {
    str(body, 'source_media_content_type');
    str(body, 'source_language');
    const spokenTermsId = str(body, 'spoken_terms_id', false);
    const glossaryId = str(body, 'glossary_id', false);
    if (spokenTermsId !== undefined && !acc.spokenTerms.some((c) => c.spoken_terms_id === spokenTermsId)) {
      throw new HttpError(404, 'Not found', `Spoken Terms collection ${spokenTermsId} not found`);
    }
    if (glossaryId !== undefined && !acc.glossaries.some((g) => g.glossary_id === glossaryId)) {
      throw new HttpError(404, 'Not found', `Glossary ${glossaryId} not found`);
    }
    const token = randomBytes(16).toString('hex');
    return {
      status: 200,
      body: { streaming_url: `ws://127.0.0.1:${emulator.port}/v3/voice/realtime/connect`, token, session_id: newId() },
    };
  }],
];
