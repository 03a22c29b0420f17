import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import type { Node } from '../../src/trees/remoteTree';
import type { Account, Glossary } from '../emulator/state';
import { note } from './report';
import { api, nextLoad, PAID_KEY, service } from './service';

const account = (): Account => service().state.accounts[PAID_KEY];

/** `n` glossaries "Load 0000"… of 5 dictionaries, 3 entries each; one entry of every dictionary holds "needle". */
function loadGlossaries(n: number): Glossary[] {
  const targets = ['de', 'fr', 'ja', 'it', 'es'];
  return Array.from({ length: n }, (_, g) => ({
    glossary_id: `10ad0000-0000-4000-8000-${String(g).padStart(12, '0')}`, name: `Load ${String(g).padStart(4, '0')}`, creation_time: '2026-01-01T00:00:00Z',
    dictionaries: targets.map((t, d) => ({ source_lang: 'en', target_lang: t, entries: [['alpha', `a-${t}`], [`needle ${g}.${d}`, `N-${t}`], ['omega', `o-${t}`]] as Array<[string, string]> })),
  }));
}

const label = (item: vscode.TreeItem) => String(typeof item.label === 'object' ? item.label.label : item.label);

describe('search glossaries', () => {
  let ext: TerminologyApi;
  let saved: Glossary[];

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    saved = account().glossaries;
  });

  after(async () => {
    service().clearFaults();
    account().glossaries = saved;
    await vscode.commands.executeCommand('terminology.glossaries.clearFilter');
    await nextLoad(ext.glossaries, () => ext.glossaries.refresh());
  });

  it('search: the command is contributed, and the action finds "invoice" in source and target phrases', async () => {
    assert.ok((await vscode.commands.getCommands(true)).includes('terminology.searchGlossaries'));
    const r = await ext.search.searchGlossaries('invoice', {}, new AbortController().signal);
    const product = r.matches.filter((m) => m.glossaryName === 'Product terminology');
    assert.deepEqual(product.map((m) => `${m.sourceLang}-${m.targetLang} ${m.line + 1} ${m.field}`), ['en-de 4 source', 'de-en 2 target', 'en-ja 3 source', 'en-fr 2 source']);
    assert.equal((await ext.search.searchGlossaries('INVOICE', { caseSensitive: true }, new AbortController().signal)).matches.length, 0);
  });

  it('search load: 1000 glossaries of 5 dictionaries in the tree; a search over 100 dictionaries under every fifth request answered 429', async function () {
    this.timeout(180_000);
    const emu = service();
    // The tree: list, expand, filter.
    account().glossaries = [...saved, ...loadGlossaries(1000)];
    const treeStart = emu.requests.length;
    let t0 = performance.now();
    assert.equal(await nextLoad(ext.glossaries, () => ext.glossaries.refresh()), 'ready');
    const roots = await ext.glossaries.getChildren();
    const listMs = performance.now() - t0;
    assert.equal(roots.length, saved.length + 1000);
    const node = roots.find((n) => label(n.treeItem()) === 'Load 0500') as Node;
    const dicts = await ext.glossaries.getChildren(node);
    assert.deepEqual(dicts.map((d) => label(d.treeItem())), ['EN → DE', 'EN → FR', 'EN → JA', 'EN → IT', 'EN → ES']);
    t0 = performance.now();
    await ext.glossaries.setFilter('load 0999');
    assert.deepEqual((await ext.glossaries.getChildren()).map((n) => label(n.treeItem())), ['Load 0999']);
    await vscode.commands.executeCommand('terminology.glossaries.clearFilter');
    assert.equal((await ext.glossaries.getChildren()).length, saved.length + 1000);
    const filterMs = performance.now() - t0;
    const treeRequests = emu.requests.slice(treeStart).filter((r) => r.path.startsWith('/v3/glossaries'));
    assert.deepEqual(treeRequests.map((r) => `${r.method} ${r.path}`), ['GET /v3/glossaries'], 'one listing; expanding and filtering send nothing');
    note(`tree of ${roots.length} glossaries: listed and rendered in ${listMs.toFixed(0)} ms; filter + clear ${filterMs.toFixed(0)} ms; ${treeRequests.length} request`);

    // The search: 20 glossaries × 5 = 100 dictionaries; every fifth request answered 429 (Retry-After: 0).
    account().glossaries = loadGlossaries(20);
    const searched = /^\/v3\/glossaries(\/[^/]+\/entries)?$/;
    emu.injectFault({ every: 5, count: Infinity, status: 429, retryAfter: 0, path: searched.source });
    // The other answers take 10 ms, as over a network, so that requests overlap at the emulator (without any
    // latency it answers each one before the next arrives, and in-flight counts say nothing).
    emu.injectFault({ count: Infinity, latencyMs: 10, path: searched.source });
    emu.concurrency.max = 0;
    const start = emu.requests.length;
    t0 = performance.now();
    const r = await ext.search.searchGlossaries('needle', {}, new AbortController().signal);
    const searchMs = performance.now() - t0;
    emu.clearFaults();
    const reqs = emu.requests.slice(start).filter((x) => searched.test(x.path));
    assert.deepEqual([r.dictionaries, r.matches.length, r.failures.length, r.fetched], [100, 100, 0, 100]);
    const ok = reqs.filter((x) => x.status === 200).length;
    const limited = reqs.filter((x) => x.status === 429).length;
    assert.equal(ok + limited, reqs.length, 'every answer was 200 or 429');
    assert.equal(ok, 101, 'one listing and one successful entries request per dictionary');
    assert.equal(limited, Math.floor(reqs.length / 5), 'exactly every fifth request was refused');
    assert.equal(reqs.length, 126, '101 requests + 25 retries, no storm');
    const perDictionary = new Map<string, number>();
    for (const x of reqs.filter((y) => y.path.endsWith('/entries'))) perDictionary.set(`${x.path}?${x.query}`, (perDictionary.get(`${x.path}?${x.query}`) ?? 0) + 1);
    assert.equal(perDictionary.size, 100);
    const mostAttempts = Math.max(...perDictionary.values());
    assert.ok(mostAttempts <= 5, 'no dictionary requested beyond the 5 attempts of the retry policy');
    assert.ok(emu.concurrency.max >= 2 && emu.concurrency.max <= 4, `requests overlap, at most 4 in flight (saw ${emu.concurrency.max})`);
    note(`search of 100 dictionaries under 429 every 5th: ${searchMs.toFixed(0)} ms, ${reqs.length} requests (${ok} × 200, ${limited} × 429), at most ${mostAttempts} attempts for one dictionary, at most ${emu.concurrency.max} in flight`);

    // Again: unchanged dictionaries come from the cache (one listing request); a changed count is fetched again.
    const again = emu.requests.length;
    const cached = await ext.search.searchGlossaries('NEEDLE 7.', {}, new AbortController().signal);
    assert.deepEqual([cached.fetched, cached.cached, cached.matches.length], [0, 100, 5]);
    assert.deepEqual(emu.requests.slice(again).filter((x) => searched.test(x.path)).map((x) => x.path), ['/v3/glossaries']);
    account().glossaries[3].dictionaries[2].entries.push(['needle extra', 'x']);
    const changed = await ext.search.searchGlossaries('needle extra', {}, new AbortController().signal);
    assert.deepEqual([changed.fetched, changed.matches.map((m) => `${m.glossaryName} ${m.targetLang} ${m.line + 1}`)], [1, ['Load 0003 ja 4']]);
  });

  it('search: after a push that keeps the entry count, the pushed entries are found (no stale cache)', async () => {
    account().glossaries = saved;
    const product = saved.find((g) => g.name === 'Product terminology')!;
    const ende = () => product.dictionaries.find((d) => d.target_lang === 'de')!;
    const before = ende().entries.map((e) => [...e] as [string, string]);
    assert.equal((await ext.search.searchGlossaries('Rechnungswesen', {}, new AbortController().signal)).matches.length, 0);
    const doc = await ext.actions.openDictionary({ glossaryId: product.glossary_id, name: product.name }, { sourceLang: 'en', targetLang: 'de' });
    try {
      const line = doc.getText().split('\n').findIndex((l) => l.startsWith('invoice\t'));
      const edit = new vscode.WorkspaceEdit();
      edit.replace(doc.uri, new vscode.Range(line, 'invoice\t'.length, line, doc.lineAt(line).text.length), 'Rechnungswesen');
      assert.ok(await vscode.workspace.applyEdit(edit));
      assert.ok(await doc.save());
      assert.deepEqual(ende().entries.find((e) => e[0] === 'invoice'), ['invoice', 'Rechnungswesen'], 'pushed');
      assert.equal(ende().entries.length, before.length, 'the same entry count');
      const r = await ext.search.searchGlossaries('Rechnungswesen', {}, new AbortController().signal);
      assert.deepEqual(r.matches.map((m) => `${m.sourceLang}-${m.targetLang} ${m.line + 1} ${m.source}`), [`en-de ${line + 1} invoice`]);
    } finally {
      ende().entries = before;
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    }
  });

  it('search: cancelling stops the fetches', async () => {
    account().glossaries = loadGlossaries(40);
    ext.search.cache.clear();
    const start = service().requests.length;
    const ac = new AbortController();
    await assert.rejects(ext.search.searchGlossaries('needle', { onProgress: (p) => { if (p.done >= 8) ac.abort(); } }, ac.signal), { name: 'CancelledError' });
    const fetched = service().requests.slice(start).filter((x) => x.path.endsWith('/entries')).length;
    assert.ok(fetched < 20, `${fetched} of 200 dictionaries requested before the search stopped`);
  });
});
