/** The concepts of a TBX file as columns: term texts are ranges of a few long strings (one per chunk of the file,
 * the texts of its terms joined), everything else numbers in typed arrays. A 50 MB file's 260 000 terms are then a
 * few hundred objects for the garbage collector instead of a million, which is most of what reading them cost; a
 * `Concept` object is made only when asked for (the planner's general path, tests). Pure: no vscode. */
import type { Concept, Term, TermStatus } from './model';

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
