/** The incremental dictionary linter: `EntriesLinter` keeps per-line state so that an edit re-checks only the lines
 * it touched. */
import type { Finding } from './findings';
import type { MarkerKind } from './conflicts';
import { splitLines, utf8Length } from './text';
import { BOM, hashKey, LineScanner, NO_KEY, scanLine } from './entryScan';
import { analyzeLine, assemble, pairFindingsOf, type LintEntriesOptions } from './entryRules';

/** hash -> line, for the hashes exactly one line has: open addressing over two typed arrays (nothing allocated per
 * line), linear probing with backward-shift deletion. */
class LineTable {
  private keys = new Int32Array(1024).fill(-1);
  /** -1 in an empty slot, so that `shift` reads one array. */
  private vals = new Int32Array(1024).fill(-1);
  private size = 0;

  private slot(hash: number): number {
    const mask = this.keys.length - 1;
    let i = hash & mask;
    while (this.keys[i] !== -1 && this.keys[i] !== hash) i = (i + 1) & mask;
    return i;
  }

  get(hash: number): number {
    const i = this.slot(hash);
    return this.keys[i] === -1 ? -1 : this.vals[i];
  }

  set(hash: number, line: number): void {
    const i = this.slot(hash);
    if (this.keys[i] === -1) {
      this.keys[i] = hash;
      this.size++;
    }
    this.vals[i] = line;
    if (this.size * 2 > this.keys.length) this.resize(this.keys.length * 2);
  }

  delete(hash: number): void {
    const mask = this.keys.length - 1;
    let i = this.slot(hash);
    if (this.keys[i] === -1) return;
    this.size--;
    // Backward-shift deletion: move later entries of the probe run into the hole.
    for (let j = (i + 1) & mask; this.keys[j] !== -1; j = (j + 1) & mask) {
      const home = this.keys[j] & mask;
      if ((j > i && (home <= i || home > j)) || (j < i && home <= i && home > j)) {
        this.keys[i] = this.keys[j];
        this.vals[i] = this.vals[j];
        i = j;
      }
    }
    this.keys[i] = -1;
    this.vals[i] = -1;
  }

  /** Adds `delta` to every line at or after `from` (>= 0; empty slots hold -1). */
  shift(from: number, delta: number): void {
    const vals = this.vals;
    for (let i = 0; i < vals.length; i++) if (vals[i] >= from) vals[i] += delta;
  }

  /** Empties the table, sized for about `expected` hashes (no resize while they come in). */
  clear(expected = 0): void {
    let cap = 1024;
    while (cap < expected * 2) cap *= 2;
    this.keys = new Int32Array(cap).fill(-1);
    this.vals = new Int32Array(cap).fill(-1);
    this.size = 0;
  }

  private resize(cap: number): void {
    const { keys, vals } = this;
    this.keys = new Int32Array(cap).fill(-1);
    this.vals = new Int32Array(cap).fill(-1);
    this.size = 0;
    for (let i = 0; i < keys.length; i++) if (keys[i] !== -1) this.set(keys[i], vals[i]);
  }
}

/**
 * The incremental linter. Per line it keeps only the line's text; a clean line's source phrase is known by its
 * hash in a typed-array table (hash -> line), and only the lines with findings, the conflict markers and the
 * hashes of several lines are kept in maps. An edit re-checks the lines it touched; when it adds or removes
 * lines, the line numbers kept after it move (a pass over the table, no per-line object).
 */
export class EntriesLinter {
  private lines: string[] = [];
  /** Hashes of exactly one line. */
  private readonly single = new LineTable();
  /** Hashes of several lines (duplicates, or a rare collision): their lines. */
  private readonly multi = new Map<number, number[]>();
  /** Lines with findings of their own (on line 0). */
  private problems = new Map<number, Finding[]>();
  private markerLines = new Map<number, MarkerKind>();
  /** Lines that are not entries: blank lines and conflict markers. */
  private otherLines = 0;
  /** Sum over lines of (UTF-8 length + 1): kept up to date by every edit. */
  private rawBytes = 0;
  private readonly pairFindings: Finding[];
  private readonly sep: number;

