/** Terms found in a normalized text: where each may start (one Aho–Corasick pass, or indexOf for one term), then word
 * boundaries per script, the inflection allowance and the case rule verified at each place. Pure. */
import { Automaton, markWordStarts } from './automaton';
import { acceptsRest, endingsOf, NO_ENDINGS, wordForm, type WordForm } from './inflection';
import { boundaryClasses, caseSensitiveByDefault, charClass, Cls, normalize, originalIndex, segmentBoundaries, type Normalized } from './normalize';

export type CaseMode = 'auto' | 'sensitive' | 'insensitive';

/** A term compiled for matching in one language. */
export interface CompiledTerm {
  term: string;
  lang: string;
  words: WordForm[];
  /** The term normalized with its case, when it is matched with its case. */
  cased?: string;
  /** What every accepted form starts with: the words but the last as they are, and the last one's stem. */
  literal: string;
}

export function compileTerm(term: string, lang: string, caseMode: CaseMode = 'auto'): CompiledTerm {
  const norm = normalize(term.trim()).text;
  const endings = endingsOf(lang);
  const first = charClass(norm, 0);
  // No inflection in scripts without spaces, nor for a word with digits or symbols.
  const inflects = (w: string) => first === Cls.Word && /^[\p{L}\p{M}]+$/u.test(w);
  const words = norm.split(' ').map((w) => wordForm(w, inflects(w) ? endings : NO_ENDINGS));
  const sensitive = caseMode === 'sensitive' || (caseMode === 'auto' && caseSensitiveByDefault(term));
  return {
    term, lang, words,
    ...(sensitive ? { cased: normalize(term.trim(), true).text } : {}),
    literal: [...words.slice(0, -1).map((w) => w.word), words[words.length - 1].stem].join(' '),
  };
}

/** The places of a text where a term matched: [start, end) of the normalized text. */
export interface Hit { term: number; start: number; end: number }

/** Context of one text being matched: the normalized text, the original, Thai boundaries when asked. */
export class Subject {
  private thai?: Set<number>;
  constructor(readonly n: Normalized, readonly original: string) {}
  static of(original: string): Subject { return new Subject(normalize(original), original); }
  segmentBoundary(i: number): boolean {
    this.thai ??= segmentBoundaries(this.n.text);
    return this.thai.has(i);
  }
}

/** The end of the term's match when it matches at `start` (words inflected per the allowance; `innerExact`: the
 * words but the last as they are), else -1. */
export function matchAt(subject: Subject, start: number, t: CompiledTerm, innerExact: boolean): number {
  const s = subject.n.text;
  const first = charClass(s, start);
  if (first === Cls.Thai) { if (!subject.segmentBoundary(start)) return -1; }
  else if (first !== Cls.Cjk) {
    const before = charClass(s, start - 1);
    if (before !== Cls.None && before === first) return -1;
  }
  let p = start;
  for (let k = 0; k < t.words.length; k++) {
    const w = t.words[k];
    if (k > 0) {
      if (s.charCodeAt(p) !== 32) return -1;
      p++;
    }
    const exact = innerExact && k < t.words.length - 1;
    const head = exact ? w.word : w.stem;
    if (!s.startsWith(head, p)) return -1;
    p += head.length;
    const last = charClass(head, head.length - 1);
    if (last === Cls.Cjk || last === Cls.Hangul) continue; // no boundary after CJK; Korean particles attach
    if (last === Cls.Thai) { if (!subject.segmentBoundary(p)) return -1; continue; }
    if (last === Cls.None) continue; // a term ending in a symbol ("C++", "Wi-Fi:")
    let q = p;
    while (q < s.length && charClass(s, q) === last) q++;
    if (exact ? q !== p : !acceptsRest(w, s.slice(p, q))) return -1;
    p = q;
  }
  if (t.cased !== undefined) {
    const o = subject.original.slice(originalIndex(subject.n, start), originalIndex(subject.n, p));
    const cased = normalize(o, true).text;
    // The case of what the term spells, up to the last word's stem (an inflected ending may be written otherwise).
    const n = t.literal.length;
    if (cased.slice(0, n) !== t.cased.slice(0, n)) return -1;
  }
  return p;
}

/** Where a term occurs in a text (any form the allowance accepts, inner words inflected too): for one term, without
 * an automaton. */
export function findTerm(subject: Subject, t: CompiledTerm): Hit | undefined {
  const s = subject.n.text;
  const head = t.words[0].stem;
  for (let i = s.indexOf(head); i !== -1; i = s.indexOf(head, i + 1)) {
    const end = matchAt(subject, i, t, false);
    if (end !== -1) return { term: 0, start: i, end };
  }
  return undefined;
}

/** Many terms at once: one pass of an automaton over the literal prefix of each, then `matchAt` where one ends. */
export class TermMatcher {
  private readonly automaton: Automaton;
  /** Pattern → the terms that have it as their literal prefix. */
  private readonly byPattern: number[][];
  /** Pattern → its length in the text (without the word-start marks). */
  private readonly lengths: number[];
  private readonly wordClass = boundaryClasses();

  constructor(readonly terms: readonly CompiledTerm[]) {
    const patterns = new Map<string, number[]>();
    terms.forEach((t, i) => {
      const list = patterns.get(t.literal);
      if (list) list.push(i); else patterns.set(t.literal, [i]);
    });
    const literals = [...patterns.keys()];
    this.automaton = new Automaton(literals.map((l) => markWordStarts(l, this.wordClass)));
    this.lengths = literals.map((l) => l.length);
    this.byPattern = [...patterns.values()];
  }

  /** Every match, leftmost-longest first, overlaps removed (a shorter term inside a longer one is not its own hit). */
  find(subject: Subject): Hit[] {
    const hits: Hit[] = [];
    this.automaton.scan(subject.n.text, this.wordClass, (pattern, end) => {
      const start = end - this.lengths[pattern];
      for (const term of this.byPattern[pattern]) {
        const e = matchAt(subject, start, this.terms[term], true);
        if (e !== -1) hits.push({ term, start, end: e });
      }
    });
    if (hits.length < 2) return hits;
    hits.sort((a, b) => a.start - b.start || b.end - a.end);
    const kept: Hit[] = [];
    let reach = -1;
    for (const h of hits) {
      if (h.start >= reach) { kept.push(h); reach = h.end; }
    }
    return kept;
  }
}
