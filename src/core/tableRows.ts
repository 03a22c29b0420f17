/** The rows a table webview holds, and the view over them (filter, sort). Pure: no vscode, no DOM, so the same code
 * runs in the webview's bundle and in the unit tests. Rows are the document's lines, kept as their text; a line's
 * cells are split on first use (a 229 000-line dictionary arrives in a few milliseconds and only the rows in sight
 * are ever split), and a lower-case copy of the lines is made on the first filter or sort. The order of all rows by a
 * column is made once (or taken ready-made from the extension's worker) and kept through edits. */

import type { Severity } from './findings';
import { compareFolded, FoldedKeys, foldLines, orderByKeys, unitOrder, type ColumnOrder, type UnitOrder } from './columnOrder';

export { compareFolded, orderByKeys, unitOrder, type ColumnOrder, type UnitOrder } from './columnOrder';

/** Findings per line for the table: code, severity, message, the cell they point at, and whether a fix exists. */
export interface CellFinding { code: string; severity: Severity; message: string; column: number; fixable: boolean }

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

const EMPTY: readonly string[] = Object.freeze([]);
/** A splice that adds more rows than this drops the orders rather than putting each row in place. */
const REINSERT_AT_MOST = 2048;

export class RowStore {
  private lines: string[] = [];
  private parsed: Array<readonly string[] | undefined> = [];
  private lower: string[] | undefined;
  /** The order of all rows by a column, kept through splices (dropped when new rows arrive in `fill`). */
  private orders = new Map<number, ColumnOrder>();
  /** The first line that is a row (1 when line 0 is a header). */
  from = 0;
  /** The language of each column (undefined: not known), whose alphabet a sort by it follows. */
  private languages: ReadonlyArray<string | undefined> = [];

  constructor(readonly separator: string) {}

  /** The columns' languages ("EN", "de", "PT-BR"), so that a sort by a column follows that language's alphabet
   * (Übersicht before Wolkig in German; ä after z in Swedish). The orders made so far are dropped when they change. */
  setLanguages(languages: ReadonlyArray<string | undefined> | null | undefined): void {
    const next = (languages ?? []).map(columnLanguage);
    if (next.length === this.languages.length && next.every((l, i) => l === this.languages[i])) return;
    this.languages = next;
    this.orders.clear();
  }

  /** How two case-folded code units of a column compare: by its language's collation. */
  private unitOrder(column: number): UnitOrder {
    return unitOrder(this.languages[column]);
  }

  /** Lines in all (the empty one after a final line break included). */
  get length(): number {
    return this.lines.length;
  }

  /** `total` lines, not received yet (each shows as an empty row until `fill` brings it). */
  reset(total: number): void {
    this.lines = new Array<string>(total).fill('');
    this.parsed = new Array(total);
    this.lower = undefined;
    this.orders.clear();
  }

  /** Lines from `start`, given as text (split at line breaks); `quoted` gives the cells of lines that need the
   * quote-aware parser (the extension parsed them). */
  fill(start: number, text: string, quoted: ReadonlyArray<readonly [number, readonly string[]]>): void {
    const parts = text.indexOf('\r') === -1 ? text.split('\n') : text.split(/\r\n|\r|\n/);
    if (start === 0 && parts.length && parts[0].charCodeAt(0) === 0xfeff) parts[0] = parts[0].slice(1);
    const n = Math.min(parts.length, this.lines.length - start);
    for (let i = 0; i < n; i++) {
      this.lines[start + i] = parts[i];
      this.parsed[start + i] = undefined;
    }
    for (const [line, cells] of quoted) if (line < this.lines.length) this.parsed[line] = cells;
    this.lower = undefined;
    this.orders.clear();
  }

  /** The line's text as received (for a changed line: its cells joined by the separator). */
  text(line: number): string {
    return this.lines[line] ?? '';
  }

  /** Cells of a line: none for an empty line or one not received yet. */
  cells(line: number): readonly string[] {
    let c = this.parsed[line];
    if (!c) {
      const l = this.lines[line];
      c = l === undefined || l === '' ? EMPTY : l.split(this.separator);
      this.parsed[line] = c;
    }
    return c;
  }

  /** Whether cell `k` of a line is a gap (a multilingual glossary's target the dictionary lacks): empty, and not
   * written as a quoted empty phrase `""`, which is an (invalid) empty target that the rules report, not a gap. A
   * line without cells (blank, or not received yet) has none. */
  gap(line: number, k: number): boolean {
    const cells = this.cells(line);
    if (!cells.length || cells[k]) return false;
    const raw = this.lines[line];
    if (raw === undefined || raw.indexOf('"') === -1) return true;
    const field = raw.split(this.separator)[k];
    return field === undefined || field.trim() !== '""';
  }

