/** v3 glossary endpoints. */
import { HttpError, str } from './http';
import { GLOSSARY_LANGUAGES } from './data';
import { EntryError, validateEntries, toTsv, PHRASE_BYTES } from './validate';
import { glossaryJson, newId, now, type Account, type Dictionary, type Glossary } from './state';
import type { Route } from './router';

function checkName(name: string): void {
  if (name.trim() === '') throw new HttpError(400, 'Bad request', 'The glossary name must not be empty');
  if (Buffer.byteLength(name) > PHRASE_BYTES) throw new HttpError(400, 'Bad request', `The glossary name is longer than ${PHRASE_BYTES} UTF-8 bytes`);
}

/** Language codes must be root codes of glossary languages: no variants, no Thai. */
export function checkPair(source: string, target: string): [string, string] {
  for (const [side, code] of [['source', source], ['target', target]] as const) {
    if (code.includes('-')) {
      throw new HttpError(400, 'Bad request', `Glossaries must be created with root language codes: use "${code.split('-')[0].toUpperCase()}" instead of "${code.toUpperCase()}" as ${side}_lang`);
    }
    if (!GLOSSARY_LANGUAGES.includes(code.toLowerCase())) {
      throw new HttpError(400, 'Bad request', `Unsupported ${side}_lang "${code}" for glossaries`);
    }
  }
  if (source.toLowerCase() === target.toLowerCase()) throw new HttpError(400, 'Bad request', 'source_lang and target_lang must differ');
  return [source.toLowerCase(), target.toLowerCase()];
}

function dictionaryInput(d: unknown): Dictionary {
  if (typeof d !== 'object' || d === null) throw new HttpError(400, 'Bad request', 'A dictionary must be an object');
  const o = d as Record<string, unknown>;
  const [source, target] = checkPair(str(o, 'source_lang')!, str(o, 'target_lang')!);
  const entries = str(o, 'entries')!;
  const format = str(o, 'entries_format', false) ?? 'tsv';
  try {
    return { source_lang: source, target_lang: target, entries: validateEntries(entries, format, source, target) };
  } catch (err) {
    if (err instanceof EntryError) throw new HttpError(err.status, err.message, err.detail);
    throw err;
  }
}

function find(acc: Account, id: string): Glossary {
  const g = acc.glossaries.find((x) => x.glossary_id === id);
  if (!g) throw new HttpError(404, 'Not found', `Glossary ${id} not found`);
  return g;
}

function pairQuery(q: URLSearchParams): [string, string] {
  const s = q.get('source_lang');
  const t = q.get('target_lang');
  if (!s || !t) throw new HttpError(400, 'Bad request', 'Both source_lang and target_lang are required');
  return [s.toLowerCase(), t.toLowerCase()];
}

function findDictionary(g: Glossary, s: string, t: string): Dictionary {
  const d = g.dictionaries.find((x) => x.source_lang === s && x.target_lang === t);
  if (!d) throw new HttpError(404, 'Not found', `No dictionary for ${s.toUpperCase()}->${t.toUpperCase()} in glossary ${g.glossary_id}`);
  return d;
}

