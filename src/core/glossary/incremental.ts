/** The rules of a multilingual glossary text (lint.ts), kept up to date edit by edit: an edited line re-checks its
 * own cells, and the checks across lines look only at the groups the line belongs to (its source phrase, the same
 * source in another case, the same target in a column), whose members are kept as the text changes. The findings
 * are the same as `lintGrid` of the whole text, in the same order. A large text is read in steps (`load`), for a
 * caller that yields to its event loop between them. No `vscode` import. */
import { compareFindings, type Finding } from '../findings';
import type { Field } from '../fields';
import { placeFinding } from '../place';
import { splitLines } from '../text';
import { cellValue, classifyGridLine, gridHeader, parseGrid, type GridRow, type GridStats, type ParsedGrid } from './grid';
import {
  blankLineFinding, caseGroup, cellBytes, draftsInRow, duplicateGroup, lintGrid, lintHeader, lintRow, missingInRow,
  reverseInRow, sameTargetGroup, sizeFindings, type GridLintOptions,
} from './lint';

interface RowItem {
  row: GridRow;
  /** The row's own findings (its cells, its gaps) as computed when the row was on line `at`. */
  own: Finding[];
  at: number;
  /** Findings that depend on the options (reverse dictionaries, drafts), for `optionsVersion`. */
  opt?: Finding[];
  optAt?: number;
  optVersion?: number;
}

/** A line after the header: a row, a blank line, or a conflict marker. */
type LineItem = RowItem | 'blank' | 'marker';

/** Rows by key; the keys held by several rows are listed apart, so that the checks across lines visit only them. */
class Groups {
  private readonly byKey = new Map<string, GridRow | GridRow[]>();
  readonly shared = new Set<string>();

  add(key: string, row: GridRow): void {
    const g = this.byKey.get(key);
    if (g === undefined) this.byKey.set(key, row);
    else if (Array.isArray(g)) g.push(row);
    else { this.byKey.set(key, [g, row]); this.shared.add(key); }
  }

  remove(key: string, row: GridRow): void {
    const g = this.byKey.get(key);
    if (g === row) { this.byKey.delete(key); return; }
    if (!Array.isArray(g)) return;
    const i = g.indexOf(row);
    if (i >= 0) g.splice(i, 1);
    if (g.length === 1) { this.byKey.set(key, g[0]); this.shared.delete(key); }
  }

  /** The shared groups, each in line order. */
  *groups(): Iterable<GridRow[]> {
    for (const key of this.shared) {
      const g = this.byKey.get(key) as GridRow[];
      yield g.length > 1 && isSorted(g) ? g : g.slice().sort((a, b) => a.line - b.line);
    }
  }
}

function isSorted(rows: readonly GridRow[]): boolean {
  for (let i = 1; i < rows.length; i++) if (rows[i - 1].line > rows[i].line) return false;
  return true;
}

const BOM = 0xfeff;

type PhraseMaps = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** `maps` without its empty maps; undefined when none is left. */
function nonEmpty(maps: PhraseMaps | undefined): PhraseMaps | undefined {
  if (!maps?.size) return undefined;
  let empty = 0;
  for (const m of maps.values()) if (!m.size) empty++;
  if (!empty) return maps;
  if (empty === maps.size) return undefined;
  return new Map([...maps].filter(([, m]) => m.size));
}

/** Whether two sets of phrase maps (by language) hold the same pairs. */
function sameMaps(a: PhraseMaps | undefined, b: PhraseMaps | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.size !== b.size) return false;
  for (const [lang, m] of a) {
    const n = b.get(lang);
    if (!n || n.size !== m.size) return false;
    if (n === m) continue;
    for (const [source, target] of m) if (n.get(source) !== target) return false;
  }
  return true;
}

export class GridLinter {
  private lines: string[] = [''];
  /** One per line; index 0 (the header) is unused. */
  private items: (LineItem | undefined)[] = [undefined];
  private header: Field[] = [];
  private headerKey = '';
  private headerFindings: Finding[] = [];
  private targetsOk = false;
  private markers = 0;
  private sources = new Groups();
  private cases = new Groups();
  private targetGroups: Groups[] = [];
  private bytes: number[] = [];
  private present: number[] = [];
  private rowCount = 0;
  private optionsVersion = 0;
  /** Bumped by every change of the state the findings read (an edit, a load, new options). */
  private revision = 0;

  private options: GridLintOptions;

  constructor(options: GridLintOptions = {}) {
    this.options = { ...options, reverse: nonEmpty(options.reverse), drafts: nonEmpty(options.drafts) };
  }

