import * as assert from 'node:assert/strict';
import { realpathSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import { note } from './report';
import { PAID_KEY } from './service';

const EXTENSION_ID = 'terminology-studio.terminology-studio';

describe('activation and wiring', () => {
  let api: TerminologyApi;

  before(async () => {
    const ext = vscode.extensions.getExtension<TerminologyApi>(EXTENSION_ID);
    assert.ok(ext, `extension ${EXTENSION_ID} is installed in the host`);
    api = await ext.activate();
  });

  it('activates and reports its activation time', () => {
    assert.equal(typeof api.activationMs, 'number');
    assert.ok(api.activationMs >= 0);
    assert.ok(api.activationCpuMs >= 0);
    // The host's Node (24 in the VS Code these tests run) has process.threadCpuUsage: the main thread's own share.
    assert.equal(typeof api.activationThreadCpuMs, 'number');
    assert.ok(api.activationThreadCpuMs! >= 0 && api.activationThreadCpuMs! <= api.activationCpuMs + 1);
    note(`activation took ${api.activationMs.toFixed(1)} ms, CPU ${api.activationCpuMs.toFixed(1)} ms, main thread ${api.activationThreadCpuMs!.toFixed(1)} ms: ${api.activationSteps}`);
    assert.match(api.activationSteps, /^shared [\d.]+, lint [\d.]+, .*readKey [\d.]+$/);
  });

  it('loads none of its lazy bundles until their feature is used', () => {
    // dist/<name>.js beside dist/extension.js (esbuild.mjs LAZY): import/export, the term check, style rules, memories,
    // repository sync, search. Node's module cache is the extension host's: what the extension required is there.
    const dist = path.join(realpathSync(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath), 'dist');
    const loaded = Object.keys(require.cache).filter((f) => path.dirname(f) === dist).map((f) => path.basename(f)).sort();
    assert.deepEqual(loaded, ['extension.js']);
  });

  it('contributes its view container and six views', () => {
    const pkg = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON;
    const containers = pkg.contributes.viewsContainers.activitybar.map((c: { id: string }) => c.id);
    assert.deepEqual(containers, ['terminology']);
    const views = pkg.contributes.views.terminology.map((v: { id: string }) => v.id);
    assert.deepEqual(views, ['terminology.glossaries', 'terminology.spokenTerms', 'terminology.styleRules', 'terminology.memories', 'terminology.sync', 'terminology.termCheck']);
    // A newcomer sees the glossaries first: the less used views start collapsed (the memories UI flow sees it).
    const collapsed = pkg.contributes.views.terminology.filter((v: { visibility?: string }) => v.visibility === 'collapsed').map((v: { id: string }) => v.id);
    assert.deepEqual(collapsed, ['terminology.styleRules', 'terminology.memories', 'terminology.sync', 'terminology.termCheck']);
  });

  it('opens its view container in the workbench', async () => {
    // The container command exists only if the workbench registered the contributed container.
    await vscode.commands.executeCommand('workbench.view.extension.terminology');
  });

  it('registers every contributed command', async () => {
    const pkg = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON;
    const contributed: string[] = pkg.contributes.commands.map((c: { command: string }) => c.command);
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.filter((c) => !registered.has(c));
    assert.deepEqual(missing, []);
  });

  it('refuses a key the service does not accept, and stores one it accepts', async () => {
    assert.equal(await api.actions.setApiKey('not-a-valid-key'), false);
    assert.equal(await api.actions.setApiKey(PAID_KEY), true);
  });
});
