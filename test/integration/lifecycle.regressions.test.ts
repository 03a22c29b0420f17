// Plain regression tests for what the lifecycle model (lifecycle.model.test.ts) found.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import type { Account } from '../emulator/state';
import { api, PAID_KEY, service } from './service';

const GLOSSARY = { glossaryId: 'd0c5e5a1-0000-4000-8000-0000000000a9', name: 'Lifecycle regressions' };
const PAIR = { sourceLang: 'en', targetLang: 'de' };
const account = (): Account => service().state.accounts[PAID_KEY];
const dictionary = () => account().glossaries.find((g) => g.glossary_id === GLOSSARY.glossaryId)!.dictionaries[0];
const pushes = () => service().requests.filter((r) => r.method === 'PUT' || r.method === 'PATCH').length;

describe('Document lifecycle regressions', () => {
  let ext: TerminologyApi;

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    account().glossaries.push({
      glossary_id: GLOSSARY.glossaryId, name: GLOSSARY.name, creation_time: '2026-11-13T00:00:00Z',
      dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: [['cloud', 'Wolke'], ['server', 'Server']] }],
    });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    account().glossaries = account().glossaries.filter((g) => g.glossary_id !== GLOSSARY.glossaryId);
  });

  // Model seed 777000 (open, a colleague's change, Merge, ..., Undo, Save): Merge into a clean document whose remote
  // moved. Its fetch moved the document's version to the new remote (a clean document follows the remote), and the
  // merge then noted that the text before it descends from that new remote. Undo of the merge brought that text
  // back as if based on the colleague's version, and the save pushed it: the colleague's change was gone.
  it('Merge into a clean document, Undo, Save: the text before the merge keeps its own base, and the save refuses', async () => {
    const doc = await ext.actions.openDictionary(GLOSSARY, PAIR);
    assert.equal(doc.getText(), 'cloud\tWolke\nserver\tServer\n');
    assert.equal(doc.isDirty, false);
    dictionary().entries = [['cloud', 'Cloud'], ['server', 'Server']]; // a colleague
    const result = await ext.actions.mergeWithRemote(doc.uri);
    assert.deepEqual({ fromRemote: result.fromRemote, conflicts: result.conflicts }, { fromRemote: 1, conflicts: 0 });
    assert.equal(doc.getText(), 'cloud\tCloud\nserver\tServer\n');

    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), 'cloud\tWolke\nserver\tServer\n', 'Undo brings back the text before the merge');
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, doc.positionAt(doc.getText().length), 'help\tHilfe\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const before = pushes();
    assert.deepEqual(await ext.actions.preflightSave(doc.uri), { outcome: 'conflict' });
    assert.equal(await doc.save(), false, 'that text descends from the remote before the colleague\'s change: the save must find it');
    assert.equal(pushes(), before);
    assert.deepEqual(dictionary().entries, [['cloud', 'Cloud'], ['server', 'Server']]);
    await ext.actions.mergeWithRemote(doc.uri);
    assert.equal(doc.getText(), 'cloud\tCloud\nserver\tServer\nhelp\tHilfe\n');
    assert.equal(await doc.save(), true);
    assert.deepEqual(dictionary().entries, [['cloud', 'Cloud'], ['server', 'Server'], ['help', 'Hilfe']]);
  });
});

