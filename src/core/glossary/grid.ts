/** A multilingual glossary seen by source language: one text per glossary and source language, whose first line
 * names the languages (`en<TAB>de<TAB>fr`) and whose every other line is one source phrase with its target in each
 * target language (an empty cell: that dictionary lacks the source). The dictionaries are joined into this text
 * and split back out of it; nothing here imports `vscode`. */
import { markerKind, scanConflicts, type MarkerKind } from '../conflicts';
import { parseTsvLine, type Field } from '../fields';
import { sameContent } from '../merge';
import { encodeField, forEachTsvEntry, serializeEntries, type EntryValues } from '../serialize';
import { splitLines } from '../text';

/** The entries of one dictionary of the glossary. */
export interface GridDictionary {
  targetLang: string;
  entries: readonly EntryValues[];
}

export interface GridRow {
  /** 0-based line of the text. */
  line: number;
  source: Field;
  /** One slot per target language of the header: the cell's field, or undefined when the line ends before it.
   * A field with an empty unquoted value is a gap too (see `cellValue`). */
  cells: (Field | undefined)[];
  /** Fields beyond the header's languages (an error). */
  extra: Field[];
  /** Inside a conflict block left by a merge: one of two versions of a line, not yet an entry. */
  inConflict?: boolean;
}

export interface ParsedGrid {
  bom: boolean;
  /** The header's fields: the source language, then each target language. Empty when the text is empty. */
  header: Field[];
  sourceLang: string;
  targets: string[];
  rows: GridRow[];
  /** Lines that hold nothing but whitespace (besides the header). */
  blankLines: number[];
  /** Conflict marker lines a merge wrote, in order. */
  markers: { line: number; kind: MarkerKind }[];
  lines: string[];
}

const BOM = 0xfeff;

/** The target phrase of a cell, or undefined for a gap (no field, or an empty unquoted field). A quoted empty
 * field `""` is an (invalid) empty target, not a gap. */
export function cellValue(cell: Field | undefined): string | undefined {
  if (!cell || (cell.value === '' && !cell.quoted)) return undefined;
  return cell.value;
}

function isBlank(text: string, from: number): boolean {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0xa0 && c !== 0x3000 && c !== BOM) return false;
  }
  return true;
}

/** What one line after the header is: a conflict marker, a blank line, or a row of `targetCount` cells. */
export function classifyGridLine(line: string, i: number, targetCount: number): GridRow | MarkerKind | 'blank' {
  const marker = markerKind(line);
  if (marker) return marker;
  if (isBlank(line, 0)) return 'blank';
  const fields = parseTsvLine(line).fields;
  const cells: (Field | undefined)[] = new Array(targetCount);
  for (let k = 0; k < targetCount; k++) cells[k] = fields[k + 1];
  return { line: i, source: fields[0], cells, extra: fields.slice(1 + targetCount) };
}

/** The header's fields of a text whose first line is `line0` and which has `lineCount` lines: none for an empty
 * text (or one holding only a byte order mark). */
export function gridHeader(line0: string, lineCount: number): Field[] {
  const bom = line0.charCodeAt(0) === BOM;
  if (lineCount === 1 && line0.length <= (bom ? 1 : 0)) return [];
  return parseTsvLine(line0, bom ? 1 : 0).fields;
}

export function parseGrid(text: string): ParsedGrid {
  const lines = splitLines(text);
  const bom = text.charCodeAt(0) === BOM;
  const header = gridHeader(lines[0], lines.length);
  const sourceLang = header[0]?.value.trim() ?? '';
  const targets = header.slice(1).map((f) => f.value.trim());
  const rows: GridRow[] = [];
  const blankLines: number[] = [];
  const markers: { line: number; kind: MarkerKind }[] = [];
  for (let i = 1; i < lines.length; i++) {
    const c = classifyGridLine(lines[i], i, targets.length);
    if (c === 'blank') blankLines.push(i);
    else if (typeof c === 'string') markers.push({ line: i, kind: c });
    else rows.push(c);
  }
  const grid: ParsedGrid = { bom, header, sourceLang, targets, rows, blankLines, markers, lines };
  if (markers.length) {
    const regions = conflictScan(grid).regions;
    for (const row of rows) if (regions.some(([a, b]) => row.line > a && row.line < b)) row.inConflict = true;
  }
  return grid;
}

/** The text of a glossary's dictionaries with one source language. Rows follow the first dictionary's order,
 * then the sources only later dictionaries have, in their order. Ends with a line break. */
export function joinGrid(sourceLang: string, dictionaries: readonly GridDictionary[]): string {
  const join = new GridJoin(dictionaries.length);
  dictionaries.forEach((d, k) => { for (const e of d.entries) join.add(k, e.source, e.target); });
  return join.text(sourceLang, dictionaries.map((d) => d.targetLang));
}

/** `joinGrid` of dictionaries given as the service's TSV entries texts, read as `parseEntries` reads them (the
 * common line cut directly, without a parsed entry per line). */
export function joinGridTexts(sourceLang: string, dictionaries: ReadonlyArray<{ targetLang: string; text: string }>): string {
  const join = new GridJoin(dictionaries.length);
  dictionaries.forEach((d, k) => forEachTsvEntry(d.text, (source, target) => join.add(k, source, target)));
  return join.text(sourceLang, dictionaries.map((d) => d.targetLang));
}

/** The rows of a join, by source in order of first appearance, each with a slot per dictionary. A dictionary that
 * holds a source more than once (the service keeps what it was given) puts each repeat in the next row of that
 * source whose slot is free, a row of its own after the first when none is: every entry gets a cell, so that the
 * split gives back every entry and a save never drops one unseen (the linter reports the repeated row as
 * `duplicate-source`, an error, which blocks the push until it is resolved). */
