import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { lineBreaksIn, splitLines } from '../../../src/core/text';

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
