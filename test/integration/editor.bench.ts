// Editor benchmark (npm run bench:editor): a 10 MiB dictionary in a real VS Code.
// Every figure is printed beside a baseline measured in the same run, in the same editor:
// - VS Code's own cost: the same operations on the same bytes served by a minimal in-memory FileSystemProvider
//   (open, a one-line edit, save, a re-read as a Pull does, a whole-text replace as a Merge does);
// - for each operation, the longest stall of the extension host's event loop, ours beside VS Code's own: while the
//   loop stalls, every other extension and our own views wait.
// The service emulator runs in a child process here (not in the extension host as in the other suites), so that
// its own work (serialising 10 MiB) is not counted as ours.
import * as assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { makeCorpus } from '../bench/corpus';
import type { TerminologyApi } from '../../src/extension';
import { note } from './report';
import { api, EXTENSION_ID, PAID_KEY, service } from './service';
import { holdText, onCore, onCoreText, Profiler, withStallMonitor, type Attribution, type Stall } from './stalls';
import { startChildEmulator } from './benchEmulator';

const RUNS = Number(process.env.TERMINOLOGY_BENCH_RUNS ?? 9);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** When our diagnostics of `uri` pass `check` as published: our diagnostics set (which sends them to the window at
 * once), seen through onDidLint, which fires right after it. */
function published(ext: TerminologyApi, uri: vscode.Uri, check: (ds: readonly vscode.Diagnostic[]) => boolean): Promise<number> {
  return new Promise((resolve) => {
    const sub = ext.onDidLint((u) => {
      if (u.toString() === uri.toString() && check(vscode.languages.getDiagnostics(uri))) { sub.dispose(); resolve(performance.now()); }
    });
  });
}

/** The same through VS Code's onDidChangeDiagnostics in the extension host, which VS Code fires 50 ms after a set
 * (a DebounceEmitter): a figure of VS Code's event, not of when the window has the diagnostics. */
function nextDiagnostics(uri: vscode.Uri, check: (ds: readonly vscode.Diagnostic[]) => boolean): Promise<number> {
  return new Promise((resolve) => {
    const sub = vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((u) => u.toString() === uri.toString()) && check(vscode.languages.getDiagnostics(uri))) {
        sub.dispose();
        resolve(performance.now());
      }
    });
  });
}

function nextChange(doc: vscode.TextDocument): Promise<number> {
  return new Promise((resolve) => {
    const sub = vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document === doc && e.contentChanges.length) { sub.dispose(); resolve(performance.now()); }
    });
  });
}

interface Row { op: string; ours: number; oursStall: number; oursStalls: Stall[]; base?: number; baseStall?: number; baseStalls?: Stall[]; baseName?: string }

