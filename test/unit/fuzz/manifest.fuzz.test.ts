/** Fuzz properties of the manifest parser (terminology.json) over random text, random JSON, deep nesting and near-valid
 * manifests: parseManifest documents no error (it reports problems), so it never throws; its problems and links point
 * inside the text; what JSON.parse refuses is a syntax problem, and what the schema refuses an error. Every case ends
 * within the time bound (see bound.ts). */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import fc from 'fast-check';
import { manifestLinks, offsetPosition, parseManifest } from '../../../src/core/workspace/manifest';
import { addManifestLink, removeManifestLink, setManifestId } from '../../../src/core/workspace/manifestEdits';
import { Bound } from './bound';
import { nastyText, RUNS } from './arbitraries';

const repo = join(__dirname, '..', '..', '..', '..');
const validate = new Ajv({ strict: false }).compile(JSON.parse(readFileSync(join(repo, 'schemas', 'terminology.schema.json'), 'utf8')) as object);

/** A JSON-ish tree written by hand, so that an object may repeat a key and any value may stand anywhere. */
type Json = { obj: Array<[string, Json]> } | { arr: Json[] } | { raw: unknown };

const pairKey = fc.constantFrom('en-de', 'EN-FR', 'en-de', 'de-en-gb', 'en-us-de-at', 'en', 'de', 'en-', '-de', 'en--de', 'a-b-c-d-e', '', ' en-de',
  '__proto__', 'constructor', 'toString', 'en-en', 'en-th', 'zz-yy', 'en_de', 'EN-US', 'é-ß', 'x'.repeat(70));
const path = fc.constantFrom('g/en-de.tsv', 'g/en-fr.csv', 's/en.txt', '../x.tsv', '/abs/x.tsv', 'C:/x.tsv', 'a\\b.tsv', '', '  ', 'x.txt', 'x.TSV',
  'x.Tsv', './g//en-de.tsv', 'é/😀.csv', 'a/./b.tsv', 'a/../b.tsv', 'a/..', '.tsv', ' .csv', 'x.tsv ', 'x.TXT', 'g/en-de.tsv');
const scalar = fc.oneof(fc.constantFrom(null, true, 0, -1.5e300, '', ' ', 'x', '\u0000', '\uD800'), fc.jsonValue({ maxDepth: 1 }));
const raw = (a: fc.Arbitrary<unknown>): fc.Arbitrary<Json> => a.map((v) => ({ raw: v }));
const links = fc.array(fc.tuple(pairKey, fc.oneof({ weight: 6, arbitrary: raw(path) }, { weight: 1, arbitrary: raw(scalar) })), { maxLength: 4 })
  .map((obj): Json => ({ obj }));
const owner = fc.record({
  name: fc.option(fc.oneof({ weight: 4, arbitrary: raw(fc.constantFrom('Product', 'P', 'Product', '', '  ', '__proto__', 'x'.repeat(2000))) }, { weight: 1, arbitrary: raw(scalar) })),
  id: fc.option(raw(fc.constantFrom('g1', 'g2', '', ' ', 7))),
  list: fc.option(fc.tuple(fc.constantFrom('dictionaries', 'termLists', 'dictionaries', 'termLists', 'dictionary'), fc.oneof({ weight: 5, arbitrary: links }, { weight: 1, arbitrary: raw(scalar) }))),
  extra: fc.option(fc.tuple(fc.constantFrom('color', 'Name', 'name', 'id'), raw(scalar)), { freq: 6 }),
}).map((o): Json => ({ obj: [
  ...(o.name ? [['name', o.name] as [string, Json]] : []), ...(o.id ? [['id', o.id] as [string, Json]] : []),
  ...(o.list ? [o.list] : []), ...(o.extra ? [o.extra] : []),
] }));
const owners = fc.oneof({ weight: 6, arbitrary: fc.array(fc.oneof({ weight: 6, arbitrary: owner }, { weight: 1, arbitrary: raw(scalar) }), { maxLength: 3 }).map((arr): Json => ({ arr })) },
  { weight: 1, arbitrary: raw(scalar) });
