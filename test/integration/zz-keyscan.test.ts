// Runs last (file order): after the whole suite, neither key (paid, free) may appear anywhere the extension writes,
// shows, posts or sends, but in the Authorization header the service must receive (and SecretStorage).
// Its root hook runs before any test: it sets the log level to trace (so the log holds every line the extension
// writes) and wraps the functions that show messages and progress; from then on every message shown, progress title
// and report, webview HTML, message to and from a webview and diagnostic goes through the scanner as it happens.
// The scan itself then goes once through each account (free first, the paid key stays set): its key is checked and
// stored, a glossary is made and deleted, every tree is read, a table is opened; and reads what was written.
import * as assert from 'node:assert/strict';
import { inflateRawSync } from 'node:zlib';
import * as vscode from 'vscode';
import Mocha from 'mocha';
import type { TerminologyApi } from '../../src/extension';
import { KeyScanner } from '../keyscan/forms';
import { api, FREE_KEY, nextLoad, PAID_KEY, service } from './service';

const scan = new KeyScanner({ paid: PAID_KEY, free: FREE_KEY });
const wrappedNames: string[] = [];
const counts = { messages: 0, progress: 0, html: 0, toWebview: 0, fromWebview: 0, diagnostics: 0, otherPanels: 0 };
let logLevelSet = '';

/** JSON of anything VS Code or the extension hands over: Markdown and URIs as text, functions and cycles left out,
 * typed arrays as their text when `bytesAsText` (a table's rows), else their length. */
function text(value: unknown, bytesAsText = false): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(value, function (this: Record<string, unknown>, key, v: unknown) {
    if (typeof v === 'function') return undefined;
    if (v instanceof vscode.MarkdownString) return v.value;
    if (v instanceof vscode.Uri) return v.toString();
    if (ArrayBuffer.isView(v)) {
      if (!bytesAsText || !(v instanceof Uint8Array)) return `[${v.constructor.name} ${v.byteLength}]`;
      // A table's rows go as UTF-8 bytes, deflated when that saves enough (see EncodedRows).
      return new TextDecoder().decode(key === 'text' && this.deflated === true ? inflateRawSync(v) : v);
    }
    if (v && typeof v === 'object') {
      if (seen.has(v)) return '[cycle]';
      seen.add(v);
    }
    return v;
  }) ?? '';
}

before(async () => {
  await vscode.commands.executeCommand('_extensionTests.setLogLevel', 'trace');
  logLevelSet = String(await vscode.commands.executeCommand('_extensionTests.getLogLevel'));
  const w = vscode.window as unknown as Record<string, (...args: unknown[]) => unknown>;
  const wrap = (name: string, replacement: (original: (...args: unknown[]) => unknown) => (...args: unknown[]) => unknown) => {
    const original = w[name];
    try {
      w[name] = replacement(original);
      if (w[name] !== original) wrappedNames.push(name);
    } catch { /* a frozen namespace: reported by the test */ }
  };
  for (const name of ['showInformationMessage', 'showWarningMessage', 'showErrorMessage']) {
    wrap(name, (original) => (...args) => {
      counts.messages++;
      scan.see('messages shown', text(args));
      return original.apply(vscode.window, args);
    });
  }
  wrap('withProgress', (original) => (options, task) => {
    counts.progress++;
    scan.see('progress titles', text(options));
    const wrapped = (progress: vscode.Progress<unknown>, token: vscode.CancellationToken) =>
      (task as (p: vscode.Progress<unknown>, t: vscode.CancellationToken) => unknown)({ report: (value) => { scan.see('progress reports', text(value)); progress.report(value); } }, token);
    return original.call(vscode.window, options, wrapped);
  });
  // The table is the extension's only webview (checked in the test); a panel made otherwise is counted, to be added here.
  wrap('createWebviewPanel', (original) => (...args) => {
    counts.otherPanels++;
    return original.apply(vscode.window, args);
  });
  const ext = await api();
  ext.table.onDidRender(({ html }) => { counts.html++; scan.see('webview HTML', html); });
  ext.table.onDidPost(({ message }) => { counts.toWebview++; scan.see('messages to webviews', text(message, true)); });
  ext.table.onDidReceive(({ message }) => { counts.fromWebview++; scan.see('messages from webviews', text(message, true)); });
  // Each distinct diagnostic once (a document is linted again and again with mostly the same findings).
  const seen = new Set<string>();
  vscode.languages.onDidChangeDiagnostics((e) => {
    for (const uri of e.uris) {
      for (const d of vscode.languages.getDiagnostics(uri)) {
        const t = text(d);
        if (seen.has(t)) continue;
        seen.add(t);
        counts.diagnostics++;
        scan.see('diagnostics', t);
      }
    }
  });
});

