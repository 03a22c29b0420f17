/** Splits one line of a TSV or CSV dictionary into fields with their exact columns. Entries are line-based
 * (spec rule 1, and rule 7 forbids newlines in phrases), so a quote left open at the end of a line is an error
 * on that line rather than a field that runs on into the next one. */
import type { Finding, TextEdit } from './findings';

export type EntriesFormat = 'tsv' | 'csv';

export interface Field {
  /** The phrase after unquoting. */
  value: string;
  /** Columns of the raw field, quotes included. */
  start: number;
  end: number;
  /** Columns of the text between the quotes (same as start/end when unquoted). */
  contentStart: number;
  contentEnd: number;
  quoted: boolean;
}

export interface ParsedLine {
  fields: Field[];
  /** Quoting problems found while splitting (CSV only). Line numbers are 0 here; the caller places them. */
  problems?: Finding[];
}

function unescapeQuotes(s: string): string {
  return s.indexOf('"') === -1 ? s : s.replace(/""/g, '"');
}

function tsvField(line: string, start: number, end: number): Field {
  // Spec rule 3: a phrase may be enclosed in double quotes; a doubled quote inside stands for one.
  if (end - start >= 2 && line.charCodeAt(start) === 34 && line.charCodeAt(end - 1) === 34) {
    return { value: unescapeQuotes(line.slice(start + 1, end - 1)), start, end, contentStart: start + 1, contentEnd: end - 1, quoted: true };
  }
  return { value: line.slice(start, end), start, end, contentStart: start, contentEnd: end, quoted: false };
}

/** TSV: a tab separates the phrases. `from` skips a byte order mark. */
export function parseTsvLine(line: string, from = 0): ParsedLine {
  const fields: Field[] = [];
  let start = from;
  for (;;) {
    const tab = line.indexOf('\t', start);
    if (tab === -1) {
      fields.push(tsvField(line, start, line.length));
      return { fields };
    }
    fields.push(tsvField(line, start, tab));
    start = tab + 1;
  }
}

/** Quotes a CSV field value (spec rule 3). */
export function quoteCsv(value: string): string {
  return '"' + value.replace(/"/g, '""') + '"';
}

function problem(code: 'unclosed-quote' | 'stray-quote', message: string, start: number, end: number, edits?: TextEdit[], title?: string): Finding {
  const f: Finding = { code, severity: 'error', message, line: 0, start, end };
  if (edits && title) f.fixes = [{ title, edits, preferred: code === 'stray-quote' }];
  return f;
}

/** CSV: a comma separates the fields; a field with a quote or a comma must be quoted; "" is one quote. */
export function parseCsvLine(line: string, from = 0): ParsedLine {
  const fields: Field[] = [];
  let problems: Finding[] | undefined;
  const len = line.length;
  let pos = from;
  for (;;) {
    if (pos < len && line.charCodeAt(pos) === 34) {
      // Quoted field.
      let value = '';
      let i = pos + 1;
      let closing = -1;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q === -1) break;
        if (line.charCodeAt(q + 1) === 34) { value += line.slice(i, q + 1); i = q + 2; continue; }
        value += line.slice(i, q);
        closing = q;
        break;
      }
      if (closing === -1) {
        value += line.slice(i);
        (problems ??= []).push(problem('unclosed-quote',
          'The quote that opens this field is never closed. Close it, or double the quote ("") if it is part of the phrase.',
          pos, len, [{ line: 0, start: len, end: len, text: '"' }], 'Close the quote at the end of the line'));
        fields.push({ value, start: pos, end: len, contentStart: pos + 1, contentEnd: len, quoted: true });
        break;
      }
      const next = line.indexOf(',', closing + 1);
      const end = next === -1 ? len : next;
      if (end > closing + 1) {
        const raw = line.slice(pos, end);
        (problems ??= []).push(problem('stray-quote',
          'Text follows the closing quote of this field. A quote inside a quoted field must be doubled ("").',
          closing, end, [{ line: 0, start: pos, end, text: quoteCsv(raw.slice(1).replace(/"$/, '')) }], 'Quote the field properly'));
        value += line.slice(closing, end);
      }
      fields.push({ value, start: pos, end, contentStart: pos + 1, contentEnd: closing, quoted: true });
      if (next === -1) break;
      pos = next + 1;
    } else {
      const next = line.indexOf(',', pos);
      const end = next === -1 ? len : next;
      const value = line.slice(pos, end);
      const q = value.indexOf('"');
      if (q !== -1) {
        (problems ??= []).push(problem('stray-quote',
          'A field that contains a double quote must be enclosed in double quotes.',
          pos + q, pos + q + 1, [{ line: 0, start: pos, end, text: quoteCsv(value) }], 'Quote the field'));
      }
      fields.push({ value, start: pos, end, contentStart: pos, contentEnd: end, quoted: false });
      if (next === -1) break;
      pos = next + 1;
    }
  }
  return problems ? { fields, problems } : { fields };
}

export function parseLine(line: string, format: EntriesFormat, from = 0): ParsedLine {
  return format === 'tsv' ? parseTsvLine(line, from) : parseCsvLine(line, from);
}