  get lineCount(): number {
    return this.lines.length;
  }

  /** The context the checks across dictionaries use (reverse dictionaries, drafts); rows are re-checked lazily.
   * False when it holds what the linter had (an empty map counts as none): no row needs checking again, and the
   * findings are those of before (a push asks for the context again, and clears drafts a glossary often lacks). */
  setOptions(options: GridLintOptions): boolean {
    const next: GridLintOptions = { ...options, reverse: nonEmpty(options.reverse), drafts: nonEmpty(options.drafts) };
    const headerDepends = (next.languages !== this.options.languages);
    const same = !headerDepends && sameMaps(next.reverse, this.options.reverse) && sameMaps(next.drafts, this.options.drafts);
    this.options = next;
    if (same) return false;
    this.revision++;
    this.optionsVersion++;
    this.prepareFrom = 1;
    if (headerDepends) this.readHeader();
    return true;
  }

  setText(text: string): this {
    const load = this.load(text);
    while (!load.step(Infinity));
    return this;
  }

  /** Starts reading `text` in steps (see EntriesLinter.load): until `step` returns true, the linter must be neither
   * edited nor asked for findings; a new `load` or `setText` abandons an unfinished one. */
  load(text: string): { step(budgetMs: number): boolean } {
    this.revision++;
    const lines: string[] = [];
    this.lines = lines;
    this.items = [undefined];
    this.sources = new Groups();
    this.cases = new Groups();
    this.markers = 0;
    this.rowCount = 0;
    const breaks = /\r\n|\r|\n/g;
    let pos = 0;
    let headerRead = false;
    let finished = false;
    return {
      step: (budgetMs: number) => {
        if (finished || this.lines !== lines) return true;
        const deadline = budgetMs === Infinity ? Infinity : performance.now() + budgetMs;
        for (let n = 0; ; n++) {
          if ((n & 255) === 255 && performance.now() >= deadline) return false;
          breaks.lastIndex = pos;
          const m = breaks.exec(text);
          const end = m ? m.index : text.length;
          lines.push(text.slice(pos, end));
          if (!headerRead) {
            if (!m) { this.readHeader(); headerRead = true; finished = true; return true; }
            // The header decides how rows read: read it once the line count is known to exceed one.
            this.readHeader(2);
            headerRead = true;
          } else this.insertItem(lines.length - 1, lines[lines.length - 1]);
          if (!m) { finished = true; return true; }
          pos = m.index + m[0].length;
        }
      },
    };
  }

  /** Applies a text change given in the coordinates of the text before it (as VS Code reports changes). Returns
   * false, leaving the state as it was, when the change alters the header line: the caller then reads the whole
   * new text again (`load`), since every row reads by the header. */
  edit(startLine: number, startCol: number, endLine: number, endCol: number, text: string): boolean {
    this.revision++;
    const prefix = this.lines[startLine].slice(0, startCol);
    const suffix = this.lines[endLine].slice(endCol);
    const texts = splitLines(prefix + text + suffix);
    if (startLine === 0) {
      const newCount = this.lines.length - (endLine + 1) + texts.length;
      if (this.keyOf(texts[0], newCount) !== this.headerKey) return false;
      this.lines[0] = texts[0];
      this.replaceLines(1, endLine, texts.slice(1));
    } else {
      this.replaceLines(startLine, endLine - startLine + 1, texts);
    }
    return true;
  }

  /** Entries and gaps per target language (as `gridStats`). */
  stats(): GridStats {
    return {
      rows: this.rowCount,
      columns: this.targets().map((targetLang, k) => ({ targetLang, entries: this.present[k], missing: this.rowCount - this.present[k] })),
    };
  }

  /** All findings, sorted by position, the same as `lintGrid` of the text. Cost: a walk over the lines (no parsing)
   * plus the rows that share a key with another. With conflict blocks in the text, it lints the whole text. */
  findings(): Finding[] {
    const run = this.findingsRun();
    for (;;) {
      const r = run.next();
      if (r.done) return r.value;
    }
  }

  /** `findings()` for a caller that spreads the work over tasks (a glossary of 50 000 rows: 10-25 ms in one go):
   * each `step(ms)` works for about that long and returns the findings once they are all made, undefined until then.
   * An edit, a load or new options between steps start the walk again: the findings are always those of the state
   * at the step that returns them. */
  findingsInSteps(): { step(budgetMs: number): Finding[] | undefined } {
    let revision = this.revision;
    let run = this.findingsRun();
    return {
      step: (budgetMs: number) => {
        if (revision !== this.revision) {
          revision = this.revision;
          run = this.findingsRun();
        }
        const deadline = performance.now() + budgetMs;
        for (;;) {
          const r = run.next();
          if (r.done) return r.value;
          if (performance.now() >= deadline) return undefined;
        }
      },
    };
  }

