import * as assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import type { Account } from '../emulator/state';
import { note } from './report';
import { brief, codeOf, diagnosticsWhere, ours } from './diagnosticsHelpers';
import { api, PAID_KEY, removeGlossary, seedGlossary, service } from './service';
import { recordingMessages, recordingProgress, withStubbedWindow } from './stubWindow';

const GLOSSARY = { glossaryId: 'd0c5e5a1-0000-4000-8000-000000000001', name: 'Docs test' };
const COLLECTION = { spokenTermsId: 'd0c5e5a1-0000-4000-8000-000000000002', name: 'Docs talks' };

const account = (): Account => service().state.accounts[PAID_KEY];
const remoteEntries = (pair = 'en-de') => {
  const g = account().glossaries.find((x) => x.glossary_id === GLOSSARY.glossaryId)!;
  return g.dictionaries.find((d) => `${d.source_lang}-${d.target_lang}` === pair)?.entries;
};
const setRemote = (entries: Array<[string, string]>) => {
  account().glossaries.find((x) => x.glossary_id === GLOSSARY.glossaryId)!.dictionaries.find((d) => d.source_lang === 'en' && d.target_lang === 'de')!.entries = entries;
};

async function replaceAll(doc: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
  assert.ok(await vscode.workspace.applyEdit(edit));
}

async function append(doc: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.insert(doc.uri, doc.positionAt(doc.getText().length), text);
  assert.ok(await vscode.workspace.applyEdit(edit));
}

async function applyFix(doc: vscode.TextDocument, d: vscode.Diagnostic, title?: string): Promise<void> {
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, d.range, vscode.CodeActionKind.QuickFix.value);
  const action = actions.find((a) => (title ? a.title === title : a.isPreferred) && a.edit);
  assert.ok(action, `a fix ${title ?? '(preferred)'} among ${actions.map((a) => a.title).join(', ')}`);
  assert.ok(await vscode.workspace.applyEdit(action.edit!));
}

const pushes = () => service().requests.filter((r) => r.method === 'PUT' || r.method === 'PATCH').length;

