import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import { codeOf, diagnosticsWhere, ours } from './diagnosticsHelpers';
import { account, api, PAID_KEY, removeGlossary, seedGlossary, service } from './service';

const GLOSSARY = { glossaryId: 'a11a1a1a-0000-4000-8000-0000000000d5', name: 'Multi delete' };
const glossary = () => account().glossaries.find((x) => x.glossary_id === GLOSSARY.glossaryId)!;
const remote = (pair: string) => glossary().dictionaries.find((d) => `${d.source_lang}-${d.target_lang}` === pair)?.entries.map(([s]) => s);
const putsSince = (n: number) => service().requests.slice(n).filter((r) => r.method === 'PUT' && r.path.endsWith('/dictionaries'));
const folder = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'grid-drafts');

describe('multilingual glossary: Delete Source Phrase and drafts across reopen', () => {
  let ext: TerminologyApi;

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    seedGlossary(GLOSSARY, {
      'en-de': [['cloud', 'Wolke'], ['login', 'Anmeldung'], ['price', 'Preis']],
      'en-fr': [['cloud', 'nuage'], ['price', 'prix']],
      'en-ja': [['cloud', 'クラウド'], ['login', 'ログイン']],
    });
    await vscode.workspace.fs.createDirectory(folder());
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    removeGlossary(GLOSSARY.glossaryId);
    await vscode.workspace.fs.delete(folder(), { recursive: true, useTrash: false });
  });

  it('Delete Source Phrase empties the chosen cells (one PUT on save), or removes the line when none is left', async () => {
    const doc = await ext.actions.openGlossary(GLOSSARY, 'en');
    assert.equal(doc.getText(), 'en\tde\tfr\tja\ncloud\tWolke\tnuage\tクラウド\nlogin\tAnmeldung\t\tログイン\nprice\tPreis\tprix\t\n');
    await assert.rejects(ext.actions.deleteSourcePhrase(doc.uri, 'nothing', ['de']), /not a source phrase/);
    await assert.rejects(ext.actions.deleteSourcePhrase(doc.uri, 'login', ['es']), /not a column/);
    let before = service().requests.length;
    assert.deepEqual(await ext.actions.deleteSourcePhrase(doc.uri, 'login', ['de']), { cleared: ['de'], lineRemoved: false });
    assert.equal(doc.getText(), 'en\tde\tfr\tja\ncloud\tWolke\tnuage\tクラウド\nlogin\t\t\tログイン\nprice\tPreis\tprix\t\n');
    assert.equal(putsSince(before).length, 0, 'nothing is sent before the save');
    assert.ok(await doc.save());
    assert.equal(putsSince(before).length, 1, 'one PUT: the DE dictionary');
    assert.deepEqual(remote('en-de'), ['cloud', 'price']);
    assert.deepEqual(remote('en-ja'), ['cloud', 'login']);
    // Every dictionary that has it: the line goes, and each of them gets one call.
    before = service().requests.length;
    assert.deepEqual(await ext.actions.deleteSourcePhrase(doc.uri, 'cloud', ['de', 'fr', 'ja']), { cleared: ['de', 'fr', 'ja'], lineRemoved: true });
    assert.equal(doc.getText(), 'en\tde\tfr\tja\nlogin\t\t\tログイン\nprice\tPreis\tprix\t\n');
    // Undo brings it back (one undoable edit), redo removes it again.
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    assert.ok(doc.getText().includes('cloud\tWolke'));
    await vscode.commands.executeCommand('redo');
    assert.ok(!doc.getText().includes('cloud'));
    assert.ok(await doc.save());
    assert.equal(putsSince(before).length, 3);
    assert.deepEqual([remote('en-de'), remote('en-fr'), remote('en-ja')], [['price'], ['price'], ['login']]);
    // The remaining cells of a line are kept when only some dictionaries lose it.
    assert.deepEqual(await ext.actions.deleteSourcePhrase(doc.uri, 'price', ['fr']), { cleared: ['fr'], lineRemoved: false });
    assert.equal(doc.getText(), 'en\tde\tfr\tja\nlogin\t\t\tログイン\nprice\tPreis\t\t\n');
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('draft marks survive a fresh lint state of the unsaved document (kept in the workspace state), and go where the cell changed', async () => {
    // A window reload gives the extension a fresh state for the same unsaved text. Here: a file linted through
    // terminology.multilingualFiles, dropped from and given back to the linter by that setting.
    const config = () => vscode.workspace.getConfiguration('terminology');
    const uri = vscode.Uri.joinPath(folder(), 'product.grid.tsv');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('en\tde\tfr\ncloud\tWolke\t\nprice\tPreis\t\n'));
    await config().update('multilingualFiles', ['**/*.grid.tsv'], vscode.ConfigurationTarget.Global);
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc);
    await diagnosticsWhere(uri, (ds) => ds.filter((d) => codeOf(d) === 'missing-translation').length === 2, 'the two FR gaps');
    assert.equal(await ext.actions.fillMissing(uri, 'fr'), 2);
    await diagnosticsWhere(uri, (ds) => ds.filter((d) => codeOf(d) === 'draft-translation').length === 2, 'two drafts');
    const key = `terminology.drafts:${uri.toString()}`;
    const stored = ext.testing!.workspaceState.get<Record<string, Array<[string, string]>>>(key);
    assert.deepEqual(Object.keys(stored ?? {}), ['fr']);
    assert.deepEqual(stored!.fr.map(([s]) => s), ['cloud', 'price']);
    const draftOfPrice = stored!.fr[1][1];
    const fresh = async () => {
      await config().update('multilingualFiles', [], vscode.ConfigurationTarget.Global);
      await diagnosticsWhere(uri, (ds) => ds.length === 0, 'no lint state');
      await new Promise((r) => setTimeout(r, 20));
      await config().update('multilingualFiles', ['**/*.grid.tsv'], vscode.ConfigurationTarget.Global);
    };
    await fresh();
    const marks = await diagnosticsWhere(uri, (ds) => ds.filter((d) => codeOf(d) === 'draft-translation').length === 2, 'the two drafts again');
    assert.deepEqual(marks.filter((d) => codeOf(d) === 'draft-translation').map((d) => d.range.start.line), [1, 2]);
    assert.ok(doc.isDirty);
    // Edit one draft: it is a draft no more, and stays so in the next fresh state.
    const at = doc.lineAt(2).text.lastIndexOf(draftOfPrice);
    assert.ok(await editor.edit((b) => b.replace(new vscode.Range(2, at, 2, at + draftOfPrice.length), 'prix')));
    await diagnosticsWhere(uri, (ds) => ds.filter((d) => codeOf(d) === 'draft-translation').length === 1, 'one draft left');
    await fresh();
    await diagnosticsWhere(uri, (ds) => ds.some((d) => codeOf(d) === 'missing-translation' || codeOf(d) === 'draft-translation'), 'linted again');
    await diagnosticsWhere(uri, (ds) => ds.filter((d) => codeOf(d) === 'draft-translation').length === 1, 'the draft of cloud only');
    assert.deepEqual(ours(uri).filter((d) => codeOf(d) === 'draft-translation').map((d) => d.range.start.line), [1]);
    assert.deepEqual(ext.testing!.workspaceState.get<Record<string, Array<[string, string]>>>(key)!.fr.map(([s]) => s), ['cloud']);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await config().update('multilingualFiles', undefined, vscode.ConfigurationTarget.Global);
  });

  it('a push clears the stored drafts of a remote document', async () => {
    const doc = await ext.actions.openGlossary(GLOSSARY, 'en');
    assert.equal(await ext.actions.fillMissing(doc.uri, 'de'), 1); // login lost its DE cell above
    const key = `terminology.drafts:${doc.uri.toString()}`;
    await diagnosticsWhere(doc.uri, (ds) => ds.some((d) => codeOf(d) === 'draft-translation'), 'the draft');
    assert.deepEqual(Object.keys(ext.testing!.workspaceState.get<object>(key) ?? {}), ['de']);
    assert.ok(await doc.save());
    await diagnosticsWhere(doc.uri, (ds) => !ds.some((d) => codeOf(d) === 'draft-translation'), 'no draft after the push');
    assert.equal(ext.testing!.workspaceState.get(key), undefined);
  });
});

