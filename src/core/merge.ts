/** Three-way merge of dictionaries by source phrase, and the counts of what a push would change.
 * Pure: no vscode. The document's own lines are kept verbatim wherever the merge keeps them. */
import { parseLine, type EntriesFormat } from './fields';
import { parseEntries, serializeEntries, type EntryValues, type ParsedEntry } from './serialize';
import { commonEnds, splitLines } from './text';
import { termsOf } from './termList';
import { CONFLICT_MARKERS } from './conflicts';

export interface MergeResult {
  text: string;
  /** Entries whose remote change (added, changed or removed) the merge took. */
  fromRemote: number;
  /** Entries both sides changed differently, marked in the text as conflict blocks. */
  conflicts: number;
}

interface Side { entries: Map<string, ParsedEntry>; lines: string[] }

function side(text: string, format: EntriesFormat): Side {
  const entries = new Map<string, ParsedEntry>();
  for (const e of parseEntries(text, format).entries) if (!entries.has(e.source)) entries.set(e.source, e);
  return { entries, lines: splitLines(text) };
}

const same = (a: EntryValues | undefined, b: EntryValues | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.target === b.target && a.sourceLang === b.sourceLang && a.targetLang === b.targetLang);

function eolOf(text: string): string {
  const i = text.indexOf('\n');
  return i > 0 && text.charCodeAt(i - 1) === 13 ? '\r\n' : '\n';
}

/**
 * Merges `theirs` (the remote now) into `ours` (the document), both descended from `base` (what the document
 * was opened from). Per source phrase: a side that did not change the entry takes the other side's version;
 * when both changed it differently (or one changed what the other removed), a conflict block is written:
 *   <<<<<<< yours / your line / ======= / their line / >>>>>>> remote
 * `base` and `theirs` are in the service's TSV; `ours` in `format`.
 */
export function mergeEntries(base: string, ours: string, theirs: string, format: EntriesFormat = 'tsv'): MergeResult {
  // A byte order mark belongs to the text, not to its first line: it stays first whatever lands before that line.
  const bom = ours.charCodeAt(0) === 0xfeff ? '\uFEFF' : '';
  if (bom) ours = ours.slice(1);
  const b = side(base, 'tsv');
  const o = side(ours, format);
  const t = side(theirs, 'tsv');
  const lineOfTheirs = (e: ParsedEntry) => format === 'tsv' ? t.lines[e.line] : serializeEntries([e], format, '');
  const out: string[] = [];
  const placed = new Set<string>();
  let fromRemote = 0;
  let conflicts = 0;
  const conflict = (mine: string | undefined, remote: string | undefined) => {
    conflicts++;
    out.push(CONFLICT_MARKERS.open, ...(mine !== undefined ? [mine] : []), CONFLICT_MARKERS.middle,
      ...(remote !== undefined ? [remote] : []), CONFLICT_MARKERS.close);
  };
  // Entries only the remote has (added there, or removed here while changed there), placed after the entry that
  // precedes them remotely.
  const after = new Map<string | undefined, ParsedEntry[]>();
  let previous: string | undefined;
  for (const [key, te] of t.entries) {
    if (!o.entries.has(key)) {
      const be = b.entries.get(key);
      if (be === undefined || !same(be, te)) {
        const list = after.get(previous) ?? [];
        list.push(te);
        after.set(previous, list);
      }
    }
    previous = key;
  }
  const emitRemoteOnly = (anchor: string | undefined) => {
    for (const te of after.get(anchor) ?? []) {
      if (placed.has(te.source)) continue;
      placed.add(te.source);
      if (b.entries.has(te.source)) conflict(undefined, lineOfTheirs(te)); // removed here, changed there
      else { out.push(lineOfTheirs(te)); fromRemote++; } // added there
      emitRemoteOnly(te.source);
    }
  };
  const anchors = [...after.keys()];
  emitRemoteOnly(undefined);

  const ourEntryAt = new Map<number, ParsedEntry>();
  for (const e of o.entries.values()) ourEntryAt.set(e.line, e);
  const trailingBreak = o.lines.length > 1 && o.lines[o.lines.length - 1] === '';
  const lineCount = trailingBreak ? o.lines.length - 1 : o.lines.length;
  for (let i = 0; i < lineCount; i++) {
    const oe = ourEntryAt.get(i);
    if (!oe) { out.push(o.lines[i]); continue; }
    const key = oe.source;
    placed.add(key);
    const be = b.entries.get(key);
    const te = t.entries.get(key);
    if (same(oe, te)) out.push(o.lines[i]);
    else if (same(oe, be)) { // untouched here: take theirs (changed or removed)
      fromRemote++;
      if (te) out.push(lineOfTheirs(te));
    } else if (same(te, be)) out.push(o.lines[i]); // changed here only
    else conflict(o.lines[i], te && lineOfTheirs(te));
    emitRemoteOnly(key);
  }
  for (const anchor of anchors) emitRemoteOnly(anchor); // anchors that are gone here
  const eol = eolOf(ours);
  const text = out.length ? bom + out.join(eol) + (trailingBreak || ours === '' ? eol : '') : '';
  return { text, fromRemote, conflicts };
}

/** Three-way merge of Spoken Terms lists (sets of terms): additions and removals of both sides are kept.
 * Sets cannot conflict. The document's order is kept; remote additions go to the end. */
