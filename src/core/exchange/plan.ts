/** From concepts (or entries with their pair) to the dictionaries an import would send: the preferred term of
 * each language, deprecated and forbidden terms left out, duplicates and entries the rules refuse skipped, and every
 * choice listed. Pure: no vscode. */
import { lintEntries } from '../entries';
import { GLOSSARY_LANGUAGES, lintLanguagePair, normalizeLanguage, rootCode } from '../languages';
import { serializeEntries } from '../serialize';
import { LIMITS } from '../findings';
import { isTrimmableSpace, MAX_SAFE_UNITS_FOR_PHRASE, SUSPICIOUS_CHAR, utf8Length } from '../text';
import type { Choice, Concept, ImportPlan, PlannedEntry, PlannedPair, Skip, Term } from './model';
import { ConceptStore, EXCLUDED, STATUSES, TERM_STRIDE } from './store';

export interface PlanOptions {
  /** Glossary-capable languages of the service (GET /v3/languages?resource=glossary), when known. */
  languages?: Iterable<string>;
}

const q = (s: string) => `"${s}"`;
const where = (c: Concept) => `concept ${c.id ? `${c.id} ` : ''}(line ${c.line})`;

interface Pick { chosen?: Term; excluded: Term[]; empty: Term[]; tooLong: Term[] }

/** The term a language of a concept gets: a preferred one, else the first admitted (or unmarked) one. */
function pickTerm(c: Concept, root: string, terms: Term[], choices: Choice[]): Pick {
  // The common case: one usable term, written in the root code, without spaces around it.
  if (terms.length === 1) {
    const t = terms[0];
    if ((t.status === 'unspecified' || t.status === 'admitted' || t.status === 'preferred') && t.text !== '' && (t.lang === root || t.lang.toLowerCase() === root) &&
      t.text.charCodeAt(0) > 32 && t.text.charCodeAt(t.text.length - 1) > 32 && t.text.trim() === t.text) return { chosen: t, excluded: [], empty: [], tooLong: [] };
  }
  const excluded = terms.filter((t) => t.status === 'deprecated' || t.status === 'forbidden');
  const usable = terms.filter((t) => !excluded.includes(t));
  const tooLong = usable.filter((t) => t.tooLong);
  const empty = usable.filter((t) => !t.tooLong && t.text.trim() === '');
  const candidates = usable.filter((t) => t.text.trim() !== '');
  const chosen = candidates.find((t) => t.status === 'preferred') ?? candidates.find((t) => t.status === 'admitted') ?? candidates[0];
  const lang = root.toUpperCase();
  if (chosen && candidates.length > 1) {
    const why = chosen.status === 'preferred' ? 'preferred' : chosen.status === 'admitted' ? 'the first admitted term' : 'the first term';
    const others = candidates.filter((t) => t !== chosen).map((t) => `${q(t.text.trim())}${t.status !== 'unspecified' ? ` (${t.status})` : ''}`);
    const twoPreferred = chosen.status === 'preferred' && candidates.filter((t) => t.status === 'preferred').length > 1 ? '; several are marked preferred, the first was taken' : '';
    choices.push({ line: chosen.line, message: `${where(c)}, ${lang}: took ${q(chosen.text.trim())} (${why}) over ${others.join(', ')}${twoPreferred}.` });
  }
  for (const t of excluded) {
    if (chosen) choices.push({ line: t.line, message: `${where(c)}, ${lang}: ${q(t.text.trim())} is ${t.status} (${t.rawStatus ?? t.status}): not imported.` });
  }
  for (const t of tooLong) {
    if (chosen) choices.push({ line: t.line, message: `${where(c)}, ${lang}: a term longer than the service's phrase limit (${LIMITS.phraseBytes} bytes) was left out.` });
  }
  if (chosen && chosen.text !== chosen.text.trim()) {
    choices.push({ line: chosen.line, message: `${where(c)}, ${lang}: spaces around ${q(chosen.text.trim())} were removed.` });
  }
  if (chosen) {
    const variants = new Set(terms.map((t) => t.lang.toLowerCase()).filter((l) => l !== root));
    if (variants.size) choices.push({ line: chosen.line, message: `${where(c)}: ${[...variants].map((v) => v.toUpperCase()).join(', ')} taken as ${lang} (${foldedWhy(variants)}).` });
  }
  return chosen ? { chosen, excluded, empty, tooLong } : { excluded, empty, tooLong };
}

