/** Per-locale key/value JSON (i18next, vue-i18n; flat `"a.b"` or nested keys): each string of the target-locale file
 * paired by key path with the source-locale file's, each with the file offset of every character. jsonc-parser (a
 * dependency already) gives each string's place; the escapes are decoded here to keep the place of each character.
 * Pure. */
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { MappedBuilder, type MappedText } from './mapped';
import { maskPlaceholders } from './placeholders';
import { androidStrings } from './android';
import { appleStrings } from './appleStrings';
import { propertiesStrings } from './properties';
import type { ReadResult, TranslationUnit } from './types';

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '"': '"', '\\': '\\', '/': '/' };

/** The string node's value, decoded, with the file offset of each character. */
export function jsonString(file: string, node: Node): MappedText {
  const b = new MappedBuilder();
  const end = node.offset + node.length - 1; // the closing quote
  let i = node.offset + 1;
  let run = i;
  while (i < end) {
    if (file.charCodeAt(i) === 92) {
      b.verbatim(file, run, i);
      const e = file[i + 1];
      if (e === 'u') {
        b.decoded(String.fromCharCode(parseInt(file.slice(i + 2, i + 6), 16)), i, i + 6);
        i += 6;
      } else {
        b.decoded(ESCAPES[e] ?? e, i, i + 2);
        i += 2;
      }
      run = i;
      continue;
    }
    i++;
  }
  b.verbatim(file, run, end);
  return b.build(node.offset + 1);
}

/** Every string of a JSON file by its key path ("a.b.c"; an array item by its index). Metadata keys of ARB
 * (`@key`, `@@locale`) are skipped. */
export function jsonStrings(file: string): { strings: Map<string, MappedText>; problems: ReadResult['problems'] } {
  const errors: ParseError[] = [];
  const strings = new Map<string, MappedText>();
  let root: Node | undefined;
  try { root = parseTree(file, errors, { allowTrailingComma: true, disallowComments: false }); } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return { strings, problems: [{ message: 'The JSON is nested too deeply to be read.', offset: 0 }] };
  }
  const problems = errors.map((e) => ({ message: `Not valid JSON: ${printParseErrorCode(e.error)}`, offset: e.offset }));
  const walk = (node: Node, path: string) => {
    if (node.type === 'string') { strings.set(path, jsonString(file, node)); return; }
    if (node.type === 'object') {
      for (const p of node.children ?? []) {
        const [k, v] = p.children ?? [];
        if (!k || !v || String(k.value).startsWith('@')) continue;
        walk(v, path ? `${path}.${k.value as string}` : String(k.value));
      }
    } else if (node.type === 'array') (node.children ?? []).forEach((v, i) => walk(v, path ? `${path}.${i}` : String(i)));
  };
  if (root) walk(root, '');
  return { strings, problems };
}

/** The target-locale file's strings paired with the source-locale file's by key path. A key only in the target is
 * left out (nothing to hold it against); a key only in the source is untranslated (no unit). The source text's
 * offsets are in the source file. */
export type KeyValueFormat = 'json' | 'properties' | 'android' | 'strings';

const READERS: Record<KeyValueFormat, (text: string) => { strings: Map<string, MappedText>; problems: ReadResult['problems'] }> = {
  json: jsonStrings,
  properties: (text) => ({ strings: propertiesStrings(text), problems: [] }),
  android: androidStrings,
  strings: appleStrings,
};

export function readKeyValuePair(sourceFile: string, targetFile: string, format: KeyValueFormat = 'json'): ReadResult {
  const read = READERS[format];
  const src = read(sourceFile);
  const trg = read(targetFile);
  const units: TranslationUnit[] = [];
  for (const [key, target] of trg.strings) {
    const source = src.strings.get(key);
    if (!source) continue;
    units.push({ id: key, source: maskPlaceholders(source), target: maskPlaceholders(target), sourceInOtherFile: true });
  }
  return { format, units, problems: trg.problems };
}
