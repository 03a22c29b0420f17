/** Hostile files (issue #29): every one is refused with the import's own error, or read, within a bounded time and
 * without keeping what a file makes large (an entity's expansion, a term past the phrase limit, deep nesting). */
import * as assert from 'node:assert/strict';
import { decodeOwnedBytes, ImportError, planConcepts, planSpreadsheet, readSpreadsheet, readTbx, READ_LIMITS, type TermBase } from '../../../src/core/exchange';
import { LIMITS } from '../../../src/core/findings';
import { bytesOf, dictionariesOf } from './helpers';
import * as hostile from './hostile';

/** Reads `bytes` in chunks of 256 KiB (as the extension does), with the time it took. */
async function read(bytes: Uint8Array, chunk = 256 * 1024): Promise<{ tb?: TermBase; error?: unknown; ms: number }> {
  const t = process.hrtime.bigint();
  try {
    const tb = await readTbx(bytesOf(bytes, chunk));
    return { tb, ms: Number(process.hrtime.bigint() - t) / 1e6 };
  } catch (error) {
    return { error, ms: Number(process.hrtime.bigint() - t) / 1e6 };
  }
}

function refused(r: { error?: unknown; ms: number }, pattern: RegExp, ms = 3000): ImportError {
  assert.ok(r.error instanceof ImportError, `expected an ImportError, got ${r.error instanceof Error ? `${r.error.name}: ${r.error.message.slice(0, 200)}` : 'a term base'}`);
  assert.match(r.error.message, pattern);
  assert.ok(r.error.line === undefined || r.error.line >= 1);
  assert.ok(r.ms < ms, `took ${r.ms.toFixed(0)} ms`);
  return r.error;
}

/** The characters the term base keeps for its texts. */
const kept = (tb: TermBase) => tb.concepts.pools.reduce((n, p) => n + p.length, 0);

