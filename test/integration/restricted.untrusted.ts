// Restricted Mode, run alone (npm run test:restricted): VS Code with workspace trust enabled and the workspace
// not trusted. Local glossary files are linted; Push File (the one command that sends a workspace file) refuses
// and nothing reaches the service. The first test proves the workspace really is untrusted, so that the others
// cannot pass vacuously.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import type { Account } from '../emulator/state';
import { codeOf, diagnosticsWhere } from './diagnosticsHelpers';
import { api, PAID_KEY, service } from './service';

const GLOSSARY = { glossaryId: 'd0c5e5a1-0000-4000-8000-0000000000f7', name: 'Restricted target' };
const account = (): Account => service().state.accounts[PAID_KEY];
const writes = () => service().requests.filter((r) => r.method === 'PUT' || r.method === 'PATCH' || r.method === 'POST' || r.method === 'DELETE').length;

describe('Restricted Mode (workspace trust enabled, workspace untrusted)', () => {
  let ext: TerminologyApi;
  const folder = () => vscode.workspace.workspaceFolders![0].uri;

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    account().glossaries.push({
      glossary_id: GLOSSARY.glossaryId, name: GLOSSARY.name, creation_time: '2026-11-13T00:00:00Z',
      dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: [['cloud', 'Wolke']] }],
    });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    account().glossaries = account().glossaries.filter((g) => g.glossary_id !== GLOSSARY.glossaryId);
  });

  it('runs untrusted: workspace trust is on and this workspace is not trusted', () => {
    assert.equal(vscode.workspace.isTrusted, false, 'vscode.workspace.isTrusted must be false, or the other tests prove nothing');
    assert.ok(vscode.workspace.workspaceFolders?.length, 'a folder is open');
    assert.ok(vscode.extensions.getExtension('terminology-studio.terminology-studio')?.isActive, 'the extension is active in Restricted Mode');
  });

  it('lints local glossary files', async () => {
    const uri = vscode.Uri.joinPath(folder(), 'sample.glossary.tsv');
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const ds = await diagnosticsWhere(uri, (d) => d.length > 0, 'the findings of sample.glossary.tsv');
    const codes = new Set(ds.map(codeOf));
    for (const code of ['surrounding-whitespace', 'duplicate-source', 'empty-target']) assert.ok(codes.has(code), `${code} among ${[...codes].join(', ')}`);
  });

  it('refuses Push File: the action rejects, the command sends nothing', async () => {
    // A clean file, so that only Restricted Mode can stop it (not its own errors).
    const uri = vscode.Uri.joinPath(folder(), 'clean.glossary.tsv');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('cloud\tCloud\nhelp\tHilfe\n'));
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const before = writes();
    const target = { glossaryId: GLOSSARY.glossaryId, sourceLang: 'en', targetLang: 'de' };
    await assert.rejects(ext.actions.pushFile(uri, { ...target, mode: 'replace' }), /Restricted Mode/);
    await assert.rejects(ext.actions.pushFile(uri, { ...target, mode: 'merge' }), /Restricted Mode/);
    await assert.rejects(ext.actions.previewPushFile(uri, { ...target, mode: 'replace' }), /Restricted Mode/);
    await vscode.commands.executeCommand('terminology.pushFile', uri);
    await vscode.commands.executeCommand('terminology.pushFile');
    assert.equal(writes(), before, 'no PUT, PATCH, POST or DELETE reached the service');
    assert.deepEqual(account().glossaries.find((g) => g.glossary_id === GLOSSARY.glossaryId)!.dictionaries[0].entries, [['cloud', 'Wolke']]);
  });

  it('refuses Import into Glossary: the action rejects, the command sends nothing', async () => {
    const uri = vscode.Uri.joinPath(folder(), 'terms.csv');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('cloud,Nebel,EN,DE\n'));
    const before = writes();
    await assert.rejects(ext.actions.importPlan(uri), /Restricted Mode/);
    await assert.rejects(ext.actions.readImportFile(uri), /Restricted Mode/);
    await vscode.commands.executeCommand('terminology.importGlossary', uri);
    assert.equal(writes(), before, 'no PUT, PATCH, POST or DELETE reached the service');
    assert.deepEqual(account().glossaries.find((g) => g.glossary_id === GLOSSARY.glossaryId)!.dictionaries[0].entries, [['cloud', 'Wolke']]);
    await vscode.workspace.fs.delete(uri);
  });

  it('refuses repository sync: Push All, Pull All, Clone and Link reject before any request', async () => {
    const before = ext.sync.model.statuses.length;
    const uri = vscode.Uri.joinPath(folder(), 'sample.glossary.tsv');
    const requests = service().requests.length;
    await assert.rejects(ext.actions.pushAll(), /Restricted Mode/);
    await assert.rejects(ext.actions.pullAll(), /Restricted Mode/);
    await assert.rejects(ext.actions.cloneGlossary(GLOSSARY.glossaryId, folder()), /Restricted Mode/);
    await assert.rejects(ext.actions.linkFile(uri, { area: 'glossaries', name: 'x', sourceLang: 'en', targetLang: 'de' }), /Restricted Mode/);
    assert.equal(service().requests.length, requests, 'no request reached the service');
    assert.equal(ext.sync.model.statuses.length, before);
  });
});
