import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { filterLines, FoldedRows, gapCounts, orderByKeys, RowStore, sortLines, unitOrder } from '../../../src/core/tableRows';
import { makeCorpus } from '../../bench/corpus';
import { fuzz } from '../fuzz/arbitraries';

/** A value's code units in lower case, each on its own (a unit whose lower case is longer stays as it is): the sort's
 * key, written again here without the sort's code. */
const folded = (v: string): number[] => Array.from({ length: v.length }, (_, i) => {
  const lower = v[i].toLowerCase();
  return lower.length === 1 ? lower.charCodeAt(0) : v.charCodeAt(i);
});
/** Two folded keys compared unit by unit in a language's alphabet (a store with no languages: the root collation). */
function compareUnits(a: number[], b: number[], order = unitOrder(undefined)): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return order(a[i], b[i]);
  return a.length - b.length;
}

/** A fresh comparison sort of every row by a column (equal values by line), and which rows equal the one before. */
function reference(s: RowStore, column: number): { lines: number[]; ties: number[] } {
  const lines: number[] = [];
  for (let l = s.from; l < s.rowCount(); l++) lines.push(l);
  const key = new Map(lines.map((l) => [l, folded(s.cell(l, column))]));
  lines.sort((a, b) => compareUnits(key.get(a)!, key.get(b)!) || a - b);
  return { lines, ties: lines.map((l, i) => (i > 0 && compareUnits(key.get(lines[i - 1])!, key.get(l)!) === 0 ? 1 : 0)) };
}

/** What a view sorted the other way shows: values from the last, equal values still in line order. */
function descendingReference(s: RowStore, view: readonly number[], column: number): number[] {
  return [...view].sort((a, b) => compareUnits(folded(s.cell(b, column)), folded(s.cell(a, column))) || a - b);
}