describe('remote documents: edit, lint, push', () => {
  let ext: TerminologyApi;
  let doc: vscode.TextDocument;

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    account().glossaries.push({
      glossary_id: GLOSSARY.glossaryId, name: GLOSSARY.name, creation_time: '2026-11-01T00:00:00Z',
      dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: [['cloud', 'Wolke'], ['server', 'Server'], ['invoice', 'Rechnung']] }],
    });
    account().spokenTerms.push({
      spoken_terms_id: COLLECTION.spokenTermsId, name: COLLECTION.name, creation_time: '2026-11-01T00:00:00Z',
      term_lists: [{ lang: 'en', terms: ['Kubernetes', 'kubectl'] }],
    });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    service().clearFaults();
    account().glossaries = account().glossaries.filter((g) => g.glossary_id !== GLOSSARY.glossaryId);
    account().spokenTerms = account().spokenTerms.filter((c) => c.spoken_terms_id !== COLLECTION.spokenTermsId);
    ext.glossaries.refresh();
    ext.spokenTerms.refresh();
  });

  it('opens a dictionary at a readable address, lints an edit at the exact range, applies a quick fix, and pushes on save', async () => {
    const t0 = Date.now();
    doc = await ext.actions.openDictionary(GLOSSARY, { sourceLang: 'en', targetLang: 'de' });
    note(`open remote dictionary -> editor: ${Date.now() - t0} ms`);
    assert.equal(doc.uri.scheme, 'terminology');
    assert.equal(doc.uri.path, '/Docs test/en-de.glossary.tsv');
    assert.equal(doc.languageId, 'glossary-tsv');
    assert.equal(doc.getText(), 'cloud\tWolke\nserver\tServer\ninvoice\tRechnung\n');
    assert.match(ext.documentStatus.text ?? '', /^\$\(book\) 3 entries · \d+ B \/ 10 MiB · \$\(check\)$/);

    await append(doc, ' price\tPreis\n');
    const [ws] = await diagnosticsWhere(doc.uri, (ds) => ds.some((d) => codeOf(d) === 'surrounding-whitespace'), 'the whitespace finding');
    assert.deepEqual(brief([ws]), [['surrounding-whitespace', 3, 0, 1]]);
    assert.match(ext.documentStatus.text ?? '', /4 entries .* \$\(error\) 1$/);
    await applyFix(doc, ws);
    await diagnosticsWhere(doc.uri, (ds) => ds.length === 0, 'no findings after the fix');
    assert.equal(doc.lineAt(3).text, 'price\tPreis');

    assert.equal(await doc.save(), true);
    assert.equal(doc.isDirty, false);
    assert.deepEqual(remoteEntries(), [['cloud', 'Wolke'], ['server', 'Server'], ['invoice', 'Rechnung'], ['price', 'Preis']]);
    const g = (await ext.glossaries.items())?.find((x) => x.glossaryId === GLOSSARY.glossaryId);
    assert.equal(g?.dictionaries[0].entryCount, 4, 'the tree shows the new count');
  });

  it('after a save, the size VS Code sees is the saved text\'s UTF-8 size (known from the bytes handed over)', async () => {
    await replaceAll(doc, doc.getText().replace('price\tPreis\n', 'price\tPreis (Größe, €)\n'));
    assert.equal(await doc.save(), true);
    assert.equal((await vscode.workspace.fs.stat(doc.uri)).size, Buffer.byteLength(doc.getText(), 'utf8'));
    await replaceAll(doc, doc.getText().replace('price\tPreis (Größe, €)\n', 'price\tPreis\n'));
    assert.equal(await doc.save(), true);
    assert.equal((await vscode.workspace.fs.stat(doc.uri)).size, Buffer.byteLength(doc.getText(), 'utf8'));
  });

  it('blocks the save while error-level findings exist: nothing is sent, the text stays', async () => {
    const before = pushes();
    await append(doc, 'cloud\tNebel\n');
    await diagnosticsWhere(doc.uri, (ds) => ds.some((d) => codeOf(d) === 'duplicate-source'), 'the duplicate');
    assert.equal(await doc.save(), false);
    assert.equal(doc.isDirty, true);
    assert.ok(doc.getText().endsWith('cloud\tNebel\n'));
    assert.equal(pushes(), before, 'no PUT or PATCH reached the service');
    assert.equal(remoteEntries()!.length, 4);
    await replaceAll(doc, doc.getText().replace('cloud\tNebel\n', ''));
    assert.equal(await doc.save(), true);
  });

  it('detects a concurrent remote change, refuses to overwrite it, and merges by source phrase with conflicts marked', async () => {
    setRemote([['cloud', 'Wolke'], ['server', 'Rechner'], ['invoice', 'Rechnung (Beleg)'], ['price', 'Preis'], ['login', 'Anmeldung']]);
    await replaceAll(doc, 'cloud\tCloud\nserver\tServer\ninvoice\tFaktura\nprice\tPreis\n');
    const before = pushes();
    assert.equal(await doc.save(), false, 'the save must not overwrite the remote change');
    assert.equal(pushes(), before);
    assert.equal(remoteEntries()!.find(([s]) => s === 'server')![1], 'Rechner');
    assert.ok(ext.documents.remoteAhead(doc.uri), 'the remote text is kept for Compare and Merge');

    const left = await ext.actions.compareWithRemote(doc.uri);
    assert.equal((await vscode.workspace.openTextDocument(left)).getText(), 'cloud\tWolke\nserver\tRechner\ninvoice\tRechnung (Beleg)\nprice\tPreis\nlogin\tAnmeldung\n');

    const result = await ext.actions.mergeWithRemote(doc.uri);
    assert.deepEqual(result && { fromRemote: result.fromRemote, conflicts: result.conflicts }, { fromRemote: 2, conflicts: 1 });
    assert.equal(doc.getText(), 'cloud\tCloud\nserver\tRechner\n<<<<<<< yours\ninvoice\tFaktura\n=======\ninvoice\tRechnung (Beleg)\n>>>>>>> remote\nprice\tPreis\nlogin\tAnmeldung\n');
    const [conflict] = await diagnosticsWhere(doc.uri, (ds) => ds.some((d) => codeOf(d) === 'merge-conflict'), 'the conflict');
    assert.deepEqual(brief(ours(doc.uri)), [['merge-conflict', 2, 0, 13]], 'one finding for the block, nothing else');
    const inside = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, new vscode.Range(4, 0, 4, 0), vscode.CodeActionKind.QuickFix.value);
    assert.deepEqual(inside.map((x) => x.title), ['Keep your version', 'Keep the remote version'], 'the block\'s fixes from a line inside it');
    assert.equal(await doc.save(), false, 'a conflict blocks the push');
    await applyFix(doc, conflict, 'Keep your version');
    await diagnosticsWhere(doc.uri, (ds) => ds.length === 0, 'no findings once resolved');
    assert.equal(await doc.save(), true);
    assert.deepEqual(remoteEntries(), [['cloud', 'Cloud'], ['server', 'Rechner'], ['invoice', 'Faktura'], ['price', 'Preis'], ['login', 'Anmeldung']]);
  });

  it('overwrites a remote change only when that is chosen explicitly', async () => {
    setRemote([['cloud', 'Wolke']]);
    await replaceAll(doc, 'cloud\tCloud\nserver\tServer\n');
    assert.equal(await doc.save(), false);
    assert.deepEqual(remoteEntries(), [['cloud', 'Wolke']]);
    assert.equal(await ext.actions.overwriteRemote(doc.uri), true);
    assert.equal(doc.isDirty, false);
    assert.deepEqual(remoteEntries(), [['cloud', 'Cloud'], ['server', 'Server']]);
  });

  it('Overwrite says how many remote changes it loses before it pushes, and a change after the count is not overwritten', async () => {
    // The document is clean at cloud → Cloud, server → Server (the test before). A colleague changes cloud and adds
    // price; this version changes server: the save is refused.
    setRemote([['cloud', 'Wolke'], ['server', 'Server'], ['price', 'Preis']]);
    await replaceAll(doc, 'cloud\tCloud\nserver\tRechner\n');
    assert.equal(await doc.save(), false);
    const asked: string[] = [];
    let answer: string | undefined = undefined; // Cancel
    let meanwhile: (() => void) | undefined;
    const overwrite = () => withStubbedWindow({
      showWarningMessage: ((message: string, options: vscode.MessageOptions, ...items: string[]) => {
        asked.push(`${message} | ${options.detail ?? ''} | ${items.join(' | ')}`);
        meanwhile?.();
        return Promise.resolve(answer);
      }) as unknown as typeof vscode.window.showWarningMessage,
    }, async () => { await vscode.commands.executeCommand('terminology.overwriteRemote', doc.uri); });
    const before = pushes();
    // The colleague adds login after the refused save: the count reads the remote now (3), not the one the save saw (2).
    setRemote([['cloud', 'Wolke'], ['server', 'Server'], ['price', 'Preis'], ['login', 'Anmeldung']]);
    await overwrite();
    assert.equal(asked.length, 1);
    assert.match(asked[0], /^Replace .* with your version\? \| The remote has 3 entries changed since you opened it \(added, changed or removed\) that your version does not have: their changes are lost\. To keep them, choose Cancel/);
    assert.equal(pushes(), before, 'Cancel pushes nothing');
    assert.equal(doc.isDirty, true);

    // Ctrl+S's check first (it keeps its fetch for a save moments later), then Overwrite chosen, while a colleague adds
    // ticket with the question open: not counted, so not overwritten.
    assert.deepEqual(await ext.actions.preflightSave(doc.uri), { outcome: 'conflict' });
    answer = 'Overwrite';
    meanwhile = () => setRemote([['cloud', 'Wolke'], ['server', 'Server'], ['price', 'Preis'], ['login', 'Anmeldung'], ['ticket', 'Ticket']]);
    await overwrite();
    assert.equal(pushes(), before, 'a remote newer than the one counted refuses the push');
    assert.deepEqual(remoteEntries(), [['cloud', 'Wolke'], ['server', 'Server'], ['price', 'Preis'], ['login', 'Anmeldung'], ['ticket', 'Ticket']]);
    assert.equal(doc.isDirty, true, 'the text is kept');

    meanwhile = undefined;
    await overwrite();
    assert.match(asked[2], /The remote has 4 entries changed since you opened it/);
    assert.deepEqual(remoteEntries(), [['cloud', 'Cloud'], ['server', 'Rechner']]);
    assert.equal(doc.isDirty, false);
    // The conflict's notification stays on screen; its Overwrite… on the clean document asks nothing, sends nothing.
    const told: string[] = [];
    await withStubbedWindow({ showInformationMessage: recordingMessages(told) }, overwrite);
    assert.equal(asked.length, 3, 'no question');
    assert.deepEqual(told, [`"${GLOSSARY.name}" EN → DE has no unsaved changes: nothing to overwrite the service's version with.`]);
    // Back to what the tests after this one start from.
    await replaceAll(doc, 'cloud\tCloud\nserver\tServer\n');
    assert.equal(await doc.save(), true);
  });

  it('a dictionary deleted on the service since it was opened: a save does not create it again unless Overwrite is chosen', async () => {
    // A colleague deletes EN → DE while this document has unsaved edits. The service's PUT creates a missing
    // dictionary, so a save went through and brought it back over that deletion, with no word.
    await append(doc, 'ticket\tTicket\n');
    const text = doc.getText();
    const glossary = account().glossaries.find((x) => x.glossary_id === GLOSSARY.glossaryId)!;
    const deleted = glossary.dictionaries.find((d) => d.source_lang === 'en' && d.target_lang === 'de')!;
    glossary.dictionaries = glossary.dictionaries.filter((d) => d !== deleted);
    const before = pushes();
    assert.deepEqual(await ext.actions.preflightSave(doc.uri), { outcome: 'gone' }, 'Save and Push says it is gone');
    assert.equal(await doc.save(), false, 'the save is refused');
    assert.equal(pushes(), before, 'nothing sent');
    assert.equal(remoteEntries(), undefined, 'the dictionary stays deleted');
    assert.ok(doc.isDirty && doc.getText() === text, 'the text stays');
    // Save and Push (Ctrl+S) says it is gone, with two ways out: Save a Copy… keeps the text as a local file;
    const copy = vscode.Uri.joinPath(vscode.Uri.file(tmpdir()), `deleted-${Date.now()}.glossary.tsv`);
    const offered: string[] = [];
    await withStubbedWindow({
      showErrorMessage: (async (m: string, ...b: string[]) => { offered.push([m, ...b].join(' | ')); return b[1]; }) as unknown as typeof vscode.window.showErrorMessage,
      showSaveDialog: (async () => copy) as typeof vscode.window.showSaveDialog,
    }, async () => {
      await vscode.commands.executeCommand('terminology.save', doc.uri);
      for (let i = 0; i < 100 && !vscode.workspace.textDocuments.some((d) => d.uri.toString() === copy.toString()); i++) await new Promise((r) => setTimeout(r, 50));
    });
    assert.deepEqual(offered, [`"${GLOSSARY.name}" EN → DE was deleted on the service since you opened it. Nothing was pushed; your text is kept. Create it again with your text, save a copy as a file, or close the tab and choose Don't Save to let it go. | Create It Again… | Save a Copy…`]);
    assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(copy)), text, 'the copy holds the text');
    assert.equal(remoteEntries(), undefined, 'still deleted');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor'); // the copy's tab
    await vscode.workspace.fs.delete(copy);
    await vscode.window.showTextDocument(doc);
    // or Create It Again…, asked for in its own words: it is created again with the document's text.
    const said: string[] = [];
    let answered!: () => void;
    const done = new Promise<void>((resolve) => { answered = resolve; });
    await withStubbedWindow({
      showErrorMessage: (async (m: string, ...b: string[]) => { said.push(m); return b[0]; }) as unknown as typeof vscode.window.showErrorMessage,
      showWarningMessage: (async (m: string, o: { detail?: string }, ...b: string[]) => { said.push(`${m} | ${o.detail}`); setTimeout(answered, 0); return b[0]; }) as unknown as typeof vscode.window.showWarningMessage,
    }, async () => {
      await vscode.commands.executeCommand('terminology.save', doc.uri);
      await done;
      for (let i = 0; i < 100 && doc.isDirty; i++) await new Promise((r) => setTimeout(r, 50));
    });
    assert.deepEqual(said, [
      `"${GLOSSARY.name}" EN → DE was deleted on the service since you opened it. Nothing was pushed; your text is kept. Create it again with your text, save a copy as a file, or close the tab and choose Don't Save to let it go.`,
      `Create "${GLOSSARY.name}" EN → DE again on the service, with your version? | It was deleted there since you opened it (in another window, or by a colleague). Your text becomes its entries.`,
    ]);
    assert.equal(doc.isDirty, false);
    assert.deepEqual(remoteEntries(), text.split('\n').filter(Boolean).map((l) => l.split('\t')));
  });

  it('a dictionary whose whole glossary is gone for the key: the save says so, and Save a Copy… keeps the text as a file', async () => {
    // A helper's walk: the glossary deleted on the service (or a key of another account set), the save said the
    // dictionary was deleted and offered Create It Again…, whose push the service refused (404): round and round.
    const gone = { glossaryId: 'd0c5e5a1-0000-4000-8000-000000000003', name: 'Docs gone test' };
    account().glossaries.push({
      glossary_id: gone.glossaryId, name: gone.name, creation_time: '2026-11-01T00:00:00Z',
      dictionaries: [{ source_lang: 'en', target_lang: 'fr', entries: [['cloud', 'nuage']] }],
    });
    const mine = await ext.actions.openDictionary(gone, { sourceLang: 'en', targetLang: 'fr' });
    ext.glossaries.refresh();
    assert.ok((await ext.glossaries.items())?.some((g) => g.glossaryId === gone.glossaryId), 'the explorer lists the glossary');
    try {
      await append(mine, 'ticket\tbillet\n');
      const text = mine.getText();
      account().glossaries = account().glossaries.filter((g) => g.glossary_id !== gone.glossaryId);
      const before = pushes();
      assert.deepEqual(await ext.actions.preflightSave(mine.uri), { outcome: 'container-gone' });
      assert.equal(await mine.save(), false, 'the save is refused');
      assert.equal(pushes(), before, 'nothing sent');
      assert.ok(mine.isDirty && mine.getText() === text, 'the text stays');
      const said: string[] = [];
      const copy = vscode.Uri.joinPath(vscode.Uri.file(tmpdir()), `copy-${Date.now()}.glossary.tsv`);
      let offered: string | undefined;
      await withStubbedWindow({
        showErrorMessage: (async (m: string, ...b: string[]) => { said.push([m, ...b].join(' | ')); return b[0]; }) as unknown as typeof vscode.window.showErrorMessage,
        showSaveDialog: (async (o: vscode.SaveDialogOptions) => { offered = o.defaultUri?.path.split('/').pop(); return copy; }) as typeof vscode.window.showSaveDialog,
      }, async () => {
        await vscode.commands.executeCommand('terminology.save', mine.uri);
        for (let i = 0; i < 100 && !vscode.workspace.textDocuments.some((d) => d.uri.toString() === copy.toString()); i++) await new Promise((r) => setTimeout(r, 50));
      });
      assert.deepEqual(said, [`The glossary "${gone.name}" is not on the service for the API key set now: it was deleted, or the key is another account's. Nothing was pushed; your text is kept. To keep it, Save a Copy… as a file (Push File to Glossary… puts it into any glossary); if the key is the wrong one, Set API Key and save again. | Save a Copy… | Set API Key`]);
      if (vscode.workspace.workspaceFolders?.length) assert.equal(offered, 'Docs gone test EN-FR.glossary.tsv');
      assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(copy)), text, 'the copy holds the text');
      assert.equal(pushes(), before, 'still nothing sent');
      assert.ok(mine.isDirty, 'the tab keeps its text');
      assert.ok(!(await ext.glossaries.items())?.some((g) => g.glossaryId === gone.glossaryId), 'the explorer no longer lists the glossary');
      await vscode.workspace.fs.delete(copy);
      // Overwrite Remote with My Version cannot create it again either: it says so, rather than ask to, also when the
      // text has an error (which a save's check finds before it asks for the glossary).
      await append(mine, 'cloud\tnuée\n');
      const overwriteSaid: string[] = [];
      await withStubbedWindow({
        showErrorMessage: (async (m: string) => { overwriteSaid.push(m); return undefined; }) as unknown as typeof vscode.window.showErrorMessage,
        showWarningMessage: (async (m: string) => { overwriteSaid.push(`asked: ${m}`); return undefined; }) as unknown as typeof vscode.window.showWarningMessage,
      }, async () => { await vscode.commands.executeCommand('terminology.overwriteRemote', mine.uri); });
      assert.deepEqual(overwriteSaid, [said[0].split(' | ')[0]]);
      assert.equal(pushes(), before, 'still nothing sent');
    } finally {
      await vscode.window.showTextDocument(mine);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await vscode.window.showTextDocument(doc);
    }
  });

  it('a push whose answer was lost went through: the next save takes the service\'s text for its own, not a colleague\'s', async () => {
    // A helper's walk: after "Perhaps not pushed" (the answer to the PUT was lost, the service held the text), an
    // edit and a save said the dictionary "was changed remotely", and Merge merged "0 remote changes".
    const lost = { glossaryId: 'd0c5e5a1-0000-4000-8000-000000000004', name: 'Docs lost answer test' };
    account().glossaries.push({
      glossary_id: lost.glossaryId, name: lost.name, creation_time: '2026-11-01T00:00:00Z',
      dictionaries: [{ source_lang: 'en', target_lang: 'fr', entries: [['cloud', 'nuage']] }],
    });
    const entries = () => account().glossaries.find((g) => g.glossary_id === lost.glossaryId)!.dictionaries[0].entries;
    const mine = await ext.actions.openDictionary(lost, { sourceLang: 'en', targetLang: 'fr' });
    try {
      await append(mine, 'ticket\tbillet\n');
      service().injectFault({ count: 10, dropAfter: true, method: 'PUT', path: '/dictionaries$' });
      assert.equal(await mine.save(), false, 'no answer: the save cannot say it pushed');
      assert.deepEqual(entries(), [['cloud', 'nuage'], ['ticket', 'billet']], 'the service holds the text');
      service().clearFaults();
      await append(mine, 'invoice\tfacture\n');
      assert.deepEqual(await ext.actions.preflightSave(mine.uri), { outcome: 'push' }, 'not a conflict');
      assert.equal(await mine.save(), true);
      assert.deepEqual(entries(), [['cloud', 'nuage'], ['ticket', 'billet'], ['invoice', 'facture']]);
      // A colleague's change after that is still one.
      entries().push(['login', 'connexion']);
      await append(mine, 'price\tprix\n');
      assert.deepEqual(await ext.actions.preflightSave(mine.uri), { outcome: 'conflict' }, 'a colleague\'s change is still refused');

      // A lost answer, then a colleague's change that this document pulls: the base moved on. The colleague then puts
      // the service back to the text that lost its answer: that is a change since the base now, not our own push.
      await ext.actions.pull(mine.uri);
      await append(mine, 'tax\ttaxe\n');
      service().injectFault({ count: 10, dropAfter: true, method: 'PUT', path: '/dictionaries$' });
      assert.equal(await mine.save(), false);
      service().clearFaults();
      const lostText = entries().map((e) => [...e] as [string, string]);
      entries().push(['cart', 'panier']);
      await ext.actions.pull(mine.uri);
      assert.ok(mine.getText().includes('cart\tpanier'), 'the document took the colleague\'s text');
      entries().splice(0, entries().length, ...lostText);
      await append(mine, 'fee\tfrais\n');
      assert.deepEqual(await ext.actions.preflightSave(mine.uri), { outcome: 'conflict' }, 'the colleague\'s revert is a change since the pulled base');

      // A helper's walk: a line added, its save's answer lost (the service holds it), the line deleted again: the text
      // is the base again, and the save said "no entry changed" and sent nothing; the line stayed on the service.
      await ext.actions.pull(mine.uri);
      const pulled = mine.getText();
      await append(mine, 'oops\tzut\n');
      service().injectFault({ count: 10, dropAfter: true, method: 'PUT', path: '/dictionaries$' });
      assert.equal(await mine.save(), false);
      service().clearFaults();
      assert.ok(entries().some(([s]) => s === 'oops'), 'the service holds the line');
      await replaceAll(mine, pulled);
      assert.deepEqual(await ext.actions.preflightSave(mine.uri), { outcome: 'push' }, 'not "nothing to push"');
      assert.equal(await mine.save(), true);
      assert.ok(!entries().some(([s]) => s === 'oops'), 'the deletion reached the service');
    } finally {
      await vscode.window.showTextDocument(mine);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      account().glossaries = account().glossaries.filter((g) => g.glossary_id !== lost.glossaryId);
      await vscode.window.showTextDocument(doc);
    }
  });

  it('a failure the key causes (the service answers 401) offers Set API Key first', async () => {
    // A helper's walk: a refused key's message said to set the key, with only Show Log and Retry to click.
    const said: string[] = [];
    service().injectFault({ count: 1, status: 401, path: '/entries' });
    try {
      await withStubbedWindow({
        showErrorMessage: (async (m: string, ...b: string[]) => { said.push([m, ...b].join(' | ')); return undefined; }) as unknown as typeof vscode.window.showErrorMessage,
      }, () => Promise.resolve(vscode.commands.executeCommand('terminology.compareWithRemote', doc.uri)));
    } finally {
      service().clearFaults();
    }
    assert.equal(said.length, 1, said.join('\n'));
    assert.match(said[0], /^Could not compare with the remote: .* \| Set API Key \| Show Log$/);
    // No key at all: the same way out.
    await vscode.commands.executeCommand('terminology.clearApiKey');
    try {
      await withStubbedWindow({
        showErrorMessage: (async (m: string, ...b: string[]) => { said.push([m, ...b].join(' | ')); return undefined; }) as unknown as typeof vscode.window.showErrorMessage,
      }, () => Promise.resolve(vscode.commands.executeCommand('terminology.compareWithRemote', doc.uri)));
    } finally {
      assert.ok(await ext.actions.setApiKey(PAID_KEY));
    }
    assert.equal(said.length, 2, said.join('\n'));
    assert.match(said[1], /^Could not compare with the remote: No API key is set\. .* \| Set API Key \| Show Log$/);
  });

  it('Compare with Remote of a local glossary file: the glossary and pair are picked, and a diff opens beside the file', async () => {
    const dir = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(tmpdir());
    const local = vscode.Uri.joinPath(dir, `compare-${Date.now()}.glossary.tsv`);
    await vscode.workspace.fs.writeFile(local, new TextEncoder().encode('cloud\tWolke\nlogin\tAnmeldung\n'));
    try {
      const titles: string[] = [];
      await withStubbedWindow({
        showQuickPick: (async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>, o?: vscode.QuickPickOptions) => {
          titles.push(o?.placeHolder ?? '');
          const list = await items;
          return list.find((i) => i.label === GLOSSARY.name) ?? list.find((i) => i.label === 'EN → DE');
        }) as unknown as typeof vscode.window.showQuickPick,
      }, () => Promise.resolve(vscode.commands.executeCommand('terminology.compareWithRemote', local)));
      assert.deepEqual(titles, ['Glossary', `Language pair in "${GLOSSARY.name}"`]);
      const diff = vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.toString() === local.toString());
      assert.ok(diff, 'a diff editor of the remote dictionary and the file');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await vscode.workspace.fs.delete(local);
      await vscode.window.showTextDocument(doc);
    }
  });

  it('keeps the text and the dirty state when a push fails (a 503 that outlasts the retries)', async () => {
    await append(doc, 'login\tAnmeldung\n');
    const text = doc.getText();
    service().injectFault({ count: 50, status: 503, retryAfter: 0, path: '/dictionaries$' });
    const before = service().requests.filter((r) => r.method === 'PUT').length;
    assert.equal(await doc.save(), false);
    service().clearFaults();
    assert.equal(service().requests.filter((r) => r.method === 'PUT').length - before, 5, 'five attempts, then it gave up');
    assert.equal(doc.isDirty, true);
    assert.equal(doc.getText(), text);
    assert.deepEqual(remoteEntries(), [['cloud', 'Cloud'], ['server', 'Server'], ['ticket', 'Ticket']]);
    assert.equal(await doc.save(), true, 'a retry after the outage pushes');
    assert.deepEqual(remoteEntries(), [['cloud', 'Cloud'], ['server', 'Server'], ['ticket', 'Ticket'], ['login', 'Anmeldung']]);
  });

  it('turns a validation error of the service into a diagnostic at the line it names', async () => {
    await append(doc, 'price\tPreis\n');
    const text = doc.getText();
    const position = text.indexOf('server');
    service().injectFault({
      count: 1, status: 400, path: '/dictionaries$',
      body: JSON.stringify({ message: 'Invalid glossary entries provided', detail: `Key with the index 1 (starting at position ${position}) duplicates key with the index 0 (starting at position 0)` }),
    });
    assert.equal(await doc.save(), false);
    const ds = await diagnosticsWhere(doc.uri, (d) => d.some((x) => codeOf(x) === 'duplicate-source'), 'the server finding');
    assert.deepEqual(brief(ds), [['duplicate-source', 1, 0, 6]]);
    assert.equal(doc.isDirty, true);
    await append(doc, 'logout\tAbmeldung\n'); // any edit clears the service's finding
    await diagnosticsWhere(doc.uri, (d) => d.length === 0, 'the server finding to clear');
    assert.equal(await doc.save(), true);
  });

  it('Pull replaces unsaved edits with the remote version; Undo brings them back with their own base (Pull, Undo, Save loses nothing)', async () => {
    setRemote([['cloud', 'Wolke'], ['help', 'Hilfe']]);
    await append(doc, 'draft\tEntwurf\n');
    await ext.actions.pull(doc.uri);
    assert.equal(doc.getText(), 'cloud\tWolke\nhelp\tHilfe\n');
    assert.equal(doc.isDirty, false);
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), 'cloud\tCloud\nserver\tServer\nticket\tTicket\nlogin\tAnmeldung\nprice\tPreis\nlogout\tAbmeldung\ndraft\tEntwurf\n', 'Undo brings the edits back');
    // The text Undo brought back descends from the old remote, not from the one Pull showed: saving it must not
    // drop the colleague's "help" entry.
    const before = pushes();
    assert.equal(await doc.save(), false, 'the save finds the newer remote');
    assert.equal(pushes(), before);
    assert.deepEqual(remoteEntries(), [['cloud', 'Wolke'], ['help', 'Hilfe']]);
    assert.equal(doc.isDirty, true);
    await ext.actions.pull(doc.uri);
  });

  it('blocks a term list over 300 characters, and pushes a valid one', async () => {
    const list = await ext.actions.openTermList(COLLECTION, 'en');
    assert.equal(list.uri.path, '/Docs talks/en.terms.txt');
    assert.equal(list.languageId, 'spoken-terms');
    assert.equal(list.getText(), 'Kubernetes\nkubectl');
    assert.match(ext.documentStatus.text ?? '', /^\$\(mic\) 2 terms · 17 \/ 300 characters/);
    const long = Array.from({ length: 30 }, (_, i) => `Fachbegriff${i}`).join('\n');
    await append(list, '\n' + long);
    await diagnosticsWhere(list.uri, (ds) => ds.some((d) => codeOf(d) === 'term-list-too-long'), 'the budget finding');
    const before = pushes();
    assert.equal(await list.save(), false);
    assert.equal(pushes(), before);
    assert.deepEqual(account().spokenTerms.find((c) => c.spoken_terms_id === COLLECTION.spokenTermsId)!.term_lists[0].terms, ['Kubernetes', 'kubectl']);
    await replaceAll(list, 'Kubernetes\nkubectl\nHelm');
    assert.equal(await list.save(), true);
    assert.deepEqual(account().spokenTerms.find((c) => c.spoken_terms_id === COLLECTION.spokenTermsId)!.term_lists[0].terms, ['Kubernetes', 'kubectl', 'Helm']);
  });

  it('Push File to Glossary counts what would change, then replaces or merges', async () => {
    const local = await vscode.workspace.openTextDocument({ language: 'glossary-tsv', content: 'cloud\tWolke\nhelp\tUnterstützung\nnew\tneu\n' });
    const replaced = await ext.actions.pushFile(local.uri, { glossaryId: GLOSSARY.glossaryId, sourceLang: 'en', targetLang: 'fr', mode: 'replace' });
    assert.deepEqual(replaced, { added: 3, changed: 0, removed: 0, unchanged: 0 }, 'a new dictionary');
    assert.deepEqual(remoteEntries('en-fr'), [['cloud', 'Wolke'], ['help', 'Unterstützung'], ['new', 'neu']]);
    const merged = await ext.actions.pushFile(local.uri, { glossaryId: GLOSSARY.glossaryId, sourceLang: 'en', targetLang: 'de', mode: 'merge' });
    assert.deepEqual(merged, { added: 1, changed: 1, removed: 0, unchanged: 1 });
    assert.deepEqual(remoteEntries(), [['cloud', 'Wolke'], ['help', 'Unterstützung'], ['new', 'neu']]);
  });

  it('Save and Push checks first: an error or a remote change is said before anything is sent; a push reuses the check\'s fetch', async () => {
    setRemote([['cloud', 'Wolke']]);
    await ext.actions.pull(doc.uri);
    assert.equal(doc.getText(), 'cloud\tWolke\n');
    await append(doc, ' help\tHilfe\n');
    assert.deepEqual(await ext.actions.preflightSave(doc.uri), { outcome: 'blocked', errors: 1 });
    await replaceAll(doc, 'cloud\tWolke\nhelp\tHilfe\n');
    const fetches = () => service().requests.filter((r) => r.method === 'GET' && /\/entries/.test(r.path)).length;
    const before = { fetches: fetches(), pushes: pushes() };
    assert.deepEqual(await ext.actions.preflightSave(doc.uri), { outcome: 'push' });
    assert.equal(pushes(), before.pushes, 'the check sends nothing');
    assert.equal(await doc.save(), true);
    assert.deepEqual({ fetches: fetches() - before.fetches, pushes: pushes() - before.pushes }, { fetches: 1, pushes: 1 }, 'one fetch serves the check and the save');
    await append(doc, 'new\tneu\n');
    setRemote([['cloud', 'Wolke'], ['help', 'Hilfe'], ['other', 'andere']]);
    assert.deepEqual(await ext.actions.preflightSave(doc.uri), { outcome: 'conflict' });
    assert.equal(await doc.save(), false, 'a save after the check still refuses');
    assert.deepEqual(remoteEntries(), [['cloud', 'Wolke'], ['help', 'Hilfe'], ['other', 'andere']]);
    await ext.actions.mergeWithRemote(doc.uri);
    assert.equal(await doc.save(), true);
    assert.deepEqual(remoteEntries(), [['cloud', 'Wolke'], ['help', 'Hilfe'], ['other', 'andere'], ['new', 'neu']]);
  });

  it('a save asks the service only for the entries before its PUT: the stat VS Code asks for meanwhile does not count the remote\'s entries', async function () {
    this.timeout(30_000);
    setRemote([['cloud', 'Wolke']]);
    await ext.actions.pull(doc.uri);
    await append(doc, 'late\tspät\n');
    // Past the 5 s in which a stat trusts what it last saw: outside a save, a stat would ask for the glossary's counts.
    await new Promise((resolve) => setTimeout(resolve, 5200));
    const from = service().requests.length;
    assert.equal(await doc.save(), true);
    const sent = service().requests.slice(from).filter((r) => r.path.startsWith(`/v3/glossaries/${GLOSSARY.glossaryId}`))
      .map((r) => `${r.method} ${r.path.slice(`/v3/glossaries/${GLOSSARY.glossaryId}`.length) || '(the glossary)'}`);
    assert.deepEqual(sent, ['GET /entries', 'PUT /dictionaries'], 'the save\'s one fetch, then its PUT');
    assert.deepEqual(remoteEntries(), [['cloud', 'Wolke'], ['late', 'spät']]);
  });

  it('a large dictionary opened fresh: the size VS Code sees is its UTF-8 size (of the bytes made with its text)', async function () {
    this.timeout(60_000);
    // Over 256 KiB and not ASCII: its read is parsed and encoded on the core worker, its bytes longer than its text.
    const BIG = { glossaryId: '5f7c0000-0000-4000-8000-0000000000b1', name: 'Documents big' };
    seedGlossary(BIG, { 'en-de': Array.from({ length: 12_000 }, (_, i): [string, string] => [`size ${i}`, `Größe ${i} €`]) });
    try {
      const big = await ext.actions.openDictionary(BIG, { sourceLang: 'en', targetLang: 'de' });
      assert.ok(big.getText().length > 256 * 1024);
      assert.equal((await vscode.workspace.fs.stat(big.uri)).size, Buffer.byteLength(big.getText(), 'utf8'));
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      removeGlossary(BIG.glossaryId);
    }
  });

  it('a save of a large dictionary pushes the text as saved, another extension\'s edit on save included', async function () {
    this.timeout(60_000);
    // Over 256 KiB: the save's fetch of the remote is parsed and kept on the core worker, and compared there.
    const many = Array.from({ length: 15_000 }, (_, i): [string, string] => [`term ${i}`, `Begriff ${i}`]);
    setRemote(many);
    await ext.actions.pull(doc.uri);
    await append(doc, 'late\tspät\n');
    // The edit comes after VS Code announced the save (and after the fetch that announcement starts).
    // Called after the extension's own listener (registered at activation), which makes the save wait until the text
    // is read for the checks made ahead: reading it while VS Code gathers and sends the bytes slowed that hand-over.
    let readFirst: boolean | undefined;
    const sub = vscode.workspace.onWillSaveTextDocument((e) => {
      if (e.document !== doc) return;
      readFirst = ext.documents.aheadRead(doc.uri);
      e.waitUntil(new Promise<vscode.TextEdit[]>((resolve) => setTimeout(() => resolve([vscode.TextEdit.insert(new vscode.Position(0, 0), 'participant\tTeilnehmer\n')]), 300)));
    });
    try {
      assert.equal(await doc.save(), true);
    } finally {
      sub.dispose();
    }
    assert.equal(readFirst, true, 'the text was read for the checks before the next participant, and before VS Code gathered the bytes');
    assert.equal(doc.lineAt(0).text, 'participant\tTeilnehmer');
    assert.equal(doc.isDirty, false);
    assert.deepEqual(remoteEntries(), [['participant', 'Teilnehmer'], ...many, ['late', 'spät']], 'the service holds the text as saved');
    // A colleague's change meanwhile: the kept remote is not the base, so it comes back, and the save refuses.
    await append(doc, 'mine\tmeins\n');
    setRemote([['participant', 'Teilnehmer'], ...many, ['late', 'spät'], ['colleague', 'Kollege']]);
    assert.equal(await doc.save(), false, 'not over an unseen remote change');
    assert.deepEqual(remoteEntries()!.slice(-1), [['colleague', 'Kollege']]);
    await ext.actions.mergeWithRemote(doc.uri);
    assert.equal(await doc.save(), true);
    assert.deepEqual(remoteEntries()!.slice(-2), [['colleague', 'Kollege'], ['mine', 'meins']]);
    // Issue #27: a colleague's change of the same byte size and entry count is found too (a comparison by size or
    // count alone would take it for the base and push over it).
    await append(doc, 'more\tmehr\n');
    const theirs = remoteEntries()!.map(([s, t]): [string, string] => (s === 'term 7' ? [s, 'Begrifx 7'] : [s, t]));
    setRemote(theirs);
    assert.equal(await doc.save(), false, 'not over a same-size remote change');
    assert.deepEqual(remoteEntries(), theirs);
    await ext.actions.mergeWithRemote(doc.uri);
    assert.equal(await doc.save(), true);
    assert.deepEqual(remoteEntries()!.find(([s]) => s === 'term 7'), ['term 7', 'Begrifx 7']);
    assert.deepEqual(remoteEntries()!.slice(-1), [['more', 'mehr']]);
    // The same when the bytes VS Code hands over are not the text read when the save was announced (an edit on save
    // after it): the save checks its bytes itself, and compares the kept remote with the base it sends.
    await append(doc, 'again\twieder\n');
    const theirs2 = remoteEntries()!.map(([s, t]): [string, string] => (s === 'term 8' ? [s, 'Begrifx 8'] : [s, t]));
    setRemote(theirs2);
    const late = vscode.workspace.onWillSaveTextDocument((e) => {
      if (e.document !== doc) return;
      e.waitUntil(new Promise<vscode.TextEdit[]>((resolve) => setTimeout(() => resolve([vscode.TextEdit.insert(new vscode.Position(0, 0), 'eleventh\tElfter\n')]), 300)));
    });
    try {
      assert.equal(await doc.save(), false, 'not over a same-size remote change, its bytes changed on save');
    } finally {
      late.dispose();
    }
    assert.deepEqual(remoteEntries(), theirs2);
    await ext.actions.mergeWithRemote(doc.uri);
    assert.equal(await doc.save(), true);
    assert.deepEqual(remoteEntries()!.find(([s]) => s === 'term 8'), ['term 8', 'Begrifx 8']);
  });

  it('a save of a large dictionary with an error pushes nothing; fixed, it pushes (the editor\'s own count of errors)', async function () {
    this.timeout(60_000);
    // Over 4 096 lines: the save's checks are made when it is announced, with the error count of the editor's linter.
    const many = Array.from({ length: 15_000 }, (_, i): [string, string] => [`word ${i}`, `Wort ${i}`]);
    setRemote(many);
    await ext.actions.pull(doc.uri);
    await append(doc, 'empty\t\n');
    const before = pushes();
    assert.equal(await doc.save(), false, 'an empty target: the service would reject it');
    assert.equal(pushes(), before, 'nothing sent');
    assert.deepEqual(remoteEntries(), many);
    // Fixed by typing, right before the save (no wait for the diagnostics): the count is of this very text.
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, new vscode.Position(doc.lineCount - 2, 'empty\t'.length), 'leer');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.equal(await doc.save(), true);
    assert.deepEqual(remoteEntries(), [...many, ['empty', 'leer']]);
    // An error another extension's edit on save adds after the save was announced: the editor's count, of the text
    // before that edit, does not hold for the bytes VS Code hands over, which are linted.
    await append(doc, 'more\tmehr\n');
    const sub = vscode.workspace.onWillSaveTextDocument((e) => {
      if (e.document === doc) e.waitUntil(Promise.resolve([vscode.TextEdit.insert(new vscode.Position(0, 0), 'blank\t\n')]));
    });
    const sent = pushes();
    try {
      assert.equal(await doc.save(), false, 'an empty target added on save: the service would reject it');
    } finally {
      sub.dispose();
    }
    assert.equal(pushes(), sent, 'nothing sent');
    assert.deepEqual(remoteEntries(), [...many, ['empty', 'leer']]);
    const fix = new vscode.WorkspaceEdit();
    fix.delete(doc.uri, new vscode.Range(0, 0, 1, 0));
    assert.ok(await vscode.workspace.applyEdit(fix));
    assert.equal(await doc.save(), true);
    assert.deepEqual(remoteEntries(), [...many, ['empty', 'leer'], ['more', 'mehr']]);
  });

  it('VS Code\'s Revert of unsaved edits is offered back, with the base those edits descend from', async () => {
    setRemote([['cloud', 'Wolke']]);
    await ext.actions.pull(doc.uri);
    await append(doc, 'draft\tEntwurf\n');
    const typed = doc.getText();
    await vscode.window.showTextDocument(doc);
    const discarded = new Promise<{ uri: vscode.Uri; restore: () => Promise<void> }>((resolve) => {
      const sub = ext.documents.onDidDiscard((e) => { sub.dispose(); resolve(e); });
    });
    setRemote([['cloud', 'Wolke'], ['colleague', 'Kollege']]);
    await vscode.commands.executeCommand('workbench.action.files.revert');
    const e = await discarded;
    assert.equal(e.uri.toString(), doc.uri.toString());
    assert.equal(doc.isDirty, false);
    await e.restore();
    assert.equal(doc.getText(), typed, 'the typed text is back');
    assert.equal(doc.isDirty, true);
    assert.equal(await doc.save(), false, 'it descends from the version before the colleague\'s change: the save finds that change');
    assert.deepEqual(remoteEntries(), [['cloud', 'Wolke'], ['colleague', 'Kollege']]);
  });
});