  constructor(private readonly options: LintEntriesOptions) {
    this.pairFindings = pairFindingsOf(options);
    this.sep = options.format === 'tsv' ? 9 : 44;
  }

  /** Entries as the service counts them: the lines that are neither blank nor conflict markers. */
  get entryCount(): number {
    return this.lines.length - this.otherLines;
  }

  get lineCount(): number {
    return this.lines.length;
  }

  /** UTF-8 size of the entries as they would be sent (no byte order mark, one \n per line break). */
  get byteSize(): number {
    const bom = this.lines.length > 0 && this.lines[0].charCodeAt(0) === BOM ? 3 : 0;
    return Math.max(0, this.rawBytes - 1 - bom);
  }

  setText(text: string): this {
    const load = this.load(text);
    while (!load.step(Infinity));
    return this;
  }

  /**
   * Starts reading `text` in steps, for a caller that yields to its event loop between them: each `step(ms)`
   * reads lines for about that long and returns true once the whole text is read. Until then the linter must
   * be neither edited nor asked for findings; a new `load` or `setText` abandons an unfinished one.
   * The text may come as pieces cut at line starts (a document read a range of lines at a time): they are read
   * in turn, never joined into one string (joining 10 MiB holds the event loop for tens of milliseconds).
   */
  load(input: string | readonly string[]): { step(budgetMs: number): boolean } {
    const pieces = typeof input === 'string' ? [input] : input.length ? input : [''];
    let total = 0;
    for (const p of pieces) total += p.length;
    this.lines = [];
    this.single.clear(total / 32); // lines are rarely shorter
    this.multi.clear();
    this.problems = new Map();
    this.markerLines = new Map();
    this.otherLines = 0;
    this.rawBytes = 0;
    const lines = this.lines;
    let piece = 0;
    let text = pieces[0];
    let scanner = new LineScanner(text, this.sep, 0, pieces.length === 1);
    let breakUnits = 0;
    const visit = (start: number, end: number, from: number, hash: number, lineBreak: number) => {
      const line = lines.length;
      const t = text.slice(start, end);
      lines.push(t);
      breakUnits += lineBreak;
      if (hash !== NO_KEY) this.attach(line, hash);
      else this.analyze(line, t, from);
    };
    // The UTF-8 size, counted after the lines in pieces too (a count of 10 MiB at once takes 10-20 ms).
    let bytes = 0;
    let counting = 0;
    let counted = 0;
    let finished = false;
    return {
      step: (budgetMs: number) => {
        if (finished || this.lines !== lines) return true; // done, or abandoned
        const deadline = performance.now() + budgetMs;
        const over = budgetMs === Infinity ? undefined : () => performance.now() >= deadline;
        for (;;) {
          if (!scanner.done && !scanner.run(visit, over)) return false;
          if (piece + 1 >= pieces.length) break;
          text = pieces[++piece];
          scanner = new LineScanner(text, this.sep, lines.length, piece === pieces.length - 1);
          if (over?.()) return false;
        }
        for (; counting < pieces.length; counting++, counted = 0) {
          const p = pieces[counting];
          while (counted < p.length) {
            let end = Math.min(p.length, counted + 256 * 1024);
            const c = p.charCodeAt(end - 1);
            if (end < p.length && c >= 0xd800 && c <= 0xdbff) end++; // a surrogate pair counts whole
            bytes += utf8Length(p.slice(counted, end));
            counted = end;
            if (over?.()) return false;
          }
        }
        this.rawBytes = bytes - breakUnits + lines.length;
        finished = true;
        return true;
      },
    };
  }

  /** Applies a text change given in the coordinates of the text before it (as VS Code reports changes). */
  edit(startLine: number, startCol: number, endLine: number, endCol: number, text: string): void {
    const prefix = this.lines[startLine].slice(0, startCol);
    const suffix = this.lines[endLine].slice(endCol);
    this.replaceLines(startLine, endLine - startLine + 1, splitLines(prefix + text + suffix));
  }

