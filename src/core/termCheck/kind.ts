/** The kinds of translation files the term check reads; a file's kind is told by its name. Apart from index.ts, so
 * that a caller needing only this does not take in the readers. */

export type TranslationKind = 'xliff' | 'po' | 'json' | 'properties' | 'android' | 'strings' | 'xcstrings';

/** The kind of a translation file, by its name (either separator). Android's resources are the `strings.xml` of a
 * `values` or `values-<qualifiers>` folder. */
export function translationKind(path: string): TranslationKind | undefined {
  if (/\.(xlf|xliff)$/i.test(path)) return 'xliff';
  if (/(^|[\\/])values(-[^\\/]+)?[\\/]strings\.xml$/.test(path)) return 'android';
  if (/\.strings$/i.test(path)) return 'strings';
  if (/\.xcstrings$/i.test(path)) return 'xcstrings';
  if (/\.po$/i.test(path)) return 'po';
  // ARB (Flutter) is JSON whose `@key` and `@@locale` entries are metadata: jsonStrings skips them.
  if (/\.(json|arb)$/i.test(path)) return 'json';
  if (/\.properties$/i.test(path)) return 'properties';
  return undefined;
}
