/** One reader for every kind of translation file. Pure. */
import type { TranslationKind } from './kind';
import { readKeyValuePair } from './keyValue';
import { readPo } from './po';
import type { ReadResult } from './types';
import { readXcstrings } from './xcstrings';
import { readXliff } from './xliff';

/** Reads a translation file; a key/value file needs the source-locale file's text. */
export function readTranslations(kind: TranslationKind, text: string, sourceText?: string): ReadResult {
  if (kind === 'xliff') return readXliff(text);
  if (kind === 'po') return readPo(text);
  if (kind === 'xcstrings') return readXcstrings(text);
  return readKeyValuePair(sourceText ?? (kind === 'json' ? '{}' : ''), text, kind);
}
