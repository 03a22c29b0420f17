/** From concepts (or entries with their pair) to the dictionaries an import would send: the preferred term of
 * each language, deprecated and forbidden terms left out, duplicates and entries the rules refuse skipped, and every
 * choice listed. Pure: no vscode. */
import { lintEntries } from '../entries';
import { GLOSSARY_LANGUAGES, lintLanguagePair, normalizeLanguage, rootCode } from '../languages';
import { serializeEntries } from '../serialize';
import { LIMITS } from '../findings';
import { isTrimmableSpace, MAX_SAFE_UNITS_FOR_PHRASE, SUSPICIOUS_CHAR, utf8Length } from '../text';
import type { Choice, Concept, ExcludedTerm, ImportPlan, PlannedEntry, PlannedPair, Skip, Term } from './model';
import { growTo, RangeSources, Sources, utf8RangeLength, type SourceIds } from './planSources';
import { ConceptStore, EXCLUDED, lazyArray, STATUSES, TERM_STRIDE, type SheetCells } from './store';

export interface PlanOptions {
  /** Glossary-capable languages of the service (GET /v3/languages?resource=glossary), when known. */
  languages?: Iterable<string>;
}

const cmpStr = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
export const q = (s: string) => `"${s}"`;
/** What a message names: a term base's concept, or a spreadsheet's row by its line. */
const where = (c: Concept) => (c.row ? `Line ${c.line}` : `concept ${c.id ? `${c.id} ` : ''}(line ${c.line})`);

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
export function foldedWhy(codes: Iterable<string>): string {
  const kinds = new Set([...codes].map((c) => normalizeLanguage(c).folded));
  return kinds.has('alias') && !kinds.has('subtags') ? 'the service\'s code for the language'
    : kinds.has('alias') ? 'glossaries use root language codes, and the service\'s code for the language' : 'glossaries use root language codes';
}

/** The candidates of one pair. Each is an object (`PlannedEntry`), or, in a sheet's plan, a row of the sheet whose
 * source and target cells passed the rules at a glance (no object, no string until one is asked for). */
export class PairBuilder {
  /** The candidates made as objects: all of them, or in a sheet's plan those the general path made. */
  readonly candidates: PlannedEntry[] = [];
  count = 0;
  /** Per candidate: its source phrase's number, and whether both phrases already passed the rules at a glance (typed
   * arrays grown by doubling: 5 bytes a candidate, where arrays of numbers and booleans take 16). */
  sourceIds: Int32Array<ArrayBuffer>;
  plain: Uint8Array<ArrayBuffer>;
  /** In a sheet's plan, per candidate: its row, or below 0 `candidates[-ref - 1]`; and the target's column. */
  private rows: Int32Array<ArrayBuffer> | undefined;
  column = -1;
  readonly skipped: Skip[] = [];
  constructor(readonly sourceLang: string, readonly targetLang: string, private readonly sources: SourceIds, capacity = 64) {
    this.sourceIds = new Int32Array(capacity);
    this.plain = new Uint8Array(capacity);
    if (sources instanceof RangeSources) this.rows = new Int32Array(capacity);
  }

  /** Makes room for `n` candidates in all (a caller that counted them first saves the copies of doubling). */
  reserve(n: number): void {
    if (n <= this.plain.length) return;
    this.sourceIds = growTo(this.sourceIds, n);
    this.plain = growTo(this.plain, n);
    if (this.rows) this.rows = growTo(this.rows, n);
  }

  private room(): number {
    const n = this.count;
    if (n === this.plain.length) {
      const size = Math.max(64, n * 2);
      this.sourceIds = growTo(this.sourceIds, size);
      this.plain = growTo(this.plain, size);
      if (this.rows) this.rows = growTo(this.rows, size);
    }
    return n;
  }

  add(entry: PlannedEntry, plain: boolean, sourceId = this.sources.id(entry.source)): void {
    const n = this.room();
    this.candidates.push(entry);
    if (this.rows) this.rows[n] = -this.candidates.length;
    this.sourceIds[n] = sourceId;
    this.plain[n] = plain ? 1 : 0;
    this.count++;
  }

  /** Row `row` of the sheet, whose phrases passed the rules at a glance: source number `sourceId`, the target in
   * column `column` (one per builder). */
  addRow(sourceId: number, row: number): void {
    const n = this.room();
    this.rows![n] = row;
    this.sourceIds[n] = sourceId;
    this.plain[n] = 1;
    this.count++;
  }