  /** The line in lower case (the lower-case copy is made once, in one pass over the joined text). */
  lowerText(line: number): string {
    if (!this.lower) this.lower = this.lines.join('\n').toLowerCase().split('\n');
    return this.lower[line] ?? '';
  }

  /** Cell `k` of a line, without splitting the line when it has no quotes. */
  cell(line: number, k: number): string {
    const l = this.lines[line] ?? '';
    if (this.parsed[line] && l.indexOf('"') !== -1) return this.parsed[line]![k] ?? '';
    let at = 0;
    for (let i = 0; i < k; i++) {
      const next = l.indexOf(this.separator, at);
      if (next === -1) return '';
      at = next + 1;
    }
    const end = l.indexOf(this.separator, at);
    return end === -1 ? l.slice(at) : l.slice(at, end);
  }

  /** Cell `k` of a line in lower case, without splitting the line when it has no quotes. */
  lowerCell(line: number, k: number): string {
    const raw = this.lines[line] ?? '';
    if (this.parsed[line] && raw.indexOf('"') !== -1) return (this.parsed[line]![k] ?? '').toLowerCase();
    const l = this.lowerText(line);
    let at = 0;
    for (let i = 0; i < k; i++) {
      const next = l.indexOf(this.separator, at);
      if (next === -1) return '';
      at = next + 1;
    }
    const end = l.indexOf(this.separator, at);
    return end === -1 ? l.slice(at) : l.slice(at, end);
  }

  /** `deleteCount` lines from `start` become `rows` (given as cells). */
  splice(start: number, deleteCount: number, rows: ReadonlyArray<readonly string[]>): void {
    const oldLength = this.lines.length;
    const oldRows = this.rowCount();
    const texts = rows.map((r) => r.join(this.separator));
    if (rows.length < 10000) {
      this.lines.splice(start, deleteCount, ...texts);
      this.parsed.splice(start, deleteCount, ...rows);
      this.lower?.splice(start, deleteCount, ...texts.map((t) => t.toLowerCase()));
    } else {
      this.lines = this.lines.slice(0, start).concat(texts, this.lines.slice(start + deleteCount));
      this.parsed = this.parsed.slice(0, start).concat(rows, this.parsed.slice(start + deleteCount));
      this.lower = undefined;
    }
    if (this.orders.size) this.keepOrders(start, deleteCount, rows.length, oldLength, oldRows);
  }

  /** Keeps the orders by column valid after a splice: the rows removed leave, the rows after it move, and the rows
   * added (few: an edit, an added row) are put in place by binary search. A larger change, or one to the header of a
   * multilingual glossary, drops them (made again when asked for). */
  private keepOrders(start: number, deleteCount: number, added: number, oldLength: number, oldRows: number): void {
    if (start < this.from || added > REINSERT_AT_MOST) { this.orders.clear(); return; }
    const end = start + deleteCount;
    const delta = added - deleteCount;
    const rows = this.rowCount();
    // The lines that are new rows: the lines added, and the old last line if it was no row (the empty one after a
    // final line break) and is one now. In line order.
    const fresh: number[] = [];
    for (let l = Math.max(start, this.from); l < start + added && l < rows; l++) fresh.push(l);
    const oldLast = oldLength - 1;
    if (oldRows === oldLength - 1 && oldLast >= this.from && (oldLast < start || oldLast >= end)) {
      const to = oldLast < start ? oldLast : oldLast + delta;
      if (to < rows) { if (to < start) fresh.unshift(to); else fresh.push(to); }
    }
    for (const [column, order] of this.orders) this.orders.set(column, this.reinsert(order, column, start, end, delta, rows, fresh));
  }

