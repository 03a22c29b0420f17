import * as assert from 'node:assert/strict';
import { caller, withEmulator } from './harness';
import { BROKEN_TMX, numberedUnits, sampleTmx } from '../../emulator/tmxSamples';
import { readTmx } from '../../emulator/tmx';

/** Imports `tmx` through the raw endpoints (paused jobs, stepped by hand) and answers the job id. */
async function importRaw(t: ReturnType<typeof withEmulator>, tmx: Buffer | string, name = 'Manual') {
  const bytes = typeof tmx === 'string' ? Buffer.from(tmx) : tmx;
  const started = await t.call('POST', '/v3/translation_memories/import', { source_file: { file_name: 'manual.tmx', content_length: bytes.length }, parameters: { display_name: name } });
  assert.equal(started.status, 201, started.text);
  const put = await fetch(started.body.upload_url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'Content-Type': 'application/xml' } });
  assert.equal(put.status, 200, await put.text());
  return started.body.job_id as string;
}

describe('emulator: translation memories', () => {
  const t = withEmulator();
  beforeEach(() => { t.emu.config.jobsPaused = true; });

  it('an import job goes awaiting_input (upload) → awaiting_input → processing → completed, and the memory is listed', async () => {
    const started = await t.call('POST', '/v3/translation_memories/import', { source_file: { file_name: 'm.tmx', content_length: Buffer.byteLength(sampleTmx()) }, parameters: { display_name: 'Manual' } });
    assert.equal(started.status, 201);
    assert.deepEqual(Object.keys(started.body).sort(), ['expires_at', 'job_id', 'upload_url']);
    const job = async () => (await t.call('GET', `/v3/translation_memories/jobs/${started.body.job_id}`)).body;
    let j = await job();
    assert.equal(j.product, 'translation_memory');
    assert.equal(j.operation, 'import');
    assert.equal(j.results.length, 1);
    assert.equal(j.results[0].status, 'awaiting_input');
    assert.ok(j.results[0].status_metadata.required_action);
    assert.equal(t.emu.advanceJobs(), 0, 'nothing moves before the upload');
    assert.equal((await fetch(started.body.upload_url, { method: 'PUT', body: sampleTmx() })).status, 200);
    j = await job();
    assert.equal(j.results[0].status, 'awaiting_input');
    assert.equal(j.results[0].status_metadata, undefined);
    t.emu.advanceJobs();
    assert.equal((await job()).results[0].status, 'processing');
    t.emu.advanceJobs();
    j = await job();
    assert.equal(j.results[0].status, 'completed');
    assert.equal(j.results[0].skipped_segment_count, 0);
    const id = j.results[0].translation_memory_id;
    const list = await t.call('GET', '/v3/translation_memories?page=0&page_size=10');
    assert.deepEqual(list.body, { translation_memories: [{ translation_memory_id: id, name: 'Manual', source_language: 'en', target_languages: ['de'], segment_count: 2 }], total_count: 1 });
    const one = await t.call('GET', `/v3/translation_memories/${id}`);
    assert.ok(one.body.creation_time && one.body.updated_time);
  });

  it('jobs move on by themselves after jobStepMs, one step per poll', async () => {
    t.emu.config.jobsPaused = false;
    t.emu.config.jobStepMs = 0;
    const id = await importRaw(t, sampleTmx());
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) seen.push((await t.call('GET', `/v3/translation_memories/jobs/${id}`)).body.results[0].status);
    assert.deepEqual(seen, ['processing', 'completed', 'completed']);
  });

  it('the upload address refuses an Authorization header, a wrong length, a second upload, and expires', async () => {
    const bytes = Buffer.from(sampleTmx());
    const started = await t.call('POST', '/v3/translation_memories/import', { source_file: { file_name: 'm.tmx', content_length: bytes.length }, parameters: { display_name: 'x' } });
    const withKey = await fetch(started.body.upload_url, { method: 'PUT', body: new Uint8Array(bytes), headers: { Authorization: `Service-Auth-Key ${t.emu.keys.paid}` } });
    assert.equal(withKey.status, 400);
    assert.match((await withKey.json()).detail, /must not carry an Authorization header/);
    assert.equal((await fetch(started.body.upload_url, { method: 'PUT', body: new Uint8Array(bytes).subarray(1) })).status, 400);
    assert.equal((await fetch(started.body.upload_url, { method: 'PUT', body: new Uint8Array(bytes) })).status, 200);
    assert.equal((await fetch(started.body.upload_url, { method: 'PUT', body: new Uint8Array(bytes) })).status, 409);
    t.emu.config.uploadTtlMs = 0;
    const late = await t.call('POST', '/v3/translation_memories/import', { source_file: { file_name: 'm.tmx', content_length: bytes.length }, parameters: { display_name: 'y' } });
    assert.equal((await t.call('GET', `/v3/translation_memories/jobs/${late.body.job_id}`)).body.results[0].status, 'expired');
    assert.equal((await fetch(late.body.upload_url, { method: 'PUT', body: new Uint8Array(bytes) })).status, 403);
  });

  for (const [name, text, message] of BROKEN_TMX) {
    it(`an import of a TMX with ${name} fails with the reason`, async () => {
      const id = await importRaw(t, text);
      t.emu.advanceJobs();
      t.emu.advanceJobs();
      const j = (await t.call('GET', `/v3/translation_memories/jobs/${id}`)).body;
      assert.equal(j.results[0].status, 'failed');
      assert.match(j.results[0].error.message, message);
      assert.equal((await t.call('GET', '/v3/translation_memories')).body.total_count, 0);
    });
  }

  it('reads UTF-16 with a BOM, upper-case names, mixed-case codes, target first, inline codes; skips units without a target', () => {
    const text = '<?xml version="1.0" encoding="UTF-16"?><TMX version="1.4"><HEADER SRCLANG="En-uS"/><BODY>' +
      '<TU><TUV XML:LANG="de-DE"><SEG>Hallo <ph>{1}</ph>Welt</SEG></TUV><TUV xml:lang="EN-us"><SEG>Hello <bpt i="1">&lt;b&gt;</bpt>world<ept i="1">&lt;/b&gt;</ept></SEG></TUV></TU>' +
      '<TU><TUV xml:lang="en"><SEG>alone</SEG></TUV></TU></BODY></TMX>';
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const tmx = readTmx(bytes);
    assert.equal(tmx.sourceLang, 'en');
    assert.deepEqual(tmx.targetLangs, ['de-de']);
    assert.deepEqual(tmx.units, [{ source: 'Hello world', targets: [{ lang: 'de-de', text: 'Hallo Welt' }] }]);
    assert.equal(tmx.skipped, 1);
  });

  it('pages segments with a cursor to the end, filters (2+ characters, case toggle), counts the whole memory', async () => {
    const id = await importRaw(t, sampleTmx([...numberedUnits(120), ['Cloud', 'Wolke']]));
    t.emu.advanceJobs();
    t.emu.advanceJobs();
    const tmId = (await t.call('GET', `/v3/translation_memories/jobs/${id}`)).body.results[0].translation_memory_id;
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await t.call('GET', `/v3/translation_memories/${tmId}/segments?page_size=50${cursor ? `&page_cursor=${encodeURIComponent(cursor)}` : ''}`);
      assert.equal(page.status, 200);
      assert.equal(page.body.segment_count, 121);
      seen.push(...page.body.segments.map((s: { source_text: string }) => s.source_text));
      cursor = page.body.next_page_cursor;
      pages++;
    } while (cursor);
    assert.equal(pages, 3);
    assert.equal(new Set(seen).size, 121);
    const seg = (await t.call('GET', `/v3/translation_memories/${tmId}/segments?page_size=1`)).body.segments[0];
    assert.deepEqual(Object.keys(seg).sort(), ['creation_time', 'source_segment_id', 'source_text', 'targets', 'updated_time']);
    assert.deepEqual(Object.keys(seg.targets[0]).sort(), ['creation_time', 'target_language', 'target_segment_id', 'target_text', 'updated_time']);
    const ci = await t.call('GET', `/v3/translation_memories/${tmId}/segments?filter_text=wolke&filter_case_sensitive=false`);
    assert.deepEqual(ci.body.segments.map((s: { source_text: string }) => s.source_text), ['Cloud']);
    assert.equal(ci.body.segment_count, 121);
    assert.equal(ci.body.next_page_cursor, undefined);
    assert.deepEqual((await t.call('GET', `/v3/translation_memories/${tmId}/segments?filter_text=wolke&filter_case_sensitive=true`)).body.segments, []);
    assert.equal((await t.call('GET', `/v3/translation_memories/${tmId}/segments?filter_text=w`)).status, 400);
    assert.equal((await t.call('GET', `/v3/translation_memories/${tmId}/segments?page_size=101`)).status, 400);
    const first = (await t.call('GET', `/v3/translation_memories/${tmId}/segments?filter_text=Segment`)).body;
    assert.equal((await t.call('GET', `/v3/translation_memories/${tmId}/segments?filter_text=other&page_cursor=${first.next_page_cursor}`)).status, 400, 'a cursor belongs to its filter');
  });

  it('export: 202 then processing → completed with a download address (no key), 200 when reused, 409 while running', async () => {
    const id = await importRaw(t, sampleTmx([['A & B', 'A und B']]));
    t.emu.advanceJobs();
    t.emu.advanceJobs();
    const tmId = (await t.call('GET', `/v3/translation_memories/jobs/${id}`)).body.results[0].translation_memory_id;
    const first = await t.call('POST', `/v3/translation_memories/${tmId}/export`);
    assert.equal(first.status, 202);
    assert.deepEqual(first.body.parameters, { translation_memory_id: tmId });
    assert.equal((await t.call('POST', `/v3/translation_memories/${tmId}/export`)).status, 409);
    assert.equal((await t.call('GET', `/v3/translation_memories/jobs/${first.body.job_id}`)).body.results[0].status, 'processing');
    t.emu.advanceJobs();
    const done = (await t.call('GET', `/v3/translation_memories/jobs/${first.body.job_id}`)).body;
    assert.equal(done.operation, 'export');
    assert.equal(done.results[0].status, 'completed');
    assert.ok(done.results[0].expires_at);
    assert.equal((await fetch(done.results[0].download_url, { headers: { Authorization: `Service-Auth-Key ${t.emu.keys.paid}` } })).status, 400);
    const file = await fetch(done.results[0].download_url);
    assert.equal(file.status, 200);
    const tmx = readTmx(Buffer.from(await file.arrayBuffer()));
    assert.deepEqual(tmx.units, [{ source: 'A & B', targets: [{ lang: 'de', text: 'A und B' }] }]);
    const again = await t.call('POST', `/v3/translation_memories/${tmId}/export`);
    assert.equal(again.status, 200);
    assert.equal(again.body.job_id, first.body.job_id);
  });

  it('another account\'s memory and job are 404 (not 403); delete is 204, then 404; translations naming it fail', async () => {
    const id = await importRaw(t, sampleTmx());
    t.emu.advanceJobs();
    t.emu.advanceJobs();
    const tmId = (await t.call('GET', `/v3/translation_memories/jobs/${id}`)).body.results[0].translation_memory_id;
    const free = caller(t.emu, t.emu.keys.free, t.emu.freeUrl);
    assert.equal((await free('GET', `/v3/translation_memories/${tmId}`)).status, 404);
    assert.equal((await free('GET', `/v3/translation_memories/${tmId}/segments`)).status, 404);
    assert.equal((await free('POST', `/v3/translation_memories/${tmId}/export`)).status, 404);
    assert.equal((await free('DELETE', `/v3/translation_memories/${tmId}`)).status, 404);
    assert.equal((await free('GET', `/v3/translation_memories/jobs/${id}`)).status, 404);
    const tr = await t.call('POST', '/v2/translate', { text: ['Hello world!'], source_lang: 'en', target_lang: 'de', translation_memory_id: tmId, translation_memory_threshold: 80 });
    assert.equal(tr.status, 200);
    assert.match(tr.body.translations[0].text, /⟪TM 9\d%: Hallo Welt⟫/);
    assert.equal((await t.call('POST', '/v2/translate', { text: ['x'], source_lang: 'en', target_lang: 'fr', translation_memory_id: tmId })).status, 404, 'a pair the memory does not cover');
    assert.equal((await t.call('POST', '/v2/translate', { text: ['x'], source_lang: 'en', target_lang: 'de', translation_memory_id: tmId, translation_memory_threshold: 101 })).status, 400);
    assert.equal((await t.call('DELETE', `/v3/translation_memories/${tmId}`)).status, 204);
    assert.equal((await t.call('GET', `/v3/translation_memories/${tmId}`)).status, 404);
    assert.equal((await t.call('POST', '/v2/translate', { text: ['x'], source_lang: 'en', target_lang: 'de', translation_memory_id: tmId })).status, 404);
  });

  it('lists in pages of 1..25 with the total count; admin route advances jobs', async () => {
    for (let i = 0; i < 3; i++) await importRaw(t, sampleTmx(), `M${i}`);
    const advanced = await fetch(`${t.emu.url}/__admin/jobs/advance`, { method: 'POST' });
    assert.deepEqual(await advanced.json(), { moved: 3 });
    t.emu.advanceJobs();
    const p1 = await t.call('GET', '/v3/translation_memories?page=1&page_size=2');
    assert.equal(p1.body.total_count, 3);
    assert.deepEqual(p1.body.translation_memories.map((m: { name: string }) => m.name), ['M2']);
    assert.equal((await t.call('GET', '/v3/translation_memories?page_size=26')).status, 400);
    assert.equal((await t.call('POST', '/v3/translation_memories/import', { source_file: { file_name: 'm.csv', content_length: 3 }, parameters: { display_name: 'x' } })).status, 400);
  });
});