  /** The target cell of candidate `i`, -1 for one made as an object. */
  private targetCell(i: number): number {
    const row = this.rows ? this.rows[i] : -1;
    return row < 0 ? -1 : (this.sources as RangeSources).cells.cellRef(row, this.column);
  }

  entry(i: number): PlannedEntry {
    if (!this.rows) return this.candidates[i];
    const row = this.rows[i];
    if (row < 0) return this.candidates[-row - 1];
    const { cells } = this.sources as RangeSources;
    return { source: (this.sources as RangeSources).textOf(this.sourceIds[i]), target: cells.value(cells.cellRef(row, this.column)), line: cells.line(row) };
  }

  /** UTF-16 units of both phrases, and 2. */
  units(i: number): number {
    const c = this.targetCell(i);
    if (c === -1) { const e = this.entry(i); return e.source.length + e.target.length + 2; }
    const sources = this.sources as RangeSources;
    return sources.lengthOf(this.sourceIds[i]) + sources.cells.end(c) - sources.cells.start(c) + 2;
  }

  /** UTF-8 bytes of both phrases, and 2. */
  bytes(i: number): number {
    const c = this.targetCell(i);
    if (c === -1) { const e = this.entry(i); return utf8Length(e.source) + utf8Length(e.target) + 2; }
    const sources = this.sources as RangeSources;
    return sources.bytesOf(this.sourceIds[i]) + utf8RangeLength(sources.text, sources.cells.start(c), sources.cells.end(c)) + 2;
  }

  /** The entries of candidates `which` (the first `n`; all of them in order when undefined): an array of the objects,
   * or in a sheet's plan an array that makes each entry when read. */
  entries(which: Int32Array<ArrayBuffer> | undefined, n: number): PlannedEntry[] {
    if (!this.rows) {
      const out: PlannedEntry[] = new Array<PlannedEntry>(n);
      for (let k = 0; k < n; k++) out[k] = this.candidates[which ? which[k] : k];
      return out;
    }
    if (!which) return lazyArray(n, (k) => this.entry(k));
    const at = n === which.length ? which : which.slice(0, n);
    return lazyArray(n, (k) => this.entry(at[k]));
  }
}

/** Builds the plan for concepts with `sourceLang` as the source: every other language becomes a dictionary.
 * Concepts read from a TBX (a ConceptStore) are planned from its columns: a concept whose every language has one
 * term to take, written in the root code with no space around it, is planned without making its objects; the
 * others go the general way, with the same result. */
export function planConcepts(
  concepts: Iterable<Concept> | ConceptStore | SheetConcepts, sourceLang: string, meta: { format: string; title?: string; notes?: string[]; choices?: Choice[] },
  options: PlanOptions = {},
): ImportPlan {
  const source = rootCode(sourceLang);
  const sheet = concepts instanceof SheetConcepts ? concepts : undefined;
  // A sheet's rows: its source phrases numbered by their ranges, each pair's room for one entry per row at once.
  const rows = sheet ? sheet.end - sheet.first : 0;
  const sources = sheet ? new RangeSources(sheet.cells, rows) : new Sources();
  const pairs = new Map<string, PairBuilder>();
  const pair = (t: string) => {
    let p = pairs.get(t);
    if (!p) { p = new PairBuilder(source, t, sources, Math.max(64, rows)); pairs.set(t, p); }
    return p;
  };
  const choices: Choice[] = [...(meta.choices ?? [])];
  let unpaired = 0;
  const roots = new Map<string, string>();
  // Codes that name no language (`---`), as written: the lines of their terms, which are left out.
  const notCodes = new Map<string, number[]>();
  const excluded: ExcludedTerm[] = [];
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
    const src = targets.length && byLang.has(source) ? pickTerm(c, source, byLang.get(source)!, choices) : undefined;
    // The terms left out as deprecated or forbidden, and a sheet's row marked forbidden: kept for the term check.
    const sourceText = (src?.chosen ?? byLang.get(source)?.find((t) => t.text.trim() !== ''))?.text.trim();
    for (const [lang, terms] of byLang) {
      for (const t of terms) {
        const status = t.status === 'deprecated' || t.status === 'forbidden' ? t.status : c.skip?.reason === 'forbidden' && lang !== source ? 'forbidden' : undefined;
        const term = t.text.trim();
        if (status && term) excluded.push({ lang, term, status, ...(sourceText && lang !== source ? { source: sourceText } : {}), line: t.line });
      }
    }
    if (!targets.length) { unpaired++; return; }
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
  if (concepts instanceof ConceptStore) planStore(concepts, source, sources, pair, choices, planOne, () => { unpaired++; }, excluded);
  else if (concepts instanceof SheetConcepts) planSheet(concepts, source, sources as RangeSources, pair, planOne);
  else for (const c of concepts) planOne(c);
  for (const [code, lines] of notCodes) {
    choices.push({ line: lines[0], message: `${q(code)} is not a language code: its ${lines.length} term(s) were left out ` +
      `(line${lines.length > 1 ? 's' : ''} ${lines.slice(0, 5).join(', ')}${lines.length > 5 ? '…' : ''}).` });
  }
  if (unpaired) choices.push({ message: `${unpaired} concept(s) hold only one language (nothing to pair) and were left out.` });
  const out: ImportPlan = { format: meta.format, sourceLang: source, pairs: [...pairs.values()].map((p) => finishPair(p, options, sources)), choices, notes: meta.notes ?? [] };
  // In line order (terms on one line: by language, then text), whichever path planned their concept.
  if (excluded.length) out.excluded = excluded.sort((a, b) => a.line - b.line || cmpStr(a.lang, b.lang) || cmpStr(a.term, b.term));
  if (meta.title) out.title = meta.title;
  return out;
}

