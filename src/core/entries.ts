/** The dictionary linter: every violation of the entry rules at once, each at its exact place.
 *
 * One pass over the text's char codes finds the lines and, for each, whether it is a clean entry (one separator,
 * two non-empty phrases without edge whitespace, control characters, quotes or a length to check) and the hash of
 * its source phrase. A clean line allocates nothing in `lintEntries`; every other line goes through the full
 * parser and rules, which find exactly what is wrong. Duplicates are grouped by that hash (a small integer, so no
 * string is kept per line for them) and confirmed by comparing the phrases themselves.
 * `EntriesLinter` keeps per-line state so that an edit re-checks only the lines it touched. */
import { compareFindings, LIMITS, type Finding, type Fix } from './findings';
import { parseLine, type EntriesFormat, type Field } from './fields';
import { checkPhrase } from './phrase';
import { lintLanguagePair, rootCode, sameCode } from './languages';
import { deleteLineEdit, placeFinding } from './place';
import { markerKind, scanConflicts, type MarkerKind } from './conflicts';
import { isTrimmableSpace, MAX_SAFE_UNITS_FOR_PHRASE, splitLines, utf8Length } from './text';

export interface LintEntriesOptions {
  format: EntriesFormat;
  /** The dictionary's language pair, when known: checks the pair and CSV language columns. */
  sourceLang?: string;
  targetLang?: string;
  /** Glossary-capable languages, for `unsupported-language`. */
  languages?: Iterable<string>;
}

const BOM = 0xfeff;
const NO_KEY = -1;

// ---- the scan: one pass over char codes ----------------------------------------------------------------------

/** Where the line the last `scanLine` call read ends (its line break, or the end of the text). */
let scanEnd = 0;

/**
 * Reads the line from `from` (its start, or after a byte order mark) to its line break or the end of the text.
 * Returns the hash of its source phrase (a non-negative small integer) when the line is a clean entry, else
 * NO_KEY: the line needs the full parser and rules. Sets `scanEnd`. Allocates nothing.
 */
function scanLine(text: string, from: number, sep: number): number {
  const len = text.length;
  let h = 0x811c9dc5 | 0;
  let sepAt = -1;
  let bad = false;
  let i = from;
  for (; i < len; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) { // printable ASCII: most of the characters of most dictionaries
      if (c === sep) {
        if (sepAt === -1) { sepAt = i; continue; }
        bad = true;
      } else if (c === 0x22) bad = true; // a quote: the parser decides
      if (sepAt === -1) h = Math.imul(h ^ c, 0x01000193);
      continue;
    }
    if (c === 10 || c === 13) break;
    if (c === sep) {
      if (sepAt === -1) { sepAt = i; continue; }
      bad = true;
    } else if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029) bad = true;
    if (sepAt === -1) h = Math.imul(h ^ c, 0x01000193);
  }
  scanEnd = i;
  if (bad || sepAt <= from || sepAt >= i - 1) return NO_KEY;
  if (sepAt - from > MAX_SAFE_UNITS_FOR_PHRASE || i - sepAt - 1 > MAX_SAFE_UNITS_FOR_PHRASE) return NO_KEY;
  if (isTrimmableSpace(text.charCodeAt(from)) || isTrimmableSpace(text.charCodeAt(sepAt - 1)) ||
    isTrimmableSpace(text.charCodeAt(sepAt + 1)) || isTrimmableSpace(text.charCodeAt(i - 1))) return NO_KEY;
  const first = text.charCodeAt(from);
  if (first === 0x3c || first === 0x3d || first === 0x3e) return NO_KEY; // perhaps a conflict marker
  return h & 0x3fffffff; // a small integer: a Map keeps it without allocating
}

/** The same hash as `scanLine` gives a clean line, of a source phrase. */
function hashKey(key: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h & 0x3fffffff;
}