describe('a save while the service answers 503 once', () => {
  const RETRY = { glossaryId: 'd0c5e5a1-0000-4000-8000-0000000000r1', name: 'Retry test' };
  let ext: TerminologyApi;
  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    account().glossaries.push({ glossary_id: RETRY.glossaryId, name: RETRY.name, creation_time: '2026-11-01T00:00:00Z', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: [['cloud', 'Wolke']] }] });
  });
  after(async () => {
    service().clearFaults();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    account().glossaries = account().glossaries.filter((g) => g.glossary_id !== RETRY.glossaryId);
  });

  it('its progress says "retrying (2 of 5)…" while the check is sent again, then the save pushes', async () => {
    const doc = await ext.actions.openDictionary(RETRY, { sourceLang: 'en', targetLang: 'de' });
    await append(doc, 'server\tServer\n');
    service().injectFault({ count: 1, status: 503, path: '/entries', method: 'GET' });
    const messages: string[] = [];
    await withStubbedWindow({ withProgress: recordingProgress(messages) }, () => Promise.resolve(vscode.commands.executeCommand('terminology.save', doc.uri)));
    assert.ok(messages.includes('retrying (2 of 5)…'), messages.join(' | '));
    assert.ok(messages.indexOf('retrying (2 of 5)…') > messages.findIndex((m) => /^Checking en-de\.glossary\.tsv against the service/.test(m)), 'in the check\'s progress');
    assert.ok(!doc.isDirty, 'then the save pushed');
    assert.deepEqual(account().glossaries.find((g) => g.glossary_id === RETRY.glossaryId)!.dictionaries[0].entries, [['cloud', 'Wolke'], ['server', 'Server']]);
  });
});