/** Why codes were taken as another: a region or script dropped, or the service's own code for the language. */
function foldedWhy(codes: Iterable<string>): string {
  const kinds = new Set([...codes].map((c) => normalizeLanguage(c).folded));
  return kinds.has('alias') && !kinds.has('subtags') ? 'the service\'s code for the language'
    : kinds.has('alias') ? 'glossaries use root language codes, and the service\'s code for the language' : 'glossaries use root language codes';
}

/** The source phrases of a plan, numbered (one lookup per phrase for every pair, not one per pair). */
class Sources {
  readonly ids = new Map<string, number>();
  id(source: string): number {
    let id = this.ids.get(source);
    if (id === undefined) { id = this.ids.size; this.ids.set(source, id); }
    return id;
  }
}

class PairBuilder {
  readonly candidates: PlannedEntry[] = [];
  /** Per candidate: its source phrase's number, and whether both phrases already passed the rules at a glance (typed
   * arrays grown by doubling: 5 bytes a candidate, where arrays of numbers and booleans take 16). */
  sourceIds = new Int32Array(64);
  plain = new Uint8Array(64);
  readonly skipped: Skip[] = [];
  constructor(readonly sourceLang: string, readonly targetLang: string, private readonly sources: Sources) {}
  add(entry: PlannedEntry, plain: boolean, sourceId = this.sources.id(entry.source)): void {
    const n = this.candidates.length;
    if (n === this.plain.length) {
      const ids = new Int32Array(n * 2);
      ids.set(this.sourceIds);
      this.sourceIds = ids;
      const flags = new Uint8Array(n * 2);
      flags.set(this.plain);
      this.plain = flags;
    }
    this.candidates.push(entry);
    this.sourceIds[n] = sourceId;
    this.plain[n] = plain ? 1 : 0;
  }
}

/** Builds the plan for concepts with `sourceLang` as the source: every other language becomes a dictionary.
 * Concepts read from a TBX (a ConceptStore) are planned from its columns: a concept whose every language has one
 * term to take, written in the root code with no space around it, is planned without making its objects; the
 * others go the general way, with the same result. */
