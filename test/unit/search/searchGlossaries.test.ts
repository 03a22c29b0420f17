import * as assert from 'node:assert/strict';
import { CancelledError, ServiceClient } from '../../../src/api';
import { GlossarySearch } from '../../../src/search/searchGlossaries';
import { Offload } from '../../../src/worker/offload';
import { silentLogger } from '../../../src/base/logger';
import { startEmulator, type Emulator } from '../../emulator/server';
import { seedDemo } from '../../emulator/seed';
import type { Account } from '../../emulator/state';

const KEY = 'search-unit-key';

/** `glossaries` glossaries of 5 dictionaries, 3 entries each; one entry in every dictionary holds "needle". */
function seedLoad(acc: Account, glossaries: number): void {
  const targets = ['de', 'fr', 'ja', 'it', 'es'];
  for (let g = 0; g < glossaries; g++) {
    acc.glossaries.push({
      glossary_id: `00000000-0000-4000-8000-${String(g).padStart(12, '0')}`, name: `Load ${String(g).padStart(4, '0')}`, creation_time: '2026-01-01T00:00:00Z',
      dictionaries: targets.map((t, d) => ({ source_lang: 'en', target_lang: t, entries: [['alpha', `a-${t}`], [`needle ${g}.${d}`, `N-${t}`], ['omega', `o-${t}`]] })),
    });
  }
}

