/** Plain findings of the entry rules engine. No `vscode` import: adapters turn these into diagnostics. */

export type Severity = 'error' | 'warning' | 'info';

export type RuleCode =
  | 'missing-separator' | 'extra-separator' | 'unclosed-quote' | 'stray-quote'
  | 'empty-source' | 'empty-target' | 'duplicate-source' | 'control-character' | 'unicode-newline'
  | 'surrounding-whitespace' | 'phrase-too-long' | 'invisible-character' | 'mixed-script'
  | 'dictionary-too-large' | 'language-mismatch' | 'blank-line'
  | 'term-list-too-long' | 'duplicate-term' | 'empty-term'
  | 'variant-target' | 'variant-source' | 'unsupported-language' | 'same-language'
  | 'server-rejected' | 'merge-conflict'
  // a multilingual glossary (src/core/glossary)
  | 'grid-header' | 'untranslated-source' | 'missing-translation' | 'reverse-mismatch'
  | 'inconsistent-source-case' | 'same-target-for-different-sources' | 'draft-translation'
  // the term check of translations (src/core/termCheck)
  | 'term-not-used' | 'forbidden-term' | 'inconsistent-term' | 'untranslated-term';

/** A replacement of text. `line`/`start` to `endLine`/`end` (UTF-16 columns, end exclusive); endLine defaults to line. */
export interface TextEdit {
  line: number;
  start: number;
  end: number;
  endLine?: number;
  text: string;
}

export interface Fix {
  title: string;
  edits: TextEdit[];
  /** The obvious fix: shown first, and applied by "Fix All". */
  preferred?: boolean;
}

export interface RelatedLocation {
  line: number;
  start: number;
  end: number;
  message: string;
}

export interface Finding {
  code: RuleCode;
  severity: Severity;
  message: string;
  /** 0-based line. */
  line: number;
  /** UTF-16 column of the first offending character. */
  start: number;
  /** UTF-16 column after the last offending character. */
  end: number;
  related?: RelatedLocation[];
  fixes?: Fix[];
}

/** Limits from the interface document. */
export const LIMITS = {
  phraseBytes: 1024,
  dictionaryBytes: 10 * 1024 * 1024,
  termListChars: 300,
  nameBytes: 1024,
} as const;

/** Where each rule is documented: docs/rules.md, one anchor per code (`#rule-<code>`), checked by test/unit/docs. */
export const RULES_DOC_URL = 'https://github.com/terminology-studio/terminology-studio/blob/main/docs/rules.md#rule-';

export function ruleDocUrl(code: RuleCode): string {
  return RULES_DOC_URL + code;
}

export function compareFindings(a: Finding, b: Finding): number {
  return a.line - b.line || a.start - b.start || a.end - b.end || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}
