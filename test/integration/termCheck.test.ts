import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import { brief, codeOf, diagnosticsWhere } from './diagnosticsHelpers';
import { scenario } from './scenario';
import { account, api, PAID_KEY, seedGlossary, service } from './service';
import { recordingMessages, withStubbedWindow } from './stubWindow';

// The fixture (test/fixtures/termcheck) is copied into the workspace as term-it/: a manifest linking one glossary whose
// en-de dictionary is a file and whose en-fr dictionary is only on the service; PO, XLIFF 1.2 and i18next JSON files,
// and a .properties pair (messages_de with messages_en) that no test opens: only the workspace check reads it; an
// Android values-de/strings.xml, a UTF-16 de.lproj/Localizable.strings and a Localizable.xcstrings (de and fr). The
// real projects' files under real/ are the unit tests' and are not copied.
const GLOSSARY = { glossaryId: '5f7c0000-0000-4000-8000-000000000031', name: 'Term check test' };
const FIXTURE = vscode.Uri.file(path.resolve(__dirname, '../../../test/fixtures/termcheck'));
const root = () => vscode.workspace.workspaceFolders![0].uri;
const folder = () => vscode.Uri.joinPath(root(), 'term-it');
const file = (rel: string) => vscode.Uri.joinPath(folder(), ...rel.split('/'));
const docUrl = (code: string) => `https://github.com/terminology-studio/terminology-studio/blob/main/docs/rules.md#rule-${code}`;
const remoteEntries = () => JSON.stringify(account().glossaries.find((g) => g.glossary_id === GLOSSARY.glossaryId)?.dictionaries);

async function open(rel: string): Promise<vscode.TextEditor> {
  return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file(rel)));
}

async function edit(doc: vscode.TextDocument, line: number, from: string, to: string): Promise<void> {
  const col = doc.lineAt(line).text.indexOf(from);
  assert.ok(col >= 0, `"${from}" on line ${line}`);
  const we = new vscode.WorkspaceEdit();
  we.replace(doc.uri, new vscode.Range(line, col, line, col + from.length), to);
  assert.ok(await vscode.workspace.applyEdit(we));
}

