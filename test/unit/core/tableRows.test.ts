import * as assert from 'node:assert/strict';
import { filterLines, gapCounts, RowStore, sortLines } from '../../../src/core/tableRows';
import { makeCorpus } from '../../bench/corpus';

function store(text: string, sep = '\t', quoted: Array<[number, string[]]> = []): RowStore {
  const s = new RowStore(sep);
  const total = text.split(/\r\n|\r|\n/).length;
  s.reset(total);
  s.fill(0, text, quoted);
  return s;
}

describe('table rows (the webview\'s model)', () => {
  it('splits a line into cells on first use; an empty line has none; the empty line after a final break is no row', () => {
    const s = store('\ufeffcloud\tWolke\n\nserver\tServer\n');
    assert.equal(s.rowCount(), 3);
    assert.deepEqual(s.cells(0), ['cloud', 'Wolke'], 'the byte order mark is not part of the first cell');
    assert.deepEqual(s.cells(1), []);
    assert.deepEqual(s.cells(2), ['server', 'Server']);
  });

  it('rows streamed after the first screen fill their lines; a line given parsed (quotes) keeps its cells', () => {
    const s = new RowStore(',');
    s.reset(4);
    s.fill(0, 'a,b', []);
    assert.deepEqual(s.cells(1), [], 'not received yet');
    s.fill(1, '"x, y",z\nc,d\n', [[1, ['x, y', 'z']]]);
    assert.deepEqual(s.cells(1), ['x, y', 'z']);
    assert.deepEqual(s.cells(2), ['c', 'd']);
    assert.equal(s.rowCount(), 3);
  });

  it('filters by text in any cell, case ignored, and by a further condition; a multilingual header is no row', () => {
    const s = store('en\tde\tfr\ncloud\tWolke\tnuage\nlogin\tAnmeldung\t\nprice\t\tprix\n');
    assert.deepEqual(filterLines(s, { from: 1, text: '' }), [1, 2, 3]);
    assert.deepEqual(filterLines(s, { from: 1, text: 'WOL' }), [1]);
    assert.deepEqual(filterLines(s, { from: 1, text: 'en' }), [], 'the header line is not searched');
    const missingIn = (k: number) => (line: number) => !(s.cells(line)[k] ?? '');
    assert.deepEqual(filterLines(s, { from: 1, text: '', where: missingIn(2) }), [2], 'missing in FR');
    assert.deepEqual(filterLines(s, { from: 1, text: '', where: missingIn(1) }), [3], 'missing in DE');
    assert.deepEqual(filterLines(s, { from: 1, text: 'zzz', keep: new Set([2]) }), [2], 'the row being edited stays');
    assert.deepEqual(gapCounts(s, 1, 1, 3), [1, 1]);
  });

  it('a quote is not matched as part of a cell', () => {
    const s = store('"a"\tb\nc\td\n', '\t', [[0, ['a', 'b']]]);
    assert.deepEqual(filterLines(s, { from: 0, text: '"' }), []);
    assert.deepEqual(filterLines(s, { from: 0, text: 'a' }), [0]);
  });

  it('sorts by a column, case ignored, equal values in document order, descending too', () => {
    const s = store('b\t2\nA\t3\na\t1\nC\t0\n');
    assert.deepEqual(sortLines(s, [0, 1, 2, 3], 0, false), [1, 2, 0, 3]);
    assert.deepEqual(sortLines(s, [0, 1, 2, 3], 0, true), [3, 0, 1, 2]);
    assert.deepEqual(sortLines(s, [0, 1, 2, 3], 1, false), [3, 2, 0, 1]);
    assert.deepEqual(sortLines(s, [0, 2, 3], 0, false), [2, 0, 3], 'a filtered view keeps only its rows');
    s.splice(3, 1, [['0', 'x']]);
    assert.deepEqual(sortLines(s, [0, 1, 2, 3], 0, false), [3, 1, 2, 0], 'a change sorts again');
  });

  it('a splice replaces lines with the rows given, and filtering sees the change', () => {
    const s = store('cloud\tWolke\nserver\tServer\n');
    assert.deepEqual(filterLines(s, { from: 0, text: 'wolke' }), [0]);
    s.splice(0, 1, [['cloud', 'Wolken'], ['price', 'Preis']]);
    assert.deepEqual(s.cells(1), ['price', 'Preis']);
    assert.deepEqual(filterLines(s, { from: 0, text: 'preis' }), [1]);
    assert.equal(s.rowCount(), 3);
  });

  it('sorts and filters the 10 MiB dictionary (229 079 rows) in Node, and says how long it took', function () {
    this.timeout(60_000);
    const text = makeCorpus(undefined, 42, true).text;
    let t0 = performance.now();
    const s = store(text);
    const load = performance.now() - t0;
    const all = filterLines(s, { from: 0, text: '' });
    assert.equal(all.length, s.rowCount());
    t0 = performance.now();
    const sorted = sortLines(s, all, 0, false);
    const sortMs = performance.now() - t0;
    for (let i = 1; i < sorted.length; i++) assert.ok(s.lowerCell(sorted[i - 1], 0) <= s.lowerCell(sorted[i], 0), `rows ${i - 1} and ${i} in order`);
    const keys = all.map((l) => s.lowerCell(l, 1));
    const want = all.map((l, i) => [l, keys[i]] as const).sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[0] - b[0])).map((x) => x[0]);
    assert.deepEqual(sortLines(s, all, 1, false), want, 'the same order as a comparison sort, equal values by line');
    t0 = performance.now();
    const shown = filterLines(s, { from: 0, text: 'wolke' });
    const filterMs = performance.now() - t0;
    assert.ok(shown.length > 0 && shown.length < all.length);
    console.log(`      ${all.length} rows: load ${load.toFixed(1)} ms, sort ${sortMs.toFixed(1)} ms, filter ${filterMs.toFixed(1)} ms (${shown.length} shown)`);
  });
});
