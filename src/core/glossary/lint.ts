/** The rules of a multilingual glossary text (see grid.ts): the entry rules on every cell, as each dictionary would
 * see them, plus the checks across dictionaries. Every finding sits on the exact cell it is about. */
import { LIMITS, compareFindings, type Finding, type RelatedLocation } from '../findings';
import type { Field } from '../fields';
import { checkPhrase } from '../phrase';
import { lintLanguagePair, rootCode } from '../languages';
import { deleteLineEdit, placeFinding } from '../place';
import { utf8Length } from '../text';
import { cellValue, conflictScan, parseGrid, type GridRow, type ParsedGrid } from './grid';

export interface GridLintOptions {
  /** Glossary-capable language codes, for `unsupported-language`. */
  languages?: Iterable<string>;
  /** The glossary's dictionaries that translate back into this text's source language, by their source language
   * (a target language here): each maps its source phrase to its target phrase. For `reverse-mismatch`. */
  reverse?: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Machine-translated drafts not yet reviewed, by target language: source phrase → the draft. A cell that still
   * holds its draft is reported as `draft-translation`. */
  drafts?: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

const upper = (code: string) => code.toUpperCase();

function truncate(s: string, max = 50): string {
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

export function lintGrid(text: string | ParsedGrid, options: GridLintOptions = {}): Finding[] {
  let grid = typeof text === 'string' ? parseGrid(text) : text;
  const out: Finding[] = [];
  if (grid.lines.length === 1 && grid.header.length === 0) return out;
  const targetsOk = lintHeader(grid, options, out);
  for (const line of grid.blankLines) {
    const f = blankLineFinding(grid.lines, line);
    if (f) out.push(f);
  }
  for (const row of grid.rows) lintRow(grid, row, out);
  if (grid.markers.length) {
    out.push(...conflictScan(grid).findings);
    // Lines inside conflict blocks are two versions of one line: the checks across lines leave them out.
    grid = { ...grid, rows: grid.rows.filter((r) => !r.inConflict) };
  }
  for (const rows of groupRows(grid.rows, (r) => r.source.value || undefined)) duplicateGroup(rows, out);
  if (targetsOk) {
    sizeFindings(grid, columnBytes(grid), out);
    for (const row of grid.rows) missingInRow(grid, row, out);
    grid.targets.forEach((_, k) => {
      for (const rows of groupRows(grid.rows, (r) => cellValue(r.cells[k]) || undefined)) sameTargetGroup(grid, k, rows, out);
    });
    for (const rows of groupRows(grid.rows, (r) => r.source.value === '' ? undefined : r.source.value.toLowerCase())) caseGroup(grid, rows, out);
    if (options.reverse) for (const row of grid.rows) reverseInRow(grid, row, options.reverse, out);
    if (options.drafts) for (const row of grid.rows) draftsInRow(grid, row, options.drafts, out);
  }
  return out.sort(compareFindings);
}

/** The rows that share a key with another row, group by group, each in line order. One row per key, an array only
 * for a key that is shared (rare): little garbage on large grids. */
function groupRows(rows: readonly GridRow[], keyOf: (row: GridRow) => string | undefined): GridRow[][] {
  const byKey = new Map<string, GridRow | GridRow[]>();
  const shared: GridRow[][] = [];
  for (const row of rows) {
    const key = keyOf(row);
    if (key === undefined) continue;
    const g = byKey.get(key);
    if (g === undefined) byKey.set(key, row);
    else if (Array.isArray(g)) g.push(row);
    else { const arr = [g, row]; byKey.set(key, arr); shared.push(arr); }
  }
  return shared;
}

/** The `blank-line` finding of a blank line, none for the empty last line (the end of the file). */
export function blankLineFinding(lines: readonly string[], line: number): Finding | undefined {
  if (line === lines.length - 1 && lines[line] === '') return undefined;
  return {
    code: 'blank-line', severity: 'info', line, start: 0, end: lines[line].length, message: 'Blank line: it is skipped.',
    fixes: [{ title: 'Delete the blank line', edits: [deleteLineEdit(lines, line, lines.length)] }],
  };
}

/** Per column: the UTF-8 size of the dictionary its cells would make. */
function columnBytes(grid: ParsedGrid): number[] {
  return grid.targets.map((_, k) => {
    let bytes = 0;
    for (const row of grid.rows) bytes += cellBytes(row, k);
    return bytes;
  });
}

/** What one cell adds to its dictionary's size (0 for a gap). */
export function cellBytes(row: GridRow, k: number): number {
  const t = cellValue(row.cells[k]);
  return t === undefined ? 0 : utf8Length(row.source.value) + utf8Length(t) + 2;
}

/** Checks the header line; returns false when its target languages cannot be trusted for the checks across them. */
export function lintHeader(grid: ParsedGrid, options: GridLintOptions, out: Finding[]): boolean {
  const header = grid.header;
  const line0 = grid.lines[0];
  if (header.length < 2 || grid.sourceLang === '') {
    out.push({
      code: 'grid-header', severity: 'error', line: 0, start: 0, end: line0.length,
      message: 'The first line names the languages: the source language, a tab, then each target language separated by tabs (for example "en\tde\tfr").',
    });
    return false;
  }
  let ok = true;
  const seen = new Map<string, Field>();
  for (let k = 1; k < header.length; k++) {
    const field = header[k];
    const code = grid.targets[k - 1];
    for (const f of lintLanguagePair(grid.sourceLang, code, { languages: options.languages })) {
      const at = f.field === 'source' ? header[0] : field;
      if (f.field === 'source' && k > 1) continue; // the source language's own findings once
      out.push({
        code: f.code, severity: f.severity, message: f.message, line: 0, start: at.start, end: at.end,
        ...(f.replacement ? { fixes: [{ title: `Use ${f.replacement}`, preferred: true, edits: [{ line: 0, start: at.start, end: at.end, text: f.replacement }] }] } : {}),
      });
    }
    const key = rootCode(code);
    const first = seen.get(key);
    if (code === '') {
      ok = false;
      out.push({ code: 'grid-header', severity: 'error', line: 0, start: field.start, end: field.end, message: 'This column has no language code.' });
    } else if (first) {
      ok = false;
      out.push({
        code: 'grid-header', severity: 'error', line: 0, start: field.start, end: field.end,
        message: `${upper(code)} is already a column of this glossary: a language appears once.`,
        related: [{ line: 0, start: first.start, end: first.end, message: 'first column' }],
      });
    } else seen.set(key, field);
  }
  return ok;
}

export function lintRow(grid: ParsedGrid, row: GridRow, out: Finding[]): void {
  const text = grid.lines[row.line];
  const local: Finding[] = [];
  checkPhrase(text, row.source, 'source', local);
  let present = 0;
  for (const cell of row.cells) {
    if (cellValue(cell) === undefined) continue;
    present++;
    checkPhrase(text, cell!, 'target', local);
  }
  if (row.extra.length) {
    const n = grid.targets.length;
    local.push({
      code: 'extra-separator', severity: 'error', line: 0, start: row.extra[0].start - 1, end: text.length,
      message: `This line has ${row.extra.length + n} tabs; the first line names ${n} target language${n === 1 ? '' : 's'}, so a line has at most ${n}.`,
    });
  }
  if (present === 0 && !row.inConflict && row.extra.length === 0 && row.source.value !== '' && grid.targets.length > 0) {
    const lastCell = row.cells.length ? row.cells[row.cells.length - 1] : undefined;
    local.push({
      code: 'untranslated-source', severity: 'error', line: 0, start: row.source.start, end: lastCell ? lastCell.end : text.length,
      message: `"${truncate(row.source.value)}" has no translation in any language, so no dictionary would hold it. Fill at least one cell, or delete the line.`,
    });
  }
  for (const f of local) out.push(placeFinding(f, row.line));
}

function related(row: GridRow, field: Field, message: string): RelatedLocation {
  return { line: row.line, start: field.start, end: field.end, message };
}

/** Rows with one source phrase: every row after the first is a `duplicate-source`. */
export function duplicateGroup(rows: readonly GridRow[], out: Finding[]): void {
  const f = rows[0];
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i];
    out.push({
      code: 'duplicate-source', severity: 'error', line: row.line, start: row.source.start, end: row.source.end,
      message: `The source phrase "${truncate(row.source.value)}" is already on line ${f.line + 1}. A source appears once: put all its translations on one line.`,
      related: [related(f, f.source, 'first line of this source')],
    });
  }
}

