/** Java `.properties`: each value by its key, with the file offset of every character (escapes, `\uXXXX` and line
 * continuations decoded here: dot-properties 1.1, the maintained reader on npm, gives a pair's range but not where each
 * character of a value lies once escapes and continuation lines are decoded). `key=value`, `key: value`, `key value`;
 * `#` and `!` comments. MessageFormat arguments (`{0}`) are masked with the other placeholders. Pure. */
import { MappedBuilder, type MappedText } from './mapped';

const ESC: Record<string, string> = { t: '\t', n: '\n', r: '\r', f: '\f' };
const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\f';

export function propertiesStrings(file: string): Map<string, MappedText> {
  const out = new Map<string, MappedText>();
  const n = file.length;
  let i = file.charCodeAt(0) === 0xfeff ? 1 : 0;
  const lineEnd = (p: number) => { while (p < n && file[p] !== '\n' && file[p] !== '\r') p++; return p; };
  const nextLine = (p: number) => (file[p] === '\r' && file[p + 1] === '\n' ? p + 2 : p + 1);
  while (i < n) {
    while (i < n && isSpace(file[i])) i++;
    const end = lineEnd(i);
    if (i === end || file[i] === '#' || file[i] === '!') { i = nextLine(end); continue; }
    // The key: up to an unescaped separator or whitespace.
    let key = '';
    while (i < n && file[i] !== '\n' && file[i] !== '\r' && file[i] !== '=' && file[i] !== ':' && !isSpace(file[i])) {
      if (file[i] === '\\' && i + 1 < n) { key += ESC[file[i + 1]] ?? file[i + 1]; i += 2; } else key += file[i++];
    }
    while (i < n && isSpace(file[i])) i++;
    if (file[i] === '=' || file[i] === ':') i++;
    while (i < n && isSpace(file[i])) i++;
    // The value, over continuation lines.
    const b = new MappedBuilder();
    const start = i;
    let run = i;
    while (i < n && file[i] !== '\n' && file[i] !== '\r') {
      if (file[i] !== '\\') { i++; continue; }
      b.verbatim(file, run, i);
      const e = file[i + 1];
      if (e === undefined || e === '\n' || e === '\r') {
        // A line continuation: the next line's leading whitespace is not part of the value.
        i = e === undefined ? i + 1 : nextLine(i + 1);
        while (i < n && isSpace(file[i])) i++;
      } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(file.slice(i + 2, i + 6))) {
        b.decoded(String.fromCharCode(parseInt(file.slice(i + 2, i + 6), 16)), i, i + 6);
        i += 6;
      } else {
        b.decoded(ESC[e] ?? e, i, i + 2);
        i += 2;
      }
      run = i;
    }
    b.verbatim(file, run, i);
    out.set(key, b.build(start));
    i = nextLine(i);
  }
  return out;
}
