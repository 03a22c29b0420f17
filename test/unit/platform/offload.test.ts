import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { commonEnds, countEntries, entriesForSending, joinGridTexts, lintEntries, mergeEntries, mergeGrid, sameContent } from '../../../src/core';
import { dictionaryBody, ServiceClient, termListBody } from '../../../src/api';
import { readdirSync, readFileSync } from 'node:fs';
import { RowStore, type ColumnOrder } from '../../../src/core/tableRows';
import { BACKGROUND_NICE, Offload, OFFLOAD_ABOVE } from '../../../src/worker/offload';
import { findCandidatesPacked, GlossaryIndex, packCandidateRequest, readPo, checkUnits, TermIndex, dictionaryEntries } from '../../../src/core/termCheck';
import { KeptTextGone } from '../../../src/worker/offload';
import { startEmulator } from '../../emulator/server';
import { inflateRawSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { rowsText } from '../../../src/webview/rowsText';

/** A dictionary over the offload threshold, with a few findings. */
function big(extra = ''): string {
  const lines: string[] = [];
  for (let i = 0, n = 0; n < OFFLOAD_ABOVE * 1.5; i++) {
    lines.push(i % 5000 === 7 ? ` lead ${i}\tx` : `source ${i}\tZiel ${i}`);
    n += lines[i].length + 1;
  }
  return lines.join('\n') + '\n' + extra;
}

describe('offload: whole-text work on the core worker', function () {
  this.timeout(20_000);
  const script = join(__dirname, '..', '..', '..', 'src', 'worker', 'coreWorker.js');
  let off: Offload;
  before(() => { off = new Offload(script); });
  after(() => off.dispose());

  it('answers as the core does inline: lint, compare, merge, count, JSON, text, common ends', async () => {
    const base = big();
    const ours = base.replace('source 3\t', 'source 3\tmine ');
    const theirs = base + 'theirs\tihre\n';
    assert.equal(await off.entriesErrorCount(base, { format: 'tsv' }), lintEntries(base, { format: 'tsv' }).filter((f) => f.severity === 'error').length);
    assert.ok(await off.entriesErrorCount(base, { format: 'tsv' }) > 0);
    assert.equal(await off.sameContent(base, ours, 'entries'), sameContent(base, ours, 'entries'));
    assert.equal(await off.sameContent(base, base.split('\n').reverse().join('\n'), 'entries'), true);
    assert.deepEqual(await off.merge('entries', base, ours, theirs), mergeEntries(base, ours, theirs));
    // A multilingual glossary's merge (Merge with Remote on a glossary document) on the worker too, cell by cell.
    const grid = (de: string) => joinGridTexts('en', [{ targetLang: 'de', text: de }, { targetLang: 'fr', text: base.replace(/\tZiel /g, '\tcible ') }]);
    const [gBase, gOurs, gTheirs] = [grid(base), grid(ours), grid(theirs)];
    assert.ok(gBase.length > OFFLOAD_ABOVE);
    const merged = await off.merge('grid', gBase, gOurs, gTheirs);
    assert.deepEqual(merged, mergeGrid(gBase, gOurs, gTheirs));
    assert.ok(merged.conflicts === 0 && merged.text.includes('\tmine Ziel 3\t') && merged.text.includes('theirs\tihre'), 'both sides\' changes in the merged glossary');
    assert.equal(await off.countEntries(base), countEntries(base));
    const value = { dictionaries: [{ entries: base }] };
    const bytes = await off.encodeJson(value, base.length);
    assert.deepEqual(await off.parseJson(bytes), value);
    assert.equal(await off.decodeText(await off.encodeText(ours)), ours);
    assert.deepEqual(await off.commonEnds(base, ours), commonEnds(base, ours));
    // A save's checks in one round trip: the text, the same entries as the base or not, the errors (when asked).
    const errors = lintEntries(ours, { format: 'tsv' }).filter((f) => f.severity === 'error').length;
    const bytesOf = (t: string) => new TextEncoder().encode(t);
    assert.deepEqual(await off.saveChecks(bytesOf(ours), base, { kind: 'entries', options: { format: 'tsv' } }, true), { text: ours, same: false, errors });
    assert.deepEqual(await off.saveChecks(bytesOf(ours), base, { kind: 'entries', options: { format: 'tsv' } }, false), { text: ours, same: false, errors: 0 });
    assert.deepEqual(await off.saveChecks(bytesOf(base.split('\n').reverse().join('\n')), base, { kind: 'entries', options: { format: 'tsv' } }, true), { text: base.split('\n').reverse().join('\n'), same: true, errors: 0 });
    assert.deepEqual(await off.saveChecks(bytesOf(ours), undefined, { kind: 'entries', options: { format: 'tsv' } }, true), { text: ours, same: false, errors });
  });

  it('a save\'s checks made ahead from the text in pieces: the bytes of that text, what a save of them checks, and the PUT\'s body', async () => {
    const chunked = new Offload(script, 4096);
    try {
      const base = big();
      const options = { format: 'tsv' as const, sourceLang: 'en', targetLang: 'de' };
      const template = dictionaryBody({ sourceLang: 'EN', targetLang: 'de', entries: '', entriesFormat: 'tsv' });
      const pieces = (t: string) => [t.slice(0, 1000), t.slice(1000, 300_000), t.slice(300_000)];
      const utf8 = new TextEncoder();
      // A change, in CRLF; the same entries in another order; errors; a byte order mark and a lone surrogate, which
      // decoding the bytes does not give back (the text a save pushes is the decoded one).
      const texts = [
        base.replace('source 3\t', 'source 3\tmine ').replace(/\n/g, '\r\n'),
        base.split('\n').reverse().join('\n'),
        base + ' lead\tx\n',
        '\ufeff' + base + 'new\tneu\n',
        base + 'odd\t\ud800x\n',
      ];
      for (const t of texts) {
        const ahead = await chunked.saveAhead(pieces(t), base, { kind: 'entries', options }, template);
        assert.ok(ahead);
        assert.deepEqual(ahead.bytes, utf8.encode(t), 'the UTF-8 of the text');
        const checks = await chunked.saveChecks(ahead.bytes, base, { kind: 'entries', options }, true);
        assert.deepEqual({ text: ahead.text, same: ahead.same, errors: ahead.errors }, checks, 'what a save of those bytes finds');
        const body = checks.same || checks.errors ? undefined : utf8.encode(JSON.stringify(dictionaryBody({ sourceLang: 'EN', targetLang: 'de', entries: entriesForSending(checks.text), entriesFormat: 'tsv' })));
        assert.deepEqual(ahead.body, body, 'the body the client would send');
        assert.ok(ahead.base);
        // The base stays kept on the worker, for comparing with a kept remote there.
        assert.equal(await chunked.keptSame(ahead.base, ahead.base), true);
        chunked.release(ahead.base);
      }
      // A term list's body, and no base (made ahead whatever the size).
      const terms = 'Kubernetes\nkubectl\nHelm\n';
      const listAhead = await chunked.saveAhead([terms], undefined, { kind: 'terms', lang: 'de' }, termListBody({ lang: 'DE', entries: '' }));
      assert.equal(listAhead?.base, undefined);
      assert.equal(listAhead?.errors, 0);
      assert.deepEqual(listAhead?.body, utf8.encode(JSON.stringify(termListBody({ lang: 'DE', entries: terms }))));
    } finally {
      chunked.dispose();
    }
  });

  it('sends large strings both ways in chunks, whole (a surrogate pair at a chunk\'s edge included)', async () => {
    const chunked = new Offload(script, 4096);
    try {
      // The pair 😀 straddles chunk edges at many places; entries nested in a JSON value travel chunked too.
      const text = big('emoji\t' + '😀x'.repeat(OFFLOAD_ABOVE / 3) + '\n');
      assert.equal(await chunked.decodeText(await chunked.encodeText(text)), text);
      const value = { dictionaries: [{ entries: text, small: 'x' }], n: 1 };
      assert.deepEqual(await chunked.parseJson(await chunked.encodeJson(value, text.length)), value);
      const ours = text.replace('source 3\t', 'source 3\tmine ');
      assert.deepEqual(await chunked.merge('entries', text, ours, text + 'theirs\tihre\n'), mergeEntries(text, ours, text + 'theirs\tihre\n'));
      assert.deepEqual(await chunked.commonEnds(text, ours), commonEnds(text, ours));
    } finally {
      chunked.dispose();
    }
  });

  it('reports a worker-side error, and runs inline when there is no worker', async () => {
    await assert.rejects(off.parseJson(new TextEncoder().encode('{' + 'x'.repeat(OFFLOAD_ABOVE))), /JSON/);
    const inline = new Offload(''); // no worker ('undefined' would take the default script beside the bundle)
    assert.equal(await inline.countEntries(big()), countEntries(big()));
    inline.dispose();
  });

  it('makes a table\'s sort orders on a second worker at a lower priority, the same as the webview makes them', async () => {
    const text = big().replace(/source (\d*7)\t/g, 'Source $1\t');
    const lines = text.split('\n');
    const head = lines.slice(0, 500).join('\n');
    const rest = new TextEncoder().encode(lines.slice(500).join('\n'));
    const threads = () => new Set(readdirSync('/proc/self/task'));
    const before = threads();
    const req = { separator: '\t', from: 0, total: lines.length, columns: 2, head, headQuoted: [], start: 500, rest, restQuoted: [] };
    const orders: Array<[number, ColumnOrder]> = [];
    assert.equal(await off.tableOrders(req, (column, o) => { orders.push([column, o]); return true; }), true);
    // The webview's store of the same rows.
    const s = new RowStore('\t');
    s.reset(lines.length);
    s.fill(0, head, []);
    s.fill(500, lines.slice(500).join('\n'), []);
    assert.deepEqual(orders.map(([c, o]) => [c, Array.from(o.lines), Array.from(o.ties)]), [0, 1].map((c) => [c, Array.from(s.orderBy(c).lines), Array.from(s.orderBy(c).ties)]), 'each column in turn');
    // Stopped after the first column: no more is made, and the rows kept on the worker for the next ones go.
    const got: number[] = [];
    assert.equal(await off.tableOrders(req, (column) => { got.push(column); return false; }), false);
    assert.deepEqual(got, [0]);
    // Linux: one new thread, at the background's nice value (field 19 of its stat).
    const niced = [...threads()].filter((t) => !before.has(t)).map((t) => readFileSync(`/proc/self/task/${t}/stat`, 'utf8').split(') ')[1].split(' ')[16]);
    assert.ok(niced.includes(String(BACKGROUND_NICE)), `new threads at nice ${niced.join(', ')}`);
  });

  it('encodes a table\'s rows for the webview: the UTF-8 bytes, and the same deflated when that saves a quarter, which the webview inflates back to the text', async () => {
    const text = big('emoji\t' + '😀x'.repeat(1000) + '\n');
    const rows = await off.encodeRows(text);
    assert.deepEqual(rows.bytes, new TextEncoder().encode(text));
    assert.ok(rows.deflated, 'a dictionary text compresses');
    assert.ok(rows.deflated.byteLength < rows.bytes.byteLength / 4, `deflated to ${rows.deflated.byteLength} of ${rows.bytes.byteLength} bytes`);
    assert.equal(rows.deflated.byteOffset, 0);
    assert.equal(rows.deflated.byteLength, rows.deflated.buffer.byteLength, 'the deflated bytes own their buffer (transferred)');
    assert.deepEqual(new Uint8Array(inflateRawSync(rows.deflated)), rows.bytes);
    // What the webview does with the message (src/webview/rowsText.ts, the same web APIs in Node).
    assert.equal(await rowsText({ text: rows.deflated, deflated: true }), text);
    assert.equal(await rowsText({ text: rows.bytes }), text);
    assert.equal(await rowsText({ text: 'a\tb' }), 'a\tb');
    // Bytes that compress by less than a quarter (random printable ASCII) cross as they are.
    const random = randomBytes(OFFLOAD_ABOVE);
    const noise = Array.from(random, (b) => String.fromCharCode(0x21 + (b % 94))).join('');
    const plain = await off.encodeRows(noise);
    assert.equal(plain.deflated, undefined);
    assert.equal(await rowsText({ text: plain.bytes }), noise);
    // Inline (no worker, or a small text): the bytes only.
    assert.deepEqual(await new Offload('').encodeRows(text), { bytes: new TextEncoder().encode(text) });
  });

  it('a client with largeJson reads and writes a large dictionary over real HTTP', async () => {
    const emu = await startEmulator({ key: 'k' });
    try {
      let parsed = 0;
      let encoded = 0;
      const client = new ServiceClient({
        key: 'k', baseUrl: emu.url,
        largeJson: { parse: (b) => { parsed++; return off.parseJson(b); }, encode: (v, n) => { encoded++; return off.encodeJson(v, n); } },
      });
      const text = big().replace(/^ lead/gm, 'lead');
      const g = await client.createGlossary('big', [{ sourceLang: 'en', targetLang: 'de', entries: text, entriesFormat: 'tsv' }]);
      assert.equal(encoded, 1);
      const got = await client.getDictionaryEntries(g.glossaryId, 'en', 'de');
      assert.ok(got.length > OFFLOAD_ABOVE);
      assert.ok(sameContent(got, text, 'entries'));
      assert.equal(parsed, 1);
      await client.replaceDictionary(g.glossaryId, { sourceLang: 'en', targetLang: 'de', entries: text + 'more\tmehr\n', entriesFormat: 'tsv' });
      assert.equal(encoded, 2);
      assert.ok((await client.getDictionaryEntries(g.glossaryId, 'en', 'de')).includes('\nmore\tmehr'));
    } finally {
      await emu.close();
    }
  });

  it('joins a glossary from the service\'s answers: large ones as unparsed bytes, parsed and joined on the worker', async () => {
    const emu = await startEmulator({ key: 'k' });
    try {
      let parsed = 0;
      const client = new ServiceClient({
        key: 'k', baseUrl: emu.url,
        largeJson: { parse: (b) => { parsed++; return off.parseJson(b); }, encode: (v, n) => off.encodeJson(v, n) },
      });
      const de = big().replace(/^ lead/gm, 'lead');
      const fr = 'source 3\tsource trois\nonly fr\tseulement\n'; // small: its text comes parsed
      const g = await client.createGlossary('g', [
        { sourceLang: 'en', targetLang: 'de', entries: de, entriesFormat: 'tsv' }, { sourceLang: 'en', targetLang: 'fr', entries: fr, entriesFormat: 'tsv' }]);
      const rawDe = await client.getDictionaryEntriesRaw(g.glossaryId, 'en', 'de');
      const rawFr = await client.getDictionaryEntriesRaw(g.glossaryId, 'en', 'fr');
      assert.ok('bytes' in rawDe && 'text' in rawFr);
      assert.equal(parsed, 0, 'the large answer was not parsed by the client');
      const expected = joinGridTexts('en', [
        { targetLang: 'de', text: await client.getDictionaryEntries(g.glossaryId, 'en', 'de') }, { targetLang: 'fr', text: rawFr.text }]);
      for (const o of [off, new Offload('')]) { // '': no worker (undefined would take the default script)
        const answers = [
          { sourceLang: 'en', targetLang: 'de', bytes: (rawDe as { bytes: Uint8Array }).bytes.slice() }, { sourceLang: 'en', targetLang: 'fr', text: rawFr.text }];
        const joined = await o.joinGridAnswers('en', answers);
        assert.equal(joined.text, expected);
        assert.equal(new TextDecoder().decode(joined.bytes), expected);
      }
      await assert.rejects(off.joinGridAnswers('en', [{ sourceLang: 'en', targetLang: 'de', bytes: new TextEncoder().encode('{' + 'x'.repeat(OFFLOAD_ABOVE)) }]), /EN → DE is not JSON/);
      // One dictionary (opening it as a document): its text and the text's bytes, from the answer's bytes.
      const deText = await client.getDictionaryEntries(g.glossaryId, 'en', 'de');
      for (const o of [off, new Offload('')]) {
        const one = await o.entriesAnswer({ sourceLang: 'en', targetLang: 'de', bytes: (rawDe as { bytes: Uint8Array }).bytes.slice() });
        assert.equal(one.text, deText);
        assert.deepEqual(one.bytes, new TextEncoder().encode(deText));
        assert.deepEqual(await o.entriesAnswer({ sourceLang: 'en', targetLang: 'fr', text: rawFr.text }), { text: rawFr.text, bytes: new TextEncoder().encode(rawFr.text) });
      }
      await assert.rejects(off.entriesAnswer({ sourceLang: 'en', targetLang: 'de', bytes: new TextEncoder().encode('{' + 'x'.repeat(OFFLOAD_ABOVE)) }), /EN → DE is not JSON/);
      await assert.rejects(off.entriesAnswer({ sourceLang: 'en', targetLang: 'de', bytes: new TextEncoder().encode(JSON.stringify({ other: 'x'.repeat(OFFLOAD_ABOVE) })) }), /holds no entries/);
    } finally {
      await emu.close();
    }
  });

  it('term candidates of a packed request on the worker, as inline; a fallback the caller gives when the worker fails', async () => {
    const units = Array.from({ length: 6000 }, (_, i) => ({
      file: `f${i % 3}.po`,
      unit: { id: `u${i}`, source: { text: `Open the dashboard number ${i} of the billing account`, pieces: [0, 0] }, target: { text: `Öffnen Sie das Dashboard ${i}`, pieces: [0, 0] } },
    }));
    const req = packCandidateRequest(units, [{ source: 'account', target: 'Konto', sourceLang: 'en', targetLang: 'de', glossary: 'G' }], 'en', 'de');
    assert.ok(req.sources.length + req.targets.length >= OFFLOAD_ABOVE, 'over the threshold: sent to the worker');
    let inlineRan = false;
    const got = await off.findCandidates(req, () => { inlineRan = true; return []; });
    assert.equal(inlineRan, false);
    assert.deepEqual(got, findCandidatesPacked(req));
    // Every string has the same words: the longest phrases win their ties; "account" (the glossary's) is in none.
    assert.equal(got[0].phrase, 'Open the dashboard number');
    assert.equal(got[0].count, 6000);
    assert.equal(got[0].renderings[0]?.phrase, 'Dashboard');
    assert.ok(!got.some((c) => /account/.test(c.phrase)));
  });

  it('the term check\'s index is built and kept on the worker; a file\'s check there answers as inline; a released one is gone', async () => {
    const dict = Array.from({ length: 3000 }, (_, i) => `term${i}\tBegriff${i}`).join('\n') + '\ncloud\tWolke\n';
    const input = {
      parts: [{ text: dict, format: 'tsv' as const, sourceLang: 'en', targetLang: 'de', glossary: 'Product', file: 'file:///g/en-de.tsv' }],
      statusText: JSON.stringify({ terms: { de: [{ term: 'Datenwolke', status: 'forbidden' }] } }),
    };
    const kept = await off.keepTermIndex(input);
    assert.ok(kept, 'a worker is there');
    assert.equal(kept.summary.entryCount, 3001);
    assert.deepEqual(kept.summary.pairs, [{ sourceLang: 'en', targetLang: 'de' }]);
    assert.deepEqual(kept.summary.statusProblems, []);
    const po = ['msgid ""', 'msgstr ""', '"Language: de\\n"', '', 'msgid "The cloud and term7"', 'msgstr "Die Datenwolke und Begriff7"', '',
      'msgid "term12 in the cloud"', 'msgstr "Begriff12 in der Wolke"', ''].join('\n');
    const req = { kind: 'po' as const, text: po };
    const there = await off.checkTermFile(kept.kept, 'f.po', req);
    const here = new GlossaryIndex(input).checkFile('f.po', req);
    assert.deepEqual(there, here);
    // The same as the units checked one by one with a TermIndex of the same entries (what the CLI and tests did before).
    const entries = dictionaryEntries(dict, { format: 'tsv', sourceLang: 'en', targetLang: 'de' }, 'Product', 'file:///g/en-de.tsv');
    const direct = checkUnits(readPo(po), new TermIndex(entries, { forbidden: { de: ['Datenwolke'] } }), 'en', 'de');
    assert.deepEqual(there.findings, direct.findings);
    assert.deepEqual(there.findings.map((f) => f.code).sort(), ['forbidden-term', 'term-not-used']);
    assert.equal(there.sourceLang, 'en');
    assert.equal(there.targetLang, 'de');
    off.release(kept.kept);
    await assert.rejects(off.checkTermFile(kept.kept, 'f.po', req), KeptTextGone);
  });

  it('the renderings stay in the worker\'s tally: inconsistent-term across files, and a forgotten file no longer counts', async () => {
    const input = { parts: [{ text: 'cloud\tWolke\ncloud\tDatenwolke\n', format: 'tsv' as const, sourceLang: 'en', targetLang: 'de', glossary: 'G', file: 'file:///g.tsv' }], statusText: '' };
    const po = (target: string) => ['msgid ""', 'msgstr ""', '"Language: de\\n"', '', 'msgid "The cloud"', `msgstr "${target}"`, ''].join('\n');
    const kept = (await off.keepTermIndex(input))!;
    const codes = (r: { findings: Array<{ code: string }> }) => r.findings.map((f) => f.code);
    assert.deepEqual(codes(await off.checkTermFile(kept.kept, 'a.po', { kind: 'po', text: po('Die Wolke') })), []);
    // The second file renders "cloud" the other way (a tie: the rendering seen first is the usual one).
    assert.deepEqual(codes(await off.checkTermFile(kept.kept, 'b.po', { kind: 'po', text: po('Die Datenwolke') })), ['inconsistent-term']);
    // A third as the second: now the first file's rendering is the odd one.
    assert.deepEqual(codes(await off.checkTermFile(kept.kept, 'c.po', { kind: 'po', text: po('Die Datenwolke') })), []);
    assert.deepEqual((await off.termInconsistencies(kept.kept, ['a.po', 'b.po', 'c.po'])).map((l) => l.map((f) => f.code)), [['inconsistent-term'], [], []]);
    off.termForget(kept.kept, 'b.po');
    off.termForget(kept.kept, 'c.po');
    assert.deepEqual((await off.termInconsistencies(kept.kept, ['a.po', 'b.po', 'c.po'])).map((l) => l.length), [0, 0, 0]);
    off.release(kept.kept);
  });
});
