/** Language code rules for glossary dictionaries: root codes only, no Thai, source differs from target. */
import type { RuleCode, Severity } from './findings';

export interface LanguageFinding {
  code: RuleCode;
  severity: Severity;
  message: string;
  /** Which code of the pair is wrong. */
  field: 'source' | 'target';
  /** The code to use instead, when one is clear. */
  replacement?: string;
}

export interface LanguagePairOptions {
  /** Glossary-capable language codes (GET /v3/languages?resource=glossary), compared case-insensitively. */
  languages?: Iterable<string>;
}

/** The languages the service makes glossaries for (its glossary list, `GET /v3/languages?resource=glossary`, as the
 * notes give it), and Thai, which it refuses (so that a file's Thai is reported as refused, not as unknown). Used when
 * the service's own list is not at hand. */
export const GLOSSARY_LANGUAGES: ReadonlySet<string> = new Set(('ar bg cs da de el en es et fi fr he hu id it ja ko lt lv nb nl pl pt ro ru sk ' +
  'sl sv tr uk zh vi hi bn ms fa ca eu gl hr sr bs mk sq is ga cy mt af sw ta te ur th').split(' '));

/** Codes of a language the service writes another way: Norwegian `no` (the macrolanguage) is Bokmål `nb`; the old
 * ISO 639 codes of Hebrew, Indonesian and Yiddish; ISO 639-2/3 three-letter codes of its languages (TBX files from
 * some tools use them). */
const ALIASES: Record<string, string> = {
  no: 'nb', nor: 'nb', nob: 'nb', iw: 'he', in: 'id', ji: 'yi',
  ara: 'ar', bul: 'bg', ces: 'cs', cze: 'cs', dan: 'da', deu: 'de', ger: 'de', ell: 'el', gre: 'el', eng: 'en', spa: 'es', est: 'et',
  fin: 'fi', fra: 'fr', fre: 'fr', heb: 'he', hun: 'hu', ind: 'id', ita: 'it', jpn: 'ja', kor: 'ko', lit: 'lt', lav: 'lv', nld: 'nl',
  dut: 'nl', pol: 'pl', por: 'pt', ron: 'ro', rum: 'ro', rus: 'ru', slk: 'sk', slo: 'sk', slv: 'sl', swe: 'sv', tur: 'tr', ukr: 'uk',
  zho: 'zh', chi: 'zh', vie: 'vi', tha: 'th',
};

/** A language code as a file, a header, a manifest or a user writes it, made the code the service knows it by. */
export interface LanguageCode {
  /** Lower case, `-` between subtags: the root (`en`, `nb`, `zh`), or a variant the service's list itself holds; ''
   * when the input is blank. */
  code: string;
  /** Whether `code` is in the service's list (the built-in one when none is given). */
  known: boolean;
  /** What was changed beyond case and `_`: "region", "script or region" (subtags dropped), "alias" (`no` → `nb`). */
  folded?: 'subtags' | 'alias';
  /** The input has no language code's shape (letters, then subtags of letters and digits after `-`): `---`, `*`,
   * `1`, `en us`. It names no language, known or not, and is never taken for one. */
  invalid?: true;
}

/** A language tag's shape (BCP 47's, loosely), lower case: `en`, `zh-hant-tw`, `x-klingon`, `es-419`. */
const TAG_SHAPE = /^[a-z]{1,8}(-[a-z0-9]{1,8})*$/;

/**
 * The one function every path takes a language code through (TBX `xml:lang`, spreadsheet headers and columns, the
 * service's CSV, the manifest, the pickers): trimmed, case and `_` folded, a region or script dropped unless the
 * service's list holds the variant itself, an alias made the service's code (`no` → `nb`, `deu` → `de`). A code the
 * list does not hold comes back with `known: false`, for the caller to report: it is never taken for a new language
 * silently.
 */
