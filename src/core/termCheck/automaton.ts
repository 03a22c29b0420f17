/** Aho–Corasick over UTF-16 code units: every occurrence of every pattern in one pass over a text, whatever the number
 * of patterns. Built once per glossary version. Pure. */

export class Automaton {
  /** Code unit → its class (1…), 0 for a code unit in no pattern (the scan goes back to the root). */
  private readonly cls = new Uint32Array(65536);
  private alphabet = 0;
  /** (node * (alphabet + 1) + class) → child node. */
  private readonly next = new Map<number, number>();
  private fail: Int32Array = new Int32Array(1);
  /** The pattern ending at a node, or -1. */
  private out: Int32Array = new Int32Array(1);
  /** The nearest node down the failure chain with an output, or 0. */
  private dict: Int32Array = new Int32Array(1);
  readonly nodeCount: number;

  constructor(readonly patterns: readonly string[]) {
    for (const p of patterns) for (let i = 0; i < p.length; i++) {
      const c = p.charCodeAt(i);
      if (!this.cls[c]) this.cls[c] = ++this.alphabet;
    }
    const width = this.alphabet + 1;
    const out: number[] = [-1];
    let nodes = 1;
    patterns.forEach((p, index) => {
      if (!p) return;
      let s = 0;
      for (let i = 0; i < p.length; i++) {
        const key = s * width + this.cls[p.charCodeAt(i)];
        let t = this.next.get(key);
        if (t === undefined) { t = nodes++; this.next.set(key, t); out.push(-1); }
        s = t;
      }
      if (out[s] === -1) out[s] = index;
    });
    this.nodeCount = nodes;
    this.out = Int32Array.from(out);
    this.fail = new Int32Array(nodes);
    this.dict = new Int32Array(nodes);
    // Breadth first: children of each node, from the trie's edges grouped by parent.
    const children: number[][] = Array.from({ length: nodes }, () => []);
    for (const [key, child] of this.next) children[Math.floor(key / width)].push(key % width, child);
    const queue = new Int32Array(nodes);
    let head = 0;
    let tail = 0;
    for (let k = 0; k < children[0].length; k += 2) queue[tail++] = children[0][k + 1];
    while (head < tail) {
      const s = queue[head++];
      const kids = children[s];
      for (let k = 0; k < kids.length; k += 2) {
        const c = kids[k];
        const t = kids[k + 1];
        let f = this.fail[s];
        let g = this.step(f, c);
        while (g === undefined && f !== 0) { f = this.fail[f]; g = this.step(f, c); }
        const ft = s === 0 ? 0 : g ?? 0;
        this.fail[t] = ft === t ? 0 : ft;
        this.dict[t] = this.out[this.fail[t]] >= 0 ? this.fail[t] : this.dict[this.fail[t]];
        queue[tail++] = t;
      }
    }
  }

  private step(s: number, c: number): number | undefined {
    return this.next.get(s * (this.alphabet + 1) + c);
  }

  /** Calls `hit(pattern, end)` for every occurrence (end exclusive), in order of end. */
  scan(text: string, hit: (pattern: number, end: number) => void): void {
    const { cls, next, fail, out, dict } = this;
    const width = this.alphabet + 1;
    let s = 0;
    for (let i = 0; i < text.length; i++) {
      const c = cls[text.charCodeAt(i)];
      if (c === 0) { s = 0; continue; }
      let t = next.get(s * width + c);
      while (t === undefined && s !== 0) { s = fail[s]; t = next.get(s * width + c); }
      s = t ?? 0;
      if (s === 0) continue;
      for (let u = out[s] >= 0 ? s : dict[s]; u !== 0; u = dict[u]) hit(out[u], i + 1);
    }
  }
}