export const glossaryRoutes: Route[] = [
  ['POST', /^\/v3\/glossaries$/, ({ acc, body }) => {
    const name = str(body, 'name')!;
    checkName(name);
    const dicts = body.dictionaries;
    if (!Array.isArray(dicts) || dicts.length === 0) throw new HttpError(400, 'Bad request', 'dictionaries must hold at least one dictionary');
    const parsed = dicts.map(dictionaryInput);
    const pairs = new Set<string>();
    for (const d of parsed) {
      const k = `${d.source_lang}-${d.target_lang}`;
      if (pairs.has(k)) throw new HttpError(400, 'Bad request', `The language pair ${d.source_lang.toUpperCase()}->${d.target_lang.toUpperCase()} appears twice; a glossary holds one dictionary per pair`);
      pairs.add(k);
    }
    if (acc.glossaries.length >= acc.glossaryLimit) {
      throw new HttpError(456, 'Quota exceeded', `Your plan allows ${acc.glossaryLimit} glossar${acc.glossaryLimit === 1 ? 'y' : 'ies'}; delete one or upgrade the plan`);
    }
    const g: Glossary = { glossary_id: newId(), name, creation_time: now(), dictionaries: parsed };
    acc.glossaries.push(g);
    return { status: 201, body: glossaryJson(g), mutated: true };
  }],
  ['GET', /^\/v3\/glossaries$/, ({ acc }) => ({ status: 200, body: { glossaries: acc.glossaries.map((g) => glossaryJson(g)) } })],
  ['GET', /^\/v3\/glossaries\/([^/]+)$/, ({ acc, params }) => ({ status: 200, body: glossaryJson(find(acc, params[0]), true) })],
  ['GET', /^\/v3\/glossaries\/([^/]+)\/entries$/, ({ acc, params, query, emulator }) => {
    const g = find(acc, params[0]);
    const [s, t] = pairQuery(query);
    const d = findDictionary(g, s, t);
    const dict = { source_lang: s, target_lang: t, entries: toTsv(d.entries), entries_format: 'tsv' };
    return { status: 200, body: emulator.config.bareEntries ? dict : { dictionaries: [dict] } };
  }],
  ['PATCH', /^\/v3\/glossaries\/([^/]+)$/, ({ acc, params, body }) => {
    const g = find(acc, params[0]);
    const name = str(body, 'name', false);
    if (name !== undefined) checkName(name);
    const dicts = body.dictionaries;
    if (dicts !== undefined && (!Array.isArray(dicts) || dicts.length > 1)) throw new HttpError(400, 'Bad request', 'dictionaries holds at most one dictionary');
    const input = Array.isArray(dicts) && dicts.length ? dictionaryInput(dicts[0]) : undefined;
    if (input) {
      const existing = g.dictionaries.find((x) => x.source_lang === input.source_lang && x.target_lang === input.target_lang);
      if (!existing) g.dictionaries.push(input);
      else {
        // Merge: entries given replace the targets of the same source; other existing entries stay.
        const index = new Map(existing.entries.map(([s], i) => [s, i]));
        for (const [s, t] of input.entries) {
          const i = index.get(s);
          if (i === undefined) { index.set(s, existing.entries.length); existing.entries.push([s, t]); } else existing.entries[i] = [s, t];
        }
      }
    }
    if (name !== undefined) g.name = name;
    return { status: 200, body: glossaryJson(g), mutated: true };
  }],
  ['PUT', /^\/v3\/glossaries\/([^/]+)\/dictionaries$/, ({ acc, params, body }) => {
    const g = find(acc, params[0]);
    const input = dictionaryInput(body);
    const i = g.dictionaries.findIndex((x) => x.source_lang === input.source_lang && x.target_lang === input.target_lang);
    if (i === -1) g.dictionaries.push(input); else g.dictionaries[i] = input;
    return { status: 200, body: { source_lang: input.source_lang, target_lang: input.target_lang, entry_count: input.entries.length }, mutated: true };
  }],
  ['DELETE', /^\/v3\/glossaries\/([^/]+)$/, ({ acc, params }) => {
    const g = find(acc, params[0]);
    acc.glossaries.splice(acc.glossaries.indexOf(g), 1);
    return { status: 204, mutated: true };
  }],
  ['DELETE', /^\/v3\/glossaries\/([^/]+)\/dictionaries$/, ({ acc, params, query }) => {
    const g = find(acc, params[0]);
    const [s, t] = pairQuery(query);
    const d = findDictionary(g, s, t);
    g.dictionaries.splice(g.dictionaries.indexOf(d), 1);
    return { status: 204, mutated: true };
  }],
];
