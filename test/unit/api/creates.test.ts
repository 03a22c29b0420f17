/**
 * The creates the client cannot find by name (a custom instruction, an import job, an export job) under faults
 * that leave open whether the service acted, over real HTTP against the emulator (no mocked fetch). Whatever the
 * fault, the service ends with exactly one instruction or job (or none, where the service did not act and the client
 * could not tell): never two. A custom instruction is looked up by label and prompt before anything is sent again;
 * jobs cannot be listed, so an import or export is not sent again after such a fault, and the error says so.
 */
import * as assert from 'node:assert/strict';
import { ServiceClient, ServiceError } from '../../../src/api';
import { startEmulator, type Emulator, type Fault } from '../../emulator/server';
import type { Account } from '../../emulator/state';

const KEY = 'creates-paid-key-0123456789';
const INSTRUCTIONS = '^/v3/style_rules/[^/]+/custom_instructions$';
const IMPORT = '^/v3/translation_memories/import$';
const EXPORT = '^/v3/translation_memories/[^/]+/export$';

/** The faults of the brief: carried out then 500, carried out then no answer, 429 with a real Retry-After, 503 before acting. */
const FAULTS: Array<{ label: string; fault: Fault; acted: boolean; minMs?: number }> = [
  { label: 'carried out, then 500', fault: { count: 1, status: 500, after: true }, acted: true },
  { label: 'carried out, then the connection dropped', fault: { count: 1, dropAfter: true }, acted: true },
  { label: '429 with Retry-After: 1', fault: { count: 1, status: 429, retryAfter: 1 }, acted: false, minMs: 1000 },
  { label: '503 before acting', fault: { count: 1, status: 503 }, acted: false },
];

async function outcome(p: Promise<unknown>): Promise<{ ok: true } | { ok: false; error: ServiceError }> {
  try {
    await p;
    return { ok: true };
  } catch (err) {
    assert.ok(err instanceof ServiceError, `a typed error, not ${(err as Error)?.constructor?.name}: ${(err as Error)?.message}`);
    return { ok: false, error: err };
  }
}