export function mergeTerms(base: string, ours: string, theirs: string): MergeResult {
  const b = new Set(termsOf(base));
  const t = new Set(termsOf(theirs));
  const lines = splitLines(ours);
  const trailingBreak = lines.length > 1 && lines[lines.length - 1] === '';
  if (trailingBreak) lines.pop();
  const out: string[] = [];
  const mine = new Set<string>();
  let fromRemote = 0;
  for (const line of lines) {
    mine.add(line);
    if (b.has(line) && !t.has(line)) { fromRemote++; continue; } // removed there, untouched here
    out.push(line);
  }
  for (const term of t) if (!mine.has(term) && !b.has(term)) { out.push(term); fromRemote++; }
  const eol = eolOf(ours);
  return { text: out.length ? out.join(eol) + (trailingBreak ? eol : '') : '', fromRemote, conflicts: 0 };
}

export interface EntryChanges { added: number; changed: number; removed: number; unchanged: number }

/**
 * What sending `local` would do to the dictionary holding `remote`: by source phrase, entries added, changed
 * (new target) and removed. `mode` 'merge' (PATCH) never removes; 'replace' (PUT) removes what `local` lacks.
 * CSV entries whose language columns name another pair are ignored, as the service ignores them.
 */
export function entryChanges(
  remote: string, local: string, options: { format: EntriesFormat; mode: 'merge' | 'replace'; sourceLang?: string; targetLang?: string },
): EntryChanges {
  const r = side(remote, 'tsv').entries;
  const matches = (e: ParsedEntry) => e.sourceLang === undefined || options.sourceLang === undefined ||
    (e.sourceLang.toLowerCase() === options.sourceLang.toLowerCase() && e.targetLang?.toLowerCase() === options.targetLang?.toLowerCase());
  const l = new Map<string, ParsedEntry>();
  for (const e of parseEntries(local, options.format).entries) if (matches(e) && !l.has(e.source)) l.set(e.source, e);
  const c: EntryChanges = { added: 0, changed: 0, removed: 0, unchanged: 0 };
  for (const [key, e] of l) {
    const was = r.get(key);
    if (!was) c.added++;
    else if (was.target !== e.target) c.changed++;
    else c.unchanged++;
  }
  for (const key of r.keys()) {
    if (l.has(key)) continue;
    if (options.mode === 'replace') c.removed++;
    else c.unchanged++;
  }
  return c;
}

/** Whether two texts hold the same entries (dictionaries: every entry, duplicates too, by its values; term
 * lists: the same terms), whatever their order, quoting, blank lines or line breaks. Used to tell whether the
 * remote moved. O(n): the lines are compared as multisets; only lines that differ are parsed. */
export function sameContent(a: string, b: string, kind: 'entries' | 'terms'): boolean {
  if (a === b) return true;
  // Texts of one lineage differ in a few places: the lines both share at their start and at their end are compared
  // as text (blocks of characters, no line split), and only the lines between are split, then hashed.
  const [from, endA, endB] = differingLines(a, b);
  const la = contentLines(a.slice(from, endA), kind, from === 0);
  const lb = contentLines(b.slice(from, endB), kind, from === 0);
  let head = 0;
  while (head < la.length && head < lb.length && la[head] === lb[head]) head++;
  let tail = 0;
  while (tail < la.length - head && tail < lb.length - head && la[la.length - 1 - tail] === lb[lb.length - 1 - tail]) tail++;
  const bag = new Map<string, number>();
  for (let i = head; i < la.length - tail; i++) bag.set(la[i], (bag.get(la[i]) ?? 0) + 1);
  const onlyB: string[] = [];
  for (let i = head; i < lb.length - tail; i++) {
    const line = lb[i];
    const n = bag.get(line);
    if (n === undefined) onlyB.push(line);
    else if (n === 1) bag.delete(line);
    else bag.set(line, n - 1);
  }
  const onlyA: string[] = [];
  for (const [line, n] of bag) for (let i = 0; i < n; i++) onlyA.push(line);
  if (onlyA.length !== onlyB.length) return false; // each line is one entry (or one term) or one invalid line
  if (!onlyA.length) return true;
  if (kind === 'terms') return false;
  const canonical = (lines: string[]) => lines.map((line) => {
    const { fields, problems } = parseLine(line, 'tsv');
    return fields.length === 2 && !problems ? `${fields[0].value}\u0000${fields[1].value}` : `\u0001${line}`;
  }).sort();
  const x = canonical(onlyA);
  const y = canonical(onlyB);
  return x.every((c, i) => c === y[i]);
}

/** The lines that carry content: no byte order mark (`atStart`: the text starts the document); blank lines dropped
 * (for term lists, only empty ones). */
function contentLines(text: string, kind: 'entries' | 'terms', atStart = true): string[] {
  const lines = splitLines(atStart && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  return lines.filter(kind === 'terms' ? (l) => l !== '' : (l) => l.trim() !== '');
}

/** Where `a` and `b` differ, cut at line ends: `a.slice(from, endA)` and `b.slice(from, endB)` hold every line the two
 * do not share; before `from` (just after a line feed) and after the ends (each just after a line feed, the rest of
 * the text the same in both) they are the same characters, so the same lines. */
export function differingLines(a: string, b: string): [from: number, endA: number, endB: number] {
  const [head, s] = commonEnds(a, b);
  const from = head > 0 ? a.lastIndexOf('\n', head - 1) + 1 : 0;
  const feed = s > 0 ? a.indexOf('\n', a.length - s) : -1;
  const tail = feed < 0 ? 0 : a.length - feed - 1;
  return [from, a.length - tail, b.length - tail];
}

/** How many entries (or terms) the service would count in a text: its non-blank lines. */
export function countEntries(text: string): number {
  let n = 0;
  for (const line of splitLines(text)) if (line.trim() !== '' && line !== '\ufeff') n++;
  return n;
}
