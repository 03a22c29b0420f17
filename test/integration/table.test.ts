import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import type { SortFigure } from '../../src/protocol/table';
import type { TableUpdate } from '../../src/table/tableEditor';
import { brief, diagnosticsWhere } from './diagnosticsHelpers';
import { note } from './report';
import { api } from './service';
import { nextPost } from './tablePosts';

describe('table view', () => {
  let ext: TerminologyApi;
  let uri: vscode.Uri;
  let doc: vscode.TextDocument;
  let original: string;

  before(async () => {
    ext = await api();
    uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'sample.glossary.tsv');
    doc = await vscode.workspace.openTextDocument(uri);
    original = doc.getText();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('opens a dictionary in the table: the webview runs under its CSP and receives the rows and their findings', async () => {
    const init = nextPost(ext, uri, (m) => m.type === 'init');
    const ready = new Promise<void>((resolve) => { const s = ext.table.onDidReady((u) => { if (u.toString() === uri.toString()) { s.dispose(); resolve(); } }); });
    const t0 = Date.now();
    await vscode.commands.executeCommand('vscode.openWith', uri, 'terminology.table');
    await ready;
    note(`table ready (script loaded, rows sent) after ${Date.now() - t0} ms`);
    const m = await init;
    assert.equal(m.type, 'init');
    if (m.type !== 'init') return;
    assert.equal(m.columns, 2);
    assert.equal(m.rows, 7, '7 entries and a final line break are 7 rows, not 8');
    assert.equal(m.total, 8);
    assert.equal(m.text, doc.getText(), 'the rows travel as the text, split by the webview');
    assert.deepEqual(m.quoted, [], 'no line needs the quote-aware parser');
    assert.deepEqual(m.findings.map(([line]) => line), [2, 3, 4, 5, 6], 'a finding on every line that has one, by line');
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    assert.ok(tab instanceof vscode.TabInputCustom && tab.viewType === 'terminology.table');
  });

  it('a cell edit from the webview changes only that field of that line; the table gets the row back, the diagnostics follow', async () => {
    const splice = nextPost(ext, uri, (m) => m.type === 'splice');
    assert.equal(await ext.table.handle(uri, { type: 'edit', line: 4, column: 1, value: 'Rechnung' }), true);
    const lines = original.split('\n');
    lines[4] = 'invoice\tRechnung';
    assert.equal(doc.getText(), lines.join('\n'), 'only line 5 changed');
    const { version, ...rest } = await splice as Extract<TableUpdate, { type: 'splice' }>;
    assert.equal(version, doc.version);
    assert.deepEqual(rest, { type: 'splice', start: 4, deleteCount: 1, added: 1, headKept: true, tailKept: false, rows: [['invoice', 'Rechnung']], columns: 2 });
    const ds = await diagnosticsWhere(uri, (d) => !d.some((x) => x.range.start.line === 4), 'the empty-target finding to go');
    assert.ok(!brief(ds).some(([code]) => code === 'empty-target'));

    const findings = nextPost(ext, uri, (m) => m.type === 'findings' && m.findings.some(([line]) => line === 0));
    await ext.table.handle(uri, { type: 'edit', line: 0, column: 0, value: ' cloud' });
    await diagnosticsWhere(uri, (d) => d.some((x) => x.range.start.line === 0), 'a finding on the edited line');
    await findings;
    assert.equal(doc.lineAt(0).text, ' cloud\tWolke');
  });

  it('undo restores the text, edit by edit, with the table still in front', async () => {
    assert.equal(vscode.window.tabGroups.activeTabGroup.activeTab?.input instanceof vscode.TabInputCustom, true);
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.lineAt(0).text, 'cloud\tWolke');
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), original);
    assert.equal(doc.isDirty, false);
  });

  it('adds and deletes rows as line edits', async () => {
    await ext.table.handle(uri, { type: 'addRow', after: 0 });
    assert.equal(doc.lineAt(1).text, '\t');
    assert.equal(doc.lineCount, original.split('\n').length + 1);
    await ext.table.handle(uri, { type: 'deleteRows', lines: [1, 3] });
    const lines = original.split('\n');
    lines.splice(2, 1);
    assert.equal(doc.getText(), lines.join('\n'));
  });

  it('two cell commits sent at once both land, in order', async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    const v = doc.version;
    const a = ext.table.handle(uri, { type: 'edit', id: 1, version: v, line: 4, column: 1, value: 'Rechnung' });
    const b = ext.table.handle(uri, { type: 'edit', id: 2, version: v, line: 4, column: 1, value: 'Faktura' });
    assert.deepEqual(await Promise.all([a, b]), [true, true]);
    assert.equal(doc.lineAt(4).text, 'invoice\tFaktura', 'the later commit wins');
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('a new row gets its own line, and an edit named in an older version follows its row', async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    const v = doc.version;
    const done = nextPost(ext, uri, (m) => m.type === 'done' && m.id === 7);
    // The webview added a row after line 0 and, in the same version, edits line 4 (invoice): the edit must land
    // on invoice, now line 5, and the new row must stay empty until its own edit.
    const add = ext.table.handle(uri, { type: 'addRow', id: 7, version: v, after: 0 });
    const edit = ext.table.handle(uri, { type: 'edit', id: 8, version: v, line: 4, column: 1, value: 'Rechnung' });
    assert.deepEqual(await Promise.all([add, edit]), [true, true]);
    assert.deepEqual(await done, { type: 'done', id: 7, ok: true, line: 1 });
    assert.equal(doc.lineAt(1).text, '\t');
    assert.equal(doc.lineAt(5).text, 'invoice\tRechnung');
    // A row deleted meanwhile is not edited: nothing lands elsewhere.
    const before = doc.getText();
    const v2 = doc.version;
    await ext.table.handle(uri, { type: 'deleteRows', lines: [1] });
    assert.equal(await ext.table.handle(uri, { type: 'edit', version: v2, line: 1, column: 0, value: 'price' }), false);
    assert.equal(doc.getText(), before.replace('cloud\tWolke\n\t\n', 'cloud\tWolke\n'));
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('Fix All and the document status work while the table is the active editor', async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    assert.equal(vscode.window.activeTextEditor, undefined, 'the table is active, no text editor is');
    assert.match(ext.documentStatus.text ?? '', /7 entries/);
    const applied = await vscode.commands.executeCommand<number>('terminology.fixAll');
    assert.equal(applied, 3, 'trim, line break, duplicate line');
    assert.equal(doc.getText(), 'cloud\tWolke\nserver\tServer\ndashboard\tÜbersicht\ncloud\tWolken\ninvoice\t\npassword reset\tPasswort zurücksetzen\n');
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('sorts the file only when asked, as one undoable edit', async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    assert.equal(doc.getText(), original);
    await ext.table.handle(uri, { type: 'sortDocument', column: 0, descending: false });
    // By the cell's value as written: " dashboard" (with its leading space, a finding of its own) sorts first.
    assert.deepEqual(doc.getText().split('\n').filter(Boolean).map((l) => l.split('\t')[0]), [' dashboard', 'cloud', 'cloud', 'invoice', 'password\u2028reset', 'server', 'server']);
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), original);
  });
});

