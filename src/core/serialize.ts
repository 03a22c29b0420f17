/** Entries as data: parse a dictionary text into entries with positions, and write entries back. */
import { parseLine, parseTsvLine, quoteCsv, type EntriesFormat, type Field } from './fields';
import { splitLines } from './text';

export interface EntryValues {
  source: string;
  target: string;
  /** CSV language columns (spec rule 4), when present. */
  sourceLang?: string;
  targetLang?: string;
}

export interface ParsedEntry extends EntryValues {
  line: number;
  fields: Field[];
}

export interface ParsedEntries {
  entries: ParsedEntry[];
  /** Lines that are neither blank nor an entry of 2 (TSV) or 2/4 (CSV) fields. */
  invalidLines: number[];
  bom: boolean;
}

export function parseEntries(text: string, format: EntriesFormat): ParsedEntries {
  const lines = splitLines(text);
  const bom = text.charCodeAt(0) === 0xfeff;
  const entries: ParsedEntry[] = [];
  const invalidLines: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const from = i === 0 && bom ? 1 : 0;
    if (lines[i].length === from || lines[i].slice(from).trim() === '') continue;
    const { fields, problems } = parseLine(lines[i], format, from);
    const n = fields.length;
    const ok = !problems && (n === 2 || (format === 'csv' && n === 4));
    if (!ok) { invalidLines.push(i); continue; }
    const e: ParsedEntry = { line: i, fields, source: fields[0].value, target: fields[1].value };
    if (n === 4) { e.sourceLang = fields[2].value; e.targetLang = fields[3].value; }
    entries.push(e);
  }
  return { entries, invalidLines, bom };
}

/** Calls `each` for every entry of the service's TSV, as parseEntries reads it: the common line (one tab, no phrase
 * that starts with a quote) is cut directly, any other through the full parser; text with a CR goes to it whole. */
export function forEachTsvEntry(text: string, each: (source: string, target: string) => void): void {
  if (text.indexOf('\r') !== -1) {
    for (const e of parseEntries(text, 'tsv').entries) each(e.source, e.target);
    return;
  }
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  while (start < n) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = n;
    const tab = text.indexOf('\t', start);
    if (tab !== -1 && tab < end) {
      const second = text.indexOf('\t', tab + 1);
      if (second === -1 || second >= end) {
        if (text.charCodeAt(start) !== 34 && text.charCodeAt(tab + 1) !== 34) {
          const source = text.slice(start, tab);
          const target = text.slice(tab + 1, end);
          if (source.trim() !== '' || target.trim() !== '') each(source, target);
        } else if (text.slice(start, end).trim() !== '') {
          const { fields } = parseTsvLine(text.slice(start, end));
          each(fields[0].value, fields[1].value);
        }
      }
    }
    start = end + 1;
  }
}

/** One phrase as it is written in a field of `format`, quoted where the format needs it. */
export function encodeField(value: string, format: EntriesFormat): string {
  return format === 'tsv' ? tsvPhrase(value) : csvPhrase(value);
}

function tsvPhrase(v: string): string {
  // A phrase that starts and ends with a quote would be read as quoted: quote it so it reads back as it is.
  // So is one that starts with U+FEFF, which on the first line would be read as a byte order mark.
  return v.length >= 2 && v.startsWith('"') && v.endsWith('"') || v.charCodeAt(0) === 0xfeff ? '"' + v.replace(/"/g, '""') + '"' : v;
}

function csvPhrase(v: string): string {
  return /[",]/.test(v) || v.charCodeAt(0) === 0xfeff ? quoteCsv(v) : v;
}

/** Writes entries as TSV or CSV, one per line, each line ended by `eol`. In TSV, language columns are dropped. */
export function serializeEntries(entries: readonly EntryValues[], format: EntriesFormat, eol = '\n'): string {
  let out = '';
  for (const e of entries) {
    if (format === 'tsv') {
      const line = tsvPhrase(e.source) + '\t' + tsvPhrase(e.target);
      // A line of only whitespace would read as blank, and the entry would be lost: quote both phrases then.
      out += (line.trim() === '' ? quoteCsv(e.source) + '\t' + quoteCsv(e.target) : line) + eol;
    }
    else {
      out += csvPhrase(e.source) + ',' + csvPhrase(e.target);
      if (e.sourceLang !== undefined && e.targetLang !== undefined) out += ',' + csvPhrase(e.sourceLang) + ',' + csvPhrase(e.targetLang);
      out += eol;
    }
  }
  return out;
}

/** The entries text to send to the service: no byte order mark, \n line breaks. */
export function entriesForSending(text: string): string {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return body.indexOf('\r') === -1 ? body : body.replace(/\r\n?/g, '\n');
}