  /** Replaces `deleteCount` lines from `start` with `texts` (at least one: an edit always leaves a line there, so
   * the state of line 0 is always read as line 0). */
  private replaceLines(start: number, deleteCount: number, texts: string[]): void {
    for (let i = start; i < start + deleteCount; i++) {
      this.detach(i);
      this.rawBytes -= utf8Length(this.lines[i]) + 1;
    }
    const delta = texts.length - deleteCount;
    if (delta !== 0) {
      const after = start + deleteCount;
      this.single.shift(after, delta);
      for (const group of this.multi.values()) for (let k = 0; k < group.length; k++) if (group[k] >= after) group[k] += delta;
      const move = <T>(m: Map<number, T>) => {
        const moved = new Map<number, T>();
        for (const [line, v] of m) moved.set(line >= after ? line + delta : line, v);
        return moved;
      };
      if (this.problems.size) this.problems = move(this.problems);
      if (this.markerLines.size) this.markerLines = move(this.markerLines);
    }
    if (texts.length < 10_000) this.lines.splice(start, deleteCount, ...texts);
    else this.lines = this.lines.slice(0, start).concat(texts, this.lines.slice(start + deleteCount));
    for (let k = 0; k < texts.length; k++) {
      const text = texts[k];
      const line = start + k;
      const from = line === 0 && text.charCodeAt(0) === BOM ? 1 : 0;
      const hash = scanLine(text, from, this.sep);
      if (hash !== NO_KEY) this.attach(line, hash);
      else this.analyze(line, text, from);
      this.rawBytes += utf8Length(text) + 1;
    }
  }

  /** All findings, sorted by position. Cost grows with the number of findings, not with the text. */
  findings(): Finding[] {
    const lines = this.lines;
    const markers: Array<{ line: number; kind: MarkerKind }> = [];
    for (const [line, kind] of this.markerLines) markers.push({ line, kind });
    return assemble({
      format: this.options.format, lineCount: lines.length, lineAt: (i) => lines[i],
      problems: this.problems, markers, hashGroups: this.multi.values(), byteSize: this.byteSize, pairFindings: this.pairFindings,
    });
  }

  private analyze(line: number, text: string, from: number): void {
    const a = analyzeLine(text, from, this.options);
    if (a.marker) {
      this.markerLines.set(line, a.marker);
      this.otherLines++;
      return;
    }
    if (a.blank) this.otherLines++;
    if (a.local) this.problems.set(line, a.local);
    if (a.key !== undefined) this.attach(line, hashKey(a.key));
  }

  private attach(line: number, hash: number): void {
    const group = this.multi.get(hash);
    if (group) { group.push(line); return; }
    const other = this.single.get(hash);
    if (other === -1) { this.single.set(hash, line); return; }
    this.single.delete(hash);
    this.multi.set(hash, [other, line]);
  }

  /** Forgets what line `line` (still at its place) added: its findings, its marker, its source phrase. */
  private detach(line: number): void {
    if (this.markerLines.delete(line)) { this.otherLines--; return; }
    const local = this.problems.get(line);
    if (local) {
      this.problems.delete(line);
      if (local[0].code === 'blank-line') { this.otherLines--; return; }
    }
    const text = this.lines[line];
    const from = line === 0 && text.charCodeAt(0) === BOM ? 1 : 0;
    let hash = scanLine(text, from, this.sep);
    if (hash === NO_KEY) {
      const key = analyzeLine(text, from, this.options).key;
      if (key === undefined) return;
      hash = hashKey(key);
    }
    const group = this.multi.get(hash);
    if (!group) { this.single.delete(hash); return; }
    group.splice(group.indexOf(line), 1);
    if (group.length === 1) {
      this.multi.delete(hash);
      this.single.set(hash, group[0]);
    }
  }
}
