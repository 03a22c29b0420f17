/** Spreadsheet import (CSV/TSV as spreadsheets and the service's website write them), read with csv-parse:
 * encoding (UTF-8 with or without BOM, UTF-16 as Excel writes "Unicode text"), the delimiter (comma, semicolon,
 * tab), a header row of language codes or names, and the columns' roles. Pure: no vscode. */
import { parse } from 'csv-parse/sync';
import { decodeBytes, type DecodedText } from './decode';
import { planConcepts, SheetConcepts, type PlanOptions } from './plan';
import { planPairRows } from './planPairs';
import { lazyArray, SheetCells, tooLongText } from './store';
import { ImportError, type Concept, type ImportPlan, type Choice } from './model';
import { languageOf } from '../languageNames';
import { FLAG_HEADER, FLAG_VALUE, FORBIDDEN_HEADER, isFlagColumn, layoutKey, scriptLanguages } from './layout';

export type Delimiter = ',' | ';' | '\t';
export const DELIMITERS: readonly Delimiter[] = [',', ';', '\t'];
export const DELIMITER_NAMES: Record<Delimiter, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };

/** Which column is what. `pairs`: each row names its own pair (the service's CSV export); `languages`: each mapped
 * column holds one language's term (a multilingual sheet, or two columns whose languages the user gave). */
export type ColumnMapping =
  | { kind: 'pairs'; source: number; target: number; sourceLang: number; targetLang: number }
  | { kind: 'languages'; columns: Array<{ index: number; lang: string }>; forbidden?: number };

export interface SheetRow { cells: string[]; line: number; endLine: number }

export interface Sheet {
  encoding: string;
  bom: boolean;
  delimiter: Delimiter;
  /** False when the caller named it. */
  delimiterGuessed: boolean;
  /** The header row, when the first row is one. */
  header?: string[];
  rows: SheetRow[];
  columnCount: number;
  /** The mapping read from the file, when only one reading is plausible; otherwise the user maps the columns. */
  mapping?: ColumnMapping;
  /** Columns of yes/no marks (never languages), 0-based. */
  flags: number[];
  /** When `mapping` is not set: the reading to offer first (columns of text, each with the language a header names
   * or its script suggests, '' when nothing does; the forbidden column), and why the user is asked. */
  suggestion?: { columns: Array<{ index: number; lang: string; candidates: string[] }>; forbidden?: number; why: string };
  /** What an answer about this sheet's layout is remembered by (its header and delimiter); none without a header. */
  layoutKey?: string;
  notes: string[];
}

export interface SheetOptions {
  fileName?: string;
  delimiter?: Delimiter;
  /** Whether row 1 is a header, as the user said; detected when absent. */
  header?: boolean;
}


export { languageOf };

/** The pair a file name names: `en-de.glossary.tsv`, `terms_EN_FR.csv`, `Glossary.en-de.tsv`. */
export function pairFromName(fileName: string): [string, string] | undefined {
  const base = fileName.replace(/^.*[\\/]/, '');
  const all = [...base.matchAll(/(?:^|[^A-Za-z])([A-Za-z]{2})[-_]([A-Za-z]{2})(?=[^A-Za-z]|$)/g)];
  const m = all[all.length - 1];
  if (!m) return undefined;
  const s = languageOf(m[1]);
  const t = languageOf(m[2]);
  return s && t && s !== t ? [s, t] : undefined;
}

