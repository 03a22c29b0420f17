/** Languages as a spreadsheet's header cells name them (codes, or names in a few languages), and a dictionary text
 * that starts with such a header row. Pure: no vscode. */
import { normalizeLanguage, rootCode } from './languages';
import { parseLine, type EntriesFormat } from './fields';

const NAMES: Record<string, string> = {
  english: 'en', englisch: 'en', anglais: 'en', inglés: 'en', ingles: 'en', german: 'de', deutsch: 'de', allemand: 'de', alemán: 'de',
  french: 'fr', français: 'fr', francais: 'fr', französisch: 'fr', spanish: 'es', español: 'es', espanol: 'es', spanisch: 'es',
  italian: 'it', italiano: 'it', italienisch: 'it', dutch: 'nl', nederlands: 'nl', portuguese: 'pt', português: 'pt', portugues: 'pt',
  japanese: 'ja', '日本語': 'ja', chinese: 'zh', '中文': 'zh', korean: 'ko', '한국어': 'ko', russian: 'ru', 'русский': 'ru',
  polish: 'pl', polski: 'pl', swedish: 'sv', svenska: 'sv', danish: 'da', dansk: 'da', finnish: 'fi', suomi: 'fi',
  norwegian: 'nb', norsk: 'nb', czech: 'cs', čeština: 'cs', turkish: 'tr', türkçe: 'tr', greek: 'el', ukrainian: 'uk',
  arabic: 'ar', hebrew: 'he', hungarian: 'hu', romanian: 'ro', bulgarian: 'bg', slovak: 'sk', slovenian: 'sl',
  estonian: 'et', latvian: 'lv', lithuanian: 'lt', indonesian: 'id', thai: 'th', vietnamese: 'vi',
};

/** The root code a cell names as a language (`en`, `EN-us`, `de_DE`, `English`, `German (Germany)`), if any. */
export function languageOf(cell: string): string | undefined {
  const v = cell.trim().replace(/_/g, '-');
  if (/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(v)) {
    const n = normalizeLanguage(v);
    return n.known ? n.code : undefined;
  }
  const name = v.toLowerCase().replace(/\s*\(.*\)$/, '');
  return NAMES[name];
}

/** The two cells of a dictionary text's first line when they name its source and target language (English, Deutsch;
 * EN, DE): the header row a spreadsheet from another tool starts with, which the service would take for an entry. */
export function headerRow(text: string, format: EntriesFormat, sourceLang: string, targetLang: string): [string, string] | undefined {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const nl = text.slice(start, start + 4096).search(/\r|\n/);
  const line = nl < 0 ? text.slice(start, start + 4096) : text.slice(start, start + nl);
  const fields = parseLine(line, format).fields;
  if (fields.length < 2) return undefined;
  const [s, t] = [fields[0].value, fields[1].value];
  return languageOf(s) === rootCode(sourceLang).toLowerCase() && languageOf(t) === rootCode(targetLang).toLowerCase() ? [s, t] : undefined;
}