// Characters that send a line to the full rules, and a lone \r (a line break VS Code counts, which the fast
// reading below does not: from there on every line is read by `scanLine`).
// eslint-disable-next-line no-control-regex -- control characters are what these look for
const SUSPICIOUS_TSV = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029"]|\r(?!\n)/g;
// eslint-disable-next-line no-control-regex -- in CSV a tab is a control character in a phrase
const SUSPICIOUS_CSV = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029"]|\r(?!\n)/g;

/** How much text one search for suspicious characters reads (a window: no single step of a read takes long). */
const SEARCH_WINDOW = 64 * 1024;

type LineVisitor = (start: number, end: number, from: number, hash: number, lineBreak: number) => void;

/**
 * Reads a text line by line, in one pass, with the engine's own string search for what is common: the line
 * breaks, the separators, and (one regular expression over the whole text, advanced lazily) the characters that
 * need the full rules. Only the source phrase of a clean line is read char by char, for its hash. Nothing is
 * allocated per line. `run` can stop and resume, for reading in slices.
 */
class LineScanner {
  pos = 0;
  line = 0;
  done = false;
  /** Index of the next character that needs the full rules, when below `checked`; equal to `checked` when
   * there is none before it (the search goes a window at a time, so that no slice of a read takes long). */
  private bad = 0;
  private checked = 0;
  /** After a lone \r: every line is read char by char. */
  private charwise = false;
  private readonly re: RegExp;
  private readonly sepChar: string;

  /** `firstLine`: the number of the text's first line (a piece of a larger text read in line-aligned pieces, whose
   * byte order mark can only be on line 0); `last`: whether the text ends the whole one (a piece before the last ends
   * with a line break, and the empty rest after it is not a line). */
  constructor(private readonly text: string, private readonly sep: number, firstLine = 0, private readonly last = true) {
    this.re = new RegExp(sep === 9 ? SUSPICIOUS_TSV : SUSPICIOUS_CSV);
    this.sepChar = String.fromCharCode(sep);
    this.line = firstLine;
  }

  /** Searches the window of text from `at`. (A \r at the window's end may be taken for a lone one: that line
   * then goes through the full rules, which find nothing more; the lone-\r check below reads the text itself.) */
  private search(at: number): void {
    const end = Math.min(this.text.length, at + SEARCH_WINDOW);
    this.re.lastIndex = 0;
    const m = this.re.exec(this.text.slice(at, end));
    this.checked = end;
    this.bad = m ? at + m.index : end;
  }

  /** Whether text[from, end) holds a character that needs the full rules. */
  private suspicious(from: number, end: number): boolean {
    if (this.bad < from) this.search(from);
    while (this.bad === this.checked && this.checked < end) this.search(this.checked);
    return this.bad < end;
  }

  /** Visits lines until the text ends (true) or `stop()` says so, asked every 1024 lines (false). */
  run(visit: LineVisitor, stop?: () => boolean): boolean {
    const text = this.text;
    const len = text.length;
    let { pos, line } = this;
    while (!this.done) {
      if (pos >= len && !this.last) { this.done = true; break; }
      const from = line === 0 && text.charCodeAt(0) === BOM ? 1 : pos;
      let end = len;
      let lineBreak = 0;
      let hash: number;
      if (!this.charwise) {
        const nl = text.indexOf('\n', pos);
        end = nl === -1 ? len : nl;
        lineBreak = nl === -1 ? 0 : 1;
        if (nl > pos && text.charCodeAt(nl - 1) === 13) { end--; lineBreak = 2; }
        if (this.suspicious(from, end)) {
          // A lone \r in the line would end it there: read char by char from here on.
          for (let r = text.indexOf('\r', from); r !== -1 && r < end; r = text.indexOf('\r', r + 1)) {
            if (text.charCodeAt(r + 1) !== 10) { this.charwise = true; break; }
          }
        }
      }
      if (this.charwise) {
        hash = scanLine(text, from, this.sep);
        end = scanEnd;
        lineBreak = end >= len ? 0 : text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1;
      } else {
        hash = this.bad < end ? NO_KEY : this.cleanHash(from, end);
      }
      visit(pos, end, from - pos, hash, lineBreak);
      line++;
      if (lineBreak === 0) this.done = true;
      else pos = end + lineBreak;
      if ((line & 1023) === 0 && stop?.()) break;
    }
    this.pos = pos;
    this.line = line;
    return this.done;
  }

