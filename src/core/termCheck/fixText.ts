/** The text a term check quick fix writes: the glossary's target in the case of the words it replaces, escaped for the
 * translation file's format. Pure. */
import type { TranslationKind } from './index';

/** The glossary's target in the case of the text it replaces: a capital when that text starts with one (or when it
 * starts the string), all capitals for an all-capitals word; the target's own capitals are never lowered. */
export function inCaseOf(target: string, replaced: string, startsString: boolean): string {
  const letters = replaced.replace(/[^\p{L}]/gu, '');
  if (letters.length > 1 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) return target.toUpperCase();
  const first = replaced.length ? replaced[0] : '';
  const capital = startsString ? (first === '' || first !== first.toLowerCase()) : first !== '' && first !== first.toLowerCase();
  return capital ? target.charAt(0).toUpperCase() + target.slice(1) : target;
}

/** The text as the file's format writes it in a string. */
export function escapeFor(kind: TranslationKind, text: string): string {
  if (kind === 'xliff') return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  if (kind === 'po' || kind === 'json' || kind === 'strings' || kind === 'xcstrings') return text.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
  if (kind === 'android') {
    // Android's escapes first, then XML's; a leading @ or ? would make the string a reference.
    const escaped = text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/'/g, '\\\'').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/^([@?])/, '\\$1');
    return escaped.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  }
  return text.replace(/\\/g, '\\\\');
}
