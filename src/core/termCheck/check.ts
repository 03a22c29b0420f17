/** The term check: each translated string held against the glossaries. Built once per glossary version (a TermIndex
 * holds the automata); then each unit is checked on its own, in microseconds, and the renderings of each term are
 * tallied across files for `inconsistent-term`. Findings carry offsets in the target's file. Pure. */
import type { Severity } from '../findings';
import { fileRange, PLACEHOLDER, type MappedText } from './mapped';
import { compileTerm, findTerm, Subject, TermMatcher, type CaseMode, type CompiledTerm, type Hit } from './matcher';
import { originalIndex } from './normalize';
import type { TranslationUnit } from './types';

export type TermCode = 'term-not-used' | 'forbidden-term' | 'inconsistent-term' | 'untranslated-term';

export const TERM_SEVERITY: Record<TermCode, Severity> = {
  'term-not-used': 'warning', 'forbidden-term': 'error', 'inconsistent-term': 'info', 'untranslated-term': 'info',
};

/** One line of a linked dictionary. */
export interface GlossaryEntry {
  source: string;
  target: string;
  sourceLang: string;
  targetLang: string;
  /** The glossary's name, for messages. */
  glossary: string;
  file?: string;
  /** 0-based line in `file`. */
  line?: number;
}

export interface TermCheckOptions {
  /** How the case of a term counts: "auto" (default) matches a term in any case unless a word of it has an upper-case
   * letter after its first (API, iPhone); "sensitive" always, "insensitive" never. */
  caseMode?: CaseMode;
  /** Terms forbidden (or deprecated) in the target, by target language: from the sidecar of imported statuses. */
  forbidden?: Readonly<Record<string, readonly string[]>>;
}

/** A finding at offsets of the target's file; `related` points at the source term (in `sourceFile` when the source
 * lies in another file). */
export interface TermFinding {
  code: TermCode;
  severity: Severity;
  message: string;
  unitId: string;
  offset: number;
  endOffset: number;
  related?: { offset: number; endOffset: number; inSourceFile: boolean; message: string };
  entry?: GlossaryEntry;
  fuzzy?: boolean;
  /** The term it is about, as "Ignore here" names it: the glossary's source phrase, or the forbidden term. */
  term: string;
}

/** A use of one of a source term's glossary targets in a target: what `inconsistent-term` counts. */
export interface Rendering {
  /** The source term and target language. */
  group: string;
  /** Which of the glossary's targets for it. */
  variant: string;
  sourceTerm: string;
  unitId: string;
  offset: number;
  endOffset: number;
}

const root = (lang: string) => lang.toLowerCase().split(/[-_]/)[0];

interface Variant { target: string; compiled: CompiledTerm; entries: GlossaryEntry[] }
interface TargetGroup {
  key: string;
  variants: Variant[];
  /** For messages, made once: '"Wolke"' or '"Wolke" or "Datenwolke"', and 'glossary Product, en-de'. */
  glossaryTerm?: string;
  where?: string;
  /** A glossary target is the source term itself (Kubernetes → Kubernetes): never untranslated-term. */
  keepsSource?: boolean;
}
interface SourceTerm { compiled: CompiledTerm; byTarget: Map<string, TargetGroup> }

export class TermIndex {
  private readonly sources = new Map<string, { matcher: TermMatcher; terms: SourceTerm[] }>();
  private readonly forbidden = new Map<string, TermMatcher>();
  private readonly compiled = new Map<string, CompiledTerm>();
  readonly entryCount: number;