/** A sheet's rows as the planner reads them: each row a concept of one term per mapped column, made only for the rows
 * the fast path leaves to the general one. */
export class SheetConcepts {
  constructor(
    readonly cells: SheetCells,
    /** The rows planned: [first, end). */
    readonly first: number,
    readonly end: number,
    readonly columns: ReadonlyArray<{ index: number; lang: string }>,
    /** Why row `i` is not imported (a quoted field over lines, a forbidden mark), if it is not. */
    readonly skipOf: (i: number) => Concept['skip'] | undefined,
  ) {}

  concept(i: number, skip = this.skipOf(i)): Concept {
    const line = this.cells.line(i);
    const { cells } = this;
    // A cell past the phrase limit becomes a term marked too long, its text never sliced out (as a TBX reader does).
    const term = (k: number): Term => {
      const c = cells.cellRef(i, k);
      if (c !== -1 && cells.tooLong(c)) return { text: '', lang: '', status: 'unspecified', line, tooLong: true };
      return { text: c === -1 ? '' : cells.value(c), lang: '', status: 'unspecified', line };
    };
    const c: Concept = { line, terms: this.columns.map((col) => ({ ...term(col.index), lang: col.lang })), row: true };
    if (skip) c.skip = skip;
    return c;
  }
}

/** Whether `text.slice(start, end)` passes the rules at a glance and needs no trimming (plainRange without marks). */
export function plainText(text: string, start: number, end: number): boolean {
  if (end <= start || end - start > MAX_SAFE_UNITS_FOR_PHRASE) return false;
  const a = text.charCodeAt(start);
  const b = text.charCodeAt(end - 1);
  if (a <= 32 || b <= 32 || isTrimmableSpace(a) || isTrimmableSpace(b)) return false;
  for (let k = start; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029) return false; // SUSPICIOUS_CHAR
  }
  return true;
}

/** The fast path of planConcepts for a sheet's rows: a row whose every mapped cell is a range of the text that passes
 * the rules at a glance, in columns each written as its own root code (one per language, the source's among them),
 * becomes one candidate per target with no object made; the others go the general way, with the same result. */