/** Counts each delimiter per line outside quotes; the one with the steadiest non-zero count wins. */
export function detectDelimiter(text: string, fileName?: string): Delimiter {
  if (/\.tsv$/i.test(fileName ?? '') && /\t/.test(text.slice(0, 64 * 1024))) return '\t';
  const delimiters = ['\t', ';', ','] as const;
  // Per line (of the first 100 with something outside quotes): how many tabs, semicolons and commas it holds outside
  // quotes. Counted as the text goes, no line kept: a line of 100 000 cells built up one character at a time held
  // 40 MiB for a moment.
  const lines: Array<[number, number, number]> = [];
  let counts: [number, number, number] = [0, 0, 0];
  let chars = 0; // the line's characters outside quotes
  let last = -1; // the last of them
  let quoted = false;
  for (let i = 0; i < text.length && lines.length < 100; i++) {
    const c = text.charCodeAt(i);
    // A quote opens a field only at its start; inside, a doubled quote is one and a single one closes it.
    if (c === 34) {
      if (!quoted && (chars === 0 || last === 9 || last === 59 || last === 44)) { quoted = true; continue; }
      if (quoted && text.charCodeAt(i + 1) === 34) { i++; continue; }
      if (quoted) { quoted = false; continue; }
    }
    if (!quoted && (c === 10 || c === 13)) {
      if (chars) lines.push(counts);
      counts = [0, 0, 0];
      chars = 0;
      last = -1;
      continue;
    }
    if (quoted) continue;
    chars++;
    last = c;
    if (c === 9) counts[0]++;
    else if (c === 59) counts[1]++;
    else if (c === 44) counts[2]++;
  }
  if (chars && lines.length < 100) lines.push(counts);
  // The share of lines with the most common non-zero count; on a tie, the larger count (a service CSV line has 3
  // commas outside quotes), then tab, semicolon, comma.
  let best: Delimiter | undefined;
  let bestScore = 0;
  let bestMode = 0;
  const scores = new Map<Delimiter, number>();
  for (const [k, d] of delimiters.entries()) {
    const freq = new Map<number, number>();
    for (const l of lines) {
      const n = l[k];
      if (n > 0) freq.set(n, (freq.get(n) ?? 0) + 1);
    }
    let modeLines = 0;
    let mode = 0;
    for (const [n, v] of freq) if (v > modeLines || (v === modeLines && n > mode)) { modeLines = v; mode = n; }
    const score = lines.length ? modeLines / lines.length : 0;
    scores.set(d, score);
    if (score > bestScore + 1e-9 || (score > 0 && Math.abs(score - bestScore) < 1e-9 && mode > bestMode)) { best = d; bestScore = score; bestMode = mode; }
  }
  // A .tsv (or .txt) file whose tabs are as steady as the winner is tab-separated (phrases may hold ; or ,).
  if (best && /\.(tsv|txt)$/i.test(fileName ?? '') && (scores.get('\t') ?? 0) >= bestScore - 1e-9 && bestScore > 0) return '\t';
  if (best) return best;
  return /\.(tsv|txt)$/i.test(fileName ?? '') ? '\t' : ',';
}

/** The columns behind each rows array readSpreadsheet gave, and the first of their rows it holds. */
const TABLES = new WeakMap<readonly SheetRow[], { cells: SheetCells; first: number }>();

/** Rows `first`… of `cells` as an array of SheetRow objects, each made when read. */
function rowsOf(cells: SheetCells, first: number): SheetRow[] {
  const rows = lazyArray(Math.max(0, cells.length - first), (i) => ({ cells: cells.cellsOf(first + i), line: cells.line(first + i), endLine: cells.endLine(first + i) }));
  TABLES.set(rows, { cells, first });
  return rows;
}

/** The columns of a sheet's rows; for rows that are plain objects (a sheet made by hand), columns made from them. */
function tableOf(sheet: Sheet): { cells: SheetCells; first: number } {
  const known = TABLES.get(sheet.rows);
  if (known) return known;
  const cells = new SheetCells('');
  for (const r of sheet.rows) {
    cells.startRow(r.line);
    for (const c of r.cells) cells.addString(c);
    cells.endRow(r.endLine, true);
  }
  return { cells, first: 0 };
}

const HEADER_WORDS = /^(source|target|term|terms|source[ _-]?(lang|language)|target[ _-]?(lang|language)|forbidden|case[ _-]?sensitive|notes?|comments?|definition|id|glossary)$/i;

/** The largest spreadsheet read: a sheet is read whole (its text, and its rows and plan in columns of numbers that cost
 * about as much again), and no dictionary of the service holds more than 10 MiB, so a bigger one is refused before it
 * is read. */
export const MAX_SHEET_BYTES = 100 * 1000 * 1000;

export function refuseLargeSheet(size: number): void {
  if (size > MAX_SHEET_BYTES) {
    throw new ImportError(`The file is ${(size / 1e6).toFixed(0)} MB; a spreadsheet import reads at most ${MAX_SHEET_BYTES / 1e6} MB ` +
      '(a dictionary of the service holds at most 10 MiB). Split the file, or export the term base as TBX, which is read as a stream.');
  }
}