  constructor(entries: readonly GlossaryEntry[], private readonly options: TermCheckOptions = {}) {
    this.entryCount = entries.length;
    const byLang = new Map<string, Map<string, SourceTerm>>();
    for (const e of entries) {
      if (!e.source.trim() || !e.target.trim()) continue;
      const sl = root(e.sourceLang);
      const tl = root(e.targetLang);
      let terms = byLang.get(sl);
      if (!terms) byLang.set(sl, terms = new Map());
      const compiled = this.compile(e.source, sl);
      const key = compiled.cased ?? compiled.words.map((w) => w.word).join(' ');
      let st = terms.get(key);
      if (!st) terms.set(key, st = { compiled, byTarget: new Map() });
      let g = st.byTarget.get(tl);
      if (!g) st.byTarget.set(tl, g = { key: `${sl}:${key}\u0000${tl}`, variants: [] });
      const tc = this.compile(e.target, tl);
      const tkey = tc.words.map((w) => w.word).join(' ');
      const v = g.variants.find((x) => x.compiled.words.map((w) => w.word).join(' ') === tkey);
      if (v) v.entries.push(e); else g.variants.push({ target: e.target.trim(), compiled: tc, entries: [e] });
    }
    for (const [lang, terms] of byLang) {
      const list = [...terms.values()];
      for (const st of list) {
        const words = st.compiled.words.map((w) => w.word).join(' ');
        for (const g of st.byTarget.values()) {
          const e = g.variants[0].entries[0];
          g.glossaryTerm = g.variants.map((v) => `"${v.target}"`).join(' or ');
          g.where = `glossary ${e.glossary}, ${e.sourceLang}-${e.targetLang}`;
          g.keepsSource = g.variants.some((v) => v.compiled.words.map((w) => w.word).join(' ') === words);
        }
      }
      this.sources.set(lang, { matcher: new TermMatcher(list.map((t) => t.compiled)), terms: list });
    }
    for (const [lang, words] of Object.entries(options.forbidden ?? {})) {
      const l = root(lang);
      this.forbidden.set(l, new TermMatcher(words.filter((w) => w.trim()).map((w) => this.compile(w, l))));
    }
  }

  private compile(term: string, lang: string): CompiledTerm {
    const key = `${lang}\u0000${term}`;
    let c = this.compiled.get(key);
    if (!c) this.compiled.set(key, c = compileTerm(term, lang, this.options.caseMode));
    return c;
  }

  /** The source languages the glossaries have. */
  get sourceLanguages(): string[] { return [...this.sources.keys()]; }

  /** Checks one unit. `sourceLang`/`targetLang`: the file's. Nothing for a unit without a target. */
  checkUnit(unit: TranslationUnit, sourceLang: string, targetLang: string): { findings: TermFinding[]; renderings: Rendering[] } {
    const findings: TermFinding[] = [];
    const renderings: Rendering[] = [];
    const target = unit.target;
    if (!target || !target.text.trim() || target.text === PLACEHOLDER || unit.ignore?.all) return { findings, renderings };
    // Terms the file says not to check here: neither findings nor renderings (an exempt string counts for no side).
    const ignored = unit.ignore?.terms.length ? new Set(unit.ignore.terms.map((t) => t.toLowerCase())) : undefined;
    const tl = root(targetLang);
    const idx = this.sources.get(root(sourceLang));
    const forbidden = this.forbidden.get(tl);
    if (!idx && !forbidden) return { findings, renderings };
    let tSubjectMade: Subject | undefined;
    /** The target normalized, when a term asks for it. */
    const tSubject = () => (tSubjectMade ??= Subject.of(target.text));
    const fuzzy = unit.fuzzy ? { fuzzy: true } : {};
    const note = unit.fuzzy ? ' (The entry is marked fuzzy.)' : '';
    const targetRange = (h: Pick<Hit, 'start' | 'end'>) => textRange(target, tSubject(), h.start, h.end);
    if (idx) {
      const sSubject = Subject.of(unit.source.text);
      for (const h of idx.matcher.find(sSubject)) {
        const term = idx.terms[h.term];
        const group = term.byTarget.get(tl);
        if (!group) continue;
        const sourceTerm = unit.source.text.slice(originalIndex(sSubject.n, h.start), originalIndex(sSubject.n, h.end));
        const e = group.variants[0].entries[0];
        if (ignored && (ignored.has(e.source.toLowerCase()) || ignored.has(sourceTerm.toLowerCase()))) continue;
        let used: { v: Variant; hit: Hit } | undefined;
        for (const v of group.variants) {
          const hit = findTerm(tSubject(), v.compiled);
          if (hit) { used = { v, hit }; break; }
        }
        if (used) {
          const [o, eo] = targetRange(used.hit);
          renderings.push({ group: group.key, variant: used.v.target, sourceTerm, unitId: unit.id, offset: o, endOffset: eo });
          continue;
        }
        const [so, se] = textRange(unit.source, sSubject, h.start, h.end);
        const related = { offset: so, endOffset: se, inSourceFile: !!unit.sourceInOtherFile, message: `The source term "${sourceTerm}".` };
        const left = group.keepsSource ? undefined : findTerm(tSubject(), term.compiled);
        if (left) {
          const [o, eo] = targetRange(left);
          findings.push({ code: 'untranslated-term', severity: TERM_SEVERITY['untranslated-term'], unitId: unit.id, offset: o, endOffset: eo, related, entry: e, term: e.source, ...fuzzy,
            message: `"${sourceTerm}" is left as in the source: the glossary translates it as ${group.glossaryTerm} (${group.where}).${note}` });
          continue;
        }
        const [o, eo] = textRange(target, tSubject(), 0, tSubject().n.text.length);
        findings.push({ code: 'term-not-used', severity: TERM_SEVERITY['term-not-used'], unitId: unit.id, offset: o, endOffset: eo, related, entry: e, term: e.source, ...fuzzy,
          message: `The source has "${sourceTerm}"; the target does not use the glossary's ${group.glossaryTerm} (${group.where}).${note}` });
      }
    }
    if (forbidden) {
      for (const h of forbidden.find(tSubject())) {
        const [o, eo] = targetRange(h);
        const found = target.text.slice(originalIndex(tSubject().n, h.start), originalIndex(tSubject().n, h.end));
        const term = forbidden.terms[h.term].term;
        if (ignored && (ignored.has(term.toLowerCase()) || ignored.has(found.toLowerCase()))) continue;
        findings.push({ code: 'forbidden-term', severity: TERM_SEVERITY['forbidden-term'], unitId: unit.id, offset: o, endOffset: eo, term, ...fuzzy,
          message: `"${found}" is a forbidden term in ${tl} (the term base marks "${forbidden.terms[h.term].term}" forbidden or deprecated).${note}` });
      }
    }
    return { findings, renderings };
  }
}