/** Reads every file under `uri` (or `uri` itself) into the scanner as `source(file)`. */
async function readTree(uri: vscode.Uri | undefined, source: (file: vscode.Uri) => string): Promise<number> {
  if (!uri) return 0;
  let entries: Array<[string, vscode.FileType]>;
  try { entries = await vscode.workspace.fs.readDirectory(uri); } catch {
    try { scan.see(source(uri), await vscode.workspace.fs.readFile(uri)); return 1; } catch { return 0; /* absent */ }
  }
  let files = 0;
  for (const [name, type] of entries) {
    const child = vscode.Uri.joinPath(uri, name);
    if (type & vscode.FileType.Directory) files += await readTree(child, source);
    else if (type & vscode.FileType.File) { scan.see(source(child), await vscode.workspace.fs.readFile(child)); files++; }
  }
  return files;
}

/** Every item of a tree, breadth first (at most `max`), and the view's title, message and badge. */
async function readView(name: string, provider: vscode.TreeDataProvider<unknown>, view?: vscode.TreeView<unknown>, max = 2000): Promise<number> {
  if (view) scan.see('tree items', text({ title: view.title, description: view.description, message: view.message, badge: view.badge }));
  const queue: unknown[] = [undefined];
  let n = 0;
  while (queue.length && n < max) {
    const node = queue.shift();
    for (const child of (await provider.getChildren(node)) ?? []) {
      n++;
      const item = await provider.getTreeItem(child);
      scan.see('tree items', `${name}: ${text(item)}`);
      if (item.collapsibleState !== vscode.TreeItemCollapsibleState.None && item.collapsibleState !== undefined) queue.push(child);
    }
  }
  return n;
}

async function readViews(ext: TerminologyApi): Promise<number> {
  let n = 0;
  for (const tree of [ext.glossaries, ext.spokenTerms, ext.styleRules, ext.memories.tree]) n += await readView(tree.name, tree as vscode.TreeDataProvider<unknown>, tree.view as vscode.TreeView<unknown>);
  n += await readView('sync', ext.sync.tree as vscode.TreeDataProvider<unknown>);
  return n;
}

/** The key of `account` goes through the extension: stored after a check, a glossary made and deleted, the trees read. */
async function goThrough(ext: TerminologyApi, key: string): Promise<{ items: number; deleted: string }> {
  if (!(await ext.actions.setApiKey(key))) throw new Error(`the emulator refused ${key === PAID_KEY ? 'the paid' : 'the free'} key`);
  const account = service().state.accounts[key];
  const kept = account.glossaries;
  account.glossaries = []; // the free plan allows a single glossary, and a test may have left one
  try {
    await nextLoad(ext.glossaries, () => ext.actions.createGlossary('Key scan', { sourceLang: 'en', targetLang: 'de', entries: 'cloud\tWolke\n' }));
    const made = account.glossaries.find((g) => g.name === 'Key scan');
    assert.ok(made, 'the glossary was made');
    const items = await readViews(ext);
    await nextLoad(ext.glossaries, () => ext.actions.deleteGlossary(made.glossary_id));
    return { items, deleted: made.glossary_id };
  } finally {
    account.glossaries = [...kept, ...account.glossaries.filter((g) => !kept.includes(g))];
  }
}

async function openTable(ext: TerminologyApi): Promise<void> {
  const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'sample.glossary.tsv');
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    const s = ext.table.onDidReady((u) => { if (u.toString() === uri.toString()) { s.dispose(); clearTimeout(timer); resolve(); } });
    timer = setTimeout(() => { s.dispose(); reject(new Error('the table did not get ready')); }, 20_000);
  });
  await vscode.commands.executeCommand('vscode.openWith', uri, 'terminology.table');
  await ready;
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