  /** The source phrase's hash of a line without suspicious characters, when it is a clean entry; else NO_KEY. */
  private cleanHash(from: number, end: number): number {
    const text = this.text;
    const a = text.indexOf(this.sepChar, from);
    if (a <= from || a >= end - 1) return NO_KEY; // no separator (-1 or beyond the line), or an empty phrase
    const b = text.indexOf(this.sepChar, a + 1);
    if (b !== -1 && b < end) return NO_KEY;
    if (a - from > MAX_SAFE_UNITS_FOR_PHRASE || end - a - 1 > MAX_SAFE_UNITS_FOR_PHRASE) return NO_KEY;
    const first = text.charCodeAt(from);
    if (first === 0x3c || first === 0x3d || first === 0x3e) return NO_KEY; // perhaps a conflict marker
    if (isTrimmableSpace(first) || isTrimmableSpace(text.charCodeAt(a - 1)) ||
      isTrimmableSpace(text.charCodeAt(a + 1)) || isTrimmableSpace(text.charCodeAt(end - 1))) return NO_KEY;
    let h = 0x811c9dc5 | 0;
    for (let i = from; i < a; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    return h & 0x3fffffff;
  }
}

// ---- the full rules for one line -----------------------------------------------------------------------------

interface Analysis {
  marker?: MarkerKind;
  blank?: boolean;
  /** Findings of this line alone, on line 0 (placed at output). */
  local?: Finding[];
  /** The source phrase, when the line is an entry that takes part in duplicate detection. */
  key?: string;
}

const BLANK: Finding = { code: 'blank-line', severity: 'info', line: 0, start: 0, end: 0, message: 'Blank line: the service skips it.' };

function analyzeLine(text: string, from: number, options: LintEntriesOptions): Analysis {
  const marker = markerKind(from ? text.slice(from) : text);
  if (marker) return { marker };
  if (isBlank(text, from)) return { blank: true, local: [{ ...BLANK, end: text.length }] };
  const format = options.format;
  const parsed = parseLine(text, format, from);
  const out: Finding[] = parsed.problems ?? [];
  const fields = parsed.fields;
  const n = fields.length;
  let structural = true;
  if (n === 1) {
    structural = false;
  }
  if (n === 1 && !parsed.problems?.some((p) => p.code === 'unclosed-quote')) {
    const fix = format === 'tsv' ? tabForSpaces(text, from) : undefined;
    out.push({
      code: 'missing-separator', severity: 'error', line: 0, start: from, end: text.length,
      message: format === 'tsv'
        ? 'This line has no tab. An entry is a source phrase, a tab, and a target phrase.'
        : 'This record has one field. An entry is a source phrase, a comma, and a target phrase.',
      ...(fix ? { fixes: [fix] } : {}),
    });
  } else if (format === 'tsv' && n > 2) {
    structural = false;
    out.push({
      code: 'extra-separator', severity: 'error', line: 0, start: fields[2].start - 1, end: text.length,
      message: `This line has ${n - 1} tabs; an entry has exactly one, between source and target.`,
    });
  } else if (format === 'csv' && (n === 3 || n > 4)) {
    structural = false;
    const from2 = n === 3 ? fields[2].start - 1 : fields[4].start - 1;
    out.push({
      code: 'extra-separator', severity: 'error', line: 0, start: from2, end: text.length,
      message: n === 3
        ? 'This record has 3 fields. After the two phrases come either no language columns or both (source and target).'
        : `This record has ${n} fields; at most 4 are allowed: source, target, source language, target language.`,
    });
  }
  checkPhrase(text, fields[0], 'source', out);
  if (n >= 2) checkPhrase(text, fields[1], 'target', out);
  let ignored = false;
  if (format === 'csv' && n === 4) ignored = checkLanguageColumns(options, fields[2], fields[3], out);
  const a: Analysis = {};
  if (structural && !ignored && fields[0].value !== '') a.key = fields[0].value;
  if (out.length) a.local = out;
  return a;
}

/** Returns true when the service would ignore the entry (its languages differ from the dictionary's). */
function checkLanguageColumns(options: LintEntriesOptions, src: Field, tgt: Field, out: Finding[]): boolean {
  const { sourceLang, targetLang } = options;
  let ignored = false;
  const check = (field: Field, expected: string | undefined, side: 'source' | 'target') => {
    if (expected === undefined || sameCode(field.value, expected)) return;
    ignored = true;
    const want = expected.toUpperCase();
    const variantOfExpected = rootCode(field.value) === expected.toLowerCase();
    out.push({
      code: 'language-mismatch', severity: 'warning', line: 0, start: field.start, end: field.end,
      message: `The ${side} language ${field.value.toUpperCase() || '(empty)'} does not match the dictionary's ${want}: the service ignores this entry.`,
      fixes: [{ title: `Replace with ${want}`, preferred: variantOfExpected, edits: [{ line: 0, start: field.start, end: field.end, text: want }] }],
    });
  };
  check(src, sourceLang, 'source');
  check(tgt, targetLang, 'target');
  if (sourceLang === undefined && targetLang === undefined) {
    for (const f of lintLanguagePair(src.value, tgt.value)) {
      const field = f.field === 'source' ? src : tgt;
      out.push({
        code: f.code, severity: f.severity, message: f.message, line: 0, start: field.start, end: field.end,
        ...(f.replacement ? { fixes: [{ title: `Use ${f.replacement}`, preferred: true, edits: [{ line: 0, start: field.start, end: field.end, text: f.replacement }] }] } : {}),
      });
    }
  }
  return ignored;
}

function pairFindingsOf(options: LintEntriesOptions): Finding[] {
  const { sourceLang, targetLang } = options;
  return sourceLang !== undefined && targetLang !== undefined
    ? lintLanguagePair(sourceLang, targetLang, { languages: options.languages }).map((f) => ({
      code: f.code, severity: f.severity, message: f.message, line: 0, start: 0, end: 0,
    }))
    : [];
}

// ---- findings of the whole text, from what the scan or the incremental state holds ----------------------------

interface Gathered {
  format: EntriesFormat;
  lineCount: number;
  lineAt(i: number): string;
  /** Per line with findings of its own: the line and its findings (on line 0). */
  problems: Iterable<[number, Finding[]]>;
  markers: Array<{ line: number; kind: MarkerKind }>;
  /** Lines whose source phrases have the same hash: each group holds one or more real duplicates, or a collision. */
  hashGroups: Iterable<number[]>;
  byteSize: number;
  pairFindings: Finding[];
}

function fieldsAt(g: Pick<Gathered, 'format' | 'lineAt'>, line: number): Field[] {
  const text = g.lineAt(line);
  return parseLine(text, g.format, line === 0 && text.charCodeAt(0) === BOM ? 1 : 0).fields;
}

function assemble(g: Gathered): Finding[] {
  const out: Finding[] = [];
  const last = g.lineCount - 1;
  for (const [line, local] of g.problems) {
    for (const f of local) {
      if (f.code === 'blank-line') {
        if (line === last && g.lineAt(line) === '') continue; // the end of a file that ends with a line break
        const edit = deleteLineEdit((i) => g.lineAt(i), line, g.lineCount);
        out.push({ ...placeFinding(f, line), fixes: [{ title: 'Delete the blank line', edits: [edit] }] });
        continue;
      }
      out.push(placeFinding(f, line));
    }
  }
  let inConflict = (_line: number) => false;
  if (g.markers.length) {
    const markers = [...g.markers].sort((a, b) => a.line - b.line);
    const scan = scanConflicts(markers, (i) => g.lineAt(i), g.lineCount);
    out.push(...scan.findings);
    inConflict = (line) => scan.regions.some(([a, b]) => line > a && line < b);
  }
  const dups: Finding[] = [];
  for (const group of g.hashGroups) {
    // The same hash: usually the same phrase; split the group by the phrases themselves.
    const byKey = new Map<string, Array<{ line: number; fields: Field[] }>>();
    for (const line of group) {
      const fields = fieldsAt(g, line);
      const same = byKey.get(fields[0].value);
      if (same) same.push({ line, fields });
      else byKey.set(fields[0].value, [{ line, fields }]);
    }
    for (const lines of byKey.values()) if (lines.length > 1) duplicateFindings(g, lines, dups);
  }
  for (const f of dups) if (!inConflict(f.line)) out.push(f);
  if (g.byteSize > LIMITS.dictionaryBytes) out.push(tooLarge(g));
  out.push(...g.pairFindings);
  return out.sort(compareFindings);
}

function duplicateFindings(g: Gathered, group: Array<{ line: number; fields: Field[] }>, out: Finding[]): void {
  let first = group[0];
  for (const s of group) if (s.line < first.line) first = s;
  const firstFields = first.fields;
  const src = firstFields[0];
  for (const s of group) {
    if (s === first) continue;
    const fields = s.fields;
    const identical = fields.length === firstFields.length && fields.every((f, i) => f.value === firstFields[i].value);
    const f: Finding = {
      code: 'duplicate-source', severity: 'error', line: s.line, start: fields[0].start, end: fields[0].end,
      message: identical
        ? `This entry repeats line ${first.line + 1} exactly. Duplicate source entries are not allowed.`
        : `The source phrase "${truncate(fields[0].value)}" is already defined on line ${first.line + 1}. Duplicate source entries are not allowed.`,
      related: [{ line: first.line, start: src.start, end: src.end, message: 'first definition' }],
    };
    if (identical) {
      f.fixes = [{ title: 'Delete the duplicate line', preferred: true, edits: [deleteLineEdit((i) => g.lineAt(i), s.line, g.lineCount)] }];
    }
    out.push(f);
  }
}

function tooLarge(g: Gathered): Finding {
  let total = 0;
  let line = 0;
  for (; line < g.lineCount; line++) {
    total += utf8Length(g.lineAt(line)) + 1;
    if (total > LIMITS.dictionaryBytes) break;
  }
  line = Math.min(line, g.lineCount - 1);
  const bytes = g.byteSize;
  const mib = (bytes / 1048576).toFixed(2);
  return {
    code: 'dictionary-too-large', severity: 'error', line, start: 0, end: g.lineAt(line).length,
    message: `The entries are ${mib} MiB (${bytes} bytes); a dictionary holds at most 10 MiB (${LIMITS.dictionaryBytes} bytes). This line crosses the limit.`,
  };
}

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

// ---- the incremental linter ------------------------------------------------------------------------------------

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

function isBlank(text: string, from = 0): boolean {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0xa0 && c !== 0x3000 && c !== BOM) return false;
  }
  return true;
}

function truncate(s: string, max = 60): string {
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

/** A fix for a TSV line typed with spaces where the tab belongs (an editor that inserts spaces for Tab): the one
 * run of two or more spaces, or else the only single space, becomes a tab. Undefined when that is ambiguous. */
export function tabForSpaces(text: string, from = 0): Fix | undefined {
  const body = text.slice(from).replace(/[ \t]+$/, '');
  const runs = [...body.matchAll(/ {2,}/g)].filter((m) => m.index !== 0);
  const singles = [...body.matchAll(/(?<! ) (?! )/g)].filter((m) => m.index !== 0);
  const pick = runs.length === 1 ? runs[0] : runs.length === 0 && singles.length === 1 ? singles[0] : undefined;
  if (!pick || pick.index === undefined) return undefined;
  const start = from + pick.index;
  return {
    title: pick[0].length > 1 ? `Replace the ${pick[0].length} spaces with a tab` : 'Replace the space with a tab',
    edits: [{ line: 0, start, end: start + pick[0].length, text: '\t' }],
    preferred: runs.length === 1,
  };
}