describe('creates that cannot be found by name: never made twice', () => {
  let emu: Emulator;
  let client: ServiceClient;
  let styleId: string;
  let memoryId: string;
  const acc = (): Account => emu.state.accounts[KEY];
  const instructions = () => acc().styleRules!.find((s) => s.style_id === styleId)!.custom_instructions ?? [];
  const jobs = (operation: 'import' | 'export') => (acc().tmJobs ?? []).filter((j) => j.operation === operation);
  const posts = (path: string) => emu.requests.filter((r) => r.method === 'POST' && new RegExp(path).test(r.path)).length;

  beforeEach(async () => {
    emu = await startEmulator({ key: KEY });
    emu.config.jobsPaused = true;
    client = new ServiceClient({ key: KEY, baseUrl: emu.url, retry: { baseDelayMs: 10, random: () => 0.5 } });
    styleId = (await client.createStyleRules({ name: 'House', language: 'en' })).styleId;
    memoryId = 'b5a0c7c4-4c1b-4d43-9d3b-1c4e8a0f1a2b';
    acc().memories!.push({
      translation_memory_id: memoryId, name: 'Manual', source_language: 'en', target_languages: ['de'],
      creation_time: '2026-11-01T00:00:00Z', updated_time: '2026-11-01T00:00:00Z',
      segments: [{ source_segment_id: 's1', source_text: 'Cloud', creation_time: '2026-11-01T00:00:00Z', updated_time: '2026-11-01T00:00:00Z', targets: [] }],
    });
  });
  afterEach(async () => emu.close());

  for (const f of FAULTS) {
    it(`a custom instruction, ${f.label}: exactly one, and the call succeeds`, async () => {
      emu.injectFault({ ...f.fault, path: INSTRUCTIONS, method: 'POST' });
      const t0 = Date.now();
      const made = await client.createCustomInstruction(styleId, { label: 'Tone', prompt: 'Be brief.', sourceLanguage: 'EN' });
      if (f.minMs) assert.ok(Date.now() - t0 >= f.minMs, `waited ${Date.now() - t0} ms, Retry-After said ${f.minMs}`);
      assert.deepEqual(instructions().map((c) => [c.id, c.label, c.prompt, c.source_language]), [[made.id, 'Tone', 'Be brief.', 'en']]);
      assert.equal(posts(INSTRUCTIONS), f.acted ? 1 : 2, f.acted ? 'adopted, not sent again' : 'sent again: the service said it did not act');
    });

    it(`an import job, ${f.label}: exactly one job`, async () => {
      emu.injectFault({ ...f.fault, path: IMPORT, method: 'POST' });
      const t0 = Date.now();
      const r = await outcome(client.startImport({ fileName: 'manual.tmx', contentLength: 100, displayName: 'Manual' }));
      if (f.minMs) assert.ok(Date.now() - t0 >= f.minMs, `waited ${Date.now() - t0} ms, Retry-After said ${f.minMs}`);
      assert.equal(jobs('import').length, 1, 'one import job');
      if (f.acted) {
        assert.ok(!r.ok, 'the answer was lost: the job id is not known');
        assert.equal(r.error.outcomeUnknown, true);
        assert.match(r.error.message, /may have been carried out\. It was not sent again: jobs cannot be listed.*Try again to import the file\./);
        assert.equal(posts(IMPORT), 1, 'not sent again');
      } else {
        assert.ok(r.ok, `the service did not act, so it was sent again: ${!r.ok && r.error.message}`);
        assert.equal(posts(IMPORT), 2);
      }
    });

    it(`an export job, ${f.label}: exactly one job`, async () => {
      emu.injectFault({ ...f.fault, path: EXPORT, method: 'POST' });
      const r = await outcome(client.startExport(memoryId));
      assert.equal(jobs('export').length, 1, 'one export job');
      if (f.acted) {
        assert.ok(!r.ok);
        assert.equal(r.error.outcomeUnknown, true);
        assert.match(r.error.message, /may have been carried out\. It was not sent again.*Try again in a moment/);
        assert.equal(posts(EXPORT), 1);
      } else {
        assert.ok(r.ok, !r.ok ? r.error.message : '');
      }
    });
  }

  it('a 500 or 502 is not taken for "the service did not act": an import is not sent again, though here nothing was made', async () => {
    for (const status of [500, 502, 504]) {
      emu.injectFault({ count: 1, status, path: IMPORT, method: 'POST' });
      const r = await outcome(client.startImport({ fileName: 'manual.tmx', contentLength: 100, displayName: 'Manual' }));
      assert.ok(!r.ok && r.error.outcomeUnknown, `${status}: the outcome is unknown`);
      assert.equal(r.error.status, status);
      assert.match(r.error.message, new RegExp(`^The service answered POST /v3/translation_memories/import with ${status} \\(`));
    }
    assert.equal(posts(IMPORT), 3, 'each sent once');
    assert.equal(jobs('import').length, 0);
  });

  it('a custom instruction answered 502 before the service acted is looked up, not found, and sent again: one', async () => {
    emu.injectFault({ count: 1, status: 502, retryAfter: 0, path: INSTRUCTIONS, method: 'POST' });
    await client.createCustomInstruction(styleId, { label: 'Tone', prompt: 'Be brief.' });
    assert.equal(instructions().length, 1);
    assert.equal(posts(INSTRUCTIONS), 2);
  });

  it('an instruction with the same label and prompt made before is not taken for the one just sent', async () => {
    await client.createCustomInstruction(styleId, { label: 'Tone', prompt: 'Be brief.' });
    emu.injectFault({ count: 1, status: 502, path: INSTRUCTIONS, method: 'POST' });
    await client.createCustomInstruction(styleId, { label: 'Tone', prompt: 'Be brief.' });
    assert.equal(instructions().length, 2, 'the user asked for two');
  });

  it('when the look-up after a lost answer fails too, the instruction is not sent again, and the error says it may exist', async () => {
    emu.injectFault({ count: 1, status: 500, after: true, path: INSTRUCTIONS, method: 'POST' });
    // The GET before the POST goes through; the look-up after the 500 is refused.
    emu.injectFault({ count: 1, every: 2, status: 403, path: '^/v3/style_rules/[^/]+$', method: 'GET' });
    const r = await outcome(client.createCustomInstruction(styleId, { label: 'Tone', prompt: 'Be brief.' }));
    assert.ok(!r.ok && r.error.outcomeUnknown);
    assert.match(r.error.message, /with 500 .*may have been carried out\. Looking for it failed too \(403 .*so it was not sent again\. Refresh/);
    assert.equal(instructions().length, 1);
    assert.equal(posts(INSTRUCTIONS), 1);
  });
});
