import * as assert from 'node:assert/strict';
import { CancelledError, NotFoundError, ServiceClient, ServiceError, ValidationError, type MemoryJob, type ServiceClientOptions } from '../../../src/api';
import { startEmulator, type Emulator } from '../../emulator/server';
import { BROKEN_TMX, numberedUnits, sampleTmx } from '../../emulator/tmxSamples';
import { readTmx } from '../../emulator/tmx';

const KEY = 'tm-paid-key-0123456789-secret';
const FREE_KEY = 'tm-free-key-0123456789-secret:fx';

async function* chunksOf(bytes: Buffer, size = 64 * 1024): AsyncIterable<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function rejects<T extends ServiceError>(p: Promise<unknown>, type: new (...a: never[]) => T): Promise<T> {
  try { await p; } catch (err) {
    assert.ok(err instanceof type, `expected ${type.name}, got ${(err as Error)?.constructor?.name}: ${(err as Error).message}`);
    return err as T;
  }
  assert.fail(`expected ${type.name}, but the call succeeded`);
}

describe('ServiceClient: translation memories over real HTTP', () => {
  let emu: Emulator;
  let client: ServiceClient;
  const make = (o: Partial<ServiceClientOptions> = {}) => new ServiceClient({
    key: KEY, baseUrl: emu.url, freeBaseUrl: emu.freeUrl, retry: { baseDelayMs: 5, random: () => 0.5 }, ...o,
  });
  beforeEach(async () => {
    emu = await startEmulator({ key: KEY, freeKey: FREE_KEY });
    emu.config.jobsPaused = true;
    client = make();
  });
  afterEach(async () => emu.close());

  /** Starts an import and uploads `tmx` through the client; answers the job id. */
  async function upload(tmx: string, name = 'Manual'): Promise<string> {
    const bytes = Buffer.from(tmx);
    const ticket = await client.startImport({ fileName: 'manual.tmx', contentLength: bytes.length, displayName: name });
    await client.uploadTmx(ticket.uploadUrl, () => chunksOf(bytes, 7), bytes.length);
    return ticket.jobId;
  }
  async function imported(tmx: string, name = 'Manual'): Promise<string> {
    const jobId = await upload(tmx, name);
    emu.advanceJobs();
    emu.advanceJobs();
    const job = await client.getJob(jobId);
    assert.equal(job.status, 'completed');
    return job.translationMemoryId!;
  }

  it('import: each job state in turn, the upload streamed without the Authorization header, then list, get, segments', async () => {
    const bytes = Buffer.from(sampleTmx());
    const ticket = await client.startImport({ fileName: 'manual.tmx', contentLength: bytes.length, displayName: 'Manual' });
    assert.match(ticket.uploadUrl, /^http:\/\/127\.0\.0\.1:\d+\//);
    assert.ok(ticket.expiresAt);
    const first = await client.getJob(ticket.jobId);
    assert.deepEqual([first.operation, first.status, first.requiredAction, first.sourceFile?.contentLength], ['import', 'awaiting_input', 'upload_source_file', bytes.length]);
    const progress: number[] = [];
    await client.uploadTmx(ticket.uploadUrl, () => chunksOf(bytes, 50), bytes.length, { onProgress: (n) => progress.push(n) });
    assert.equal(progress.at(-1), bytes.length);
    assert.ok(progress.length > 2, 'progress is reported per chunk');
    const upload = emu.requests.find((r) => r.method === 'PUT');
    assert.equal(upload?.status, 200, 'the emulator refuses (400) an upload that carries the Authorization header');
    const states = [(await client.getJob(ticket.jobId)).status];
    emu.advanceJobs();
    states.push((await client.getJob(ticket.jobId)).status);
    emu.advanceJobs();
    const done = await client.getJob(ticket.jobId);
    states.push(done.status);
    assert.deepEqual(states, ['awaiting_input', 'processing', 'completed']);
    assert.equal(done.skippedSegmentCount, 0);
    const id = done.translationMemoryId!;
    const page = await client.listTranslationMemories();
    assert.deepEqual(page, { totalCount: 1, memories: [{ translationMemoryId: id, name: 'Manual', sourceLanguage: 'en', targetLanguages: ['de'], segmentCount: 2 }] });
    const one = await client.getTranslationMemory(id);
    assert.ok(one.creationTime && one.updatedTime);
    const segs = await client.listSegments(id);
    assert.equal(segs.segmentCount, 2);
    assert.equal(segs.nextPageCursor, undefined);
    assert.deepEqual(segs.segments.map((s) => [s.sourceText, s.targets[0].targetLanguage, s.targets[0].targetText]), [['Hello world', 'de', 'Hallo Welt'], ['Save the file', 'de', 'Datei speichern']]);
  });

  it('failed: the service\'s message; expired: an upload that never came', async () => {
    const [, text, message] = BROKEN_TMX[0];
    const jobId = await upload(text);
    emu.config.jobsPaused = false;
    emu.config.jobStepMs = 0;
    const seen: MemoryJob[] = [];
    const failed = await client.waitForJob(jobId, { intervalMs: 5, onUpdate: (j) => seen.push(j) });
    assert.equal(failed.status, 'failed');
    assert.match(failed.errorMessage ?? '', message);
    assert.deepEqual(seen.map((j) => j.status), ['processing', 'failed']);
    emu.config.uploadTtlMs = 0;
    const t = await client.startImport({ fileName: 'x.tmx', contentLength: 10, displayName: 'never uploaded' });
    assert.equal((await client.waitForJob(t.jobId, { intervalMs: 5 })).status, 'expired');
    await rejects(client.uploadTmx(t.uploadUrl, () => chunksOf(Buffer.from('0123456789')), 10), ServiceError);
  });

  it('waitForJob: cancelling stops the polling, not the job', async () => {
    const jobId = await upload(sampleTmx());
    const ac = new AbortController();
    const waiting = client.waitForJob(jobId, { signal: ac.signal, intervalMs: 20, onUpdate: () => ac.abort() });
    await rejects(waiting, CancelledError);
    emu.advanceJobs();
    emu.advanceJobs();
    assert.equal((await client.getJob(jobId)).status, 'completed');
  });

  it('export: a new job (202), followed to completed, downloaded without the key; a recent export is reused (200)', async () => {
    const id = await imported(sampleTmx([['A & B', 'A und B'], ['x < y', 'x < y']]));
    const ticket = await client.startExport(id);
    assert.deepEqual([ticket.translationMemoryId, ticket.reused], [id, false]);
    assert.equal((await client.getJob(ticket.jobId)).status, 'processing');
    emu.advanceJobs();
    const job = await client.getJob(ticket.jobId);
    assert.equal(job.status, 'completed');
    assert.equal(job.operation, 'export');
    assert.ok(job.downloadUrl && job.expiresAt);
    const { contentLength, chunks } = await client.downloadExport(job.downloadUrl);
    const parts: Buffer[] = [];
    for await (const c of chunks) parts.push(Buffer.from(c));
    const file = Buffer.concat(parts);
    assert.equal(file.length, contentLength);
    assert.deepEqual(readTmx(file).units.map((u) => u.source), ['A & B', 'x < y']);
    const again = await client.startExport(id);
    assert.deepEqual([again.jobId, again.reused], [ticket.jobId, true]);
  });

  it('pages memories and segments to the end; the filter is sent with its case toggle', async () => {
    for (let i = 0; i < 27; i++) await upload(sampleTmx(), `M${String(i).padStart(2, '0')}`);
    emu.advanceJobs();
    emu.advanceJobs();
    const all = await client.listAllTranslationMemories();
    assert.equal(all.length, 27);
    assert.equal(new Set(all.map((m) => m.name)).size, 27);
    const id = await imported(sampleTmx([...numberedUnits(230), ['Cloud', 'Wolke']]), 'Big');
    const texts: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const p = await client.listSegments(id, { pageSize: 100, cursor });
      texts.push(...p.segments.map((s) => s.sourceText));
      cursor = p.nextPageCursor;
      pages++;
    } while (cursor);
    assert.deepEqual([pages, texts.length, new Set(texts).size], [3, 231, 231]);
    const insensitive = await client.listSegments(id, { filterText: 'WOLKE' });
    assert.deepEqual([insensitive.segments.map((s) => s.sourceText), insensitive.segmentCount], [['Cloud'], 231]);
    assert.equal((await client.listSegments(id, { filterText: 'WOLKE', caseSensitive: true })).segments.length, 0);
    assert.match(emu.requests.at(-1)?.query ?? '', /filter_text=WOLKE&filter_case_sensitive=true/);
    await assert.rejects(client.listSegments(id, { filterText: 'W' }), TypeError);
  });

  it('another account\'s memory is NotFoundError (404); delete; translate with a memory and threshold', async () => {
    const id = await imported(sampleTmx());
    const free = make({ key: FREE_KEY });
    await rejects(free.getTranslationMemory(id), NotFoundError);
    await rejects(free.listSegments(id), NotFoundError);
    await rejects(free.startExport(id), NotFoundError);
    await rejects(free.deleteTranslationMemory(id), NotFoundError);
    const [hit] = await client.translate({ text: ['Hello world'], sourceLang: 'en', targetLang: 'de', translationMemoryId: id, translationMemoryThreshold: 100 });
    assert.equal(hit.text, '[DE] ⟪TM 100%: Hallo Welt⟫');
    const [miss] = await client.translate({ text: ['Hello there'], sourceLang: 'en', targetLang: 'de', translationMemoryId: id, translationMemoryThreshold: 100 });
    assert.equal(miss.text, '[DE] Hello there');
    await client.deleteTranslationMemory(id);
    await rejects(client.getTranslationMemory(id), NotFoundError);
    await rejects(client.translate({ text: ['x'], sourceLang: 'en', targetLang: 'de', translationMemoryId: id }), NotFoundError);
  });

  it('an upload address that is not https (outside loopback) is refused before anything is sent', async () => {
    await assert.rejects(client.uploadTmx('http://storage.example.com/upload', () => chunksOf(Buffer.from('x')), 1), /not https/);
  });

  it('an upload retried after a 503 streams the file again from the start', async () => {
    const bytes = Buffer.from(sampleTmx());
    const ticket = await client.startImport({ fileName: 'manual.tmx', contentLength: bytes.length, displayName: 'Retry' });
    emu.injectFault({ count: 1, status: 503, path: '^/__tm-upload/' });
    let opened = 0;
    await client.uploadTmx(ticket.uploadUrl, () => { opened++; return chunksOf(bytes, 100); }, bytes.length);
    assert.equal(opened, 2);
    emu.advanceJobs();
    emu.advanceJobs();
    assert.equal((await client.getJob(ticket.jobId)).status, 'completed');
  });
});