/** Reads and analyses a spreadsheet: never guesses a mapping it is unsure of (the caller then asks the user).
 * `input`: the file's bytes, or its text as decodeBytes gives it. A caller that decodes first and keeps no reference
 * to the bytes lets them go before the sheet is read (a 90 MB sheet then never holds its bytes and its text at once
 * with its columns). */
export function readSpreadsheet(input: Uint8Array | DecodedText, options: SheetOptions = {}): Sheet {
  const { text, encoding, bom } = input instanceof Uint8Array ? (refuseLargeSheet(input.length), decodeBytes(input)) : input;
  const delimiter = options.delimiter ?? detectDelimiter(text, options.fileName);
  const cells = leanCells(text, delimiter) ?? parsedCells(text, delimiter);
  if (delimiter === '\t') joinTsvRows(cells);
  const comments = delimiter === '\t' ? dropComments(cells) : [];
  let columnCount = 0;
  for (let i = 0; i < cells.length; i++) columnCount = Math.max(columnCount, cells.width(i));
  // The rows as the API gives them: made when read, from the columns (see SheetCells).
  const rows = rowsOf(cells, 0);
  const notes: string[] = [];
  const sheet: Sheet = { encoding, bom, delimiter, delimiterGuessed: !options.delimiter, rows, columnCount, flags: [], notes };
  // The first note is made last: its count of rows leaves out a header row.
  if (comments.length) {
    notes.push(`${comments.length === 1 ? `Line ${comments[0]} is a comment` : `Lines ${comments.slice(0, 5).join(', ')}${comments.length > 5 ? '…' : ''} are comments`} ` +
      '(a line that starts with # and holds nothing else, as OmegaT writes its glossaries): not read as entries.');
  }
  const described = () => notes.unshift(`Encoding ${encoding.toUpperCase()}${bom ? ' with a byte order mark' : ''}; ${DELIMITER_NAMES[delimiter]}-separated` +
    `${options.delimiter ? '' : ' (detected)'}; ${sheet.rows.length} ${sheet.rows.length === 1 ? 'row' : 'rows'}${sheet.header ? ' under a header row' : ''}, ${columnCount} columns.`);

  // Columns of yes/no marks, judged on the rows after the first (which may be a header), are never languages.
  const first = rows[0]?.cells ?? [];
  const data = rows.length > 1 ? rows.slice(1, 501) : rows;
  const valuesOf = (i: number, of = data) => of.slice(0, 500).map((r) => r.cells[i] ?? '');
  // (A first cell that is a language code and no word of marks is taken with them: `DE` over `no` is a column of codes.)
  const flags = [...Array(columnCount).keys()].filter((i) => {
    const top = first[i] ?? '';
    return isFlagColumn(languageOf(top) && !FLAG_HEADER.test(top.trim()) ? valuesOf(i, rows) : valuesOf(i), top);
  });
  sheet.flags = flags;
  // The service's export: two columns of language codes on every row (4 columns, or 5 with one more).
  const pairs = options.header ? undefined : pairColumns(rows, columnCount, flags);
  if (pairs) { sheet.mapping = pairs; flagNote(sheet); described(); return sheet; }
  // A header row: language names or codes, the usual column words, or words over columns of marks, above data that is
  // none of these.
  const headerLangs = first.map((c, i) => flags.includes(i) ? undefined : languageOf(c));
  // Two or more different languages; and when the file's name gives the pair of a two-column sheet, that pair itself
  // (a first entry such as 中文 → 中文 or 中文 → عربي in fr-ru.glossary.tsv is data that happens to name languages).
  const distinct = new Set(headerLangs.filter(Boolean));
  const named = columnCount === 2 && options.fileName ? pairFromName(options.fileName) : undefined;
  const langCells = distinct.size >= 2 && (!named || (headerLangs[0] === named[0] && headerLangs[1] === named[1]))
    ? headerLangs.filter(Boolean).length : 0;
  const headerWords = first.filter((c) => HEADER_WORDS.test(c.trim())).length;
  const overMarks = flags.filter((i) => (first[i] ?? '').trim() !== '' && !FLAG_VALUE.test(first[i].trim())).length;
  const isHeader = options.header ?? ((rows.length > 1 && langCells >= 2) || (headerWords >= 2 && langCells === 0) ||
    (rows.length > 1 && overMarks > 0) || (rows.length > 1 && headerWords >= 1 && distinct.size >= 1));
  if (isHeader && rows.length) {
    sheet.header = first;
    sheet.rows = rowsOf(cells, 1);
    sheet.layoutKey = layoutKey(first, delimiter);
    notes.push(`Row 1 is a header${options.header ? ' (as you said)' : ''}: ${first.map((c) => JSON.stringify(c)).join(', ')}.`);
  }
  flagNote(sheet);
  sheet.mapping = guessMapping(sheet, langCells >= 2 && sheet.header ? headerLangs : undefined, options.fileName);
  // A header that names the targets' languages over a column of terms it names by a word ("term,…,ES,FR", a common
  // glossary sheet): the terms are the source, in a language the file does not say. Not a silent ES → FR.
  const unnamed = sheet.mapping?.kind === 'languages' ? termColumn(sheet, sheet.mapping) : undefined;
  if (unnamed !== undefined) sheet.mapping = undefined;
  if (!sheet.mapping) {
    sheet.suggestion = suggest(sheet, sheet.header ? headerLangs : []);
    if (unnamed !== undefined) {
      sheet.suggestion.why = `Column ${unnamed + 1} (${JSON.stringify(sheet.header![unnamed])}) holds terms in a language no header names, beside ` +
        `${headerLangs.filter(Boolean).map((l) => l!.toUpperCase()).join(', ')}: which language are they in?`;
    }
  }
  described();
  return sheet;
}

