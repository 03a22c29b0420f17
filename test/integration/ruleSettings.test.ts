import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import { codeOf, diagnosticsWhere } from './diagnosticsHelpers';
import { api, PAID_KEY } from './service';

const folder = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'rules-it');
const file = (name: string) => vscode.Uri.joinPath(folder(), name);
const write = (uri: vscode.Uri, text: string) => vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
const TEXT = 'cloud\tWolke\n\n server\tServer\nx\ty\tz\n';

describe('the manifest\'s rule settings in the editor: the same findings as the CLI', () => {
  let ext: TerminologyApi;

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    await vscode.workspace.fs.createDirectory(folder());
    await write(file('terminology.json'), JSON.stringify({
      rules: { 'blank-line': 'off', 'surrounding-whitespace': 'off', 'extra-separator': 'warning' },
      glossaries: [{ name: 'Rules test', dictionaries: { 'en-de': 'en-de.tsv' } }],
    }));
    await write(file('en-de.tsv'), TEXT);
    await vscode.workspace.getConfiguration('terminology').update('manifest', 'rules-it/terminology.json', vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.getConfiguration('terminology').update('manifest', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.fs.delete(folder(), { recursive: true, useTrash: false });
  });

  it('a rule turned off gives no diagnostic, a level replaces the severity; Fix All leaves what is off alone', async () => {
    await ext.actions.refreshSync();
    const doc = await vscode.workspace.openTextDocument(file('en-de.tsv'));
    await vscode.window.showTextDocument(doc);
    const ds = await diagnosticsWhere(doc.uri, (d) => d.length === 1 && codeOf(d[0]) === 'extra-separator', 'only the extra separator, as a warning');
    assert.equal(ds[0].severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(await vscode.commands.executeCommand<number>('terminology.fixAll', doc.uri), 0, 'the leading space is not fixed: its rule is off');
    assert.equal(doc.getText(), TEXT);
    // Without the settings, the editor's own severities come back.
    await write(file('terminology.json'), JSON.stringify({ glossaries: [{ name: 'Rules test', dictionaries: { 'en-de': 'en-de.tsv' } }] }));
    await ext.actions.refreshSync();
    const all = await diagnosticsWhere(doc.uri, (d) => d.length === 3, 'the three findings back');
    assert.deepEqual(all.map((d) => [codeOf(d), d.severity]), [
      ['blank-line', vscode.DiagnosticSeverity.Information], ['surrounding-whitespace', vscode.DiagnosticSeverity.Error], ['extra-separator', vscode.DiagnosticSeverity.Error],
    ]);
  });
});
