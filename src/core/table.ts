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

/** Findings per line for the table: code, severity, message, the cell they point at, and whether a fix exists. */
export interface CellFinding { code: string; severity: Finding['severity']; message: string; column: number; fixable: boolean }

/** The cell (column) a finding points at, given its line's text. */
export function cellOf(f: Pick<Finding, 'line' | 'start' | 'end'>, text: string, format: EntriesFormat): number {
  const fields = text ? parseLine(text, format, f.line === 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0).fields : [];
  const column = fields.findIndex((x) => f.start < x.end || (f.start === x.end && f.end === f.start));
  return column === -1 ? Math.max(0, fields.length - 1) : column;
}

export function cellFindings(findings: readonly Finding[], lineText: (line: number) => string, format: EntriesFormat): Map<number, CellFinding[]> {
  const out = new Map<number, CellFinding[]>();
  for (const f of findings) {
    const column = cellOf(f, lineText(f.line), format);
    const list = out.get(f.line) ?? [];
    list.push({ code: f.code, severity: f.severity, message: f.message, column, fixable: (f.fixes?.length ?? 0) > 0 });
    out.set(f.line, list);
  }
  return out;
}

/** Rows the table shows for a text of `lineCount` lines: every line but the empty one after a final line break
 * (a file ending in a newline has no extra entry; an empty file has no rows). */
export function tableRowCount(lineCount: number, lastLineEmpty: boolean): number {
  return lastLineEmpty ? lineCount - 1 : lineCount;
}

/** One document change as the table sees it: `deleteCount` lines from `start` replaced by `added` lines.
 * `headKept`: the first replaced line kept its start (the change began after column 0); `tailKept`: the last
 * replaced line kept its end (the change ended at column 0, or before the line's end). */
export interface LineSplice { start: number; deleteCount: number; added: number; headKept?: boolean; tailKept?: boolean }

/** Where line `line` is after a splice, or -1 when its row is gone. Rows follow their text: a range that kept
 * its size keeps its rows in place (a cell edit); otherwise the first line stays if its start was kept, the last
 * line moves to the end of the new lines if its end was kept (lines inserted before it), the others are gone. */
export function shiftLine(line: number, s: LineSplice): number {
  if (line < 0 || line < s.start) return line;
  const last = s.start + s.deleteCount - 1;
  if (line > last) return line + s.added - s.deleteCount;
  if (s.added === s.deleteCount) return line;
  if (line === s.start && s.headKept) return s.start;
  if (line === last && s.tailKept) return s.start + s.added - 1;
  return -1;
}

/** Where line `line` is after the splices, applied in order (-1: gone). */
export function mapLine(line: number, splices: readonly LineSplice[]): number {
  let l = line;
  for (const s of splices) if ((l = shiftLine(l, s)) < 0) return -1;
  return l;
}
