import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import type { TableFigures, TableUpdate } from '../../src/protocol/table';
import { account, api, PAID_KEY, removeGlossary, seedGlossary, service } from './service';
import { findingsPosted, nextPost } from './tablePosts';

const G = { glossaryId: 'a11a1a1a-0000-4000-8000-0000000000b7', name: 'Grid table test' };
const START: Record<string, Array<[string, string]>> = {
  'en-de': [['cloud', 'Wolke'], ['login', 'Anmeldung'], ['price', 'Preis']],
  'en-fr': [['cloud', 'nuage'], ['price', 'prix']],
  'en-ja': [['cloud', 'クラウド'], ['login', 'ログイン']],
};

const glossary = () => account().glossaries.find((x) => x.glossary_id === G.glossaryId)!;
const remote = (pair: string) => glossary().dictionaries.find((d) => `${d.source_lang}-${d.target_lang}` === pair)?.entries;
const puts = () => service().requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/dictionaries')).length;

function nextReport<T extends TableFigures['type']>(ext: TerminologyApi, uri: vscode.Uri, type: T, ms = 15_000): Promise<Extract<TableFigures, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { sub.dispose(); reject(new Error(`no ${type} report from the table`)); }, ms);
    const sub = ext.table.onDidReport((r) => {
      if (r.uri.toString() === uri.toString() && r.figures.type === type) { sub.dispose(); clearTimeout(timer); resolve(r.figures as Extract<TableFigures, { type: T }>); }
    });
  });
}

