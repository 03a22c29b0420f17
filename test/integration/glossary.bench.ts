// Multilingual glossary benchmark (npm run bench:editor; alone: TERMINOLOGY_TEST_GREP='glossary benchmark'):
// a glossary of 5 dictionaries from EN of 2 MiB each (10 MiB) opened as one multilingual document in a real VS Code.
// - open → text shown, → first diagnostics, → all findings (goals 0.5 s and 1.5 s), beside VS Code's own open of
//   the same bytes from a minimal in-memory FileSystemProvider (not linted by us);
// - editing one cell → its findings, the ones across dictionaries included (goal: < 50 ms beyond the debounce),
//   beside the same edit's change event on the in-memory copy;
// - the longest stall of the extension host's event loop during each;
// - saving after editing one cell: the PUTs the emulator received (goal: exactly one, for that dictionary).
// The emulator runs in a child process, so that its own work is not counted as ours. Before either open is timed,
// the same text is opened once from the in-memory provider and closed, so that both timed opens find VS Code's own
// code paths (the window's text model, the extension host's document) warm: whichever ran first would otherwise pay
// that alone.
import * as assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import { joinGridTexts, lintGrid } from '../../src/core';
import { codeOf, ours } from './diagnosticsHelpers';
import { note } from './report';
import { findingsPosted } from './tablePosts';
import { api, EXTENSION_ID, PAID_KEY, service } from './service';
import { holdText, onCore, onCoreText, Profiler, withStallMonitor, type Attribution, type Stall } from './stalls';
import { startChildEmulator } from './benchEmulator';
import { makeGlossary } from './benchGlossary';

