import * as assert from 'node:assert/strict';
import { applyEdits, cellEdit, cellFindings, columnCount, deleteLinesEdits, emptyRow, lintEntries, rowsOf } from '../../../src/core';

describe('table model', () => {
  it('rows are lines, cells are unquoted phrases; language columns appear when a CSV row has them', () => {
    const rows = rowsOf('\ufeffa\t"b"\n\nno tab\n', 'tsv');
    assert.deepEqual(rows.map((r) => r.cells), [['a', 'b'], [], ['no tab'], []]);
    assert.equal(columnCount(rows, 'tsv'), 2);
    assert.equal(columnCount(rowsOf('a,b\nc,d,en,de\n', 'csv'), 'csv'), 4);
  });

  const cases: Array<{ name: string; text: string; format: 'tsv' | 'csv'; column: number; value: string; after: string }> = [
    { name: 'changes only the field', text: 'cloud\tWolke', format: 'tsv', column: 1, value: 'Nebel', after: 'cloud\tNebel' },
    { name: 'keeps the other field quoted as it was', text: '"cloud"\tWolke', format: 'tsv', column: 1, value: 'x', after: '"cloud"\tx' },
    { name: 'quotes a TSV phrase that would read as quoted', text: 'a\tb', format: 'tsv', column: 0, value: '"q"', after: '"""q"""\tb' },
    { name: 'quotes a CSV phrase with a comma', text: 'a,b', format: 'csv', column: 1, value: 'x, y', after: 'a,"x, y"' },
    { name: 'appends a missing target', text: 'abc', format: 'tsv', column: 1, value: 'x', after: 'abc\tx' },
    { name: 'fills an empty line', text: '', format: 'tsv', column: 1, value: 'y', after: '\ty' },
    { name: 'appends CSV language columns', text: 'a,b', format: 'csv', column: 3, value: 'de', after: 'a,b,,de' },
    { name: 'a tab typed into a TSV cell becomes a space', text: 'a\tb', format: 'tsv', column: 1, value: 'x\ty', after: 'a\tx y' },
    { name: 'after a byte order mark', text: '\ufeffa\tb', format: 'tsv', column: 0, value: 'z', after: '\ufeffz\tb' },
  ];
  for (const c of cases) {
    it(`cell edit ${c.name}`, () => {
      const e = cellEdit(0, c.text, c.format, c.column, c.value);
      assert.equal(applyEdits(c.text, [e]).text, c.after);
    });
  }

  it('deletes lines in runs, the last line included', () => {
    const text = 'a\t1\nb\t2\nc\t3\nd\t4\ne\t5';
    const lines = text.split('\n');
    const edits = deleteLinesEdits([1, 2, 4], lines.length, (l) => lines[l].length);
    assert.equal(applyEdits(text, edits).text, 'a\t1\nd\t4');
    assert.equal(applyEdits('x\t1', deleteLinesEdits([0], 1, () => 3)).text, '');
  });

  it('an empty row has a separator per column boundary', () => {
    assert.equal(emptyRow('tsv', 2), '\t');
    assert.equal(emptyRow('csv', 4), ',,,');
  });

  it('puts each finding on the cell it points at', () => {
    const text = 'a\t1\n a\t\n';
    const lines = text.split('\n');
    const map = cellFindings(lintEntries(text, { format: 'tsv' }), (l) => lines[l], 'tsv');
    assert.deepEqual(map.get(1)?.map((f) => [f.code, f.column]).sort(), [['empty-target', 1], ['surrounding-whitespace', 0]].sort());
  });
});