/** The rows of a text as csv-parse reads it (see parsedRows), for a text whose every quote is where CSV puts one (a
 * field that starts with one, ends with one before a delimiter or a line break, or doubles one inside); undefined for
 * any other text, which csv-parse then reads with its own rules for stray quotes. A cell is a range of the text, a row
 * is kept only when it holds something: a 50 MB sheet takes 4x less memory and time than through csv-parse.
 * Records end at the kind of line break that comes first outside quotes (CRLF, LF or CR), as csv-parse finds it; a
 * break of another kind outside quotes leaves the text to csv-parse too. Breaks inside quotes count as lines. */
export function leanRows(text: string, delimiter: Delimiter): SheetRow[] | undefined {
  const cells = leanCells(text, delimiter);
  return cells && [...rowsOf(cells, 0)];
}

/** leanRows, in columns. */
function leanCells(text: string, delimiter: Delimiter): SheetCells | undefined {
  const quotes = delimiter !== '\t';
  const d = delimiter.charCodeAt(0);
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  // The record delimiter: the first line break outside quotes.
  let eol = '';
  for (let k = i, q = false; k < n; k++) {
    const c = text.charCodeAt(k);
    if (quotes && c === 34) q = !q;
    else if (!q && (c === 10 || c === 13)) { eol = c === 13 ? (text.charCodeAt(k + 1) === 10 ? '\r\n' : '\r') : '\n'; break; }
  }
  const e0 = eol.charCodeAt(0);
  const crlf = eol.length === 2;
  const isEol = (k: number) => text.charCodeAt(k) === e0 && (!crlf || text.charCodeAt(k + 1) === 10);
  // Room for every cell and row at once: at most one cell per delimiter and record break outside quotes, and one more
  // (a delimiter inside quotes, as in every other cell of a sheet of phrases with commas, would make room for nothing).
  const count = (c: string) => { let m = 0; for (let k = text.indexOf(c); k !== -1; k = text.indexOf(c, k + 1)) m++; return m - (quotes ? quoted(c) : 0); };
  const quoted = (c: string) => {
    let m = 0;
    for (let open = text.indexOf('"'); open !== -1;) {
      const close = text.indexOf('"', open + 1);
      if (close === -1) break;
      for (let k = text.indexOf(c, open + 1); k !== -1 && k < close; k = text.indexOf(c, k + 1)) m++;
      open = text.indexOf('"', close + 1);
    }
    return m;
  };
  const breaks = eol ? count(eol[0]) : 0;
  const rows = new SheetCells(text, count(delimiter) + breaks + 1, breaks + 1);
  let line = 1;
  let open = false;
  let filled = false;
  let recordLine = 1;
  const breakAt = (k: number) => { const c = text.charCodeAt(k); return c === 13 ? (text.charCodeAt(k + 1) === 10 ? 2 : 1) : c === 10 ? 1 : 0; };
  // A cell is a range of the text (its value a string of its own only when it had doubled quotes); a row without a
  // filled cell is dropped with its cells.
  const endRecord = () => {
    if (open) rows.endRow(line, filled);
    open = false;
    filled = false;
  };
  const push = (start: number, end: number, value?: string) => {
    if (!open) { rows.startRow(recordLine); open = true; }
    if (value === undefined) rows.addRange(start, end); else rows.addString(value);
    if (!filled && rows.filled(rows.cellCount - 1)) filled = true;
  };
  while (i <= n) {
    // One field, from i.
    if (quotes && text.charCodeAt(i) === 34) {
      let k = i + 1;
      let doubled = false;
      for (;;) {
        const q = text.indexOf('"', k);
        if (q === -1) return undefined; // not closed: csv-parse's error
        // Line breaks inside the quotes count as lines.
        for (let m = k; m < q; m++) { const b = breakAt(m); if (b) { line++; m += b - 1; } }
        if (text.charCodeAt(q + 1) === 34) { doubled = true; k = q + 2; continue; }
        push(i + 1, q, doubled ? text.slice(i + 1, q).replace(/""/g, '"') : undefined);
        i = q + 1;
        break;
      }
      if (!(i >= n || text.charCodeAt(i) === d || isEol(i))) return undefined; // text after the closing quote
    } else {
      let k = i;
      for (; k < n; k++) {
        const c = text.charCodeAt(k);
        if (c === d || isEol(k)) break;
        // A quote inside a field, or a line break of another kind than the records' outside quotes (csv-parse keeps it
        // in the field and counts lines its own way).
        if ((quotes && c === 34) || c === 10 || c === 13) return undefined;
      }
      push(i, k);
      i = k;
    }
    if (i >= n) { endRecord(); break; }
    if (text.charCodeAt(i) === d) {
      i++;
      if (i === n) { push(n, n); endRecord(); break; }
      continue;
    }
    // The record delimiter.
    i += crlf ? 2 : 1;
    endRecord();
    line++;
    recordLine = line;
    if (i >= n) break;
  }
  return rows;
}

