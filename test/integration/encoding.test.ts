import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import { account, api, PAID_KEY, seedGlossary, service } from './service';

const GLOSSARY = { glossaryId: '5f7c0000-0000-4000-8000-000000000028', name: 'Encoding policy test' };
const remote = (pair: string) => account().glossaries.find((g) => g.glossary_id === GLOSSARY.glossaryId)?.dictionaries.find((d) => `${d.source_lang}-${d.target_lang}` === pair);

const folder = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'enc-it');
const file = (name: string) => vscode.Uri.joinPath(folder(), name);
const LATIN1 = Buffer.concat([Buffer.from('cloud\tWolke\nStra'), Buffer.from([0xdf]), Buffer.from('e\tstreet\n')]);
const utf16 = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const writes = () => service().requests.filter((r) => r.method !== 'GET').length;

describe('the encoding policy in the editor: Push File, Link, Push All and Pull read the file\'s bytes', () => {
  let ext: TerminologyApi;

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    seedGlossary(GLOSSARY, { 'en-de': [['cloud', 'Wolke']], 'en-fr': [['cloud', 'nuage']] });
    await vscode.workspace.fs.createDirectory(folder());
    await vscode.workspace.getConfiguration('terminology').update('manifest', 'enc-it/terminology.json', vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.getConfiguration('terminology').update('manifest', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.fs.delete(folder(), { recursive: true, useTrash: false });
    account().glossaries = account().glossaries.filter((g) => g.glossary_id !== GLOSSARY.glossaryId);
  });

  it('Push File refuses a Latin-1 file with one message naming the line; nothing is sent', async () => {
    await vscode.workspace.fs.writeFile(file('latin1.glossary.tsv'), LATIN1);
    const before = writes();
    await assert.rejects(ext.actions.pushFile(file('latin1.glossary.tsv'), { glossaryId: GLOSSARY.glossaryId, sourceLang: 'en', targetLang: 'de', mode: 'replace' }),
      /latin1\.glossary\.tsv: not UTF-8: byte 0xDF does not decode as UTF-8 .*on line 2/);
    assert.equal(writes(), before);
    assert.deepEqual(remote('en-de')!.entries, [['cloud', 'Wolke']]);
  });

  it('Link refuses it (the manifest is not written); Push All refuses a linked one (failed, never sent)', async () => {
    await assert.rejects(ext.actions.linkFile(file('latin1.glossary.tsv'), { area: 'glossaries', id: GLOSSARY.glossaryId, name: GLOSSARY.name, sourceLang: 'en', targetLang: 'de' }), /not UTF-8/);
    await assert.rejects(async () => { await vscode.workspace.fs.stat(file('terminology.json')); }, 'no manifest written');
    await vscode.workspace.fs.writeFile(file('terminology.json'), new TextEncoder().encode(JSON.stringify({
      glossaries: [{ name: GLOSSARY.name, id: GLOSSARY.glossaryId, dictionaries: { 'en-de': 'latin1.glossary.tsv', 'en-fr': 'utf16.tsv' } }],
    })));
    await vscode.workspace.fs.writeFile(file('utf16.tsv'), utf16('cloud\tnuage\r\n'));
    const statuses = await ext.actions.refreshSync();
    const latin = statuses.find((s) => s.uri.path.endsWith('/latin1.glossary.tsv'))!;
    assert.equal(latin.state, 'unknown');
    assert.match(latin.detail ?? '', /not UTF-8/);
    assert.equal(statuses.find((s) => s.uri.path.endsWith('/utf16.tsv'))!.state, 'in-sync', 'UTF-16 with a BOM is read');
    const plan = await ext.actions.planPush();
    assert.deepEqual(plan.blocked.map((b) => [b.uri.path.split('/').pop(), b.errors]), [['latin1.glossary.tsv', 1]]);
    const before = writes();
    const summary = await ext.actions.pushAll();
    assert.deepEqual(summary.failed.map((f) => [f.uri.path.split('/').pop(), /not UTF-8.*line 2/.test(f.error)]), [['latin1.glossary.tsv', true]]);
    assert.equal(writes(), before);
    assert.deepEqual(remote('en-de')!.entries, [['cloud', 'Wolke']]);
  });

  it('Pull into a UTF-16 file writes UTF-16 with its BOM; Pull into a Latin-1 file is refused and leaves its bytes', async () => {
    remote('en-fr')!.entries.push(['disk', 'disque']);
    remote('en-de')!.entries.push(['disk', 'Platte']);
    const summary = await ext.actions.pullAll();
    assert.deepEqual(summary.pulled.map((u) => u.path.split('/').pop()), ['utf16.tsv']);
    assert.deepEqual(Buffer.from(await vscode.workspace.fs.readFile(file('utf16.tsv'))), utf16('cloud\tnuage\r\ndisk\tdisque\r\n'));
    assert.deepEqual(summary.failed.map((f) => f.uri.path.split('/').pop()), ['latin1.glossary.tsv']);
    assert.deepEqual(Buffer.from(await vscode.workspace.fs.readFile(file('latin1.glossary.tsv'))), LATIN1);
  });
});
