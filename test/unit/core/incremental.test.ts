import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { EntriesLinter, lintEntries, splitLines } from '../../../src/core';
import { lintEntriesWithoutFastPath } from '../../../src/core/entries';

/** Applies the same change to a plain string, as VS Code would to its document. */
function applyChange(text: string, sl: number, sc: number, el: number, ec: number, insert: string): string {
  const lines = splitLines(text);
  const eols = text.match(/\r\n|\r|\n/g) ?? [];
  const offset = (l: number, c: number) => {
    let o = 0;
    for (let i = 0; i < l; i++) o += lines[i].length + eols[i].length;
    return o + c;
  };
  return text.slice(0, offset(sl, sc)) + insert + text.slice(offset(el, ec));
}

describe('incremental re-linting', () => {
  it('matches a full lint after typing, deleting lines and pasting', () => {
    let text = 'a\tx\nb\ty\nc\tz\n';
    const inc = new EntriesLinter({ format: 'tsv' }).setText(text);
    const steps: Array<[number, number, number, number, string]> = [
      [0, 1, 0, 1, ' '], // trailing space on a source
      [1, 0, 1, 1, 'a'], // make a duplicate of line 0
      [2, 3, 2, 3, '\nnew\tline\na\tx'], // split a line, paste two lines
      [0, 0, 1, 0, ''], // delete the first line: the duplicate moves up and becomes the first
      [3, 0, 4, 0, ''],
    ];
    for (const [sl, sc, el, ec, t] of steps) {
      text = applyChange(text, sl, sc, el, ec, t);
      inc.edit(sl, sc, el, ec, t);
      assert.deepEqual(inc.findings(), lintEntries(text, { format: 'tsv' }), `after inserting ${JSON.stringify(t)}`);
      assert.equal(inc.lineCount, splitLines(text).length);
    }
  });

  it('matches a full lint for random edits (property)', () => {
    const alphabet = fc.constantFrom('a', 'b', 'x', '\t', '\n', ' ', '"', ',', '\u2028', '\u0001', 'é', '\r\n', '<<<<<<<', '=======', '>>>>>>>',
      '\u200b', '\u0441', '\u0301');
    const textArb = fc.array(alphabet, { maxLength: 60 }).map((cs) => cs.join(''));
    const editArb = fc.record({ a: fc.nat(), b: fc.nat(), c: fc.nat(), d: fc.nat(), insert: textArb });
    fc.assert(fc.property(fc.constantFrom<'tsv' | 'csv'>('tsv', 'csv'), textArb, fc.array(editArb, { maxLength: 6 }), (format, start, edits) => {
      let text = start;
      const inc = new EntriesLinter({ format }).setText(text);
      for (const e of edits) {
        const lines = splitLines(text);
        let sl = e.a % lines.length;
        let el = e.c % lines.length;
        if (el < sl) [sl, el] = [el, sl];
        let sc = e.b % (lines[sl].length + 1);
        let ec = e.d % (lines[el].length + 1);
        if (sl === el && ec < sc) [sc, ec] = [ec, sc];
        text = applyChange(text, sl, sc, el, ec, e.insert);
        inc.edit(sl, sc, el, ec, e.insert);
        assert.deepEqual(inc.findings(), lintEntries(text, { format }));
        const fresh = new EntriesLinter({ format }).setText(text);
        assert.equal(inc.byteSize, fresh.byteSize);
        assert.equal(inc.entryCount, fresh.entryCount);
      }
    }), { numRuns: 400 });
  });

  it('tells apart source phrases whose hashes collide (term8kg8 and term142a4 share one)', () => {
    const text = 'term8kg8\tx\nterm142a4\ty\n';
    assert.deepEqual(lintEntries(text, { format: 'tsv' }), []);
    const inc = new EntriesLinter({ format: 'tsv' }).setText(text);
    assert.deepEqual(inc.findings(), []);
    inc.edit(2, 0, 2, 0, 'term142a4\tz');
    const dup = inc.findings();
    assert.equal(dup.length, 1);
    assert.equal(dup[0].code, 'duplicate-source');
    assert.equal(dup[0].line, 2);
    assert.equal(dup[0].related?.[0].line, 1);
    assert.deepEqual(lintEntries(text + 'term142a4\tz', { format: 'tsv' }), dup);
    inc.edit(1, 0, 2, 0, '');
    assert.deepEqual(inc.findings(), []);
  });

  it('reads a text in small steps to the same state as at once', () => {
    const lines: string[] = [];
    for (let i = 0; i < 5000; i++) lines.push(i % 997 === 5 ? ` lead ${i}\tx` : i % 1500 === 7 ? 'same\tx' : `source ${i}\ttarget ${i}`);
    const text = '\uFEFF' + lines.join('\r\n') + '\r\n';
    const whole = new EntriesLinter({ format: 'tsv' }).setText(text);
    const stepped = new EntriesLinter({ format: 'tsv' });
    const load = stepped.load(text);
    let steps = 0;
    while (!load.step(0)) steps++;
    assert.ok(steps >= 4, `${steps} steps`);
    assert.deepEqual(stepped.findings(), whole.findings());
    assert.deepEqual(stepped.findings(), lintEntries(text, { format: 'tsv' }));
    assert.equal(stepped.byteSize, whole.byteSize);
    assert.equal(stepped.entryCount, 5000);
    // A new load abandons an unfinished one.
    const again = new EntriesLinter({ format: 'tsv' });
    const first = again.load(text);
    first.step(0);
    again.setText('a\tb\n');
    assert.equal(first.step(Infinity), true);
    assert.equal(again.lineCount, 2);
  });

  it('reads a text given as pieces cut at line starts to the same state as the whole text (property)', () => {
    const alphabet = fc.constantFrom('a', 'b', 'x', '\t', '\n', ' ', '"', ',', '\u2028', '\u0001', 'é', '😀', '\r\n', '\r', '\uFEFF', '<<<<<<<', '=======', '>>>>>>>');
    const textArb = fc.array(alphabet, { maxLength: 80 }).map((cs) => cs.join(''));
    fc.assert(fc.property(fc.constantFrom<'tsv' | 'csv'>('tsv', 'csv'), textArb, fc.array(fc.nat(), { maxLength: 6 }), fc.nat(3), (format, text, cuts, budget) => {
      // Cut after line breaks (\n, or \r\n taken whole), as a document read a range of lines at a time is.
      const starts = [...text.matchAll(/\r\n|\n/g)].map((m) => m.index + m[0].length);
      const at = [...new Set(cuts.map((c) => starts[c % Math.max(1, starts.length)]).filter((x) => x !== undefined))].sort((a, b) => a - b);
      const pieces = [0, ...at].map((from, i) => text.slice(from, i < at.length ? at[i] : text.length));
      assert.equal(pieces.join(''), text);
      const whole = new EntriesLinter({ format }).setText(text);
      const read = new EntriesLinter({ format });
      const load = read.load(pieces);
      for (let i = 0; !load.step(budget === 0 ? Infinity : 0); i++) assert.ok(i < 10_000);
      assert.deepEqual(read.findings(), whole.findings());
      assert.equal(read.lineCount, whole.lineCount);
      assert.equal(read.entryCount, whole.entryCount);
      assert.equal(read.byteSize, whole.byteSize);
    }), { numRuns: Number(process.env.TERMINOLOGY_FUZZ_RUNS ?? 500) });
  });

  it('reads 12 000 lines given in pieces of 4 096 lines (as the editor reads a document) in small steps, the same as at once', () => {
    const lines: string[] = [];
    for (let i = 0; i < 12_000; i++) lines.push(i % 997 === 5 ? ` lead ${i}\tx` : i % 1500 === 7 ? 'same\tx' : `source ${i}\tZiel ${i} 😀`);
    const text = '\uFEFF' + lines.join('\n') + '\n';
    const pieces: string[] = [];
    for (let from = 0; from < lines.length; from += 4096) pieces.push((from === 0 ? '\uFEFF' : '') + lines.slice(from, from + 4096).join('\n') + '\n');
    assert.equal(pieces.join(''), text);
    const read = new EntriesLinter({ format: 'tsv' });
    const load = read.load(pieces);
    let steps = 0;
    while (!load.step(0)) steps++;
    assert.ok(steps >= pieces.length, `${steps} steps`);
    assert.deepEqual(read.findings(), lintEntries(text, { format: 'tsv' }));
    assert.equal(read.lineCount, 12_001);
    assert.equal(read.byteSize, new EntriesLinter({ format: 'tsv' }).setText(text).byteSize);
  });

  it('reads a text of several search windows (64 Ki units) the same as the full rules, CRLF and odd characters at any place', () => {
    for (const eol of ['\n', '\r\n']) {
      const lines: string[] = [];
      for (let i = 0; i < 12_000; i++) {
        lines.push(i % 1777 === 3 ? `quote "${i}"\tx` : i % 1301 === 9 ? `ctl\u0007 ${i}\ty` : i % 2203 === 11 ? `lone\rcr ${i}\tz` : `source ${i}\tZiel ${i}`);
      }
      const text = lines.join(eol) + eol;
      assert.ok(text.length > 3 * 65536);
      assert.deepEqual(lintEntries(text, { format: 'tsv' }), lintEntriesWithoutFastPath(text, { format: 'tsv' }));
      assert.deepEqual(new EntriesLinter({ format: 'tsv' }).setText(text).findings(), lintEntriesWithoutFastPath(text, { format: 'tsv' }));
    }
  });
});
