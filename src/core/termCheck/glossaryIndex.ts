/** What the term check builds once per version of the linked glossaries (the entries, the automata of TermIndex, the
 * forbidden terms of the status sidecar), and one translation file checked with it: read with positions, its
 * languages settled, the manifest's ignore marks joined, every unit matched. The core worker keeps one of these per
 * glossary version and answers a file's check with it; the editor does the same inline when it has no worker, and the
 * CLI always. Pure. */
import { RenderingTally, TermIndex, type GlossaryEntry, type Rendering, type TermFinding } from './check';
import type { CaseMode } from './matcher';
import { readTranslations } from './read';
import { forbiddenOf, parseStatuses } from './statuses';
import type { TranslationKind } from './kind';
import { joinIgnore, type ReadProblem, type ReadResult, type UnitIgnore } from './types';
import { bilingualLanguages, dictionaryEntries, glossaryLanguages } from './workspaceFiles';

/** One linked dictionary's text, as the manifest links it. */
export interface GlossaryPart {
  text: string;
  format: 'tsv' | 'csv';
  sourceLang: string;
  targetLang: string;
  /** The glossary's name, for messages. */
  glossary: string;
  /** Where the entries live (a file: Uri, or a terminology: document), for "Open entry" and "Add … to the glossary". */
  file: string;
}

export interface GlossaryIndexInput {
  parts: GlossaryPart[];
  /** The status sidecar's text (terminology.statuses.json), '' when there is none. */
  statusText: string;
  caseMode?: CaseMode;
}

/** What the host needs to know of a built index without holding it: the language pairs (the files' languages are
 * settled by them) and the sidecar's problems. */
export interface GlossarySummary {
  entryCount: number;
  /** Each distinct pair of the entries, as the dictionaries name them. */
  pairs: Array<{ sourceLang: string; targetLang: string }>;
  statusProblems: string[];
  /** The time the build took, in ms. */
  buildMs: number;
}

/** One translation file to check. A key/value file comes with its source-locale file's text and both languages (the
 * host finds the source file); a bilingual file (XLIFF, PO, String Catalog) with its path's locale, if any. */
export interface FileCheckRequest {
  kind: TranslationKind;
  text: string;
  sourceText?: string;
  locale?: { lang: string };
  langs?: { sourceLang: string; targetLang: string };
  /** The manifest's "termIgnore" for this file: a string's key → what is ignored. */
  ignores?: Record<string, UnitIgnore>;
}

/** A file's findings and renderings; without `sourceLang`/`targetLang` (no finding) when its languages could not be
 * settled: it is no translation the glossaries cover. */
export interface FileCheckResult {
  findings: TermFinding[];
  renderings: Rendering[];
  units: number;
  sourceLang?: string;
  targetLang?: string;
  /** What could not be read (not well-formed XML…): what was read before it is checked. */
  problems: ReadProblem[];
}

/** The distinct language pairs of the entries, as GlossaryEntry-shaped rows (what the language helpers read). */
function pairsOf(entries: readonly GlossaryEntry[]): Array<{ sourceLang: string; targetLang: string }> {
  const seen = new Map<string, { sourceLang: string; targetLang: string }>();
  for (const e of entries) {
    const k = `${e.sourceLang}\u0000${e.targetLang}`;
    if (!seen.has(k)) seen.set(k, { sourceLang: e.sourceLang, targetLang: e.targetLang });
  }
  return [...seen.values()];
}

/** The pairs as the language helpers take them (they read only the languages of the entries). */
export const pairEntries = (pairs: ReadonlyArray<{ sourceLang: string; targetLang: string }>): GlossaryEntry[] =>
  pairs.map((p) => ({ source: '', target: '', glossary: '', ...p }));

/** A file's check as the editor asks for it (see GlossaryIndex.checkFile): the findings, the inconsistencies of the
 * file with the others checked against the same glossaries included; the renderings stay with the index. */
export type TalliedCheckResult = Omit<FileCheckResult, 'renderings'>;

