/** The term check's pure core: readers of translation files with exact positions, the matcher, the findings.
 * Never imports `vscode`. */
import type { Finding } from '../findings';
import { ruleDocUrl } from '../findings';
import type { TermCode, TermFinding } from './check';
import { LineIndex } from './mapped';
import type { TranslationKind } from './kind';

export { RenderingTally, TermIndex, TERM_SEVERITY, type GlossaryEntry, type Rendering, type TermCheckOptions, type TermCode, type TermFinding } from './check';
export { fileOffset, fileRange, LineIndex, PLACEHOLDER, type MappedText } from './mapped';
export { compileTerm, findTerm, Subject, TermMatcher, type CaseMode, type CompiledTerm, type Hit } from './matcher';
export { endingsOf, INFLECTION_LANGUAGES, MIN_STEM } from './inflection';
export { Automaton } from './automaton';
export { escapeFor, inCaseOf } from './fixText';
export { normalize } from './normalize';
export { readXliff } from './xliff';
export { readPo } from './po';
export { jsonStrings, readKeyValuePair } from './keyValue';
export { propertiesStrings } from './properties';
export { androidStrings, androidUnescape } from './android';
export { appleStrings } from './appleStrings';
export { readXcstrings } from './xcstrings';
export type { KeyValueFormat } from './keyValue';
export type { ReadProblem, ReadResult, TranslationFormat, TranslationUnit, UnitIgnore } from './types';
export { IGNORE_MARK, joinIgnore, parseIgnoreMark } from './types';

export const TERM_CODES: readonly TermCode[] = ['term-not-used', 'forbidden-term', 'inconsistent-term', 'untranslated-term'];

export { translationKind, type TranslationKind } from './kind';
export { readTranslations } from './read';
export { checkTranslationFile, checkUnits, GlossaryIndex, readForCheck, pairEntries, type FileCheckRequest, type FileCheckResult, type GlossaryIndexInput, type GlossaryPart, type GlossarySummary, type TalliedCheckResult } from './glossaryIndex';


/** A term finding as the entry rules' findings are: 0-based line and UTF-16 columns; `endLine` when it ends on
 * another line (a target over several lines). */
export interface TermFileFinding extends Finding { endLine: number; unitId: string; docUrl: string }

export function toFileFindings(findings: readonly TermFinding[], fileText: string, lines = new LineIndex(fileText)): TermFileFinding[] {
  return findings.map((f) => {
    const a = lines.position(f.offset);
    const b = lines.position(f.endOffset);
    const out: TermFileFinding = {
      code: f.code, severity: f.severity, message: f.message, line: a.line, start: a.col, endLine: b.line, end: b.col,
      unitId: f.unitId, docUrl: ruleDocUrl(f.code),
    };
    if (f.related && !f.related.inSourceFile) {
      const r = lines.position(f.related.offset);
      const re = lines.position(f.related.endOffset);
      out.related = [{ line: r.line, start: r.col, end: re.line === r.line ? re.col : r.col, message: f.related.message }];
    }
    return out;
  });
}

/** Whether a kind is read as a target-locale file paired by key with its source-locale file. */
export const isKeyValueKind = (kind: TranslationKind): kind is 'json' | 'properties' | 'android' | 'strings' =>
  kind === 'json' || kind === 'properties' || kind === 'android' || kind === 'strings';

export { bilingualLanguages, dictionaryEntries, glossaryLanguages, keyValueSourceLang, langRoot, localeOfPath, sourceFileCandidates } from './workspaceFiles';
export { forbiddenOf, mergeStatuses, parseStatuses, STATUS_FILE_NAME, type LeftOutTerm, type StatusTerm, type Statuses } from './statuses';
export { findCandidates, findCandidatesPacked, packCandidateRequest, type Candidate, type CandidateOptions, type PackedCandidateRequest } from './candidates';
export { manifestIgnoreEdit, poIgnoreEdit, renderingEdit, xliffIgnoreEdit, type TextEdit } from './ignoreEdits';