  private reinsert(order: ColumnOrder, column: number, start: number, end: number, delta: number, rows: number, fresh: readonly number[]): ColumnOrder {
    // The rows that stay, moved; two are equal when every row between them was equal to the one before it.
    const kept = new Int32Array(order.lines.length);
    const keptTies = new Uint8Array(order.lines.length);
    let m = 0;
    let all = 1;
    for (let i = 0; i < order.lines.length; i++) {
      const l = order.lines[i];
      all &= order.ties[i];
      const to = l < start ? l : l >= end ? l + delta : -1;
      if (to < 0 || to >= rows) continue;
      kept[m] = to;
      keptTies[m] = m ? all : 0;
      m++;
      all = 1;
    }
    const cmp = this.unitOrder(column);
    const added = orderByKeys(Int32Array.from(fresh), fresh.map((l) => this.cell(l, column)), cmp).lines;
    const lines = new Int32Array(m + added.length);
    const ties = new Uint8Array(m + added.length);
    let w = 0;
    let at = 0;
    let prevKept = -2; // the index in `kept` of the row written last, when it was one of them (-2: it was not)
    const put = (line: number, k: number) => {
      lines[w] = line;
      // Two rows that stay and were next to each other keep their tie; a row added is compared with its neighbour.
      ties[w] = w === 0 ? 0 : k >= 0 && prevKept === k - 1 ? keptTies[k] : compareFolded(this.cell(lines[w - 1], column), this.cell(line, column), cmp) === 0 ? 1 : 0;
      w++;
      prevKept = k >= 0 ? k : -2;
    };
    for (let j = 0; j < added.length; j++) {
      const line = added[j];
      const value = this.cell(line, column);
      // The first row that stays and comes after this one (by value, then line).
      let lo = at;
      let hi = m;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((compareFolded(this.cell(kept[mid], column), value, cmp) || kept[mid] - line) < 0) lo = mid + 1;
        else hi = mid;
      }
      for (; at < lo; at++) put(kept[at], at);
      put(line, -1);
    }
    for (; at < m; at++) put(kept[at], at);
    return { lines, ties };
  }

  /** Every row (from `from`) in the order of a column's value, case ignored (see ColumnOrder). */
  orderBy(column: number): ColumnOrder {
    let order = this.orders.get(column);
    if (!order) this.orders.set(column, order = this.sortBy(column));
    return order;
  }

  /** A sort of every row by a column: the values are folded straight from the lines (no string cut per cell). */
  private sortBy(column: number): ColumnOrder {
    const n = this.rowCount();
    const count = Math.max(0, n - this.from);
    let total = 0;
    for (let i = this.from; i < n; i++) {
      const quoted = this.parsed[i] && this.lines[i].indexOf('"') !== -1;
      total += quoted ? (this.parsed[i]![column] ?? '').length : this.lines[i].length;
    }
    const folded = new FoldedKeys(count, total);
    const lines = new Int32Array(count);
    const sep = this.separator;
    for (let i = 0; i < count; i++) {
      const line = this.from + i;
      lines[i] = line;
      const l = this.lines[line];
      if (this.parsed[line] && l.indexOf('"') !== -1) {
        const v = this.parsed[line]![column] ?? '';
        folded.add(v, 0, v.length);
        continue;
      }
      let at = 0;
      for (let k = 0; k < column && at >= 0; k++) {
        const next = l.indexOf(sep, at);
        at = next === -1 ? -1 : next + 1;
      }
      if (at < 0) { folded.add(l, 0, 0); continue; }
      const end = l.indexOf(sep, at);
      folded.add(l, at, end === -1 ? l.length : end);
    }
    return folded.order(lines, this.unitOrder(column));
  }

  /** Whether the order by a column is at hand (then a sort by it costs one pass). */
  hasOrder(column: number): boolean {
    return this.orders.has(column);
  }

  /** Takes the order of all rows by a column made elsewhere (the extension's worker, from the same rows); refused
   * when it does not have one line per row. */
  setOrder(column: number, order: ColumnOrder): boolean {
    const rows = Math.max(0, this.rowCount() - this.from);
    if (order.lines.length !== rows || order.ties.length !== rows) return false;
    this.orders.set(column, order);
    return true;
  }

  /** Rows are the lines, except the empty one after a final line break. */
  rowCount(): number {
    const n = this.lines.length;
    return n && this.lines[n - 1] === '' && !this.parsed[n - 1]?.length ? n - 1 : n;
  }
}

export interface ViewOptions {
  /** The first line that is a row (1 when line 0 is a header). */
  from: number;
  /** Text to find in any cell (case ignored); empty for none. */
  text: string;
  /** A further condition on a line (missing in a language, has problems). */
  where?: (line: number) => boolean;
  /** Lines shown whatever the filter says (the row being edited). */
  keep?: ReadonlySet<number | undefined>;
}

/** The lines shown, in document order. A text filter compares the lower-case line first, and confirms with the
 * cells only where the line has a quote (the quotes are not part of the cells). */
export function filterLines(store: RowStore, o: ViewOptions): number[] {
  const n = store.rowCount();
  const view: number[] = [];
  const q = o.text.trim().toLowerCase();
  for (let i = o.from; i < n; i++) {
    if (o.keep?.has(i)) { view.push(i); continue; }
    if (q && !store.lowerText(i).includes(q)) continue;
    if (q && store.text(i).indexOf('"') !== -1 && !store.cells(i).some((c) => c.toLowerCase().includes(q))) continue;
    if (o.where && !o.where(i)) continue;
    view.push(i);
  }
  return view;
}


/** Sorts the lines of a view by one column's value, case ignored (code-unit order, each unit in lower case; equal
 * values keep the document's order, in both directions). The order of all rows by a column is kept (see RowStore:
 * made once, or taken from the extension, and kept through edits), so that a sort costs one pass. Returns a new
 * array. */
