/** Text helpers shared by the rules: line splitting, UTF-8 sizes, character classes. */

/** Splits text into lines the way VS Code does (\r\n, \n or \r end a line). */
export function splitLines(text: string): string[] {
  if (text.indexOf('\r') === -1) return text.split('\n');
  return text.split(/\r\n|\r|\n/);
}

/** How many lines end in `text.slice(from, end)`, counted as VS Code counts them (CRLF, CR and LF each end one; a CR
 * just before `end` is judged by the character after it), so that spans one after the other add up to the line
 * count of the whole text, less one. `cr`: whether the text may hold a CR at all (without one, LFs are found by
 * indexOf, several times faster). */
export function lineBreaksIn(text: string, from: number, end: number, cr = true): number {
  let n = 0;
  if (!cr) {
    for (let i = text.indexOf('\n', from); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) n++;
    return n;
  }
  for (let i = from; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) n++;
  }
  return n;
}

/** UTF-8 byte length of a string (lone surrogates count as the 3 bytes of U+FFFD). */
export function utf8Length(s: string): number {
  if (typeof Buffer !== 'undefined') return Buffer.byteLength(s, 'utf8');
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) { n += 4; i++; }
    else n += 3;
  }
  return n;
}

/** A phrase can exceed 1024 UTF-8 bytes only when it has more than 341 UTF-16 units. */
export const MAX_SAFE_UNITS_FOR_PHRASE = 341;

/** Whitespace the service would trim: the Unicode space separators and the zero-width no-break space.
 * (Tabs and other control characters get their own rule.) */
export function isTrimmableSpace(c: number): boolean {
  return c === 0x20 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x202f ||
    c === 0x205f || c === 0x3000 || c === 0xfeff;
}

export function isUnicodeNewline(c: number): boolean {
  return c === 0x2028 || c === 0x2029 || c === 0x85;
}

/** C0, DEL and C1 control characters, but not the Unicode newline U+0085 (its own rule). */
export function isControl(c: number): boolean {
  return c < 0x20 || c === 0x7f || (c >= 0x80 && c <= 0x9f && c !== 0x85);
}

/** One regex that says whether a phrase needs a closer look for characters (fast path). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this rule
export const SUSPICIOUS_CHAR = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Characters that take no room on screen inside a phrase (U+FEFF at an end is the whitespace rule's): zero-width
 * space, soft hyphen, direction marks, embeddings and isolates, word joiner and invisible operators. Not the
 * zero-width joiner and non-joiner (U+200C, U+200D), which scripts and emoji need, nor the Hangul fillers (Korean
 * letters; a scan for them would also slow the linter's search of every text fourfold). */
export function isInvisible(c: number): boolean {
  return c === 0xad || c === 0x34f || c === 0x61c || (c >= 0x180b && c <= 0x180e) || c === 0x200b || c === 0x200e ||
    c === 0x200f || (c >= 0x202a && c <= 0x202e) || (c >= 0x2060 && c <= 0x206f && c !== 0x2065) || c === 0xfeff ||
    (c >= 0xfff9 && c <= 0xfffb);
}

/** Whether a phrase needs the closer look of the invisible-character rule (fast path). */
// eslint-disable-next-line no-misleading-character-class -- single invisible code points, combining ones among them, are the point
export const INVISIBLE_CHAR = /[\u00ad\u034f\u061c\u180b-\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/;

/** A Latin letter, ASCII or accented (not × and ÷): the rule mixed-script's Latin side. */
export function isLatinLetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7) || (c >= 0x1e00 && c <= 0x1eff);
}

/** A combining mark that may sit inside a Latin, Greek or Cyrillic word. */
export function isCombiningMark(c: number): boolean {
  return (c >= 0x300 && c <= 0x36f) || (c >= 0x483 && c <= 0x489);
}

export function codePointName(c: number): string {
  return 'U+' + c.toString(16).toUpperCase().padStart(4, '0');
}

/** Characters commonEnds compares at a time. */
const BLOCK = 4096;

/** The length of the common start and of the common end of two texts (not overlapping): what a replacement of
 * one text by the other needs to change lies between them. */
export function commonEnds(a: string, b: string): [number, number] {
  const n = Math.min(a.length, b.length);
  // Blocks of characters first (one string comparison each, for 10 MiB texts that share nearly all), then one by one.
  let head = 0;
  while (head + BLOCK <= n && a.substring(head, head + BLOCK) === b.substring(head, head + BLOCK)) head += BLOCK;
  while (head < n && a.charCodeAt(head) === b.charCodeAt(head)) head++;
  let tail = 0;
  while (tail + BLOCK <= n - head && a.substring(a.length - tail - BLOCK, a.length - tail) === b.substring(b.length - tail - BLOCK, b.length - tail)) tail += BLOCK;
  while (tail < n - head && a.charCodeAt(a.length - 1 - tail) === b.charCodeAt(b.length - 1 - tail)) tail++;
  return [head, tail];
}