describe('hostile TBX files', function () {
  this.timeout(60_000);

  it('entity amplification of 64 KB (an 80 MB phrase before): refused with its own error, at once', async () => {
    const bytes = hostile.amplificationOfSize(64 * 1024);
    assert.ok(bytes.length <= 64 * 1024 && bytes.length > 60 * 1024);
    refused(await read(bytes), /entities expand to more than \d+ characters.*"lol1"/s, 1000);
  });

  it('entity amplification of 454 KB (a RangeError before) and 7.2 MB (out of memory before): the same error', async () => {
    refused(await read(hostile.amplificationOfSize(454 * 1024)), /entities expand/, 1000);
    const big = hostile.amplification(12, 100_000);
    assert.ok(big.length > 7e6);
    refused(await read(big), /entities expand/, 2000);
    // Read whole, as one chunk: the same.
    refused(await read(big, big.length), /entities expand/, 2000);
  });

  it('entity references in an attribute value count as well', async () => {
    refused(await read(hostile.attributeAmplification(100_000)), /entities expand/, 1000);
  });

  it('entities that stay within the budget are expanded as before', async () => {
    const xml = '<!DOCTYPE martif [<!ENTITY co "Acme Corp.">]><martif xml:lang="en"><text><body><termEntry><langSet xml:lang="en"><tig><term>&co; cloud</term></tig></langSet>' +
      '<langSet xml:lang="de"><tig><term>&co;-Wolke</term></tig></langSet></termEntry></body></text></martif>';
    const { tb } = await read(Buffer.from(xml));
    assert.deepEqual(dictionariesOf(planConcepts(tb!.concepts, 'en', { format: 'tbx-v2' })), { 'en-de': [['Acme Corp. cloud', 'Acme Corp.-Wolke']] });
  });

  it('a term past the phrase limit is left out with its line, its text never kept whole; the others are read', async () => {
    for (const chars of [1025, 5000, 5_000_000]) {
      const { tb, error } = await read(hostile.hugeTerm(chars));
      assert.equal(error, undefined);
      assert.ok(kept(tb!) < 200, `${chars}: ${kept(tb!)} characters kept`);
      const plan = planConcepts(tb!.concepts, 'en', { format: 'tbx-v2' });
      assert.deepEqual(dictionariesOf(plan), { 'en-de': [['ok 1', 'gut 1'], ['ok 2', 'gut 2']] });
      assert.deepEqual(plan.pairs[0].skipped.map((s) => [s.reason, s.line]), [['too-long', 4]]);
      assert.match(plan.pairs[0].skipped[0].message, /the EN term at line 4 is longer than the service's phrase limit \(1024 UTF-8 bytes\)/);
    }
  });

  it('a term at the limit is kept, and spaces around a term do not count; a term made long by entities is left out too', async () => {
    const at = await read(hostile.hugeTerm(READ_LIMITS.termUnits));
    assert.equal(planConcepts(at.tb!.concepts, 'en', { format: 'tbx-v2' }).pairs[0].entries.length, 3);
    const spaced = `<martif xml:lang="en"><text><body><termEntry><langSet xml:lang="en"><tig><term>${' '.repeat(3000)}cloud${'\n'.repeat(3000)}</term></tig></langSet>` +
      '<langSet xml:lang="de"><tig><term>Wolke</term></tig></langSet></termEntry></body></text></martif>';
    for (const chunk of [7, 1000, 1 << 20]) {
      const plan = planConcepts((await read(Buffer.from(spaced), chunk)).tb!.concepts, 'en', { format: 'tbx-v2' });
      assert.deepEqual(dictionariesOf(plan), { 'en-de': [['cloud', 'Wolke']] });
      assert.match(plan.choices.map((c) => c.message).join('\n'), /spaces around "cloud" were removed/);
    }
    const viaEntities = `<!DOCTYPE martif [<!ENTITY w "${'w'.repeat(100)}">]><martif xml:lang="en"><text><body><termEntry><langSet xml:lang="en"><tig><term>${'&w;'.repeat(20)}</term></tig></langSet>` +
      '<langSet xml:lang="de"><tig><term>Wolke</term></tig></langSet></termEntry></body></text></martif>';
    const plan = planConcepts((await read(Buffer.from(viaEntities))).tb!.concepts, 'en', { format: 'tbx-v2' });
    assert.deepEqual(plan.pairs[0].skipped.map((s) => s.reason), ['too-long']);
  });

  it('a long synonym is left out and said so; the preferred short one is taken', async () => {
    const xml = `<martif xml:lang="en"><text><body><termEntry><langSet xml:lang="en"><tig><term>${'l'.repeat(2000)}</term></tig><tig><term>short</term></tig></langSet>` +
      '<langSet xml:lang="de"><tig><term>kurz</term></tig></langSet></termEntry></body></text></martif>';
    const plan = planConcepts((await read(Buffer.from(xml), 100)).tb!.concepts, 'en', { format: 'tbx-v2' });
    assert.deepEqual(dictionariesOf(plan), { 'en-de': [['short', 'kurz']] });
    assert.match(plan.choices.map((c) => c.message).join('\n'), /a term longer than the service's phrase limit \(1024 bytes\) was left out/);
  });

  it('deep nesting and 100 000 attributes: refused', async () => {
    refused(await read(hostile.deepNesting(1_000_000)), /nested more than 1000 deep/, 1000);
    assert.equal((await read(hostile.deepNesting(500))).error, undefined);
    refused(await read(hostile.manyAttributes(100_000)), /more than 1000 attributes/, 1000);
    refused(await read(hostile.manyAttributes(100_000), 1 << 24), /more than 1000 attributes/, 1000);
    assert.equal((await read(hostile.manyAttributes(900))).error, undefined);
  });

  it('a comment, CDATA section, attribute value or processing instruction of millions of characters: refused', async () => {
    for (const kind of ['comment', 'cdata', 'attribute', 'pi'] as const) {
      refused(await read(hostile.hugeMarkup(kind, 3_000_000)), /Refused: .* of more than 1048576 characters/, 2000);
      refused(await read(hostile.hugeMarkup(kind, 3_000_000), 1 << 24), /Refused: .* of more than 1048576 characters/, 2000);
      assert.equal((await read(hostile.hugeMarkup(kind, 100_000))).error, undefined, kind);
    }
  });

  it('more language codes than a term base has: refused', async () => {
    let xml = '<martif><text><body>';
    for (let i = 0; i < 1100; i++) xml += `<termEntry><langSet xml:lang="x${i}"><tig><term>t</term></tig></langSet></termEntry>`;
    refused(await read(Buffer.from(xml + '</body></text></martif>')), /more than 1000 different language codes/);
  });
});

describe('binary, truncated and mis-declared files', () => {
  const chunked = async (bytes: Uint8Array, chunk: number) => read(bytes, chunk);

  it('a binary file is refused as binary, with what it seems to be or the offset of the first control byte', async () => {
    for (const chunk of [3, 1 << 20]) {
      refused(await chunked(hostile.binary('PK\u0003\u0004'), chunk), /This is a ZIP archive \(an \.xlsx/);
      refused(await chunked(hostile.binary('\u0089PNG\r\n\u001a\n'), chunk), /This is a PNG image/);
      refused(await chunked(hostile.binary('<martif>abc\u0000'), chunk), /binary file, not text: the byte at offset 11 is 0x00/);
    }
  });

  it('a byte that does not decode is reported at its own offset, in any chunk, also far into the file', async () => {
    const late = Buffer.concat([Buffer.from(`<martif>${'a'.repeat(300_000)}`), Buffer.from([0xc3, 0x28]), Buffer.from('</martif>')]);
    for (const chunk of [1, 2, 3, 7, 4096, 1 << 20]) {
      refused(await chunked(late, chunk), /not valid UTF-8: the byte at offset 300008 \(0xC3\) does not decode/);
      refused(await chunked(hostile.lyingEncoding('UTF-8', 'latin1'), chunk), /the byte at offset 147 \(0xE9\)/);
      // Cut inside a character.
      refused(await chunked(Buffer.from('<martif>é</martif>').subarray(0, 9), chunk), /ends in the middle of a character \(the one that starts at offset 8\)/);
    }
    // In a multi-byte encoding, the lead byte that the next one cannot continue: Latin-1 "é" (0xE9) before "<" in a
    // file that says Shift_JIS, Latin-1 "ß" (0xDF) before "e" in one that says EUC-JP.
    const sjis = Buffer.from('<?xml version="1.0" encoding="Shift_JIS"?><martif>café</martif>', 'latin1');
    const eucjp = Buffer.from('<?xml version="1.0" encoding="EUC-JP"?>\n<martif>Straße</martif>', 'latin1');
    for (const chunk of [1, 7, 1 << 20]) {
      refused(await chunked(sjis, chunk), /not valid SHIFT_JIS: the byte at offset 53 \(0xE9\)/);
      refused(await chunked(eucjp, chunk), /not valid EUC-JP: the byte at offset 52 \(0xDF\)/);
    }
    const utf16 = Buffer.concat([Buffer.from('\uFEFF<martif>ab', 'utf16le'), Buffer.from([0x00, 0xdc]), Buffer.from('</martif>', 'utf16le')]);
    refused(await chunked(utf16, 5), /not valid UTF-16LE: the byte at offset 22 \(0x00\)/);
  });

  it('a file cut anywhere gives the import\'s own error', async () => {
    const good = Buffer.from(hostile.hugeTerm(10)).toString('utf8').replace('ok 1', 'ök 1');
    for (let f = 0.05; f < 1; f += 0.05) refused(await chunked(hostile.truncated(good, f), 64), /XML|not valid|empty/);
  });

  it('a declaration that lies: UTF-16 named over 8-bit bytes, Latin-1 over UTF-8 bytes, read by the bytes and said so', async () => {
    for (const [declared, actual] of [['UTF-16', 'utf8'], ['ISO-8859-1', 'utf8'], ['windows-1252', 'utf8']] as const) {
      const { tb, error } = await read(hostile.lyingEncoding(declared, actual));
      assert.equal(error, undefined, declared);
      assert.equal(tb!.encoding, 'utf-8');
      assert.equal(tb!.declaredEncoding?.toLowerCase(), declared.toLowerCase());
      assert.deepEqual(dictionariesOf(planConcepts(tb!.concepts, 'en', { format: 'tbx-v2' })), { 'en-de': [['café', 'Straße']] });
    }
    // Encodings that decode UTF-8's bytes without an error, into other characters (café as cafﾃｩ, caf茅, cafц╘).
    for (const declared of ['Shift_JIS', 'GBK', 'GB2312', 'KOI8-R', 'windows-1251', 'ISO-8859-15']) {
      const { tb, error } = await read(hostile.lyingEncoding(declared, 'utf8'));
      assert.equal(error, undefined, declared);
      assert.equal(tb!.encoding, 'utf-8', declared);
      assert.equal(tb!.declaredEncoding?.toLowerCase(), declared.toLowerCase());
      assert.deepEqual(dictionariesOf(planConcepts(tb!.concepts, 'en', { format: 'tbx-v2' })), { 'en-de': [['café', 'Straße']] }, declared);
    }
    // A true Latin-1 file is read as Latin-1.
    const { tb } = await read(hostile.lyingEncoding('ISO-8859-1', 'latin1'));
    assert.equal(tb!.encoding, 'iso-8859-1');
    assert.equal(tb!.declaredEncoding, undefined);
    assert.deepEqual(dictionariesOf(planConcepts(tb!.concepts, 'en', { format: 'tbx-v2' })), { 'en-de': [['café', 'Straße']] });
  });

  it('a declaration that lies is found out also when the first byte past ASCII comes after the first KiB, in any chunk', async () => {
    // 4 KiB of ASCII concepts before café → Straße: the bytes past ASCII are all after the first KiB (and the first chunk).
    const late = (declared: string, actual: 'utf8' | 'latin1') => {
      const one = hostile.lyingEncoding(declared, actual);
      const text = Buffer.from(one).toString('latin1');
      const ascii = Array.from({ length: 40 }, (_, i) => `<termEntry id="a${i}"><langSet xml:lang="en"><tig><term>a${i}</term></tig></langSet>` +
        `<langSet xml:lang="de"><tig><term>b${i}</term></tig></langSet></termEntry>\n`).join('');
      const at = text.indexOf('<termEntry');
      return Buffer.from(text.slice(0, at) + ascii + text.slice(at), 'latin1');
    };
    const entries = (tb: TermBase) => dictionariesOf(planConcepts(tb.concepts, 'en', { format: 'tbx-v2' }))['en-de'].slice(-1);
    for (const declared of ['ISO-8859-1', 'windows-1252', 'Shift_JIS', 'KOI8-R']) {
      const utf8 = late(declared, 'utf8');
      assert.ok(utf8.indexOf(0xc3) > 4096, 'the first byte past ASCII is after 4 KiB');
      for (const chunk of [1, 7, 1024, 4096, 1 << 20]) {
        const { tb, error } = await read(utf8, chunk);
        assert.equal(error, undefined, `${declared}, chunks of ${chunk}`);
        assert.equal(tb!.encoding, 'utf-8', `${declared}, chunks of ${chunk}`);
        assert.equal(tb!.declaredEncoding?.toLowerCase(), declared.toLowerCase());
        assert.deepEqual(entries(tb!), [['café', 'Straße']], `${declared}, chunks of ${chunk}`);
      }
    }
    // A true Latin-1 file stays Latin-1, also when its é ends a chunk.
    for (const chunk of [1, 7, 1024, 1 << 20]) {
      const { tb, error } = await read(late('ISO-8859-1', 'latin1'), chunk);
      assert.equal(error, undefined, `chunks of ${chunk}`);
      assert.equal(tb!.encoding, 'iso-8859-1');
      assert.equal(tb!.declaredEncoding, undefined);
      assert.deepEqual(entries(tb!), [['café', 'Straße']], `chunks of ${chunk}`);
    }
  });
});

describe('every encoding declaration over bytes that are not in it', () => {
  it('reads the entry right or refuses with the import\'s own error; never another error, never other characters', async () => {
    // Latin-1 bytes under windows-1251 or KOI8-R are text in those too (café is cafй): no reader can tell them apart.
    const undetectable = new Set(['windows-1251 latin1', 'KOI8-R latin1']);
    for (const declared of hostile.DECLARATIONS) {
      for (const actual of hostile.BYTE_ENCODINGS) {
        const { tb, error } = await read(hostile.declaredOver(declared, actual), 64);
        const what = `${declared} over ${actual}`;
        if (error !== undefined) {
          assert.ok(error instanceof ImportError, `${what}: ${String(error)}`);
          assert.match(error.message, /not valid|not one this reader knows/, what);
          continue;
        }
        const dicts = dictionariesOf(planConcepts(tb!.concepts, 'en', { format: 'tbx-v2' }));
        if (undetectable.has(`${declared} ${actual}`)) assert.notDeepEqual(dicts, { 'en-de': [['café', 'Straße']] }, what);
        else assert.deepEqual(dicts, { 'en-de': [['café', 'Straße']] }, what);
      }
    }
  });
});

describe('hostile spreadsheets', () => {
  const sheet = (bytes: Uint8Array, fileName: string) => {
    try {
      const s = readSpreadsheet(bytes, { fileName });
      const mapping = s.mapping ?? { kind: 'languages' as const, columns: [{ index: 0, lang: 'en' }, { index: 1, lang: 'de' }] };
      return { plan: planSpreadsheet(s, mapping) };
    } catch (error) {
      return { error };
    }
  };

  it('a quote never closed, binary bytes, a character cut at the end: the import\'s own error', () => {
    for (const [bytes, name, pattern] of [
      [hostile.sheetUnclosedQuote(100_000), 'a.csv', /cannot be read as comma-separated values at line 2: Quote Not Closed/],
      [hostile.binary('PK\u0003\u0004'), 'a.csv', /This is a ZIP archive/],
      [hostile.binary('', 7), 'a.csv', /binary file, not text/],
      [Buffer.concat([Buffer.from('\ufeffen\tde\ncloud\tWolke\n', 'utf16le'), Buffer.from([0x41])]), 'a.tsv', /not valid UTF-16LE: it ends in the middle of a character/],
      [Buffer.from('en,de\ncloud,Größe\n', 'utf8').subarray(0, 15), 'a.csv', /not valid UTF-8: it ends in the middle of a character \(the one that starts at offset 14\)/],
    ] as const) {
      const { error } = sheet(bytes, name);
      assert.ok(error instanceof ImportError, String(error));
      assert.match(error.message, pattern);
    }
  });

  it('100 000 columns, a million empty lines, a cell far past the phrase limit: read, their entries planned', () => {
    assert.deepEqual(dictionariesOf(sheet(hostile.sheetManyColumns(100_000), 'a.csv').plan!), { 'en-de': [['cloud', 'Wolke'], ['server', 'Server']] });
    assert.deepEqual(dictionariesOf(sheet(hostile.sheetEmptyLines(1_000_000), 'a.csv').plan!), { 'en-de': [['cloud', 'Wolke'], ['server', 'Server']] });
    const long = sheet(hostile.sheetHugeCell(1_000_000), 'a.tsv').plan!;
    assert.deepEqual(dictionariesOf(long), { 'en-de': [['cloud', 'Wolke']] });
    // Skipped as a TBX term past the limit is, with its line, its text never taken (nothing of it in the skip).
    assert.deepEqual(long.pairs[0].skipped.map((s) => [s.reason, s.line, s.target ?? '']), [['too-long', 3, '']]);
    assert.match(long.pairs[0].skipped[0].message ?? '', /longer than the service's phrase limit/);
  });

  it('a cell past the phrase limit is skipped with its line on either reader, and spaces around it do not count', () => {
    const limit = LIMITS.phraseBytes;
    // The lean reader (ranges of the text), and csv-parse's (a stray quote sends the text to it).
    for (const stray of ['', ' "x']) {
      const text = `en,de\ncloud,Wolke${stray}\nlong,${'z'.repeat(limit + 1)}\nspaced,  ${'y'.repeat(limit)}  \n`;
      const plan = sheet(Buffer.from(text, 'utf8'), 'a.csv').plan!;
      assert.deepEqual(plan.pairs[0].skipped.map((s) => [s.reason, s.line]), [['too-long', 3]], JSON.stringify(stray));
      assert.deepEqual(plan.pairs[0].entries.map((e) => e.source), ['cloud', 'spaced'], JSON.stringify(stray));
    }
  });

  it('bytes handed over are given back once their text is made; a view of part of a buffer is never detached', () => {
    const proto = ArrayBuffer.prototype as { transfer?: (n: number) => ArrayBuffer };
    const own = proto.transfer;
    // Node 20 has no transfer without a flag: stood in for by structuredClone, which detaches the same way.
    if (!own) proto.transfer = function (this: ArrayBuffer) { return structuredClone(this, { transfer: [this] }).slice(0, 0); };
    try {
      const bytes = new Uint8Array(Buffer.from('en,de\ncafé,Straße\n', 'utf8'));
      const decoded = decodeOwnedBytes(bytes);
      assert.equal(decoded.text, 'en,de\ncafé,Straße\n');
      assert.equal(bytes.byteLength, 0, 'the buffer is detached');
      const whole = new Uint8Array(Buffer.from('en,de\nx,y\n', 'utf8'));
      const part = whole.subarray(0, 6);
      assert.equal(decodeOwnedBytes(part).text, 'en,de\n');
      assert.equal(whole.byteLength, 10, 'a view of part of a buffer is left alone');
    } finally {
      if (!own) delete proto.transfer;
    }
  });
});