describe('table view of quoted CSV', () => {
  it('sends parsed cells for the lines with quotes, and shows the language columns', async () => {
    const ext = await api();
    const doc = await vscode.workspace.openTextDocument({ language: 'glossary-csv', content: 'a,b\n"x, y","say ""hi""",en,de\n' });
    const init = nextPost(ext, doc.uri, (m) => m.type === 'init');
    await vscode.commands.executeCommand('vscode.openWith', doc.uri, 'terminology.table');
    const m = await init;
    assert.ok(m.type === 'init');
    if (m.type !== 'init') return;
    assert.equal(m.columns, 4);
    assert.deepEqual(m.quoted, [[1, ['x, y', 'say "hi"', 'en', 'de']]]);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});

describe('table view: to the text', () => {
  it('shows a row\'s line in the text editor beside the table', async () => {
    const ext = await api();
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'sample.glossary.tsv');
    const ready = new Promise<void>((resolve) => { const s = ext.table.onDidReady((u) => { if (u.toString() === uri.toString()) { s.dispose(); resolve(); } }); });
    await vscode.commands.executeCommand('vscode.openWith', uri, 'terminology.table');
    if (!ext.table.isReady(uri)) await ready;
    assert.equal(await ext.table.handle(uri, { type: 'openText', line: 3 }), true);
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.toString(), uri.toString());
    assert.equal(editor?.selection.active.line, 3);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});

describe('table view: one tab per document', () => {
  it('Open in Table View and Open in Text Editor reopen the tab as the other: unsaved edits carry over, and the close question names the document once', async () => {
    const ext = await api();
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'sample.glossary.tsv');
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc);
    try {
      assert.ok(await editor.edit((e) => e.insert(doc.positionAt(doc.getText().length), 'login\tAnmeldung\n')));
      // What VS Code's "Close All Editors" asks about: every dirty tab, by its name.
      const dirtyTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.isDirty).map((t) => t.label);
      const tabsOf = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => (t.input as { uri?: vscode.Uri })?.uri?.toString() === uri.toString());
      const ready = new Promise<void>((resolve) => { const s = ext.table.onDidReady((u) => { if (u.toString() === uri.toString()) { s.dispose(); resolve(); } }); });
      await vscode.commands.executeCommand('terminology.openTable');
      await ready;
      assert.deepEqual(tabsOf().map((t) => t.input instanceof vscode.TabInputCustom ? 'table' : 'text'), ['table'], 'the text tab became the table');
      assert.deepEqual(dirtyTabs(), ['sample.glossary.tsv (Table)']);
      assert.ok(doc.isDirty && doc.getText().includes('login\tAnmeldung'), 'the unsaved edit carried over');
      await vscode.commands.executeCommand('terminology.openTextEditor');
      await waitUntil(() => tabsOf().length === 1 && tabsOf()[0].input instanceof vscode.TabInputText);
      assert.deepEqual(dirtyTabs(), ['sample.glossary.tsv'], 'back to one text tab, still dirty');
      assert.ok(vscode.window.activeTextEditor?.document.getText().includes('login\tAnmeldung'));
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revert');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });
});

async function waitUntil(check: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('table view: a large dictionary', () => {
  it('the rows after the first screen cross deflated and arrive whole: every row, a middle row found by the filter', async function () {
    this.timeout(60_000);
    const ext = await api();
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'table-large.glossary.tsv');
    // Over the worker's threshold (256 Ki units), in several scripts, so that the rows go encoded and deflated.
    const count = 30_000;
    const lines = Array.from({ length: count }, (_, i) => `alpha term${i}\t${['Ziel', '目标', 'цель', 'هدف'][i % 4]} ${i}`);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(lines.join('\n') + '\n'));
    try {
      const rows = nextPost(ext, uri, (m) => m.type === 'rows', 30_000);
      const loaded = new Promise<void>((resolve) => {
        const s = ext.table.onDidReport((r) => { if (r.uri.toString() === uri.toString() && r.figures.type === 'loaded') { s.dispose(); resolve(); } });
      });
      await vscode.commands.executeCommand('vscode.openWith', uri, 'terminology.table');
      const m = await rows;
      assert.ok(m.type === 'rows' && m.deflated === true && m.text instanceof Uint8Array, 'the rest of the rows went deflated');
      await loaded;
      const measured = new Promise<{ rows: number; filterText: string; shown: number }>((resolve) => {
        const s = ext.table.onDidReport((r) => {
          if (r.uri.toString() === uri.toString() && r.figures.type === 'viewMeasured') { s.dispose(); resolve(r.figures); }
        });
      });
      ext.table.command('measureView');
      const v = await measured;
      assert.equal(v.rows, count, 'every row arrived');
      // measureView filters by the last word of the middle row's source: that row, inflated in the webview, is whole.
      assert.equal(v.filterText, `term${count / 2}`);
      assert.equal(v.shown, 1);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(uri, { useTrash: false });
    }
  });

  it('a sort asked before the worker\'s orders came waits for them rather than sorting here; they come a column at a time', async function () {
    this.timeout(90_000);
    const ext = await api();
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'table-orders.glossary.tsv');
    const count = 30_000;
    // Sources in the reverse of line order: the first rows of the sort are the last lines.
    const lines = Array.from({ length: count }, (_, i) => `Term ${String(count - i).padStart(6, '0')}\t${['Ziel', '目标', 'цель', 'هدف'][i % 4]} ${i}`);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(lines.join('\n') + '\n'));
    // The worker for work done ahead is busy with another large table's orders first (as when two open at once), so
    // that this table's come after its rows.
    const other = Array.from({ length: 300_000 }, (_, i) => Array.from({ length: 8 }, (_, c) => `cell ${(i * 7919 + c * 104729) % 300_000} ${c}`).join('\t')).join('\n');
    const busy = ext.table.offload.tableOrders({
      separator: '\t', from: 0, total: 300_000, columns: 8, head: '', headQuoted: [], start: 0, rest: new TextEncoder().encode(other), restQuoted: [],
    }, () => true);
    const orders: Array<[number, boolean, number]> = [];
    const posts = ext.table.onDidPost((p) => {
      if (p.uri.toString() === uri.toString() && p.message.type === 'orders') for (const o of p.message.orders) orders.push([o.column, p.message.more, o.lines.length]);
    });
    try {
      const loaded = new Promise<void>((resolve) => {
        const s = ext.table.onDidReport((r) => { if (r.uri.toString() === uri.toString() && r.figures.type === 'loaded') { s.dispose(); resolve(); } });
      });
      await vscode.commands.executeCommand('vscode.openWith', uri, 'terminology.table');
      await loaded;
      const measured = new Promise<SortFigure[]>((resolve) => {
        const s = ext.table.onDidReport((r) => {
          if (r.uri.toString() === uri.toString() && r.figures.type === 'viewMeasured') { s.dispose(); resolve(r.figures.sorts); }
        });
      });
      ext.table.command('measureView');
      const [up, down] = await measured;
      note(`the first sort by source: ${up.ms.toFixed(0)} ms, waited for the worker's orders: ${up.waited}, found them at hand: ${up.ready}`);
      assert.ok(up.waited || up.ready, `the first sort by source made its own order in the webview (${JSON.stringify(up)})`);
      assert.deepEqual(up.top, [count - 1, count - 2, count - 3], 'sorted by source, A to Z');
      assert.deepEqual(down.top, [0, 1, 2], 'then Z to A');
      assert.equal(await busy, true);
      await waitUntil(() => orders.length === 2, 30_000);
      assert.deepEqual(orders, [[0, true, count], [1, false, count]], 'the order by each column, one after the other');
    } finally {
      posts.dispose();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(uri, { useTrash: false });
    }
  });
});
