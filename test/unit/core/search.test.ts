import * as assert from 'node:assert/strict';
import { findInEntries, relocateMatch } from '../../../src/core/search';

const tsv = (...rows: string[]) => rows.map((r) => r.replace('=', '\t') + '\n').join('');

describe('finding a phrase in dictionary entries', () => {
  const text = tsv('cloud=Wolke', 'Invoice=Rechnung', 'invoice date=Rechnungsdatum', 'server=Server', 'due=fällig (Invoice)');
  const cases: Array<{ name: string; query: string; caseSensitive?: boolean; text?: string; want: Array<[number, 'source' | 'target', number, number]> }> = [
    { name: 'substring of the source, case ignored by default', query: 'invoice', want: [[1, 'source', 0, 7], [2, 'source', 0, 7], [4, 'target', 12, 19]] },
    { name: 'case-sensitive', query: 'invoice', caseSensitive: true, want: [[2, 'source', 0, 7]] },
    { name: 'in the target only: the column counts from the line start', query: 'rechnungs', want: [[2, 'target', 13, 22]] },
    { name: 'a line matching in both phrases is listed once, at the source', query: 'server', want: [[3, 'source', 0, 6]] },
    { name: 'no match', query: 'Wolken', want: [] },
    { name: 'the empty query finds nothing', query: '', want: [] },
    { name: 'regular-expression characters are literal', query: '(invoice)', want: [[4, 'target', 11, 20]] },
    { name: 'blank lines are skipped, line numbers stay those of the text', query: 'b', text: 'a\tx\n\n \nb\ty\n', want: [[3, 'source', 0, 1]] },
    { name: 'a line without a tab is a source phrase', query: 'oops', text: 'oops no tab\n', want: [[0, 'source', 0, 4]] },
    { name: 'CRLF line ends', query: 'y', text: 'a\tx\r\nb\ty\r\n', want: [[1, 'target', 2, 3]] },
    { name: 'case folding never shifts the columns (İ lower-cases to two units)', query: 'stanbul', text: 'İİstanbul\tIstanbul\n', want: [[0, 'source', 2, 9]] },
    { name: 'non-Latin scripts', query: '請求', text: tsv('invoice=請求書'), want: [[0, 'target', 8, 10]] },
    { name: 'case-insensitive beyond ASCII', query: 'übersicht', text: tsv('dashboard=Übersicht'), want: [[0, 'target', 10, 19]] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const got = findInEntries(c.text ?? text, c.query, { caseSensitive: c.caseSensitive });
      assert.deepEqual(got.map((m) => [m.line, m.field, m.start, m.end]), c.want);
      for (const m of got) {
        const line = (c.text ?? text).split(/\r?\n/)[m.line];
        const found = line.slice(m.start, m.end);
        assert.equal(c.caseSensitive ? found : found.toLowerCase(), c.caseSensitive ? c.query : c.query.toLowerCase());
      }
    });
  }

  it('gives the entry of each match', () => {
    const [m] = findInEntries(text, 'fällig');
    assert.deepEqual([m.source, m.target], ['due', 'fällig (Invoice)']);
  });

  describe('finding a match again after the text moved', () => {
    const [found] = findInEntries(text, 'server');
    it('the same line when it still holds the entry', () => {
      assert.equal(relocateMatch(text, 'server', found)?.line, 3);
    });
    it('the same entry on another line', () => {
      const moved = tsv('new=neu', 'cloud=Wolke', 'Invoice=Rechnung', 'invoice date=Rechnungsdatum', 'server=Server');
      assert.equal(relocateMatch(moved, 'server', found)?.line, 4);
    });
    it('another match nearby when the entry is gone; none when nothing matches', () => {
      assert.equal(relocateMatch(tsv('a=b', 'x=y', 'servers=Server'), 'server', found)?.line, 2);
      assert.equal(relocateMatch(tsv('a=b'), 'server', found), undefined);
    });
  });
});
