/** The rows a table webview holds, and the view over them (filter, sort). Pure: no vscode, no DOM, so the same code
 * runs in the webview's bundle and in the unit tests. Rows are the document's lines, kept as their text; a line's
 * cells are split on first use (a 229 000-line dictionary arrives in a few milliseconds and only the rows in sight
 * are ever split), and a lower-case copy of the lines is made on the first filter or sort. */

import type { Severity } from './findings';

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

export class RowStore {
  private lines: string[] = [];
  private parsed: Array<readonly string[] | undefined> = [];
  private lower: string[] | undefined;
  /** The order of all rows by a column, until the rows change. */
  private orders = new Map<number, Int32Array>();
  /** The first line that is a row (1 when line 0 is a header). */
  from = 0;

  constructor(readonly separator: string) {}

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
    this.orders.clear();
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
  }

  /** Every row (from `from`) in the order of a column's value, case ignored. */
  orderBy(column: number): Int32Array {
    let order = this.orders.get(column);
    if (!order) {
      const n = this.rowCount();
      const lines = new Int32Array(Math.max(0, n - this.from));
      const keys = new Array<string>(lines.length);
      for (let i = 0; i < lines.length; i++) {
        lines[i] = this.from + i;
        keys[i] = this.cell(this.from + i, column);
      }
      order = sortByKeys(lines, keys);
      this.orders.set(column, order);
    }
    return order;
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
 * values keep the document's order). The order of all rows by a column is kept until the rows change, so that
 * sorting the other way, or a filtered view, costs one pass. Returns a new array. */
export function sortLines(store: RowStore, view: readonly number[], column: number, descending: boolean): number[] {
  const order = store.orderBy(column);
  let out: number[];
  if (view.length === order.length) out = Array.from(order);
  else {
    const shown = new Uint8Array(store.length);
    for (const line of view) shown[line] = 1;
    out = [];
    for (let i = 0; i < order.length; i++) if (shown[order[i]]) out.push(order[i]);
  }
  if (descending) {
    out.reverse();
    // Equal values keep the document's order in both directions.
    for (let a = 0; a < out.length;) {
      let b = a + 1;
      const key = store.cell(out[a], column);
      while (b < out.length && foldEqual(store.cell(out[b], column), key)) b++;
      if (b - a > 1) out.splice(a, b - a, ...out.slice(a, b).reverse());
      a = b;
    }
  }
  return out;
}

/** Multikey quicksort (Bentley and Sedgewick) of line numbers by their keys: a common prefix is read once per
 * partition, not once per comparison, which is what makes 229 000 phrases that share words sortable in well under
 * the time of a comparison sort. Equal keys end in line order. */
export function sortByKeys(lines: Int32Array, keys: readonly string[]): Int32Array {
  const n = lines.length;
  // The keys are moved along with their positions, so that a partition reads them in order.
  const idx = new Int32Array(n);
  const ks = new Array<string>(n);
  for (let i = 0; i < n; i++) { idx[i] = i; ks[i] = keys[i]; }
  const fold = FOLD;
  const ch = (s: string, d: number): number => {
    if (d >= s.length) return -1;
    const c = s.charCodeAt(d);
    return c < 0x80 ? (c >= 65 && c <= 90 ? c + 32 : c) : fold(c);
  };
  const swap = (i: number, j: number) => {
    const t = idx[i]; idx[i] = idx[j]; idx[j] = t;
    const u = ks[i]; ks[i] = ks[j]; ks[j] = u;
  };
  const cmpFrom = (i: number, j: number, d: number) => {
    const x = ks[i];
    const y = ks[j];
    const m = Math.min(x.length, y.length);
    for (let k = d; k < m; k++) {
      const c = ch(x, k) - ch(y, k);
      if (c) return c;
    }
    return x.length - y.length || idx[i] - idx[j];
  };
  const sort = (lo: number, hi: number, d: number): void => {
    while (hi - lo > 1) {
      if (hi - lo < 12) {
        for (let i = lo + 1; i < hi; i++) for (let j = i; j > lo && cmpFrom(j - 1, j, d) > 0; j--) swap(j - 1, j);
        return;
      }
      const a = ch(ks[lo], d);
      const b = ch(ks[(lo + hi) >>> 1], d);
      const c = ch(ks[hi - 1], d);
      const v = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
      let lt = lo;
      let gt = hi - 1;
      let i = lo;
      while (i <= gt) {
        const x = ch(ks[i], d);
        if (x < v) swap(lt++, i++);
        else if (x > v) swap(i, gt--);
        else i++;
      }
      sort(lo, lt, d);
      if (v >= 0) sort(lt, gt + 1, d + 1);
      else idx.subarray(lt, gt + 1).sort(); // equal keys: by position, which is line order
      lo = gt + 1;
    }
  };
  sort(0, n, 0);
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = lines[idx[i]];
  return out;
}

/** A code unit in lower case (case ignored one unit at a time: no lower-case copy of 10 MiB is needed to sort);
 * a unit whose lower case is not one unit stays as it is. */
function caseFold(): (c: number) => number {
  const table = new Uint16Array(0x10000);
  return (c) => {
    if (c < 0x80) return c >= 65 && c <= 90 ? c + 32 : c;
    let f = table[c];
    if (!f) {
      const lower = String.fromCharCode(c).toLowerCase();
      f = table[c] = lower.length === 1 ? lower.charCodeAt(0) : c;
    }
    return f;
  };
}

const FOLD = caseFold();

/** Whether two values are equal, case ignored as the sort ignores it. */
function foldEqual(x: string, y: string): boolean {
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (FOLD(x.charCodeAt(i)) !== FOLD(y.charCodeAt(i))) return false;
  return true;
}

/** Per column from `first`, the rows whose cell is empty (a gap in a multilingual glossary). */
export function gapCounts(store: RowStore, from: number, first: number, columns: number): number[] {
  const counts = new Array<number>(Math.max(0, columns - first)).fill(0);
  const n = store.rowCount();
  for (let i = from; i < n; i++) {
    const cells = store.cells(i);
    if (!cells.length) continue;
    for (let k = first; k < columns; k++) if (!cells[k]) counts[k - first]++;
  }
  return counts;
}
