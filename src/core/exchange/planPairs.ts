/** The plan for entries that carry their own pair (the service's CSV: source, target, source language, target
 * language): from objects, or from a sheet's columns without making one per row. Pure: no vscode. */
import { LIMITS } from '../findings';
import { normalizeLanguage, rootCode } from '../languages';
import type { Choice, Concept, ImportPlan } from './model';
import { finishPair, foldedWhy, PairBuilder, plainText, q, type PlanOptions } from './plan';
import { RangeSources, Sources, type SourceIds } from './planSources';
import type { SheetCells } from './store';

export interface EntryRow { source: string; target: string; sourceLang: string; targetLang: string; line: number; skip?: Concept['skip'] }

/** The columns of the service's layout. */
export interface PairColumns { source: number; target: number; sourceLang: number; targetLang: number }

/** What the rows of one plan share: its pairs in the order they first appear, the codes that name no language with
 * the lines of their rows, the codes folded to a root. */
class PairPlan {
  readonly builders: PairBuilder[] = [];
  private readonly byKey = new Map<string, number>();
  private readonly notCodes = new Map<string, number[]>();
  private readonly variants = new Set<string>();
  constructor(readonly sources: SourceIds) {}

  /** The number of the pair a row's codes name (made when first named), or -1 when one names no language (its line
   * noted). `capacity`: the room a new pair's builder makes at once. */
  pairOf(sourceLang: string, targetLang: string, line: number, capacity = 64): number {
    const sn = normalizeLanguage(sourceLang);
    const tn = normalizeLanguage(targetLang);
    if (sn.invalid || tn.invalid) {
      this.notCode((sn.invalid ? sourceLang : targetLang).trim(), line);
      return -1;
    }
    if (sn.folded) this.variants.add(sourceLang.trim().toUpperCase());
    if (tn.folded) this.variants.add(targetLang.trim().toUpperCase());
    const key = `${sn.code}\u0000${tn.code}`;
    let n = this.byKey.get(key);
    if (n === undefined) {
      n = this.builders.length;
      this.byKey.set(key, n);
      this.builders.push(new PairBuilder(sn.code, tn.code, this.sources, capacity));
    }
    return n;
  }

  notCode(code: string, line: number): void {
    const lines = this.notCodes.get(code);
    if (lines) lines.push(line); else this.notCodes.set(code, [line]);
  }

  /** A row made as an object: skipped with its reason, or a candidate the rules check in full. */
  add(p: PairBuilder, r: EntryRow): void {
    if (r.skip) {
      p.skipped.push({ reason: r.skip.reason, line: r.line, source: r.source, target: r.target, message: r.skip.message });
      return;
    }
    if (r.source.trim() === '' || r.target.trim() === '') {
      p.skipped.push({ reason: 'empty', line: r.line, source: r.source, target: r.target, message: `Line ${r.line}: the ${r.source.trim() === '' ? 'source' : 'target'} is empty.` });
      return;
    }
    p.add({ source: r.source, target: r.target, line: r.line }, false);
  }

  finish(meta: { format: string; notes?: string[]; choices?: Choice[] }, options: PlanOptions): ImportPlan {
    const choices: Choice[] = [...(meta.choices ?? [])];
    for (const [code, lines] of this.notCodes) {
      choices.push({ line: lines[0], message: `${q(code)} is not a language code: its ${lines.length} row(s) were left out ` +
        `(line${lines.length > 1 ? 's' : ''} ${lines.slice(0, 5).join(', ')}${lines.length > 5 ? '…' : ''}).` });
    }
    const { variants } = this;
    if (variants.size) choices.push({ message: `${[...variants].join(', ')} taken as ${[...variants].map((v) => rootCode(v).toUpperCase()).join(', ')} (${foldedWhy(variants)}).` });
    return { format: meta.format, pairs: this.builders.map((p) => finishPair(p, options, this.sources)), choices, notes: meta.notes ?? [] };
  }
}

/** Builds the plan for entries that carry their own pair. */
export function planEntries(rows: Iterable<EntryRow>, meta: { format: string; notes?: string[]; choices?: Choice[] }, options: PlanOptions = {}): ImportPlan {
  const plan = new PairPlan(new Sources());
  for (const r of rows) {
    const n = plan.pairOf(r.sourceLang, r.targetLang, r.line);
    if (n !== -1) plan.add(plan.builders[n], r);
  }
  return plan.finish(meta, options);
}

