import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { decodeTextFile, encodeTextFile, EncodingError, firstInvalidUtf8 } from '../../../src/core';
import { utf8Verdict } from '../../../src/core/exchange/decode';

const bytes = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((p) => typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p)));
const utf16 = (text: string, le: boolean) => {
  const b = Buffer.from(text, 'utf16le');
  if (!le) b.swap16();
  return Buffer.concat([Buffer.from(le ? [0xff, 0xfe] : [0xfe, 0xff]), b]);
};

describe('the encoding policy of repository files (decodeTextFile)', () => {
  const read: Array<[string, Uint8Array, string, string]> = [
    ['UTF-8 without BOM', bytes('Straße\tstreet\n'), 'Straße\tstreet\n', 'utf-8'],
    ['UTF-8 with BOM (the BOM is not text)', bytes([0xef, 0xbb, 0xbf], 'a\tb\n'), 'a\tb\n', 'utf-8-bom'],
    ['UTF-16 LE with BOM', utf16('Straße\t通り\n😀\tx\n', true), 'Straße\t通り\n😀\tx\n', 'utf-16le'],
    ['UTF-16 BE with BOM', utf16('Straße\tstreet\n', false), 'Straße\tstreet\n', 'utf-16be'],
    ['empty', bytes(''), '', 'utf-8'],
  ];
  for (const [name, input, text, encoding] of read) {
    it(`reads ${name}, and writes it back byte for byte`, () => {
      const d = decodeTextFile(input);
      assert.equal(d.text, text);
      assert.equal(d.encoding, encoding);
      assert.deepEqual(Buffer.from(encodeTextFile(d.text, d.encoding)), Buffer.from(input));
    });
  }

  const refused: Array<[string, Uint8Array, { line: number; column: number; byte: number; message: RegExp }]> = [
    ['Latin-1 (ß as 0xDF)', bytes('cloud\tWolke\nStra', [0xdf], 'e\tstreet\n'), { line: 1, column: 4, byte: 0xdf, message: /byte 0xDF does not decode as UTF-8 .*on line 2/ }],
    ['Windows-1252 after a BOM-less UTF-8 line with é', bytes('café\tx\n\n', [0x93], 'quoted', [0x94], '\n'), { line: 2, column: 0, byte: 0x93, message: /byte 0x93 .*line 3/ }],
    ['UTF-16 LE without a BOM (NUL bytes)', Buffer.from('a\tb\n', 'utf16le'), { line: 0, column: 1, byte: 0, message: /NUL byte .*UTF-16 without a byte order mark.*line 1/ }],
    ['a binary file (PNG header)', bytes([0x89], 'PNG\r\n', [0x1a, 0x0a, 0, 0]), { line: 0, column: 0, byte: 0x89, message: /byte 0x89/ }],
    ['a truncated UTF-8 sequence at the end', bytes('a\tb\nc\td', [0xe2, 0x82]), { line: 1, column: 3, byte: 0xe2, message: /line 2/ }],
    ['an overlong encoding', bytes('a\t', [0xc0, 0xaf]), { line: 0, column: 2, byte: 0xc0, message: /0xC0/ }],
    ['a UTF-8 encoded surrogate', bytes('x\r\ny\r', [0xed, 0xa0, 0x80]), { line: 2, column: 0, byte: 0xed, message: /line 3/ }],
    ['UTF-16 with an unpaired surrogate', utf16('ok\n\ud800x', true), { line: 1, column: 0, byte: 0x00, message: /UTF-16LE.*line 2/ }],
  ];
  for (const [name, input, want] of refused) {
    it(`refuses ${name} with one message naming the line of the first bad byte`, () => {
      assert.throws(() => decodeTextFile(input), (err: unknown) => {
        assert.ok(err instanceof EncodingError);
        assert.equal(err.line, want.line);
        assert.equal(err.column, want.column);
        assert.equal(err.byteValue, want.byte);
        assert.match(err.message, want.message);
        return true;
      });
    });
  }

  it('firstInvalidUtf8 and decodeTextFile agree with the platform\'s strict decoder on any bytes (property)', () => {
    const runs = Number(process.env.TERMINOLOGY_FUZZ_RUNS) || 2000;
    // Mostly valid text with a few stray bytes: the interesting cases sit near the boundaries of sequences.
    // U+FFFD written as text is valid and must pass (the lenient decoder's marker is only a hint).
    const chunk = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 8 }).map((s) => [...Buffer.from(s, 'utf8')]), fc.array(fc.integer({ min: 0x80, max: 0xff }), { maxLength: 3 }),
      fc.constant([0xef, 0xbf, 0xbd]), fc.constant([0]));
    fc.assert(fc.property(fc.array(chunk, { maxLength: 12 }), (chunks) => {
      const b = Uint8Array.from(chunks.flat());
      let valid = true;
      try { new TextDecoder('utf-8', { fatal: true }).decode(b); } catch { valid = false; }
      const at = firstInvalidUtf8(b);
      assert.equal(at === -1, valid);
      if (at > 0) new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(0, at)); // the bytes before it are valid
      // decodeTextFile (a lenient decoder's U+FFFD as the test, then the strict one) accepts exactly the same bytes,
      // NUL aside, and gives the same text. A leading "x" keeps a BOM out.
      const x = Uint8Array.from([0x78, ...b]);
      let ok: string | undefined;
      try { ok = decodeTextFile(x).text; } catch (err) { assert.ok(err instanceof EncodingError); }
      assert.equal(ok !== undefined, valid && !b.includes(0));
      if (ok !== undefined) assert.equal(ok, new TextDecoder('utf-8', { fatal: true }).decode(x));
    }), { numRuns: runs });
  });
});