describe('searching every dictionary of every glossary (against the emulator)', () => {
  const offload = new Offload();
  after(() => offload.dispose());
  let emu: Emulator;
  let search: GlossarySearch;
  let client: ServiceClient;
  const entriesRequests = () => emu.requests.filter((r) => r.path.endsWith('/entries'));

  beforeEach(async () => {
    emu = await startEmulator({ key: KEY, seed: seedDemo });
    client = new ServiceClient({ key: KEY, baseUrl: emu.url, retry: { baseDelayMs: 5, random: () => 0.5 } });
    search = new GlossarySearch(async () => client, silentLogger, offload);
  });
  afterEach(() => emu.close());

  it('finds a phrase in source or target across the seeded glossaries, in glossary and line order', async () => {
    const r = await search.searchGlossaries('invoice');
    assert.deepEqual(r.matches.map((m) => `${m.glossaryName} ${m.sourceLang}-${m.targetLang} ${m.line + 1}: ${m.source} → ${m.target}`), [
      'Product terminology en-de 4: invoice → Rechnung',
      'Product terminology de-en 2: Rechnung → invoice',
      'Product terminology en-ja 3: invoice → 請求書',
      'Product terminology en-fr 2: invoice → facture',
    ]);
    assert.deepEqual([r.glossaries, r.dictionaries, r.fetched, r.cached, r.failures.length], [2, 6, 6, 0, 0]);
    assert.equal((await search.searchGlossaries('INVOICE', { caseSensitive: true })).matches.length, 0);
  });

  it('serves unchanged dictionaries from the cache, and fetches again when the entry count changed', async () => {
    await search.searchGlossaries('cloud');
    assert.equal(entriesRequests().length, 6);
    const again = await search.searchGlossaries('Wolke');
    assert.deepEqual([again.fetched, again.cached, again.matches.length], [0, 6, 2]);
    assert.equal(entriesRequests().length, 6, 'no entries request for unchanged dictionaries');
    emu.state.accounts[KEY].glossaries[0].dictionaries[0].entries.push(['Wolkenkratzer', 'skyscraper']);
    const third = await search.searchGlossaries('wolke');
    assert.deepEqual([third.fetched, third.cached], [1, 5]);
    assert.ok(third.matches.some((m) => m.source === 'Wolkenkratzer'));
    search.cache.invalidate('9f3c1a52-1b1e-4c55-9d7e-000000000001', { sourceLang: 'en', targetLang: 'fr' });
    assert.equal((await search.searchGlossaries('wolke')).fetched, 1, 'an invalidated dictionary (after a push) is fetched again');
  });

  it('finishes under every fifth request answered 429, with at most 4 requests in flight and no request repeated beyond the retry policy', async () => {
    const acc = emu.state.accounts[KEY];
    acc.glossaries = [];
    seedLoad(acc, 20);
    emu.injectFault({ every: 5, count: Infinity, status: 429, retryAfter: 0 });
    // The other requests take 5 ms, as over a network: without any latency the emulator answers each request
    // before the next arrives, and the workers fall into a lockstep where one retry can meet the fifth slot again.
    emu.injectFault({ count: Infinity, latencyMs: 5 });
    const progress: number[] = [];
    const r = await search.searchGlossaries('needle', { onProgress: (p) => progress.push(p.done) });
    assert.deepEqual([r.dictionaries, r.matches.length, r.failures.length], [100, 100, 0]);
    const statuses = emu.requests.map((x) => x.status);
    const limited = statuses.filter((s) => s === 429).length;
    assert.equal(statuses.filter((s) => s === 200).length, 101, 'one listing and 100 entries requests answered');
    assert.equal(limited, Math.floor(emu.requests.length / 5), 'exactly every fifth request was refused');
    assert.equal(emu.requests.length, 126);
    const perDictionary = new Map<string, number>();
    for (const x of entriesRequests()) perDictionary.set(`${x.path}?${x.query}`, (perDictionary.get(`${x.path}?${x.query}`) ?? 0) + 1);
    assert.equal(perDictionary.size, 100);
    assert.ok(Math.max(...perDictionary.values()) <= 5, 'no dictionary requested more than the 5 attempts of the retry policy');
    assert.ok(emu.concurrency.max <= 4 && emu.concurrency.max >= 2, `max in flight ${emu.concurrency.max}`);
    assert.equal(progress.at(-1), 100);
  });

  it('keeps a large dictionary\'s text on the core worker (never back on this thread), and reads it again if the worker lost it', async () => {
    const acc = emu.state.accounts[KEY];
    acc.glossaries = [];
    const entries = Array.from({ length: 20_000 }, (_, i): [string, string] => [i === 12_345 ? 'Nadel im Heuhaufen' : `term ${i}`, `Begriff ${i}`]);
    // The client as the extension makes it: large answers are read as bytes, for the worker.
    client = new ServiceClient({ key: KEY, baseUrl: emu.url, largeJson: { parse: (b) => offload.parseJson(b), encode: (v, n) => offload.encodeJson(v, n) } });
    search = new GlossarySearch(async () => client, silentLogger, offload);
    acc.glossaries.push({ glossary_id: '00000000-0000-4000-8000-00000000abcd', name: 'Large', creation_time: '2026-01-01T00:00:00Z', dictionaries: [{ source_lang: 'de', target_lang: 'en', entries }] });
    const first = await search.searchGlossaries('heuhaufen');
    assert.deepEqual(first.matches.map((m) => [m.line + 1, m.source, m.target]), [[12_346, 'Nadel im Heuhaufen', 'Begriff 12345']]);
    const ref = { glossaryId: '00000000-0000-4000-8000-00000000abcd', sourceLang: 'de', targetLang: 'en' };
    const held = search.cache.get(ref, 20_000);
    assert.ok(held && 'kept' in held && held.kept.units > 256 * 1024, `kept on the worker, not ${held && 'text' in held ? `a text of ${held.text.length} units` : 'missing'}`);
    const again = await search.searchGlossaries('Begriff 19999');
    assert.deepEqual([again.fetched, again.cached, again.matches.length], [0, 1, 1]);
    // The worker no longer holds it (as after it stopped): read again, and found.
    offload.release(held.kept);
    const third = await search.searchGlossaries('heuhaufen');
    assert.equal(third.matches.length, 1);
    assert.equal(entriesRequests().length, 2, 'read once more');
    assert.ok('text' in search.cache.get(ref, 20_000)!, 'held as text from then on');
  });

  it('stops at once when cancelled', async () => {
    seedLoad(emu.state.accounts[KEY], 20);
    const ac = new AbortController();
    const p = search.searchGlossaries('needle', { onProgress: (x) => { if (x.done >= 10) ac.abort(); } }, ac.signal);
    await assert.rejects(p, CancelledError);
    const n = entriesRequests().length;
    assert.ok(n < 20, `${n} entries requests before the search stopped`);
  });

  it('reports a dictionary that cannot be read and searches the others', async () => {
    emu.injectFault({ count: 1, status: 404, path: '/entries$' });
    const r = await search.searchGlossaries('cloud');
    assert.equal(r.failures.length, 1);
    assert.equal(r.dictionaries, 6);
    assert.ok(r.matches.length >= 2);
  });
});