/** UTF-16 units of a field read by csv-parse past which its string is dropped (the plan reports it too long). */
export const DROPPED_FIELD_UNITS = 1024 * 1024;

/** The rows as csv-parse reads them (relaxed quotes and column counts), for texts leanRows leaves to it. */
export function parsedRows(text: string, delimiter: Delimiter): SheetRow[] {
  return [...rowsOf(parsedCells(text, delimiter), 0)];
}

/** parsedRows, in columns. */
function parsedCells(text: string, delimiter: Delimiter): SheetCells {
  // Lines are counted here from the records' raw text: csv-parse's own count takes a CRLF inside a quoted field for
  // two lines. (Its raw text keeps a CRLF that ends a record as CR: one break either way.) Each record is made a row
  // as it comes and csv-parse keeps nothing (its `info` objects and the raw texts cost 25x the file in all).
  let at = 1;
  const rows = new SheetCells(text);
  const onRecord = (r: { record: string[]; raw: string }) => {
    const raw = r.raw;
    let total = 0;
    let leading = -1; // blank lines skipped before it
    for (let i = 0; i < raw.length; i++) {
      const c = raw.charCodeAt(i);
      if (c === 13 || c === 10) {
        if (c === 13 && raw.charCodeAt(i + 1) === 10) i++;
        total++;
      } else if (leading === -1) leading = total;
    }
    if (leading === -1) leading = total;
    const last = raw.charCodeAt(raw.length - 1);
    const trailing = last === 13 || last === 10 ? 1 : 0;
    const line = at + leading;
    at += total;
    const cells = r.record;
    if (cells.some((c) => c.trim() !== '')) {
      rows.startRow(line);
      // A field of more than a MiB (no phrase, no note is) is kept as a mark of a phrase too long, so that its string
      // can go; a shorter one past the phrase limit is kept, and the plan skips it as too long all the same.
      for (const c of cells) if (c.length > DROPPED_FIELD_UNITS && tooLongText(c, 0, c.length)) rows.addTooLong(); else rows.addString(c);
      rows.endRow(line - leading + total - trailing, true);
    }
    return null;
  };
  try {
    // Tab-separated text follows the service's TSV rule: a phrase enclosed in quotes is unquoted, any other quote is
    // text (`"hi` is a phrase). So csv-parse splits on tabs and lines only, and the fields are unquoted here.
    parse(text, {
      delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, raw: true, bom: true,
      on_record: onRecord as never,
      ...(delimiter === '\t' ? { quote: false } : {}),
    });
  } catch (e) {
    if (e instanceof ImportError) throw e;
    const line = (e as { lines?: number }).lines;
    throw new ImportError(`The file cannot be read as ${DELIMITER_NAMES[delimiter]}-separated values${line ? ` at line ${line}` : ''}: ${(e as Error).message}`, line);
  }
  return rows;
}