describe('Nothing lost when VS Code replaces, closes or reopens a remote document', () => {
  // A glossary of its own per test: VS Code keeps a closed document's undo stack for its address, and an Undo in one
  // test must not reach into another's.
  let n = 0;
  let G = { glossaryId: '', name: '' };
  const dict = () => account().glossaries.find((g) => g.glossary_id === G.glossaryId)!.dictionaries[0];
  let ext: TerminologyApi;

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
  });

  beforeEach(() => {
    G = { glossaryId: `d0c5e5a1-0000-4000-8000-0000000002${(n++).toString(16).padStart(2, '0')}`, name: `Close and reopen ${n}` };
    account().glossaries.push({
      glossary_id: G.glossaryId, name: G.name, creation_time: '2026-11-13T00:00:00Z',
      dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: [['cloud', 'Wolke'], ['server', 'Server']] }],
    });
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    account().glossaries = account().glossaries.filter((g) => g.glossary_id !== G.glossaryId);
  });

  const type = async (doc: vscode.TextDocument, line: string) => {
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, doc.positionAt(doc.getText().length), line);
    assert.ok(await vscode.workspace.applyEdit(edit));
  };

  // Model seed 13048 (a simulated reload read the clean document again, an undoable change in the test's window):
  // a clean document follows the remote (VS Code reloads it when the file system says it changed); Undo brings
  // back the text before, whose base was never noted, so the base stayed the colleague's version, and a save of an
  // edit of that text pushed it over the colleague's entry.
  it('a clean document follows a colleague\'s change; Undo, Save: the save refuses', async () => {
    const doc = await ext.actions.openDictionary(G, PAIR);
    dict().entries = [['cloud', 'Wolkx'], ['server', 'Server']]; // a colleague
    await ext.documents.fetchRemote(doc.uri); // any check of the remote does it (a save's, a Merge's, the poll)
    for (let i = 0; i < 100 && !doc.getText().includes('Wolkx'); i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(doc.getText(), 'cloud\tWolkx\nserver\tServer\n', 'the clean document follows the remote');
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), 'cloud\tWolke\nserver\tServer\n', 'Undo brings the text before back');
    await type(doc, 'help\tHilfe\n');
    const before = pushes();
    assert.equal(await doc.save(), false, 'that text descends from the version before the colleague\'s change');
    assert.equal(pushes(), before);
    assert.deepEqual(dict().entries, [['cloud', 'Wolkx'], ['server', 'Server']]);
    await ext.actions.mergeWithRemote(doc.uri);
    assert.equal(await doc.save(), true);
    assert.deepEqual(dict().entries, [['cloud', 'Wolkx'], ['server', 'Server'], ['help', 'Hilfe']]);
  });

  // Model seed 13058 (a multilingual glossary): Undo brought back a text with the base it descends from, but the base
  // kept on disk for a reload was written as the change came in, before that base was looked up: the older remote
  // stayed on disk. After a reload the restored base was the colleague's version, and a Merge took the user's text as
  // a change over it; the save pushed it over the colleague's entry.
  it('Undo, then a reload: the base kept on disk is the one the text brought back descends from', async () => {
    const doc = await ext.actions.openDictionary(G, PAIR);
    dict().entries = [['cloud', 'Wolkx'], ['server', 'Server']]; // a colleague
    await ext.documents.fetchRemote(doc.uri);
    for (let i = 0; i < 100 && !doc.getText().includes('Wolkx'); i++) await new Promise((r) => setTimeout(r, 20));
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), 'cloud\tWolke\nserver\tServer\n');
    await ext.documents.settled(doc.uri);
    await new Promise((r) => setTimeout(r, 200)); // the base goes to disk
    ext.testing!.forgetMemory(); // the window reloads; VS Code restores the document as it was
    await type(doc, 'help\tHilfe\n');
    const before = pushes();
    assert.equal(await doc.save(), false, 'that text descends from the version before the colleague\'s change');
    assert.equal(pushes(), before);
    await ext.actions.mergeWithRemote(doc.uri);
    assert.equal(doc.getText(), 'cloud\tWolkx\nserver\tServer\nhelp\tHilfe\n', 'Merge takes the colleague\'s change');
  });

  // Model seed 13018 (a multilingual glossary): Pull of a clean document whose remote had moved. Its fetch moved the
  // version to the new remote first, and Pull then noted the text it replaced as descending from that new remote. Undo
  // brought the text back with that wrong base, and a save of an edit pushed it over the colleague's entry.
  it('Pull of a clean document whose remote moved, Undo, edit, Save: the save refuses', async () => {
    const doc = await ext.actions.openDictionary(G, PAIR);
    dict().entries = [['cloud', 'Wolkx'], ['server', 'Server']]; // a colleague
    await ext.actions.pull(doc.uri);
    assert.equal(doc.getText(), 'cloud\tWolkx\nserver\tServer\n');
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), 'cloud\tWolke\nserver\tServer\n', 'Undo brings the text before the Pull back');
    await type(doc, 'help\tHilfe\n');
    const before = pushes();
    assert.equal(await doc.save(), false, 'that text descends from the version before the colleague\'s change');
    assert.equal(pushes(), before);
    assert.deepEqual(dict().entries, [['cloud', 'Wolkx'], ['server', 'Server']]);
  });

  // Model seed 13018: the editor of a clean document was closed and the document opened again; VS Code kept its text
  // and did not read it again, so the file system knew no version for it. A fetch then took the new remote as the
  // version the document descends from, though it showed an older one: Pull, Undo and a save pushed over the
  // colleague's entry.
  it('a clean document opened again without a read: its text is its base (Pull, Undo, edit, Save refuses)', async () => {
    let doc = await ext.actions.openDictionary(G, PAIR);
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    dict().entries = [['cloud', 'Wolkx'], ['server', 'Server']]; // a colleague
    doc = await ext.actions.openDictionary(G, PAIR);
    await ext.actions.pull(doc.uri);
    assert.equal(doc.getText(), 'cloud\tWolkx\nserver\tServer\n');
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    if (doc.getText() !== 'cloud\tWolke\nserver\tServer\n') return; // VS Code read it again on reopening: nothing to undo
    await type(doc, 'help\tHilfe\n');
    const before = pushes();
    assert.equal(await doc.save(), false, 'that text descends from the version before the colleague\'s change');
    assert.equal(pushes(), before);
    assert.deepEqual(dict().entries, [['cloud', 'Wolkx'], ['server', 'Server']]);
  });

  // Model seed 13031 (a style rule list; the same held here): VS Code read a clean document again while the user
  // typed; it drops a read that ends after the text changed, but the file system took the read text, with a
  // colleague's change, as the base, and the save pushed over that change.
  it('a read that VS Code drops (the user typed meanwhile) does not become the base', async () => {
    const doc = await ext.actions.openDictionary(G, PAIR);
    dict().entries = [['cloud', 'Wolkx'], ['server', 'Server']]; // a colleague
    ext.testing!.age(6000); // the read fetches
    service().injectFault({ count: 1, latencyMs: 600, method: 'GET', path: `^/v3/glossaries/${G.glossaryId}/entries$` });
    await vscode.window.showTextDocument(doc);
    const reading = vscode.commands.executeCommand('workbench.action.files.revert'); // a clean document read again
    await new Promise((r) => setTimeout(r, 200));
    await type(doc, 'help\tHilfe\n');
    await reading;
    service().clearFaults();
    assert.equal(doc.getText(), 'cloud\tWolke\nserver\tServer\nhelp\tHilfe\n', 'VS Code dropped the read');
    const before = pushes();
    assert.equal(await doc.save(), false, 'the text does not show the colleague\'s change');
    assert.equal(pushes(), before);
    assert.deepEqual(dict().entries, [['cloud', 'Wolkx'], ['server', 'Server']]);
  });

  // Model seed 13035 (a style rule list; the same held here): Overwrite of a clean document sends nothing, yet its
  // approval to replace the remote stayed for a later save of another text: Undo to a text from before the colleague's
  // change, an edit, and Save pushed over the colleague's entry.
  it('Overwrite that sends nothing leaves no approval behind: Undo, edit, Save refuses', async () => {
    const doc = await ext.actions.openDictionary(G, PAIR);
    dict().entries = [['cloud', 'Wolkx'], ['server', 'Server']]; // a colleague
    assert.equal(await ext.actions.overwriteRemote(doc.uri), true); // the document is clean: nothing to send
    for (let i = 0; i < 100 && !doc.getText().includes('Wolkx'); i++) await new Promise((r) => setTimeout(r, 20));
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), 'cloud\tWolke\nserver\tServer\n');
    await type(doc, 'help\tHilfe\n');
    const before = pushes();
    assert.equal(await doc.save(), false, 'that text descends from the version before the colleague\'s change');
    assert.equal(pushes(), before);
    assert.deepEqual(dict().entries, [['cloud', 'Wolkx'], ['server', 'Server']]);
  });

  // Issue #27: VS Code fires close and open for a language-mode change; the close forgot the base, and a save with no
  // base pushed over the colleague's same-size change, with no message.
  it('a language-mode change of a dirty document keeps its base: the save finds a colleague\'s same-size change', async () => {
    const doc = await ext.actions.openDictionary(G, PAIR);
    await type(doc, 'help\tHilfe\n');
    const changed = await vscode.languages.setTextDocumentLanguage(doc, 'plaintext');
    assert.equal(changed.isDirty, true);
    const current = () => vscode.workspace.textDocuments.find((d) => d.uri.toString() === doc.uri.toString())!;
    for (let i = 0; i < 100 && current().languageId !== 'glossary-tsv'; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(current().languageId, 'glossary-tsv', 'the extension gives the document its language back');
    dict().entries = [['cloud', 'Wolkx'], ['server', 'Server']]; // a colleague: same size, same count
    const before = pushes();
    const now = current();
    assert.equal(await now.save(), false, 'the save must find the colleague\'s change');
    assert.equal(pushes(), before);
    assert.deepEqual(dict().entries, [['cloud', 'Wolkx'], ['server', 'Server']]);
    assert.match(now.getText(), /help\tHilfe/);
    // With its base kept, Merge knows the change is the colleague's and takes it cleanly (with no base, it could
    // only mark it as a conflict).
    const merged = await ext.actions.mergeWithRemote(now.uri);
    assert.deepEqual({ fromRemote: merged.fromRemote, conflicts: merged.conflicts }, { fromRemote: 1, conflicts: 0 });
    assert.equal(await now.save(), true);
    assert.deepEqual(dict().entries, [['cloud', 'Wolkx'], ['server', 'Server'], ['help', 'Hilfe']]);
  });

  // Issue #27: close with "Don't Save" reverts (re-reading the service: the base moves to the colleague's version);
  // reopened, the document comes back with its undo stack, Undo brings the typed line back, and Save pushed it over
  // the colleague's entry.
  it('"Don\'t Save", reopen, Undo, Save: the text brought back keeps its base, and the save refuses', async () => {
    const doc = await ext.actions.openDictionary(G, PAIR);
    await type(doc, 'help\tHilfe\n');
    dict().entries.push(['printer', 'Drucker']); // a colleague adds an entry
    await new Promise((r) => setTimeout(r, 5200)); // the revert's read is no longer served from the last fetch
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor'); // what "Don't Save" runs
    // VS Code keeps the document itself for minutes after its editor closed (a 15 s wait saw no close): reopened
    // now, it is the same document, with its undo stack.
    const again = await ext.actions.openDictionary(G, PAIR);
    assert.equal(again.getText(), 'cloud\tWolke\nserver\tServer\nprinter\tDrucker\n');
    await vscode.commands.executeCommand('undo');
    assert.match(again.getText(), /help\tHilfe/, 'Undo brings the typed line back');
    const before = pushes();
    assert.equal(await again.save(), false, 'that text descends from the remote before the colleague\'s entry');
    assert.equal(pushes(), before);
    assert.deepEqual(dict().entries, [['cloud', 'Wolke'], ['server', 'Server'], ['printer', 'Drucker']]);
    await ext.actions.mergeWithRemote(again.uri);
    assert.equal(await again.save(), true);
    assert.deepEqual(dict().entries.map(([s]) => s).sort(), ['cloud', 'help', 'printer', 'server']);
  });
});