const manifestTree = fc.array(fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.constantFrom('glossaries', 'spokenTerms'), owners) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('$schema', 'glossary', 'Glossaries', '', '__proto__'), raw(scalar)) },
), { maxLength: 4 }).map((obj): Json => ({ obj }));

function write(j: Json, indent: string, depth = 0): string {
  const pad = indent ? '\n' + indent.repeat(depth + 1) : '';
  const end = indent ? '\n' + indent.repeat(depth) : '';
  if ('raw' in j) return JSON.stringify(j.raw) ?? 'null';
  if ('arr' in j) return j.arr.length ? `[${j.arr.map((v) => pad + write(v, indent, depth + 1)).join(',')}${end}]` : '[]';
  return j.obj.length ? `{${j.obj.map(([k, v]) => `${pad}${JSON.stringify(k)}:${indent ? ' ' : ''}${write(v, indent, depth + 1)}`).join(',')}${end}}` : '{}';
}

/** Damage to a manifest's text: cut short, a character put in (a comma, a comment, a bracket, a quote, a BOM …) or
 * taken out. */
const edit = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('truncate', 'insert', 'delete'),
  insert: fc.constantFrom(',', '//c\n', '/*', '*/', '{', '}', '[', ']', '"', '\\', ':', '\u0000', '\uFEFF', '\n', '\t', '\\u12', '\\uD800', 'null', '1e999', '-'),
});
const nearValid = fc.tuple(manifestTree, fc.constantFrom('', '  ', '    ', '\t'), fc.constantFrom('', '\n', '\r\n'), fc.array(edit, { maxLength: 2 }))
  .map(([tree, indent, eol, edits]) => {
    let s = write(tree, indent) + eol;
    if (eol === '\r\n') s = s.replace(/\n/g, '\r\n').replace(/\r\r\n/g, '\r\n');
    for (const e of edits) {
      const at = e.at % (s.length + 1);
      s = e.kind === 'truncate' ? s.slice(0, at) : e.kind === 'insert' ? s.slice(0, at) + e.insert + s.slice(at) : s.slice(0, at) + s.slice(at + 1);
    }
    return s;
  });
/** Nesting thousands deep: arrays, objects, a manifest's own shape, closed or not. */
const deep = fc.record({
  open: fc.constantFrom('[', '{"a":', '{"glossaries":[', '[{"name":"x","dictionaries":'),
  depth: fc.integer({ min: 1, max: 20_000 }),
  closed: fc.boolean(),
}).map(({ open, depth, closed }) => {
  const close = open.split('').reverse().filter((c) => c === '[' || c === '{').map((c) => (c === '[' ? ']' : '}')).join('');
  return open.repeat(depth) + '0' + (closed ? close.repeat(depth) : '');
});
/** One piece repeated thousands of times: a problem (or a node) per few characters. */
const manyProblems = fc.record({
  piece: fc.constantFrom(',', '1,', '{},', ':', '"a",', '//', 'x', '\n,', '\r,', '\r\n,'),
  n: fc.integer({ min: 1, max: 30_000 }),
  wrap: fc.constantFrom(['{', '}'], ['[', ']'], ['{"glossaries":[', ']}'], ['', '']),
}).map(({ piece, n, wrap }) => wrap[0] + piece.repeat(n) + wrap[1]);
const anyManifest = fc.oneof(
  { weight: 4, arbitrary: nearValid },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? '') },
  { weight: 2, arbitrary: nastyText },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: manyProblems },
);

/** offsetPosition as it was first written: one pass over the text up to the offset. */
function slowPosition(text: string, offset: number): { line: number; col: number } {
  let line = 0;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) { line++; start = i + 1; }
  }
  return { line, col: offset - start };
}

