// Repository sync at scale (npm run bench:editor), against the emulator, counting requests:
// - the status of a manifest with 50 dictionaries of about 200 KiB each when nothing changed: one listing call,
//   no entries fetched;
// - Push All of those 50 dictionaries, all changed, with every fifth request answered 429: every dictionary
//   accepted exactly once, at most 4 requests in flight.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import { GLOSSARY_LANGUAGES } from '../emulator/data';
import type { Account } from '../emulator/state';
import { note } from './report';
import { api, PAID_KEY, service } from './service';

const GLOSSARY = { glossaryId: '5b000000-0000-4000-8000-000000000050', name: 'Sync bench' };
const account = (): Account => service().state.accounts[PAID_KEY];
const folder = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'sync-bench');

/** 50 language pairs of glossary languages, and about 200 KiB of entries for each. */
function dictionaries(): Array<{ source_lang: string; target_lang: string; entries: Array<[string, string]> }> {
  const langs = GLOSSARY_LANGUAGES.slice(0, 8);
  const pairs: Array<[string, string]> = [];
  for (const s of langs) for (const t of langs) if (s !== t && pairs.length < 50) pairs.push([s, t]);
  return pairs.map(([s, t]) => ({
    source_lang: s, target_lang: t,
    entries: Array.from({ length: 6200 }, (_, i) => [`${s} term number ${i}`, `${t} Begriff Nummer ${i}`] as [string, string]),
  }));
}

describe('repository sync at scale', () => {
  let ext: TerminologyApi;

  before(async function () {
    this.timeout(300_000);
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    account().glossaries.push({ glossary_id: GLOSSARY.glossaryId, name: GLOSSARY.name, creation_time: '2026-11-01T00:00:00Z', dictionaries: dictionaries() });
    await vscode.workspace.fs.createDirectory(folder());
    await vscode.workspace.getConfiguration('terminology').update('manifest', 'sync-bench/terminology.json', vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    service().clearFaults();
    await vscode.workspace.getConfiguration('terminology').update('manifest', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.fs.delete(folder(), { recursive: true, useTrash: false });
    account().glossaries = account().glossaries.filter((g) => g.glossary_id !== GLOSSARY.glossaryId);
  });

  it('status of 50 dictionaries of 200 KiB when nothing changed: one listing call, no entries fetched', async function () {
    this.timeout(300_000);
    let t0 = performance.now();
    const uris = await ext.actions.cloneGlossary(GLOSSARY.glossaryId, vscode.Uri.joinPath(folder(), 'g'));
    const cloneMs = performance.now() - t0;
    assert.equal(uris.length, 50);
    const bytes = (await vscode.workspace.fs.stat(uris[0])).size;
    assert.ok(bytes > 190 * 1024 && bytes < 260 * 1024, `about 200 KiB per dictionary (${bytes} bytes)`);
    const before = service().requests.length;
    t0 = performance.now();
    const statuses = await ext.actions.refreshSync();
    const statusMs = performance.now() - t0;
    // The manifest's diagnostics ask for the service's languages once when the clone writes the manifest (then keep
    // them); that request may land while the status runs, and is not the status's.
    const all = service().requests.slice(before).map((r) => `${r.method} ${r.path}`);
    assert.ok(all.filter((c) => c === 'GET /v3/languages').length <= 1, all.join(', '));
    const calls = all.filter((c) => c !== 'GET /v3/languages');
    assert.equal(statuses.filter((s) => s.state === 'in-sync').length, 50);
    assert.deepEqual(calls, ['GET /v3/glossaries']);
    note(`clone of 50 dictionaries (${(50 * bytes / 1024 / 1024).toFixed(1)} MiB): ${cloneMs.toFixed(0)} ms`);
    note(`sync status, nothing changed: ${calls.length} request (the listing), 0 entries fetched, ${statusMs.toFixed(0)} ms`);
  });

  it('Push All of 50 changed dictionaries, every fifth request answered 429: each accepted exactly once', async function () {
    this.timeout(300_000);
    for (const s of ext.sync.model.statuses) {
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(s.uri));
      await vscode.workspace.fs.writeFile(s.uri, new TextEncoder().encode(text + `added ${s.link.key}\tneu\n`));
    }
    const before = service().requests.length;
    service().injectFault({ every: 5, count: Infinity, status: 429, retryAfter: 0 });
    service().concurrency.max = 0;
    const t0 = performance.now();
    const summary = await ext.actions.pushAll();
    const pushMs = performance.now() - t0;
    service().clearFaults();
    const calls = service().requests.slice(before);
    const accepted = calls.filter((r) => r.method === 'PUT' && r.status === 200);
    assert.equal(summary.pushed.length, 50, JSON.stringify({ skipped: summary.skipped, failed: summary.failed }));
    assert.equal(accepted.length, 50);
    const g = account().glossaries.find((x) => x.glossary_id === GLOSSARY.glossaryId)!;
    assert.ok(g.dictionaries.every((d) => d.entries.length === 6201 && d.entries.at(-1)![0] === `added ${d.source_lang}-${d.target_lang}`));
    const refused = calls.filter((r) => r.status === 429).length;
    assert.ok(refused > 0);
    assert.ok(service().concurrency.max <= 4, `at most 4 in flight (saw ${service().concurrency.max})`);
    note(`Push All of 50 changed dictionaries under 429 every 5th: ${pushMs.toFixed(0)} ms, ${calls.length} requests (${refused} answered 429, retried), 50 PUTs accepted, at most ${service().concurrency.max} in flight`);
  });
});