describe('the UTF-8 scan shared by the file decoder and the import (scanUtf8)', () => {
  const bytes = (...b: number[]) => Uint8Array.from(b);
  it('stops at each form UTF-8 forbids, and at a sequence cut by the end', () => {
    const cases: Array<[string, Uint8Array, number]> = [
      ['valid 3-byte (U+0800)', bytes(0x61, 0xe0, 0xa0, 0x80), -1],
      ['overlong 3-byte', bytes(0x61, 0xe0, 0x80, 0x80), 1],
      ['overlong 2-byte', bytes(0xc1, 0xbf), 0],
      ['a surrogate (U+D800)', bytes(0x61, 0x62, 0xed, 0xa0, 0x80), 2],
      ['U+D7FF, the last before the surrogates', bytes(0xed, 0x9f, 0xbf), -1],
      ['past U+10FFFF', bytes(0xf4, 0x90, 0x80, 0x80), 0],
      ['overlong 4-byte', bytes(0xf0, 0x8f, 0xbf, 0xbf), 0],
      ['U+10FFFF', bytes(0xf4, 0x8f, 0xbf, 0xbf), -1],
      ['a stray continuation byte', bytes(0x61, 0x80), 1],
      ['cut by the end', bytes(0x61, 0xe2, 0x82), 1],
    ];
    for (const [what, b, at] of cases) assert.equal(firstInvalidUtf8(b), at, what);
  });
  it('tells the import whether bytes are UTF-8, plain ASCII, not UTF-8, or a sequence to finish in the next chunk', () => {
    assert.deepEqual(utf8Verdict(bytes(0x61, 0x62)), { verdict: 'ascii', at: 2 });
    assert.deepEqual(utf8Verdict(bytes(0x61, 0xc3, 0xa9)), { verdict: 'utf8', at: 3 });
    assert.deepEqual(utf8Verdict(bytes(0x61, 0xe9, 0x62)), { verdict: 'other', at: 1 });
    assert.deepEqual(utf8Verdict(bytes(0x61, 0xe2, 0x82)), { verdict: 'incomplete', at: 1 });
    assert.deepEqual(utf8Verdict(bytes(0xc3, 0xa9, 0xe2, 0x82)), { verdict: 'utf8', at: 2 }, 'valid so far, the cut tail left for the next chunk');
    assert.deepEqual(utf8Verdict(bytes(0xe0, 0x80, 0x80)), { verdict: 'other', at: 0 }, 'overlong');
    assert.deepEqual(utf8Verdict(bytes(0x61, 0xc3, 0xa9), 3), { verdict: 'ascii', at: 3 }, 'from an offset');
  });
});