/** Columns 3 and 4 (or any two) holding a language code on every row: the service's CSV with language columns. */
function pairColumns(rows: SheetRow[], columnCount: number, flags: readonly number[]): ColumnMapping | undefined {
  const sample = rows.slice(0, 200);
  if (!sample.length) return undefined;
  const langCols: number[] = [];
  for (let i = 0; i < columnCount; i++) if (!flags.includes(i) && sample.every((r) => languageOf(r.cells[i] ?? '') !== undefined)) langCols.push(i);
  if (langCols.length < 2) return undefined;
  const [sl, tl] = langCols.includes(2) && langCols.includes(3) ? [2, 3] : [langCols[0], langCols[1]];
  // A pair of one language with itself on every row is no dictionary: not this layout.
  if (sample.every((r) => languageOf(r.cells[sl] ?? '') === languageOf(r.cells[tl] ?? ''))) return undefined;
  const others = [...Array(columnCount).keys()].filter((i) => i !== sl && i !== tl);
  return others.length >= 2 ? { kind: 'pairs', source: others[0], target: others[1], sourceLang: sl, targetLang: tl } : undefined;
}

/** Takes out of a tab-separated sheet its comment lines: a row of one cell that starts with `#` (OmegaT's glossary
 * format: its `glossary.txt` starts with `# Glossary in tab-separated format -*- coding: utf-8 -*-`). A term that
 * starts with # has a translation after a tab, so it is no comment. Returns the comments' line numbers. */
function dropComments(rows: SheetCells): number[] {
  const lines: number[] = [];
  rows.filter((i) => {
    let filled = 0;
    for (let k = 0, w = rows.width(i); k < w && filled < 2; k++) if (rows.filled(rows.cellRef(i, k))) filled++;
    if (filled === 1 && rows.cell(i, 0)!.trimStart().startsWith('#')) { lines.push(rows.line(i)); return false; }
    return true;
  });
  return lines;
}

/** Unquotes TSV fields by the service's rule, and puts back together a row whose quoted field runs over lines (as
 * Excel writes a cell with a line break), so that it is reported as one multi-line row rather than as broken ones. */
function joinTsvRows(rows: SheetCells): void {
  let width = 0;
  for (let i = 0; i < rows.length; i++) width = Math.max(width, rows.width(i));
  const open = (c: string) => c.startsWith('"') && !(c.length >= 2 && c.endsWith('"'));
  const { text } = rows;
  for (let i = 0; i < rows.length; i++) {
    const w = rows.width(i);
    const last = w ? rows.cell(i, w - 1) : undefined;
    if (w < width && last !== undefined && open(last)) {
      let j = i + 1;
      while (j < rows.length && !rows.cell(j, 0)!.endsWith('"')) j++;
      if (j < rows.length) {
        const joined: string[] = [];
        for (let k = i + 1; k <= j; k++) joined.push(rows.cell(k, 0)!);
        rows.setCells(i, [...rows.cellsOf(i).slice(0, -1), [last, ...joined].join('\n'), ...rows.cellsOf(j).slice(1)]);
        rows.setEndLine(i, rows.endLine(j));
        rows.remove(i + 1, j + 1);
      }
    }
    // Each cell unquoted: a range loses its quotes; one with doubled quotes inside becomes a string of its own.
    for (let k = 0, n = rows.width(i); k < n; k++) {
      const c = rows.cellRef(i, k);
      const start = rows.start(c);
      const end = rows.end(c);
      if (start < 0) {
        const v = rows.extras[-start - 1];
        if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) rows.extras[-start - 1] = v.slice(1, -1).replace(/""/g, '"');
      } else if (end - start >= 2 && text.charCodeAt(start) === 34 && text.charCodeAt(end - 1) === 34) {
        let doubled = false;
        for (let m = start + 1; m < end - 2 && !doubled; m++) doubled = text.charCodeAt(m) === 34 && text.charCodeAt(m + 1) === 34;
        if (doubled) {
          rows.extras.push(text.slice(start + 1, end - 1).replace(/""/g, '"'));
          rows.setRange(c, -rows.extras.length, 0);
        } else {
          rows.setRange(c, start + 1, end - 1);
        }
      }
    }
  }
}