describe('ServiceClient: managing style rule lists over real HTTP', () => {
  let emu: Emulator;
  let client: ServiceClient;
  beforeEach(async () => {
    emu = await startEmulator({ key: KEY, freeKey: FREE_KEY });
    client = new ServiceClient({ key: KEY, baseUrl: emu.url, freeBaseUrl: emu.freeUrl, retry: { baseDelayMs: 5 } });
  });
  afterEach(async () => emu.close());

  it('create, rename, replace configured rules, instructions create/get/update/delete, delete; the version grows', async () => {
    const s = await client.createStyleRules({ name: 'House', language: 'EN', configuredRules: { punctuation: { serial_comma: 'use' } }, customInstructions: [{ label: 'Tone', prompt: 'Be brief.' }] });
    assert.deepEqual([s.name, s.language, s.version, s.customInstructions?.length], ['House', 'en', 1, 1]);
    assert.equal((await client.renameStyleRules(s.styleId, 'House 2')).version, 2);
    const put = await client.replaceConfiguredRules(s.styleId, { numbers: { decimal_separator: 'use_period' } });
    assert.deepEqual([put.version, put.configuredRules], [3, { numbers: { decimal_separator: 'use_period' } }]);
    const c = await client.createCustomInstruction(s.styleId, { label: 'Names', prompt: 'Keep product names.', sourceLanguage: 'DE' });
    assert.equal(c.sourceLanguage, 'de');
    assert.equal((await client.getCustomInstruction(s.styleId, c.id)).label, 'Names');
    assert.equal((await client.updateCustomInstruction(s.styleId, c.id, { label: 'Names', prompt: 'Never translate product names.' })).prompt, 'Never translate product names.');
    await client.deleteCustomInstruction(s.styleId, c.id);
    const after = await client.getStyleRules(s.styleId);
    assert.deepEqual([after.version, after.customInstructions?.map((x) => x.label)], [6, ['Tone']]);
    await rejects(client.createCustomInstruction(s.styleId, { label: 'x', prompt: 'p'.repeat(301) }), ValidationError);
    await client.deleteStyleRules(s.styleId);
    await rejects(client.getStyleRules(s.styleId), NotFoundError);
  });

  it('a create whose answer is lost is adopted, not made twice', async () => {
    emu.injectFault({ count: 1, dropAfter: true, path: '^/v3/style_rules$', method: 'POST' });
    const s = await client.createStyleRules({ name: 'Once', language: 'de' });
    assert.equal(s.name, 'Once');
    assert.equal((await client.listStyleRules()).filter((x) => x.name === 'Once').length, 1);
  });

  it('translate with several glossaries and a style list shows both', async () => {
    const a = await client.createGlossary('A', [{ sourceLang: 'en', targetLang: 'de', entries: 'cloud\tWolke', entriesFormat: 'tsv' }]);
    const b = await client.createGlossary('B', [{ sourceLang: 'en', targetLang: 'de', entries: 'server\tServer', entriesFormat: 'tsv' }]);
    const style = (await client.listStyleRules())[0];
    const [t] = await client.translate({ text: ['cloud server'], sourceLang: 'en', targetLang: 'de', glossaryIds: [a.glossaryId, b.glossaryId], styleId: style.styleId });
    assert.match(t.text, /^\[DE\] ⟦Wolke⟧ ⟦Server⟧ «style Marketing \(US English\) v7: .*punctuation\.serial_comma=use/);
  });
});