describe('glossary table: a multilingual glossary in the table view', () => {
  let ext: TerminologyApi;
  let doc: vscode.TextDocument;
  let uri: vscode.Uri;

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    seedGlossary(G, START);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    removeGlossary(G.glossaryId);
    ext.glossaries.refresh();
  });

  it('opens in the table: a column per language, line 0 as the header, the gaps\' findings on their cells', async () => {
    const init = new Promise<TableUpdate>((resolve) => {
      const sub = ext.table.onDidPost((p) => { if (p.message.type === 'init' && p.uri.path.endsWith('/Grid table test/en.multilingual.tsv')) { sub.dispose(); resolve(p.message); } });
    });
    doc = await ext.actions.openGlossary(G, 'en', { in: 'table' });
    uri = doc.uri;
    const m = await init;
    assert.ok(m.type === 'init');
    if (m.type !== 'init') return;
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    assert.ok(tab instanceof vscode.TabInputCustom && tab.viewType === 'terminology.table', 'the table view is the active tab');
    // Its tab names the glossary: every glossary's file from EN has the same name.
    assert.equal(vscode.window.tabGroups.activeTabGroup.activeTab?.label, 'Grid table test/en.multilingual.tsv (Table)');
    assert.equal(m.mode, 'grid');
    assert.deepEqual(m.languages, ['EN', 'DE', 'FR', 'JA']);
    assert.equal(m.columns, 4);
    assert.equal(m.rows, 4, 'the header and three sources');
    assert.equal(m.text, doc.getText());
    // The findings arrive with the lint: the gaps (FR of login, JA of price) are missing-translation on their cell.
    const findings = m.findings.some(([, l]) => l.some((f) => f.code === 'missing-translation')) ? m
      : await nextPost(ext, uri, (x) => x.type === 'findings' && x.findings.some(([, l]) => l.some((f) => f.code === 'missing-translation')));
    assert.ok(findings.type === 'init' || findings.type === 'findings');
    const gaps = (findings.type === 'init' || findings.type === 'findings' ? findings.findings : [])
      .flatMap(([line, l]) => l.filter((f) => f.code === 'missing-translation').map((f) => [line, f.column]));
    assert.deepEqual(gaps.sort(), [[2, 2], [3, 3]], 'login has no FR (column 2), price no JA (column 3)');
  });

  it('a cell edit changes only that dictionary\'s cell in the document; Ctrl+S pushes only that dictionary', async () => {
    const before = doc.getText();
    const splice = nextPost(ext, uri, (m) => m.type === 'splice');
    let lints = 0;
    let counting!: vscode.Disposable;
    const linted = new Promise<void>((resolve) => { counting = ext.onDidLint((u) => { if (u.toString() === uri.toString()) { lints++; resolve(); } }); });
    assert.equal(await ext.table.handle(uri, { type: 'edit', line: 2, column: 2, value: 'connexion', version: doc.version }), true);
    const lines = before.split('\n');
    lines[2] = 'login\tAnmeldung\tconnexion\tログイン';
    assert.equal(doc.getText(), lines.join('\n'), 'only the FR cell of line 3 changed');
    const s = await splice;
    assert.ok(s.type === 'splice');
    if (s.type === 'splice') assert.deepEqual(s.rows, [['login', 'Anmeldung', 'connexion', 'ログイン']]);
    await linted; // the edit's findings
    const p0 = puts();
    const lintsBefore = lints;
    const requests = service().requests.length;
    assert.ok(await doc.save(), 'the save pushed');
    assert.equal(puts() - p0, 1, 'one PUT: EN → FR only');
    // After the push, the checks across dictionaries ask for the glossary's context again: the same (no dictionary
    // into EN), so nothing is checked or published again (for 50 000 rows, a hold of 50 ms and more).
    for (let waited = 0; !service().requests.slice(requests).some((r) => r.method === 'GET' && r.path.endsWith(G.glossaryId)) && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 500));
    counting.dispose();
    assert.equal(lints, lintsBefore, 'no findings published again after the push');
    assert.deepEqual(remote('en-fr'), [['cloud', 'nuage'], ['login', 'connexion'], ['price', 'prix']]);
    assert.deepEqual(remote('en-de'), START['en-de']);
    assert.deepEqual(remote('en-ja'), START['en-ja']);
  });

  it('filters to the rows missing in a language, and goes to the next gap', async () => {
    let view = nextReport(ext, uri, 'viewChanged');
    ext.table.command('filterMissing', 'ja');
    let v = await view;
    assert.deepEqual(v.lines, [3], 'only price lacks JA');
    assert.deepEqual(v.active, { line: 3, column: 3 });
    view = nextReport(ext, uri, 'viewChanged');
    ext.table.command('filterMissing', '');
    v = await view;
    assert.deepEqual(v.lines, [1, 2, 3], 'every row again (the header is not a row)');
    // The only gap left is JA of price (FR of login was filled above): the search wraps around to it.
    view = nextReport(ext, uri, 'viewChanged');
    ext.table.command('nextGap');
    v = await view;
    assert.deepEqual(v.active, { line: 3, column: 3 });
  });

  it('adds a row below the header at the earliest, and never deletes the header', async () => {
    const v = doc.version;
    assert.equal(await ext.table.handle(uri, { type: 'addRow', after: -1, version: v }), true);
    assert.equal(doc.lineAt(0).text, 'en\tde\tfr\tja', 'the header stays first');
    assert.equal(doc.lineAt(1).text, '\t\t\t', 'the new row, one cell per language');
    assert.equal(await ext.table.handle(uri, { type: 'deleteRows', lines: [0, 1], version: doc.version }), true);
    assert.equal(doc.lineAt(0).text, 'en\tde\tfr\tja', 'line 0 is not a row: it was not deleted');
    assert.equal(doc.lineAt(1).text, 'cloud\tWolke\tnuage\tクラウド');
    await vscode.commands.executeCommand('undo');
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.isDirty, false);
  });

  it('Delete Rows asks from which dictionaries: Escape changes nothing, Enter takes the ones picked (all at first)', async () => {
    const before = doc.getText();
    const line = doc.getText().split('\n').findIndex((l) => l.startsWith('login\t'));
    assert.ok(line > 0);
    // The picker is VS Code's own quick pick: driven by its commands once it shows.
    const drive = async (command: string) => {
      const asked = ext.table.handle(uri, { type: 'deleteRows', lines: [line], version: doc.version });
      let outcome: boolean | undefined;
      void asked.then((r) => { outcome = r; });
      for (let i = 0; i < 40 && outcome === undefined; i++) {
        await new Promise((r) => setTimeout(r, 250));
        if (outcome === undefined) await vscode.commands.executeCommand(command);
      }
      return asked;
    };
    assert.equal(await drive('workbench.action.closeQuickOpen'), false);
    assert.equal(doc.getText(), before, 'Escape: nothing changed');
    assert.equal(await drive('workbench.action.acceptSelectedQuickOpenItem'), true);
    assert.ok(!doc.getText().split('\n').some((l) => l.startsWith('login\t')), 'all picked: the row is gone from every dictionary');
    assert.equal(doc.lineAt(0).text.split('\t')[0], 'en');
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), before);
  });

  it('Add Language from the table: the new column reaches the webview, its drafts are findings on their cells', async () => {
    const drafts = nextPost(ext, uri, (m) => m.type === 'findings' && m.findings.some(([, l]) => l.some((f) => f.code === 'draft-translation' && f.column === 4)));
    assert.equal(await ext.actions.addLanguage(uri, 'es'), 3, 'a draft for each of the three sources');
    assert.equal(doc.lineAt(0).text, 'en\tde\tfr\tja\tes');
    await drafts;
    const view = nextReport(ext, uri, 'viewChanged');
    ext.table.command('filterMissing', 'es');
    const v = await view;
    assert.equal(v.shown, 0, 'the webview knows the ES column: no row lacks it');
    await vscode.commands.executeCommand('workbench.action.files.revert');
    assert.equal(doc.lineAt(0).text, 'en\tde\tfr\tja');
  });

  it('Show Rows Missing in a Language… and the next-gap key are offered only for a glossary table', async () => {
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('terminology.table.nextGap') && commands.includes('terminology.table.filterMissing'));
    assert.deepEqual(ext.table.activeGrid(), ['EN', 'DE', 'FR', 'JA']);
  });
});

