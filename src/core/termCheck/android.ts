/** Android string resources (`res/values/strings.xml`, `res/values-de/strings.xml`): each `<string>`, each
 * `<item quantity>` of a `<plurals>` and each `<item>` of a `<string-array>` by its name, with the file offset of
 * every character. saxes (a dependency already, as for XLIFF) finds the tags; the text between them is decoded here
 * (entities, CDATA), then Android's own escapes (`\'`, `\"`, `\n`, `\t`, `\@`, `\?`, `\uXXXX`) and quoting, so that
 * each character keeps its place in the file. Inline HTML (`<b>`, `<i>`, `<u>`, `<a>`, `<font>`…) is transparent; an
 * `<xliff:g>` is one placeholder and its content is not text; `%1$s` and `%d` are masked with the other placeholders.
 * `translatable="false"` and references (`@string/…`, `?attr/…`) are not translations and are left out. Pure. */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { MappedBuilder, PLACEHOLDER, replaceSpans, type MappedText } from './mapped';
import type { ReadProblem } from './types';
import { decodeXmlText } from './xliff';

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', '\'': '\'', '"': '"', '\\': '\\', '@': '@', '?': '?' };

/** The value as Android reads it: backslash escapes decoded, unescaped double quotes (which only quote) dropped. */
export function androidUnescape(m: MappedText): MappedText {
  const spans: Array<[number, number, string]> = [];
  const t = m.text;
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (c === '"') { spans.push([i, i + 1, '']); continue; }
    if (c !== '\\' || i + 1 >= t.length) continue;
    const e = t[i + 1];
    if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(t.slice(i + 2, i + 6))) {
      spans.push([i, i + 6, String.fromCharCode(parseInt(t.slice(i + 2, i + 6), 16))]);
      i += 5;
    } else {
      spans.push([i, i + 2, ESCAPES[e] ?? e]);
      i++;
    }
  }
  return replaceSpans(m, spans);
}

/** A value that is a reference to another resource or a theme attribute, not text. */
const isReference = (raw: string) => /^\s*(?:[@?](?:[\w.]+:)?[\w-]+\/[\w.]+|@null)\s*$/.test(raw);

interface Capture { key: string; depth: number; b: MappedBuilder; skipDepth: number; placeholderStart: number; contentFrom: number }

/** Every translatable string of an Android resource file by its key: the name, `name[quantity]` for a plural,
 * `name[index]` for an array item. */
export function androidStrings(file: string): { strings: Map<string, MappedText>; problems: ReadProblem[] } {
  const strings = new Map<string, MappedText>();
  const problems: ReadProblem[] = [];
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: string[] = [];
  /** The enclosing `<plurals>` or `<string-array>`: its name, and whether it is translatable. */
  let group: { name: string; translatable: boolean; items: number } | undefined;
  let capture: Capture | undefined;
  let textFrom = 0;
  let tagStart = 0;
  const flush = (to: number) => {
    if (capture && capture.skipDepth === 0 && to > textFrom) decodeXmlText(file, textFrom, to, capture.b);
  };
  parser.on('opentagstart', () => {
    tagStart = file.lastIndexOf('<', parser.position - 1);
    flush(tagStart);
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = tag.name;
    const a = tag.attributes as Record<string, string>;
    const parent = stack[stack.length - 1];
    stack.push(name);
    const end = parser.position;
    textFrom = end;
    if (capture) {
      if (capture.skipDepth > 0) { if (!tag.isSelfClosing) capture.skipDepth++; return; }
      // <xliff:g> (any prefix bound to the XLIFF namespace is written xliff: in practice): a placeholder.
      if (/(^|:)g$/.test(name) && name !== 'g') {
        if (tag.isSelfClosing) { capture.b.decoded(PLACEHOLDER, tagStart, end); return; }
        capture.skipDepth = 1;
        capture.placeholderStart = tagStart;
      }
      return; // other inline markup (<b>, <i>, <u>, <a>, <font>, <annotation>) is transparent
    }
    const translatable = a.translatable !== 'false';
    if (parent === 'resources' && (name === 'plurals' || name === 'string-array')) {
      group = { name: a.name ?? '', translatable, items: 0 };
      return;
    }
    let key: string | undefined;
    if (parent === 'resources' && name === 'string' && translatable) key = a.name;
    else if (name === 'item' && group && (parent === 'plurals' || parent === 'string-array')) {
      const index = group.items++;
      if (group.translatable && translatable) key = `${group.name}[${parent === 'plurals' ? a.quantity ?? index : index}]`;
    }
    if (key === undefined) return;
    if (tag.isSelfClosing) { strings.set(key, new MappedBuilder().build(end)); return; }
    capture = { key, depth: stack.length, b: new MappedBuilder(), skipDepth: 0, placeholderStart: -1, contentFrom: end };
  });
  parser.on('closetag', (tag: SaxesTagPlain) => {
    stack.pop();
    if (tag.name === 'plurals' || tag.name === 'string-array') group = undefined;
    if (tag.isSelfClosing) return;
    const end = parser.position;
    const start = file.lastIndexOf('<', end - 1);
    if (!capture) { textFrom = end; return; }
    if (capture.skipDepth > 0) {
      if (--capture.skipDepth === 0) capture.b.decoded(PLACEHOLDER, capture.placeholderStart, end);
      textFrom = end;
      return;
    }
    flush(start);
    textFrom = end;
    if (stack.length < capture.depth) {
      const raw = file.slice(capture.contentFrom, start);
      if (!isReference(raw)) strings.set(capture.key, androidUnescape(capture.b.build(start)));
      capture = undefined;
    }
  });
  parser.on('error', (err: Error) => { throw err; });
  try { parser.write(file).close(); } catch (err) {
    problems.push({ message: `Not well-formed XML: ${(err as Error).message}`, offset: parser.position });
  }
  return { strings, problems };
}
