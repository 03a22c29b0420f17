import * as assert from 'node:assert/strict';
import { caller, dict, withEmulator } from './harness';

describe('emulator: authentication, plans, trace ids, errors', () => {
  const t = withEmulator();

  it('401 without a key, with an unknown key, and with another scheme word', async () => {
    const bare = await fetch(`${t.emu.url}/v3/glossaries`);
    assert.equal(bare.status, 401);
    assert.equal((await caller(t.emu, 'nope')('GET', '/v3/glossaries')).status, 401);
    const other = await t.call('GET', '/v3/glossaries', undefined, { Authorization: `Bearer ${t.emu.keys.paid}` });
    assert.equal(other.status, 401);
    assert.deepEqual(Object.keys(other.body).sort(), ['detail', 'message']);
  });

  it('403 for a key without scope', async () => {
    assert.equal((await caller(t.emu, t.emu.keys.noScope)('GET', '/v3/glossaries')).status, 403);
  });

  it('free keys (":fx") use the free address, paid keys the paid one', async () => {
    assert.ok(t.emu.keys.free.endsWith(':fx'));
    assert.equal((await caller(t.emu, t.emu.keys.free, t.emu.freeUrl)('GET', '/v3/glossaries')).status, 200);
    assert.equal((await caller(t.emu, t.emu.keys.free, t.emu.url)('GET', '/v3/glossaries')).status, 403);
    assert.equal((await caller(t.emu, t.emu.keys.paid, t.emu.freeUrl)('GET', '/v3/glossaries')).status, 403);
  });

  it('the free plan allows a single glossary (456 with the reason)', async () => {
    const free = caller(t.emu, t.emu.keys.free, t.emu.freeUrl);
    assert.equal((await free('POST', '/v3/glossaries', { name: 'one', dictionaries: [dict('a\tb')] })).status, 201);
    const second = await free('POST', '/v3/glossaries', { name: 'two', dictionaries: [dict('a\tb')] });
    assert.equal(second.status, 456);
    assert.match(second.body.detail, /allows 1 glossary/);
  });

  it('every response carries a unique X-Trace-ID, errors included', async () => {
    const ids = new Set<string>();
    for (const r of [await t.call('GET', '/v3/glossaries'), await t.call('GET', '/v3/nothing'), await caller(t.emu, 'x')('GET', '/v3/glossaries')]) {
      const id = r.headers.get('x-trace-id');
      assert.ok(id);
      ids.add(id);
    }
    assert.equal(ids.size, 3);
  });

  it('415 for a body that is not JSON, 400 for malformed JSON, 404 for an unknown path', async () => {
    assert.equal((await t.call('POST', '/v3/glossaries', 'name=x', { 'Content-Type': 'text/plain' })).status, 415);
    assert.equal((await t.call('POST', '/v3/glossaries', '{"name":')).status, 400);
    assert.equal((await t.call('GET', '/v3/unknown')).status, 404);
  });
});

