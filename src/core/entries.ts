/** The dictionary linter: every violation of the entry rules at once, each at its exact place.
 *
 * One pass over the text's char codes finds the lines and, for each, whether it is a clean entry (one separator,
 * two non-empty phrases without edge whitespace, control characters, quotes or a length to check) and the hash of
 * its source phrase. A clean line allocates nothing in `lintEntries`; every other line goes through the full
 * parser and rules, which find exactly what is wrong. Duplicates are grouped by that hash (a small integer, so no
 * string is kept per line for them) and confirmed by comparing the phrases themselves.
 * `EntriesLinter` keeps per-line state so that an edit re-checks only the lines it touched.
 *
 * The scan is entryScan.ts, the rules of a line and the findings of a text entryRules.ts, the incremental linter
 * entriesLinter.ts; this file is the one-shot lint. */
import type { Finding } from './findings';
import { utf8Length } from './text';
import type { MarkerKind } from './conflicts';
import { BOM, hashKey, LineScanner, NO_KEY } from './entryScan';
import { analyzeLine, assemble, pairFindingsOf, type LintEntriesOptions } from './entryRules';
import { EntriesLinter } from './entriesLinter';

export { EntriesLinter } from './entriesLinter';
export { tabForSpaces, type LintEntriesOptions } from './entryRules';

// ---- the one-shot lint -----------------------------------------------------------------------------------------

/** Lints a whole dictionary text once: one pass, nothing allocated for a clean line. */
export function lintEntries(text: string, options: LintEntriesOptions): Finding[] {
  return lintText(text, options, true);
}

/** The same lint with every line through the full parser and rules (no clean-line fast path): for the tests,
 * which check that the fast path passes only lines the rules find nothing in. */
export function lintEntriesWithoutFastPath(text: string, options: LintEntriesOptions): Finding[] {
  return lintText(text, options, false);
}

/** Lines per hash in the one-shot lint's sort keys (a 29-bit hash times this, plus the line, is exact in a
 * double); a text that could have more lines is linted through the incremental linter. */
const LINE_SPAN = 2 ** 24;

function lintText(text: string, options: LintEntriesOptions, fastPath: boolean): Finding[] {
  if (text.length >= LINE_SPAN) return new EntriesLinter(options).setText(text).findings();
  const sep = options.format === 'tsv' ? 9 : 44;
  let starts = new Int32Array(Math.max(64, text.length >> 5));
  let ends = new Int32Array(starts.length);
  let lineCount = 0;
  let breakUnits = 0;
  // The keyed lines as (hash >>> 1) * 2^24 + line (exact in a double): sorted, equal hashes lie side by side.
  let keyed = new Float64Array(starts.length);
  let keyCount = 0;
  const problems: Array<[number, Finding[]]> = [];
  const markers: Array<{ line: number; kind: MarkerKind }> = [];
  const addKey = (hash: number, line: number) => {
    if (keyCount === keyed.length) { const k = new Float64Array(keyCount * 2); k.set(keyed); keyed = k; }
    keyed[keyCount++] = (hash >>> 1) * LINE_SPAN + line;
  };
  new LineScanner(text, sep).run((start, end, from, hash, lineBreak) => {
    const line = lineCount++;
    if (line === starts.length) {
      const s = new Int32Array(line * 2); s.set(starts); starts = s;
      const e = new Int32Array(line * 2); e.set(ends); ends = e;
    }
    starts[line] = start;
    ends[line] = end;
    breakUnits += lineBreak;
    if (hash !== NO_KEY && fastPath) { addKey(hash, line); return; }
    const a = analyzeLine(text.slice(start, end), from, options);
    if (a.marker) markers.push({ line, kind: a.marker });
    if (a.local) problems.push([line, a.local]);
    if (a.key !== undefined) addKey(hashKey(a.key), line);
  });
  const sorted = keyed.subarray(0, keyCount).sort();
  const hashGroups: number[][] = [];
  for (let i = 0; i + 1 < keyCount;) {
    const hash = Math.floor(sorted[i] / LINE_SPAN);
    let j = i + 1;
    while (j < keyCount && Math.floor(sorted[j] / LINE_SPAN) === hash) j++;
    if (j - i > 1) hashGroups.push(Array.from(sorted.subarray(i, j), (v) => v - hash * LINE_SPAN));
    i = j;
  }
  const bom = text.charCodeAt(0) === BOM ? 3 : 0;
  // Line breaks are one byte each (\r\n two); the entries are sent with one \n per line break.
  const rawBytes = utf8Length(text) - breakUnits + lineCount;
  return assemble({
    format: options.format, lineCount, lineAt: (i) => text.slice(starts[i], ends[i]),
    problems, markers, hashGroups, byteSize: Math.max(0, rawBytes - 1 - bom),
    pairFindings: pairFindingsOf(options),
  });
}
