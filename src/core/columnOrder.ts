/** The order of all rows of a table by one column: an MSD radix sort over case-folded code units, in a language's
 * alphabet order (see orderByKeys). Pure: runs in the webview's bundle, on the extension's worker and in the tests.
 * tableRows.ts keeps the orders in its RowStore. */

/** The order of all rows by one column's value: `lines` sorted (case ignored, code-unit order, equal values in line
 * order), and `ties[i]` 1 when the value of `lines[i]` equals that of `lines[i - 1]` (case ignored), so that a
 * descending view reverses the groups of equal values but keeps each group in line order. */
export interface ColumnOrder { lines: Int32Array; ties: Uint8Array }

/** Below this many values, a range is sorted by insertion. */
const SMALL_RANGE = 24;

/** Sorts `lines` (ascending) by their `keys`, case ignored one code unit at a time, equal keys in line order; see
 * ColumnOrder. An MSD radix sort: the keys are folded once into one array of code units, each unit replaced by its
 * rank among the units used (a dictionary uses a few hundred), and every range of keys that share a prefix is
 * distributed by its next unit with a counting pass over that range only. A common prefix costs one pass per unit
 * with no move; nothing compares two strings, which is what made a comparison sort of 229 000 phrases that share
 * their first words take 300 ms (and a multikey quicksort 200 ms). */
export function orderByKeys(lines: Int32Array, keys: readonly string[], cmp?: UnitOrder): ColumnOrder {
  let total = 0;
  for (let i = 0; i < keys.length; i++) total += keys[i].length;
  const folded = new FoldedKeys(keys.length, total);
  for (let i = 0; i < keys.length; i++) folded.add(keys[i], 0, keys[i].length);
  return folded.order(lines, cmp);
}

/** The order of two case-folded code units (negative, 0 only for the same unit, positive). */
export type UnitOrder = (a: number, b: number) => number;

const unitOrders = new Map<string, UnitOrder>();

/** The order of a language's alphabet, unit by unit: Intl.Collator for the language (the root collation when it is
 * not known), ties by code unit. A sort by a column ranks the few hundred units its values use this way and stays a
 * radix sort (no string comparison per pair of rows); what collation does across characters (ß as ss, accents second
 * to letters) is not done. */
export function unitOrder(language: string | undefined): UnitOrder {
  const key = language ?? 'und';
  let order = unitOrders.get(key);
  if (order) return order;
  let collator: Intl.Collator;
  try { collator = new Intl.Collator(key, { usage: 'sort' }); } catch { collator = new Intl.Collator('und', { usage: 'sort' }); }
  const known = new Map<number, number>();
  order = (a, b) => {
    if (a === b) return 0;
    const k = a * 0x10000 + b;
    let r = known.get(k);
    if (r === undefined) {
      r = Math.sign(collator.compare(String.fromCharCode(a), String.fromCharCode(b))) || (a < b ? -1 : 1);
      known.set(k, r);
    }
    return r;
  };
  unitOrders.set(key, order);
  return order;
}

/** The keys of a sort, case-folded one after another into one array of code units (no string per key). */
export class FoldedKeys {
  units: Uint16Array;
  readonly start: Int32Array;
  readonly used = new Uint8Array(0x10000);
  /** Keys given so far, and code units (foldLine writes them straight). */
  n = 0;
  p = 0;

  /** Room for `count` keys of `units` code units in all (more units grow the array). */
  constructor(count: number, units: number) {
    this.units = new Uint16Array(units);
    this.start = new Int32Array(count + 1);
  }

  /** The next key: `text` from `from` to `to`. */
  add(text: string, from: number, to: number): void {
    if (this.p + (to - from) > this.units.length) this.grow(to - from);
    const { units, used } = this;
    let p = this.p;
    this.start[this.n++] = p;
    for (let k = from; k < to; k++) {
      const c = text.charCodeAt(k);
      const f = c < 0x80 ? (c >= 65 && c <= 90 ? c + 32 : c) : FOLD(c);
      units[p++] = f;
      used[f] = 1;
    }
    this.p = p;
  }

  /** Starts the next key (foldLine writes its units). */
  open(): void {
    this.start[this.n++] = this.p;
  }

  /** Takes back the last key. */
  dropLast(): void {
    if (this.n) this.p = this.start[--this.n];
  }

  grow(atLeast: number): void {
    const units = new Uint16Array(Math.max(this.units.length + atLeast, Math.ceil(this.units.length * 1.5) + 1024));
    units.set(this.units.subarray(0, this.p));
    this.units = units;
  }

