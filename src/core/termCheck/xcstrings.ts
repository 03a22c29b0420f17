/** Apple String Catalogs (`Localizable.xcstrings`, Xcode 15+): one JSON file holds the source language and every
 * translation, so it is bilingual like XLIFF, once per target language: each unit carries its own `targetLang` and the
 * file's is `mul`. `strings → key → localizations → lang → stringUnit {state, value}`, or `variations` (`plural` →
 * zero/one/two/few/many/other, `device` → iphone/ipad/mac…, nested) and `substitutions` (one per plural argument of
 * the format) with a stringUnit at each leaf. The source is the
 * source language's own localization of the same leaf (else of the `other` plural, else its plain value), else the key
 * itself, which is what Xcode shows. `shouldTranslate: false` is skipped; a state other than `translated` is marked
 * like a fuzzy entry. jsonc-parser (a dependency already) gives each string's place. Pure. */
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { jsonString } from './keyValue';
import type { MappedText } from './mapped';
import { maskPlaceholders } from './placeholders';
import type { ReadResult, TranslationUnit } from './types';

/** The members of an object node by key. */
function members(node: Node | undefined): Array<[string, Node, Node]> {
  if (!node || node.type !== 'object') return [];
  const out: Array<[string, Node, Node]> = [];
  for (const p of node.children ?? []) {
    const [k, v] = p.children ?? [];
    if (k && v) out.push([String(k.value), k, v]);
  }
  return out;
}

const child = (node: Node | undefined, key: string) => (node ? findNodeAtLocation(node, [key]) : undefined);

/** The leaves of a localization: its stringUnit (path '') and those of its variations ('plural.one',
 * 'device.mac.plural.other') and substitutions ('substitutions.files.plural.one'). */
function leaves(loc: Node | undefined, path = ''): Array<{ path: string; value?: Node; state?: string }> {
  const out: Array<{ path: string; value?: Node; state?: string }> = [];
  if (!loc) return out;
  const unit = child(loc, 'stringUnit');
  if (unit) {
    const state = child(unit, 'state')?.value as string | undefined;
    out.push({ path, value: child(unit, 'value'), ...(state ? { state } : {}) });
  }
  const at = (name: string) => (path ? `${path}.${name}` : name);
  for (const [kind, , cases] of members(child(loc, 'variations'))) {
    for (const [name, , v] of members(cases)) out.push(...leaves(v, at(`${kind}.${name}`)));
  }
  // A format with several plural arguments: `%#@files@ in %#@folders@`, each substitution with its own variations.
  for (const [name, , s] of members(child(loc, 'substitutions'))) out.push(...leaves(s, at(`substitutions.${name}`)));
  return out;
}

/** The source language's text for a leaf path: the same leaf, else the same with `other` for the last plural case,
 * else its plain value. */
function sourceLeaf(source: Array<{ path: string; value?: Node }>, path: string): Node | undefined {
  const by = (p: string) => source.find((l) => l.path === p && l.value?.type === 'string')?.value;
  return by(path) ?? by(path.replace(/plural\.\w+$/, 'plural.other')) ?? by('');
}

export function readXcstrings(file: string): ReadResult {
  const result: ReadResult = { format: 'xcstrings', units: [], problems: [], targetLang: 'mul' };
  const errors: ParseError[] = [];
  let root: Node | undefined;
  try { root = parseTree(file, errors, { allowTrailingComma: true, disallowComments: false }); } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    result.problems.push({ message: 'The JSON is nested too deeply to be read.', offset: 0 });
    return result;
  }
  for (const e of errors) result.problems.push({ message: `Not valid JSON: ${printParseErrorCode(e.error)}`, offset: e.offset });
  const sourceLang = child(root, 'sourceLanguage')?.value;
  if (typeof sourceLang !== 'string') return result;
  result.sourceLang = sourceLang;
  for (const [key, keyNode, entry] of members(child(root, 'strings'))) {
    if (child(entry, 'shouldTranslate')?.value === false) continue;
    const locs = members(child(entry, 'localizations'));
    const source = leaves(locs.find(([lang]) => lang === sourceLang)?.[2]);
    for (const [lang, , loc] of locs) {
      if (lang === sourceLang) continue;
      for (const leaf of leaves(loc)) {
        if (leaf.value?.type !== 'string') continue;
        const src = sourceLeaf(source, leaf.path);
        const sourceText: MappedText = jsonString(file, src ?? keyNode);
        const u: TranslationUnit = {
          id: `${key}#${lang}${leaf.path ? `#${leaf.path}` : ''}`, source: maskPlaceholders(sourceText), target: maskPlaceholders(jsonString(file, leaf.value)),
          targetLang: lang, ...(leaf.state ? { state: leaf.state } : {}),
        };
        if (leaf.state && leaf.state !== 'translated') u.fuzzy = true;
        result.units.push(u);
      }
    }
  }
  return result;
}