/** A zero-width place for a gap: the empty field, or the end of the line when the line stops before the cell. */
function gapPlace(grid: ParsedGrid, row: GridRow, k: number): { start: number; end: number } {
  const cell = row.cells[k];
  if (cell) return { start: cell.start, end: cell.end };
  const len = grid.lines[row.line].length;
  return { start: len, end: len };
}

function pairName(grid: ParsedGrid, k: number): string {
  return `${upper(grid.sourceLang)} → ${upper(grid.targets[k])}`;
}

/** `dictionary-too-large` on the header's language of each column whose dictionary would pass 10 MiB. */
export function sizeFindings(grid: ParsedGrid, bytesPerColumn: readonly number[], out: Finding[]): void {
  grid.targets.forEach((_, k) => {
    const bytes = bytesPerColumn[k];
    if (bytes > LIMITS.dictionaryBytes) {
      const f = grid.header[k + 1];
      out.push({
        code: 'dictionary-too-large', severity: 'error', line: 0, start: f.start, end: f.end,
        message: `The ${pairName(grid, k)} dictionary would be ${(bytes / 1048576).toFixed(2)} MiB (${bytes} bytes); a dictionary holds at most 10 MiB.`,
      });
    }
  });
}

/** `missing-translation` on each gap of a row that some dictionary holds. */
export function missingInRow(grid: ParsedGrid, row: GridRow, out: Finding[]): void {
  if (row.source.value === '') return;
  const have: string[] = [];
  const gaps: number[] = [];
  row.cells.forEach((c, k) => (cellValue(c) === undefined ? gaps.push(k) : have.push(upper(grid.targets[k]))));
  if (have.length === 0) return; // untranslated-source says it
  for (const k of gaps) {
    out.push({
      code: 'missing-translation', severity: 'info', line: row.line, ...gapPlace(grid, row, k),
      message: `No ${upper(grid.targets[k])} translation: the ${pairName(grid, k)} dictionary lacks "${truncate(row.source.value)}" (${have.join(', ')} ${have.length === 1 ? 'has' : 'have'} it).`,
    });
  }
}

