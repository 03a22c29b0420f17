import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import {
  AuthenticationError, CancelledError, ForbiddenError, MalformedResponseError, NetworkError, NotFoundError, QuotaError,
  RateLimitError, ServerError, ServiceClient, ServiceError, ValidationError, watchRetries, type ServiceClientOptions,
} from '../../../src/api';
import { taggedLogger } from '../../../src/base/logger';
import { startEmulator, type Emulator } from '../../emulator/server';

const KEY = 'paid-key-0123456789-secret';
const FREE_KEY = 'free-key-9876543210-secret:fx';
/** Every log line and error text of the suite, scanned for the keys at the end. */
const seen: string[] = [];

function logger() {
  const sink = (m: string | Error) => { seen.push(String(m instanceof Error ? m.stack : m)); };
  return taggedLogger({ trace: sink, debug: sink, info: sink, warn: sink, error: sink }, 'api');
}

async function fails<T extends ServiceError>(p: Promise<unknown>, type: new (...a: never[]) => T): Promise<T> {
  try {
    await p;
  } catch (err) {
    seen.push(String(err), (err as Error).stack ?? '', JSON.stringify(err), (err as Error).message);
    assert.ok(err instanceof type, `expected ${type.name}, got ${(err as Error)?.constructor?.name}: ${(err as Error).message}`);
    return err as T;
  }
  assert.fail(`expected ${type.name}, but the call succeeded`);
}