function planSheet(sheet: SheetConcepts, source: string, sources: RangeSources, pair: (t: string) => PairBuilder, general: (c: Concept) => void): void {
  const { cells, columns } = sheet;
  const roots = columns.map((c) => normalizeLanguage(c.lang));
  const fast = columns.length > 1 && roots.every((n, k) => !n.invalid && n.code !== '' && columns[k].lang.toLowerCase() === n.code) &&
    new Set(roots.map((n) => n.code)).size === roots.length;
  const src = roots.findIndex((n) => n.code === source);
  if (!fast || src === -1) {
    for (let i = sheet.first; i < sheet.end; i++) general(sheet.concept(i));
    return;
  }
  const text = cells.text;
  const index = columns.map((c) => c.index);
  const builders: Array<PairBuilder | undefined> = columns.map(() => undefined);
  const refs = new Int32Array(columns.length);
  // Only fast rows go to a builder by row; its target column is the one of its language.
  rows: for (let i = sheet.first; i < sheet.end; i++) {
    const skip = sheet.skipOf(i);
    if (skip) { general(sheet.concept(i, skip)); continue; }
    for (let k = 0; k < index.length; k++) {
      const c = cells.cellRef(i, index[k]);
      if (c === -1 || cells.start(c) < 0 || !plainText(text, cells.start(c), cells.end(c))) {
        general(sheet.concept(i));
        continue rows;
      }
      refs[k] = c;
    }
    const sourceId = sources.idCell(refs[src]);
    for (let k = 0; k < index.length; k++) {
      if (k === src) continue;
      let p = builders[k];
      if (!p) { p = builders[k] = pair(roots[k].code); p.column = index[k]; }
      p.addRow(sourceId, i);
    }
  }
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
function planStore(store: ConceptStore, source: string, sources: SourceIds, pair: (t: string) => PairBuilder, choices: Choice[],
  general: (c: Concept) => void, unpaired: () => void, excluded: ExcludedTerm[]): void {
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
  const excludedCount = new Int32Array(rootNames.length);
  const order: number[] = [];
  const { terms, pools } = store;
  // The terms of root r left out of concept i, as pickTerm lists them (`where`: "concept c1 (line 3)", made once).
  let where = '';
  let whereOf = -1;
  /** The terms of root r left out of concept i, kept for the term check (`sourceText`: the concept's source term). */
  const keep = (r: number, first: number, end: number, sourceText: string | undefined) => {
    for (let t = first; t < end; t++) {
      const at = t * TERM_STRIDE;
      if (rootOf[terms[at + 3]] !== r || terms[at + 4] < EXCLUDED) continue;
      const term = store.termText(t).trim();
      const status = STATUSES[terms[at + 4]] as ExcludedTerm['status'];
      if (term) excluded.push({ lang: rootNames[r], term, status, ...(sourceText && r !== sourceRoot ? { source: sourceText } : {}), line: terms[at + 6] });
    }
  };
  const left = (i: number, r: number, first: number, end: number, sourceText: string) => {
    keep(r, first, end, sourceText);
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
      if (usable[r] === -1 && excludedCount[r] === 0) order.push(r);
      if (terms[at + 4] >= EXCLUDED) { excludedCount[r]++; continue; }
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
      if (excludedCount[sourceRoot]) left(i, sourceRoot, first, end, sourceText);
      for (const r of order) {
        if (r === sourceRoot) continue;
        const p = builders[r] ??= pair(rootNames[r]);
        if (excludedCount[r]) left(i, r, first, end, sourceText);
        p.add({ source: sourceText, target: store.termText(usable[r]), line }, true, sourceId);
      }
    } else if (fast) {
      for (const r of order) if (excludedCount[r]) keep(r, first, end, undefined);
      unpaired(); // the source language alone
    } else {
      general(store.concept(i));
    }
    for (const r of order) { usable[r] = -1; excludedCount[r] = 0; }
  }
}

const LINE_BREAK = /[\r\n\u2028\u2029\u0085]/;

/** A phrase the rules surely accept: not empty, no control or Unicode line break, no space at either end, short. */
function plainPhrase(s: string): boolean {
  return s.length > 0 && s.length <= MAX_SAFE_UNITS_FOR_PHRASE && !SUSPICIOUS_CHAR.test(s) && s.indexOf('\u0085') === -1 &&
    !isTrimmableSpace(s.charCodeAt(0)) && !isTrimmableSpace(s.charCodeAt(s.length - 1));
}

