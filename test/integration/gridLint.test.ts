import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { lintGrid } from '../../src/core';
import { brief, codeOf, diagnosticsWhere, ours } from './diagnosticsHelpers';
import { api } from './service';

const folder = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'grid-lint');
const GRID = 'en\tde\tfr\ncloud\tWolke\tnuage\nlogin\tAnmeldung\t\nsign in\tAnmelden\tconnexion\n';

describe('multilingual glossary lint on local files (incremental, settings)', () => {
  before(async () => {
    await api();
    await vscode.workspace.fs.createDirectory(folder());
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.getConfiguration('terminology').update('multilingualFiles', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.fs.delete(folder(), { recursive: true, useTrash: false });
  });

  it('a local *.multilingual.tsv is linted as you type: an edited cell re-checks its row and the groups across lines', async () => {
    const uri = vscode.Uri.joinPath(folder(), 'en.multilingual.tsv');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(GRID));
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc);
    assert.equal(doc.languageId, 'glossary-multilingual');
    await diagnosticsWhere(uri, (ds) => ds.some((d) => codeOf(d) === 'missing-translation'), 'the gap of login in FR');
    assert.deepEqual(brief(ours(uri)), [['missing-translation', 2, 16, 16]]);
    // Line 3's DE cell becomes line 2's: both cells share a target (a check across lines).
    assert.ok(await editor.edit((b) => b.replace(new vscode.Range(3, 8, 3, 16), 'Anmeldung')));
    const ds = await diagnosticsWhere(uri, (d) => d.filter((x) => codeOf(x) === 'same-target-for-different-sources').length === 2, 'the shared target on both lines');
    assert.deepEqual(brief(ds), lintGrid(doc.getText()).map((f) => [f.code, f.line, f.start, f.end]));
    assert.deepEqual(ds.find((d) => d.range.start.line === 2 && codeOf(d) === 'same-target-for-different-sources')!.relatedInformation!.map((r) => r.location.range.start.line), [3]);
    // Back: the finding goes from both lines, the row that did not change included.
    assert.ok(await editor.edit((b) => b.replace(new vscode.Range(3, 8, 3, 17), 'Anmelden')));
    await diagnosticsWhere(uri, (d) => !d.some((x) => codeOf(x) === 'same-target-for-different-sources'), 'no shared target');
    // A new language in the header: every row reads by it (the whole text is read again).
    assert.ok(await editor.edit((b) => b.insert(new vscode.Position(0, 8), '\tja')));
    const after = await diagnosticsWhere(uri, (d) => d.filter((x) => codeOf(x) === 'missing-translation').length === 4, 'a JA gap on every line');
    assert.deepEqual(brief(after), lintGrid(doc.getText()).map((f) => [f.code, f.line, f.start, f.end]));
  });

  it('terminology.multilingualFiles names other local files to lint as multilingual glossaries', async () => {
    const uri = vscode.Uri.joinPath(folder(), 'product.grid.tsv');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('en\tde\tfr\nlogin\t\t\n'));
    await vscode.workspace.getConfiguration('terminology').update('multilingualFiles', ['**/*.grid.tsv'], vscode.ConfigurationTarget.Global);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const ds = await diagnosticsWhere(uri, (d) => d.some((x) => codeOf(x) === 'untranslated-source'), 'a source with no translation');
    assert.deepEqual(brief(ds), [['untranslated-source', 1, 0, 7]]);
  });
});