describe('glossary table: a large glossary fresh from the service', () => {
  let ext: TerminologyApi;
  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
  });

  it('a large glossary fresh in the table is linted once its first rows show, not while VS Code builds it; all its findings come', async () => {
    // About 330 KiB joined, over the size read into a lint state during the read (256 KiB); every 40th source has
    // no FR target.
    const rows = 3000;
    const big = (n: number) => ({ glossaryId: `a11a1a1a-0000-4000-8000-00000000${n}bb0`, name: `Grid table large ${n}` });
    const entries = (lang: string) => Array.from({ length: rows }, (_, i) => [`term ${i} alpha beta gamma delta`, `${lang} Begriff ${i} eins zwei drei`] as [string, string]);
    const dictionaries = { 'en-de': entries('de'), 'en-fr': entries('fr').filter((_, i) => i % 40 !== 7) };
    const gaps = rows / 40;
    const [inTable, inText] = [big(1), big(2)];
    seedGlossary(inTable, dictionaries);
    seedGlossary(inText, dictionaries);
    try {
      const before = ext.diagnostics.preloadsStarted;
      const opened = vscode.Uri.from({ scheme: 'terminology', authority: 'glossaries', path: `/${inTable.name}/en.multilingual.tsv`, query: `id=${inTable.glossaryId}` });
      const rendered = nextReport(ext, opened, 'rendered').then(() => performance.now());
      const linted = new Promise<number>((resolve) => { const sub = ext.onDidLint((u) => { if (u.toString() === opened.toString()) { sub.dispose(); resolve(performance.now()); } }); });
      const d = await ext.actions.openGlossary(inTable, 'en', { in: 'table' });
      assert.ok(d.getText().length > 256 * 1024, `${d.getText().length} characters: large enough to be read into a lint state`);
      const [shownAt, lintedAt] = await Promise.all([rendered, linted]);
      assert.equal(ext.diagnostics.preloadsStarted, before, 'the read for the table is not linted while VS Code builds the document');
      assert.ok(lintedAt > shownAt, `its lint waits for the table's first rows (linted ${(lintedAt - shownAt).toFixed(0)} ms after them)`);
      const missing = () => vscode.languages.getDiagnostics(d.uri).filter((x) => (typeof x.code === 'object' ? x.code.value : x.code) === 'missing-translation').length;
      for (let waited = 0; missing() !== gaps && waited < 20_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      assert.equal(missing(), gaps, 'every gap is a finding once the document is open');
      // Opened as text, the same glossary is read into a lint state while VS Code builds it, as before.
      const taken = ext.diagnostics.preloadsTaken;
      await ext.actions.openGlossary(inText, 'en', { in: 'text' });
      assert.equal(ext.diagnostics.preloadsStarted, before + 1, 'a read for the text editor is linted during the read');
      // Its lines counted in slices (none in the read's own task) are the document's: the opening takes the state over.
      assert.equal(ext.diagnostics.preloadsTaken, taken + 1, 'the document that opens takes over the state read for it');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      removeGlossary(inTable.glossaryId);
      removeGlossary(inText.glossaryId);
    }
  });

  it('thousands of findings reach the webview as bytes, in parts, and it reads them all: first and far down', async () => {
    // 10 000 rows, every 4th without FR: 2 500 gaps, more than one part of findings (2 000), whose JSON is over the
    // 64 KiB sent as bytes. Two sources near the end share a DE target: their finding comes in the last part, and only
    // with all findings, after the first screen's; the first gap's, in the first part.
    const rows = 10000;
    const g = { glossaryId: 'a11a1a1a-0000-4000-8000-000000003bb0', name: 'Grid table many findings' };
    const de = Array.from({ length: rows }, (_, i) => [`term ${i} alpha beta gamma delta`, i === 9990 || i === 9995 ? 'Doppelt' : `de Begriff ${i} eins zwei drei`] as [string, string]);
    const fr = Array.from({ length: rows }, (_, i) => [`term ${i} alpha beta gamma delta`, `fr terme ${i} un deux trois`] as [string, string]).filter((_, i) => i % 4 !== 3);
    seedGlossary(g, { 'en-de': de, 'en-fr': fr });
    try {
      const opened = vscode.Uri.from({ scheme: 'terminology', authority: 'glossaries', path: `/${g.name}/en.multilingual.tsv`, query: `id=${g.glossaryId}` });
      const all = findingsPosted(ext, opened, (f) => f.some(([, l]) => l.some((x) => x.code === 'same-target-for-different-sources')), 30_000);
      const d = await ext.actions.openGlossary(g, 'en', { in: 'table' });
      const m = await all;
      assert.equal(m.findings.flatMap(([, l]) => l).filter((f) => f.code === 'missing-translation').length, rows / 4);
      assert.ok(m.parts > 1, `in ${m.parts} parts`);
      assert.ok(JSON.stringify(m.findings).length > 64 * 1024, 'enough findings to cross as bytes');
      const lines = d.getText().split('\n');
      const line = lines.findIndex((t) => t.startsWith('term 9990 '));
      assert.ok(line > 500, `line ${line}: past the first screen, whose findings came with the rows`);
      // The lines with findings in the order they were posted: 2 000 findings or more before the twins' line.
      const at = m.findings.findIndex(([l]) => l === line);
      assert.ok(m.findings.slice(0, at).reduce((n, [, l]) => n + l.length, 0) >= 2000, 'the twins\' finding came after the first part');
      let view = nextReport(ext, opened, 'viewChanged');
      ext.table.command('firstFinding', 'same-target-for-different-sources');
      let v = await view;
      const twins = [line, lines.findIndex((t) => t.startsWith('term 9995 '))].sort((a, b) => a - b);
      assert.deepEqual(v.active, { line: twins[0], column: 1 }, 'the webview has the finding that came as bytes');
      // The first gap's finding came in the first part: the parts after it added to it, not replaced it.
      const firstGap = lines.findIndex((t, i) => i > 0 && t.split('\t')[2] === '');
      view = nextReport(ext, opened, 'viewChanged');
      ext.table.command('firstFinding', 'missing-translation');
      v = await view;
      assert.deepEqual(v.active, { line: firstGap, column: 2 }, 'the webview kept the first part');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      removeGlossary(g.glossaryId);
    }
  });
});
