/** The table view's model: a dictionary text as rows of cells, and the smallest text edits for cell changes.
 * Pure: no vscode. Lines are kept 1:1 with rows, so row numbers are line numbers. */
import { parseLine, type EntriesFormat } from './fields';
import type { Finding, TextEdit } from './findings';
import { encodeField } from './serialize';
import { splitLines } from './text';

export interface Row {
  /** Cell values (phrases unquoted); for a blank line, an empty array. */
  cells: string[];
}

export function rowOf(line: string, format: EntriesFormat, first = false): Row {
  const from = first && line.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (line.length === from) return { cells: [] };
  return { cells: parseLine(line, format, from).fields.map((f) => f.value) };
}

export function rowsOf(text: string, format: EntriesFormat): Row[] {
  return splitLines(text).map((line, i) => rowOf(line, format, i === 0));
}

/** Columns to show: source and target, plus the CSV language columns when any row has them. */
export function columnCount(rows: readonly Row[], format: EntriesFormat): number {
  if (format === 'csv') for (const r of rows) if (r.cells.length >= 4) return 4;
  return 2;
}

/** Characters a field cannot hold in this format without changing the row's shape; they become spaces. */
function fieldSafe(value: string, format: EntriesFormat): string {
  return value.replace(format === 'tsv' ? /[\t\r\n]/g : /[\r\n]/g, ' ');
}

/** The edit that sets cell `column` of line `line` (whose text is `text`) to `value`: only that field changes.
 * A missing field is appended with the separators before it. */
export function cellEdit(line: number, text: string, format: EntriesFormat, column: number, value: string): TextEdit {
  const from = line === 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const fields = text.length > from ? parseLine(text, format, from).fields : [];
  const encoded = encodeField(fieldSafe(value, format), format);
  if (column < fields.length) return { line, start: fields[column].start, end: fields[column].end, text: encoded };
  const sep = format === 'tsv' ? '\t' : ',';
  const missing = column - fields.length + (fields.length ? 1 : 0);
  return { line, start: text.length, end: text.length, text: sep.repeat(missing) + encoded };
}

/** The text of a new, empty row with `columns` cells. */
export function emptyRow(format: EntriesFormat, columns: number): string {
  return (format === 'tsv' ? '\t' : ',').repeat(Math.max(1, columns - 1));
}

/** Edits that delete the given lines (each with its line break), merged into runs, bottom-up. */
export function deleteLinesEdits(lines: readonly number[], lineCount: number, lastLineLength: (line: number) => number): TextEdit[] {
  const sorted = [...new Set(lines)].filter((l) => l >= 0 && l < lineCount).sort((a, b) => a - b);
  const runs: Array<[number, number]> = [];
  for (const l of sorted) {
    const last = runs[runs.length - 1];
    if (last && last[1] === l - 1) last[1] = l;
    else runs.push([l, l]);
  }
  return runs.reverse().map(([a, b]) => {
    if (b + 1 < lineCount) return { line: a, start: 0, endLine: b + 1, end: 0, text: '' };
    if (a === 0) return { line: 0, start: 0, endLine: b, end: lastLineLength(b), text: '' };
    return { line: a - 1, start: lastLineLength(a - 1), endLine: b, end: lastLineLength(b), text: '' };
  });
}

import type { CellFinding } from './tableRows';
export type { CellFinding } from './tableRows';

/** The cell (column) a finding points at, given its line's text. */
export function cellOf(f: Pick<Finding, 'line' | 'start' | 'end'>, text: string, format: EntriesFormat): number {
  const fields = text ? parseLine(text, format, f.line === 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0).fields : [];
  const column = fields.findIndex((x) => f.start < x.end || (f.start === x.end && f.end === f.start));
  return column === -1 ? Math.max(0, fields.length - 1) : column;
}

export function cellFindings(findings: readonly Finding[], lineText: (line: number) => string, format: EntriesFormat, cache?: WeakMap<Finding, CellFinding>): Map<number, CellFinding[]> {
  const out = new Map<number, CellFinding[]>();
  for (const f of findings) {
    // A finding an incremental linter kept (its line unchanged) keeps its cell: the line is not parsed again.
    let c = cache?.get(f);
    if (!c) {
      c = { code: f.code, severity: f.severity, message: f.message, column: cellOf(f, lineText(f.line), format), fixable: (f.fixes?.length ?? 0) > 0 };
      cache?.set(f, c);
    }
    const list = out.get(f.line);
    if (list) list.push(c); else out.set(f.line, [c]);
  }
  return out;
}

/** The findings of a table as the JSON text the webview parses: one string crosses to the webview instead of
 * thousands of objects (a structured clone of 10 000 findings held the loop 30 ms). Each finding's JSON is kept
 * in `cache` while the finding is. */
export function cellFindingsJson(findings: ReadonlyArray<[number, CellFinding[]]>, cache: WeakMap<CellFinding, string>): string {
  const parts: string[] = [];
  for (const [line, list] of findings) {
    const items: string[] = [];
    for (const c of list) {
      let j = cache.get(c);
      if (j === undefined) { j = JSON.stringify(c); cache.set(c, j); }
      items.push(j);
    }
    parts.push(`[${line},[${items.join(',')}]]`);
  }
  return `[${parts.join(',')}]`;
}

/** Rows the table shows for a text of `lineCount` lines: every line but the empty one after a final line break
 * (a file ending in a newline has no extra entry; an empty file has no rows). */
export function tableRowCount(lineCount: number, lastLineEmpty: boolean): number {
  return lastLineEmpty ? lineCount - 1 : lineCount;
}

export { shiftLine, mapLine, type LineSplice } from './tableRows';
