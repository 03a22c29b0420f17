/** Comparing and merging multilingual glossary texts (see grid.ts) cell by cell: what the remote changed in one
 * language is taken wherever you did not touch that cell; a cell both sides changed differently becomes a conflict
 * block around its line, as in a single dictionary. Pure: no vscode. */
import { CONFLICT_MARKERS } from '../conflicts';
import { mergeEntries, mergeTerms, type MergeResult } from '../merge';
import { encodeField } from '../serialize';
import { cellValue, parseGrid, type GridRow, type ParsedGrid } from './grid';

type Cells = Map<string, string>;

/** Per row, keyed by its source phrase (and, for a source on more than one row, which of them it is: see rowKeys),
 * its target by (lower-case) target language. Lines inside conflict blocks are left out. */
function cellsBySource(grid: ParsedGrid): Map<string, Cells> {
  const out = new Map<string, Cells>();
  const langs = grid.targets.map((t) => t.toLowerCase());
  const keys = rowKeys(grid);
  for (const row of grid.rows) {
    const key = keys.get(row);
    if (key === undefined) continue;
    const cells: Cells = new Map();
    row.cells.forEach((c, k) => {
      const v = cellValue(c);
      if (v !== undefined && !cells.has(langs[k])) cells.set(langs[k], v);
    });
    out.set(key, cells);
  }
  return out;
}

/** The key of each row outside conflict blocks: its source phrase, and for the n-th later row of the same source
 * (a dictionary that holds it more than once) the phrase with n after a NUL, so that a merge matches the first rows
 * of a source in the three texts with each other, the second with the second, and keeps each. */
function rowKeys(grid: ParsedGrid): Map<GridRow, string> {
  const keys = new Map<GridRow, string>();
  const seen = new Map<string, number>();
  for (const row of grid.rows) {
    if (row.inConflict) continue;
    const source = row.source.value;
    const n = seen.get(source) ?? 0;
    seen.set(source, n + 1);
    keys.set(row, n === 0 ? source : `${source}\u0000${n}`);
  }
  return keys;
}

const sourceOf = (key: string) => { const i = key.indexOf('\u0000'); return i < 0 ? key : key.slice(0, i); };

/** Whether two glossary texts hold the same dictionaries with the same entries, whatever the order of lines or
 * columns, the quoting, blank lines or line breaks. Entries are counted, not only looked up: a source a dictionary
 * holds twice (two rows) is not the same as once, so removing a repeated row is a change a save sends. */
export function sameGrid(a: string, b: string): boolean {
  if (a === b) return true;
  const ga = parseGrid(a);
  const gb = parseGrid(b);
  if (ga.sourceLang.toLowerCase() !== gb.sourceLang.toLowerCase()) return false;
  const la = new Set(ga.targets.map((t) => t.toLowerCase()));
  const lb = new Set(gb.targets.map((t) => t.toLowerCase()));
  if (la.size !== lb.size || [...la].some((l) => !lb.has(l))) return false;
  const bag = cellBag(ga);
  for (const [key, n] of cellBag(gb)) {
    const m = bag.get(key);
    if (m !== n) return false;
    bag.delete(key);
  }
  return bag.size === 0;
}

/** Each entry of a grid (language, source, target), counted; a row without any translation counts as content too
 * (typed, not yet valid: it is never the same as no row). Lines inside conflict blocks are left out. */
function cellBag(grid: ParsedGrid): Map<string, number> {
  const bag = new Map<string, number>();
  const add = (key: string) => bag.set(key, (bag.get(key) ?? 0) + 1);
  const langs = grid.targets.map((t) => t.toLowerCase());
  for (const row of grid.rows) {
    if (row.inConflict) continue;
    let any = false;
    for (let k = 0; k < row.cells.length; k++) {
      const v = cellValue(row.cells[k]);
      if (v === undefined) continue;
      any = true;
      add(`${langs[k]}\u0000${row.source.value}\u0000${v}`);
    }
    if (!any) add(`\u0000${row.source.value}`);
  }
  return bag;
}

/** The entries a glossary text holds over all its dictionaries (its filled cells): what the service counts. */
export function gridEntryCount(text: string): number {
  let n = 0;
  for (const row of parseGrid(text).rows) for (const c of row.cells) if (cellValue(c) !== undefined) n++;
  return n;
}

