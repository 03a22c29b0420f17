/** The concepts of a TBX file as columns: term texts are ranges of a few long strings (one per chunk of the file,
 * the texts of its terms joined), everything else numbers in typed arrays. A 50 MB file's 260 000 terms are then a
 * few hundred objects for the garbage collector instead of a million, which is most of what reading them cost; a
 * `Concept` object is made only when asked for (the planner's general path, tests). Pure: no vscode. */
import type { Concept, Term, TermStatus } from './model';
import { LIMITS } from '../findings';

/** Statuses by their number; the order is the rank (a stronger exclusion wins, preferred over admitted). */
export const STATUSES: readonly TermStatus[] = ['unspecified', 'admitted', 'preferred', 'deprecated', 'forbidden'];
export const STATUS_NUMBER: Record<TermStatus, number> = { unspecified: 0, admitted: 1, preferred: 2, deprecated: 3, forbidden: 4 };
/** Statuses from this number on are never imported. */
export const EXCLUDED = 3;
/** The pool of a term whose text passed the phrase limit: its text was dropped (READ_LIMITS in tbx.ts). */
export const TOO_LONG = -2;

// A term: its text's pool (-1: empty, TOO_LONG: dropped), start and end in it, language id, status, raw status id (-1: none), line.
const T = 7;
/** Numbers per term in `ConceptStore.terms`. */
export const TERM_STRIDE = T;
// A concept: its first term, line, its id's pool (-1: none), start and end.
const C = 5;

