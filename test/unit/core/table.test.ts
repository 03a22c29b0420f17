import * as assert from 'node:assert/strict';
import { applyEdits, cellEdit, cellFindings, cellFindingsJson, columnCount, type CellFinding, type Finding, deleteLinesEdits, emptyRow, lintEntries, mapLine, rowsOf, tableRowCount, type LineSplice } from '../../../src/core';

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

  it('a kept finding keeps its cell (the line is not read again), and the findings cross as JSON that parses back whole', () => {
    const text = 'a\t1\n a\t\n"q\t""\n';
    const lines = text.split('\n');
    const findings = lintEntries(text, { format: 'tsv' });
    const cells = new WeakMap<Finding, CellFinding>();
    const read: number[] = [];
    const first = cellFindings(findings, (l) => { read.push(l); return lines[l]; }, 'tsv', cells);
    const again = cellFindings(findings, (l) => { read.push(-l); return lines[l]; }, 'tsv', cells);
    assert.ok(read.length > 0 && read.every((l) => l >= 0), `lines read on the second pass: ${read.filter((l) => l < 0)}`);
    assert.deepEqual([...again], [...first]);
    const json = new WeakMap<CellFinding, string>();
    const wire = cellFindingsJson([...first], json);
    assert.deepEqual(JSON.parse(wire), [...first]);
    assert.equal(cellFindingsJson([...again], json), wire);
    assert.equal(cellFindingsJson([], json), '[]');
  });
});

describe('table rows and line addresses', () => {
  it('the empty line after a final line break is not a row', () => {
    assert.equal(tableRowCount(3, true), 2);
    assert.equal(tableRowCount(3, false), 3);
    assert.equal(tableRowCount(1, true), 0);
  });

  // A row is addressed by its line in a document version; later changes move it (or remove it).
  const cases: Array<{ name: string; splices: LineSplice[]; before: number[]; after: number[] }> = [
    { name: 'a cell edit keeps every row in place', splices: [{ start: 2, deleteCount: 1, added: 1 }], before: [1, 2, 3], after: [1, 2, 3] },
    { name: 'a row inserted at the start of line 2 moves line 2 down', splices: [{ start: 2, deleteCount: 1, added: 2, tailKept: true }], before: [1, 2, 3], after: [1, 3, 4] },
    { name: 'a row appended after the last line keeps it', splices: [{ start: 4, deleteCount: 1, added: 2, headKept: true }], before: [3, 4], after: [3, 4] },
    { name: 'deleting lines 1-2 (to the start of line 3) removes them and moves line 3 up', splices: [{ start: 1, deleteCount: 3, added: 1, tailKept: true }], before: [0, 1, 2, 3, 4], after: [0, -1, -1, 1, 2] },
    { name: 'deleting the last lines (from the end of the line before) keeps that line', splices: [{ start: 2, deleteCount: 3, added: 1, headKept: true }], before: [2, 3, 4], after: [2, -1, -1] },
    { name: 'splices apply in order', splices: [{ start: 0, deleteCount: 1, added: 2, tailKept: true }, { start: 5, deleteCount: 1, added: 1 }], before: [0, 4], after: [1, 5] },
  ];
  for (const c of cases) {
    it(c.name, () => assert.deepEqual(c.before.map((l) => mapLine(l, c.splices)), c.after));
  }
});
