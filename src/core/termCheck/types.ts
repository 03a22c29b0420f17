/** What the readers of translation files return. Pure. */
import type { MappedText } from './mapped';

/** One translatable string and its translation. */
export interface TranslationUnit {
  /** The unit's id in its file: the XLIFF unit id (with "#" and the segment's id or number in 2.x), the PO
   * msgctxt + msgid (+ "[n]" for a plural form), the key path of a key/value file. */
  id: string;
  source: MappedText;
  /** Absent or empty: not translated yet (not a finding). */
  target?: MappedText;
  /** A PO entry flagged fuzzy; an XLIFF state that asks for translation or review. */
  fuzzy?: boolean;
  /** The XLIFF `state`, when given. */
  state?: string;
  /** Key/value files: the source string lies in the source-locale file, not in the file of the target. */
  sourceInOtherFile?: boolean;
}

export interface ReadProblem { message: string; offset: number }

export interface ReadResult {
  format: TranslationFormat;
  sourceLang?: string;
  targetLang?: string;
  units: TranslationUnit[];
  /** The file could not be read (not well-formed XML, not JSON…): what was read before it is kept. */
  problems: ReadProblem[];
}

export type TranslationFormat = 'xliff-1.2' | 'xliff-2' | 'po' | 'json' | 'properties';