export class GlossaryIndex {
  readonly index: TermIndex;
  /** The renderings of each term in the files checked with this index (`inconsistent-term`). */
  private readonly tally = new RenderingTally();
  readonly entries: GlossaryEntry[];
  readonly summary: GlossarySummary;
  private readonly sourceLangs: string[];
  private readonly pairRows: GlossaryEntry[];

  constructor(input: GlossaryIndexInput) {
    const started = performance.now();
    this.entries = input.parts.flatMap((p) => dictionaryEntries(p.text, p, p.glossary, p.file));
    const statuses = input.statusText ? parseStatuses(input.statusText) : undefined;
    this.index = new TermIndex(this.entries, { ...(input.caseMode ? { caseMode: input.caseMode } : {}), ...(statuses ? { forbidden: forbiddenOf(statuses) } : {}) });
    const pairs = pairsOf(this.entries);
    this.pairRows = pairEntries(pairs);
    this.sourceLangs = glossaryLanguages(this.pairRows).sourceLangs;
    this.summary = { entryCount: this.entries.length, pairs, statusProblems: (statuses?.problems ?? []).map((p) => p.message), buildMs: performance.now() - started };
  }

  /** One file checked (`file` names it in the tally of renderings): its findings, sorted, with its `inconsistent-term`
   * findings against every file checked with this index so far. A file that is no translation the glossaries cover
   * (no languages) leaves the tally. */
  checkFile(file: string, req: FileCheckRequest): TalliedCheckResult {
    const { renderings, ...r } = checkTranslationFile(this.index, this.pairRows, this.sourceLangs, req);
    this.tally.set(file, renderings);
    if (r.sourceLang && r.targetLang) for (const f of this.tally.findings(file)) r.findings.push(f);
    r.findings.sort((a, b) => a.offset - b.offset || a.endOffset - b.endOffset);
    return r;
  }

  /** The `inconsistent-term` findings of each file named, as the tally holds them now. */
  inconsistencies(files: readonly string[]): TermFinding[][] {
    return files.map((f) => this.tally.findings(f));
  }

  /** Takes a file's renderings out of the tally (its editor closed). */
  forget(file: string): void {
    this.tally.set(file, []);
  }
}

/** Reads one file as the check reads it: its units (the manifest's ignore marks joined) and its languages, settled
 * by `pairRows`/`sourceLangs` (the glossaries' languages, see glossaryLanguages) when the request does not give them. */
export function readForCheck(req: FileCheckRequest, pairRows: readonly GlossaryEntry[], sourceLangs: readonly string[]): { read: ReadResult; sourceLang?: string; targetLang?: string } {
  const read = readTranslations(req.kind, req.text, req.sourceText);
  const { sourceLang, targetLang } = req.langs ?? bilingualLanguages(read, req.locale, pairRows, sourceLangs);
  const ignores = req.ignores;
  if (ignores) for (const u of read.units) { const i = ignores[u.id]; if (i) u.ignore = joinIgnore(u.ignore, i); }
  return { read, sourceLang, targetLang };
}

/** Reads one file and checks its units against `index` (see FileCheckRequest and readForCheck). */
export function checkTranslationFile(index: TermIndex, pairRows: readonly GlossaryEntry[], sourceLangs: readonly string[], req: FileCheckRequest): FileCheckResult {
  const { read, sourceLang, targetLang } = readForCheck(req, pairRows, sourceLangs);
  if (!sourceLang || !targetLang) return { findings: [], renderings: [], units: read.units.length, problems: read.problems };
  return { ...checkUnits(read, index, sourceLang, targetLang), units: read.units.length, sourceLang, targetLang, problems: read.problems };
}

/** Every unit of a file checked. */
export function checkUnits(read: ReadResult, index: TermIndex, sourceLang: string, targetLang: string): { findings: TermFinding[]; renderings: Rendering[] } {
  const findings: TermFinding[] = [];
  const renderings: Rendering[] = [];
  for (const u of read.units) {
    const r = index.checkUnit(u, sourceLang, u.targetLang ?? targetLang);
    for (const f of r.findings) findings.push(f);
    for (const x of r.renderings) renderings.push(x);
  }
  return { findings, renderings };
}