/** Rows (in line order) whose cells of column `k` hold one target: each cell is reported when the sources differ. */
export function sameTargetGroup(grid: ParsedGrid, k: number, rows: readonly GridRow[], out: Finding[]): void {
  const sources = new Set(rows.map((r) => r.source.value));
  if (sources.size < 2) return;
  const lang = grid.targets[k];
  const target = cellValue(rows[0].cells[k])!;
  for (const row of rows) {
    const cell = row.cells[k]!;
    // The first few others only: a target shared by thousands of sources costs O(n), not O(n²).
    const others = rows.slice(0, 21).filter((r) => r !== row).slice(0, 20);
    const more = rows.length - 1 - others.length;
    out.push({
      code: 'same-target-for-different-sources', severity: 'info', line: row.line, start: cell.start, end: cell.end,
      message: `"${truncate(target)}" is also the ${upper(lang)} target of ${others.slice(0, 3).map((r) => `"${truncate(r.source.value, 30)}"`).join(', ')}${others.length + more > 3 ? ` and ${others.length + more - 3} more` : ''}. Intended, or a copy-paste slip?`,
      related: others.map((r) => related(r, r.cells[k]!, `also "${truncate(target)}"`)),
    });
  }
}

/** Rows (in line order) whose sources are equal ignoring case: the same source written with different case on two
 * lines whose dictionaries differ, `Login` in one dictionary, `login` in another. (Two lines present in the very
 * same dictionaries are taken as intended.) */
export function caseGroup(grid: ParsedGrid, rows: readonly GridRow[], out: Finding[]): void {
  if (new Set(rows.map((r) => r.source.value)).size < 2) return;
  const where = (row: GridRow) => row.cells.map((c, k) => (cellValue(c) === undefined ? '' : grid.targets[k])).filter(Boolean);
  const sets = rows.map(where);
  for (let i = 0; i < rows.length; i++) {
    const others = rows.filter((r, j) => j !== i && r.source.value !== rows[i].source.value && sets[j].join() !== sets[i].join());
    if (!others.length) continue;
    const row = rows[i];
    out.push({
      code: 'inconsistent-source-case', severity: 'warning', line: row.line, start: row.source.start, end: row.source.end,
      message: `"${truncate(row.source.value)}" (${sets[i].map(upper).join(', ') || 'no dictionary'}) differs only in case from ${others.map((r) => `"${truncate(r.source.value, 30)}" (${where(r).map(upper).join(', ')})`).join(', ')}. Use one spelling of the source in every dictionary.`,
      related: others.map((r) => related(r, r.source, 'the other spelling')),
    });
  }
}

/** `reverse-mismatch` on each cell of a row whose target the reverse dictionary maps elsewhere or lacks. */
export function reverseInRow(grid: ParsedGrid, row: GridRow, rev: ReadonlyMap<string, ReadonlyMap<string, string>>, out: Finding[]): void {
  grid.targets.forEach((lang, k) => {
    const t = cellValue(row.cells[k]);
    if (t === undefined || t === '') return;
    const back = rev.get(lang.toLowerCase()) ?? rev.get(lang);
    if (!back) return;
    const r = back.get(t);
    if (r === row.source.value) return;
    const backName = `${upper(lang)} → ${upper(grid.sourceLang)}`;
    const cell = row.cells[k]!;
    out.push({
      code: 'reverse-mismatch', severity: 'warning', line: row.line, start: cell.start, end: cell.end,
      message: r === undefined
        ? `${pairName(grid, k)} maps "${truncate(row.source.value, 30)}" → "${truncate(t, 30)}", but the ${backName} dictionary lacks "${truncate(t, 30)}".`
        : `${pairName(grid, k)} maps "${truncate(row.source.value, 30)}" → "${truncate(t, 30)}", but ${backName} maps "${truncate(t, 30)}" → "${truncate(r, 30)}".`,
    });
  });
}

/** `draft-translation` on each cell of a row that still holds its machine-translated draft. */
export function draftsInRow(grid: ParsedGrid, row: GridRow, all: ReadonlyMap<string, ReadonlyMap<string, string>>, out: Finding[]): void {
  grid.targets.forEach((lang, k) => {
    const mine = all.get(lang.toLowerCase()) ?? all.get(lang);
    if (!mine || mine.size === 0) return;
    const t = cellValue(row.cells[k]);
    if (t === undefined || mine.get(row.source.value) !== t) return;
    const cell = row.cells[k]!;
    out.push({
      code: 'draft-translation', severity: 'info', line: row.line, start: cell.start, end: cell.end,
      message: `Machine-translated draft for ${upper(lang)}: review it before you save (edit the cell, or keep it as it is).`,
    });
  });
}