class GridJoin {
  private readonly order: string[] = [];
  /** The first row of each source, in `order`'s order. */
  private readonly firstRows: (string | undefined)[][] = [];
  /** Each source's place in `order`. */
  private readonly places = new Map<string, number>();
  /** The further rows of a source repeated in a dictionary, after its first row. */
  private readonly repeats = new Map<string, (string | undefined)[][]>();
  /** Per dictionary, the place in `order` after the source it last filled: dictionaries of one glossary mostly list
   * the same sources in the same order, so the next entry's source is usually there, found without a lookup. */
  private readonly cursor: number[];
  constructor(private readonly width: number) {
    this.cursor = new Array<number>(width).fill(0);
  }

  add(k: number, source: string, target: string): void {
    const j = this.cursor[k];
    if (j < this.order.length && this.order[j] === source && this.firstRows[j][k] === undefined) {
      this.firstRows[j][k] = target;
      this.cursor[k] = j + 1;
      return;
    }
    const place = this.places.get(source);
    let row: (string | undefined)[] | undefined;
    if (place === undefined) {
      row = new Array<string | undefined>(this.width);
      this.places.set(source, this.order.length);
      this.order.push(source);
      this.firstRows.push(row);
      this.cursor[k] = this.order.length;
    } else if ((row = this.firstRows[place])[k] === undefined) {
      this.cursor[k] = place + 1;
    } else {
      let more = this.repeats.get(source);
      if (!more) this.repeats.set(source, more = []);
      row = more.find((r) => r[k] === undefined);
      if (!row) more.push(row = new Array<string | undefined>(this.width));
    }
    row[k] = target;
  }

  text(sourceLang: string, targets: readonly string[]): string {
    const lines: string[] = [[sourceLang, ...targets].join('\t')];
    const line = (source: string, row: (string | undefined)[]) => {
      let out = encodeCell(source);
      for (let k = 0; k < this.width; k++) out += '\t' + (row[k] === undefined ? '' : encodeCell(row[k]!));
      return out;
    };
    for (let j = 0; j < this.order.length; j++) {
      const source = this.order[j];
      lines.push(line(source, this.firstRows[j]));
      const more = this.repeats.size ? this.repeats.get(source) : undefined;
      if (more) for (const row of more) lines.push(line(source, row));
    }
    lines.push('');
    return lines.join('\n');
  }
}

/** A phrase as a cell: an empty phrase is written quoted, so that it reads back as an empty phrase, not a gap. */
function encodeCell(value: string): string {
  return value === '' ? '""' : encodeField(value, 'tsv');
}

export interface SplitGrid {
  sourceLang: string;
  dictionaries: { targetLang: string; entries: EntryValues[] }[];
}

/** The dictionaries a grid text stands for, in header order; each holds the non-empty cells of its column in row
 * order. Fields beyond the header are ignored (the linter reports them, and a push is blocked on them). */
export function splitGrid(text: string | ParsedGrid): SplitGrid {
  const grid = typeof text === 'string' ? parseGrid(text) : text;
  const dictionaries = grid.targets.map((targetLang) => ({ targetLang, entries: [] as EntryValues[] }));
  for (const row of grid.rows) {
    if (row.inConflict) continue;
    for (let k = 0; k < row.cells.length; k++) {
      const target = cellValue(row.cells[k]);
      if (target !== undefined) dictionaries[k].entries.push({ source: row.source.value, target });
    }
  }
  return { sourceLang: grid.sourceLang, dictionaries };
}

export interface GridStats {
  rows: number;
  /** Per target language, in header order: the entries and the gaps (rows without a cell in that language). */
  columns: { targetLang: string; entries: number; missing: number }[];
}

export function gridStats(grid: ParsedGrid): GridStats {
  const columns = grid.targets.map((targetLang) => ({ targetLang, entries: 0, missing: 0 }));
  for (const row of grid.rows) {
    for (let k = 0; k < columns.length; k++) {
      if (cellValue(row.cells[k]) === undefined) columns[k].missing++;
      else columns[k].entries++;
    }
  }
  return { rows: grid.rows.length, columns };
}

/** The conflict blocks of a grid text and the findings that keep it from being pushed. */
export function conflictScan(grid: ParsedGrid) {
  return scanConflicts(grid.markers, (i) => grid.lines[i], grid.lines.length);
}

/** What a save of a multilingual text sends: per target language, the entries (as TSV) where they differ from the
 * remote text's; or the first column that was removed or emptied while the remote dictionary has entries (then
 * nothing may be sent: deleting a dictionary is another command). */
export type GridChanges =
  | { changes: Array<{ targetLang: string; entries: string }> }
  | { removed: string } | { emptied: string };

export function gridChanges(text: string, remote: string | undefined): GridChanges {
  const mine = splitGrid(text);
  const theirs = remote === undefined ? undefined : splitGrid(remote);
  const lang = (l: string) => l.toLowerCase();
  for (const d of theirs?.dictionaries ?? []) {
    const m = mine.dictionaries.find((x) => lang(x.targetLang) === lang(d.targetLang));
    if (!m && d.entries.length) return { removed: d.targetLang };
    if (m && !m.entries.length && d.entries.length) return { emptied: d.targetLang };
  }
  const changes: Array<{ targetLang: string; entries: string }> = [];
  for (const m of mine.dictionaries) {
    const d = theirs?.dictionaries.find((x) => lang(x.targetLang) === lang(m.targetLang));
    if (!m.entries.length) continue;
    const entries = serializeEntries(m.entries, 'tsv');
    if (d && sameContent(serializeEntries(d.entries, 'tsv'), entries, 'entries')) continue;
    changes.push({ targetLang: lang(m.targetLang), entries });
  }
  return { changes };
}