/** planEntries for a sheet's rows [first, end) in the service's layout, with the same result: a row whose phrases are
 * ranges of the text that pass the rules at a glance becomes a candidate with no object and no string made (as a
 * sheet of language columns is planned); the others are made as objects. The rows are read twice: first for their
 * pairs (so that each pair's builder is made with room for exactly its rows), then for their phrases. */
export function planPairRows(
  cells: SheetCells, first: number, end: number, columns: PairColumns, skipOf: (i: number) => Concept['skip'] | undefined,
  meta: { format: string; notes?: string[]; choices?: Choice[] }, options: PlanOptions = {},
): ImportPlan {
  const sources = new RangeSources(cells, end - first);
  const plan = new PairPlan(sources);
  const { text } = cells;
  // Each row's pair (-1: a code that names no language), and each pair's count of rows. The codes are looked up once
  // per change from the row before (a file mostly holds one pair, row after row).
  // (One byte a row while the file names fewer than 255 pairs, as every real one does; four past that.)
  let pairOfRow: Uint8Array<ArrayBuffer> | Int32Array<ArrayBuffer> = new Uint8Array(Math.max(0, end - first));
  const NONE = 255;
  const counts: number[] = [];
  let lastSource: string | undefined;
  let lastTarget: string | undefined;
  let last = -1;
  const same = (c: number, value: string | undefined) => {
    if (value === undefined || c === -1) return false;
    const s = cells.start(c);
    if (s < 0) return cells.extras[-s - 1] === value;
    const e = cells.end(c);
    return e - s === value.length && text.startsWith(value, s);
  };
  for (let i = first; i < end; i++) {
    const sc = cells.cellRef(i, columns.sourceLang);
    const tc = cells.cellRef(i, columns.targetLang);
    if (!(same(sc, lastSource) && same(tc, lastTarget))) {
      lastSource = sc === -1 ? '' : cells.value(sc);
      lastTarget = tc === -1 ? '' : cells.value(tc);
      last = -2; // looked up below, with this row's line
    }
    if (last === -2 || last === -1) {
      // A code that names no language is noted for every row that has it; a pair is looked up once per change.
      last = plan.pairOf(lastSource!, lastTarget!, cells.line(i), 0);
    }
    if (last >= NONE && pairOfRow instanceof Uint8Array) {
      const wide: Int32Array<ArrayBuffer> = new Int32Array(pairOfRow.length);
      for (let k = 0; k < i - first; k++) wide[k] = pairOfRow[k] === NONE ? -1 : pairOfRow[k];
      pairOfRow = wide;
    }
    pairOfRow[i - first] = last === -1 && pairOfRow instanceof Uint8Array ? NONE : last;
    if (last >= 0) counts[last] = (counts[last] ?? 0) + 1;
  }
  // Room for exactly each pair's rows; the target in the same column for all.
  plan.builders.forEach((p, n) => { p.reserve(counts[n] ?? 0); p.column = columns.target; });
  const tooLong = (c: number) => c !== -1 && cells.tooLong(c);
  for (let i = first; i < end; i++) {
    const n = pairOfRow[i - first];
    if (n < 0 || (n === NONE && pairOfRow instanceof Uint8Array)) continue;
    const p = plan.builders[n];
    const sc = cells.cellRef(i, columns.source);
    const tc = cells.cellRef(i, columns.target);
    const skip = skipOf(i);
    if (!skip && sc !== -1 && tc !== -1 && cells.start(sc) >= 0 && cells.start(tc) >= 0 &&
      plainText(text, cells.start(sc), cells.end(sc)) && plainText(text, cells.start(tc), cells.end(tc))) {
      p.addRow(sources.idCell(sc), i);
      continue;
    }
    const line = cells.line(i);
    if (!skip && (tooLong(sc) || tooLong(tc))) {
      const side = tooLong(sc) ? 'source' : 'target';
      p.skipped.push({
        reason: 'too-long', line, ...(side === 'target' ? { source: cells.value(sc).trim() } : {}),
        message: `Line ${line}: the ${side} is longer than the service's phrase limit (${LIMITS.phraseBytes} UTF-8 bytes); it was left out.`,
      });
      continue;
    }
    const row: EntryRow = {
      source: sc === -1 ? '' : cells.value(sc), target: tc === -1 ? '' : cells.value(tc),
      sourceLang: lastSource ?? '', targetLang: lastTarget ?? '', line,
    };
    plan.add(p, skip ? { ...row, skip } : row);
  }
  return plan.finish(meta, options);
}