export function normalizeLanguage(input: string, languages?: ReadonlySet<string> | Iterable<string>): LanguageCode {
  const lower = input.trim().toLowerCase().replace(/_/g, '-');
  if (lower === '') return { code: '', known: false };
  if (!TAG_SHAPE.test(lower)) return { code: lower, known: false, invalid: true };
  const list = languages === undefined ? GLOSSARY_LANGUAGES : languages instanceof Set ? languages as ReadonlySet<string> : lowerSet(languages);
  const i = lower.indexOf('-');
  if (i !== -1 && list.has(lower)) return { code: lower, known: true };
  const first = i === -1 ? lower : lower.slice(0, i);
  const alias = ALIASES[first];
  const code = alias ?? (/^[a-z]{2,3}$/.test(first) ? first : lower);
  const out: LanguageCode = { code, known: list.has(code) };
  if (alias) out.folded = 'alias';
  else if (i !== -1 && code === first) out.folded = 'subtags';
  return out;
}

function lowerSet(codes: Iterable<string>): ReadonlySet<string> {
  const out = new Set<string>();
  for (const c of codes) out.add(c.toLowerCase().replace(/_/g, '-'));
  return out;
}

/** The root of a code, as glossaries name languages: "EN-GB" -> "en", "zh-Hans" -> "zh", "de_DE" -> "de", "no" -> "nb". */
export function rootCode(code: string): string {
  return normalizeLanguage(code).code;
}

export function isVariant(code: string): boolean {
  return /[-_]/.test(code.trim());
}

/** Compares language codes case-insensitively (the service returns "EN" or "en"). */
export function sameCode(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** Checks one language code of a glossary dictionary: root codes only, no Thai, known to the service. */
export function lintLanguageCode(code: string, field: 'source' | 'target', options: LanguagePairOptions = {}): LanguageFinding[] {
  const out: LanguageFinding[] = [];
  const upper = code.toUpperCase();
  if (code.trim() === '') {
    out.push({ code: 'unsupported-language', severity: 'error', field, message: `The ${field} language is missing.` });
  } else if (normalizeLanguage(code).invalid) {
    out.push({ code: 'unsupported-language', severity: 'error', field, message: `"${code.trim()}" is not a language code.` });
  } else if (isVariant(code) && !normalizeLanguage(code, options.languages ?? GLOSSARY_LANGUAGES).code.includes('-')) {
    const root = rootCode(code).toUpperCase();
    out.push({
      code: field === 'target' ? 'variant-target' : 'variant-source', severity: 'error', field, replacement: root,
      message: `Glossaries are created with root language codes: use ${root} instead of ${upper}.` +
        (field === 'target' ? ` A glossary for ${root} applies to all its variants when translating.` : ''),
    });
  } else if (ALIASES[code.trim().toLowerCase()]) {
    const to = ALIASES[code.trim().toLowerCase()].toUpperCase();
    out.push({ code: 'unsupported-language', severity: 'error', field, replacement: to, message: `The service names this language ${to}: use ${to} instead of ${upper}.` });
  } else if (rootCode(code) === 'th') {
    out.push({ code: 'unsupported-language', severity: 'error', field, message: 'Glossaries cannot be created for Thai (TH).' });
  } else if (options.languages && !isVariant(code) && ![...options.languages].some((c) => sameCode(c, code))) {
    out.push({ code: 'unsupported-language', severity: 'error', field, message: `${upper} is not a glossary language of the service.` });
  }
  return out;
}

/** Checks a dictionary's language pair before a create or a push. Codes are shown in upper case. */
export function lintLanguagePair(sourceLang: string, targetLang: string, options: LanguagePairOptions = {}): LanguageFinding[] {
  const languages = options.languages ? [...options.languages] : undefined;
  const out = [
    ...lintLanguageCode(sourceLang, 'source', { languages }),
    ...lintLanguageCode(targetLang, 'target', { languages }),
  ];
  if (sourceLang.trim() && rootCode(sourceLang) === rootCode(targetLang)) {
    out.push({
      code: 'same-language', severity: 'error', field: 'target',
      message: `The source and target languages are both ${rootCode(sourceLang).toUpperCase()}. A dictionary maps one language to another.`,
    });
  }
  return out;
}
