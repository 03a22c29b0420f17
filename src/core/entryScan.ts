/** The scan of a dictionary text: one pass over its char codes finds the lines and, for each, whether it is a clean
 * entry (one separator, two non-empty phrases without edge whitespace, control characters, quotes or a length to
 * check) and the hash of its source phrase. Allocates nothing for a clean line. Used by entries.ts (the one-shot
 * lint) and entriesLinter.ts (the incremental one). */
import { INVISIBLE_CHAR, MAX_SAFE_UNITS_FOR_PHRASE, isCombiningMark, isInvisible, isLatinLetter, isTrimmableSpace } from './text';

export const BOM = 0xfeff;
export const NO_KEY = -1;

// ---- the scan: one pass over char codes ----------------------------------------------------------------------

/** Where the line the last `scanLine` call read ends (its line break, or the end of the text). */
let scanEnd = 0;

/**
 * Reads the line from `from` (its start, or after a byte order mark) to its line break or the end of the text.
 * Returns the hash of its source phrase (a non-negative small integer) when the line is a clean entry, else
 * NO_KEY: the line needs the full parser and rules. Sets `scanEnd`. Allocates nothing.
 */
export function scanLine(text: string, from: number, sep: number): number {
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
    } else if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029 || isInvisible(c)) bad = true;
    else if (((c >= 0x370 && c <= 0x52f) || (c >= 0x1f00 && c <= 0x1fff)) && nextToLatin(text, i)) bad = true;
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

/** Whether the letter at `i` has a Latin letter next to it, combining marks between them aside (as MIXED). */
function nextToLatin(text: string, i: number): boolean {
  let a = i - 1;
  while (a >= 0 && text.charCodeAt(a) >= 0x300 && text.charCodeAt(a) <= 0x36f) a--;
  let b = i + 1;
  while (b < text.length && isCombiningMark(text.charCodeAt(b))) b++;
  return isLatinLetter(text.charCodeAt(a)) || isLatinLetter(text.charCodeAt(b));
}

/** The same hash as `scanLine` gives a clean line, of a source phrase. */
export function hashKey(key: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h & 0x3fffffff;
}

const INVISIBLE = INVISIBLE_CHAR.source.slice(1, -1);
const LATIN = String.raw`A-Za-z\u00c0-\u024f\u1e00-\u1eff`;
const GREEK_CYRILLIC = String.raw`\u0370-\u03ff\u0400-\u052f\u1f00-\u1fff`;
// Starting with the Greek or Cyrillic letter: a text without any is searched as fast as before.
const MIXED = String.raw`[${GREEK_CYRILLIC}](?:(?<=[${LATIN}][\u0300-\u036f]*[${GREEK_CYRILLIC}])|(?=[\u0300-\u036f\u0483-\u0489]*[${LATIN}]))`;

// Characters that send a line to the full rules, and a lone \r (a line break VS Code counts, which the fast
// reading below does not: from there on every line is read by `scanLine`).
// Also the invisible characters, and a Latin letter next to a Greek or Cyrillic one (a word that mixes scripts).
const SUSPICIOUS_TSV = new RegExp(String.raw`[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029"${INVISIBLE}]|\r(?!\n)|${MIXED}`, 'g');
// In CSV a tab is a control character in a phrase.
const SUSPICIOUS_CSV = new RegExp(String.raw`[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029"${INVISIBLE}]|\r(?!\n)|${MIXED}`, 'g');

/** How much text one search for suspicious characters reads (a window: no single step of a read takes long). */
const SEARCH_WINDOW = 64 * 1024;
const WINDOW_CONTEXT = 16;

export type LineVisitor = (start: number, end: number, from: number, hash: number, lineBreak: number) => void;

/**
 * Reads a text line by line, in one pass, with the engine's own string search for what is common: the line
 * breaks, the separators, and (one regular expression over the whole text, advanced lazily) the characters that
 * need the full rules. Only the source phrase of a clean line is read char by char, for its hash. Nothing is
 * allocated per line. `run` can stop and resume, for reading in slices.
 */
export class LineScanner {
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
    // A few characters on either side, for the look-around of a word that mixes scripts across the window's edge.
    const from = Math.max(0, at - WINDOW_CONTEXT);
    this.re.lastIndex = at - from;
    const m = this.re.exec(this.text.slice(from, Math.min(this.text.length, end + WINDOW_CONTEXT)));
    this.checked = end;
    this.bad = m && from + m.index < end ? from + m.index : end;
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