  /** `lines` (one per key added, ascending) in the order of their keys, unit by unit in the order `cmp` gives (code
   * unit order without it). */
  order(lines: Int32Array, cmp?: UnitOrder): ColumnOrder {
    const { units, start, used } = this;
    const n = this.n;
    const total = this.p;
    start[n] = total;
    return sortFolded(lines, units, start, used, n, total, cmp);
  }
}

/** Folds the lines of a text's UTF-8 bytes (as TextEncoder makes them), from line `first`, lines before `end` only,
 * into the keys of the first columns, one key per column for each line from `from` (lines the bytes lack: empty
 * keys), the same as RowStore.sortBy folds them from the lines its fill splits: line breaks \n, \r\n and \r (a byte
 * order mark before line 0 dropped); cells split at `separator`; for a line in `quoted` that has a quote, the cells
 * given. No text decoded, no string per line, every column in one pass. Returns whether the last line (end - 1) is
 * empty. */
export function foldLines(b: Uint8Array, first: number, end: number, from: number, separator: string, quoted: ReadonlyMap<number, readonly string[]>, keys: FoldedKeys[]): boolean {
  const sep = separator.charCodeAt(0);
  const len = b.length;
  // A byte order mark before the text's first line is not part of it.
  let i = first === 0 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  let line = first;
  let lastEmpty = true;
  for (; line < end; line++) {
    let e: number;
    const cells = line >= from ? quoted.get(line) : undefined;
    if (line >= from && !cells) e = foldLine(b, i, keys, sep);
    else {
      e = i;
      while (e < len && b[e] !== 10 && b[e] !== 13) e++;
      if (cells && b.subarray(i, e).includes(0x22)) for (let c = 0; c < keys.length; c++) { const v = cells[c] ?? ''; keys[c].add(v, 0, v.length); }
      else if (cells) foldLine(b, i, keys, sep);
    }
    if (line === end - 1) lastEmpty = e === i;
    if (e >= len) { line++; break; }
    i = e + 1;
    if (b[e] === 13 && b[i] === 10) i++;
  }
  for (line = Math.max(line, from); line < end; line++) for (const k of keys) k.open();
  return lastEmpty;
}

/** The cells of the line whose UTF-8 bytes start at `i`, split at `sep`, into the keys of the first columns; returns
 * where the line ends (its line break, or the end). */
function foldLine(b: Uint8Array, i: number, keys: FoldedKeys[], sep: number): number {
  const len = b.length;
  let c = 0;
  let key = keys[0];
  key.start[key.n++] = key.p;
  let { units, p, used } = key;
  for (;;) {
    if (i >= len) break;
    const x = b[i];
    if (x === 10 || x === 13) break;
    i++;
    let u: number;
    if (x === sep) {
      key.p = p;
      if (++c >= keys.length) {
        while (i < len && b[i] !== 10 && b[i] !== 13) i++;
        return i;
      }
      key = keys[c];
      key.start[key.n++] = key.p;
      ({ units, p, used } = key);
      continue;
    }
    if (x < 0x80) u = x >= 65 && x <= 90 ? x + 32 : x;
    else if (x < 0xe0) u = FOLD(((x & 0x1f) << 6) | (b[i++] & 0x3f));
    else if (x < 0xf0) { u = FOLD(((x & 0x0f) << 12) | ((b[i] & 0x3f) << 6) | (b[i + 1] & 0x3f)); i += 2; }
    else {
      // Outside the BMP: two units, each folded on its own (a surrogate stays as it is).
      const cp = (((x & 0x07) << 18) | ((b[i] & 0x3f) << 12) | ((b[i + 1] & 0x3f) << 6) | (b[i + 2] & 0x3f)) - 0x10000;
      i += 3;
      if (p + 2 > units.length) { key.p = p; key.grow(2); units = key.units; }
      const hi = 0xd800 + (cp >> 10);
      units[p++] = hi;
      used[hi] = 1;
      u = 0xdc00 + (cp & 0x3ff);
    }
    if (p === units.length) { key.p = p; key.grow(1); units = key.units; }
    units[p++] = u;
    used[u] = 1;
  }
  key.p = p;
  while (++c < keys.length) keys[c].open();
  return i;
}