function grow(a: Int32Array<ArrayBuffer>, need: number): Int32Array<ArrayBuffer> {
  if (need <= a.length) return a;
  const b = new Int32Array(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

export class ConceptStore implements Iterable<Concept> {
  /** T numbers per term, in file order. */
  terms: Int32Array<ArrayBuffer> = new Int32Array(T * 1024);
  termCount = 0;
  /** C numbers per concept. */
  concepts: Int32Array<ArrayBuffer> = new Int32Array(C * 256);
  /** Number of concepts. */
  length = 0;
  /** The joined texts. */
  readonly pools: string[] = [];
  /** Language codes as the file writes them, by id, and their root codes ('' when the file names none). */
  readonly langs: string[] = [];
  readonly langRoots: string[] = [];
  /** Status values as written (joined with ", "), for the terms left out. */
  readonly raws: string[] = [];

  addConcept(line: number, idPool: number, idStart: number, idEnd: number): void {
    const at = this.length * C;
    const c = this.concepts = grow(this.concepts, at + C);
    c[at] = this.termCount;
    c[at + 1] = line;
    c[at + 2] = idPool;
    c[at + 3] = idStart;
    c[at + 4] = idEnd;
    this.length++;
  }

  /** Adds a term to the last concept. */
  addTerm(pool: number, start: number, end: number, lang: number, status: number, raw: number, line: number): void {
    const at = this.termCount * T;
    const t = this.terms = grow(this.terms, at + T);
    t[at] = pool;
    t[at + 1] = start;
    t[at + 2] = end;
    t[at + 3] = lang;
    t[at + 4] = status;
    t[at + 5] = raw;
    t[at + 6] = line;
    this.termCount++;
  }

  /** Terms of concept `i`: [first, end). */
  firstTerm(i: number): number { return this.concepts[i * C]; }
  endTerm(i: number): number { return i + 1 < this.length ? this.concepts[(i + 1) * C] : this.termCount; }
  conceptLine(i: number): number { return this.concepts[i * C + 1]; }
  conceptId(i: number): string | undefined {
    const at = i * C;
    const pool = this.concepts[at + 2];
    return pool === -1 ? undefined : this.pools[pool].slice(this.concepts[at + 3], this.concepts[at + 4]);
  }

  termPool(t: number): number { return this.terms[t * T]; }
  termStart(t: number): number { return this.terms[t * T + 1]; }
  termEnd(t: number): number { return this.terms[t * T + 2]; }
  termLang(t: number): number { return this.terms[t * T + 3]; }
  termStatus(t: number): number { return this.terms[t * T + 4]; }
  termLine(t: number): number { return this.terms[t * T + 6]; }
  termText(t: number): string {
    const at = t * T;
    const pool = this.terms[at];
    return pool < 0 ? '' : this.pools[pool].slice(this.terms[at + 1], this.terms[at + 2]);
  }

  term(t: number): Term {
    const at = t * T;
    const term: Term = { text: this.termText(t), lang: this.langs[this.terms[at + 3]], status: STATUSES[this.terms[at + 4]], line: this.terms[at + 6] };
    if (this.terms[at + 5] !== -1) term.rawStatus = this.raws[this.terms[at + 5]];
    if (this.terms[at] === TOO_LONG) term.tooLong = true;
    return term;
  }

  concept(i: number): Concept {
    const c: Concept = { line: this.conceptLine(i), terms: [] };
    const id = this.conceptId(i);
    if (id !== undefined) c.id = id;
    for (let t = this.firstTerm(i), end = this.endTerm(i); t < end; t++) c.terms.push(this.term(t));
    return c;
  }

  *[Symbol.iterator](): Iterator<Concept> {
    for (let i = 0; i < this.length; i++) yield this.concept(i);
  }

  find(test: (c: Concept) => boolean): Concept | undefined {
    for (const c of this) if (test(c)) return c;
    return undefined;
  }
}

/** A read-only array whose elements are made when read (`at(i)`), each time anew: what an API that hands out arrays
 * of objects gives for data kept in columns (a sheet's rows, a plan's entries). Indexing, `length`, iteration and the
 * array methods work as on an array; writes are refused. */
export function lazyArray<T>(length: number, at: (i: number) => T): T[] {
  // The target stays empty: an array given the length would hold room for every element (8 bytes each).
  const target: T[] = [];
  const index = (key: string | symbol): number => {
    if (typeof key !== 'string' || key === '' || key.length > 10) return -1;
    const c = key.charCodeAt(0);
    if (c < 48 || c > 57 || (c === 48 && key.length > 1)) return -1;
    const i = Number(key);
    return Number.isInteger(i) && i < length ? i : -1;
  };
  const readOnly = () => { throw new TypeError('This array is read-only.'); };
  return new Proxy(target, {
    get: (t, key, receiver) => {
      if (key === 'length') return length;
      const i = index(key);
      return i !== -1 ? at(i) : Reflect.get(t, key, receiver);
    },
    has: (t, key) => index(key) !== -1 || Reflect.has(t, key),
    getOwnPropertyDescriptor: (t, key) => {
      if (key === 'length') return { value: length, writable: true, enumerable: false, configurable: false };
      const i = index(key);
      return i !== -1 ? { value: at(i), writable: true, enumerable: true, configurable: true } : Reflect.getOwnPropertyDescriptor(t, key);
    },
    ownKeys: (t) => [...Array.from({ length }, (_, i) => String(i)), ...Reflect.ownKeys(t)],
    set: readOnly,
    defineProperty: readOnly,
    deleteProperty: readOnly,
  });
}

/** UTF-16 units past which a phrase is too long for the service whatever its characters: a text of more units than
 * the limit has more UTF-8 bytes than it (shorter ones the entry rules check by their bytes). */
export const PHRASE_UNITS = LIMITS.phraseBytes;

/** What `String.prototype.trim` cuts. */
const white = (c: number) => c === 32 || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(String.fromCharCode(c)));

/** Whether `text.slice(start, end)` is longer than PHRASE_UNITS without the spaces around it; nothing is sliced. */
export function tooLongText(text: string, start: number, end: number): boolean {
  if (end - start <= PHRASE_UNITS) return false;
  while (start < end && white(text.charCodeAt(start))) start++;
  while (end > start && white(text.charCodeAt(end - 1))) end--;
  return end - start > PHRASE_UNITS;
}

/** Grows an Int32Array by doubling. */
export function growInt32(a: Int32Array<ArrayBuffer>, need: number): Int32Array<ArrayBuffer> {
  return grow(a, need);
}

/** A cell's length that does not fit in a Uint16 (see SheetCells.lengths). */
const LONG = 0xffff;

// A sheet's row: its first cell, its number of cells, its first line. (Its last line is kept apart, for the few rows
// whose quoted field runs over lines: 4 bytes a row saved.)
const R = 3;

/** A spreadsheet's rows as columns: each cell a range of the decoded text (two numbers), or, when its value is not
 * one (a quoted field with doubled quotes, a TSV row joined over lines, a record csv-parse read), a string of its own
 * in `extras`. A 20 MB sheet's 400 000 rows are then three typed arrays instead of 1.6 million objects. */
export class SheetCells {
  /** Per cell: its start in `text`; below 0, the string `extras[-start - 1]`. */
  private starts: Int32Array<ArrayBuffer>;
  /** Per cell: its length in `text` (0 for a string of `extras`), or LONG when a Uint16 cannot hold it (then in
   * `longs`): 6 bytes a cell where a start and an end took 8. */
  private lengths: Uint16Array<ArrayBuffer>;
  private readonly longs = new Map<number, number>();
  cellCount = 0;
  /** R numbers per row. */
  rows: Int32Array<ArrayBuffer>;
  /** Number of rows. */
  length = 0;
  readonly extras: string[] = [];
  /** The last line of a row that ends on another line than it starts, by its first line (which no other row has). */
  private readonly endLines = new Map<number, number>();
  /** Cells whose text passed the phrase limit and was dropped (see addTooLong); their value is ''. */
  readonly tooLongCells = new Set<number>();

  /** `cells` and `rows`: the room to make at once (a reader that counts them first saves the copies of doubling). */
  constructor(readonly text: string, cells = 4096, rows = 1024) {
    this.starts = new Int32Array(Math.max(16, cells));
    this.lengths = new Uint16Array(Math.max(16, cells));
    this.rows = new Int32Array(R * Math.max(16, rows));
  }

  /** Where cell `c` starts in `text`; below 0 it is the string `extras[-start - 1]`. */
  start(c: number): number { return this.starts[c]; }

  /** Where cell `c` ends in `text` (for a string of `extras`: its start). */
  end(c: number): number {
    const n = this.lengths[c];
    return this.starts[c] + (n === LONG ? this.longs.get(c)! : n);
  }

  /** Makes cell `c` the range [start, end) of the text, or with a start below 0 a string of `extras`. */
  setRange(c: number, start: number, end: number): void {
    this.starts[c] = start;
    const n = start < 0 ? 0 : end - start;
    if (n >= LONG) { this.lengths[c] = LONG; this.longs.set(c, n); return; }
    this.lengths[c] = n;
    if (this.longs.size) this.longs.delete(c);
  }

  /** Starts a row: its cells are the ones added next. */
  startRow(line: number): void {
    const at = this.length * R;
    const r = this.rows = grow(this.rows, at + R);
    r[at] = this.cellCount;
    r[at + 1] = 0;
    r[at + 2] = line;
    this.length++;
  }

  /** Ends the row started last, at `endLine`; a row without a filled cell is dropped with its cells. */
  endRow(endLine: number, keep: boolean): void {
    const at = (this.length - 1) * R;
    if (!keep) {
      const from = this.rows[at];
      if (this.longs.size || this.tooLongCells.size) for (let c = from; c < this.cellCount; c++) { this.longs.delete(c); this.tooLongCells.delete(c); }
      this.cellCount = from;
      this.length--;
      return;
    }
    this.rows[at + 1] = this.cellCount - this.rows[at];
    if (endLine !== this.rows[at + 2]) this.endLines.set(this.rows[at + 2], endLine);
  }

  addRange(start: number, end: number): void {
    const c = this.cellCount;
    if (c === this.starts.length) {
      const size = Math.max(16, c * 2);
      this.starts = grow(this.starts, size);
      const lengths = new Uint16Array(size);
      lengths.set(this.lengths);
      this.lengths = lengths;
    }
    this.setRange(c, start, end);
    this.cellCount++;
  }

  addString(value: string): void {
    this.extras.push(value);
    this.addRange(-this.extras.length, 0);
  }

  /** A cell whose text is longer than the service's phrase limit even without the spaces around it: kept as its
   * length only, so that the reader can let the string go (a 50 MB cell is never kept whole). */
  addTooLong(): void {
    this.addRange(0, 0);
    this.tooLongCells.add(this.cellCount - 1);
  }

  /** Whether cell `c` is past the phrase limit (in UTF-16 units, without the spaces around it): dropped by the reader,
   * or a range of the text that long. Its text is then never sliced out. */
  tooLong(c: number): boolean {
    if (this.tooLongCells.size && this.tooLongCells.has(c)) return true;
    const s = this.starts[c];
    if (s < 0) return tooLongText(this.extras[-s - 1], 0, this.extras[-s - 1].length);
    return tooLongText(this.text, s, this.end(c));
  }

  /** Gives row `i` the cells `values` (added anew). */
  setCells(i: number, values: readonly string[]): void {
    const at = i * R;
    this.rows[at] = this.cellCount;
    this.rows[at + 1] = values.length;
    for (const v of values) this.addString(v);
  }

  line(i: number): number { return this.rows[i * R + 2]; }
  endLine(i: number): number {
    const line = this.rows[i * R + 2];
    return this.endLines.size ? this.endLines.get(line) ?? line : line;
  }

  setEndLine(i: number, endLine: number): void {
    const line = this.rows[i * R + 2];
    if (endLine === line) this.endLines.delete(line); else this.endLines.set(line, endLine);
  }
  width(i: number): number { return this.rows[i * R + 1]; }
  /** Cell `k` of row `i` as its number in `cells`, or -1 past the row's end. */
  cellRef(i: number, k: number): number { return k < this.rows[i * R + 1] ? this.rows[i * R] + k : -1; }

  /** The value of cell `k` of row `i`; undefined past the row's end. */
  cell(i: number, k: number): string | undefined {
    const c = this.cellRef(i, k);
    return c === -1 ? undefined : this.value(c);
  }

  value(c: number): string {
    const s = this.starts[c];
    if (s === 0 && this.tooLongCells.size && this.tooLongCells.has(c)) return '';
    return s < 0 ? this.extras[-s - 1] : this.text.slice(s, this.end(c));
  }

  /** Whether cell `c` holds a character other than whitespace (as `trim` sees it). */
  filled(c: number): boolean {
    const s = this.starts[c];
    if (s === 0 && this.tooLongCells.size && this.tooLongCells.has(c)) return true;
    if (s < 0) return this.extras[-s - 1].trim() !== '';
    const text = this.text;
    for (let k = s, e = this.end(c); k < e; k++) {
      const ch = text.charCodeAt(k);
      if (ch > 32 && ch !== 0xa0 && ch < 0x1680) return true;
      if (text[k].trim() !== '') return true;
    }
    return false;
  }

  cellsOf(i: number): string[] {
    const out: string[] = [];
    for (let k = 0, n = this.width(i); k < n; k++) out.push(this.value(this.rows[i * R] + k));
    return out;
  }

  /** Keeps the rows for which `keep` is true, in order. */
  filter(keep: (i: number) => boolean): void {
    let kept = 0;
    for (let i = 0; i < this.length; i++) {
      if (!keep(i)) continue;
      if (kept !== i) this.rows.copyWithin(kept * R, i * R, i * R + R);
      kept++;
    }
    this.length = kept;
  }

  /** Drops rows [from, to). */
  remove(from: number, to: number): void {
    this.rows.copyWithin(from * R, to * R, this.length * R);
    this.length -= to - from;
  }
}
