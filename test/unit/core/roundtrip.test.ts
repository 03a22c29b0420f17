import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { parse as csvParse } from 'csv-parse/sync';
import { lintEntries, parseEntries, serializeEntries, type EntryValues } from '../../../src/core';

// Valid phrases: no control characters, no Unicode newlines, no surrounding whitespace, not empty.
const char = fc.oneof(
  fc.constantFrom('a', 'Z', ' ', '"', ',', "'", 'é', 'ß', '中', '😀', 'ع', '-', '""'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
);
const phrase = fc.array(char, { minLength: 1, maxLength: 12 }).map((cs) => cs.join(''))
  // eslint-disable-next-line no-control-regex -- valid phrases exclude control characters
  .filter((s) => !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(s) && s.trim() === s && s.length > 0 && !/^[\s\uFEFF]|[\s\uFEFF]$/.test(s));
const entries = fc.uniqueArray(fc.record({ source: phrase, target: phrase }), { selector: (e) => e.source, maxLength: 20 });
const withLangs = entries.map((es) => es.map((e) => ({ ...e, sourceLang: 'en', targetLang: 'de' })));

const values = (es: EntryValues[]) => es.map(({ source, target, sourceLang, targetLang }) =>
  sourceLang === undefined ? { source, target } : { source, target, sourceLang, targetLang });

describe('parse and serialize', () => {
  for (const format of ['tsv', 'csv'] as const) {
    it(`${format}: parse(serialize(entries)) gives the entries back, and they lint clean`, () => {
      fc.assert(fc.property(entries, (es) => {
        const text = serializeEntries(es, format);
        const parsed = parseEntries(text, format);
        assert.deepEqual(values(parsed.entries), values(es));
        assert.deepEqual(parsed.invalidLines, []);
        assert.deepEqual(lintEntries(text, { format }).filter((f) => f.severity === 'error'), []);
      }), { numRuns: 300 });
    });
  }
  it('csv with language columns round-trips', () => {
    fc.assert(fc.property(withLangs, (es) => {
      assert.deepEqual(values(parseEntries(serializeEntries(es, 'csv', '\r\n'), 'csv').entries), values(es));
    }), { numRuns: 200 });
  });
  it('our CSV reading agrees with csv-parse on valid CSV', () => {
    fc.assert(fc.property(entries, (es) => {
      const text = serializeEntries(es, 'csv');
      const theirs = csvParse(text, { relax_column_count: true }) as string[][];
      assert.deepEqual(parseEntries(text, 'csv').entries.map((e) => [e.source, e.target]), theirs);
    }), { numRuns: 300 });
  });
  it('serialize(parse(text)) keeps a canonical text as it is', () => {
    const text = 'cloud\tWolke\n"""quoted"""\tx\n';
    assert.equal(serializeEntries(parseEntries(text, 'tsv').entries, 'tsv'), text);
  });
  // Found by the fuzz properties (test/unit/fuzz): entries that were lost or changed on the way back.
  it('an entry whose phrases are empty or only whitespace is quoted, not written as a blank line', () => {
    for (const text of ['""\t""\n', '" "\t"\u3000"\n']) {
      const written = serializeEntries(parseEntries(text, 'tsv').entries, 'tsv');
      assert.deepEqual(parseEntries(written, 'tsv').entries.map((e) => [e.source, e.target]), parseEntries(text, 'tsv').entries.map((e) => [e.source, e.target]));
    }
  });
  it('a phrase starting with U+FEFF is quoted, so that on the first line it is not read as a byte order mark', () => {
    for (const format of ['tsv', 'csv'] as const) {
      const written = serializeEntries([{ source: '\uFEFFa', target: 'b' }], format);
      assert.deepEqual(parseEntries(written, format).entries.map((e) => e.source), ['\uFEFFa'], format);
    }
  });
});
