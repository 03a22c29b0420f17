import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { lintGrid } from '../../src/core';
import { brief, codeOf, diagnosticsWhere, ours } from './diagnosticsHelpers';
import type { TerminologyApi } from '../../src/extension';
import { api } from './service';

const folder = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'grid-lint');
const GRID = 'en\tde\tfr\ncloud\tWolke\tnuage\nlogin\tAnmeldung\t\nsign in\tAnmelden\tconnexion\n';

describe('multilingual glossary lint on local files (incremental, settings)', () => {
  let ext: TerminologyApi;
  before(async () => {
    ext = await api();
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

  it('a large glossary (over 20 000 lines, thousands of gaps) publishes an edit\'s findings and its gaps in later tasks, all of them', async () => {
    // 24 000 rows, every 8th without FR: 3 000 gaps, over the 2 000 set in a task of their own.
    const lines = ['en\tde\tfr'];
    for (let i = 0; i < 24_000; i++) lines.push(`term ${i}\tBegriff ${i}\t${i % 8 === 5 ? '' : `terme ${i}`}`);
    const uri = vscode.Uri.joinPath(folder(), 'large.multilingual.tsv');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(lines.join('\n') + '\n'));
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc);
    const gaps = (ds: readonly vscode.Diagnostic[]) => ds.filter((d) => codeOf(d) === 'missing-translation').length;
    await diagnosticsWhere(uri, (ds) => gaps(ds) === 3000, 'the 3 000 gaps', 30_000);
    // Line 6 (term 5) gets its FR, line 20 001 loses its FR, and line 20 002's DE becomes line 20 003's: a shared
    // target across lines. Three edits in one go, then the findings.
    const fr = (line: number) => { const t = doc.lineAt(line).text; return new vscode.Range(line, t.lastIndexOf('\t') + 1, line, t.length); };
    const de = (line: number) => { const t = doc.lineAt(line).text; return new vscode.Range(line, t.indexOf('\t') + 1, line, t.lastIndexOf('\t')); };
    assert.ok(await editor.edit((b) => {
      b.replace(fr(6), 'terme 5');
      b.replace(fr(20_001), '');
      b.replace(de(20_002), doc.getText(de(20_003)));
    }));
    const ds = await diagnosticsWhere(uri, (d) => d.filter((x) => codeOf(x) === 'same-target-for-different-sources').length === 2 && !d.some((x) => codeOf(x) === 'missing-translation' && x.range.start.line === 6), 'the edit\'s findings', 30_000);
    assert.equal(gaps(ds), 3000, 'one gap filled, one made');
    assert.ok(ds.some((x) => codeOf(x) === 'missing-translation' && x.range.start.line === 20_001));
    assert.deepEqual(brief(ds).sort(), lintGrid(doc.getText()).map((f) => [f.code, f.line, f.start, f.end]).sort(), 'all findings, as a whole lint');
    // Asked at once after an edit (Fix All asks so), the findings are the edit's, not those before it.
    // The loop is held past both timers, so that the request runs in the same turn as the debounce, before the task
    // that publishes.
    assert.ok(await editor.edit((b) => b.replace(fr(6), '')));
    const debounce = ext.diagnostics.debounceFor(doc);
    const asked = new Promise<ReturnType<TerminologyApi['diagnostics']['findingsFor']>>((resolve) => setTimeout(() => resolve(ext.diagnostics.findingsFor(doc)), debounce + 80));
    for (const until = performance.now() + debounce + 200; performance.now() < until;) { /* hold the loop */ }
    const now = await asked;
    assert.ok(now.some((f) => f.code === 'missing-translation' && f.line === 6), 'the gap made by the last edit');
    // The light bulb's code actions, asked right after an edit, wait for its findings: they neither publish before
    // the debounce (53 000 lines made in one task) nor come from the text before the edit.
    await new Promise((r) => setTimeout(r, 300)); // the gaps of the publish above, set in a task of their own
    let lintedAt = 0;
    const lint = ext.onDidLint((u) => { if (u.toString() === uri.toString() && !lintedAt) lintedAt = performance.now(); });
    const t0 = performance.now();
    assert.ok(await editor.edit((b) => b.replace(fr(6), 'terme 5')));
    await vscode.commands.executeCommand('vscode.executeCodeActionProvider', uri, new vscode.Range(6, 0, 6, 0));
    const answeredAt = performance.now();
    lint.dispose();
    assert.ok(lintedAt >= t0 + debounce * 0.9, `published ${(lintedAt - t0).toFixed(0)} ms after the edit, the debounce ${debounce} ms`);
    assert.ok(answeredAt >= lintedAt, 'the code actions came once the edit\'s findings were published');
    assert.ok(!ext.diagnostics.findingsFor(doc).some((f) => f.code === 'missing-translation' && f.line === 6));
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