const encodeCell = (v: string | undefined) => (v === undefined ? '' : v === '' ? '""' : encodeField(v, 'tsv'));

/** Merges `theirs` (the remote now) into `ours` (the document), both descended from `base`. The document's lines
 * are kept verbatim wherever the merge keeps them; a language only the remote has becomes a new column. */
export function mergeGrid(base: string, ours: string, theirs: string): MergeResult {
  const bom = ours.charCodeAt(0) === 0xfeff ? '\uFEFF' : '';
  const o = parseGrid(ours);
  const b = cellsBySource(parseGrid(base));
  const t = cellsBySource(parseGrid(theirs));
  const oc = cellsBySource(o);
  const langs = o.targets.map((x) => x.toLowerCase());
  const header = [...o.targets];
  for (const l of parseGrid(theirs).targets) {
    if (!langs.includes(l.toLowerCase())) { langs.push(l.toLowerCase()); header.push(l); }
  }
  const sameHeader = header.length === o.targets.length;
  const eol = ours.includes('\r\n') ? '\r\n' : '\n';
  const out: string[] = [sameHeader ? o.lines[0].slice(bom ? 1 : 0) : [o.header[0]?.value ?? '', ...header].join('\t')];
  let fromRemote = 0;
  let conflicts = 0;
  const line = (source: string, cells: (string | undefined)[]) => [encodeCell(source), ...cells.map(encodeCell)].join('\t');
  const emit = (key: string, originalLine: string | undefined) => {
    const source = sourceOf(key);
    const y = oc.get(key) ?? new Map<string, string>();
    const bb = b.get(key) ?? new Map<string, string>();
    const tt = t.get(key) ?? new Map<string, string>();
    const mine: (string | undefined)[] = [];
    const remote: (string | undefined)[] = [];
    let conflict = false;
    let changed = false;
    for (const l of langs) {
      const [yv, bv, tv] = [y.get(l), bb.get(l), tt.get(l)];
      if (yv === tv || tv === bv) { mine.push(yv); remote.push(yv); continue; }
      if (yv === bv) { mine.push(tv); remote.push(tv); changed = true; fromRemote++; continue; }
      conflict = true;
      mine.push(yv);
      remote.push(tv);
    }
    const has = (cells: (string | undefined)[]) => cells.some((c) => c !== undefined);
    if (conflict) {
      conflicts++;
      out.push(CONFLICT_MARKERS.open, ...(has(mine) ? [line(source, mine)] : []), CONFLICT_MARKERS.middle,
        ...(has(remote) ? [line(source, remote)] : []), CONFLICT_MARKERS.close);
      return;
    }
    // A row left without any translation: gone when the remote removed what it had; a row you typed and have not
    // translated yet (it had none) stays as you wrote it.
    if (!has(mine)) { if (originalLine !== undefined && y.size === 0) out.push(originalLine); return; }
    out.push(!changed && sameHeader && originalLine !== undefined ? originalLine : line(source, mine));
  };
  const done = new Set<string>();
  const rowAt = new Map(o.rows.map((r) => [r.line, r]));
  const keys = rowKeys(o);
  const last = o.lines.length - 1;
  for (let i = 1; i <= last; i++) {
    const row = rowAt.get(i);
    const key = row && keys.get(row);
    if (key === undefined) { // blank lines, markers and lines of an unresolved block stay as they are
      if (!(i === last && o.lines[i] === '')) out.push(o.lines[i]);
      continue;
    }
    done.add(key);
    emit(key, o.lines[i]);
  }
  for (const key of t.keys()) {
    if (done.has(key)) continue;
    done.add(key);
    emit(key, undefined);
  }
  return { text: bom + out.join(eol) + eol, fromRemote, conflicts };
}

/** The three-way merge of a text of `kind`: a dictionary's entries, a term list's terms, a multilingual glossary's
 * cells ('grid'). */
export function mergeOf(kind: 'entries' | 'terms' | 'grid', base: string, ours: string, theirs: string): MergeResult {
  if (kind === 'grid') return mergeGrid(base, ours, theirs);
  return kind === 'terms' ? mergeTerms(base, ours, theirs) : mergeEntries(base, ours, theirs);
}