describe('fuzz: manifest parser', () => {
  const title = `parseManifest never throws; its problems and links lie inside the text; what JSON.parse or the schema refuses is an error (${RUNS} cases)`;
  it(title, () => {
    const bound = new Bound(title);
    fc.assert(fc.property(anyManifest, fc.boolean(), bound.sync((text, withLanguages) => {
      const { manifest, problems } = parseManifest(text, withLanguages ? { languages: ['en', 'de', 'fr', 'ja'] } : {});
      for (const p of problems) {
        if (!(Number.isInteger(p.offset) && p.offset >= 0 && p.offset <= text.length)) assert.fail(JSON.stringify(p));
        if (!(Number.isInteger(p.length) && p.length >= 0 && p.offset + p.length <= text.length + 1)) assert.fail(JSON.stringify(p));
        assert.ok(p.message.length > 0);
        // As the diagnostics and the CLI do, for every problem.
        offsetPosition(text, p.offset);
        offsetPosition(text, p.offset + p.length);
      }
      for (const l of manifestLinks(manifest)) {
        if (!(l.keyOffset >= 0 && l.keyOffset + l.keyLength <= text.length && text[l.keyOffset] === '"')) assert.fail(JSON.stringify(l));
        if (!(l.valueOffset >= 0 && l.valueOffset + l.valueLength <= text.length && text[l.valueOffset] === '"')) assert.fail(JSON.stringify(l));
        if (l.path.split('/').includes('..') || l.path.startsWith('/')) assert.fail(JSON.stringify(l));
      }
      const errors = problems.filter((p) => p.severity === 'error');
      let data: unknown;
      try { data = JSON.parse(text); } catch {
        if (!problems.some((p) => p.code === 'manifest-syntax')) assert.fail(`JSON.parse refuses ${JSON.stringify(text)}, parseManifest reports ${JSON.stringify(problems)}`);
        return;
      }
      if (!validate(data) && !errors.length) {
        assert.fail(`the schema refuses ${JSON.stringify(text)} (${JSON.stringify(validate.errors)}), parseManifest reports no error`);
      }
    })), bound.params);
    bound.report();
  });

  const positionTitle = `offsetPosition gives the line and column a pass over the text gives (${RUNS} cases)`;
  it(positionTitle, () => {
    const bound = new Bound(positionTitle);
    fc.assert(fc.property(fc.oneof(nastyText, nearValid), fc.array(fc.integer({ min: -2, max: 400 }), { maxLength: 8 }), bound.sync((text, offsets) => {
      for (const o of offsets) assert.deepEqual(offsetPosition(text, o), slowPosition(text, o), JSON.stringify({ text, o }));
    })), bound.params);
    bound.report();
  });

  const editTitle = `the edits of a JSON object (or an empty text) never throw and leave no syntax error (${RUNS} cases)`;
  it(editTitle, () => {
    const link = fc.record({
      area: fc.constantFrom('glossaries' as const, 'spokenTerms' as const),
      name: fc.constantFrom('Product', 'P', 'New', '__proto__'),
      id: fc.option(fc.constantFrom('g1', 'g2'), { nil: undefined }),
      key: fc.constantFrom('en-de', 'EN-DE', 'en', 'de-fr'),
      path: fc.constantFrom('g/en-de.tsv', 'x.csv', 's/en.txt', './g/en-de.tsv'),
    });
    const bound = new Bound(editTitle);
    fc.assert(fc.property(nearValid, link, bound.sync((text, l) => {
      const syntax = (t: string) => parseManifest(t).problems.filter((p) => p.code === 'manifest-syntax');
      const { manifest, problems } = parseManifest(text);
      // Edits need a JSON object to edit: of any other text (`[]`, `0`) they throw jsonc-parser's error.
      if (problems.some((p) => p.code === 'manifest-syntax') || !/^\s*(\{|$)/.test(text)) return;
      const show = JSON.stringify({ text, l });
      assert.deepEqual(syntax(addManifestLink(text, { ...l, ...(l.id === undefined ? {} : { id: l.id }) })), [], show);
      // As the extension calls it: on a glossary or collection the manifest holds (its index in the array).
      for (const o of manifest[l.area]) assert.deepEqual(syntax(setManifestId(text, l.area, o.index, l.id ?? 'g3')), [], show);
      assert.deepEqual(syntax(removeManifestLink(text, l.path)), [], show);
    })), bound.params);
    bound.report();
  });
});