describe('A window reload (the extension\'s memory dropped through its test API)', () => {
  const G = { glossaryId: 'd0c5e5a1-0000-4000-8000-0000000000ab', name: 'Reload regressions' };
  const dict = () => account().glossaries.find((g) => g.glossary_id === G.glossaryId)!.dictionaries[0];
  let ext: TerminologyApi;

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
  });

  beforeEach(() => {
    account().glossaries = account().glossaries.filter((g) => g.glossary_id !== G.glossaryId);
    account().glossaries.push({
      glossary_id: G.glossaryId, name: G.name, creation_time: '2026-11-13T00:00:00Z',
      dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: [['cloud', 'Wolke'], ['server', 'Server']] }],
    });
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(() => { account().glossaries = account().glossaries.filter((g) => g.glossary_id !== G.glossaryId); });

  // Model seed 13017 (a term list): an edit kept the base on disk, Undo made the document clean again, a colleague
  // added a term; after a reload VS Code read the clean document again, and the read served the base kept on disk as
  // if just fetched: the document showed the old version, clean, without the colleague's term.
  it('a clean document read again after a reload shows the service, not a base kept on disk for edits undone since', async () => {
    const doc = await ext.actions.openDictionary(G, PAIR);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, doc.positionAt(doc.getText().length), 'help\tHilfe\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    await new Promise((r) => setTimeout(r, 200)); // the base goes to disk
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.isDirty, false);
    dict().entries.push(['printer', 'Drucker']); // a colleague
    ext.testing!.forgetMemory(); // the window reloads: a clean document is read again
    await vscode.commands.executeCommand('workbench.action.files.revert');
    assert.equal(doc.getText(), 'cloud\tWolke\nserver\tServer\nprinter\tDrucker\n');
    assert.equal(doc.isDirty, false);
  });
});