/** File offsets of a normalized-text range. */
function textRange(m: MappedText, subject: Subject, start: number, end: number): [number, number] {
  return fileRange(m, originalIndex(subject.n, start), originalIndex(subject.n, end));
}

/**
 * The renderings of each source term across the files checked: a term rendered with two of its glossary targets
 * (two glossaries, or two targets of one) gives `inconsistent-term` on each rendering that is not the most frequent.
 * Incremental: a file's renderings are replaced when it is checked again.
 */
export class RenderingTally {
  /** file → unit id → its renderings. */
  private readonly byFile = new Map<string, Map<string, Rendering[]>>();
  /** group → variant → count. */
  private readonly counts = new Map<string, Map<string, number>>();

  /** A whole file's renderings, replacing those it had. */
  set(file: string, renderings: Rendering[]): void {
    for (const list of this.byFile.get(file)?.values() ?? []) for (const r of list) this.bump(r, -1);
    const units = new Map<string, Rendering[]>();
    for (const r of renderings) {
      const list = units.get(r.unitId);
      if (list) list.push(r); else units.set(r.unitId, [r]);
      this.bump(r, 1);
    }
    this.byFile.set(file, units);
  }

  /** One unit's renderings, after it was edited: the re-check of one string. */
  setUnit(file: string, unitId: string, renderings: Rendering[]): void {
    let units = this.byFile.get(file);
    if (!units) this.byFile.set(file, units = new Map());
    for (const r of units.get(unitId) ?? []) this.bump(r, -1);
    units.set(unitId, renderings);
    for (const r of renderings) this.bump(r, 1);
  }

  private bump(r: Rendering, by: number): void {
    let m = this.counts.get(r.group);
    if (!m) this.counts.set(r.group, m = new Map());
    const n = (m.get(r.variant) ?? 0) + by;
    if (n > 0) m.set(r.variant, n); else m.delete(r.variant);
  }

  /** The `inconsistent-term` findings of one file, or of one unit of it. */
  findings(file: string, unitId?: string): TermFinding[] {
    const out: TermFinding[] = [];
    const units = this.byFile.get(file);
    if (!units) return out;
    const lists = unitId === undefined ? units.values() : [units.get(unitId) ?? []];
    for (const list of lists) for (const r of list) {
      const m = this.counts.get(r.group);
      if (!m || m.size < 2) continue;
      let major = r.variant;
      let most = -1;
      for (const [v, n] of m) if (n > most) { most = n; major = v; }
      if (major === r.variant) continue;
      out.push({ code: 'inconsistent-term', severity: TERM_SEVERITY['inconsistent-term'], unitId: r.unitId, offset: r.offset, endOffset: r.endOffset, term: r.sourceTerm,
        message: `"${r.sourceTerm}" is rendered as "${r.variant}" here and as "${major}" in ${most} other place(s) of the files checked.` });
    }
    return out;
  }
}
