/** Aho–Corasick over UTF-16 code units: every occurrence of every pattern in one pass over a text, whatever the number
 * of patterns. Built once per glossary version. Pure.
 *
 * A pattern may start with WORD_START: it then only matches from the start of a word (the scan feeds that symbol
 * before the first character of each word, as `wordClass` tells words). Terms of scripts with spaces are entered so;
 * the scan then reports no hit in the middle of a word.
 *
 * Layout, for the cache: nodes are numbered breadth first, so the shallow nodes (where a scan spends most of its
 * steps) come first; their transitions are dense rows, the deeper ones an open-addressing table of (node, class,
 * child) triples, one cache line per probe. */

/** Stands for "a word starts here" in patterns. */
export const WORD_START = '\u0001';

/** Dense rows for the first nodes, up to this many cells (4 MiB). */
const DENSE_CELLS = 1 << 20;

export class Automaton {
  /** Code unit → its class (1…), 0 for a code unit in no pattern (the scan goes back to the root). */
  private readonly cls = new Uint32Array(65536);
  private readonly width: number;
  private readonly wordStartClass: number;
  private readonly fail: Int32Array;
  /** The pattern ending at a node, or -1. */
  private readonly out: Int32Array;
  /** The nearest node down the failure chain with an output, or 0. */
  private readonly dict: Int32Array;
  /** Nodes below `denseNodes` have a row here (child, or 0 for none: the root is nobody's child). */
  private readonly dense: Int32Array;
  private readonly denseNodes: number;
  /** The other nodes' edges: [node, class, child] triples; node -1 for an empty slot. */
  private readonly table: Int32Array;
  private readonly mask: number;
  readonly nodeCount: number;

  constructor(readonly patterns: readonly string[]) {
    let alphabet = 0;
    this.wordStartClass = this.cls[WORD_START.charCodeAt(0)] = ++alphabet;
    for (const p of patterns) for (let i = 0; i < p.length; i++) {
      const c = p.charCodeAt(i);
      if (!this.cls[c]) this.cls[c] = ++alphabet;
    }
    const width = this.width = alphabet + 1;
    // The trie, in insertion order, with a Map of edges.
    const edges = new Map<number, number>();
    const trieOut: number[] = [-1];
    let nodes = 1;
    patterns.forEach((p, index) => {
      if (!p) return;
      let s = 0;
      for (let i = 0; i < p.length; i++) {
        const key = s * width + this.cls[p.charCodeAt(i)];
        let t = edges.get(key);
        if (t === undefined) { t = nodes++; edges.set(key, t); trieOut.push(-1); }
        s = t;
      }
      if (trieOut[s] === -1) trieOut[s] = index;
    });
    this.nodeCount = nodes;
    const children: number[][] = Array.from({ length: nodes }, () => []);
    for (const [key, child] of edges) children[Math.floor(key / width)].push(key % width, child);
    // Breadth-first numbering.
    const order = new Int32Array(nodes);
    const id = new Int32Array(nodes);
    let tail = 1;
    for (let head = 0; head < tail; head++) {
      const kids = children[order[head]];
      for (let k = 1; k < kids.length; k += 2) { id[kids[k]] = tail; order[tail++] = kids[k]; }
    }
    this.denseNodes = Math.max(1, Math.min(nodes, Math.floor(DENSE_CELLS / width)));
    this.dense = new Int32Array(this.denseNodes * width);
    let size = 2;
    while (size < (edges.size + 1) * 2) size *= 2;
    this.mask = size - 1;
    this.table = new Int32Array(size * 3).fill(-1);
    for (let n = 0; n < nodes; n++) {
      const kids = children[order[n]];
      for (let k = 0; k < kids.length; k += 2) this.setEdge(n, kids[k], id[kids[k + 1]]);
    }
    this.out = new Int32Array(nodes);
    for (let n = 0; n < nodes; n++) this.out[n] = trieOut[order[n]];
    // Failure and output links, breadth first (the new numbering is breadth first).
    this.fail = new Int32Array(nodes);
    this.dict = new Int32Array(nodes);
    for (let n = 0; n < nodes; n++) {
      const kids = children[order[n]];
      for (let k = 0; k < kids.length; k += 2) {
        const c = kids[k];
        const t = id[kids[k + 1]];
        let f = n === 0 ? 0 : this.fail[n];
        let g = n === 0 ? 0 : this.edge(f, c);
        while (n !== 0 && g === 0 && f !== 0) { f = this.fail[f]; g = this.edge(f, c); }
        this.fail[t] = g === t ? 0 : g;
        this.dict[t] = this.out[this.fail[t]] >= 0 ? this.fail[t] : this.dict[this.fail[t]];
      }
    }
  }

  private slot(node: number, c: number): number {
    return (Math.imul(node, 0x9e3779b1) ^ Math.imul(c, 0x85ebca6b)) & this.mask;
  }

  private setEdge(node: number, c: number, child: number): void {
    if (node < this.denseNodes) { this.dense[node * this.width + c] = child; return; }
    let h = this.slot(node, c);
    while (this.table[h * 3] !== -1) h = (h + 1) & this.mask;
    this.table[h * 3] = node;
    this.table[h * 3 + 1] = c;
    this.table[h * 3 + 2] = child;
  }

  /** The child of `node` on class c, or 0. */
  private edge(node: number, c: number): number {
    if (node < this.denseNodes) return this.dense[node * this.width + c];
    const table = this.table;
    for (let h = this.slot(node, c); ; h = (h + 1) & this.mask) {
      const n = table[h * 3];
      if (n === -1) return 0;
      if (n === node && table[h * 3 + 1] === c) return table[h * 3 + 2];
    }
  }

  /** The transition from s on class c, down the failure chain as needed. */
  private step(s: number, c: number): number {
    for (;;) {
      const t = this.edge(s, c);
      if (t !== 0 || s === 0) return t;
      s = this.fail[s];
    }
  }

  /** Calls `hit(pattern, end)` for every occurrence (end exclusive), in order of end. `wordClass`: a code unit's
   * class of word (0 none); a word starts where the class changes to a non-zero one. */
  scan(text: string, wordClass: Uint8Array, hit: (pattern: number, end: number) => void): void {
    const { cls, out, dict, wordStartClass } = this;
    let s = 0;
    let prevWord = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      const w = wordClass[code];
      if (w !== 0 && w === prevWord && s === 0) continue; // inside a word at the root: no term starts here
      if (w !== 0 && w !== prevWord) s = this.step(s, wordStartClass);
      prevWord = w;
      const c = cls[code];
      if (c === 0) { s = 0; continue; }
      s = this.step(s, c);
      if (s === 0) continue;
      for (let u = out[s] >= 0 ? s : dict[s]; u !== 0; u = dict[u]) hit(out[u], i + 1);
    }
  }
}

/** A pattern with WORD_START before each word of it, as the scan feeds it. */
export function markWordStarts(pattern: string, wordClass: Uint8Array): string {
  let out = '';
  let prev = 0;
  for (let i = 0; i < pattern.length; i++) {
    const w = wordClass[pattern.charCodeAt(i)];
    if (w !== 0 && w !== prev) out += WORD_START;
    prev = w;
    out += pattern[i];
  }
  return out;
}