  /** The walk of `findings()`, pausing (a bare yield) every few hundred groups or lines. */
  private *findingsRun(): Generator<void, Finding[], void> {
    if (this.lines.length === 1 && this.header.length === 0) return [];
    if (this.markers > 0) return lintGrid(this.lines.join('\n'), this.options);
    let work = 0;
    const grid = this.view();
    const byLine = new Map<number, Finding[]>();
    const at = (f: Finding) => {
      const list = byLine.get(f.line);
      if (list) list.push(f); else byLine.set(f.line, [f]);
    };
    const groupOut: Finding[] = [];
    for (const rows of this.sources.groups()) {
      duplicateGroup(rows, groupOut);
      if ((++work & 255) === 0) yield;
    }
    const line0 = [...this.headerFindings];
    if (this.targetsOk) {
      sizeFindings(grid, this.bytes, line0);
      for (let k = 0; k < this.targetGroups.length; k++) {
        for (const rows of this.targetGroups[k].groups()) {
          sameTargetGroup(grid, k, rows, groupOut);
          if ((++work & 255) === 0) yield;
        }
      }
      for (const rows of this.cases.groups()) {
        caseGroup(grid, rows, groupOut);
        if ((++work & 255) === 0) yield;
      }
    }
    for (const f of groupOut) at(f);
    const out: Finding[] = line0.sort(compareFindings);
    const { reverse, drafts } = this.options;
    const withOptions = this.targetsOk && (reverse || drafts);
    for (let i = 1; i < this.lines.length; i++) {
      if ((i & 1023) === 0) yield;
      const item = this.items[i];
      const more = byLine.get(i);
      if (item === 'blank') {
        const f = blankLineFinding(this.lines, i);
        if (!more) { if (f) out.push(f); continue; }
        if (f) more.unshift(f);
      } else if (item !== undefined && item !== 'marker') {
        if (item.at !== i) { item.own = item.own.map((f) => placeFinding(f, i - item.at)); item.at = i; } // moved: placed once
        const own = item.own;
        let opt: Finding[] = [];
        if (withOptions) {
          if (item.optVersion !== this.optionsVersion) this.computeOptions(grid, item, i);
          if (item.optAt !== i) { item.opt = item.opt!.map((f) => placeFinding(f, i - item.optAt!)); item.optAt = i; }
          opt = item.opt!;
        }
        if (!more && !opt.length) {
          for (const f of own) out.push(f);
          continue;
        }
        if (more) more.unshift(...own, ...opt);
        else { out.push(...[...own, ...opt].sort(compareFindings)); continue; }
      }
      if (more) out.push(...more.sort(compareFindings));
    }
    return out;
  }

  /** The findings of row `item` (on line `i`) that depend on the options. */
  private computeOptions(grid: ParsedGrid, item: RowItem, i: number): void {
    const { reverse, drafts } = this.options;
    item.opt = [];
    if (reverse) reverseInRow(grid, item.row, reverse, item.opt);
    if (drafts) draftsInRow(grid, item.row, drafts, item.opt);
    item.optAt = i;
    item.optVersion = this.optionsVersion;
  }

  private prepareFrom = 1;

  /** Computes, for at most `budgetMs`, the findings that depend on the options (the reverse dictionaries, the drafts)
   * of the rows whose options changed since: after `setOptions`, so that a caller can spread the work over slices
   * before asking `findings()` (which computes whatever is left itself). True when none is left. */
  prepareOptions(budgetMs: number): boolean {
    const { reverse, drafts } = this.options;
    if (!this.targetsOk || !(reverse || drafts)) return true;
    const grid = this.view();
    const deadline = performance.now() + budgetMs;
    for (let i = Math.min(this.prepareFrom, this.lines.length); i < this.lines.length; i++) {
      const item = this.items[i];
      if (item !== undefined && item !== 'blank' && item !== 'marker' && item.optVersion !== this.optionsVersion) this.computeOptions(grid, item, i);
      if ((i & 255) === 0 && performance.now() >= deadline) { this.prepareFrom = i + 1; return false; }
    }
    this.prepareFrom = 1;
    return true;
  }

  // --- the state ---