describe('ServiceClient over real HTTP against the emulator', () => {
  let emu: Emulator;
  let client: ServiceClient;
  const make = (o: Partial<ServiceClientOptions> = {}) => new ServiceClient({
    key: KEY, baseUrl: emu.url, freeBaseUrl: emu.freeUrl, logger: logger(), userAgent: 'terminology-studio/test',
    retry: { baseDelayMs: 10, random: () => 0.5 }, ...o,
  });

  beforeEach(async () => {
    emu = await startEmulator({ key: KEY, freeKey: FREE_KEY, extraStyleRules: 30 });
    client = make();
  });
  afterEach(async () => emu.close());

  describe('glossaries', () => {
    it('create, list, get, entries, update (merge), replace, delete', async () => {
      const g = await client.createGlossary('Product', [
        { sourceLang: 'EN', targetLang: 'DE', entries: 'cloud\tWolke\n', entriesFormat: 'tsv' },
        { sourceLang: 'en', targetLang: 'fr', entries: 'cloud,nuage\n', entriesFormat: 'csv' },
      ]);
      assert.equal(g.name, 'Product');
      assert.deepEqual(g.dictionaries, [{ sourceLang: 'en', targetLang: 'de', entryCount: 1 }, { sourceLang: 'en', targetLang: 'fr', entryCount: 1 }]);
      assert.deepEqual((await client.listGlossaries()).map((x) => x.glossaryId), [g.glossaryId]);
      const one = await client.getGlossary(g.glossaryId);
      assert.deepEqual(one.dictionaries[0], { sourceLang: 'en', targetLang: 'de', entryCount: 1 }, 'upper-case codes from the service are read');
      assert.equal(await client.getDictionaryEntries(g.glossaryId, 'EN', 'DE'), 'cloud\tWolke\n');
      const merged = await client.updateGlossary(g.glossaryId, { name: 'Renamed', dictionary: { sourceLang: 'en', targetLang: 'de', entries: 'server\tServer', entriesFormat: 'tsv' } });
      assert.equal(merged.name, 'Renamed');
      assert.equal(await client.getDictionaryEntries(g.glossaryId, 'en', 'de'), 'cloud\tWolke\nserver\tServer\n');
      assert.deepEqual(await client.replaceDictionary(g.glossaryId, { sourceLang: 'en', targetLang: 'de', entries: 'only\tnur', entriesFormat: 'tsv' }),
        { sourceLang: 'en', targetLang: 'de', entryCount: 1 });
      await client.deleteDictionary(g.glossaryId, 'en', 'fr');
      assert.equal((await client.getGlossary(g.glossaryId)).dictionaries.length, 1);
      await client.deleteGlossary(g.glossaryId);
      assert.deepEqual(await client.listGlossaries(), []);
    });
    it('reads the entries response without the "dictionaries" wrapper too', async () => {
      const g = await client.createGlossary('G', [{ sourceLang: 'en', targetLang: 'de', entries: 'a\tb', entriesFormat: 'tsv' }]);
      emu.config.bareEntries = true;
      assert.equal(await client.getDictionaryEntries(g.glossaryId, 'en', 'de'), 'a\tb\n');
    });
  });

  describe('Spoken Terms', () => {
    it('create, list, get, entries, update (merge), replace, delete', async () => {
      const c = await client.createSpokenTerms('Talks', [{ lang: 'EN', entries: 'Kubernetes\nkubectl' }]);
      assert.deepEqual(c.termLists, [{ lang: 'en', entryCount: 2 }]);
      assert.deepEqual((await client.listSpokenTerms()).map((x) => x.name), ['Talks']);
      assert.equal((await client.getSpokenTerms(c.spokenTermsId)).name, 'Talks');
      assert.equal(await client.getTermListEntries(c.spokenTermsId, 'en'), 'Kubernetes\nkubectl');
      const u = await client.updateSpokenTerms(c.spokenTermsId, { name: 'Renamed', termLists: [{ lang: 'en', entries: 'OpenShift' }] });
      assert.deepEqual([u.name, u.termLists], ['Renamed', [{ lang: 'en', entryCount: 3 }]]);
      assert.deepEqual(await client.replaceTermList(c.spokenTermsId, { lang: 'de', entries: 'Glossar' }), { lang: 'de', entryCount: 1 });
      await client.deleteTermList(c.spokenTermsId, 'de');
      await client.deleteSpokenTerms(c.spokenTermsId);
      assert.deepEqual(await client.listSpokenTerms(), []);
    });
  });

  describe('style rules, languages, usage, translate, voice', () => {
    it('follows every page of style rule lists', async () => {
      const all = await client.listStyleRules();
      assert.equal(all.length, 33);
      assert.equal(emu.requests.filter((r) => r.path === '/v3/style_rules').length, 2);
      assert.equal(all[0].configuredRules, undefined);
      const detailed = await client.listStyleRules({ detailed: true });
      assert.equal(detailed[0].configuredRules?.punctuation.serial_comma, 'use');
      const one = await client.getStyleRules(all[1].styleId);
      assert.deepEqual([one.name, one.language, one.customInstructions?.[0].label], ['Technische Dokumentation', 'de', 'Anrede']);
    });
    it('languages, usage, translate with a glossary, voice session', async () => {
      const langs = await client.getLanguages('voice');
      assert.ok(langs.find((l) => l.lang === 'en')?.features.includes('spoken_terms'));
      assert.ok(!(await client.getLanguages('glossary')).some((l) => l.lang === 'th'));
      const g = await client.createGlossary('G', [{ sourceLang: 'en', targetLang: 'de', entries: 'cloud\tWolke', entriesFormat: 'tsv' }]);
      const [t] = await client.translate({ text: ['my cloud'], sourceLang: 'en', targetLang: 'de', glossaryId: g.glossaryId });
      assert.deepEqual(t, { detectedSourceLanguage: 'en', text: '[DE] my ⟦Wolke⟧' });
      assert.deepEqual(await client.getUsage(), { characterCount: 8, characterLimit: 1_000_000_000 });
      const v = await client.requestVoiceSession({ sourceMediaContentType: 'audio/pcm;encoding=s16le;rate=16000', sourceLanguage: 'en', targetLanguages: ['de'], glossaryId: g.glossaryId });
      assert.ok(v.streamingUrl && v.token && v.sessionId);
    });
  });

  describe('headers and addresses', () => {
    it('sends the Authorization scheme and a User-Agent naming the extension', async () => {
      await client.listGlossaries();
      assert.match(emu.requests.at(-1)?.userAgent ?? '', /^terminology-studio\/test node\/\d+/);
      await fails(make({ authScheme: 'Bearer' }).listGlossaries(), AuthenticationError);
    });
    it('plan auto picks the free address for ":fx" keys; a forced plan is obeyed', async () => {
      const free = make({ key: FREE_KEY });
      assert.equal(free.plan, 'free');
      assert.equal(free.baseUrl, emu.freeUrl);
      assert.deepEqual(await free.listGlossaries(), []);
      const forced = make({ key: FREE_KEY, plan: 'paid' });
      assert.equal(forced.baseUrl, emu.url);
      await fails(forced.listGlossaries(), ForbiddenError);
      assert.equal(make({ plan: 'free' }).baseUrl, emu.freeUrl);
    });
    it('base addresses must use https, except loopback', () => {
      assert.throws(() => make({ baseUrl: 'http://example.com' }), /must use https/);
      assert.doesNotThrow(() => make({ baseUrl: 'https://example.com/' }));
      assert.doesNotThrow(() => make({ baseUrl: 'http://localhost:1234' }));
      assert.doesNotThrow(() => make({ baseUrl: 'http://[::1]:1234' }));
      assert.throws(() => make({ key: ' ' }), /key is required/);
    });
  });

  describe('typed errors', () => {
    it('401 authentication, 403 forbidden, 404 not found, with message, detail, status and trace id', async () => {
      const a = await fails(make({ key: 'wrong-key' }).listGlossaries(), AuthenticationError);
      assert.deepEqual([a.kind, a.status, a.serverMessage], ['authentication', 401, 'Unauthorized']);
      assert.match(a.traceId ?? '', /^[0-9a-f-]{36}$/);
      assert.match(a.message, /Set API Key/);
      await fails(make({ key: emu.keys.noScope }).listGlossaries(), ForbiddenError);
      const n = await fails(client.getGlossary('missing'), NotFoundError);
      assert.match(n.detail ?? '', /missing not found/);
    });
    it('456 quota on the free plan names the limit', async () => {
      const free = make({ key: FREE_KEY });
      await free.createGlossary('one', [{ sourceLang: 'en', targetLang: 'de', entries: 'a\tb', entriesFormat: 'tsv' }]);
      const q = await fails(free.createGlossary('two', [{ sourceLang: 'en', targetLang: 'de', entries: 'a\tb', entriesFormat: 'tsv' }]), QuotaError);
      assert.match(q.detail ?? '', /allows 1 glossary/);
    });
    it('400/413/415 validation, never retried', async () => {
      const v = await fails(client.createGlossary('G', [{ sourceLang: 'en', targetLang: 'de', entries: 'a\tb\na\tc', entriesFormat: 'tsv' }]), ValidationError);
      assert.match(v.detail ?? '', /Key with the index 1 \(starting at position 4\) duplicates key with the index 0/);
      assert.equal(emu.requests.filter((r) => r.method === 'POST').length, 1);
      emu.injectFault({ count: 1, status: 415 });
      await fails(client.listGlossaries(), ValidationError);
      emu.injectFault({ count: 1, status: 413 });
      await fails(client.listGlossaries(), ValidationError);
    });
    it('429 and 529 rate limit, 5xx server, after the retries run out', async () => {
      for (const [status, type] of [[429, RateLimitError], [529, RateLimitError], [500, ServerError], [503, ServerError]] as const) {
        emu.requests.length = 0;
        emu.injectFault({ count: 5, status });
        const e = await fails(client.listGlossaries(), type);
        assert.deepEqual([e.status, e.attempts, emu.requests.length], [status, 5, 5]);
      }
    });
    it('an empty or non-JSON error body still gives a typed error', async () => {
      emu.injectFault({ count: 1, status: 404, body: '' });
      const empty = await fails(client.getGlossary('x'), NotFoundError);
      assert.equal(empty.serverMessage, undefined);
      emu.injectFault({ count: 1, status: 400, body: 'Bad things happened' });
      assert.equal((await fails(client.listGlossaries(), ValidationError)).serverMessage, 'Bad things happened');
    });
    it('a 200 with a body that is not JSON is a malformed-response error', async () => {
      emu.injectFault({ count: 1, malformed: true });
      await fails(client.listGlossaries(), MalformedResponseError);
    });
    it('network errors: a closed port, and a timeout', async () => {
      const port = await new Promise<number>((r) => { const s = createServer(); s.listen(0, '127.0.0.1', () => { const p = (s.address() as { port: number }).port; s.close(() => r(p)); }); });
      const refused = await fails(make({ baseUrl: `http://127.0.0.1:${port}`, retry: { maxAttempts: 2, baseDelayMs: 1 } }).listGlossaries(), NetworkError);
      assert.match(refused.message, /ECONNREFUSED/);
      emu.injectFault({ count: 2, latencyMs: 400 });
      const slow = await fails(make({ timeoutMs: 100, retry: { maxAttempts: 2, baseDelayMs: 1 } }).listGlossaries(), NetworkError);
      assert.match(slow.message, /within 100 ms/);
    });
  });

  describe('retries', () => {
    it('retries 503 with exponential backoff (x1.6) and then succeeds', async () => {
      emu.injectFault({ count: 2, status: 503 });
      const t0 = Date.now();
      await make({ retry: { baseDelayMs: 100, random: () => 0.5 } }).listGlossaries();
      const took = Date.now() - t0;
      assert.equal(emu.requests.length, 3);
      assert.ok(took >= 100 + 160 - 5, `waited ${took} ms, expected at least 260`);
    });
    it('says each resend to the watcher of the request\'s signal: "retrying (2 of 5)"', async () => {
      emu.injectFault({ count: 2, status: 503 });
      const ac = new AbortController();
      const seen: string[] = [];
      const stop = watchRetries(ac.signal, (n) => seen.push(`${n.attempt} of ${n.of}`));
      await make({ retry: { baseDelayMs: 1 } }).listGlossaries(ac.signal);
      stop();
      assert.deepEqual(seen, ['2 of 5', '3 of 5']);
    });
    it('gives up soon on a refused connection to this machine: one quick resend, not five over 10 s', async () => {
      const port = await new Promise<number>((r) => { const s = createServer(); s.listen(0, '127.0.0.1', () => { const p = (s.address() as { port: number }).port; s.close(() => r(p)); }); });
      const ac = new AbortController();
      const seen: string[] = [];
      watchRetries(ac.signal, (n) => seen.push(`${n.attempt} of ${n.of} in ${Math.round(n.inMs)}`));
      const t0 = Date.now();
      const refused = await fails(make({ baseUrl: `http://127.0.0.1:${port}`, retry: { baseDelayMs: 1000, random: () => 0.5 } }).listGlossaries(ac.signal), NetworkError);
      const took = Date.now() - t0;
      assert.match(refused.message, /ECONNREFUSED/);
      assert.equal(refused.attempts, 2);
      assert.deepEqual(seen, ['2 of 2 in 300']);
      assert.ok(took < 1500, `gave up after ${took} ms`);
    });
    it('honours Retry-After', async () => {
      emu.injectFault({ count: 1, status: 429, retryAfter: 0.3 });
      const t0 = Date.now();
      await client.listGlossaries();
      assert.ok(Date.now() - t0 >= 290, 'waited for Retry-After, not the 10 ms backoff');
    });
    it('retries a dropped connection on a safe call', async () => {
      emu.injectFault({ count: 1, drop: true });
      assert.deepEqual(await client.listGlossaries(), []);
    });
    it('a DELETE whose answer was lost is not reported as "not found" on the retry', async () => {
      const g = await client.createGlossary('G', [{ sourceLang: 'en', targetLang: 'de', entries: 'a\tb', entriesFormat: 'tsv' }]);
      emu.injectFault({ count: 1, dropAfter: true, path: '^/v3/glossaries/' });
      await client.deleteGlossary(g.glossaryId);
      assert.deepEqual(await client.listGlossaries(), []);
    });
    it('a create whose answer was lost does not create twice', async () => {
      emu.injectFault({ count: 1, dropAfter: true, path: '^/v3/glossaries$' });
      const g = await client.createGlossary('Once', [{ sourceLang: 'en', targetLang: 'de', entries: 'a\tb', entriesFormat: 'tsv' }]);
      assert.equal(g.name, 'Once');
      const all = await client.listGlossaries();
      assert.deepEqual(all.map((x) => x.glossaryId), [g.glossaryId]);
      assert.equal(emu.requests.filter((r) => r.method === 'POST').length, 1);
    });
    it('a create that timed out, but that the slow service finished during the wait, is adopted, not made twice', async () => {
      emu.injectFault({ count: 1, latencyMs: 250, path: '^/v3/glossaries$', method: 'POST' });
      const slow = make({ timeoutMs: 100, retry: { baseDelayMs: 400, random: () => 0.5 } });
      const g = await slow.createGlossary('Late', [{ sourceLang: 'en', targetLang: 'de', entries: 'a\tb', entriesFormat: 'tsv' }]);
      assert.deepEqual((await client.listGlossaries()).map((x) => x.glossaryId), [g.glossaryId]);
      assert.equal(emu.requests.filter((r) => r.method === 'POST').length, 1, 'not sent again');
    });
    it('a create answered with a body that is not JSON is adopted when the service made it', async () => {
      const garbling = make({
        fetch: async (url, init) => {
          const res = await fetch(url, init);
          return init?.method === 'POST' ? new Response('{"glossary_id": ', { status: 201, headers: { 'Content-Type': 'application/json' } }) : res;
        },
      });
      const g = await garbling.createGlossary('Garbled', [{ sourceLang: 'en', targetLang: 'de', entries: 'a\tb', entriesFormat: 'tsv' }]);
      assert.equal(g.name, 'Garbled');
      assert.equal((await client.listGlossaries()).length, 1);
      emu.injectFault({ count: 1, malformed: true, method: 'POST' }); // the emulator's garbled answer: nothing was made
      const e = await fails(client.createSpokenTerms('T', []), MalformedResponseError);
      assert.match(e.message, /not JSON, so whether the change was made is not known\. Refresh/);
      assert.equal((await client.listSpokenTerms()).length, 0);
    });
    it('a create refused with 503 is sent again (the server did not act)', async () => {
      emu.injectFault({ count: 1, status: 503, path: '^/v3/spoken-terms$' });
      await client.createSpokenTerms('T', [{ lang: 'en', entries: 'x' }]);
      assert.equal((await client.listSpokenTerms()).length, 1);
    });
  });

  describe('cancellation', () => {
    it('stops at once while waiting between attempts', async () => {
      emu.injectFault({ count: 5, status: 503 });
      const ac = new AbortController();
      const slow = make({ retry: { baseDelayMs: 5000, random: () => 0.5 } });
      setTimeout(() => ac.abort(), 100);
      const t0 = Date.now();
      const e = await fails(slow.listGlossaries(ac.signal), CancelledError);
      assert.ok(Date.now() - t0 < 1000, 'did not wait for the 5 s backoff');
      assert.equal(e.kind, 'cancelled');
      assert.equal(emu.requests.length, 1);
    });
    it('stops a request in flight, and refuses to start with an aborted signal', async () => {
      emu.injectFault({ count: 1, latencyMs: 3000 });
      const ac = new AbortController();
      setTimeout(() => ac.abort(), 50);
      await fails(client.listGlossaries(ac.signal), CancelledError);
      await fails(client.listGlossaries(AbortSignal.abort()), CancelledError);
    });
  });

});

describe('the key never leaks', () => {
  it('no log line or error text of the client suite holds a key', () => {
    assert.ok(seen.length > 50, `scanned ${seen.length} texts`);
    const leaks = seen.filter((s) => s.includes(KEY) || s.includes(FREE_KEY) || s.includes('wrong-key'));
    assert.deepEqual(leaks, []);
  });
  it('a server that echoes the key gets it redacted', async () => {
    const emu = await startEmulator({ key: KEY });
    try {
      emu.injectFault({ count: 1, status: 400, body: `{"message":"bad key ${KEY}"}` });
      const client = new ServiceClient({ key: KEY, baseUrl: emu.url, logger: logger() });
      const e = await fails(client.listGlossaries(), ValidationError);
      assert.equal(e.serverMessage, 'bad key ***');
      assert.ok(!seen.some((s) => s.includes(KEY)));
    } finally {
      await emu.close();
    }
  });
});
