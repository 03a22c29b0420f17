/**
 * The inflection allowance: a target holding an inflected form of a glossary term uses the term. Per language, a list
 * of endings; a word of the term matches a word of the text when both are the same stem plus an ending of the list
 * (the term's own word included): de "Wolke" → "Wolken", ru "облако" → "облака", "облаком", pl "plik" → "pliku",
 * "plików", pt "canal" → "canais", fr "cheval" → "chevaux".
 *
 * Limits, on purpose (a suffix list, not a morphological analyser):
 * - A stem keeps at least MIN_STEM characters, so that short words do not match everything.
 * - Changes inside the stem are not matched: umlaut (de "Datei" ok, but "Stadt" → "Städte" not), vowel changes
 *   (nl "naam" → "namen"), doubled consonants (nl "bus" → "bussen"), mobile vowels (pl "budynek" → "budynku" only
 *   through the "ek"/"ku" endings), stress marks, prefixes (de "ge-" participles).
 * - The allowance accepts some forms that are not words (it is an allowance: it only ever removes findings on the
 *   target; the forbidden-term check uses it too, so an unrelated word of the same stem may be taken as the term).
 * - German compounds: a term inside a compound ("Cloudspeicher") is not matched (no word boundary).
 * - Languages without a list (en aside, which has its plural endings) match the term exactly (case and whitespace
 *   as said in normalize.ts).
 * Pure.
 */

export const MIN_STEM = 3;

/** Endings that may be taken off a term's word and put on, by language. English is the source language of most
 * glossaries: its plural endings only, and "y" only taken off ("company" → "companies", not "cloud" → "cloudy"). */
const STRIP_ONLY: Record<string, string[]> = { en: ['y'] };
const LISTS: Record<string, string[]> = {
  en: ['s', 'es', 'ies'],
  de: ['e', 'en', 'n', 'er', 'ern', 'es', 's', 'em', 'nen'],
  fr: ['s', 'x', 'e', 'es', 'al', 'aux', 'ail', 'aux'],
  es: ['s', 'es', 'a', 'as', 'o', 'os', 'z', 'ces'],
  it: ['a', 'e', 'i', 'o', 'he', 'hi'],
  pt: ['s', 'es', 'a', 'as', 'o', 'os', 'ão', 'ões', 'ães', 'ãos', 'm', 'ns', 'l', 'is', 'el', 'éis'],
  nl: ['e', 'en', 'n', 's', 'es', 'eren', 'ën'],
  pl: ['a', 'ą', 'ach', 'ami', 'e', 'ę', 'em', 'ie', 'iem', 'i', 'o', 'om', 'owi', 'ów', 'u', 'y', 'ze', 'ce', 'ek', 'ka', 'ki', 'ku', 'kiem', 'kach', 'kami', 'kom', 'ków'],
  ru: ['а', 'я', 'у', 'ю', 'е', 'и', 'ы', 'о', 'ь', 'й', 'ой', 'ей', 'ом', 'ем', 'ём', 'ов', 'ев', 'ёв', 'ам', 'ям', 'ами', 'ями', 'ах', 'ях',
    'ию', 'ия', 'ие', 'ий', 'ии', 'ые', 'ых', 'ым', 'ыми', 'ый', 'ая', 'ое', 'ую', 'ого', 'его', 'ому', 'ему', 'их', 'им', 'ими', 'ья', 'ье', 'ьи', 'ью', 'ью'],
};

export const INFLECTION_LANGUAGES = Object.keys(LISTS);

/** The endings of a language: those a form may end with (`add`, the empty ending included) and those that may be
 * taken off the term's word (`strip`). */
export interface Endings { add: ReadonlySet<string>; strip: ReadonlySet<string> }

const sets = new Map<string, Endings>();
/** The endings of a language, by its root code (none for a language without a list: exact words). */
export function endingsOf(lang: string | undefined): Endings {
  const root = (lang ?? '').toLowerCase().split(/[-_]/)[0];
  let s = sets.get(root);
  if (!s) {
    const add = new Set(['', ...(LISTS[root] ?? [])]);
    s = { add, strip: new Set([...add, ...(STRIP_ONLY[root] ?? [])]) };
    sets.set(root, s);
  }
  return s;
}

export const NO_ENDINGS: Endings = { add: new Set(['']), strip: new Set(['']) };

/** A word of a term, as the matcher needs it: the shortest stem (a literal prefix of every accepted form) and, after
 * it, the tails an accepted form may start with. */
export interface WordForm {
  word: string;
  /** The word without the longest ending of the list that leaves MIN_STEM characters. */
  stem: string;
  /** The word's own endings after `stem` with each ending of the list taken off again: "" for "облак|о". */
  tails: string[];
  endings: Endings;
}

export function wordForm(word: string, endings: Endings): WordForm {
  let longest = '';
  for (const e of endings.strip) {
    if (e.length > longest.length && word.length - e.length >= MIN_STEM && word.endsWith(e)) longest = e;
  }
  const stem = word.slice(0, word.length - longest.length);
  const tails = new Set<string>([longest]);
  for (const e of endings.strip) if (e && longest.endsWith(e)) tails.add(longest.slice(0, longest.length - e.length));
  return { word, stem, tails: [...tails], endings };
}

/** Whether `rest` (what follows the stem up to the end of the word in the text) makes an accepted form. */
export function acceptsRest(f: WordForm, rest: string): boolean {
  for (const t of f.tails) if (rest.startsWith(t) && (rest.length === t.length || f.endings.add.has(rest.slice(t.length)))) return true;
  return false;
}
