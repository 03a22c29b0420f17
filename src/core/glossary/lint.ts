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
    if (line === grid.lines.length - 1 && grid.lines[line] === '') continue;
    out.push({
      code: 'blank-line', severity: 'info', line, start: 0, end: grid.lines[line].length, message: 'Blank line: it is skipped.',
      fixes: [{ title: 'Delete the blank line', edits: [deleteLineEdit(grid.lines, line, grid.lines.length)] }],
    });
  }
  for (const row of grid.rows) lintRow(grid, row, out);
  if (grid.markers.length) {
    out.push(...conflictScan(grid).findings);
    // Lines inside conflict blocks are two versions of one line: the checks across lines leave them out.
    grid = { ...grid, rows: grid.rows.filter((r) => !r.inConflict) };
  }
  duplicateSources(grid, out);
  if (targetsOk) {
    sizes(grid, out);
    missing(grid, out);
    sameTargets(grid, out);
    caseVariants(grid, out);
    if (options.reverse) reverse(grid, options.reverse, out);
    if (options.drafts) drafts(grid, options.drafts, out);
  }
  return out.sort(compareFindings);
}

/** Checks the header line; returns false when its target languages cannot be trusted for the checks across them. */
function lintHeader(grid: ParsedGrid, options: GridLintOptions, out: Finding[]): boolean {
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

function lintRow(grid: ParsedGrid, row: GridRow, out: Finding[]): void {
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

function duplicateSources(grid: ParsedGrid, out: Finding[]): void {
  const first = new Map<string, GridRow>();
  for (const row of grid.rows) {
    const key = row.source.value;
    if (key === '') continue;
    const f = first.get(key);
    if (!f) { first.set(key, row); continue; }
    out.push({
      code: 'duplicate-source', severity: 'error', line: row.line, start: row.source.start, end: row.source.end,
      message: `The source phrase "${truncate(key)}" is already on line ${f.line + 1}. A source appears once: put all its translations on one line.`,
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

function sizes(grid: ParsedGrid, out: Finding[]): void {
  grid.targets.forEach((_, k) => {
    let bytes = 0;
    for (const row of grid.rows) {
      const t = cellValue(row.cells[k]);
      if (t !== undefined) bytes += utf8Length(row.source.value) + utf8Length(t) + 2;
    }
    if (bytes > LIMITS.dictionaryBytes) {
      const f = grid.header[k + 1];
      out.push({
        code: 'dictionary-too-large', severity: 'error', line: 0, start: f.start, end: f.end,
        message: `The ${pairName(grid, k)} dictionary would be ${(bytes / 1048576).toFixed(2)} MiB (${bytes} bytes); a dictionary holds at most 10 MiB.`,
      });
    }
  });
}

function missing(grid: ParsedGrid, out: Finding[]): void {
  for (const row of grid.rows) {
    if (row.source.value === '') continue;
    const have: string[] = [];
    const gaps: number[] = [];
    row.cells.forEach((c, k) => (cellValue(c) === undefined ? gaps.push(k) : have.push(upper(grid.targets[k]))));
    if (have.length === 0) continue; // untranslated-source says it
    for (const k of gaps) {
      out.push({
        code: 'missing-translation', severity: 'info', line: row.line, ...gapPlace(grid, row, k),
        message: `No ${upper(grid.targets[k])} translation: the ${pairName(grid, k)} dictionary lacks "${truncate(row.source.value)}" (${have.join(', ')} ${have.length === 1 ? 'has' : 'have'} it).`,
      });
    }
  }
}

function sameTargets(grid: ParsedGrid, out: Finding[]): void {
  grid.targets.forEach((lang, k) => {
    // One row per target, an array only for a target that is shared (rare): little garbage on large grids.
    const byTarget = new Map<string, GridRow | GridRow[]>();
    const shared: string[] = [];
    for (const row of grid.rows) {
      const t = cellValue(row.cells[k]);
      if (t === undefined || t === '') continue;
      const g = byTarget.get(t);
      if (g === undefined) byTarget.set(t, row);
      else if (Array.isArray(g)) g.push(row);
      else { byTarget.set(t, [g, row]); shared.push(t); }
    }
    for (const target of shared) {
      const rows = byTarget.get(target) as GridRow[];
      const sources = new Set(rows.map((r) => r.source.value));
      if (sources.size < 2) continue;
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
  });
}

/** The same source written with different case on two lines whose dictionaries differ: `Login` in one dictionary,
 * `login` in another. (Two lines present in the very same dictionaries are taken as intended.) */
function caseVariants(grid: ParsedGrid, out: Finding[]): void {
  const groups = new Map<string, GridRow | GridRow[]>();
  const several: GridRow[][] = [];
  for (const row of grid.rows) {
    const v = row.source.value;
    if (v === '') continue;
    const key = v.toLowerCase();
    const g = groups.get(key);
    if (g === undefined) groups.set(key, row);
    else if (Array.isArray(g)) g.push(row);
    else { const arr = [g, row]; groups.set(key, arr); several.push(arr); }
  }
  const where = (row: GridRow) => row.cells.map((c, k) => (cellValue(c) === undefined ? '' : grid.targets[k])).filter(Boolean);
  for (const rows of several) {
    if (new Set(rows.map((r) => r.source.value)).size < 2) continue;
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
}

function reverse(grid: ParsedGrid, rev: ReadonlyMap<string, ReadonlyMap<string, string>>, out: Finding[]): void {
  grid.targets.forEach((lang, k) => {
    const back = rev.get(lang.toLowerCase()) ?? rev.get(lang);
    if (!back) return;
    const backName = `${upper(lang)} → ${upper(grid.sourceLang)}`;
    for (const row of grid.rows) {
      const t = cellValue(row.cells[k]);
      if (t === undefined || t === '') continue;
      const r = back.get(t);
      if (r === row.source.value) continue;
      const cell = row.cells[k]!;
      out.push({
        code: 'reverse-mismatch', severity: 'warning', line: row.line, start: cell.start, end: cell.end,
        message: r === undefined
          ? `${pairName(grid, k)} maps "${truncate(row.source.value, 30)}" → "${truncate(t, 30)}", but the ${backName} dictionary lacks "${truncate(t, 30)}".`
          : `${pairName(grid, k)} maps "${truncate(row.source.value, 30)}" → "${truncate(t, 30)}", but ${backName} maps "${truncate(t, 30)}" → "${truncate(r, 30)}".`,
      });
    }
  });
}

function drafts(grid: ParsedGrid, all: ReadonlyMap<string, ReadonlyMap<string, string>>, out: Finding[]): void {
  grid.targets.forEach((lang, k) => {
    const mine = all.get(lang.toLowerCase()) ?? all.get(lang);
    if (!mine || mine.size === 0) return;
    for (const row of grid.rows) {
      const t = cellValue(row.cells[k]);
      if (t === undefined || mine.get(row.source.value) !== t) continue;
      const cell = row.cells[k]!;
      out.push({
        code: 'draft-translation', severity: 'info', line: row.line, start: cell.start, end: cell.end,
        message: `Machine-translated draft for ${upper(lang)}: review it before you save (edit the cell, or keep it as it is).`,
      });
    }
  });
}