/** Skips empty and duplicate entries, checks the pair and every entry against the entry rules. */
export function finishPair(p: PairBuilder, options: PlanOptions, sources: SourceIds): PlannedPair {
  const out: PlannedPair = { sourceLang: p.sourceLang, targetLang: p.targetLang, entries: [], skipped: p.skipped, findings: [] };
  // Without the service's list (not fetched yet, or offline), the built-in one: a code neither knows is reported here,
  // never sent as a new language.
  const pairProblems = lintLanguagePair(p.sourceLang, p.targetLang, { languages: options.languages ?? GLOSSARY_LANGUAGES });
  if (pairProblems.length) {
    const message = pairProblems.map((f) => f.message).join(' ');
    for (let i = 0; i < p.count; i++) {
      const e = p.entry(i);
      out.skipped.push({ reason: 'unsupported-language', line: e.line, source: e.source, target: e.target, message });
    }
    out.findings.push({ code: pairProblems[0].code, severity: 'error', message });
    return out;
  }
  const first = new Int32Array(sources.size).fill(-1); // source number → its first candidate
  // The candidates kept: the first `keptCount` in order, until one is left out (then `kept` lists them).
  let kept: Int32Array<ArrayBuffer> | undefined;
  let keptCount = 0;
  const leaveOut = () => {
    if (kept) return;
    kept = new Int32Array(p.count);
    for (let k = 0; k < keptCount; k++) kept[k] = k;
  };
  const { plain, sourceIds } = p;
  for (let i = 0; i < p.count; i++) {
    const id = sourceIds[i];
    if (first[id] !== -1) {
      leaveOut();
      const e = p.entry(i);
      const was = p.entry(first[id]);
      out.skipped.push({ reason: 'duplicate', line: e.line, source: e.source, target: e.target,
        message: was.target === e.target ? `${q(e.source)} → ${q(e.target)} repeats line ${was.line}.`
          : `${q(e.source)} is already mapped to ${q(was.target)} (line ${was.line}); ${q(e.target)} was left out.` });
      continue;
    }
    if (!plain[i]) {
      const e = p.entry(i);
      if (LINE_BREAK.test(e.source) || LINE_BREAK.test(e.target)) {
        leaveOut();
        out.skipped.push({ reason: 'invalid', line: e.line, source: e.source, target: e.target, message: `Line ${e.line}: a phrase holds a line break.` });
        out.findings.push({ code: 'control-character', severity: 'error', line: e.line, source: e.source, message: `A phrase holds a line break: ${JSON.stringify(e.source + ' → ' + e.target)}.` });
        first[id] = i;
        continue;
      }
    }
    first[id] = i;
    if (kept) kept[keptCount] = i;
    keptCount++;
  }
  const keptAt = (k: number) => (kept ? kept[k] : k);
  // Most phrases pass the rules at a glance; the others are linted (one entry per line: the rules' line numbers are
  // indexes into `slow`, which indexes `kept`).
  const slow: number[] = [];
  let units = 0;
  for (let k = 0; k < keptCount; k++) {
    const i = keptAt(k);
    units += p.units(i);
    if (!plain[i]) {
      const e = p.entry(i);
      if (!plainPhrase(e.source) || !plainPhrase(e.target)) slow.push(k);
    }
  }
  const bad = new Set<number>();
  if (slow.length) {
    const text = serializeEntries(slow.map((k) => p.entry(keptAt(k))), 'tsv');
    for (const f of lintEntries(text, { format: 'tsv' })) {
      const k = slow[f.line];
      if (k === undefined) continue;
      const e = p.entry(keptAt(k));
      out.findings.push({ code: f.code, severity: f.severity, message: f.message, line: e.line, source: e.source });
      if (f.severity === 'error') bad.add(k);
    }
  }
  if (units * 3 > LIMITS.dictionaryBytes) {
    let bytes = 0;
    for (let k = 0; k < keptCount; k++) bytes += p.bytes(keptAt(k));
    if (bytes > LIMITS.dictionaryBytes) {
      out.findings.push({ code: 'dictionary-too-large', severity: 'error',
        message: `The ${p.sourceLang.toUpperCase()} → ${p.targetLang.toUpperCase()} entries are ${(bytes / 1048576).toFixed(1)} MiB; a dictionary holds at most 10 MiB. The service will refuse it: split the file.` });
    }
  }
  if (!bad.size) out.entries = p.entries(kept, keptCount);
  else {
    leaveOut();
    const list = kept!;
    let good = 0;
    for (let k = 0; k < keptCount; k++) {
      if (!bad.has(k)) { list[good++] = list[k]; continue; }
      const e = p.entry(list[k]);
      out.skipped.push({ reason: 'invalid', line: e.line, source: e.source, target: e.target, message: out.findings.find((f) => f.line === e.line && f.source === e.source)?.message ?? 'invalid' });
    }
    out.entries = p.entries(list, good);
  }
  return out;
}