/** Reverts and closes every editor (the edits of a step are not saved). */
async function closeAll(): Promise<void> {
  while (vscode.window.activeTextEditor) await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  for (const d of vscode.workspace.textDocuments.filter((x) => x.isDirty)) {
    await vscode.window.showTextDocument(d);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
}

/** [code, line, start, end] of the term check's findings, once `check` holds for them. */
async function findingsWhere(rel: string, check: (b: Array<[string, number, number, number]>) => boolean, what: string): Promise<vscode.Diagnostic[]> {
  return diagnosticsWhere(file(rel), (ds) => check(brief(ds)), what);
}

describe('term check in the editor: diagnostics, fixes, hover, status, workspace check', () => {
  let ext: TerminologyApi;
  const step = scenario();

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    seedGlossary(GLOSSARY, { 'en-de': [['cloud', 'Nebel']], 'en-fr': [['cloud', 'nuage'], ['account', 'compte']] });
    await vscode.workspace.fs.copy(FIXTURE, folder(), { overwrite: true });
    await vscode.workspace.fs.delete(file('real'), { recursive: true, useTrash: false });
    // The web workbench saves after a delay by default; here edits stay unsaved until a step reverts them.
    await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('terminology').update('manifest', 'term-it/terminology.json', vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await closeAll();
    await vscode.workspace.getConfiguration('files').update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('terminology').update('manifest', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.fs.delete(folder(), { recursive: true, useTrash: false });
    account().glossaries = account().glossaries.filter((g) => g.glossary_id !== GLOSSARY.glossaryId);
    service().clearFaults();
  });

  step('PO: findings on the target string\'s characters, with codes, doc links and the manifest\'s severities', async () => {
    const po = await open('de.po');
    assert.equal(po.document.languageId, 'po', 'a .po file opens as Gettext PO (its colours), not as Plain Text');
    const ds = await findingsWhere('de.po', (b) => b.length === 2, 'two findings in de.po');
    // msgstr "In der cloud speichern": "cloud" (16–20); msgstr "Ihr Profil": the whole target (8–18).
    assert.deepEqual(brief(ds), [['untranslated-term', 6, 15, 20], ['term-not-used', 9, 8, 18]]);
    assert.equal(ds[0].severity, vscode.DiagnosticSeverity.Warning, 'the manifest\'s "rules" raise untranslated-term from info');
    assert.equal(ds[1].severity, vscode.DiagnosticSeverity.Warning);
    for (const d of ds) {
      const code = d.code as { value: string; target: vscode.Uri };
      assert.equal(code.target.toString(true), docUrl(code.value));
    }
    assert.match(ds[0].message, /"Wolke" \(glossary Term check test, en-de\)/, 'the linked file\'s target, not the service\'s "Nebel"');
    assert.equal(ext.termCheck.status.text, '$(book) 2');
    // The automata were built on the core worker, and the file was checked there: none of it on the extension host.
    const set = await ext.termCheck.glossaries.load();
    assert.equal(set?.index.where, 'worker');
  });

  step('XLIFF 1.2: the range counts entities; JSON: paired with the source-locale file by key', async () => {
    const xlf = await open('messages.de.xlf');
    const line = xlf.document.lineAt(6).text;
    const ds = await findingsWhere('messages.de.xlf', (b) => b.length === 1, 'one finding in the XLIFF file');
    assert.deepEqual(brief(ds), [['untranslated-term', 6, line.indexOf('cloud'), line.indexOf('cloud') + 5]]);
    const json = await open('locales/de/app.json');
    const jline = json.document.lineAt(2).text;
    const js = await findingsWhere('locales/de/app.json', (b) => b.length === 1, 'one finding in the JSON file');
    assert.deepEqual(brief(js), [['term-not-used', 2, jline.indexOf('Einstellungen'), jline.indexOf('Einstellungen') + 'Einstellungen'.length]]);
    assert.equal(ext.termCheck.status.text, '$(book) 1');
  });

  step('an edit of the source-locale file re-checks its target file', async () => {
    const en = await vscode.workspace.openTextDocument(file('locales/en/app.json'));
    await edit(en, 1, 'Your name', 'Your account');
    const line = (await vscode.workspace.openTextDocument(file('locales/de/app.json'))).lineAt(1).text;
    const ds = await findingsWhere('locales/de/app.json', (b) => b.length === 2, 'the title\'s source now has "account"');
    assert.deepEqual(brief(ds)[0], ['term-not-used', 1, line.indexOf('Ihr Profil'), line.indexOf('Ihr Profil') + 10]);
  });

  step('typing in the target re-checks it (debounced): the finding goes when the term is used', async () => {
    const doc = (await open('de.po')).document;
    await edit(doc, 9, 'Profil', 'Konto');
    await findingsWhere('de.po', (b) => b.length === 1 && b[0][0] === 'untranslated-term', 'term-not-used gone after typing');
    await edit(doc, 9, 'Konto', 'Profil');
    await findingsWhere('de.po', (b) => b.length === 2, 'term-not-used back');
  });

  step('an edit of the linked glossary file re-checks the open translation files', async () => {
    const gl = await vscode.workspace.openTextDocument(file('glossaries/en-de.glossary.tsv'));
    await edit(gl, 1, 'Konto', 'Profil');
    await findingsWhere('de.po', (b) => b.length === 1, 'Profil is now the glossary\'s target');
    await edit(gl, 1, 'Profil', 'Konto');
    await findingsWhere('de.po', (b) => b.length === 2, 'back to Konto');
  });

  step('a dictionary whose linked file is missing comes from the service; the quick fix keeps the sentence\'s case', async () => {
    const before = remoteEntries();
    const doc = (await open('fr.po')).document;
    const ds = await findingsWhere('fr.po', (b) => b.length === 1, 'one finding in fr.po');
    assert.deepEqual(brief(ds), [['untranslated-term', 5, 8, 13]]);
    assert.match(ds[0].message, /"nuage" \(glossary Term check test, en-fr\)/);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, ds[0].range);
    const fix = actions.find((a) => a.title === 'Replace with the glossary\'s "nuage"');
    assert.ok(fix?.edit, `the replace fix among ${actions.map((a) => a.title).join(', ')}`);
    assert.ok(fix.isPreferred);
    assert.ok(actions.some((a) => a.title === 'Open entry in glossary'));
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.equal(doc.lineAt(5).text, 'msgstr "Nuage activé"');
    await findingsWhere('fr.po', (b) => b.length === 0, 'the finding gone after the fix');
    assert.equal(remoteEntries(), before, 'the service\'s glossary is unchanged');
    assert.equal(ext.termCheck.status.text, '$(book) 0');
  });

  step('term-not-used: the glossary\'s target inserted at the cursor inside the target; none for the whole target', async () => {
    const doc = (await open('de.po')).document;
    const [, notUsed] = await findingsWhere('de.po', (b) => b.length === 2, 'two findings');
    const whole = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, notUsed.range);
    assert.ok(!whole.some((a) => a.title.startsWith('Insert') || a.title.startsWith('Replace')), 'no guess which words to replace');
    // A bare cursor inside a word points at the word: it is replaced whole (never split), and can be offered to the
    // glossary as the rendering.
    const inWord = new vscode.Range(9, 14, 9, 14); // "Pr|ofil"
    const atCursor = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, inWord);
    const titles = atCursor.map((a) => a.title);
    assert.ok(titles.includes('Replace "Profil" with the glossary\'s "Konto"'), titles.join(', '));
    assert.ok(titles.includes('Add "Profil" to the glossary as the translation of "account"…'), titles.join(', '));
    assert.ok(!titles.some((t) => t.startsWith('Insert')), 'nothing inserted inside a word');
    // Ctrl+. with the cursor elsewhere on the line: VS Code asks for the fixes of the problem nearby at its end. The
    // word before that end ("Profil") is not one the user pointed at: no guess.
    const editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document, doc);
    editor.selection = new vscode.Selection(9, 0, 9, 0);
    const end = new vscode.Range(notUsed.range.end, notUsed.range.end);
    const nearby = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, end)).map((a) => a.title);
    assert.ok(!nearby.some((t) => /^(Replace|Insert|Add) /.test(t)), `no guess from a cursor elsewhere on the line: ${nearby.join(', ')}`);
    assert.ok(nearby.some((t) => t.startsWith('Ignore ')), nearby.join(', '));
    // The cursor itself right after "Profil": that word is the one pointed at.
    editor.selection = new vscode.Selection(notUsed.range.end, notUsed.range.end);
    const atEnd = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, end)).map((a) => a.title);
    assert.ok(atEnd.includes('Replace "Profil" with the glossary\'s "Konto"'), atEnd.join(', '));
    const sel = new vscode.Range(9, 12, 9, 18); // "Profil"
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, sel);
    const fix = actions.find((a) => a.title === 'Replace with the glossary\'s "Konto"');
    assert.ok(fix?.edit);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.equal(doc.lineAt(9).text, 'msgstr "Ihr Konto"');
    await findingsWhere('de.po', (b) => b.length === 1, 'term-not-used fixed');
  });

  step('hover: the glossary entry, its glossary and dictionary', async () => {
    const doc = (await open('de.po')).document;
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, new vscode.Position(6, 17));
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /\*\*cloud\*\* → \*\*Wolke\*\*/);
    assert.match(text, /Glossary Term check test, dictionary EN → DE \(term-it\/glossaries\/en-de\.glossary\.tsv:1\)/);
  });

  step('Add this rendering to the glossary: the selected words become the linked dictionary\'s target, unsaved; the finding goes', async () => {
    await closeAll();
    const doc = (await open('de.po')).document;
    await findingsWhere('de.po', (b) => b.some(([c, line]) => c === 'term-not-used' && line === 9), 'term-not-used on "Ihr Profil"');
    const sel = new vscode.Range(9, 12, 9, 18); // "Profil"
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, sel);
    const add = actions.find((a) => a.title === 'Add "Profil" to the glossary as the translation of "account"…');
    assert.ok(add?.command, `the action among ${actions.map((a) => a.title).join(', ')}`);
    assert.equal(add.command.command, 'terminology.termCheck.addRendering');
    // The command asks first (a modal); the action it then calls, with the same arguments:
    const [entry, rendering] = add.command.arguments as [Parameters<TerminologyApi['actions']['addRendering']>[0], string];
    const glossary = await ext.actions.addRendering(entry, rendering);
    assert.ok(glossary.isDirty, 'the dictionary is changed, not saved');
    assert.equal(glossary.lineAt(1).text, 'account\tProfil');
    const shown = vscode.window.activeTextEditor;
    assert.equal(shown?.document.uri.toString(), glossary.uri.toString(), 'the dictionary is shown');
    assert.deepEqual([shown.selection.start.line, shown.selection.end.line, shown.selection.end.character], [1, 1, 'account\tProfil'.length], 'the changed line is selected');
    await findingsWhere('de.po', (b) => !b.some(([c, line]) => c === 'term-not-used' && line === 9), 'the finding gone with the new translation');
    await closeAll();
  });

  step('Find Term Candidates: a phrase of several sources no glossary holds, added to the linked dictionary as a draft', async () => {
    await closeAll();
    const report = await ext.actions.findTermCandidates({ minCount: 2 });
    assert.ok(report, 'a report');
    assert.equal(`${report.sourceLang}>${report.targetLang}`, 'en>de');
    const save = report.candidates.find((c) => c.phrase.toLowerCase() === 'save');
    assert.ok(save && save.count >= 2, JSON.stringify(report.candidates.map((c) => [c.phrase, c.count])));
    assert.ok(!report.candidates.some((c) => /cloud|account/i.test(c.phrase)), 'no glossary term is a candidate');
    const dict = report.dictionaries.find((d) => d.file.endsWith('/term-it/glossaries/en-de.glossary.tsv'));
    assert.ok(dict, JSON.stringify(report.dictionaries));
    const doc = await ext.actions.addRendering({ source: save.phrase, target: '', sourceLang: dict.sourceLang, targetLang: dict.targetLang, glossary: dict.glossary, file: dict.file }, 'Speichern');
    assert.ok(doc.isDirty);
    assert.equal(doc.getText().trimEnd().split('\n').at(-1), `${save.phrase}\tSpeichern`);
    const added = doc.getText().trimEnd().split('\n').length - 1;
    assert.equal(vscode.window.activeTextEditor?.selection.start.line, added, 'the added line is selected');
    await closeAll();
  });

  step('the status sidecar beside the manifest: a target using a term it marks forbidden is an error; removed, the finding goes', async () => {
    await closeAll();
    await open('de.po');
    const sidecar = file('terminology.statuses.json');
    await vscode.workspace.fs.writeFile(sidecar, new TextEncoder().encode(JSON.stringify({ terms: { de: [{ term: 'speichern', status: 'forbidden' }] } })));
    try {
      const ds = await findingsWhere('de.po', (b) => b.some(([c]) => c === 'forbidden-term'), 'forbidden-term from the sidecar');
      const f = ds.find((d) => codeOf(d) === 'forbidden-term')!;
      assert.equal(f.severity, vscode.DiagnosticSeverity.Error);
      assert.deepEqual([f.range.start.line, f.range.start.character, f.range.end.character], [6, 21, 30]);
    } finally {
      await vscode.workspace.fs.delete(sidecar);
    }
    await findingsWhere('de.po', (b) => !b.some(([c]) => c === 'forbidden-term'), 'no forbidden-term once the sidecar is gone');
  });

  step('Ignore here: a PO translator comment; the manifest\'s "termIgnore" for a JSON string; the findings go, the glossary unchanged', async () => {
    const before = remoteEntries();
    const po = (await open('de.po')).document;
    const [first] = await findingsWhere('de.po', (b) => b.length >= 1, 'a finding in de.po');
    const count = vscode.languages.getDiagnostics(po.uri).filter((d) => d.source !== undefined && /term/.test(String(codeOf(d)))).length;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', po.uri, first.range);
    const ignore = actions.find((a) => /^Ignore ".+" here$/.test(a.title));
    assert.ok(ignore?.edit, `Ignore here among ${actions.map((a) => a.title).join(', ')}`);
    assert.ok(await vscode.workspace.applyEdit(ignore.edit));
    assert.match(po.getText(), /\n# terminology-ignore: \S.*\n/);
    await diagnosticsWhere(po.uri, (ds) => ds.filter((d) => /term/.test(String(codeOf(d)))).length === count - 1, 'one finding fewer in de.po');
    const json = (await open('locales/de/app.json')).document;
    const [jf] = await findingsWhere('locales/de/app.json', (b) => b.length >= 1, 'a finding in the German JSON');
    const jsonActions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', json.uri, jf.range);
    const jsonIgnore = jsonActions.find((a) => /^Ignore ".+" here$/.test(a.title));
    assert.ok(jsonIgnore?.edit, `Ignore here among ${jsonActions.map((a) => a.title).join(', ')}`);
    assert.ok(await vscode.workspace.applyEdit(jsonIgnore.edit));
    const manifest = vscode.workspace.textDocuments.find((d) => d.uri.path.endsWith('/term-it/terminology.json'))!;
    assert.match(manifest.getText(), /"termIgnore": \{\s*"locales\/de\/app\.json": \{/);
    await findingsWhere('locales/de/app.json', (b) => !b.some(([, line, start]) => line === jf.range.start.line && start === jf.range.start.character), 'the JSON finding gone');
    assert.equal(remoteEntries(), before, 'the service\'s glossary is unchanged');
    await closeAll();
  });

  step('Android strings.xml, UTF-16 Apple .strings and .xcstrings: findings on the characters; the fix between escapes', async () => {
    const before = remoteEntries();
    const android = (await open('android/res/values-de/strings.xml')).document;
    const aline = android.lineAt(2).text;
    const ads = await findingsWhere('android/res/values-de/strings.xml', (b) => b.length === 1, 'one finding in the Android file');
    assert.deepEqual(brief(ads), [['untranslated-term', 2, aline.indexOf('cloud'), aline.indexOf('cloud') + 5]]);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', android.uri, ads[0].range);
    const fix = actions.find((a) => a.title === 'Replace with the glossary\'s "Wolke"');
    assert.ok(fix?.edit, `the replace fix among ${actions.map((a) => a.title).join(', ')}`);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.equal(android.lineAt(2).text, '    <string name="save">In der \\"Wolke\\" speichern</string>');
    await findingsWhere('android/res/values-de/strings.xml', (b) => b.length === 0, 'the finding gone after the fix');
    assert.equal(remoteEntries(), before, 'the service\'s glossary is unchanged');
    // Saved as UTF-16 LE with a byte order mark: VS Code decodes it, the columns are the text's.
    const bytes = await vscode.workspace.fs.readFile(file('apple/de.lproj/Localizable.strings'));
    assert.deepEqual([bytes[0], bytes[1]], [0xff, 0xfe]);
    await open('apple/de.lproj/Localizable.strings');
    const sds = await findingsWhere('apple/de.lproj/Localizable.strings', (b) => b.length === 1, 'one finding in the .strings file');
    assert.deepEqual(brief(sds), [['term-not-used', 1, 13, 23]]);
    // One catalog, two target languages: "nuage" (fr) is the glossary's, "cloud" (de) is left as in the source.
    const xc = await open('apple/Localizable.xcstrings');
    assert.equal(xc.document.languageId, 'json', 'a String Catalog opens as JSON (its colours, folding), not as Plain Text');
    const xline = xc.document.lineAt(5).text;
    const xds = await findingsWhere('apple/Localizable.xcstrings', (b) => b.length === 1, 'one finding in the catalog');
    assert.deepEqual(brief(xds), [['untranslated-term', 5, xline.indexOf('cloud'), xline.indexOf('cloud') + 5]]);
  });

  step('Check Terms in Workspace: every translation file, open or not; cancel stops it', async () => {
    await closeAll();
    // A closed editor's document stays in textDocuments for minutes: only a file no test opened is read from disk.
    const neverOpened = vscode.workspace.textDocuments.filter((d) => /\/term-it\/messages_(de|en)\.properties$/.test(d.uri.path));
    assert.deepEqual(neverOpened.map((d) => d.uri.path), [], 'the .properties pair was never opened');
    const progress: string[] = [];
    const s = await ext.actions.checkTermsInWorkspace({ onProgress: (d, t) => progress.push(`${d}/${t}`) });
    // de.po, fr.po, messages.de.xlf, locales/de/app.json, messages_de.properties, android/res/values-de/strings.xml,
    // apple/de.lproj/Localizable.strings, apple/Localizable.xcstrings (locales/en/app.json, messages_en.properties,
    // android/res/values/strings.xml and apple/en.lproj are the source locale).
    assert.equal(s.files, 8);
    assert.ok(progress.length >= 7 && progress.at(-1) === `${progress.length}/${progress.length}`, progress.join(' '));
    const states = vscode.workspace.textDocuments.filter((d) => d.uri.path.includes('/term-it/')).map((d) => `${d.uri.path.split('/term-it/')[1]} dirty=${d.isDirty} closed=${d.isClosed}`);
    const perFile = vscode.languages.getDiagnostics().filter(([u]) => u.path.includes('/term-it/')).map(([u, ds]) => `${u.path.split('/term-it/')[1]}: ${JSON.stringify(brief(ds))}`);
    assert.deepEqual(s.byCode, { 'untranslated-term': 6, 'term-not-used': 4 }, `the unsaved fixes were reverted: the files on disk count; ${perFile.join('; ')}; ${states.join('; ')}`);
    assert.equal(s.findings, 10);
    const xlf = await diagnosticsWhere(file('messages.de.xlf'), (ds) => ds.length === 1, 'a closed file\'s finding published');
    assert.equal(codeOf(xlf[0]), 'untranslated-term');
    // save=In der Cloud speichern: "Cloud" (12–17); account.title=Ihr Profil: the whole value (14–24), its source
    // ("Your account") read from the closed messages_en.properties.
    const props = await findingsWhere('messages_de.properties', (b) => b.length === 2, 'the never-opened file\'s findings published');
    assert.deepEqual(brief(props), [['untranslated-term', 2, 12, 17], ['term-not-used', 3, 14, 24]]);
    const ac = new AbortController();
    ac.abort();
    await assert.rejects(ext.actions.checkTermsInWorkspace({ signal: ac.signal }));
  });

  step('the Term Check view: the workspace\'s findings by term with counts; a click opens one; the filter by glossary', async () => {
    const view = ext.termCheck.view;
    await ext.actions.checkTermsInWorkspace();
    const total = ext.termCheck.checker.allResults().reduce((n, [, rs]) => n + rs.length, 0);
    const terms = view.getChildren() as Array<Extract<ReturnType<typeof view.terms>[number], { kind: 'term' }>>;
    assert.ok(terms.length > 0 && terms.every((t) => t.kind === 'term'));
    assert.equal(terms.reduce((n, t) => n + t.results.length, 0), total, 'every finding under one term');
    assert.ok(terms.every((t, i) => i === 0 || terms[i - 1].results.length >= t.results.length), 'the most findings first');
    const cloud = terms.find((t) => t.term === 'cloud' && t.code === 'untranslated-term');
    assert.ok(cloud, terms.map((t) => `${t.term} ${t.code}`).join(', '));
    const item = view.getTreeItem(cloud);
    assert.equal(item.label, 'cloud');
    assert.match(String(item.description), new RegExp(`^${cloud.results.length} · untranslated-term · Term check test$`));
    // The manifest makes untranslated-term a warning: the icon says so, as the Problems view does.
    assert.ok(cloud.results.every((r) => r.result.diagnostic.severity === vscode.DiagnosticSeverity.Warning));
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'warning');
    const [first] = view.getChildren(cloud);
    const open = view.getTreeItem(first).command!;
    assert.equal(open.command, 'vscode.open');
    await vscode.commands.executeCommand(open.command, ...(open.arguments ?? []));
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), (first as { uri: vscode.Uri }).uri.toString());
    view.setGlossary('Term check test');
    assert.ok((view.getChildren() as typeof terms).every((t) => t.glossary === 'Term check test'));
    view.setGlossary('No such glossary');
    assert.deepEqual(view.getChildren(), []);
    view.setGlossary(undefined);
    assert.equal(view.getChildren().length, terms.length);
    assert.deepEqual(view.glossaries(), ['Term check test']);
    await closeAll();
  });

  step('a folder without a manifest: the glossaries picked for it, from the service, are held against its files', async () => {
    await closeAll();
    const config = vscode.workspace.getConfiguration('terminology');
    await config.update('manifest', 'no-manifest-here/terminology.json', vscode.ConfigurationTarget.Global);
    try {
      await ext.actions.pickTermCheckGlossaries([{ id: GLOSSARY.glossaryId, name: GLOSSARY.name }]);
      await open('de.po');
      // The service's en-de dictionary says cloud → Nebel (the linked file, unused now, says Wolke).
      const ds = await diagnosticsWhere(file('de.po'), (d) => d.some((x) => x.range.start.line === 6 && /"Nebel" \(glossary Term check test, en-de\)/.test(x.message)), 'cloud → Nebel from the picked glossary');
      assert.equal(codeOf(ds.find((d) => d.range.start.line === 6)!), 'untranslated-term');
      await ext.actions.pickTermCheckGlossaries([]);
      await findingsWhere('de.po', (b) => b.length === 0, 'no glossary picked, no manifest: nothing checked');
      // Check Terms in Workspace then says why nothing was checked, and offers to pick glossaries.
      assert.equal((await ext.actions.checkTermsInWorkspace()).noGlossaries, true);
      const said: string[] = [];
      await withStubbedWindow({ showInformationMessage: recordingMessages(said) }, async () => { await vscode.commands.executeCommand('terminology.checkTermsInWorkspace'); });
      assert.deepEqual(said, ['Term check: no glossaries to check against. Link them in a manifest (terminology.json), or pick them for this folder. | Pick Glossaries…']);
    } finally {
      await ext.actions.pickTermCheckGlossaries([]);
      await config.update('manifest', 'term-it/terminology.json', vscode.ConfigurationTarget.Global);
      await closeAll();
    }
  });

  step('a manifest whose links were all removed leaves the check to the glossaries picked, not to nothing', async () => {
    // A helper's walk: after Link, then Unlink, the manifest linked no dictionary; the term check held the files
    // against nothing, the view said they "use the glossaries' terms", and Pick Glossaries said the manifest decides.
    await closeAll();
    const manifest = file('terminology.json');
    const kept = await vscode.workspace.fs.readFile(manifest);
    try {
      await vscode.workspace.fs.writeFile(manifest, new TextEncoder().encode(JSON.stringify({ glossaries: [{ name: 'Term check test', dictionaries: {} }], rules: { 'untranslated-term': 'warning' } }, null, 2)));
      await ext.actions.pickTermCheckGlossaries([{ id: GLOSSARY.glossaryId, name: GLOSSARY.name }]);
      await open('de.po');
      const ds = await diagnosticsWhere(file('de.po'), (d) => d.some((x) => x.range.start.line === 6 && /"Nebel" \(glossary Term check test, en-de\)/.test(x.message)), 'cloud → Nebel from the picked glossary');
      assert.equal(ds.find((d) => d.range.start.line === 6)!.severity, vscode.DiagnosticSeverity.Warning, 'the manifest\'s rules still apply');
    } finally {
      await ext.actions.pickTermCheckGlossaries([]);
      await vscode.workspace.fs.writeFile(manifest, kept);
      await closeAll();
    }
  });
});
