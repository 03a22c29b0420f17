/** The source phrases of an import plan, numbered (one lookup per phrase for every pair, not one per pair): by a Map
 * of strings, or, for a sheet's plan, by ranges of the sheet's text in a table of numbers. Pure: no vscode. */
import { utf8Length } from '../text';
import type { SheetCells } from './store';

/** The source phrases of a plan, numbered (one lookup per phrase for every pair, not one per pair). */
export interface SourceIds {
  readonly size: number;
  id(source: string): number;
}

export class Sources implements SourceIds {
  readonly ids = new Map<string, number>();
  get size(): number { return this.ids.size; }
  id(source: string): number {
    let id = this.ids.get(source);
    if (id === undefined) { id = this.ids.size; this.ids.set(source, id); }
    return id;
  }
}

/** FNV-1a over UTF-16 units. */
function hashRange(text: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** The source phrases of a sheet's plan, numbered by their text: most of them cells of the sheet (ranges of its
 * text), looked up without making a string (an open-addressing table of numbers, not a Map of 400 000 strings). */
export class RangeSources implements SourceIds {
  size = 0;
  readonly text: string;
  /** Per number: its cell in `cells`; below 0, the string `strings[-ref - 1]`. */
  private refs: Int32Array<ArrayBuffer>;
  private readonly strings: string[] = [];
  /** Number + 1 per slot, 0 when free. */
  private slots: Int32Array<ArrayBuffer>;

  constructor(readonly cells: SheetCells, expected: number) {
    this.text = cells.text;
    const n = Math.max(64, expected);
    this.refs = new Int32Array(n);
    // At most 7 of 10 slots taken (linear probing stays short; 4 bytes a slot, for every row of a sheet of millions).
    let slots = 128;
    while (slots * 7 < n * 10) slots *= 2;
    this.slots = new Int32Array(slots);
  }

  id(source: string): number {
    const h = hashRange(source, 0, source.length);
    const mask = this.slots.length - 1;
    for (let at = h & mask; ; at = (at + 1) & mask) {
      const slot = this.slots[at];
      if (slot === 0) {
        this.strings.push(source);
        return this.insert(at, -this.strings.length);
      }
      const id = slot - 1;
      const ref = this.refs[id];
      if (ref < 0 ? this.strings[-ref - 1] === source : this.cells.end(ref) - this.cells.start(ref) === source.length && this.text.startsWith(source, this.cells.start(ref))) return id;
    }
  }

  /** The number of the phrase in cell `cell` (a range of the text). */
  idCell(cell: number): number {
    const { text } = this;
    const { cells } = this;
    const start = cells.start(cell);
    const end = cells.end(cell);
    const h = hashRange(text, start, end);
    const mask = this.slots.length - 1;
    for (let at = h & mask; ; at = (at + 1) & mask) {
      const slot = this.slots[at];
      if (slot === 0) return this.insert(at, cell);
      const id = slot - 1;
      const ref = this.refs[id];
      if (ref < 0) {
        const str = this.strings[-ref - 1];
        if (str.length === end - start && text.startsWith(str, start)) return id;
        continue;
      }
      const s = cells.start(ref);
      const e = cells.end(ref);
      if (e - s !== end - start) continue;
      let k = 0;
      while (k < e - s && text.charCodeAt(s + k) === text.charCodeAt(start + k)) k++;
      if (k === e - s) return id;
    }
  }

  private insert(at: number, ref: number): number {
    const id = this.size++;
    if (id === this.refs.length) this.refs = growTo(this.refs, id * 2);
    this.refs[id] = ref;
    this.slots[at] = id + 1;
    if (this.size * 10 > this.slots.length * 7) this.rehash();
    return id;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let id = 0; id < this.size; id++) {
      let at = this.hashOf(id) & mask;
      while (slots[at] !== 0) at = (at + 1) & mask;
      slots[at] = id + 1;
    }
    this.slots = slots;
  }

  /** The hash of phrase `id`, computed again (kept nowhere: 4 bytes a phrase saved, and a table made with room for
   * every row is never rehashed). */
  private hashOf(id: number): number {
    const ref = this.refs[id];
    if (ref < 0) { const str = this.strings[-ref - 1]; return hashRange(str, 0, str.length); }
    return hashRange(this.text, this.cells.start(ref), this.cells.end(ref));
  }

  textOf(id: number): string {
    const ref = this.refs[id];
    return ref < 0 ? this.strings[-ref - 1] : this.cells.value(ref);
  }

  /** UTF-16 units of phrase `id`. */
  lengthOf(id: number): number {
    const ref = this.refs[id];
    return ref < 0 ? this.strings[-ref - 1].length : this.cells.end(ref) - this.cells.start(ref);
  }

  bytesOf(id: number): number {
    const ref = this.refs[id];
    return ref < 0 ? utf8Length(this.strings[-ref - 1]) : utf8RangeLength(this.text, this.cells.start(ref), this.cells.end(ref));
  }
}

export function growTo<A extends Int32Array<ArrayBuffer> | Uint8Array<ArrayBuffer>>(a: A, n: number): A {
  const b = new (a.constructor as new (n: number) => A)(n);
  b.set(a);
  return b;
}

/** utf8Length of `text.slice(start, end)`, without making it. */
export function utf8RangeLength(text: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < end && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) { n += 4; i++; }
    else n += 3;
  }
  return n;
}
