/** Import and export: TBX v2/v3, spreadsheets and the service's own CSV; the preview; the writers. No `vscode`. */
export * from './model';
export { sniffEncoding, StreamDecoder, decodeBytes, decodeOwnedBytes, releaseBytes, type DecodedText } from './decode';
export { internalEntities } from './entities';
export { readTbx, statusOf, sourceLanguages, READ_LIMITS, type TermBase, type ReadOptions } from './tbx';
export {
  isFlagColumn, scriptLanguages, layoutKey, rememberLayout, recallLayout, describeLayout, FLAG_HEADER, FLAG_VALUE, MAX_REMEMBERED_LAYOUTS,
  type RememberedLayout,
} from './layout';
export { planConcepts, type PlanOptions } from './plan';
export { planEntries } from './planPairs';
export {
  readSpreadsheet, planSpreadsheet, sheetLanguages, refuseLargeSheet, MAX_SHEET_BYTES, detectDelimiter, languageOf, pairFromName,
  DELIMITERS, DELIMITER_NAMES, type Sheet, type SheetRow, type SheetOptions, type ColumnMapping, type Delimiter,
} from './spreadsheet';
export { previewPair, previewPlan, pairEntriesText, pairDocumentText, pairFromDocument, describePreview, type ImportMode, type PairPreview } from './preview';
export { writeTbx, writeCsv, writeTsv, tsvFileName, xmlEscape, exportLosses, sourceLanguagesOf, tbxFileNameFor, type ExportFormat, type ExportDictionary, type ExportOptions, type Sink } from './writers';
