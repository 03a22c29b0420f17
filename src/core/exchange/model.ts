/** The data of an import: terms grouped in concepts (TBX, spreadsheets with language columns) or entries with their
 * language pair (the service's CSV), turned into one plan of dictionaries with every choice and skip listed.
 * Pure: no vscode. */

/** A term's status, normalised from administrativeStatus / normativeAuthorization (any case, any of their values). */
export type TermStatus = 'preferred' | 'admitted' | 'unspecified' | 'deprecated' | 'forbidden';

export interface Term {
  text: string;
  /** The language code as the file writes it (`en-US`, `EN`); '' when the file names none. */
  lang: string;
  status: TermStatus;
  /** The status values as written, when any (for the preview's list of choices). */
  rawStatus?: string;
  /** 1-based line of the term in the file. */
  line: number;
  /** The term's text passed the service's phrase limit while it was read: `text` is empty, the term is left out. */
  tooLong?: true;
}

export interface Concept {
  id?: string;
  /** 1-based line where the concept starts. */
  line: number;
  terms: Term[];
  /** Set by spreadsheets: a row marked forbidden, or one whose quoted field spans lines, is not imported. */
  skip?: { reason: SkipReason; message: string };
  /** A spreadsheet's row (which the messages call "Line N", as the file's editor does), not a term base's concept. */
  row?: true;
}

export type SkipReason =
  | 'forbidden' | 'empty' | 'duplicate' | 'unsupported-language' | 'invalid' | 'too-long' | 'missing-source' | 'multi-line';

export const SKIP_REASONS: readonly SkipReason[] = ['forbidden', 'empty', 'duplicate', 'unsupported-language', 'invalid', 'too-long', 'missing-source', 'multi-line'];

/** Words for each reason, as the preview shows them. */
export const SKIP_WORDS: Record<SkipReason, string> = {
  'forbidden': 'deprecated or forbidden term',
  'empty': 'empty term',
  'duplicate': 'duplicate source phrase',
  'unsupported-language': 'language not supported for glossaries',
  'invalid': 'invalid by the entry rules',
  'too-long': 'longer than the service\'s phrase limit',
  'missing-source': 'no source term',
  'multi-line': 'a quoted field spans several lines',
};

export interface Skip {
  reason: SkipReason;
  message: string;
  /** 1-based line in the file. */
  line?: number;
  source?: string;
  target?: string;
}

/** A choice the importer made (which synonym became the entry, a variant folded into its root, a column ignored). */
export interface Choice {
  message: string;
  line?: number;
}

export interface PlannedEntry {
  source: string;
  target: string;
  /** 1-based line in the file. */
  line: number;
}

/** A finding of the entry rules on an imported entry. */
export interface PlanFinding {
  code: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  line?: number;
  source?: string;
}

export interface PlannedPair {
  /** Root codes, lower case. */
  sourceLang: string;
  targetLang: string;
  /** What would be sent: valid, one per source phrase, in file order. */
  entries: PlannedEntry[];
  skipped: Skip[];
  findings: PlanFinding[];
  /** Read back from its (edited) document: lines are the document's, not the file's. */
  fromDocument?: boolean;
}

/** A term the import leaves out because the file marks it deprecated or forbidden (or, in a sheet, a row marked
 * forbidden): what the term check's sidecar keeps, so that a translation using it is reported (forbidden-term). */
export interface ExcludedTerm {
  /** Root code, lower case. */
  lang: string;
  term: string;
  status: 'deprecated' | 'forbidden';
  /** The concept's term in the plan's source language, when it has one. */
  source?: string;
  line: number;
}

export interface ImportPlan {
  /** What was read: 'tbx-v2', 'tbx-v3', 'csv', 'tsv'. */
  format: string;
  /** A name for the glossary (the TBX title), when the file has one. */
  title?: string;
  sourceLang?: string;
  pairs: PlannedPair[];
  choices: Choice[];
  /** About the file as a whole: encoding, delimiter, header, layout. */
  notes: string[];
  /** The terms left out as deprecated or forbidden, in file order (see ExcludedTerm). */
  excluded?: ExcludedTerm[];
}

export const pairKey = (sourceLang: string, targetLang: string) => `${sourceLang.toLowerCase()}-${targetLang.toLowerCase()}`;

/** Cancelled by the caller's AbortSignal. */
export class ImportCancelled extends Error {
  constructor() { super('The import was cancelled.'); this.name = 'ImportCancelled'; }
}

/** A file that cannot be read: malformed XML, a refused entity, an encoding that does not decode. */
export class ImportError extends Error {
  constructor(message: string, readonly line?: number, readonly column?: number) {
    super(message);
    this.name = 'ImportError';
  }
}