describe('key scan (after the whole suite)', () => {
  it('neither key is in a log, message, progress, tree item, diagnostic, webview, setting, state, file or request', async function () {
    this.timeout(120_000);
    const started = performance.now();
    const ext = await api();
    const t = ext.testing;
    assert.ok(t, 'the extension runs in test mode and exposes its storage');
    // The extension's webviews: the table only (its HTML and messages are read through its events).
    const pkg = vscode.extensions.getExtension('terminology-studio.terminology-studio')!.packageJSON;
    assert.deepEqual((pkg.contributes.customEditors ?? []).map((e: { viewType: string }) => e.viewType), ['terminology.table'], 'a new custom editor: read its webview here');
    assert.deepEqual(Object.values(pkg.contributes.views ?? {}).flat().filter((v) => (v as { type?: string }).type === 'webview'), [], 'a webview view: read it here');

    // Both keys go through the extension, even when this test runs alone; the paid key stays set.
    const free = await goThrough(ext, FREE_KEY);
    await openTable(ext);
    const paid = await goThrough(ext, PAID_KEY);
    const items = free.items + paid.items;

    // The logs of this session (the extension's, the extension host's, the server's), at trace level: waited for
    // until the extension's holds the debug line of the last request above (the log is written in batches).
    let folder = t.logUri;
    while (!/\/logs\/[^/]+$/.test(folder.path) && folder.path.split('/').length > 3) folder = vscode.Uri.joinPath(folder, '..');
    assert.match(folder.path, /\/logs\/[^/]+$/, `the session's log folder above ${t.logUri.toString()}`);
    const lastRequest = `DELETE /v3/glossaries/${paid.deleted} -> 204`;
    let ours = '';
    for (let i = 0; i < 50 && !ours.includes(lastRequest); i++) {
      if (i) await new Promise((r) => setTimeout(r, 200));
      ours = '';
      try {
        for (const [name] of await vscode.workspace.fs.readDirectory(t.logUri)) ours += new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(t.logUri, name)));
      } catch { /* not written yet */ }
    }
    assert.ok(ours.includes(lastRequest), `the extension's log under ${t.logUri.toString()} holds the last request, at debug level`);
    const logFiles = await readTree(folder, (f) => `log ${f.path.slice(folder.path.length + 1)}`);

    const storageFiles = await readTree(t.globalStorageUri, (f) => `global storage ${f.path.slice(t.globalStorageUri.path.length + 1)}`)
      + await readTree(t.storageUri, (f) => `workspace storage ${f.path.slice(t.storageUri!.path.length + 1)}`);
    const workspaceFiles = await readTree(vscode.workspace.workspaceFolders![0].uri, () => 'workspace files');
    const state = (m: vscode.Memento) => text(Object.fromEntries(m.keys().map((k) => [k, m.get(k)])));
    scan.see('globalState', state(t.globalState));
    scan.see('workspaceState', state(t.workspaceState));
    scan.see('settings', text(vscode.workspace.getConfiguration()) + text(vscode.workspace.getConfiguration('terminology')));
    scan.see('status bar', String(ext.usage.text));
    scan.see('diagnostics', text(vscode.languages.getDiagnostics()));

    // The requests the service received: everything but the Authorization header, which must carry the key.
    const requests = service().requests;
    for (const r of requests) {
      const { authorization, ...headers } = r.headers;
      scan.see('request headers (but Authorization)', text({ ...r, headers, body: undefined }));
      if (r.body) scan.see('request bodies', r.bodyBase64 ? Buffer.from(r.body, 'base64') : r.body);
      // Exempt: the key in its header to the service's API; not in another header form, nor to a pre-signed address.
      if (authorization !== undefined && !(/^\/(free\/)?v\d\//.test(r.path) && /^Service-Auth-Key \S+$/.test(String(authorization)))) {
        scan.see('Authorization headers but the API\'s', String(authorization));
      }
    }
    for (const key of [PAID_KEY, FREE_KEY]) {
      assert.ok(requests.some((r) => r.headers.authorization === `Service-Auth-Key ${key}`), `the service received the ${key === PAID_KEY ? 'paid' : 'free'} key`);
    }

    const bytes = [...scan.read.values()].reduce((a, b) => a + b, 0);
    Mocha.reporters.Base.consoleLog(`      key scan: ${scan.read.size} sources, ${bytes} bytes (${logFiles} log files, ${storageFiles} storage files, ${workspaceFiles} workspace files, ` +
      `${requests.length} requests, ${items} tree items, ${counts.messages} messages, ${counts.progress} progress, ${counts.html} webview HTML, ` +
      `${counts.toWebview}/${counts.fromWebview} webview messages to/from, ${counts.diagnostics} distinct diagnostics), log level ${logLevelSet}, ` +
      `wrapped ${wrappedNames.join(', ')}; ${scan.found.length} finds; ${((performance.now() - started) / 1000).toFixed(1)} s. ${scan.summary()}`);
    assert.equal(scan.report(), '', 'a key was found');
    assert.deepEqual(wrappedNames, ['showInformationMessage', 'showWarningMessage', 'showErrorMessage', 'withProgress', 'createWebviewPanel'], 'every function was wrapped, so that all they show was read');
    assert.equal(logLevelSet, 'trace', 'the log level was trace');
    assert.equal(vscode.env.logLevel, vscode.LogLevel.Trace, 'the extension host logs at trace level');
    assert.equal(counts.otherPanels, 0, 'no webview panel but the table: read a new one here');
    // What the scan's own steps above fill: read even when this test runs alone (messages shown only in the suite).
    for (const source of ['progress titles', 'webview HTML', 'messages to webviews', 'messages from webviews', 'tree items', 'diagnostics', 'request headers (but Authorization)', 'request bodies', 'globalState', 'settings']) {
      assert.ok((scan.read.get(source) ?? 0) > 0, `the scan read ${source}`);
    }
    assert.ok(logFiles > 0, 'the scan read the log files'); // the storage folders can be empty when this test runs alone
  });
});