// Values that share prefixes, differ only in case, fold differently as one unit than as a string (final sigma, İ),
// lie outside the BMP, or are empty.
const value = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('', 'a', 'A', 'b', 'ab', 'AB', 'aB', 'a b', 'É', 'é', 'e', 'ß', 'SS', 'ss', 'Σ', 'σ', 'ς', 'ΣΑΣ', 'σας', 'İ', 'i', 'I', '😀', '\uD83D', '中', 'cloud', 'Cloud server') },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }).map((v) => v.replace(/[\t\n\r"\uFEFF]/g, '')) },
);

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

  it('a quoted empty cell "" is an empty phrase, not a gap; an unquoted empty cell or a missing one is a gap', () => {
    const s = store('en\tde\tfr\ncloud\t""\tnuage\nlogin\t\t"x"\nprice\tPreis\n\n', '\t', [[1, ['cloud', '', 'nuage']], [2, ['login', '', 'x']]]);
    assert.deepEqual([s.gap(1, 1), s.gap(1, 2)], [false, false], '"" in DE');
    assert.deepEqual([s.gap(2, 1), s.gap(2, 2)], [true, false], 'empty DE beside a quoted FR');
    assert.deepEqual([s.gap(3, 1), s.gap(3, 2)], [false, true], 'FR past the end of the line');
    assert.equal(s.gap(4, 1), false, 'a blank line has no gaps');
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
    const q = store('"Zed, x",1\n"a""b",2\nA,0\n', ',', [[0, ['Zed, x', '1']], [1, ['a"b', '2']]]);
    assert.deepEqual(sortLines(q, [0, 1, 2], 0, false), [2, 1, 0], 'quoted cells sort by their value, not their quotes');
    assert.deepEqual(sortLines(q, [0, 1, 2], 1, true), [1, 0, 2]);
  });

  it('sorts by the alphabet of the column\'s language (Intl.Collator), not by code unit', () => {
    const s = store('cloudy\tWolkig\ndashboard\tÜbersicht\nsign-in\tAnmeldung\nzebra\tZebra\n');
    s.setLanguages(['en', 'de']);
    assert.deepEqual(sortLines(s, [0, 1, 2, 3], 1, false), [2, 1, 0, 3], 'Übersicht between Anmeldung and Wolkig');
    assert.deepEqual(sortLines(s, [0, 1, 2, 3], 1, true), [3, 0, 1, 2]);
    const sv = store('ärlig\nzon\nakut\n');
    sv.setLanguages(['sv']);
    assert.deepEqual(sortLines(sv, [0, 1, 2], 0, false), [2, 1, 0], 'in Swedish, ä comes after z');
    sv.setLanguages(['de']);
    assert.deepEqual(sortLines(sv, [0, 1, 2], 0, false), [2, 0, 1], 'in German, ä goes with a');
    s.splice(4, 0, [['overview', 'Ökosystem']]);
    assert.deepEqual(sortLines(s, [0, 1, 2, 3, 4], 1, false), [2, 4, 1, 0, 3], 'a row added is put in place by the same alphabet');
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
    for (let i = 1; i < sorted.length; i++) assert.ok(compareUnits(folded(s.cell(sorted[i - 1], 0)), folded(s.cell(sorted[i], 0))) <= 0, `rows ${i - 1} and ${i} in order`);
    const keys = all.map((l) => folded(s.cell(l, 1)));
    const want = all.map((l, i) => [l, keys[i]] as const).sort((a, b) => compareUnits(a[1], b[1]) || a[0] - b[0]).map((x) => x[0]);
    assert.deepEqual(sortLines(s, all, 1, false), want, 'the same order as a comparison sort, equal values by line');
    t0 = performance.now();
    const shown = filterLines(s, { from: 0, text: 'wolke' });
    const filterMs = performance.now() - t0;
    assert.ok(shown.length > 0 && shown.length < all.length);
    t0 = performance.now();
    const down = sortLines(s, all, 0, true);
    const downMs = performance.now() - t0;
    assert.deepEqual(down, [...sorted].reverse(), 'every source is different: descending is the reverse');
    console.log(`      ${all.length} rows: load ${load.toFixed(1)} ms, sort ${sortMs.toFixed(1)} ms (the other way then ${downMs.toFixed(1)} ms), filter ${filterMs.toFixed(1)} ms (${shown.length} shown)`);
  });

  it('sorts as a fresh comparison sort does: by the values folded one code unit at a time, equal values by line', () => {
    fc.assert(fc.property(fc.array(value, { maxLength: 60 }), (values) => {
      const lines = Int32Array.from(values.keys(), (i) => i * 2 + 1);
      const got = orderByKeys(lines, values, unitOrder(undefined));
      const want = [...values.keys()].sort((a, b) => compareUnits(folded(values[a]), folded(values[b])) || a - b);
      assert.deepEqual(Array.from(got.lines), want.map((i) => i * 2 + 1));
      assert.deepEqual(Array.from(got.ties), want.map((k, i) => (i > 0 && compareUnits(folded(values[want[i - 1]]), folded(values[k])) === 0 ? 1 : 0)));
    }), fuzz());
  });

  it('sorts as a comparison sort does when many values share long prefixes (the ranges the radix sort skips through)', () => {
    const part = fc.string({ unit: fc.constantFrom('a', 'b', 'A', ' ', 'é', '中'), maxLength: 5 });
    const values = fc.tuple(fc.constantFrom('', 'identity pipeline ', 'Identity pipeline account '), fc.array(fc.tuple(part, part), { minLength: 25, maxLength: 200 }))
      .map(([prefix, rest]) => rest.map(([a, b]) => prefix + a + (b ? ` ${b}` : '')));
    fc.assert(fc.property(values, (vs) => {
      const got = orderByKeys(Int32Array.from(vs.keys()), vs, unitOrder('en'));
      const want = [...vs.keys()].sort((a, b) => compareUnits(folded(vs[a]), folded(vs[b]), unitOrder('en')) || a - b);
      assert.deepEqual(Array.from(got.lines), want);
      assert.deepEqual(Array.from(got.ties), want.map((k, i) => (i > 0 && compareUnits(folded(vs[want[i - 1]]), folded(vs[k])) === 0 ? 1 : 0)));
    }), fuzz());
  });

  it('keeps the order by each column through any edits, inserts and deletes: always that of a fresh sort, both ways', () => {
    const row = (columns: number) => fc.array(value, { minLength: 0, maxLength: columns });
    const op = (columns: number) => fc.oneof(
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('splice' as const), start: fc.nat(), deleteCount: fc.nat({ max: 3 }), rows: fc.array(row(columns), { maxLength: 3 }) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('order' as const), column: fc.nat({ max: columns - 1 }) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('filter' as const), column: fc.nat({ max: columns - 1 }), keep: fc.nat({ max: 3 }) }) },
    );
    const scenario = fc.tuple(fc.constantFrom(0, 1), fc.constantFrom(2, 3)).chain(([from, columns]) => fc.record({
      from: fc.constant(from), columns: fc.constant(columns),
      rows: fc.array(row(columns), { maxLength: 30 }), finalBreak: fc.boolean(), ops: fc.array(op(columns), { maxLength: 12 }),
    }));
    fc.assert(fc.property(scenario, ({ from, columns, rows, finalBreak, ops }) => {
      const s = store(rows.map((r) => r.join('\t')).join('\n') + (finalBreak ? '\n' : ''));
      s.from = from;
      for (let c = 0; c < columns; c++) s.orderBy(c);
      const check = (when: string) => {
        for (let c = 0; c < columns; c++) {
          if (!s.hasOrder(c)) continue;
          const want = reference(s, c);
          const got = s.orderBy(c);
          assert.deepEqual({ lines: Array.from(got.lines), ties: Array.from(got.ties) }, want, `column ${c} ${when}`);
          const all = filterLines(s, { from, text: '' });
          assert.deepEqual(sortLines(s, all, c, true), descendingReference(s, all, c), `column ${c} descending ${when}`);
        }
      };
      check('at first');
      for (const o of ops) {
        if (o.kind === 'splice') {
          const start = o.start % (s.length + 1);
          s.splice(start, Math.min(o.deleteCount, s.length - start), o.rows);
          check(`after splice(${start}, ${o.deleteCount}, ${JSON.stringify(o.rows)})`);
        } else if (o.kind === 'order') {
          s.orderBy(o.column);
        } else {
          // A filtered view, both ways: its rows in the order of all rows.
          const view = filterLines(s, { from, text: '' }).filter((l) => l % 4 !== o.keep);
          const want = reference(s, o.column).lines.filter((l) => l % 4 !== o.keep);
          assert.deepEqual(sortLines(s, view, o.column, false), want);
          assert.deepEqual(sortLines(s, view, o.column, true), descendingReference(s, view, o.column));
        }
      }
    }), fuzz());
  });

  it('the orders made on the core worker from the rows as sent are those the webview makes; one of another length is refused', () => {
    const text = makeCorpus(64 * 1024, 3, true).text.replace(/^(\S+)/gm, (w, _, at: number) => (at % 3 ? w.toUpperCase() : w));
    const lines = text.split('\n');
    const head = lines.slice(0, 100).join('\n');
    const rest = new TextEncoder().encode(lines.slice(100).join('\n'));
    const rows = new FoldedRows({ separator: '\t', from: 0, total: lines.length, head, headQuoted: [], start: 100, rest, restQuoted: [] }, 2);
    const s = store(text);
    for (const c of [0, 1]) {
      const order = rows.orderBy(c)!;
      assert.deepEqual(Array.from(order.lines), reference(s, c).lines);
      assert.deepEqual(Array.from(order.ties), reference(s, c).ties);
      assert.equal(s.setOrder(c, order), true);
      assert.equal(rows.orderBy(c), undefined, 'each column once');
    }
    const order = s.orderBy(0);
    assert.equal(s.setOrder(0, { lines: order.lines.subarray(1), ties: order.ties.subarray(1) }), false, 'not one line per row');
  });

  it('folds the rows straight from their bytes as the webview splits the same rows: breaks, quotes, a header, a byte order mark, any text', () => {
    // A cell: a value, or one with a quote (its line then comes parsed, with cells of its own).
    const cell = fc.oneof({ weight: 5, arbitrary: value }, { weight: 1, arbitrary: value.map((v) => `"${v}`) });
    const scenario = fc.record({
      rows: fc.array(fc.array(cell, { maxLength: 4 }), { maxLength: 40 }),
      separator: fc.constantFrom('\t', ','),
      crlf: fc.boolean(), bom: fc.boolean(), finalBreak: fc.boolean(),
      from: fc.constantFrom(0, 1), start: fc.nat({ max: 45 }), columns: fc.integer({ min: 1, max: 4 }),
      parsed: fc.array(fc.array(value, { maxLength: 4 }), { minLength: 40, maxLength: 40 }),
      languages: fc.constantFrom(undefined, ['EN', ' de '], ['sv', 'tr', 'el']),
    });
    fc.assert(fc.property(scenario, ({ rows, separator, crlf, bom, finalBreak, from, start, columns, parsed, languages }) => {
      const lines = rows.map((r) => r.join(separator).replace(/[\r\n]/g, ''));
      const text = (bom ? '\ufeff' : '') + lines.join(crlf ? '\r\n' : '\n') + (finalBreak ? (crlf ? '\r\n' : '\n') : '');
      const all = text.split(crlf ? '\r\n' : '\n');
      const total = all.length;
      const cut = Math.min(start, total);
      const quoted = all.map((_, i) => [i, parsed[i] ?? []] as [number, string[]]).filter(([i]) => all[i].includes('"'));
      const headText = all.slice(0, cut).join(crlf ? '\r\n' : '\n');
      const restText = all.slice(cut).join(crlf ? '\r\n' : '\n');
      const headQuoted = quoted.filter(([i]) => i < cut);
      const restQuoted = quoted.filter(([i]) => i >= cut);
      // The webview's store, filled as the table sends the rows.
      const s = new RowStore(separator);
      s.from = from;
      s.setLanguages(languages);
      s.reset(total);
      s.fill(0, headText, headQuoted);
      // The rest travels as UTF-8 bytes (a lone surrogate becomes U+FFFD), which the webview decodes.
      const rest = new TextEncoder().encode(cut < total ? restText : '');
      if (cut < total) s.fill(cut, new TextDecoder().decode(rest), restQuoted);
      const folded = new FoldedRows({ separator, from, total, head: headText, headQuoted, start: cut, rest, restQuoted }, columns, languages);
      for (let c = 0; c < columns; c++) {
        const want = s.orderBy(c);
        const got = folded.orderBy(c)!;
        assert.deepEqual([Array.from(got.lines), Array.from(got.ties)], [Array.from(want.lines), Array.from(want.ties)], `column ${c}`);
      }
    }), fuzz());
  });

  it('an edit puts its row in place in the kept order of 229 079 rows, without sorting again', function () {
    this.timeout(60_000);
    const s = store(makeCorpus(undefined, 42, true).text);
    let t0 = performance.now();
    s.orderBy(0);
    const sortMs = performance.now() - t0;
    t0 = performance.now();
    s.splice(1000, 1, [['Aardvark', 'Erdferkel']]);
    s.splice(5, 0, [['zebra', 'Zebra'], ['Cloud', 'Wolke']]);
    s.splice(70000, 3, []);
    const editMs = performance.now() - t0;
    assert.ok(s.hasOrder(0));
    const got = s.orderBy(0);
    const want = reference(s, 0);
    assert.ok(got.lines.length === want.lines.length && got.lines.every((l, i) => l === want.lines[i]), 'the order of a fresh sort');
    assert.ok(editMs < sortMs, `3 edits ${editMs.toFixed(1)} ms, a sort ${sortMs.toFixed(1)} ms`);
    console.log(`      sort ${sortMs.toFixed(1)} ms; three edits kept in the order ${editMs.toFixed(1)} ms`);
  });
});
