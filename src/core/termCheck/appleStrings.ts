/** Apple `.strings` (`en.lproj/Localizable.strings` beside `de.lproj/Localizable.strings`): each `"key" = "value";`
 * by its key, with the file offset of every character. A scanner of its own: the readers on npm (the `.strings`
 * parsers of i18n-strings-files and of the localization tools) return the values without their places in the file,
 * and the format is small: quoted (or bare) strings, `=`, `;`, C comments, backslash escapes (`\"`, `\\`, `\n`, `\t`,
 * `\r`, `\UXXXX`, octal). The file is text already: UTF-16 with a byte order mark, common in Xcode projects, is decoded
 * by the caller (src/core/textFile). Pure. */
import { MappedBuilder, type MappedText } from './mapped';
import type { ReadProblem } from './types';

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\', '\'': '\'', a: '\x07', b: '\b', f: '\f', v: '\v' };
const BARE = /[A-Za-z0-9_.$:/-]/;

/** One quoted string starting at `quote`, decoded into `b`; the offset after the closing quote (-1: unclosed). */
function quoted(file: string, quote: number, b: MappedBuilder): number {
  let i = quote + 1;
  let run = i;
  const n = file.length;
  while (i < n) {
    const c = file.charCodeAt(i);
    if (c === 34 /* " */) { b.verbatim(file, run, i); return i + 1; }
    if (c === 92 /* \ */ && i + 1 < n) {
      b.verbatim(file, run, i);
      const e = file[i + 1];
      const hex = /^[0-9a-fA-F]{4}/.exec(file.slice(i + 2, i + 6));
      if ((e === 'U' || e === 'u') && hex) {
        b.decoded(String.fromCharCode(parseInt(hex[0], 16)), i, i + 6);
        i += 6;
      } else if (e >= '0' && e <= '7') {
        const m = /^[0-7]{1,3}/.exec(file.slice(i + 1, i + 4))!;
        b.decoded(String.fromCharCode(parseInt(m[0], 8)), i, i + 1 + m[0].length);
        i += 1 + m[0].length;
      } else {
        b.decoded(ESCAPES[e] ?? e, i, i + 2);
        i += 2;
      }
      run = i;
      continue;
    }
    i++;
  }
  b.verbatim(file, run, n);
  return -1;
}

/** Every value of a `.strings` file by its key. */
export function appleStrings(file: string): { strings: Map<string, MappedText>; problems: ReadProblem[] } {
  const strings = new Map<string, MappedText>();
  const problems: ReadProblem[] = [];
  const n = file.length;
  let i = file.charCodeAt(0) === 0xfeff ? 1 : 0;
  /** Skips whitespace and comments; false at an unclosed comment. */
  const skip = (): boolean => {
    for (;;) {
      while (i < n && /\s/.test(file[i])) i++;
      if (file.startsWith('/*', i)) {
        const end = file.indexOf('*/', i + 2);
        if (end === -1) { problems.push({ message: 'A comment is not closed.', offset: i }); i = n; return false; }
        i = end + 2;
      } else if (file.startsWith('//', i)) {
        while (i < n && file[i] !== '\n' && file[i] !== '\r') i++;
      } else return true;
    }
  };
  /** A quoted or bare string at i. */
  const token = (): MappedText | undefined => {
    const b = new MappedBuilder();
    if (file[i] === '"') {
      const start = i + 1;
      const after = quoted(file, i, b);
      if (after === -1) { problems.push({ message: 'A string is not closed.', offset: i }); i = n; return undefined; }
      i = after;
      return b.build(start);
    }
    const start = i;
    while (i < n && BARE.test(file[i])) i++;
    if (i === start) return undefined;
    b.verbatim(file, start, i);
    return b.build(start);
  };
  while (skip() && i < n) {
    const key = token();
    if (!key) {
      if (i < n) problems.push({ message: `Expected a quoted key, found "${file[i]}".`, offset: i });
      break;
    }
    if (!skip()) break;
    if (file[i] === ';') { i++; strings.set(key.text, key); continue; } // "key"; : the key is its own value
    if (file[i] !== '=') { problems.push({ message: 'Expected "=" after the key.', offset: i }); break; }
    i++;
    if (!skip()) break;
    const value = token();
    if (!value) { if (i < n) problems.push({ message: 'Expected a quoted value after "=".', offset: i }); break; }
    if (!skip()) break;
    if (file[i] === ';') i++;
    else problems.push({ message: 'Expected ";" after the value.', offset: i });
    strings.set(key.text, value);
  }
  return { strings, problems };
}
