/** The pure core: parsing, entry rules, fixes and format conversion. Never imports `vscode`. */
export * from './findings';
export { parseLine, parseTsvLine, parseCsvLine, quoteCsv, type EntriesFormat, type Field, type ParsedLine } from './fields';
export { EntriesLinter, lintEntries, type LintEntriesOptions } from './entries';
export { lintTermList, termChars, termListChars, termsOf, type LintTermListOptions } from './termList';
export {
  lintLanguagePair, lintLanguageCode, rootCode, isVariant, sameCode, normalizeLanguage, GLOSSARY_LANGUAGES,
  type LanguageCode, type LanguageFinding, type LanguagePairOptions,
} from './languages';
export { applyEdits, applySpans, editSpans, fixAll, fixAllSpans, lineStarts, preferredEdits, type FixAllResult, type Span } from './fixes';
export { parseEntries, serializeEntries, entriesForSending, encodeField, type EntryValues, type ParsedEntry, type ParsedEntries } from './serialize';
export { findingFromServerError } from './serverError';
export { commonEnds, splitLines, utf8Length } from './text';
export { mergeEntries, mergeTerms, entryChanges, sameContent, countEntries, type MergeResult, type EntryChanges } from './merge';
export { CONFLICT_MARKERS, markerKind } from './conflicts';
export { rowOf, rowsOf, columnCount, cellEdit, emptyRow, deleteLinesEdits, cellFindings, cellFindingsJson, cellOf, tableRowCount, shiftLine, mapLine, type Row, type CellFinding, type LineSplice } from './table';
export * from './size';
export * from './styleRules/catalog';
export * from './styleRules/document';
export * from './glossary';
export { linterFor, type LintKind } from './lintKind';
export { decodeTextFile, encodeTextFile, firstInvalidUtf8, EncodingError, type DecodedFile, type TextEncoding } from './textFile';
