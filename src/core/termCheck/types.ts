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
  /** A file that holds several target languages (an Apple String Catalog): this unit's, over the file's. */
  targetLang?: string;
  /** What the file itself says not to check in this unit ("Ignore here"): a PO translator comment or an XLIFF note
   * `terminology-ignore: cloud, server` (the terms, by the glossary's source phrase or the forbidden term, any case),
   * or `terminology-ignore` alone (every term). */
  ignore?: UnitIgnore;
}

export interface UnitIgnore { all: boolean; terms: string[] }

/** The words that start an ignore mark, and what is ignored (see TranslationUnit.ignore); undefined for other text. */
export const IGNORE_MARK = 'terminology-ignore';

export function parseIgnoreMark(text: string): UnitIgnore | undefined {
  const m = /^\s*terminology-ignore\b\s*(?::\s*(.*))?$/is.exec(text);
  if (!m) return undefined;
  const terms = (m[1] ?? '').split(',').map((t) => t.trim()).filter(Boolean);
  return { all: terms.length === 0, terms };
}

/** The text of an XML note with its predefined and numeric entities decoded (for reading an ignore mark). */
export function decodeXmlEntities(raw: string): string {
  return raw.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (m, e: string) => {
    const k = e.toLowerCase();
    if (k.startsWith('#x')) return String.fromCodePoint(parseInt(k.slice(2), 16));
    if (k.startsWith('#')) return String.fromCodePoint(parseInt(k.slice(1), 10));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[k] ?? m;
  });
}

/** Both marks of a unit as one. */
export function joinIgnore(a: UnitIgnore | undefined, b: UnitIgnore | undefined): UnitIgnore | undefined {
  if (!a || !b) return a ?? b;
  return { all: a.all || b.all, terms: [...a.terms, ...b.terms] };
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

export type TranslationFormat = 'xliff-1.2' | 'xliff-2' | 'po' | 'json' | 'properties' | 'android' | 'strings' | 'xcstrings';
