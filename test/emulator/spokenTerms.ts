/** Spoken Terms endpoints (beta). */
import { HttpError, str } from './http';
import { VOICE_LANGUAGES } from './data';
import { EntryError, validateTerms, PHRASE_BYTES, TERM_LIST_CHARS } from './validate';
import { newId, now, spokenTermsJson, type Account, type SpokenTerms, type TermList } from './state';
import type { Route } from './router';

function termListInput(x: unknown): TermList {
  if (typeof x !== 'object' || x === null) throw new HttpError(400, 'Bad request', 'A term list must be an object');
  const o = x as Record<string, unknown>;
  const lang = str(o, 'lang')!.toLowerCase();
  if (!VOICE_LANGUAGES.some((l) => l.lang === lang && l.spokenTerms)) {
    throw new HttpError(400, 'Bad request', `Language "${lang}" does not support Spoken Terms`);
  }
  try {
    return { lang, terms: validateTerms(str(o, 'entries')!) };
  } catch (err) {
    if (err instanceof EntryError) throw new HttpError(err.status, err.message, err.detail);
    throw err;
  }
}

function termLists(body: Record<string, unknown>, required: boolean): TermList[] {
  const v = body.term_lists;
  if (v === undefined && !required) return [];
  if (!Array.isArray(v)) throw new HttpError(400, 'Bad request', 'term_lists must be an array');
  const lists = v.map(termListInput);
  if (new Set(lists.map((l) => l.lang)).size !== lists.length) throw new HttpError(400, 'Bad request', 'A collection holds at most one term list per language');
  return lists;
}

function checkName(name: string): void {
  if (name.trim() === '') throw new HttpError(400, 'Bad request', 'The name must not be empty');
  if (Buffer.byteLength(name) > PHRASE_BYTES) throw new HttpError(400, 'Bad request', `The name is longer than ${PHRASE_BYTES} UTF-8 bytes`);
}

function find(acc: Account, id: string): SpokenTerms {
  const c = acc.spokenTerms.find((x) => x.spoken_terms_id === id);
  if (!c) throw new HttpError(404, 'Not found', `Spoken Terms collection ${id} not found`);
  return c;
}

function merge(c: SpokenTerms, lists: TermList[]): void {
  const next = c.term_lists.map((l) => ({ lang: l.lang, terms: [...l.terms] }));
  for (const l of lists) {
    const existing = next.find((x) => x.lang === l.lang);
    if (!existing) next.push(l);
    else for (const t of l.terms) if (!existing.terms.includes(t)) existing.terms.push(t);
  }
  for (const l of next) {
    const chars = l.terms.reduce((n, t) => n + [...t].length, 0);
    if (chars > TERM_LIST_CHARS) {
      throw new HttpError(400, 'Invalid spoken terms provided', `After merging, the ${l.lang} term list would have ${chars} characters; at most ${TERM_LIST_CHARS} are allowed`);
    }
  }
  c.term_lists = next;
}

export const spokenTermsRoutes: Route[] = [
  ['POST', /^\/v3\/spoken-terms$/, ({ acc, body }) => {
    const name = str(body, 'name')!;
    checkName(name);
    const c: SpokenTerms = { spoken_terms_id: newId(), name, creation_time: now(), term_lists: termLists(body, false) };
    acc.spokenTerms.push(c);
    return { status: 201, body: spokenTermsJson(c), mutated: true };
  }],
  ['GET', /^\/v3\/spoken-terms$/, ({ acc }) => ({ status: 200, body: { spoken_terms: acc.spokenTerms.map(spokenTermsJson) } })],
  ['GET', /^\/v3\/spoken-terms\/([^/]+)$/, ({ acc, params }) => ({ status: 200, body: spokenTermsJson(find(acc, params[0])) })],
  ['GET', /^\/v3\/spoken-terms\/([^/]+)\/entries$/, ({ acc, params, query }) => {
    const c = find(acc, params[0]);
    const lang = query.get('lang')?.toLowerCase();
    if (!lang) throw new HttpError(400, 'Bad request', 'The lang parameter is required');
    const l = c.term_lists.find((x) => x.lang === lang);
    if (!l) throw new HttpError(404, 'Not found', `No ${lang.toUpperCase()} term list in collection ${c.spoken_terms_id}`);
    return { status: 200, body: { lang, entries: l.terms.join('\n') } };
  }],
  ['PATCH', /^\/v3\/spoken-terms\/([^/]+)$/, ({ acc, params, body }) => {
    const c = find(acc, params[0]);
    const name = str(body, 'name', false);
    if (name !== undefined) checkName(name);
    merge(c, termLists(body, false));
    if (name !== undefined) c.name = name;
    return { status: 200, body: spokenTermsJson(c), mutated: true };
  }],
  ['PUT', /^\/v3\/spoken-terms\/([^/]+)\/term-lists$/, ({ acc, params, body }) => {
    const c = find(acc, params[0]);
    const l = termListInput(body);
    const i = c.term_lists.findIndex((x) => x.lang === l.lang);
    if (i === -1) c.term_lists.push(l); else c.term_lists[i] = l;
    return { status: 200, body: { lang: l.lang, entry_count: l.terms.length }, mutated: true };
  }],
  ['DELETE', /^\/v3\/spoken-terms\/([^/]+)$/, ({ acc, params }) => {
    const c = find(acc, params[0]);
    acc.spokenTerms.splice(acc.spokenTerms.indexOf(c), 1);
    return { status: 204, mutated: true };
  }],
  ['DELETE', /^\/v3\/spoken-terms\/([^/]+)\/term-lists$/, ({ acc, params, query }) => {
    const c = find(acc, params[0]);
    const lang = query.get('lang')?.toLowerCase();
    const i = c.term_lists.findIndex((x) => x.lang === lang);
    if (!lang || i === -1) throw new HttpError(404, 'Not found', `No ${lang?.toUpperCase() ?? ''} term list in collection ${c.spoken_terms_id}`);
    c.term_lists.splice(i, 1);
    return { status: 204, mutated: true };
  }],
];