export function sortLines(store: RowStore, view: readonly number[], column: number, descending: boolean): number[] {
  const { lines: order, ties } = store.orderBy(column);
  let out: number[];
  let same: ArrayLike<number> = ties;
  if (view.length === order.length) out = Array.from(order);
  else {
    const shown = new Uint8Array(store.length);
    for (const line of view) shown[line] = 1;
    out = [];
    const sub: number[] = [];
    // Two shown rows are equal when every row between them in the order is equal to the one before it.
    let all = 1;
    for (let i = 0; i < order.length; i++) {
      all &= ties[i];
      if (!shown[order[i]]) continue;
      sub.push(out.length ? all : 0);
      out.push(order[i]);
      all = 1;
    }
    same = sub;
  }
  if (!descending) return out;
  // The groups of equal values from the last to the first, each in line order.
  const res = new Array<number>(out.length);
  let w = 0;
  for (let b = out.length; b > 0;) {
    let a = b - 1;
    while (a > 0 && same[a]) a--;
    for (let i = a; i < b; i++) res[w++] = out[i];
    b = a;
  }
  return res;
}

/** A column's language as a sort by it takes it ("PT-BR " → "pt-br"; undefined: not known). */
function columnLanguage(language: string | undefined): string | undefined {
  return language?.trim().toLowerCase() || undefined;
}

/** A table's rows in two parts, as its webview receives them: lines [0, start) as text, lines from `start` as that
 * text's UTF-8 bytes (as TextEncoder makes them); `quoted`, the cells of lines with quotes (parsed by the extension).
 * See RowStore.fill. */
export interface RowParts {
  separator: string; from: number; total: number;
  head: string; headQuoted: ReadonlyArray<readonly [number, readonly string[]]>;
  start: number; rest: Uint8Array; restQuoted: ReadonlyArray<readonly [number, readonly string[]]>;
}

/** The rows of a table given in parts, folded by column for their sort orders, which the extension's worker makes
 * while the webview loads the same rows (so that a sort there is one pass): the same keys as the webview's
 * RowStore.sortBy, the rest of the rows read straight from their bytes (foldLines). Each column's order once. */
export class FoldedRows {
  private readonly keys: Array<FoldedKeys | undefined>;
  private readonly languages: Array<string | undefined>;
  private readonly from: number;

  constructor(parts: RowParts, columns: number, languages?: ReadonlyArray<string | undefined>) {
    const { separator, from, total, start } = parts;
    const units = Math.ceil((parts.head.length + parts.rest.length) / Math.max(1, columns)) + 64;
    const keys = Array.from({ length: columns }, () => new FoldedKeys(Math.max(0, total - from), units));
    // The first screen, as the webview's store splits it.
    const head = new RowStore(separator);
    head.reset(Math.min(start, total));
    head.fill(0, parts.head, parts.headQuoted);
    for (let line = from; line < Math.min(start, total); line++) {
      for (let c = 0; c < columns; c++) { const v = head.cell(line, c); keys[c].add(v, 0, v.length); }
    }
    const quoted = new Map<number, readonly string[]>();
    for (const [line, cells] of parts.restQuoted) if (line >= start) quoted.set(line, cells);
    const lastEmpty = start < total ? foldLines(parts.rest, start, total, Math.max(from, start), separator, quoted, keys) : head.text(total - 1) === '';
    // The empty line after a final line break is no row (RowStore.rowCount).
    if (total > from && lastEmpty) for (const k of keys) k.dropLast();
    this.keys = keys;
    this.from = from;
    this.languages = Array.from({ length: columns }, (_, c) => columnLanguage(languages?.[c]));
  }

  /** The order of the rows by `column` (each column once: its keys go then). */
  orderBy(column: number): ColumnOrder | undefined {
    const keys = this.keys[column];
    if (!keys) return undefined;
    this.keys[column] = undefined;
    const lines = new Int32Array(keys.n);
    for (let i = 0; i < lines.length; i++) lines[i] = this.from + i;
    return keys.order(lines, unitOrder(this.languages[column]));
  }
}


/** Per column from `first`, the rows whose cell is empty (a gap in a multilingual glossary). */
export function gapCounts(store: RowStore, from: number, first: number, columns: number): number[] {
  const counts = new Array<number>(Math.max(0, columns - first)).fill(0);
  const n = store.rowCount();
  for (let i = from; i < n; i++) {
    const cells = store.cells(i);
    if (!cells.length) continue;
    for (let k = first; k < columns; k++) if (!cells[k] && store.gap(i, k)) counts[k - first]++;
  }
  return counts;
}
