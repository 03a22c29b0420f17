/** What a spreadsheet's columns are, without a silent guess (issue #29): flag columns (yes/no, true/false, x, a
 * "forbidden" or "case sensitive" header) are never languages; a column has a language only from a header that names
 * one, a code of the service's list in every row (the service's own layout), or the script its text is written in (a
 * suggestion to confirm, never taken alone). Pure: no vscode. */
import { normalizeLanguage } from '../languages';

/** Header words of columns that hold a mark per row, not a language's terms. */
export const FLAG_HEADER = /^(forbidden|not[ _-]?allowed|do[ _-]?not[ _-]?use|deprecated|case[ _-]?sensitive|case|cs|match[ _-]?case|exact[ _-]?match|translatable|do[ _-]?not[ _-]?translate|dnt|locked|approved|verified|status|part[ _-]?of[ _-]?speech|pos|type)$/i;
/** Headers of a flag column that marks a row not to import. */
export const FORBIDDEN_HEADER = /^(forbidden|not[ _-]?allowed|do[ _-]?not[ _-]?use|deprecated)$/i;
/** Values of a flag column. */
export const FLAG_VALUE = /^(yes|no|y|n|true|false|x|0|1|ja|nein|oui|non|si|sí|wahr|falsch|on|off|✓|✔|✗|✘|-)$/i;

/** Whether a column is one of marks: its header says so, or every non-empty value is a yes/no mark and one of them at
 * least is no language code (`yes`, `x`, `true`…). Some marks are codes too: a column of nothing but `no` is taken for
 * marks (Norwegian is `nb` for the service, and such a column is far more often a list of "no" than of languages);
 * one of nothing but `ja` for Japanese (the service's code, which its own export writes). */
export function isFlagColumn(values: readonly string[], header?: string): boolean {
  // A header that names a language decides against (`cs` is Czech over a column of Czech text, not "case sensitive").
  if (header !== undefined && FLAG_HEADER.test(header.trim()) && !(normalizeLanguage(header).known && !values.every(isFlagValue))) return true;
  let seen = 0;
  let notCode = false;
  let onlyNo = true;
  for (const v of values) {
    const t = v.trim();
    if (t === '') continue;
    if (!FLAG_VALUE.test(t)) return false;
    seen++;
    const lower = t.toLowerCase();
    if (lower !== 'no') onlyNo = false;
    if (!notCode && !normalizeLanguage(lower).known) notCode = true;
  }
  return seen > 0 && (notCode || onlyNo);
}

const isFlagValue = (v: string) => v.trim() === '' || FLAG_VALUE.test(v.trim());

/** Scripts that tell a language (or a few), with the service's codes. Latin and Cyrillic script tell too little. */
const SCRIPTS: Array<[RegExp, string[]]> = [
  [/[\u3040-\u30ff]/, ['ja']], // kana
  [/[\uac00-\ud7af\u1100-\u11ff]/, ['ko']], // Hangul
  [/[\u4e00-\u9fff]/, ['zh', 'ja']],
  [/[\u0370-\u03ff]/, ['el']],
  [/[\u0590-\u05ff]/, ['he']],
  [/[\u0600-\u06ff]/, ['ar', 'fa', 'ur']],
  [/[\u0e00-\u0e7f]/, ['th']],
  [/[\u0900-\u097f]/, ['hi']],
  [/[\u0400-\u04ff]/, ['ru', 'uk', 'bg', 'sr', 'mk']],
];

/** The languages a column's text may be in, by its script (the first ones most likely), when most of its sampled
 * values agree; [] when the script tells nothing (Latin). A suggestion for the user to confirm, never a choice. */
export function scriptLanguages(values: readonly string[]): string[] {
  const sample = values.filter((v) => v.trim() !== '').slice(0, 50);
  if (!sample.length) return [];
  for (const [re, langs] of SCRIPTS) {
    const n = sample.filter((v) => re.test(v)).length;
    if (n * 2 > sample.length) {
      // Han with kana anywhere in the column is Japanese.
      if (langs[0] === 'zh' && sample.some((v) => /[\u3040-\u30ff]/.test(v))) return ['ja'];
      return langs;
    }
  }
  return [];
}

/** The key an answer is remembered by: the header's cells (case and spaces folded) and the delimiter; undefined for a
 * sheet without a header (its first row is data: nothing to recognise the next file by). */
export function layoutKey(header: readonly string[] | undefined, delimiter: string): string | undefined {
  if (!header?.length) return undefined;
  return `${delimiter === '\t' ? 'tab' : delimiter}|${header.map((h) => h.trim().toLowerCase().replace(/\s+/g, ' ')).join('\u001f')}`;
}

/** A mapping the user gave for a header, kept for the next file with the same header. */
export interface RememberedLayout {
  mapping: { kind: 'languages'; columns: Array<{ index: number; lang: string }>; forbidden?: number };
  /** When it was given (ms since the epoch), for the oldest to go first. */
  at: number;
}

export const MAX_REMEMBERED_LAYOUTS = 50;

/** The store with `key` set to `layout`, the oldest answers dropped past MAX_REMEMBERED_LAYOUTS. */
export function rememberLayout(store: Readonly<Record<string, RememberedLayout>>, key: string, layout: RememberedLayout): Record<string, RememberedLayout> {
  const out: Record<string, RememberedLayout> = { ...store, [key]: layout };
  const keys = Object.keys(out).sort((a, b) => out[b].at - out[a].at);
  for (const k of keys.slice(MAX_REMEMBERED_LAYOUTS)) delete out[k];
  return out;
}

/** A remembered answer for `key`, when it still fits a sheet of `columnCount` columns (every column it names exists,
 * two different ones at least, each with a language). */
export function recallLayout(store: Readonly<Record<string, RememberedLayout>> | undefined, key: string | undefined, columnCount: number): RememberedLayout | undefined {
  if (!store || !key) return undefined;
  const r = store[key];
  if (!r || r.mapping?.kind !== 'languages' || !Array.isArray(r.mapping.columns)) return undefined;
  const cols = r.mapping.columns;
  const fits = (i: unknown) => Number.isInteger(i) && (i as number) >= 0 && (i as number) < columnCount;
  if (cols.length < 2 || !cols.every((c) => fits(c.index) && typeof c.lang === 'string' && c.lang !== '')) return undefined;
  if (new Set(cols.map((c) => c.index)).size !== cols.length) return undefined;
  if (r.mapping.forbidden !== undefined && !fits(r.mapping.forbidden)) return undefined;
  return r;
}

/** "column 1 → EN, column 2 → CS; column 3 marks rows not to import". */
export function describeLayout(mapping: RememberedLayout['mapping'], header?: readonly string[]): string {
  const name = (i: number) => `column ${i + 1}${header?.[i] ? ` (${JSON.stringify(header[i])})` : ''}`;
  return mapping.columns.map((c) => `${name(c.index)} → ${c.lang.toUpperCase()}`).join(', ') +
    (mapping.forbidden !== undefined ? `; ${name(mapping.forbidden)} marks rows not to import` : '');
}