describe('Nothing lost in a style rule list', () => {
  // A list of its own per test (an address VS Code may still hold a document for is not reused).
  let n = 0;
  let STYLE_ID = '';
  const list = () => account().styleRules!.find((x) => x.style_id === STYLE_ID)!;
  const instructions = () => (list().custom_instructions ?? []).map((c) => `${c.label}=${c.prompt}`);
  const writes = () => service().requests.filter((r) => r.method !== 'GET' && r.path.includes(STYLE_ID)).length;
  let ext: TerminologyApi;

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
  });

  beforeEach(() => {
    STYLE_ID = `d0c5e5a1-0000-4000-8000-0000000001${(n++).toString(16).padStart(2, '0')}`;
    account().styleRules!.push({
      style_id: STYLE_ID, name: 'Style regressions', language: 'en', version: 1, creation_time: '2026-11-13T00:00:00Z', updated_time: '2026-11-13T00:00:00Z',
      configured_rules: {}, custom_instructions: [{ id: 'd0c5e5a1-0000-4000-8000-00000000a001', label: 'cloud', prompt: 'Say cloud.' }, { id: 'd0c5e5a1-0000-4000-8000-00000000a002', label: 'price', prompt: 'Say price.' }],
    });
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    account().styleRules = account().styleRules!.filter((x) => x.style_id !== STYLE_ID);
  });

  // Model seed 13019: Reload (its revert reads the service: the base moved to the colleague's version), then Undo
  // brought back the text from before it, and the save found no change of version and pushed it over the
  // colleague's instruction.
  it('Reload, Undo, Save: the text brought back keeps the version it descends from, and the save refuses', async () => {
    const doc = await vscode.workspace.openTextDocument(await ext.actions.editStyleRules(STYLE_ID));
    assert.match(doc.getText(), /Say cloud\./);
    list().custom_instructions![0].prompt = 'Say Cloud.'; // a colleague
    list().version++;
    await ext.actions.reloadStyleRules(doc.uri);
    assert.match(doc.getText(), /Say Cloud\./, 'Reload shows the colleague\'s instruction');
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    assert.match(doc.getText(), /Say cloud\./, 'Undo brings the text from before the Reload back');
    const before = writes();
    assert.equal(await doc.save(), false, 'that text descends from the version before the colleague\'s change');
    assert.equal(writes(), before);
    assert.deepEqual(instructions(), ['cloud=Say Cloud.', 'price=Say price.']);
  });

  // Model seed 13035: Overwrite of a clean list sent nothing, but its approval of the service's version stayed; Undo
  // brought back a text from before a colleague's change, and the save, approved, pushed it over that change.
  it('Overwrite that sends nothing leaves no approval behind: Undo, Save refuses', async () => {
    const doc = await vscode.workspace.openTextDocument(await ext.actions.editStyleRules(STYLE_ID));
    list().custom_instructions![0].prompt = 'Say Cloud.'; // a colleague
    list().version++;
    await ext.actions.reloadStyleRules(doc.uri);
    assert.match(doc.getText(), /Say Cloud\./);
    await ext.actions.overwriteStyleRules(doc.uri); // the document is clean: nothing to send
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    assert.match(doc.getText(), /Say cloud\./);
    const before = writes();
    assert.equal(await doc.save(), false, 'that text descends from the version before the colleague\'s change');
    assert.equal(writes(), before);
    assert.deepEqual(instructions(), ['cloud=Say Cloud.', 'price=Say price.']);
  });

  // Model seed 13055: a window reload while the list had unsaved edits (the extension's memory dropped; VS Code restores
  // the document as it was). The save fetched the list afresh and took it as the base: it pushed the edits over the
  // colleague's change made before the reload.
  it('after a window reload, the save of unsaved edits asks: the version they descend from is not known', async () => {
    const doc = await vscode.workspace.openTextDocument(await ext.actions.editStyleRules(STYLE_ID));
    const e = new vscode.WorkspaceEdit();
    e.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), doc.getText().replace('Say price.', 'Say the price.'));
    assert.ok(await vscode.workspace.applyEdit(e));
    list().custom_instructions![0].prompt = 'Say Cloud.'; // a colleague
    list().version++;
    ext.testing!.forgetMemory(); // the window reloads
    const before = writes();
    assert.equal(await doc.save(), false, 'the save cannot tell the colleague\'s change from the user\'s');
    assert.equal(writes(), before);
    assert.deepEqual(instructions(), ['cloud=Say Cloud.', 'price=Say price.']);
    assert.equal(doc.isDirty, true);
    await ext.actions.overwriteStyleRules(doc.uri); // the user's choice, once asked
    assert.deepEqual(instructions(), ['cloud=Say cloud.', 'price=Say the price.']);
  });

  // Model seed 13031: VS Code read a clean list again (it had kept its text when the editor was closed and read it once
  // shown again) while the user typed: VS Code drops a read that ends after the text changed, but the file system had
  // taken the read list, with a colleague's change, as the base. The save pushed over that change.
  it('a read that VS Code drops (the user typed meanwhile) does not become the base', async () => {
    const doc = await vscode.workspace.openTextDocument(await ext.actions.editStyleRules(STYLE_ID));
    await vscode.window.showTextDocument(doc);
    list().custom_instructions![0].prompt = 'Say Cloud.'; // a colleague
    list().version++;
    service().injectFault({ count: 1, latencyMs: 600, method: 'GET', path: `^/v3/style_rules/${STYLE_ID}$` });
    const reading = vscode.commands.executeCommand('workbench.action.files.revert'); // a clean document read again
    await new Promise((r) => setTimeout(r, 200));
    const e = new vscode.WorkspaceEdit();
    e.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), doc.getText().replace('Say price.', 'Say the price.'));
    assert.ok(await vscode.workspace.applyEdit(e));
    await reading;
    service().clearFaults();
    assert.match(doc.getText(), /Say cloud\./, 'VS Code dropped the read');
    const before = writes();
    assert.equal(await doc.save(), false, 'the text does not show the colleague\'s change');
    assert.equal(writes(), before);
    assert.deepEqual(instructions(), ['cloud=Say Cloud.', 'price=Say price.']);
  });

  // Model seed 13047: the user changed an instruction a colleague then deleted; the save was refused (the version
  // moved) and the user chose Overwrite. The push planned updates by id, found no such instruction on the service and
  // sent nothing for it; the document, read again after the push, lost the user's instruction.
  it('Overwrite keeps an instruction of yours that a colleague deleted meanwhile', async () => {
    const doc = await vscode.workspace.openTextDocument(await ext.actions.editStyleRules(STYLE_ID));
    const e = new vscode.WorkspaceEdit();
    e.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), doc.getText().replace('Say price.', 'Say the price.'));
    assert.ok(await vscode.workspace.applyEdit(e));
    list().custom_instructions = list().custom_instructions!.filter((c) => c.label !== 'price'); // a colleague
    list().version++;
    assert.equal(await doc.save(), false, 'the version moved: the save asks');
    await ext.actions.overwriteStyleRules(doc.uri);
    assert.deepEqual(instructions(), ['cloud=Say cloud.', 'price=Say the price.']);
    for (let i = 0; i < 50 && doc.getText().includes('"d0c5e5a1-0000-4000-8000-00000000a002"'); i++) await new Promise((r) => setTimeout(r, 20)); // read again, with the new id
    assert.match(doc.getText(), /Say the price\./);
    assert.equal(doc.isDirty, false);
  });
});
