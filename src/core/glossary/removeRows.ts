/** Removing source phrases (rows) of a multilingual glossary text from some of its dictionaries: the chosen cells
 * become gaps, and a row left with no translation goes whole. Pure: the caller reads lines and applies the edits. */
import type { TextEdit } from '../findings';
import { deleteLinesEdits } from '../table';
import { cellValue, classifyGridLine, gridHeader } from './grid';

/** The target languages (lower case, header order) and, for each, how many of the rows on `lines` hold a phrase in
 * it: what a "from which dictionaries?" question offers. */
export function rowLanguages(lineText: (i: number) => string, lineCount: number, lines: readonly number[]): Array<{ lang: string; rows: number }> {
  const langs = gridHeader(lineText(0), lineCount).slice(1).map((f) => f.value.trim().toLowerCase());
  const counts = langs.map(() => 0);
  for (const l of new Set(lines)) {
    if (l < 1 || l >= lineCount) continue;
    const row = classifyGridLine(lineText(l), l, langs.length);
    if (typeof row === 'string') continue;
    row.cells.forEach((c, k) => { if (cellValue(c) !== undefined) counts[k]++; });
  }
  return langs.map((lang, k) => ({ lang, rows: counts[k] })).filter((x) => x.rows > 0);
}

/** The edits that remove the rows on `lines` from the dictionaries of `targets` (lower case). A row that keeps a
 * translation in another language keeps its source, with the chosen cells emptied (gaps); a row left without any
 * goes whole. The header line, blank lines and conflict markers are left alone. */
export function removeFromDictionaries(lineText: (i: number) => string, lineCount: number, lines: readonly number[], targets: ReadonlySet<string>):
  { edits: TextEdit[]; cleared: string[]; linesRemoved: number } {
  const langs = gridHeader(lineText(0), lineCount).slice(1).map((f) => f.value.trim().toLowerCase());
  const edits: TextEdit[] = [];
  const whole: number[] = [];
  const cleared = new Set<string>();
  for (const l of [...new Set(lines)].sort((a, b) => a - b)) {
    if (l < 1 || l >= lineCount) continue;
    const row = classifyGridLine(lineText(l), l, langs.length);
    if (typeof row === 'string') continue;
    const keeps = langs.some((t, k) => !targets.has(t) && cellValue(row.cells[k]) !== undefined);
    langs.forEach((t, k) => { if (targets.has(t) && cellValue(row.cells[k]) !== undefined) cleared.add(t); });
    if (!keeps) { whole.push(l); continue; }
    for (let k = langs.length - 1; k >= 0; k--) {
      const cell = row.cells[k];
      if (targets.has(langs[k]) && cell && cellValue(cell) !== undefined) edits.push({ line: l, start: cell.start, end: cell.end, text: '' });
    }
  }
  edits.push(...deleteLinesEdits(whole, lineCount, (i) => lineText(i).length));
  return { edits, cleared: langs.filter((t) => cleared.has(t)), linesRemoved: whole.length };
}
