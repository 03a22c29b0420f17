/** A multilingual glossary as one text per source language: join, split and the rules across dictionaries. */
export { parseGrid, conflictScan, joinGrid, joinGridTexts, gridChanges, type GridChanges, splitGrid, gridStats, cellValue, type GridDictionary, type GridRow, type ParsedGrid, type SplitGrid, type GridStats } from './grid';
export { lintGrid, type GridLintOptions } from './lint';
export { sameGrid, gridEntryCount, mergeGrid, mergeOf } from './merge';
export { GridLinter } from './incremental';
export { removeFromDictionaries, rowLanguages } from './removeRows';