function sortFolded(lines: Int32Array, units: Uint16Array, start: Int32Array, used: Uint8Array, n: number, total: number, unitCmp?: UnitOrder): ColumnOrder {
  // Ranks from 1 (0 is the end of a key). A-Z never occur folded, so the ranks fit in 16 bits.
  const rank = new Uint16Array(0x10000);
  let sigma = 1;
  if (unitCmp) {
    const present: number[] = [];
    for (let c = 0; c < 0x10000; c++) if (used[c]) present.push(c);
    present.sort(unitCmp);
    for (const c of present) rank[c] = sigma++;
  } else {
    for (let c = 0; c < 0x10000; c++) if (used[c]) rank[c] = sigma++;
  }
  for (let i = 0; i < total; i++) units[i] = rank[units[i]];

  const idx = new Int32Array(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  const ties = new Uint8Array(n);
  const tmp = new Int32Array(n);
  const oracle = new Uint16Array(n);
  const count = new Int32Array(sigma);
  /** Keys r and s compared from unit d (0: equal). */
  const cmp = (r: number, s: number, d: number): number => {
    let a = start[r] + d;
    let b = start[s] + d;
    const ea = start[r + 1];
    const eb = start[s + 1];
    while (a < ea && b < eb) {
      const c = units[a++] - units[b++];
      if (c) return c;
    }
    return (ea - a) - (eb - b);
  };
  // Ranges still to sort, as (lo, hi, d): the keys in idx[lo, hi) share their first d units. Every pass is stable,
  // so equal keys stay in the order of their positions, which is line order.
  const stack: number[] = [0, n, 0];
  while (stack.length) {
    let d = stack.pop()!;
    const hi = stack.pop()!;
    const lo = stack.pop()!;
    if (hi - lo <= SMALL_RANGE) {
      for (let i = lo + 1; i < hi; i++) {
        const x = idx[i];
        let j = i;
        while (j > lo && cmp(idx[j - 1], x, d) > 0) { idx[j] = idx[j - 1]; j--; }
        idx[j] = x;
      }
      for (let i = lo + 1; i < hi; i++) if (cmp(idx[i - 1], idx[i], d) === 0) ties[i] = 1;
      continue;
    }
    for (;;) {
      let min = sigma;
      let max = 0;
      for (let i = lo; i < hi; i++) {
        const r = idx[i];
        const a = start[r] + d;
        const c = a < start[r + 1] ? units[a] : 0;
        oracle[i] = c;
        count[c]++;
        if (c < min) min = c;
        if (c > max) max = c;
      }
      if (min === max) {
        count[min] = 0;
        if (min) {
          // Every key of the range has the same unit here: the prefix they share goes on as far as the first key
          // agrees with every other, found in one read along each key instead of one pass over the range per unit
          // (the keys of a dictionary share whole words: "identity pipeline account …").
          const first = start[idx[lo]] + d;
          let shared = start[idx[lo] + 1] - first;
          for (let i = lo + 1; i < hi && shared > 1; i++) {
            const a = start[idx[i]] + d;
            const m = Math.min(shared, start[idx[i] + 1] - a);
            let k = 1;
            while (k < m && units[a + k] === units[first + k]) k++;
            shared = k;
          }
          d += shared;
          continue;
        }
        // All ended here: equal keys.
        for (let i = lo + 1; i < hi; i++) ties[i] = 1;
        break;
      }
      let sum = lo;
      for (let c = min; c <= max; c++) { const k = count[c]; count[c] = sum; sum += k; }
      for (let i = lo; i < hi; i++) tmp[count[oracle[i]]++] = idx[i];
      idx.set(tmp.subarray(lo, hi), lo);
      for (let c = min, b = lo; c <= max; c++) {
        const e = count[c];
        count[c] = 0;
        if (e - b > 1) {
          if (c) stack.push(b, e, d + 1);
          else for (let i = b + 1; i < e; i++) ties[i] = 1; // ended here: equal
        }
        b = e;
      }
      break;
    }
  }
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = lines[idx[i]];
  return { lines: out, ties };
}

/** Two values compared as the sort compares them: code unit by code unit, each in lower case (in the order `cmp`
 * gives, code unit order without it); a value before every longer value it starts. 0 when equal, case ignored. */
export function compareFolded(x: string, y: string, cmp?: UnitOrder): number {
  const m = Math.min(x.length, y.length);
  for (let i = 0; i < m; i++) {
    const a = FOLD(x.charCodeAt(i));
    const b = FOLD(y.charCodeAt(i));
    if (a !== b) return cmp ? cmp(a, b) : a - b;
  }
  return x.length - y.length;
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