describe('editor benchmark: a 10 MiB dictionary', function () {
  this.timeout(15 * 60_000);
  const corpus = makeCorpus(undefined, 42, true);
  let ext: TerminologyApi;
  let emu: { child: ChildProcess; url: string };
  const glossaries: Array<{ glossaryId: string; name: string }> = [];
  const headers = { Authorization: `Service-Auth-Key ${PAID_KEY}`, 'Content-Type': 'application/json' };
  const putEntries = async (glossaryId: string, entries: string) => {
    const res = await fetch(`${emu.url}/v3/glossaries/${glossaryId}/dictionaries`, {
      method: 'PUT', headers, body: JSON.stringify({ source_lang: 'en', target_lang: 'de', entries, entries_format: 'tsv' }),
    });
    assert.ok(res.ok, `PUT ${res.status}`);
  };

  // Every request the extension sends, to count the entries fetches of a save.
  const requests: string[] = [];
  /** When each request started (for the save's phases). */
  const timeline: Array<{ what: string; start: number }> = [];
  const realFetch = globalThis.fetch;

  before(async () => {
    globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => {
      const what = `${init?.method ?? 'GET'} ${new URL(input instanceof Request ? input.url : String(input)).pathname}`;
      requests.push(what);
      timeline.push({ what, start: performance.now() });
      return realFetch(input, init);
    }) as typeof fetch;
    ext = await api();
    emu = await startChildEmulator();
    for (const n of [1, 2, 3]) {
      const res = await fetch(`${emu.url}/v3/glossaries`, {
        method: 'POST', headers,
        body: JSON.stringify({ name: `Bench 10 MiB ${n}`, dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: corpus.text, entries_format: 'tsv' }] }),
      });
      assert.ok(res.ok, `create ${res.status}`);
      const g = await res.json() as { glossary_id: string; name: string };
      glossaries.push({ glossaryId: g.glossary_id, name: g.name });
    }
    const config = vscode.workspace.getConfiguration('terminology');
    await config.update('baseUrl', emu.url, vscode.ConfigurationTarget.Global);
    assert.ok(await ext.actions.setApiKey(PAID_KEY));
    note(`corpus: ${corpus.entries} entries, ${(corpus.bytes / 1048576).toFixed(2)} MiB; ${RUNS} runs per edit figure, medians; emulator in a child process`);
  });

  after(async () => {
    globalThis.fetch = realFetch;
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.getConfiguration('terminology').update('baseUrl', service().url, vscode.ConfigurationTarget.Global);
    emu.child.kill();
  });

  it('activation, open, edit, save, Pull, Merge, Fix All, table and Search: time and longest stall, ours beside VS Code\'s own', async () => {
    const rows: Row[] = [];
    const loadAtStart = os.loadavg()[0];
    // A CPU profile of the extension host over the whole run tells whose work each stall was (stalls.ts);
    // TERMINOLOGY_BENCH_PROFILE=file.cpuprofile also writes it out.
    const profileTo = process.env.TERMINOLOGY_BENCH_PROFILE;
    const bundle = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist') + path.sep;
    const benchDir = path.join(__dirname, '..');
    const toPath = (url: string) => (url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url);
    const profiler = new Profiler((url) => toPath(url).startsWith(bundle), (url) => toPath(url).startsWith(benchDir));
    const clockBefore = Number(process.hrtime.bigint() / 1000n);
    await profiler.start();
    const clockAfter = Number(process.hrtime.bigint() / 1000n);
    // ---- VS Code's own cost: the same bytes from a minimal in-memory FileSystemProvider ----
    let bytes: Uint8Array = new TextEncoder().encode(corpus.text);
    let mtime = 1;
    const changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
    const memory = vscode.workspace.registerFileSystemProvider('terminology-bench', {
      onDidChangeFile: changed.event,
      watch: () => new vscode.Disposable(() => undefined),
      stat: () => ({ type: vscode.FileType.File, ctime: 1, mtime, size: bytes.byteLength }),
      readFile: () => bytes,
      writeFile: (_u, content) => { bytes = content; mtime++; },
      readDirectory: () => [], createDirectory: () => undefined, delete: () => undefined, rename: () => undefined,
    });
    const baseOpen: number[] = [];
    let baseOpenStall = 0;
    const baseOpenStalls: Stall[] = [];
    let plain!: vscode.TextDocument;
    for (let i = 0; i < 3; i++) {
      const r = await withStallMonitor(async () => {
        const d = await vscode.workspace.openTextDocument(vscode.Uri.parse(`terminology-bench:/copy-${i}/en-de.tsv`));
        await vscode.window.showTextDocument(d);
        return d;
      });
      baseOpen.push(r.ms);
      baseOpenStall = Math.max(baseOpenStall, r.maxStallMs);
      baseOpenStalls.push(...r.stalls);
      plain = r.result;
      if (i < 2) await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
    const plainEditor = await vscode.window.showTextDocument(plain);
    const baseEdit: number[] = [];
    let baseEditStall = 0;
    const baseEditStalls: Stall[] = [];
    for (let i = 0; i < RUNS; i++) {
      const line = Math.floor(plain.lineCount / 2) + i;
      const r = await withStallMonitor(async () => {
        const t0 = performance.now();
        const seen = nextChange(plain);
        await plainEditor.edit((b) => b.insert(new vscode.Position(line + 1, 0), `x\tDuplikat ${i}\n`));
        return (await seen) - t0;
      });
      baseEdit.push(r.result);
      baseEditStall = Math.max(baseEditStall, r.maxStallMs);
      baseEditStalls.push(...r.stalls);
    }
    const baseSave = await withStallMonitor(async () => assert.equal(await plain.save(), true));
    // A Pull: VS Code reads the provider's (changed) text again into the document (Revert, after an edit).
    bytes = new TextEncoder().encode(corpus.text.replace('\n', '\ncolleague\tKollege\n'));
    mtime++;
    assert.ok(await plainEditor.edit((b) => b.insert(new vscode.Position(3, 0), 'mine\tmeins\n')));
    const basePull = await withStallMonitor(() => Promise.resolve(vscode.commands.executeCommand('workbench.action.files.revert')));
    // A Merge: the edit it makes (two entries inserted), through applyEdit.
    const baseMerge = await withStallMonitor(async () => {
      const edit = new vscode.WorkspaceEdit();
      edit.insert(plain.uri, new vscode.Position(1, 0), 'colleague2\tKollegin\n');
      edit.insert(plain.uri, new vscode.Position(5, 0), 'mine\tmeins\n');
      assert.ok(await vscode.workspace.applyEdit(edit));
    });
    // Fix All: the edit it makes (eight small changes), through applyEdit.
    const fixLines = Array.from({ length: 8 }, (_, k) => 1000 + k * 25_000);
    const baseFix = await withStallMonitor(async () => {
      const edit = new vscode.WorkspaceEdit();
      for (const l of fixLines) edit.delete(plain.uri, new vscode.Range(l, 0, l, 1));
      assert.ok(await vscode.workspace.applyEdit(edit));
    });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    memory.dispose();
    changed.dispose();

    // ---- ours: the remote dictionary through the extension's file system provider ----
    const ours: number[] = [];
    let openStall = 0;
    const openStalls: Stall[] = [];
    let doc!: vscode.TextDocument;
    for (const glossary of glossaries) {
      const uri = vscode.Uri.from({ scheme: 'terminology', authority: 'glossaries', path: `/${glossary.name}/en-de.glossary.tsv`, query: `id=${glossary.glossaryId}` });
      const linted = new Promise<void>((resolve) => {
        const sub = ext.onDidLint((u) => { if (u.toString() === uri.toString()) { sub.dispose(); resolve(); } });
      });
      const r = await withStallMonitor(async () => {
        doc = await ext.actions.openDictionary(glossary, { sourceLang: 'en', targetLang: 'de' });
        await linted; // diagnostics published (the extension's own event: an empty set fires no diagnostics change)
      });
      ours.push(r.ms);
      openStall = Math.max(openStall, r.maxStallMs);
      openStalls.push(...r.stalls);
      if (glossary !== glossaries[2]) await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
    assert.equal(doc.lineCount, corpus.entries + 1);
    rows.push({ op: 'open → diagnostics', ours: median(ours), oursStall: openStall, oursStalls: openStalls, base: median(baseOpen), baseStall: baseOpenStall, baseStalls: baseOpenStalls, baseName: 'open' });

    // One-line edits in the middle: each adds a duplicate source; time until its diagnostic is published.
    const editor = await vscode.window.showTextDocument(doc);
    const lat: number[] = [];
    const latEvent: number[] = [];
    let editStall = 0;
    const editStalls: Stall[] = [];
    for (let i = 0; i < RUNS; i++) {
      const line = Math.floor(doc.lineCount / 2) + i;
      const source = doc.lineAt(line).text.split('\t')[0];
      const check = (ds: readonly vscode.Diagnostic[]) => ds.some((d) => d.range.start.line === line + 1 && d.code && typeof d.code === 'object' && d.code.value === 'duplicate-source');
      const out = published(ext, doc.uri, check);
      const seen = nextDiagnostics(doc.uri, check);
      const r = await withStallMonitor(async () => {
        const t0 = performance.now();
        await editor.edit((b) => b.insert(new vscode.Position(line + 1, 0), `${source}\tDuplikat ${i}\n`));
        return [(await out) - t0, (await seen) - t0];
      });
      lat.push(r.result[0]);
      latEvent.push(r.result[1]);
      editStall = Math.max(editStall, r.maxStallMs);
      editStalls.push(...r.stalls);
    }
    const debounce = ext.diagnostics.debounceFor(doc);
    note(`one-line edit → VS Code's onDidChangeDiagnostics in the extension host (fired 50 ms after a set), beyond the debounce: ${ms(median(latEvent) - debounce)}`);
    rows.push({ op: `one-line edit → its diagnostic published, beyond the ${debounce} ms debounce`, ours: median(lat) - debounce, oursStall: editStall, oursStalls: editStalls, base: median(baseEdit), baseStall: baseEditStall, baseStalls: baseEditStalls, baseName: 'the change event' });

    // Save = push: the text without the duplicates plus one new entry, then save of the whole 10 MiB.
    const text = corpus.text.replace('\n', '\nbench-added\tneu\n');
    const all = new vscode.WorkspaceEdit();
    all.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
    // Saved once the edit's findings are published, as when a person presses Ctrl+S after an edit: the save's figure
    // is the save's, not the whole-text edit's lint beside it.
    const settled = published(ext, doc.uri, (ds) => !ds.some((d) => d.severity === vscode.DiagnosticSeverity.Error));
    assert.ok(await vscode.workspace.applyEdit(all));
    await settled;
    const sent = requests.length;
    const sentAt = timeline.length;
    let willSaveAt = 0;
    const willSave = vscode.workspace.onWillSaveTextDocument((e) => { if (e.document === doc) willSaveAt = performance.now(); });
    const saveStart = performance.now();
    const save = await withStallMonitor(() => Promise.resolve(doc.save()));
    willSave.dispose();
    const phases = timeline.slice(sentAt).filter((t) => t.what.endsWith('/entries') || t.what.startsWith('PUT'));
    assert.equal(save.result, true);
    const fetches = requests.slice(sent).filter((r) => r.startsWith('GET') && r.endsWith('/entries')).length;
    rows.push({ op: 'save = push (lint, fetch, compare, PUT)', ours: save.ms, oursStall: save.maxStallMs, oursStalls: save.stalls, base: baseSave.ms, baseStall: baseSave.maxStallMs, baseStalls: baseSave.stalls, baseName: 'save' });
    // The same fetch and PUT, bare (fetch and JSON, nothing else), in the same run.
    const bareTimes = { fetch: 0, put: 0 };
    const bare = await withStallMonitor(async () => {
      const t0 = performance.now();
      const got = await realFetch(`${emu.url}/v3/glossaries/${glossaries[2].glossaryId}/entries?source_lang=en&target_lang=de`, { headers });
      assert.ok(((await got.json()) as { dictionaries: Array<{ entries: string }> }).dictionaries[0].entries.length > 1000);
      const t1 = performance.now();
      const put = await realFetch(`${emu.url}/v3/glossaries/${glossaries[2].glossaryId}/dictionaries`, {
        method: 'PUT', headers, body: JSON.stringify({ source_lang: 'en', target_lang: 'de', entries: text, entries_format: 'tsv' }),
      });
      await put.json();
      bareTimes.fetch = t1 - t0;
      bareTimes.put = performance.now() - t1;
    });
    const at = (t: number) => `${(t - saveStart).toFixed(0)}`;
    const savePhases = [`onWillSave ${at(willSaveAt)}`, ...phases.map((p) => `${p.what.startsWith('PUT') ? 'PUT' : 'entries fetch'} sent ${at(p.start)}`), `saved ${save.ms.toFixed(0)}`].join(', ');

    // Pull: a colleague changed the remote; the clean document takes it.
    const glossary = glossaries[2];
    await putEntries(glossary.glossaryId, text.replace('\n', '\ncolleague\tKollege\n'));
    const pull = await withStallMonitor(() => ext.actions.pull(doc.uri));
    assert.ok(doc.getText().includes('colleague\tKollege'));
    rows.push({ op: 'Pull', ours: pull.ms, oursStall: pull.maxStallMs, oursStalls: pull.stalls, base: basePull.ms, baseStall: basePull.maxStallMs, baseStalls: basePull.stalls, baseName: 're-read (Revert)' });

    // Merge: a colleague's second change, and one of ours.
    await putEntries(glossary.glossaryId, doc.getText().replace('\n', '\ncolleague2\tKollegin\n'));
    assert.ok(await editor.edit((b) => b.insert(new vscode.Position(5, 0), 'mine\tmeins\n')));
    const merge = await withStallMonitor(() => ext.actions.mergeWithRemote(doc.uri));
    assert.equal(merge.result.conflicts, 0);
    assert.ok(doc.getText().includes('colleague2\tKollegin') && doc.getText().includes('mine\tmeins'));
    rows.push({ op: 'Merge', ours: merge.ms, oursStall: merge.maxStallMs, oursStalls: merge.stalls, base: baseMerge.ms, baseStall: baseMerge.maxStallMs, baseStalls: baseMerge.stalls, baseName: 'the same edit, applyEdit' });
    await vscode.commands.executeCommand('workbench.action.files.revert');

    // Fix All: eight lines with a leading space (one edit), then Fix All until the document's findings are clean.
    const spaced = new vscode.WorkspaceEdit();
    for (const l of fixLines) spaced.insert(doc.uri, new vscode.Position(l, 0), ' ');
    const flagged = published(ext, doc.uri, (ds) => ds.filter((d) => d.code && typeof d.code === 'object' && d.code.value === 'surrounding-whitespace').length === 8);
    assert.ok(await vscode.workspace.applyEdit(spaced));
    await flagged;
    const fixed = await withStallMonitor(async () => {
      const clean = published(ext, doc.uri, (ds) => ds.length === 0);
      const applied = await vscode.commands.executeCommand<number>('terminology.fixAll', doc.uri);
      await clean;
      return applied;
    });
    assert.equal(fixed.result, 8);
    rows.push({ op: 'Fix All (8 fixes) → findings clean', ours: fixed.ms, oursStall: fixed.maxStallMs, oursStalls: fixed.stalls, base: baseFix.ms, baseStall: baseFix.maxStallMs, baseStalls: baseFix.stalls, baseName: 'the same edit, applyEdit' });
    await vscode.commands.executeCommand('workbench.action.files.revert');

    // Table view of the same document: open until every row is in the webview.
    const report = <T extends 'rendered' | 'loaded' | 'scrollMeasured'>(type: T) => new Promise<Extract<Parameters<Parameters<typeof ext.table.onDidReport>[0]>[0]['figures'], { type: T }>>((resolve) => {
      const sub = ext.table.onDidReport((r) => {
        if (r.uri.toString() === doc.uri.toString() && r.figures.type === type) { sub.dispose(); resolve(r.figures as never); }
      });
    });
    const rendered = report('rendered');
    const loaded = report('loaded');
    let firstMs = 0;
    const table = await withStallMonitor(async () => {
      const t0 = performance.now();
      await vscode.commands.executeCommand('vscode.openWith', doc.uri, 'terminology.table');
      await rendered;
      firstMs = performance.now() - t0;
      await loaded;
    });
    const scrolled = report('scrollMeasured');
    ext.table.command('measureScroll');
    const scroll = await scrolled;
    rows.push({ op: 'table view: open → all rows', ours: table.ms, oursStall: table.maxStallMs, oursStalls: table.stalls });

    // Search Glossaries: every dictionary (3 × 10 MiB), fetched and searched.
    const search = await withStallMonitor(() => ext.search.searchGlossaries('Wolke Server'));
    assert.ok(search.result.matches.length > 0);
    rows.push({ op: 'Search Glossaries (3 × 10 MiB)', ours: search.ms, oursStall: search.maxStallMs, oursStalls: search.stalls });

    const profile = await profiler.stop();
    if (profileTo) (await import('node:fs')).writeFileSync(profileTo, JSON.stringify(profile));
    // The profile's clock is the monotonic one the monitor reads; a start outside the window around it means not.
    const aligned = profile.startTime >= clockBefore - 50_000 && profile.startTime <= clockAfter + 50_000;
    note('operation | ours | VS Code\'s own (in-memory provider) | ratio | longest stall: ours / VS Code\'s own (goal: ours ≤ 50 ms)');
    for (const r of rows) {
      note(`${r.op} | ${ms(r.ours)} | ${r.base === undefined ? '-' : `${ms(r.base)} (${r.baseName})`} | ${r.base === undefined ? '-' : `${(r.ours / r.base).toFixed(2)}x`} | ` +
        `${ms(r.oursStall)} / ${r.baseStall === undefined ? '-' : ms(r.baseStall)}`);
    }
    if (!aligned) note(`the CPU profile's clock does not match the monitor's (${profile.startTime} µs, monitor ${clockBefore}–${clockAfter}): no attribution`);
    else {
      // Whose work the stalls were: the samples inside each stall's window, by the frames on their stacks.
      const split = (a: Attribution | undefined) => (a ? `${ms(a.stallMs)} = ours ${ms(a.ours)}, VS Code's ${ms(a.vscode)}, GC ${ms(a.gc)}${a.bench >= 1 ? `, the benchmark's ${ms(a.bench)}` : ''}${onCore(a)} [${a.top}]` : 'none over 15 ms');
      note('stalls by whose work (CPU profile, 0.5 ms samples; "ours" = a frame of dist/ on the stack): the longest stall, and the one where our own work held the loop longest');
      note('"on a core": how long the extension host\'s thread ran in that stall (its CPU time); the rest of the stall it waited for a core the machine\'s other work had');
      note('operation | our longest hold of the loop (goal ≤ 50 ms) | the longest stall | in VS Code\'s own operation: the longest stall');
      for (const r of rows) {
        const o = profiler.summarize(r.oursStalls);
        const b = r.baseStalls ? profiler.summarize(r.baseStalls) : undefined;
        note(`${r.op} | ${holdText(o.oursLongest, ms)}${o.oursLongest && o.oursLongest !== o.longest ? ` (in a stall of ${split(o.oursLongest)})` : ''}${onCoreText(o)} | ${split(o.longest)} | ${b ? split(b.longest) : '-'}`);
      }
      note(`(bare fetch + PUT, the benchmark's own code: the longest stall ${split(profiler.summarize(bare.stalls).longest)})`);
    }
    note(`table view of ${scroll.frames ? 'all' : ''} rows: first rows ${ms(firstMs)} = ${(firstMs / 300).toFixed(2)}x the 0.3 s goal; all rows ${ms(table.ms)} = ${(table.ms / 600).toFixed(2)}x the 0.6 s goal; ` +
      `scrolling: work per frame median ${ms(scroll.medianMs)}, max ${ms(scroll.maxMs)} over ${scroll.frames} jumps = ${(scroll.maxMs / 16.7).toFixed(2)}x a 60 Hz frame at worst`);
    note(`save = push of 10 MiB: ${ms(save.ms)} vs bare fetch + PUT ${ms(bare.ms)} = ${(save.ms / bare.ms).toFixed(2)}x (goal ≤ 1.3x); ` +
      `entries fetches during the save: ${fetches} (goal: 1); the bare pair stalls ${ms(bare.maxStallMs)}`);
    note(`save = push, phases in ms from doc.save(): ${savePhases}; bare: fetch ${ms(bareTimes.fetch)}, PUT ${ms(bareTimes.put)}; VS Code's own save of the same bytes (in-memory provider) ${ms(baseSave.ms)}`);
    // What no implementation can beat here: a save pushes after VS Code hands it the bytes (its own save of the same
    // bytes, then the PUT), and an open from the service fetches before VS Code builds the document (the fetch, then
    // VS Code's own open of the same bytes). Ratios to the goals' baselines.
    const openBase = rows.find((r) => r.op === 'open → diagnostics')!.base!;
    note(`floors on this machine in this run: VS Code's own save + the bare PUT = ${ms(baseSave.ms + bareTimes.put)} = ${((baseSave.ms + bareTimes.put) / bare.ms).toFixed(2)}x the bare fetch + PUT (save goal 1.3x); ` +
      `the bare fetch + VS Code's own open = ${ms(bareTimes.fetch + openBase)} = ${((bareTimes.fetch + openBase) / openBase).toFixed(2)}x VS Code's own open (open goal 1.15x)`);
    note(`activation: ${ms(ext.activationMs)} = ${(ext.activationMs / 20).toFixed(2)}x the 20 ms goal (${ext.activationSteps})`);
    // The stalls and the profile are wall-clock: on a machine with more runnable work than cores, a slice of 8 ms
    // of CPU takes longer.
    note(`load average (1 min) at the start / the end of the run: ${loadAtStart.toFixed(2)} / ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores`);
  });
});
