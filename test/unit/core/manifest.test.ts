import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { checkLinkedFiles, manifestLinks, offsetPosition, parseManifest, resolveManifest, splitPairKey } from '../../../src/core/workspace/manifest';
import { addManifestLink, removeManifestLink, setManifestId } from '../../../src/core/workspace/manifestEdits';

const repo = join(__dirname, '..', '..', '..', '..');
const schema = JSON.parse(readFileSync(join(repo, 'schemas', 'terminology.schema.json'), 'utf8')) as object;
const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);

const g = (dictionaries: unknown, extra: object = {}) => JSON.stringify({ glossaries: [{ name: 'Product', ...extra, dictionaries }] });

/** [what, manifest text, valid by the schema, the codes of the core's error-level findings]. Where the schema refuses a
 * manifest, the core must report an error too (the CLI and the editor never let through what the schema refuses). */
const CASES: Array<[string, string, boolean, string[]]> = [
  ['a full manifest', JSON.stringify({ $schema: './x.json', glossaries: [{ name: 'P', id: 'abc', dictionaries: { 'en-de': 'g/en-de.tsv', 'EN-FR': 'g/en-fr.csv' } }], spokenTerms: [{ name: 'M', termLists: { en: 's/en.txt' } }] }), true, []],
  ['empty object', '{}', true, []],
  ['a glossary without dictionaries (a warning only)', JSON.stringify({ glossaries: [{ name: 'P' }] }), true, []],
  ['dot segments are fine', g({ 'en-de': './g/./en-de.tsv' }), true, []],
  ['not an object', '[]', false, ['manifest-schema']],
  ['unknown top-level property', JSON.stringify({ glossary: [] }), false, ['manifest-schema']],
  ['glossaries not an array', JSON.stringify({ glossaries: {} }), false, ['manifest-schema']],
  ['a glossary without name', JSON.stringify({ glossaries: [{ dictionaries: {} }] }), false, ['manifest-schema']],
  ['a blank name', JSON.stringify({ glossaries: [{ name: '  ', dictionaries: {} }] }), false, ['manifest-schema']],
  ['an empty id', g({}, { id: '' }), false, ['manifest-schema']],
  ['unknown glossary property', g({}, { color: 'red' }), false, ['manifest-schema']],
  ['a pair key that is not a pair', g({ german: 'g/de.tsv' }), false, ['manifest-schema']],
  ['a regional variant as target', g({ 'de-en-gb': 'g/de-en.tsv' }), false, ['variant-target']],
  ['a regional variant as source', g({ 'en-us-de-at': 'g/x.tsv' }), false, ['variant-source', 'variant-target']],
  ['an absolute path', g({ 'en-de': '/abs/en-de.tsv' }), false, ['manifest-schema']],
  ['a Windows path', g({ 'en-de': 'C:/x/en-de.tsv' }), false, ['manifest-schema']],
  ['backslashes', g({ 'en-de': 'g\\en-de.tsv' }), false, ['manifest-schema']],
  ['leaving the folder', g({ 'en-de': '../other/en-de.tsv' }), false, ['manifest-schema']],
  ['a dictionary that is not TSV or CSV', g({ 'en-de': 'g/en-de.txt' }), false, ['manifest-schema']],
  ['a path that is not a string', g({ 'en-de': 3 }), false, ['manifest-schema']],
  ['a term list that is not .txt', JSON.stringify({ spokenTerms: [{ name: 'M', termLists: { en: 's/en.tsv' } }] }), false, ['manifest-schema']],
  ['a term list key with a variant', JSON.stringify({ spokenTerms: [{ name: 'M', termLists: { 'en-gb': 's/en.txt' } }] }), false, ['variant-source']],
  // Valid JSON by the schema, refused by the rules: the diagnostics say what the schema cannot.
  ['Thai', g({ 'en-th': 'g/en-th.tsv' }), true, ['unsupported-language']],
  ['the same language twice', g({ 'en-en': 'g/en-en.tsv' }), true, ['same-language']],
  ['one pair twice (case differs)', '{"glossaries":[{"name":"P","dictionaries":{"en-de":"a.tsv","EN-DE":"b.tsv"}}]}', true, ['duplicate-link']],
  ['one file linked twice', g({ 'en-de': 'g/x.tsv', 'en-fr': './g/x.tsv' }), true, ['duplicate-link']],
  ['one name twice', JSON.stringify({ glossaries: [{ name: 'P', dictionaries: {} }, { name: 'P', dictionaries: {} }] }), true, ['duplicate-name']],
  ['rule settings', JSON.stringify({ rules: { 'blank-line': 'off', 'language-mismatch': 'error' }, glossaries: [] }), true, []],
  ['a rule level that is not one', JSON.stringify({ rules: { 'blank-line': 'loud' } }), false, ['manifest-schema']],
  ['rules not an object', JSON.stringify({ rules: ['blank-line'] }), false, ['manifest-schema']],
  ['a term ignore list', JSON.stringify({ termIgnore: { 'locales/de/app.json': { 'nav.cloud': ['cloud', 'Rechner'], footer: '*' } } }), true, []],
  ['a term ignore list that is not an object', JSON.stringify({ termIgnore: ['x'] }), false, ['manifest-schema']],
  ['a term ignore list with a key that is not a list', JSON.stringify({ termIgnore: { 'a.json': { k: 'cloud' } } }), false, ['manifest-schema']],
  ['a term ignore list with a blank term', JSON.stringify({ termIgnore: { 'a.json': { k: [' '] } } }), false, ['manifest-schema']],
  ['syntax error', '{"glossaries": [}', false, ['manifest-syntax']],
  ['comments are not JSON', '{ // x\n}', false, ['manifest-syntax']],
  ['empty text', '', false, ['manifest-syntax']],
  // JSON.parse keeps the last of two same-named properties, and the schema sees that one; the core reports the second.
  ['a property written twice', '{"glossaries":[],"glossaries":[]}', true, ['manifest-schema']],
];

