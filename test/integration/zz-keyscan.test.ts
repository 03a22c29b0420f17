// Runs last (file order): after the whole suite, the paid key must appear nowhere the extension writes or shows.
// Its root hook wraps the message functions before any test runs, and records every message sent to a table.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import Mocha from 'mocha';
import { api, PAID_KEY, service } from './service';

const shown: string[] = [];
const posted: string[] = [];
let wrapped = 0;

before(async () => {
  const w = vscode.window as unknown as Record<string, unknown>;
  for (const name of ['showInformationMessage', 'showWarningMessage', 'showErrorMessage']) {
    const original = w[name] as (...args: unknown[]) => unknown;
    try {
      w[name] = (...args: unknown[]) => {
        shown.push(JSON.stringify(args, (_k, v) => (typeof v === 'function' ? undefined : v)));
        return original.apply(vscode.window, args);
      };
      if (w[name] !== original) wrapped++;
    } catch { /* a frozen namespace: reported by the test */ }
  }
  (await api()).table.onDidPost((m) => posted.push(JSON.stringify(m.message)));
});

async function readTree(uri: vscode.Uri | undefined, out: Map<string, string>): Promise<void> {
  if (!uri) return;
  let entries: Array<[string, vscode.FileType]>;
  try { entries = await vscode.workspace.fs.readDirectory(uri); } catch {
    try { out.set(uri.toString(), new TextDecoder().decode(await vscode.workspace.fs.readFile(uri))); } catch { /* absent */ }
    return;
  }
  for (const [name, type] of entries) {
    const child = vscode.Uri.joinPath(uri, name);
    if (type & vscode.FileType.Directory) await readTree(child, out);
    else if (type & vscode.FileType.File) out.set(child.toString(), new TextDecoder().decode(await vscode.workspace.fs.readFile(child)));
  }
}

describe('key scan (after the whole suite)', () => {
  it('the paid key is in no log, message, setting, state, storage file, webview or request log', async function () {
    this.timeout(60_000);
    const ext = await api();
    // The key goes through the extension at least once, even when this test runs alone (it is checked with a call).
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    const t = ext.testing;
    assert.ok(t, 'the extension runs in test mode and exposes its storage');
    const sources = new Map<string, string>();
    // The log: our channel's file, waited for until it holds the activation line (the log is written in batches).
    const logFolder = vscode.Uri.joinPath(t.logUri, '..');
    for (let i = 0; i < 50; i++) {
      sources.clear();
      await readTree(logFolder, sources);
      if ([...sources.values()].some((text) => text.includes('activated in'))) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const logs = [...sources.entries()];
    assert.ok(logs.some(([, text]) => text.includes('activated in')), `our log file was found under ${logFolder.toString()} (read ${logs.map(([k]) => k).join(', ')})`);
    const storage = new Map<string, string>();
    await readTree(t.globalStorageUri, storage);
    await readTree(t.storageUri, storage);
    for (const [k, v] of storage) sources.set(k, v);
    const state = (m: vscode.Memento) => JSON.stringify(Object.fromEntries(m.keys().map((k) => [k, m.get(k)])));
    sources.set('globalState', state(t.globalState));
    sources.set('workspaceState', state(t.workspaceState));
    sources.set('settings', JSON.stringify(vscode.workspace.getConfiguration()) + JSON.stringify(vscode.workspace.getConfiguration('terminology')));
    sources.set('messages shown', shown.join('\n'));
    sources.set('table webview HTML', ext.table.lastHtml);
    sources.set('messages to table webviews', posted.join('\n'));
    sources.set('emulator request log', JSON.stringify(service().requests));

    const found = [...sources].filter(([, text]) => text.includes(PAID_KEY)).map(([name]) => name);
    const bytes = [...sources.values()].reduce((n, text) => n + Buffer.byteLength(text), 0);
    const summary = [...sources].map(([name, text]) => `${name.replace(/^.*\/logs\//, 'logs/')}: ${Buffer.byteLength(text)} B`).join('; ');
    Mocha.reporters.Base.consoleLog(`      key scan: ${sources.size} sources, ${bytes} bytes, ${shown.length} messages (message functions wrapped: ${wrapped} of 3), ${found.length} with the key. ${summary}`);
    assert.deepEqual(found, [], 'the key was found');
    assert.ok(bytes > 0 && logs.length > 0, 'the scan read something');
    assert.equal(wrapped, 3, 'every message function was wrapped, so every message shown was read');
    assert.ok(service().requests.length > 0, 'the request log holds requests');
  });
});