const RUNS = Number(process.env.TERMINOLOGY_BENCH_RUNS ?? 9);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(1)} ms`;


describe('glossary benchmark: 5 dictionaries of 2 MiB as one multilingual document', function () {
  this.timeout(15 * 60_000);
  let ext: TerminologyApi;
  let emu: { child: ChildProcess; url: string };
  const dictionaries = makeGlossary();
  const totalBytes = dictionaries.reduce((n, d) => n + Buffer.byteLength(d.entries), 0);
  let glossary!: { glossaryId: string; name: string };
  let tableGlossary!: { glossaryId: string; name: string };
  const headers = { Authorization: `Service-Auth-Key ${PAID_KEY}`, 'Content-Type': 'application/json' };
  const emulatorRequests = async () => (await (await fetch(`${emu.url}/__admin/requests`)).json()) as Array<{ method: string; path: string; status: number; query?: string }>;

  before(async () => {
    ext = await api();
    emu = await startChildEmulator();
    const res = await fetch(`${emu.url}/v3/glossaries`, {
      method: 'POST', headers,
      body: JSON.stringify({ name: 'Bench multilingual', dictionaries: dictionaries.map((d) => ({ ...d, entries_format: 'tsv' })) }),
    });
    assert.ok(res.ok, `create ${res.status}: ${await res.clone().text()}`);
    const g = await res.json() as { glossary_id: string; name: string };
    glossary = { glossaryId: g.glossary_id, name: g.name };
    // The same dictionaries once more, for a fresh open in the glossary table (the default of Open Glossary).
    const res2 = await fetch(`${emu.url}/v3/glossaries`, {
      method: 'POST', headers,
      body: JSON.stringify({ name: 'Bench multilingual table', dictionaries: dictionaries.map((d) => ({ ...d, entries_format: 'tsv' })) }),
    });
    assert.ok(res2.ok, `create ${res2.status}`);
    const g2 = await res2.json() as { glossary_id: string; name: string };
    tableGlossary = { glossaryId: g2.glossary_id, name: g2.name };
    await vscode.workspace.getConfiguration('terminology').update('baseUrl', emu.url, vscode.ConfigurationTarget.Global);
    assert.ok(await ext.actions.setApiKey(PAID_KEY));
    note(`glossary: ${dictionaries.length} dictionaries from EN, ${dictionaries.map((d) => `${d.target_lang.toUpperCase()} ${(Buffer.byteLength(d.entries) / 1048576).toFixed(2)} MiB`).join(', ')} (${(totalBytes / 1048576).toFixed(2)} MiB); ${RUNS} runs per edit figure, medians; emulator in a child process`);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.getConfiguration('terminology').update('baseUrl', service().url, vscode.ConfigurationTarget.Global);
    emu.child.kill();
  });

  it('open → text and all findings, edit one cell → its findings, save → one PUT; time and longest stall beside VS Code\'s own', async () => {
    // ---- warm-up: the same text once through the in-memory provider, closed again ----
    const bytes = new TextEncoder().encode(joinGridTexts('en', [...dictionaries].sort((a, b) => a.target_lang.localeCompare(b.target_lang)).map((d) => ({ targetLang: d.target_lang, text: d.entries }))));
    const memory = vscode.workspace.registerFileSystemProvider('terminology-gbench', {
      onDidChangeFile: new vscode.EventEmitter<vscode.FileChangeEvent[]>().event,
      watch: () => new vscode.Disposable(() => undefined),
      stat: () => ({ type: vscode.FileType.File, ctime: 1, mtime: 1, size: bytes.byteLength }),
      readFile: () => bytes,
      writeFile: () => undefined,
      readDirectory: () => [], createDirectory: () => undefined, delete: () => undefined, rename: () => undefined,
    });
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(vscode.Uri.parse('terminology-gbench:/warm/en.tsv')), { preview: false });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    // A CPU profile of the extension host over ours and VS Code's own, to tell whose work each stall was.
    const bundle = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist') + path.sep;
    const toPath = (url: string) => (url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url);
    const profiler = new Profiler((url) => toPath(url).startsWith(bundle), (url) => toPath(url).startsWith(path.join(__dirname, '..')));
    await profiler.start();

    // ---- ours: open the multilingual document ----
    const uri = vscode.Uri.from({ scheme: 'terminology', authority: 'glossaries', path: `/${glossary.name}/en.multilingual.tsv`, query: `id=${glossary.glossaryId}` });
    const lints: Array<{ at: number; count: number }> = [];
    const sub = ext.onDidLint((u) => { if (u.toString() === uri.toString()) lints.push({ at: performance.now(), count: ours(uri).length }); });
    let shownMs = 0;
    let doc!: vscode.TextDocument;
    const t0 = performance.now();
    const open = await withStallMonitor(async () => {
      doc = await ext.actions.openGlossary(glossary, 'en');
      shownMs = performance.now() - t0;
      // Diagnostics published at least once, and the checks across dictionaries with the glossary's context.
      while (!lints.length) await new Promise((r) => setTimeout(r, 5));
    });
    const text = doc.getText();
    const expected = lintGrid(text).length;
    for (let waited = 0; (lints.at(-1)?.count ?? 0) !== expected && waited < 10_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    sub.dispose();
    const firstMs = lints[0].at - t0;
    const all = lints.find((l) => l.count === expected);
    assert.ok(all, `all ${expected} findings published (last: ${lints.at(-1)?.count})`);
    const allMs = all.at - t0;
    const codes = new Map<string, number>();
    for (const d of ours(uri)) codes.set(codeOf(d), (codes.get(codeOf(d)) ?? 0) + 1);
    assert.ok(codes.get('missing-translation') && codes.get('inconsistent-source-case'), JSON.stringify([...codes]));
    note(`the document: ${doc.lineCount} lines, ${(Buffer.byteLength(text) / 1048576).toFixed(2)} MiB of text; findings ${expected}: ${[...codes].map(([c, n]) => `${c} ${n}`).join(', ')}`);

    // ---- VS Code's own cost: the same bytes from a minimal in-memory FileSystemProvider ----
    assert.equal(new TextDecoder().decode(bytes), text, 'the warm-up and the baseline open the text ours shows');
    const baseOpen = await withStallMonitor(async () => {
      const d = await vscode.workspace.openTextDocument(vscode.Uri.parse('terminology-gbench:/copy/en.tsv'));
      await vscode.window.showTextDocument(d, { preview: false });
      return d;
    });
    const plain = baseOpen.result;
    const plainEditor = await vscode.window.showTextDocument(plain);
    const baseEdit: number[] = [];
    let baseEditStall = 0;
    const cellRange = (d: vscode.TextDocument, line: number, column: number) => {
      const cells = d.lineAt(line).text.split('\t');
      const start = cells.slice(0, column).reduce((n, c) => n + c.length + 1, 0);
      return new vscode.Range(line, start, line, start + cells[column].length);
    };
    const lineFor = (i: number) => 1000 + i * 997;
    const donor = (d: vscode.TextDocument, i: number) => d.lineAt(lineFor(i) + 3).text.split('\t')[1];
    for (let i = 0; i < RUNS; i++) {
      const r = await withStallMonitor(async () => {
        const t = performance.now();
        const seen = new Promise<number>((resolve) => {
          const s = vscode.workspace.onDidChangeTextDocument((e) => { if (e.document === plain && e.contentChanges.length) { s.dispose(); resolve(performance.now()); } });
        });
        await plainEditor.edit((b) => b.replace(cellRange(plain, lineFor(i), 1), donor(plain, i)));
        return (await seen) - t;
      });
      baseEdit.push(r.result);
      baseEditStall = Math.max(baseEditStall, r.maxStallMs);
    }
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    memory.dispose();

    // ---- ours: edit one DE cell to the DE target of another line: both cells get same-target-for-different-sources ----
    const editor = await vscode.window.showTextDocument(doc);
    const lat: number[] = [];
    const latEvent: number[] = [];
    let editStall = 0;
    const editStalls: Stall[] = [];
    for (let i = 0; i < RUNS; i++) {
      const line = lineFor(i);
      const target = donor(doc, i);
      assert.ok(target, `line ${line + 3} has a DE cell`);
      const both = () => ours(uri).some((d) => d.range.start.line === line && codeOf(d) === 'same-target-for-different-sources') &&
        ours(uri).some((d) => d.range.start.line === line + 3 && codeOf(d) === 'same-target-for-different-sources');
      // Published: our diagnostics set (sent to the window at once), seen through onDidLint, which fires right after.
      const published = new Promise<number>((resolve) => {
        const s = ext.onDidLint((u) => { if (u.toString() === uri.toString() && both()) { s.dispose(); resolve(performance.now()); } });
      });
      // VS Code's own event in the extension host comes 50 ms after a set (its DebounceEmitter, delay 50).
      const seen = new Promise<number>((resolve) => {
        const s = vscode.languages.onDidChangeDiagnostics((e) => {
          if (e.uris.some((u) => u.toString() === uri.toString()) && both()) { s.dispose(); resolve(performance.now()); }
        });
      });
      const r = await withStallMonitor(async () => {
        const t = performance.now();
        assert.ok(await editor.edit((b) => b.replace(cellRange(doc, line, 1), target)));
        return [(await published) - t, (await seen) - t];
      });
      lat.push(r.result[0]);
      latEvent.push(r.result[1]);
      editStall = Math.max(editStall, r.maxStallMs);
      editStalls.push(...r.stalls);
    }
    const debounce = ext.diagnostics.debounceFor(doc);
    assert.deepEqual(ours(uri).map((d) => codeOf(d)).sort(), lintGrid(doc.getText()).map((f) => f.code).sort(), 'the incremental findings are those of a whole lint');

    // ---- save after editing cells of one column (DE): one PUT, for EN → DE ----
    const before = (await emulatorRequests()).length;
    const save = await withStallMonitor(() => Promise.resolve(doc.save()));
    assert.equal(save.result, true);

    const sent = (await emulatorRequests()).slice(before);
    const puts = sent.filter((r) => r.method === 'PUT');
    assert.equal(puts.length, 1, JSON.stringify(sent));
    const remote = await (await fetch(`${emu.url}/v3/glossaries/${glossary.glossaryId}/entries?source_lang=en&target_lang=de`, { headers })).json() as { dictionaries: Array<{ entries: string }> };
    assert.ok(remote.dictionaries[0].entries.includes(`\t${donor(doc, 0)}\n`));

    // ---- the glossary table (Open Glossary's default), fresh from the service: first rows, all rows, all findings ----
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const tableUri = vscode.Uri.from({ scheme: 'terminology', authority: 'glossaries', path: `/${tableGlossary.name}/en.multilingual.tsv`, query: `id=${tableGlossary.glossaryId}` });
    const tableReport = (type: 'rendered' | 'loaded') => new Promise<number>((resolve) => {
      const s = ext.table.onDidReport((r) => { if (r.uri.toString() === tableUri.toString() && r.figures.type === type) { s.dispose(); resolve(performance.now()); } });
    });
    const tableFindings = findingsPosted(ext, tableUri, (f) => f.flatMap(([, l]) => l.map((x) => x.code)).filter((c) => c === 'missing-translation').length >= 9000, 120_000).then((r) => r.at);
    const rendered = tableReport('rendered');
    const loaded = tableReport('loaded');
    const tt0 = performance.now();
    const tableOpen = await withStallMonitor(async () => {
      await ext.actions.openGlossary(tableGlossary, 'en', { in: 'table' });
      return [await rendered, await loaded, await tableFindings];
    });
    const [tFirst, tAll, tFound] = tableOpen.result.map((x) => x - tt0);
    const profile = await profiler.stop();
    if (process.env.TERMINOLOGY_BENCH_PROFILE) (await import('node:fs')).writeFileSync(process.env.TERMINOLOGY_BENCH_PROFILE, JSON.stringify(profile));

    note('operation | ours | VS Code\'s own (in-memory provider, same bytes) | ratio | goal | longest stall: ours / VS Code\'s own');
    note(`open in the glossary table (fresh from the service) → first rows | ${ms(tFirst)} | ${ms(baseOpen.ms)} (open as text) | ${(tFirst / baseOpen.ms).toFixed(2)}x | < 500 ms (${(tFirst / 500).toFixed(2)}x) | ${ms(tableOpen.maxStallMs)}`);
    note(`open in the glossary table → all rows / all findings on their cells | ${ms(tAll)} / ${ms(Math.max(tAll, tFound))} | | | < 1500 ms (${(Math.max(tAll, tFound) / 1500).toFixed(2)}x) | `);
    note(`open → text shown | ${ms(shownMs)} | ${ms(baseOpen.ms)} (open) | ${(shownMs / baseOpen.ms).toFixed(2)}x | < 500 ms (${(shownMs / 500).toFixed(2)}x) | ${ms(open.maxStallMs)} / ${ms(baseOpen.maxStallMs)}`);
    note(`open → first diagnostics | ${ms(firstMs)} | | | | `);
    note(`open → all findings (${expected}) | ${ms(allMs)} | | | < 1500 ms (${(allMs / 1500).toFixed(2)}x) | `);
    note(`edit one cell → its findings published (same target, on both lines), beyond the ${debounce} ms debounce | ${ms(median(lat) - debounce)} (all: ${lat.map((x) => (x - debounce).toFixed(0)).join(', ')}) | ${ms(median(baseEdit))} (the change event) | ${((median(lat) - debounce) / median(baseEdit)).toFixed(2)}x | < 50 ms | ${ms(editStall)} / ${ms(baseEditStall)}`);
    note(`  the same to VS Code's onDidChangeDiagnostics in the extension host (which VS Code fires 50 ms after a set) | ${ms(median(latEvent) - debounce)} | | | | `);
    const split = (a: Attribution | undefined) => (a ? `${ms(a.stallMs)} = ours ${ms(a.ours)}, VS Code's ${ms(a.vscode)}, GC ${ms(a.gc)}${a.bench >= 1 ? `, the benchmark's ${ms(a.bench)}` : ''}${onCore(a)} [${a.top}]` : 'none over 15 ms');
    for (const [op, stalls] of [['open', open.stalls], ['VS Code\'s own open', baseOpen.stalls], ['edit', editStalls], ['save', save.stalls], ['table open', tableOpen.stalls]] as const) {
      const o = profiler.summarize([...stalls]);
      note(`stalls of ${op} by whose work (CPU profile): our longest hold ${holdText(o.oursLongest, ms)}${o.oursLongest && o.oursLongest !== o.longest ? ` (in ${split(o.oursLongest)})` : ''}${onCoreText(o)}; the longest stall ${split(o.longest)}`);
    }
    note(`save after editing one column | ${ms(save.ms)} | | | | ${ms(save.maxStallMs)}; requests: ${sent.map((r) => `${r.method} ${r.path.replace(/\/v3\/glossaries\/[^/]+/, '…')}${r.query ? `?${r.query}` : ''}`).join(', ')} — PUTs: ${puts.length} (goal: 1)`);
  });
});