/** Header words of a column that holds the terms themselves (the source, when other columns are named by language). */
const TERM_HEADER = /^(terms?|source[ _-]?terms?|headwords?|words?|entry|entries|concepts?|english[ _-]?terms?)$/i;

/** A column left out of a header's language mapping whose header says it holds terms, and which holds text (not marks,
 * not empty): the mapping would leave out the file's own source column. */
function termColumn(sheet: Sheet, mapping: Extract<ColumnMapping, { kind: 'languages' }>): number | undefined {
  if (!sheet.header) return undefined;
  const mapped = new Set(mapping.columns.map((c) => c.index));
  for (let i = 0; i < sheet.header.length; i++) {
    if (mapped.has(i) || sheet.flags.includes(i) || !TERM_HEADER.test(sheet.header[i].trim())) continue;
    if (sheet.rows.slice(0, 200).some((r) => (r.cells[i] ?? '').trim() !== '')) return i;
  }
  return undefined;
}

/** The column of marks that says a row is not to be imported: one whose header says so. */
function forbiddenColumn(sheet: Sheet): number | undefined {
  const i = sheet.flags.find((f) => FORBIDDEN_HEADER.test((sheet.header?.[f] ?? '').trim()));
  return i;
}

function flagNote(sheet: Sheet): void {
  if (!sheet.flags.length) return;
  sheet.notes.push(`Column(s) ${sheet.flags.map((i) => `${i + 1}${sheet.header?.[i] ? ` (${JSON.stringify(sheet.header[i])})` : ''}`).join(', ')} hold yes/no marks, not a language.`);
}

/** The reading offered first when the sheet's columns cannot be told apart: its columns of text (not marks), each with
 * the language its header names, else the one its script suggests, else none. */
function suggest(sheet: Sheet, headerLangs: Array<string | undefined>): NonNullable<Sheet['suggestion']> {
  const { cells, first } = tableOf(sheet);
  const filledIn = (k: number) => {
    for (let i = first; i < cells.length; i++) { const c = cells.cellRef(i, k); if (c !== -1 && cells.filled(c)) return true; }
    return false;
  };
  const text = [...Array(sheet.columnCount).keys()].filter((i) => !sheet.flags.includes(i) && filledIn(i));
  const columns = text.map((index) => {
    const candidates = scriptLanguages(sheet.rows.slice(0, 200).map((r) => r.cells[index] ?? ''));
    const lang = headerLangs[index] ?? (candidates.length === 1 ? candidates[0] : '');
    return { index, lang, candidates };
  });
  const unnamed = columns.filter((c) => headerLangs[c.index] === undefined);
  const name = (i: number) => `column ${i + 1}${sheet.header?.[i] ? ` (${JSON.stringify(sheet.header[i])})` : ''}`;
  const why = columns.length < 2 ? `The file has ${columns.length === 1 ? 'one column' : 'no column'} of text.`
    : unnamed.length ? `No header names the language of ${unnamed.map((c) => name(c.index)).join(' and ')}.`
      : 'The columns cannot be told apart.';
  const forbidden = forbiddenColumn(sheet);
  return forbidden === undefined ? { columns, why } : { columns, forbidden, why };
}

