/** What the CLI and the editor share about a workspace's translation files: the glossary entries of a linked
 * dictionary, the locale a path names, the source-locale file a key/value file pairs with, and the languages a file
 * is checked in. Pure: paths are strings with `sep` between segments, the caller says which files exist. */
import { parseEntries } from '../serialize';
import type { GlossaryEntry } from './check';
import type { ReadResult } from './types';

export const langRoot = (lang: string) => lang.toLowerCase().split(/[-_]/)[0];

/** A linked dictionary's text as glossary entries. `file`: where an entry's line is (a path or a Uri string). */
export function dictionaryEntries(text: string, link: { format: 'tsv' | 'csv'; sourceLang: string; targetLang: string }, glossary: string, file?: string): GlossaryEntry[] {
  return parseEntries(text, link.format).entries.map((e) => ({
    source: e.source, target: e.target, sourceLang: link.sourceLang, targetLang: link.targetLang, glossary, ...(file ? { file } : {}), line: e.line,
  }));
}

/** The source and target languages of the entries (root codes), what paths are read against. */
export function glossaryLanguages(entries: readonly GlossaryEntry[]): { sourceLangs: string[]; known: Set<string> } {
  const sourceLangs = [...new Set(entries.map((e) => langRoot(e.sourceLang)))];
  return { sourceLangs, known: new Set([...entries.map((e) => langRoot(e.targetLang)), ...sourceLangs]) };
}

const baseName = (seg: string) => { const dot = seg.lastIndexOf('.'); return dot > 0 ? seg.slice(0, dot) : seg; };

/** An Android resource folder's locale: `values-de`, `values-pt-rBR`, `values-b+sr+Latn`, with other qualifiers
 * around it (`values-de-v28`, `values-night-de`): the language, and the part of the folder name that names it. */
function androidLocale(seg: string): { lang: string; part: string } | undefined {
  if (!seg.startsWith('values-')) return undefined;
  const quals = seg.split('-').slice(1);
  for (let q = 0; q < quals.length; q++) {
    const bcp = /^b\+([a-z]{2,3})((?:\+[A-Za-z0-9]{2,8})*)$/.exec(quals[q]);
    if (bcp) return { lang: bcp[1] + bcp[2].replace(/\+/g, '-'), part: quals[q] };
    if (!/^[a-z]{2,3}$/.test(quals[q])) continue;
    const region = /^r([A-Z]{2}|\d{3})$/.exec(quals[q + 1] ?? '');
    return region ? { lang: `${quals[q]}-${region[1]}`, part: `${quals[q]}-${quals[q + 1]}` } : { lang: quals[q], part: quals[q] };
  }
  return undefined;
}

/** The language a path names, from its end: `de.po`, `messages.de.xlf`, `app_de.json`, `locales/de/app.json`,
 * `de/LC_MESSAGES/app.po`, `de.lproj/Localizable.strings`, `values-pt-rBR/strings.xml`. Only codes in `known` (root
 * codes) count, so that `src/app.json` is no locale. */
export function localeOfPath(file: string, known: ReadonlySet<string>, sep = '/'): { lang: string; segment: number; part: string } | undefined {
  const segments = file.split(sep);
  for (let s = segments.length - 1; s >= 0; s--) {
    const seg = s === segments.length - 1 ? baseName(segments[s]) : segments[s];
    const android = androidLocale(seg);
    if (android) {
      if (known.has(langRoot(android.lang))) return { ...android, segment: s };
      continue;
    }
    const parts = seg.split(/[._]/);
    const candidates = [seg, ...parts.slice().reverse(), parts.length > 1 ? parts.slice(-2).join('_') : ''];
    for (const c of candidates) {
      if (/^[a-z]{2,3}([-_][a-z0-9]{2,4})?$/i.test(c) && known.has(langRoot(c))) return { lang: c.replace('_', '-'), segment: s, part: c };
    }
  }
  return undefined;
}

/** The paths the source-locale file of a key/value file may have, in the order to try: the locale in its path
 * replaced by the source language, then Java's base bundle without a locale (messages.properties beside
 * messages_de.properties). */
export function sourceFileCandidates(file: string, locale: { segment: number; part: string }, sourceLang: string, sep = '/'): string[] {
  const segments = file.split(sep);
  const seg = segments[locale.segment];
  const out: string[] = [];
  if (seg.startsWith('values-')) {
    // Android: the default resources are those without the locale qualifier (values-de-v28 → values-v28).
    const copy = [...segments];
    copy[locale.segment] = seg.replace(`-${locale.part}`, '');
    return [copy.join(sep)];
  }
  if (seg.endsWith('.lproj')) {
    // Apple: the source language's folder, else Base.lproj (Interface Builder's base localization).
    return [...new Set([sourceLang, sourceLang.toLowerCase(), 'Base'].map((l) => {
      const copy = [...segments];
      copy[locale.segment] = `${l}.lproj`;
      return copy.join(sep);
    }))].filter((c) => c !== file);
  }
  for (const lang of [sourceLang, sourceLang.toLowerCase(), sourceLang.toUpperCase()]) {
    const copy = [...segments];
    copy[locale.segment] = seg.replace(locale.part, lang);
    out.push(copy.join(sep));
  }
  const copy = [...segments];
  copy[locale.segment] = seg.replace(new RegExp(`[._-]${locale.part}(?=\\.|$)`), '');
  out.push(copy.join(sep));
  return [...new Set(out)].filter((c) => c !== file);
}

/** The source language a key/value file of target language `lang` is checked from: one the glossaries pair with it. */
export function keyValueSourceLang(lang: string, entries: readonly GlossaryEntry[], sourceLangs: readonly string[]): string | undefined {
  return sourceLangs.find((s) => entries.some((e) => langRoot(e.sourceLang) === s && langRoot(e.targetLang) === langRoot(lang))) ?? sourceLangs[0];
}

/** The languages of a bilingual file (XLIFF, PO): as it says, else its path's locale and a source language the
 * glossaries pair with it. */
export function bilingualLanguages(read: ReadResult, locale: { lang: string } | undefined, entries: readonly GlossaryEntry[], sourceLangs: readonly string[]): { sourceLang?: string; targetLang?: string } {
  const targetLang = read.targetLang ?? locale?.lang;
  const sourceLang = read.sourceLang ?? sourceLangs.find((s) => entries.some((e) => langRoot(e.sourceLang) === s && targetLang && langRoot(e.targetLang) === langRoot(targetLang))) ?? sourceLangs[0];
  return { sourceLang, targetLang };
}
