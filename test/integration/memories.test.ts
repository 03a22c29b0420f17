import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TerminologyApi } from '../../src/extension';
import type { Node } from '../../src/trees/remoteTree';
import type { JobProgress } from '../../src/memories/memoryActions';
import { NotFoundError } from '../../src/api';
import { api, PAID_KEY, service } from './service';
import type { MemoriesTree } from '../../src/memories/memoriesTree';
import { BROKEN_TMX, numberedUnits, sampleTmx } from '../emulator/tmxSamples';
import { readTmx } from '../emulator/tmx';
import { recordingProgress, withStubbedWindow } from './stubWindow';

async function rendered(tree: vscode.TreeDataProvider<Node>) {
  const children = (await tree.getChildren()) ?? [];
  return Promise.all(children.map(async (n) => {
    const item = await tree.getTreeItem(n);
    return { node: n, item, label: String(typeof item.label === 'object' ? item.label.label : item.label), description: String(item.description ?? '') };
  }));
}

describe('translation memories in VS Code', () => {
  let ext: TerminologyApi;
  let dir: string;
  const file = (name: string, text: string) => { const p = join(dir, name); writeFileSync(p, text); return vscode.Uri.file(p); };

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    dir = mkdtempSync(join(tmpdir(), 'tm-it-'));
  });
  beforeEach(() => {
    service().state.accounts[PAID_KEY].memories = [];
    Object.assign(service().config, { jobsPaused: false, jobStepMs: 0 });
    ext.memories.tree.refresh();
  });
  after(async () => {
    service().state.accounts[PAID_KEY].memories = [];
    Object.assign(service().config, { jobsPaused: false, jobStepMs: undefined });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(dir, { recursive: true, force: true });
  });

  it('the view is empty (welcome state), then an import follows awaiting_input → processing → completed and the memory shows with its tooltip', async () => {
    const tree = ext.memories.tree;
    assert.equal(await nextLoad(tree, () => tree.refresh()), 'empty');
    service().config.jobsPaused = true;
    const phases: string[] = [];
    const onProgress = (p: JobProgress) => {
      const label = p.job ? `${p.phase}:${p.job.status}` : p.phase;
      if (phases.at(-1) !== label) phases.push(label);
      if (p.job) setTimeout(() => service().advanceJobs(), 0); // the test is the job's clock
    };
    const job = await ext.actions.importTmx(file('manual.tmx', sampleTmx()), 'Manual', { pollIntervalMs: 10, onProgress });
    assert.equal(job.status, 'completed', job.errorMessage);
    assert.deepEqual(phases, ['uploading', 'awaiting_input:awaiting_input', 'processing:processing', 'done:completed']);
    const rows = await rendered(tree);
    assert.deepEqual(rows.map((r) => [r.label, r.description]), [['Manual', 'EN → DE · 2 segments']]);
    assert.equal(tree.state, 'ready');
    const resolved = await tree.resolveTreeItem(rows[0].item, rows[0].node, new vscode.CancellationTokenSource().token);
    const tip = (resolved.tooltip as vscode.MarkdownString).value;
    assert.match(tip, new RegExp(job.translationMemoryId!));
    assert.match(tip, /created \d{4}-\d\d-\d\dT/);
    assert.match(tip, /updated \d{4}-\d\d-\d\dT/);
  });

  it('Import TMX… (the command) shows the job in words, never its raw status', async () => {
    service().config.jobsPaused = true;
    const messages: string[] = [];
    const said: string[] = [];
    await withStubbedWindow({
      showOpenDialog: async () => [file('words.tmx', sampleTmx())],
      showInputBox: async () => 'Words',
      // The test is the job's clock: each report of the job lets it take one step.
      withProgress: recordingProgress(messages, (m) => { if (!m?.startsWith('uploading')) setTimeout(() => service().advanceJobs(), 0); }),
      showInformationMessage: (async (m: string) => { said.push(m); return undefined; }) as typeof vscode.window.showInformationMessage,
    }, () => Promise.resolve(vscode.commands.executeCommand('terminology.memories.import')));
    assert.ok(messages.includes('waiting for the service to take the file'), messages.join(' | '));
    assert.ok(messages.includes('completed'), messages.join(' | '));
    for (const m of [...messages, ...said]) assert.doesNotMatch(m, /awaiting_input|_/, m);
    assert.match(said.join(' | '), /Imported "Words"/);
  });

  it('an import of a broken TMX ends failed with the service\'s message, and nothing is added', async () => {
    const [, text, message] = BROKEN_TMX[2];
    const job = await ext.actions.importTmx(file('broken.tmx', text), 'Broken', { pollIntervalMs: 10 });
    assert.equal(job.status, 'failed');
    assert.match(job.errorMessage ?? '', message);
    assert.deepEqual(await ext.memories.tree.items(), []);
  });

  it('cancelling an import stops following it, not the service\'s job', async () => {
    service().config.jobsPaused = true;
    const ac = new AbortController();
    await assert.rejects(ext.actions.importTmx(file('c.tmx', sampleTmx()), 'Cancelled', { pollIntervalMs: 10, signal: ac.signal, onProgress: (p) => { if (p.job) ac.abort(); } }), /Cancelled/);
    service().advanceJobs();
    service().advanceJobs();
    ext.memories.tree.refresh();
    assert.deepEqual((await ext.memories.tree.items())?.map((m) => m.name), ['Cancelled']);
  });

  it('browses segments: the first page with the total, more pages as the editor scrolls to the end, a filter sent to the service with its case toggle', async () => {
    const job = await ext.actions.importTmx(file('big.tmx', sampleTmx([...numberedUnits(230), ['Cloud', 'Wolke']])), 'Big', { pollIntervalMs: 10 });
    const id = job.translationMemoryId!;
    const { uri, afterAnswerMs } = await ext.actions.browseSegments(id);
    assert.ok(afterAnswerMs < 300, `the first page showed ${afterAnswerMs.toFixed(0)} ms after the service answered`);
    const editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document.uri.toString(), uri.toString());
    let text = editor.document.getText();
    assert.match(text, /^Big · EN → DE · 231 segments in all\n100 shown, more as you scroll\n/);
    assert.match(text, /#1\n {2}EN {2}Segment number 1 of the manual\n {2}DE {2}Segment Nummer 1 des Handbuchs/);
    const segments = ext.memories.segments;
    for (const expected of [200, 231]) {
      const loaded = new Promise<number>((resolve) => { const sub = segments.onDidLoadPage((e) => { sub.dispose(); resolve(e.segments); }); });
      const end = editor.document.lineCount - 1;
      editor.revealRange(new vscode.Range(end, 0, end, 0), vscode.TextEditorRevealType.Default);
      assert.equal(await loaded, expected);
      // The provider's change reaches the document a moment later: wait for it before scrolling again.
      await waitFor(() => editor.document.getText().includes(`\n${expected} shown`));
    }
    await waitFor(() => editor.document.getText().includes('End of the segments.'));
    text = editor.document.getText();
    assert.match(text, /231 shown\n/);
    assert.match(text, /#231\n {2}EN {2}Cloud\n {2}DE {2}Wolke/);
    await ext.actions.filterSegments(uri, { text: 'wolke', caseSensitive: false });
    await waitFor(() => editor.document.getText().includes('Filter "wolke"'));
    assert.match(editor.document.getText(), /231 segments in all\nFilter "wolke" \(any case\): 1 shown\n\nMatch 1\n {2}EN {2}Cloud/);
    assert.match(service().requests.at(-1)?.query ?? '', /filter_text=wolke&filter_case_sensitive=false/);
    await ext.actions.filterSegments(uri, { text: 'wolke', caseSensitive: true });
    await waitFor(() => editor.document.getText().includes('(match case)'));
    assert.match(editor.document.getText(), /\(match case\): 0 shown\n\nNo segment matches the filter \(Match Case is on\)\./);
    assert.match(service().requests.at(-1)?.query ?? '', /filter_case_sensitive=true/);
    await assert.rejects(ext.actions.filterSegments(uri, { text: 'w', caseSensitive: false }), /at least 2 characters/);
  });

  it('exports to a file the user picked (written whole), reuses a recent export, then deletes: gone from the view, translations naming it fail', async () => {
    const job = await ext.actions.importTmx(file('e.tmx', sampleTmx([['A & B', 'A und B'], ['Cloud', 'Wolke']])), 'Exported', { pollIntervalMs: 10 });
    const id = job.translationMemoryId!;
    const target = vscode.Uri.file(join(dir, 'out', 'exported.tmx'));
    await vscode.workspace.fs.createDirectory(vscode.Uri.file(join(dir, 'out')));
    const phases = new Set<string>();
    service().config.jobsPaused = true;
    const r = await ext.actions.exportTmx(id, target, { pollIntervalMs: 10, onProgress: (p) => { phases.add(p.phase); if (p.job) setTimeout(() => service().advanceJobs(), 0); } });
    service().config.jobsPaused = false;
    assert.equal(r.reused, false);
    assert.ok(phases.has('processing') && phases.has('downloading'), [...phases].join());
    const written = readFileSync(target.fsPath);
    assert.equal(written.length, r.bytes);
    assert.deepEqual(readTmx(written).units.map((u) => u.source), ['A & B', 'Cloud']);
    assert.deepEqual(readdirSync(join(dir, 'out')), ['exported.tmx'], 'no temporary file is left');
    assert.equal((await ext.actions.exportTmx(id, target, { pollIntervalMs: 10 })).reused, true);
    const { uri: segments } = await ext.actions.browseSegments(id);
    const said: string[] = [];
    await withStubbedWindow({ showInformationMessage: (async (m: string) => { said.push(m); return undefined; }) as typeof vscode.window.showInformationMessage },
      () => ext.actions.deleteMemory(id));
    assert.ok(!vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => (t.input as { uri?: vscode.Uri }).uri?.toString() === segments.toString())), 'its segments document closed');
    assert.deepEqual(said, ['The translation memory "Exported" was deleted on the service: closed Exported.segments.txt.']);
    assert.deepEqual(await ext.memories.tree.items(), []);
    const client = new (await import('../../src/api')).ServiceClient({ key: PAID_KEY, baseUrl: service().url });
    await assert.rejects(client.translate({ text: ['Cloud'], sourceLang: 'en', targetLang: 'de', translationMemoryId: id }), NotFoundError);
    assert.ok(existsSync(target.fsPath));
  });

  it('pages the view: 25 memories and "Load more…", then the rest', async () => {
    const acc = service().state.accounts[PAID_KEY];
    const t = '2026-01-01T00:00:00Z';
    acc.memories = Array.from({ length: 27 }, (_, i) => ({
      translation_memory_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `Memory ${i + 1}`, source_language: 'en',
      target_languages: ['de', 'fr'], creation_time: t, updated_time: t, segments: [],
    }));
    const tree = ext.memories.tree;
    assert.equal(await nextLoad(tree, () => tree.refresh()), 'ready');
    let rows = await rendered(tree);
    assert.equal(rows.length, 26);
    assert.equal(rows[0].description, 'EN → DE, FR · 0 segments');
    assert.equal(rows[25].label, 'Load more… (25 of 27 shown)');
    await vscode.commands.executeCommand('terminology.memories.loadMore');
    rows = await rendered(tree);
    assert.deepEqual(rows.map((r) => r.label).slice(-2), ['Memory 26', 'Memory 27']);
    assert.equal(rows.length, 27);
  });
});

/** The state of the first load of the tree that ends after `start`. */
async function nextLoad(tree: MemoriesTree, start: () => unknown): Promise<string> {
  let sub: vscode.Disposable | undefined;
  const loaded = new Promise<string>((resolve) => { sub = tree.onDidLoad((state) => { sub?.dispose(); resolve(state); }); });
  await start();
  void tree.items();
  return loaded;
}

async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
