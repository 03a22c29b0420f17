import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { commonEnds, lineBreaksIn, splitLines } from '../../../src/core/text';

describe('line breaks counted in spans (property)', () => {
  // The open's preload counts a large text's lines a span at a time (DiagnosticsManager.preload), and adopts its lint
  // state only when the count is the document's line count: a miscount drops the preload, a wrong count could keep
  // one for another text. Every line break, and spans cut anywhere (between a CR and its LF too).
  const piece = fc.constantFrom('a', 'b\tc', '\n', '\r', '\r\n', '\n\r', '\r\r\n', '');
  it('add up over any cuts to the lines VS Code counts, with and without the CR-free path', () => {
    fc.assert(fc.property(fc.array(piece, { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 6 }), (pieces, cuts) => {
      const text = pieces.join('');
      const ends = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((x, y) => x - y).concat(text.length);
      const count = (cr: boolean) => {
        let lines = 1;
        let from = 0;
        for (const end of ends) { lines += lineBreaksIn(text, from, end, cr); from = end; }
        return lines;
      };
      const expected = splitLines(text).length;
      assert.equal(count(true), expected, JSON.stringify({ text, ends }));
      if (!text.includes('\r')) assert.equal(count(false), expected, JSON.stringify({ text, ends }));
    }), { numRuns: 2000 });
  });
});

describe('common ends of two texts (property)', () => {
  // The start and end two texts share, compared in blocks of 4096 characters and then one by one: the same as one by
  // one throughout, never overlapping, for shared parts shorter and longer than a block.
  const oneByOne = (a: string, b: string): [number, number] => {
    const n = Math.min(a.length, b.length);
    let head = 0;
    while (head < n && a[head] === b[head]) head++;
    let tail = 0;
    while (tail < n - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
    return [head, tail];
  };
  const text = fc.array(fc.constantFrom('a', 'b', '\n', 'xy'), { maxLength: 10 }).map((p) => p.join(''));
  const shared = fc.tuple(text, fc.constantFrom(0, 1, 1000, 3000)).map(([t, n]) => t.repeat(n));
  it('agree with comparing one character at a time', () => {
    fc.assert(fc.property(shared, text, text, shared, (start, x, y, end) => {
      const [a, b] = [start + x + end, start + y + end];
      assert.deepEqual(commonEnds(a, b), oneByOne(a, b));
    }), { numRuns: 500 });
  });
});