  private targets(): string[] {
    return this.header.slice(1).map((f) => f.value.trim());
  }

  private grid?: ParsedGrid;

  /** What the rules read of the text: the header's languages and the lines (no rows: they are handed over). */
  private view(): ParsedGrid {
    if (!this.grid) {
      const header = this.header;
      this.grid = {
        bom: false, header, sourceLang: header[0]?.value.trim() ?? '', targets: this.targets(),
        rows: [], blankLines: [], markers: [], lines: this.lines,
      };
    }
    this.grid.lines = this.lines;
    this.grid.bom = this.lines[0].charCodeAt(0) === BOM;
    return this.grid;
  }

  private keyOf(line0: string, lineCount: number): string {
    return gridHeader(line0, lineCount).length === 0 ? '\u0000' : line0;
  }

  /** Reads the header (line 0) and sets up the columns; rows are read after it. */
  private readHeader(lineCount = this.lines.length): void {
    const line0 = this.lines[0];
    this.header = gridHeader(line0, lineCount);
    this.grid = undefined;
    this.headerKey = this.keyOf(line0, lineCount);
    const grid = parseGrid(line0 + (lineCount > 1 ? '\n' : ''));
    this.headerFindings = [];
    this.targetsOk = this.header.length === 0 ? false : lintHeader({ ...grid, lines: [line0] }, this.options, this.headerFindings);
    const n = this.header.length === 0 ? 0 : this.header.length - 1;
    if (this.targetGroups.length !== n || this.rowCount === 0) {
      this.targetGroups = Array.from({ length: n }, () => new Groups());
      this.bytes = new Array<number>(n).fill(0);
      this.present = new Array<number>(n).fill(0);
    }
  }

  private insertItem(i: number, text: string): void {
    const c = classifyGridLine(text, i, this.targetGroups.length);
    if (c === 'blank') { this.items[i] = 'blank'; return; }
    if (typeof c === 'string') { this.items[i] = 'marker'; this.markers++; return; }
    const own: Finding[] = [];
    const grid = this.view();
    lintRow(grid, c, own);
    if (this.targetsOk) missingInRow(grid, c, own);
    this.items[i] = { row: c, own: own.length > 1 ? own.sort(compareFindings) : own, at: i };
    this.attach(c);
  }

  private attach(row: GridRow): void {
    this.rowCount++;
    const v = row.source.value;
    if (v !== '') { this.sources.add(v, row); this.cases.add(v.toLowerCase(), row); }
    for (let k = 0; k < this.targetGroups.length; k++) {
      const t = cellValue(row.cells[k]);
      if (t === undefined) continue;
      this.present[k]++;
      this.bytes[k] += cellBytes(row, k);
      if (t !== '') this.targetGroups[k].add(t, row);
    }
  }

  private detach(i: number): void {
    const item = this.items[i];
    if (item === 'marker') { this.markers--; return; }
    if (item === undefined || item === 'blank') return;
    const row = item.row;
    this.rowCount--;
    const v = row.source.value;
    if (v !== '') { this.sources.remove(v, row); this.cases.remove(v.toLowerCase(), row); }
    for (let k = 0; k < this.targetGroups.length; k++) {
      const t = cellValue(row.cells[k]);
      if (t === undefined) continue;
      this.present[k]--;
      this.bytes[k] -= cellBytes(row, k);
      if (t !== '') this.targetGroups[k].remove(t, row);
    }
  }

  /** Replaces `deleteCount` lines from `start` (≥ 1) with `texts`. */
  private replaceLines(start: number, deleteCount: number, texts: string[]): void {
    for (let i = start; i < start + deleteCount; i++) this.detach(i);
    const placeholders = new Array<LineItem | undefined>(texts.length);
    if (texts.length < 10_000 && deleteCount < 10_000) {
      this.lines.splice(start, deleteCount, ...texts);
      this.items.splice(start, deleteCount, ...placeholders);
    } else {
      this.lines = this.lines.slice(0, start).concat(texts, this.lines.slice(start + deleteCount));
      this.items = this.items.slice(0, start).concat(placeholders, this.items.slice(start + deleteCount));
    }
    if (texts.length !== deleteCount) {
      // Rows after the change moved: their line numbers follow (their findings are placed when asked for).
      for (let i = start + texts.length; i < this.items.length; i++) {
        const item = this.items[i];
        if (item !== undefined && typeof item !== 'string') item.row.line = i;
      }
    }
    for (let k = 0; k < texts.length; k++) this.insertItem(start + k, texts[k]);
  }
}