describe('emulator: faults on demand', () => {
  const t = withEmulator();

  it('answers the next N requests with an injected status and Retry-After', async () => {
    t.emu.injectFault({ count: 2, status: 503, retryAfter: 1 });
    const a = await t.call('GET', '/v3/glossaries');
    const b = await t.call('GET', '/v3/glossaries');
    const c = await t.call('GET', '/v3/glossaries');
    assert.deepEqual([a.status, b.status, c.status], [503, 503, 200]);
    assert.equal(a.headers.get('retry-after'), '1');
  });
  for (const status of [429, 500, 529]) {
    it(`injects ${status} through the admin route`, async () => {
      await fetch(`${t.emu.url}/__admin/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ count: 1, status }) });
      assert.equal((await t.call('GET', '/v3/glossaries')).status, status);
    });
  }
  it('injects through a request header: status, malformed JSON, latency, dropped connection', async () => {
    assert.equal((await t.call('GET', '/v3/glossaries', undefined, { 'X-Emulator-Fault': '500' })).status, 500);
    const bad = await t.call('GET', '/v3/glossaries', undefined, { 'X-Emulator-Fault': 'malformed' });
    assert.equal(bad.status, 200);
    assert.throws(() => JSON.parse(bad.text));
    const t0 = Date.now();
    await t.call('GET', '/v3/glossaries', undefined, { 'X-Emulator-Fault': 'latency=150' });
    assert.ok(Date.now() - t0 >= 140);
    await assert.rejects(t.call('GET', '/v3/glossaries', undefined, { 'X-Emulator-Fault': 'drop' }));
  });
  it('"after": carries the request out, then answers the injected status (with Retry-After) or drops the answer', async () => {
    t.emu.injectFault({ count: 1, status: 500, after: true, retryAfter: 2, method: 'POST' });
    const failed = await t.call('POST', '/v3/glossaries', { name: 'A', dictionaries: [dict('a\tb')] });
    assert.deepEqual([failed.status, failed.headers.get('retry-after'), failed.body.message], [500, '2', 'Internal Server Error']);
    assert.deepEqual(t.emu.state.accounts[t.emu.keys.paid].glossaries.map((g) => g.name), ['A'], 'carried out all the same');
    t.emu.injectFault({ count: 1, status: 502, after: true, body: '' });
    assert.equal((await t.call('POST', '/v3/glossaries', { name: 'B', dictionaries: [dict('a\tb')] })).status, 502);
    await assert.rejects(t.call('POST', '/v3/glossaries', { name: 'C', dictionaries: [dict('a\tb')] }, { 'X-Emulator-Fault': 'drop-after' }));
    assert.equal((await t.call('POST', '/v3/glossaries', { name: 'D', dictionaries: [dict('a\tb')] }, { 'X-Emulator-Fault': '503-after' })).status, 503);
    assert.deepEqual(t.emu.state.accounts[t.emu.keys.paid].glossaries.map((g) => g.name), ['A', 'B', 'C', 'D']);
    // Without "after", an injected status comes before the request is carried out: nothing is made.
    t.emu.injectFault({ count: 1, status: 500, method: 'POST' });
    assert.equal((await t.call('POST', '/v3/glossaries', { name: 'E', dictionaries: [dict('a\tb')] })).status, 500);
    assert.equal(t.emu.state.accounts[t.emu.keys.paid].glossaries.length, 4);
  });
  it('a fault can be limited to matching paths', async () => {
    t.emu.injectFault({ count: 1, status: 500, path: '/entries$' });
    assert.equal((await t.call('GET', '/v3/glossaries')).status, 200);
    assert.equal(t.emu.requests.at(-1)?.status, 200);
    assert.equal((await t.call('GET', '/v3/glossaries/x/entries?source_lang=en&target_lang=de')).status, 500);
    assert.equal((await t.call('GET', '/v3/glossaries/x/entries?source_lang=en&target_lang=de')).status, 404);
  });
});

describe('emulator: Spoken Terms', () => {
  const t = withEmulator();
  const create = async (entries = 'Kubernetes\nkubectl') => {
    const r = await t.call('POST', '/v3/spoken-terms', { name: 'Talks', term_lists: [{ lang: 'en', entries }] });
    assert.equal(r.status, 201, r.text);
    return r.body.spoken_terms_id as string;
  };

  it('create, list, get and entries', async () => {
    const id = await create();
    assert.deepEqual((await t.call('GET', '/v3/spoken-terms')).body.spoken_terms.map((c: { name: string }) => c.name), ['Talks']);
    assert.deepEqual((await t.call('GET', `/v3/spoken-terms/${id}`)).body.term_lists, [{ lang: 'en', entry_count: 2 }]);
    assert.deepEqual((await t.call('GET', `/v3/spoken-terms/${id}/entries?lang=EN`)).body, { lang: 'en', entries: 'Kubernetes\nkubectl' });
  });
  it('PATCH merges lists and renames; PUT replaces or creates a list', async () => {
    const id = await create();
    const p = await t.call('PATCH', `/v3/spoken-terms/${id}`, { name: 'Renamed', term_lists: [{ lang: 'en', entries: 'OpenShift\nkubectl' }] });
    assert.deepEqual([p.status, p.body.name, p.body.term_lists], [200, 'Renamed', [{ lang: 'en', entry_count: 3 }]]);
    const put = await t.call('PUT', `/v3/spoken-terms/${id}/term-lists`, { lang: 'en', entries: 'only' });
    assert.deepEqual(put.body, { lang: 'en', entry_count: 1 });
    assert.deepEqual((await t.call('PUT', `/v3/spoken-terms/${id}/term-lists`, { lang: 'de', entries: 'Glossar' })).body, { lang: 'de', entry_count: 1 });
  });
  it('deletes a term list and a collection', async () => {
    const id = await create();
    assert.equal((await t.call('DELETE', `/v3/spoken-terms/${id}/term-lists?lang=en`)).status, 204);
    assert.deepEqual((await t.call('GET', `/v3/spoken-terms/${id}`)).body.term_lists, []);
    assert.equal((await t.call('DELETE', `/v3/spoken-terms/${id}`)).status, 204);
    assert.equal((await t.call('GET', `/v3/spoken-terms/${id}`)).status, 404);
  });
  const bad: Array<[string, string, string]> = [
    ['over 300 characters', 'a'.repeat(301), 'en'],
    ['an empty term', 'a\n\nb', 'en'],
    ['a duplicate term', 'Kube\nKube', 'en'],
    ['a control character', 'a\u0001', 'en'],
    ['surrounding whitespace', ' a', 'en'],
    ['a language without spoken_terms', 'a', 'it'],
  ];
  for (const [name, entries, lang] of bad) {
    it(`400 for ${name}`, async () => {
      assert.equal((await t.call('POST', '/v3/spoken-terms', { name: 'X', term_lists: [{ lang, entries }] })).status, 400);
    });
  }
  it('case-sensitive: "Kube" and "kube" are two terms', async () => {
    await create('Kube\nkube');
  });
  it('a merge that would pass 300 characters is refused and changes nothing', async () => {
    const id = await create('a'.repeat(250));
    assert.equal((await t.call('PATCH', `/v3/spoken-terms/${id}`, { term_lists: [{ lang: 'en', entries: 'b'.repeat(60) }] })).status, 400);
    assert.deepEqual((await t.call('GET', `/v3/spoken-terms/${id}`)).body.term_lists, [{ lang: 'en', entry_count: 1 }]);
  });
});

describe('emulator: style rules, languages, translate, usage, voice', () => {
  const t = withEmulator();

  it('pages style rule lists; detailed adds configured rules and custom instructions', async () => {
    const p0 = await t.call('GET', '/v3/style_rules?page=0&page_size=2');
    const p1 = await t.call('GET', '/v3/style_rules?page=1&page_size=2');
    assert.equal(p0.body.style_rules.length, 2);
    assert.equal(p1.body.style_rules.length, 1);
    assert.equal(p0.body.style_rules[0].configured_rules, undefined);
    const d = await t.call('GET', '/v3/style_rules?detailed=true');
    assert.equal(d.body.style_rules[0].configured_rules.punctuation.serial_comma, 'use');
    assert.equal((await t.call('GET', '/v3/style_rules?page_size=26')).status, 400);
  });
  it('gets one style rule list; 404 for an unknown id, 400 for a malformed one', async () => {
    const list = await t.call('GET', '/v3/style_rules');
    const id = list.body.style_rules[0].style_id;
    const one = await t.call('GET', `/v3/style_rules/${id}`);
    assert.deepEqual([one.status, one.body.version, one.body.custom_instructions.length], [200, 7, 2]);
    assert.equal((await t.call('GET', '/v3/style_rules/4c1d2e3f-0000-4000-8000-00000000ffff')).status, 404);
    assert.equal((await t.call('GET', '/v3/style_rules/unknown')).status, 400);
  });
  it('lists glossary languages (no Thai) and voice languages with spoken_terms features', async () => {
    const g = await t.call('GET', '/v3/languages?resource=glossary');
    assert.ok(Array.isArray(g.body));
    assert.ok(g.body.some((l: { lang: string }) => l.lang === 'de'));
    assert.ok(!g.body.some((l: { lang: string }) => l.lang === 'th'));
    const v = await t.call('GET', '/v3/languages?resource=voice');
    const withTerms = v.body.filter((l: { features: object }) => 'spoken_terms' in l.features).map((l: { lang: string }) => l.lang);
    assert.ok(withTerms.includes('en') && !withTerms.includes('it'));
  });
  it('translates visibly with a glossary, counts usage, and checks the pair', async () => {
    const g = await t.call('POST', '/v3/glossaries', { name: 'G', dictionaries: [dict('cloud\tWolke\ncloud server\tCloud-Server\n')] });
    const id = g.body.glossary_id;
    const r = await t.call('POST', '/v2/translate', { text: ['my cloud server and cloud'], source_lang: 'EN', target_lang: 'DE', glossary_id: id });
    assert.equal(r.status, 200);
    assert.equal(r.body.translations[0].text, '[DE] my ⟦Cloud-Server⟧ and ⟦Wolke⟧');
    assert.equal((await t.call('GET', '/v2/usage')).body.character_count, 25);
    assert.equal((await t.call('POST', '/v2/translate', { text: ['x'], target_lang: 'DE', glossary_id: id })).status, 400);
    const missing = await t.call('POST', '/v2/translate', { text: ['x'], source_lang: 'de', target_lang: 'EN-GB', glossary_id: id });
    assert.equal(missing.status, 400);
    assert.match(missing.body.detail, /No dictionary found for language pair de-EN-GB/);
    assert.equal((await t.call('POST', '/v2/translate', { text: ['x'], target_lang: 'DE', translation_memory_id: 'nope' })).status, 404);
  });
  it('requests a voice session: validates ids, answers with a streaming URL, a token and a session id', async () => {
    const ok = await t.call('POST', '/v3/voice/realtime', { source_media_content_type: 'audio/pcm;encoding=s16le;rate=16000', source_language: 'en', target_languages: ['de'] });
    assert.equal(ok.status, 200);
    assert.match(ok.body.streaming_url, /^ws:\/\//);
    assert.ok(ok.body.token && ok.body.session_id);
    const bad = await t.call('POST', '/v3/voice/realtime', { source_media_content_type: 'audio/pcm', source_language: 'en', target_languages: ['de'], spoken_terms_id: 'nope' });
    assert.equal(bad.status, 404);
  });
});

describe('emulator: --data keeps state across restarts', () => {
  it('writes the state atomically and loads it again', async () => {
    const { mkdtempSync, readdirSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { startEmulator } = await import('../../emulator/server');
    const dir = mkdtempSync(join(tmpdir(), 'emu-'));
    const file = join(dir, 'state.json');
    const a = await startEmulator({ key: 'k', dataFile: file });
    await caller(a)('POST', '/v3/glossaries', { name: 'kept', dictionaries: [dict('a\tb')] });
    await a.close();
    assert.deepEqual(readdirSync(dir), ['state.json'], 'no temporary file left behind');
    const b = await startEmulator({ key: 'k', dataFile: file });
    const r = await caller(b)('GET', '/v3/glossaries');
    await b.close();
    assert.deepEqual(r.body.glossaries.map((g: { name: string }) => g.name), ['kept']);
  });
});