export function planConcepts(
  concepts: Iterable<Concept> | ConceptStore, sourceLang: string, meta: { format: string; title?: string; notes?: string[]; choices?: Choice[] }, options: PlanOptions = {},
): ImportPlan {
  const source = rootCode(sourceLang);
  const sources = new Sources();
  const pairs = new Map<string, PairBuilder>();
  const pair = (t: string) => {
    let p = pairs.get(t);
    if (!p) { p = new PairBuilder(source, t, sources); pairs.set(t, p); }
    return p;
  };
  const choices: Choice[] = [...(meta.choices ?? [])];
  let unpaired = 0;
  const roots = new Map<string, string>();
  // Codes that name no language (`---`), as written: the lines of their terms, which are left out.
  const notCodes = new Map<string, number[]>();
  const planOne = (c: Concept) => {
    const byLang = new Map<string, Term[]>();
    let unnamed = 0;
    for (const t of c.terms) {
      let r = roots.get(t.lang);
      if (r === undefined) {
        const n = normalizeLanguage(t.lang);
        r = n.invalid ? '\u0000' : n.code;
        roots.set(t.lang, r);
      }
      if (r === '\u0000') {
        const code = t.lang.trim();
        const lines = notCodes.get(code);
        if (lines) lines.push(t.line); else notCodes.set(code, [t.line]);
        continue;
      }
      if (!r) { unnamed++; continue; }
      const list = byLang.get(r);
      if (list) list.push(t); else byLang.set(r, [t]);
    }
    if (unnamed) choices.push({ line: c.line, message: `${where(c)}: ${unnamed} term(s) without a language were ignored.` });
    const targets = [...byLang.keys()].filter((l) => l !== source);
    if (!targets.length) { unpaired++; return; }
    const src = byLang.has(source) ? pickTerm(c, source, byLang.get(source)!, choices) : undefined;
    for (const t of targets) {
      const p = pair(t);
      const tgt = pickTerm(c, t, byLang.get(t)!, choices);
      if (c.skip) {
        p.skipped.push({ reason: c.skip.reason, line: c.line, message: c.skip.message, source: src?.chosen?.text.trim(), target: tgt.chosen?.text.trim() });
        continue;
      }
      if (!src) {
        p.skipped.push({ reason: 'missing-source', line: c.line, target: tgt.chosen?.text.trim(), message: `${where(c)} has no ${source.toUpperCase()} term.` });
        continue;
      }
      const s = src.chosen;
      const g = tgt.chosen;
      if (!s || !g) {
        const side = !s ? src : tgt;
        const lang = (!s ? source : t).toUpperCase();
        if (side.excluded.length) {
          p.skipped.push({ reason: 'forbidden', line: side.excluded[0].line, source: s?.text.trim() ?? side.excluded[0].text.trim(), target: g?.text.trim(),
            message: `${where(c)}: every ${lang} term is deprecated or forbidden (${side.excluded.map((x) => q(x.text.trim())).join(', ')}).` });
        } else if (side.tooLong.length) {
          p.skipped.push({ reason: 'too-long', line: side.tooLong[0].line, source: s?.text.trim(), target: g?.text.trim(),
            message: `${where(c)}: the ${lang} term at line ${side.tooLong[0].line} is longer than the service's phrase limit (${LIMITS.phraseBytes} UTF-8 bytes); it was not read further.` });
        } else {
          p.skipped.push({ reason: 'empty', line: side.empty[0]?.line ?? c.line, source: s?.text.trim(), target: g?.text.trim(), message: `${where(c)}: the ${lang} term is empty.` });
        }
        continue;
      }
      p.add({ source: s.text.trim(), target: g.text.trim(), line: s.line }, false);
    }
  };
  if (concepts instanceof ConceptStore) planStore(concepts, source, sources, pair, choices, planOne, () => { unpaired++; });
  else for (const c of concepts) planOne(c);
  for (const [code, lines] of notCodes) {
    choices.push({ line: lines[0], message: `${q(code)} is not a language code: its ${lines.length} term(s) were left out ` +
      `(line${lines.length > 1 ? 's' : ''} ${lines.slice(0, 5).join(', ')}${lines.length > 5 ? '…' : ''}).` });
  }
  if (unpaired) choices.push({ message: `${unpaired} concept(s) hold only one language (nothing to pair) and were left out.` });
  const out: ImportPlan = { format: meta.format, sourceLang: source, pairs: [...pairs.values()].map((p) => finishPair(p, options, sources)), choices, notes: meta.notes ?? [] };
  if (meta.title) out.title = meta.title;
  return out;
}

/** A term's text in its pool passes the rules at a glance and needs no trimming: not empty, not too long, no control
 * character or Unicode line break (`marks`: where the pool has one, ascending), no space at either end. */
function plainRange(pool: string, start: number, end: number, marks: number[] | undefined): boolean {
  if (end <= start || end - start > MAX_SAFE_UNITS_FOR_PHRASE) return false;
  const a = pool.charCodeAt(start);
  const b = pool.charCodeAt(end - 1);
  if (a <= 32 || b <= 32 || isTrimmableSpace(a) || isTrimmableSpace(b)) return false;
  if (marks) {
    let lo = 0;
    let hi = marks.length;
    while (lo < hi) { const m = (lo + hi) >> 1; if (marks[m] < start) lo = m + 1; else hi = m; }
    if (lo < marks.length && marks[lo] < end) return false;
  }
  return true;
}

const SUSPICIOUS_ALL = new RegExp(SUSPICIOUS_CHAR.source, 'g');