function guessMapping(sheet: Sheet, headerLangs: Array<string | undefined> | undefined, fileName?: string): ColumnMapping | undefined {
  const { rows } = sheet;
  if (headerLangs) {
    const columns: Array<{ index: number; lang: string }> = [];
    const seen = new Set<string>();
    headerLangs.forEach((lang, index) => { if (lang && !seen.has(lang)) { seen.add(lang); columns.push({ index, lang }); } });
    const forbidden = forbiddenColumn(sheet);
    return forbidden !== undefined ? { kind: 'languages', columns, forbidden } : { kind: 'languages', columns };
  }
  // The 5-column export under a header of words.
  const pairs = pairColumns(rows, sheet.columnCount, sheet.flags);
  if (pairs) return pairs;
  // Two columns: the languages from a header of words or from the file's name (en-de.glossary.tsv).
  if (sheet.columnCount === 2) {
    const pair = fileName ? pairFromName(fileName) : undefined;
    if (pair) return { kind: 'languages', columns: [{ index: 0, lang: pair[0] }, { index: 1, lang: pair[1] }] };
  }
  return undefined;
}

/** The languages a mapping brings (root codes). */
export function sheetLanguages(sheet: Sheet, mapping: ColumnMapping): string[] {
  if (mapping.kind === 'languages') return mapping.columns.map((c) => c.lang);
  const out = new Set<string>();
  const { cells, first } = tableOf(sheet);
  for (let r = first; r < cells.length; r++) {
    for (const i of [mapping.sourceLang, mapping.targetLang]) {
      const l = languageOf(cells.cell(r, i) ?? '');
      if (l) out.add(l);
    }
  }
  return [...out];
}

const YES = /^(yes|y|true|1|x|ja|oui|sí|si|forbidden)$/i;

/** The plan for a sheet read with `mapping`; `sourceLang` picks the source among a multilingual sheet's columns. */
export function planSpreadsheet(sheet: Sheet, mapping: ColumnMapping, sourceLang?: string, options: PlanOptions = {}): ImportPlan {
  const format = sheet.delimiter === '\t' ? 'tsv' : 'csv';
  const choices: Choice[] = [];
  const used = mapping.kind === 'pairs' ? [mapping.source, mapping.target, mapping.sourceLang, mapping.targetLang]
    : [...mapping.columns.map((c) => c.index), ...(mapping.forbidden !== undefined ? [mapping.forbidden] : [])];
  const ignored = [...Array(sheet.columnCount).keys()].filter((i) => !used.includes(i));
  if (ignored.length) {
    choices.push({ message: `Column(s) ${ignored.map((i) => `${i + 1}${sheet.header?.[i] ? ` (${JSON.stringify(sheet.header[i])})` : ''}`).join(', ')} ignored.` });
  }
  // Only a line break in a column that is read skips the row: one in a note or a definition the mapping leaves out
  // does not touch the entry. The rows are read from their columns (no row object is made).
  const { cells, first } = tableOf(sheet);
  const read = mapping.kind === 'pairs' ? [mapping.source, mapping.target] : mapping.columns.map((c) => c.index);
  const breakIn = (i: number, k: number) => {
    const c = cells.cellRef(i, k);
    if (c === -1) return false;
    const start = cells.start(c);
    if (start < 0) return /[\r\n]/.test(cells.extras[-start - 1]);
    const { text } = cells;
    for (let m = start, end = cells.end(c); m < end; m++) { const ch = text.charCodeAt(m); if (ch === 10 || ch === 13) return true; }
    return false;
  };
  const multi = (i: number) => {
    const line = cells.line(i);
    const endLine = cells.endLine(i);
    return endLine > line && read.some((k) => breakIn(i, k))
      ? { reason: 'multi-line' as const, message: `Lines ${line}–${endLine}: a quoted field runs over ${endLine - line + 1} lines. A phrase cannot hold a line break; fix the file (or this pair's document) and import again.` }
      : undefined;
  };
  if (mapping.kind === 'pairs') return planPairRows(cells, first, cells.length, mapping, multi, { format, notes: sheet.notes, choices }, options);
  const forbidden = mapping.forbidden;
  const skipOf = (i: number): Concept['skip'] | undefined => {
    const skip = multi(i);
    if (skip) return skip;
    if (forbidden !== undefined && YES.test((cells.cell(i, forbidden) ?? '').trim())) return { reason: 'forbidden', message: `Line ${cells.line(i)} is marked forbidden.` };
    return undefined;
  };
  const source = sourceLang ?? mapping.columns[0]?.lang;
  if (!source) throw new ImportError('No column is mapped to a language.');
  return planConcepts(new SheetConcepts(cells, first, cells.length, mapping.columns, skipOf), source, { format, notes: sheet.notes, choices }, options);
}
