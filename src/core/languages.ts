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

/** The root of a code: "EN-GB" -> "en", "zh-Hans" -> "zh". */
export function rootCode(code: string): string {
  const i = code.indexOf('-');
  return (i === -1 ? code : code.slice(0, i)).toLowerCase();
}

export function isVariant(code: string): boolean {
  return code.includes('-');
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
  } else if (isVariant(code)) {
    const root = rootCode(code).toUpperCase();
    out.push({
      code: field === 'target' ? 'variant-target' : 'variant-source', severity: 'error', field, replacement: root,
      message: `Glossaries are created with root language codes: use ${root} instead of ${upper}.` +
        (field === 'target' ? ` A glossary for ${root} applies to all its variants when translating.` : ''),
    });
  } else if (rootCode(code) === 'th') {
    out.push({ code: 'unsupported-language', severity: 'error', field, message: 'Glossaries cannot be created for Thai (TH).' });
  } else if (options.languages && ![...options.languages].some((c) => sameCode(c, code))) {
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