/** The columns' fast path of planConcepts (see there); `general` plans a concept the general way. */
function planStore(store: ConceptStore, source: string, sources: Sources, pair: (t: string) => PairBuilder, choices: Choice[],
  general: (c: Concept) => void, unpaired: () => void): void {
  // Per pool: where it holds a character the rules look at closer (mostly nowhere: one search per pool).
  const marks: Array<number[] | undefined> = store.pools.map((pool) => {
    SUSPICIOUS_ALL.lastIndex = 0;
    let m = SUSPICIOUS_ALL.exec(pool);
    if (!m) return undefined;
    const at: number[] = [];
    for (; m; m = SUSPICIOUS_ALL.exec(pool)) at.push(m.index);
    return at;
  });
  // Per language id: its root's number (-1: none), whether the code is written as the root, the root's pair.
  const rootIndex = new Map<string, number>();
  const rootNames: string[] = [];
  const rootOf = store.langs.map((_, id) => {
    const root = store.langRoots[id];
    if (root === '') return -1;
    let r = rootIndex.get(root);
    if (r === undefined) { r = rootNames.length; rootIndex.set(root, r); rootNames.push(root); }
    return r;
  });
  const exact = store.langs.map((code, id) => code === store.langRoots[id]);
  const sourceRoot = rootIndex.get(source) ?? -2;
  const builders: Array<PairBuilder | undefined> = new Array(rootNames.length);
  const upper = rootNames.map((r) => r.toUpperCase());
  // Per root, for the concept at hand: the term taken (-1: none yet), the terms left out; the roots in order.
  const usable = new Int32Array(rootNames.length).fill(-1);
  const excluded = new Int32Array(rootNames.length);
  const order: number[] = [];
  const { terms, pools } = store;
  // The terms of root r left out of concept i, as pickTerm lists them (`where`: "concept c1 (line 3)", made once).
  let where = '';
  let whereOf = -1;
  const left = (i: number, r: number, first: number, end: number) => {
    if (whereOf !== i) {
      const id = store.conceptId(i);
      where = `concept ${id ? `${id} ` : ''}(line ${store.conceptLine(i)}), `;
      whereOf = i;
    }
    for (let t = first; t < end; t++) {
      const at = t * TERM_STRIDE;
      if (rootOf[terms[at + 3]] !== r || terms[at + 4] < EXCLUDED) continue;
      const status = STATUSES[terms[at + 4]];
      const raw = terms[at + 5] === -1 ? status : store.raws[terms[at + 5]];
      // Joined, not a template: one flat string to keep, not a tree of five the collector copies.
      choices.push({ line: terms[at + 6], message: [where, upper[r], ': "', store.termText(t).trim(), '" is ', status, ' (', raw, '): not imported.'].join('') });
    }
  };
  for (let i = 0, n = store.length; i < n; i++) {
    const first = store.firstTerm(i);
    const end = store.endTerm(i);
    let fast = true;
    order.length = 0;
    for (let t = first; t < end && fast; t++) {
      const at = t * TERM_STRIDE;
      const lang = terms[at + 3];
      const r = rootOf[lang];
      if (r === -1 || !exact[lang]) { fast = false; break; }
      if (usable[r] === -1 && excluded[r] === 0) order.push(r);
      if (terms[at + 4] >= EXCLUDED) { excluded[r]++; continue; }
      if (usable[r] !== -1) { fast = false; break; }
      usable[r] = t;
      const pool = terms[at];
      if (pool < 0 || !plainRange(pools[pool], terms[at + 1], terms[at + 2], marks[pool])) fast = false;
    }
    if (fast) {
      for (const r of order) if (usable[r] === -1) fast = false; // a language with only terms left out
      if (sourceRoot < 0 || usable[sourceRoot] === -1) fast = false; // no source term
    }
    if (fast && order.length > 1) {
      const s = usable[sourceRoot];
      const sourceText = store.termText(s);
      const sourceId = sources.id(sourceText);
      const line = store.termLine(s);
      if (excluded[sourceRoot]) left(i, sourceRoot, first, end);
      for (const r of order) {
        if (r === sourceRoot) continue;
        const p = builders[r] ??= pair(rootNames[r]);
        if (excluded[r]) left(i, r, first, end);
        p.add({ source: sourceText, target: store.termText(usable[r]), line }, true, sourceId);
      }
    } else if (fast) {
      unpaired(); // the source language alone
    } else {
      general(store.concept(i));
    }
    for (const r of order) { usable[r] = -1; excluded[r] = 0; }
  }
}