describe('manifest (terminology.json)', () => {
  describe('schema cases: the JSON schema and the core agree', () => {
    for (const [what, text, schemaValid, codes] of CASES) {
      it(what, () => {
        let data: unknown;
        try { data = JSON.parse(text); } catch { data = undefined; }
        if (data !== undefined) assert.equal(validate(data), schemaValid, JSON.stringify(validate.errors));
        else assert.equal(schemaValid, false);
        const errors = parseManifest(text).problems.filter((p) => p.severity === 'error').map((p) => p.code);
        assert.deepEqual([...new Set(errors)].sort(), [...codes].sort());
        if (!schemaValid) assert.ok(errors.length > 0, 'what the schema refuses is an error for the core too');
      });
    }
  });

  it('reads "termIgnore" by the file\'s normalized path and the string\'s key', () => {
    const { termIgnore } = parseManifest(JSON.stringify({ termIgnore: { './locales//de/app.json': { 'nav.cloud': [' cloud '], footer: '*' } } }));
    assert.deepEqual(termIgnore, { 'locales/de/app.json': { 'nav.cloud': { all: false, terms: ['cloud'] }, footer: { all: true, terms: [] } } });
  });

  it('reads links with their pair, format and positions', () => {
    const text = '{\n  "glossaries": [\n    { "name": "Product", "id": "g1", "dictionaries": { "EN-DE": "./g/en-de.tsv", "en-fr": "g/en-fr.csv" } }\n  ],\n  "spokenTerms": [ { "name": "M", "termLists": { "en": "s/en.txt" } } ]\n}\n';
    const { manifest, problems } = parseManifest(text);
    assert.deepEqual(problems, []);
    assert.equal(manifest.glossaries[0].id, 'g1');
    const links = manifestLinks(manifest);
    assert.deepEqual(links.map((l) => [l.area, l.key, l.sourceLang, l.targetLang, l.path, l.format]), [
      ['glossaries', 'EN-DE', 'en', 'de', 'g/en-de.tsv', 'tsv'],
      ['glossaries', 'en-fr', 'en', 'fr', 'g/en-fr.csv', 'csv'],
      ['spokenTerms', 'en', 'en', undefined, 's/en.txt', 'terms'],
    ]);
    assert.equal(text.slice(links[0].valueOffset, links[0].valueOffset + links[0].valueLength), '"./g/en-de.tsv"');
    assert.deepEqual(offsetPosition(text, links[0].keyOffset), { line: 2, col: 55 });
  });

  it('a language pair refused by the service\'s language list is flagged on its key', () => {
    const text = g({ 'en-xx': 'a.tsv' });
    const { problems } = parseManifest(text, { languages: ['en', 'de'] });
    assert.deepEqual(problems.map((p) => [p.code, text.slice(p.offset, p.offset + p.length)]), [['unsupported-language', '"en-xx"']]);
  });

  it('a missing file is flagged on its path', () => {
    const text = g({ 'en-de': 'here.tsv', 'en-fr': 'gone.csv' });
    const { manifest } = parseManifest(text);
    const problems = checkLinkedFiles(manifest, (p) => p === 'here.tsv');
    assert.deepEqual(problems.map((p) => [p.code, text.slice(p.offset, p.offset + p.length)]), [['missing-file', '"gone.csv"']]);
  });

  it('splits pair keys, keeping a variant whole', () => {
    assert.deepEqual(splitPairKey('en-de'), ['en', 'de']);
    assert.deepEqual(splitPairKey('de-en-gb'), ['de', 'en-gb']);
    assert.deepEqual(splitPairKey('en-us-de-at'), ['en-us', 'de-at']);
    assert.equal(splitPairKey('en'), undefined);
    assert.equal(splitPairKey('en--de'), undefined);
  });

  describe('resolution by name', () => {
    const text = JSON.stringify({
      glossaries: [
        { name: 'Linked', id: 'g1', dictionaries: {} },
        { name: 'New checkout', dictionaries: {} },
        { name: 'Other account', id: 'stale', dictionaries: {} },
        { name: 'Nowhere', dictionaries: {} },
        { name: 'Twice', dictionaries: {} },
        { name: 'Renamed remotely', id: 'g5', dictionaries: {} },
      ],
      spokenTerms: [{ name: 'Meetings', termLists: {} }, { name: 'Gone', id: 's9', termLists: {} }],
    });
    const remote = {
      glossaries: [
        { id: 'g1', name: 'Linked' }, { id: 'g2', name: 'New checkout' }, { id: 'g3', name: 'Other account' },
        { id: 'g4a', name: 'Twice' }, { id: 'g4b', name: 'Twice' }, { id: 'g5', name: 'Another name' },
      ],
      spokenTerms: [{ id: 's1', name: 'Meetings' }],
    };
    const CASES: Array<[string, string, object]> = [
      ['Linked', 'an id the service knows', { state: 'linked', id: 'g1' }],
      ['New checkout', 'no id, one of that name', { state: 'found-by-name', id: 'g2', idChanged: true }],
      ['Other account', 'an unknown id, one of that name: never taken for it', { state: 'unknown-id', candidates: ['g3'], manifestId: 'stale' }],
      ['Nowhere', 'nothing of that name: to create', { state: 'missing' }],
      ['Twice', 'two of that name: ask', { state: 'ambiguous', candidates: ['g4a', 'g4b'] }],
      ['Renamed remotely', 'the id wins over the name', { state: 'linked', id: 'g5' }],
      ['Meetings', 'a collection by name', { state: 'found-by-name', id: 's1', idChanged: true }],
      ['Gone', 'a collection whose id and name are gone', { state: 'missing', idChanged: true }],
    ];
    const resolved = resolveManifest(parseManifest(text).manifest, remote);
    for (const [name, what, expected] of CASES) {
      it(`${what} (${name})`, () => {
        const r = resolved.find((x) => x.name === name);
        assert.ok(r);
        const rest: Record<string, unknown> = { ...r };
        for (const k of ['area', 'index', 'name']) delete rest[k];
        assert.deepEqual(rest, expected);
      });
    }
  });

  describe('edits keep the layout', () => {
    const text = '{\n    "glossaries": [\n        {\n            "name": "Product",\n            "dictionaries": {\n                "en-de": "g/en-de.tsv"\n            }\n        }\n    ]\n}\n';

    it('writes an id', () => {
      const out = setManifestId(text, 'glossaries', 0, 'g1');
      assert.equal(parseManifest(out).manifest.glossaries[0].id, 'g1');
      assert.match(out, /\n {12}"id": "g1"/, 'in the file\'s own indentation');
      assert.ok(out.includes('"en-de": "g/en-de.tsv"'));
    });

    it('adds a link to an existing glossary, and a new glossary, and a collection to a manifest without that area', () => {
      let out = addManifestLink(text, { area: 'glossaries', name: 'Product', key: 'en-fr', path: 'g/en-fr.csv' });
      out = addManifestLink(out, { area: 'glossaries', name: 'Other', id: 'g9', key: 'de-en', path: 'o/de-en.tsv' });
      out = addManifestLink(out, { area: 'spokenTerms', name: 'Meetings', id: 's1', key: 'en', path: 's/en.txt' });
      const { manifest, problems } = parseManifest(out);
      assert.deepEqual(problems, []);
      assert.deepEqual(manifestLinks(manifest).map((l) => `${l.key}=${l.path}`), ['en-de=g/en-de.tsv', 'en-fr=g/en-fr.csv', 'de-en=o/de-en.tsv', 'en=s/en.txt']);
      assert.equal(manifest.glossaries[1].id, 'g9');
      assert.equal(manifest.spokenTerms[0].id, 's1');
    });

    it('relinking a pair replaces its path; an id given finds the glossary even when renamed', () => {
      const withId = setManifestId(text, 'glossaries', 0, 'g1');
      const out = addManifestLink(withId, { area: 'glossaries', name: 'Renamed', id: 'g1', key: 'EN-DE', path: 'new.tsv' });
      const links = manifestLinks(parseManifest(out).manifest);
      assert.deepEqual(links.map((l) => `${l.key}=${l.path}`), ['EN-DE=new.tsv']);
      assert.equal(parseManifest(out).manifest.glossaries.length, 1);
    });

    it('removes a link by path; an empty text becomes a manifest', () => {
      const out = removeManifestLink(text, './g/en-de.tsv');
      assert.deepEqual(manifestLinks(parseManifest(out).manifest), []);
      assert.equal(parseManifest(out).manifest.glossaries[0].name, 'Product');
      assert.equal(removeManifestLink(text, 'unknown.tsv'), text);
      const fresh = addManifestLink('', { area: 'glossaries', name: 'P', key: 'en-de', path: 'a.tsv' });
      assert.deepEqual(parseManifest(fresh).problems, []);
      assert.equal(manifestLinks(parseManifest(fresh).manifest).length, 1);
    });
  });

  describe('found by the fuzzer (test/unit/fuzz/manifest.fuzz.test.ts)', () => {
    it('nesting thousands deep is a syntax problem, not a RangeError (jsonc-parser overflowed the stack)', () => {
      for (const text of ['['.repeat(20_000), '{"a":'.repeat(5000), '{"glossaries":['.repeat(20_000) + '0' + ']}'.repeat(20_000)]) {
        const { manifest, problems } = parseManifest(text);
        assert.deepEqual(problems.map((p) => [p.code, p.offset, p.length]), [['manifest-syntax', 0, 1]]);
        assert.match(problems[0].message, /nested too deeply/);
        assert.deepEqual(manifest, { glossaries: [], spokenTerms: [] });
      }
    });

    it('a property written twice is reported and the first counts, as for the edits, which no longer throw', () => {
      // The counter-example: the owners were read from the second "glossaries", the edits went to the first (a number).
      const text = '{"glossaries":0,"glossaries":[{"name":"\ud800"}]}';
      const { manifest, problems } = parseManifest(text);
      assert.deepEqual(problems.map((p) => [p.code, text.slice(p.offset, p.offset + p.length)]),
        [['manifest-schema', '0'], ['manifest-schema', '"glossaries"']]);
      assert.match(problems[1].message, /written twice/);
      assert.deepEqual(manifest.glossaries, []);
      const linked = addManifestLink(text, { area: 'glossaries', name: 'Product', key: 'en-de', path: 'g/en-de.tsv' });
      assert.ok(!parseManifest(linked).problems.some((p) => p.code === 'manifest-syntax'));
      // In a glossary too: its first name is its name.
      const owner = parseManifest('{"glossaries":[{"name":"A","name":"B"}]}');
      assert.equal(owner.manifest.glossaries[0].name, 'A');
      assert.deepEqual(owner.problems.filter((p) => p.severity === 'error').map((p) => p.message), ['"name" is written twice in this object: only the first one is read. Remove the other.']);
    });

    it('linking into a glossary whose "dictionaries" is not an object replaces it (jsonc-parser threw)', () => {
      const text = '{"glossaries":[{"name":"Product","dictionaries":null,"color":null}]}';
      const out = addManifestLink(text, { area: 'glossaries', name: 'Product', key: 'en-de', path: 'g/en-de.tsv' });
      const { manifest } = parseManifest(out);
      assert.deepEqual(manifestLinks(manifest).map((l) => `${l.key}=${l.path}`), ['en-de=g/en-de.tsv']);
    });

    it('the position of each of 120 000 problems is found in a moment (it was one pass over the text each: 20 s)', () => {
      const text = '{' + ','.repeat(60_000) + '}';
      const t0 = performance.now();
      const { problems } = parseManifest(text);
      for (const p of problems) { offsetPosition(text, p.offset); offsetPosition(text, p.offset + p.length); }
      assert.ok(problems.length > 100_000);
      assert.ok(performance.now() - t0 < 3000, `${(performance.now() - t0).toFixed(0)} ms`);
      assert.deepEqual(offsetPosition('a\r\nb\rc\nd', 7), { line: 3, col: 0 });
      assert.deepEqual(offsetPosition('a\r\nb', 2), { line: 0, col: 2 });
    });
  });
});