/** Builds the plan for entries that carry their own pair (the service's CSV with language columns). */
export function planEntries(
  rows: Iterable<{ source: string; target: string; sourceLang: string; targetLang: string; line: number; skip?: Concept['skip'] }>,
  meta: { format: string; notes?: string[]; choices?: Choice[] }, options: PlanOptions = {},
): ImportPlan {
  const pairs = new Map<string, PairBuilder>();
  const sources = new Sources();
  const choices: Choice[] = [...(meta.choices ?? [])];
  const variants = new Set<string>();
  const notCodes = new Map<string, number[]>(); // codes that name no language: the lines of their rows, left out
  for (const r of rows) {
    const sn = normalizeLanguage(r.sourceLang);
    const tn = normalizeLanguage(r.targetLang);
    if (sn.invalid || tn.invalid) {
      const code = (sn.invalid ? r.sourceLang : r.targetLang).trim();
      const lines = notCodes.get(code);
      if (lines) lines.push(r.line); else notCodes.set(code, [r.line]);
      continue;
    }
    const s = sn.code;
    const t = tn.code;
    if (sn.folded) variants.add(r.sourceLang.trim().toUpperCase());
    if (tn.folded) variants.add(r.targetLang.trim().toUpperCase());
    const key = `${s}\u0000${t}`;
    let p = pairs.get(key);
    if (!p) { p = new PairBuilder(s, t, sources); pairs.set(key, p); }
    if (r.skip) {
      p.skipped.push({ reason: r.skip.reason, line: r.line, source: r.source, target: r.target, message: r.skip.message });
      continue;
    }
    if (r.source.trim() === '' || r.target.trim() === '') {
      p.skipped.push({ reason: 'empty', line: r.line, source: r.source, target: r.target, message: `Line ${r.line}: the ${r.source.trim() === '' ? 'source' : 'target'} is empty.` });
      continue;
    }
    p.add({ source: r.source, target: r.target, line: r.line }, false);
  }
  for (const [code, lines] of notCodes) {
    choices.push({ line: lines[0], message: `${q(code)} is not a language code: its ${lines.length} row(s) were left out ` +
      `(line${lines.length > 1 ? 's' : ''} ${lines.slice(0, 5).join(', ')}${lines.length > 5 ? '…' : ''}).` });
  }
  if (variants.size) choices.push({ message: `${[...variants].join(', ')} taken as ${[...variants].map((v) => rootCode(v).toUpperCase()).join(', ')} (${foldedWhy(variants)}).` });
  return { format: meta.format, pairs: [...pairs.values()].map((p) => finishPair(p, options, sources)), choices, notes: meta.notes ?? [] };
}

const LINE_BREAK = /[\r\n\u2028\u2029\u0085]/;

/** A phrase the rules surely accept: not empty, no control or Unicode line break, no space at either end, short. */
function plainPhrase(s: string): boolean {
  return s.length > 0 && s.length <= MAX_SAFE_UNITS_FOR_PHRASE && !SUSPICIOUS_CHAR.test(s) && s.indexOf('\u0085') === -1 &&
    !isTrimmableSpace(s.charCodeAt(0)) && !isTrimmableSpace(s.charCodeAt(s.length - 1));
}

/** Skips empty and duplicate entries, checks the pair and every entry against the entry rules. */
function finishPair(p: PairBuilder, options: PlanOptions, sources: Sources): PlannedPair {
  const out: PlannedPair = { sourceLang: p.sourceLang, targetLang: p.targetLang, entries: [], skipped: p.skipped, findings: [] };
  // Without the service's list (not fetched yet, or offline), the built-in one: a code neither knows is reported here,
  // never sent as a new language.
  const pairProblems = lintLanguagePair(p.sourceLang, p.targetLang, { languages: options.languages ?? GLOSSARY_LANGUAGES });
  if (pairProblems.length) {
    const message = pairProblems.map((f) => f.message).join(' ');
    for (const e of p.candidates) out.skipped.push({ reason: 'unsupported-language', line: e.line, source: e.source, target: e.target, message });
    out.findings.push({ code: pairProblems[0].code, severity: 'error', message });
    return out;
  }
  const first = new Int32Array(sources.ids.size).fill(-1); // source number → its first candidate
  const kept: PlannedEntry[] = [];
  const { candidates, plain, sourceIds } = p;
  const known = new Uint8Array(candidates.length); // by kept entry: its candidate's `plain`
  for (let i = 0; i < candidates.length; i++) {
    const e = candidates[i];
    const id = sourceIds[i];
    const was = first[id] === -1 ? undefined : candidates[first[id]];
    if (was) {
      out.skipped.push({ reason: 'duplicate', line: e.line, source: e.source, target: e.target,
        message: was.target === e.target ? `${q(e.source)} → ${q(e.target)} repeats line ${was.line}.`
          : `${q(e.source)} is already mapped to ${q(was.target)} (line ${was.line}); ${q(e.target)} was left out.` });
      continue;
    }
    if (!plain[i] && (LINE_BREAK.test(e.source) || LINE_BREAK.test(e.target))) {
      out.skipped.push({ reason: 'invalid', line: e.line, source: e.source, target: e.target, message: `Line ${e.line}: a phrase holds a line break.` });
      out.findings.push({ code: 'control-character', severity: 'error', line: e.line, source: e.source, message: `A phrase holds a line break: ${JSON.stringify(e.source + ' → ' + e.target)}.` });
      first[id] = i;
      continue;
    }
    first[id] = i;
    known[kept.length] = plain[i];
    kept.push(e);
  }
  // Most phrases pass the rules at a glance; the others are linted (one entry per line: the rules' line numbers are
  // indexes into `slow`, which indexes `kept`).
  const slow: number[] = [];
  let units = 0;
  for (let i = 0; i < kept.length; i++) {
    const e = kept[i];
    units += e.source.length + e.target.length + 2;
    if (!known[i] && (!plainPhrase(e.source) || !plainPhrase(e.target))) slow.push(i);
  }
  const bad = new Set<number>();
  if (slow.length) {
    const text = serializeEntries(slow.map((i) => kept[i]), 'tsv');
    for (const f of lintEntries(text, { format: 'tsv' })) {
      const i = slow[f.line];
      const e = kept[i];
      if (!e) continue;
      out.findings.push({ code: f.code, severity: f.severity, message: f.message, line: e.line, source: e.source });
      if (f.severity === 'error') bad.add(i);
    }
  }
  if (units * 3 > LIMITS.dictionaryBytes) {
    const bytes = kept.reduce((n, e) => n + utf8Length(e.source) + utf8Length(e.target) + 2, 0);
    if (bytes > LIMITS.dictionaryBytes) {
      out.findings.push({ code: 'dictionary-too-large', severity: 'error',
        message: `The ${p.sourceLang.toUpperCase()} → ${p.targetLang.toUpperCase()} entries are ${(bytes / 1048576).toFixed(1)} MiB; a dictionary holds at most 10 MiB. The service will refuse it: split the file.` });
    }
  }
  if (!bad.size) out.entries = kept;
  else {
    kept.forEach((e, i) => {
      if (bad.has(i)) out.skipped.push({ reason: 'invalid', line: e.line, source: e.source, target: e.target, message: out.findings.find((f) => f.line === e.line && f.source === e.source)?.message ?? 'invalid' });
      else out.entries.push(e);
    });
  }
  return out;
}
