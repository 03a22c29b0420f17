import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import { brief, codeOf, diagnosticsWhere, ours } from './diagnosticsHelpers';
import { account, api, PAID_KEY, removeGlossary, seedGlossary, service } from './service';

const GLOSSARY = { glossaryId: 'a11a1a1a-0000-4000-8000-0000000000a1', name: 'Multi test' };

const glossary = () => account().glossaries.find((x) => x.glossary_id === GLOSSARY.glossaryId)!;
const remote = (pair: string) => glossary().dictionaries.find((d) => `${d.source_lang}-${d.target_lang}` === pair)?.entries;
const setRemote = (pair: string, entries: Array<[string, string]>) => {
  glossary().dictionaries.find((d) => `${d.source_lang}-${d.target_lang}` === pair)!.entries = entries;
};
const puts = () => service().requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/dictionaries')).length;

async function replaceAll(doc: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
  assert.ok(await vscode.workspace.applyEdit(edit));
}

/** Sets one cell (line, column 0 = source) by editing only that cell's text, as typing in it would. */
async function setCell(doc: vscode.TextDocument, line: number, column: number, value: string): Promise<void> {
  const text = doc.lineAt(line).text;
  const cells = text.split('\t');
  while (cells.length <= column) cells.push('');
  cells[column] = value;
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, doc.lineAt(line).range, cells.join('\t'));
  assert.ok(await vscode.workspace.applyEdit(edit));
}

const START: Record<string, Array<[string, string]>> = {
  'en-de': [['cloud', 'Wolke'], ['login', 'Anmeldung'], ['price', 'Preis']],
  'en-fr': [['cloud', 'nuage'], ['price', 'prix']],
  'en-ja': [['cloud', 'クラウド'], ['login', 'ログイン']],
  'de-en': [['Wolke', 'cloud'], ['Preis', 'cost']],
};

describe('multilingual glossary view: one document per source language, a column per target', () => {
  let ext: TerminologyApi;
  let doc: vscode.TextDocument;

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    seedGlossary(GLOSSARY, START);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    service().clearFaults();
    removeGlossary(GLOSSARY.glossaryId);
    ext.glossaries.refresh();
  });

  it('opens every dictionary from EN as one table: a header of languages, a gap where a dictionary lacks the source, findings across dictionaries', async () => {
    const before = service().requests.length;
    doc = await ext.actions.openGlossary(GLOSSARY, 'en');
    assert.equal(doc.uri.path, '/Multi test/en.multilingual.tsv');
    assert.equal(doc.languageId, 'glossary-multilingual');
    assert.equal(doc.getText(), 'en\tde\tfr\tja\ncloud\tWolke\tnuage\tクラウド\nlogin\tAnmeldung\t\tログイン\nprice\tPreis\tprix\t\n');
    const entriesCalls = service().requests.slice(before).filter((r) => r.path.endsWith('/entries')).length;
    assert.ok(entriesCalls >= 3, `one entries call per dictionary (${entriesCalls})`);
    await diagnosticsWhere(doc.uri, (ds) => ds.some((d) => codeOf(d) === 'reverse-mismatch'), 'the reverse check (DE → EN maps Preis to cost)');
    assert.deepEqual(brief(ours(doc.uri)), [
      ['reverse-mismatch', 2, 6, 15], // DE → EN lacks Anmeldung
      ['missing-translation', 2, 16, 16],
      ['reverse-mismatch', 3, 6, 11], // DE → EN maps Preis → cost
      ['missing-translation', 3, 17, 17],
    ]);
    assert.match(ext.documentStatus.text ?? '', /7 entries · FR: 1 missing, JA: 1 missing/);
  });

  it('reads a glossary of 7 dictionaries 5 at a time, side by side', async () => {
    const WIDE = { glossaryId: 'a11a1a1a-0000-4000-8000-0000000000a7', name: 'Multi wide' };
    const langs = ['de', 'es', 'fr', 'it', 'ja', 'nl', 'pt'];
    seedGlossary(WIDE, Object.fromEntries(langs.map((l) => [`en-${l}`, [['cloud', `cloud-${l}`]] as Array<[string, string]>])));
    try {
      // Each entries call answers 300 ms late, so the calls in flight at once are seen.
      service().injectFault({ count: langs.length, latencyMs: 300, method: 'GET', path: `^/v3/glossaries/${WIDE.glossaryId}/entries$` });
      service().concurrency.max = 0;
      const before = service().requests.length;
      const wide = await ext.actions.openGlossary(WIDE, 'en');
      assert.equal(wide.getText(), `en\t${langs.join('\t')}\ncloud\t${langs.map((l) => `cloud-${l}`).join('\t')}\n`);
      assert.equal(service().requests.slice(before).filter((r) => r.path.endsWith('/entries')).length, langs.length, 'one entries call per dictionary');
      // 5 side by side (the views may send one request of their own meanwhile), never all 7, never 2 at a time.
      const most = service().concurrency.max;
      assert.ok(most >= 5 && most <= 6, `5 entries calls in flight at most, side by side (saw ${most})`);
    } finally {
      service().clearFaults();
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      removeGlossary(WIDE.glossaryId);
    }
  });

  it('editing one cell and saving pushes that dictionary only: one call', async () => {
    await setCell(doc, 2, 2, 'connexion');
    const before = puts();
    assert.equal(await doc.save(), true);
    assert.equal(puts() - before, 1, 'one PUT, for EN → FR');
    assert.deepEqual(remote('en-fr'), [['cloud', 'nuage'], ['login', 'connexion'], ['price', 'prix']]);
    assert.deepEqual(remote('en-de'), START['en-de']);
    assert.deepEqual(remote('en-ja'), START['en-ja']);
    assert.equal(doc.isDirty, false);
  });

  it('editing two dictionaries pushes two, one call each', async () => {
    await setCell(doc, 1, 1, 'Cloud');
    await setCell(doc, 3, 3, '価格');
    const before = puts();
    assert.equal(await doc.save(), true);
    assert.equal(puts() - before, 2);
    assert.deepEqual(remote('en-de'), [['cloud', 'Cloud'], ['login', 'Anmeldung'], ['price', 'Preis']]);
    assert.deepEqual(remote('en-ja'), [['cloud', 'クラウド'], ['login', 'ログイン'], ['price', '価格']]);
  });

  it('an error anywhere blocks the whole save: a source without any translation sends nothing', async () => {
    await replaceAll(doc, doc.getText() + 'orphan\t\t\t\n');
    await diagnosticsWhere(doc.uri, (ds) => ds.some((d) => codeOf(d) === 'untranslated-source'), 'the untranslated source');
    const before = puts();
    assert.equal(await doc.save(), false);
    assert.equal(puts(), before);
    assert.equal(doc.isDirty, true);
    await replaceAll(doc, doc.getText().replace('orphan\t\t\t\n', ''));
  });

  it('a partial failure says which went through; the text is kept and the next save sends only the rest', async () => {
    await setCell(doc, 1, 1, 'Wolke');
    await setCell(doc, 1, 2, 'nuée');
    await setCell(doc, 1, 3, '雲');
    const text = doc.getText();
    // The second PUT (EN → FR) is refused; EN → DE went through before it, EN → JA is not tried.
    service().injectFault({ count: 1, status: 400, method: 'PUT', path: '/dictionaries$', every: 2 });
    const before = puts();
    assert.equal(await doc.save(), false);
    service().clearFaults();
    assert.equal(puts() - before, 2, 'DE sent, FR refused, JA not tried');
    assert.equal(doc.isDirty, true);
    assert.equal(doc.getText(), text, 'the text is kept');
    assert.equal(remote('en-de')![0][1], 'Wolke', 'DE went through');
    assert.equal(remote('en-fr')![0][1], 'nuage', 'FR did not');
    assert.equal(remote('en-ja')![0][1], 'クラウド', 'JA was not tried');
    const again = puts();
    assert.equal(await doc.save(), true, 'the next save is no conflict with what the first one pushed');
    assert.equal(puts() - again, 2, 'only FR and JA are sent');
    assert.equal(remote('en-fr')![0][1], 'nuée');
    assert.equal(remote('en-ja')![0][1], '雲');
  });

  it('a remote change in one dictionary of three is found on save, and merged cell by cell', async () => {
    setRemote('en-fr', [['cloud', 'nuée'], ['login', 'connexion'], ['price', 'tarif']]);
    await setCell(doc, 2, 1, 'Login');
    const before = puts();
    assert.equal(await doc.save(), false, 'nothing overwrites the remote change');
    assert.equal(puts(), before);
    const result = await ext.actions.mergeWithRemote(doc.uri);
    assert.deepEqual([result.fromRemote, result.conflicts], [1, 0]);
    assert.match(doc.getText(), /\nprice\tPreis\ttarif\t価格\n/);
    assert.match(doc.getText(), /\nlogin\tLogin\tconnexion\tログイン\n/);
    assert.equal(await doc.save(), true);
    assert.equal(puts() - before, 1, 'only DE: FR already holds the merged entries');
    assert.deepEqual(remote('en-fr'), [['cloud', 'nuée'], ['login', 'connexion'], ['price', 'tarif']]);
    assert.deepEqual(remote('en-de'), [['cloud', 'Wolke'], ['login', 'Login'], ['price', 'Preis']]);
  });

  it('a cell both sides changed becomes a conflict block that blocks the push until one side is kept', async () => {
    setRemote('en-de', [['cloud', 'Wolke'], ['login', 'Login'], ['price', 'Kosten']]);
    await setCell(doc, 3, 1, 'Betrag');
    assert.equal(await doc.save(), false);
    const result = await ext.actions.mergeWithRemote(doc.uri);
    assert.equal(result.conflicts, 1);
    const conflict = (await diagnosticsWhere(doc.uri, (ds) => ds.some((d) => codeOf(d) === 'merge-conflict'), 'the conflict'))
      .find((d) => codeOf(d) === 'merge-conflict')!;
    assert.equal(await doc.save(), false, 'a conflict blocks the push');
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, conflict.range, vscode.CodeActionKind.QuickFix.value);
    const keep = actions.find((a) => a.title === 'Keep the remote version');
    assert.ok(keep?.edit, actions.map((a) => a.title).join(', '));
    assert.ok(await vscode.workspace.applyEdit(keep.edit));
    assert.equal(await doc.save(), true);
    assert.deepEqual(remote('en-de'), [['cloud', 'Wolke'], ['login', 'Login'], ['price', 'Kosten']]);
  });

  it('removing a language column sends nothing and says how to delete a dictionary', async () => {
    const text = doc.getText();
    await replaceAll(doc, text.split('\n').map((l) => l.split('\t').slice(0, 3).join('\t')).join('\n'));
    const before = puts();
    assert.equal(await doc.save(), false);
    assert.equal(puts(), before);
    assert.ok(remote('en-ja')!.length === 3, 'JA is still there');
    await replaceAll(doc, text);
    assert.equal(await doc.save(), true, 'with the column back there is nothing to push');
  });
});

describe('multilingual glossary: Rename Source Phrase in every dictionary', () => {
  const G = { glossaryId: 'a11a1a1a-0000-4000-8000-0000000000a2', name: 'Rename test' };
  let ext: TerminologyApi;
  const g = () => account().glossaries.find((x) => x.glossary_id === G.glossaryId)!;
  const dict = (pair: string) => g().dictionaries.find((d) => `${d.source_lang}-${d.target_lang}` === pair)!.entries;

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    account().glossaries.push({
      glossary_id: G.glossaryId, name: G.name, creation_time: '2026-11-01T00:00:00Z',
      dictionaries: [
        { source_lang: 'en', target_lang: 'de', entries: [['log in', 'anmelden'], ['cloud', 'Wolke']] },
        { source_lang: 'en', target_lang: 'fr', entries: [['log in', 'se connecter'], ['sign in', 'se connecter']] },
        { source_lang: 'en', target_lang: 'ja', entries: [['cloud', 'クラウド']] },
        { source_lang: 'de', target_lang: 'en', entries: [['log in', 'x']] },
      ],
    });
  });

  after(() => {
    service().clearFaults();
    account().glossaries = account().glossaries.filter((x) => x.glossary_id !== G.glossaryId);
  });

  it('refuses before sending anything when the new phrase is already a source in one of the dictionaries', async () => {
    const before = puts();
    await assert.rejects(ext.actions.renameSourcePhrase(G.glossaryId, 'en', 'log in', 'sign in'), /already a source phrase in EN → FR.*Nothing was changed/);
    assert.equal(puts(), before);
    assert.deepEqual(dict('en-de')[0], ['log in', 'anmelden']);
  });

  it('renames in every dictionary from EN that has it, one call each, and nowhere else', async () => {
    const before = puts();
    assert.deepEqual(await ext.actions.renameSourcePhrase(G.glossaryId, 'en', 'log in', 'Log in'), ['EN → DE', 'EN → FR']);
    assert.equal(puts() - before, 2, 'EN → JA lacks it: no call');
    assert.deepEqual(dict('en-de'), [['Log in', 'anmelden'], ['cloud', 'Wolke']]);
    assert.deepEqual(dict('en-fr'), [['Log in', 'se connecter'], ['sign in', 'se connecter']]);
    assert.deepEqual(dict('de-en'), [['log in', 'x']], 'another source language is not touched');
  });

  it('a failure after the first dictionary says which were renamed; running it again renames the rest', async () => {
    service().injectFault({ count: 1, status: 400, method: 'PUT', path: '/dictionaries$', every: 2 });
    const before = puts();
    await assert.rejects(ext.actions.renameSourcePhrase(G.glossaryId, 'en', 'Log in', 'Sign in'), (err: Error) => {
      assert.match(err.message, /^Renamed in EN → DE; EN → FR failed/);
      return true;
    });
    service().clearFaults();
    assert.equal(puts() - before, 2);
    assert.equal(dict('en-de')[0][0], 'Sign in');
    assert.equal(dict('en-fr')[0][0], 'Log in');
    assert.deepEqual(await ext.actions.renameSourcePhrase(G.glossaryId, 'en', 'Log in', 'Sign in'), ['EN → FR'], 'only the rest');
    assert.equal(dict('en-fr')[0][0], 'Sign in');
  });

  it('an invalid new phrase is refused before anything is sent', async () => {
    const before = puts();
    await assert.rejects(ext.actions.renameSourcePhrase(G.glossaryId, 'en', 'cloud', 'clo\u0007ud'), /cannot be a source phrase/);
    assert.equal(puts(), before);
  });

  it('an open glossary with unsaved edits gets the rename merged in (your own change, not a remote one), and its save pushes without a conflict', async () => {
    const doc = await ext.actions.openGlossary(G, 'en');
    const row = (source: string) => doc.getText().split('\n').findIndex((l) => l.split('\t')[0] === source);
    await setCell(doc, row('sign in'), 1, 'einloggen');
    assert.ok(doc.isDirty);
    assert.deepEqual(await ext.actions.renameSourcePhrase(G.glossaryId, 'en', 'cloud', 'cloud computing'), ['EN → DE', 'EN → JA']);
    assert.equal(row('cloud'), -1, 'the old phrase is gone from the document');
    assert.match(doc.getText(), /^cloud computing\tWolke\t\tクラウド$/m);
    assert.match(doc.getText(), /^sign in\teinloggen\tse connecter\t$/m, 'the unsaved edit is kept');
    assert.ok(doc.isDirty);
    const before = puts();
    assert.equal(await doc.save(), true, 'saved: no "changed remotely" stop');
    assert.equal(puts() - before, 1, 'one PUT: EN → DE, for the edit');
    assert.deepEqual([...dict('en-de')].sort(), [['Sign in', 'anmelden'], ['cloud computing', 'Wolke'], ['sign in', 'einloggen']]);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});

describe('multilingual glossary: drafts for a new language and for gaps', () => {
  const G = { glossaryId: 'a11a1a1a-0000-4000-8000-0000000000a3', name: 'Drafts test' };
  let ext: TerminologyApi;
  let doc: vscode.TextDocument;
  const g = () => account().glossaries.find((x) => x.glossary_id === G.glossaryId)!;
  const dict = (pair: string) => g().dictionaries.find((d) => `${d.source_lang}-${d.target_lang}` === pair)?.entries;
  const translateCalls = () => service().requests.filter((r) => r.method === 'POST' && r.path === '/v2/translate').length;
  const drafts = () => ours(doc.uri).filter((d) => codeOf(d) === 'draft-translation');

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    account().glossaries.push({
      glossary_id: G.glossaryId, name: G.name, creation_time: '2026-11-01T00:00:00Z',
      dictionaries: [
        { source_lang: 'en', target_lang: 'de', entries: [['cloud', 'Wolke'], ['login', 'Anmeldung'], ['cloud server', 'Cloud-Server']] },
        { source_lang: 'en', target_lang: 'fr', entries: [['cloud', 'nuage']] },
      ],
    });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    account().glossaries = account().glossaries.filter((x) => x.glossary_id !== G.glossaryId);
  });

  it('Add Language: a new column with a draft for every source, marked as drafts, nothing pushed', async () => {
    doc = await ext.actions.openGlossary(G, 'en');
    const calls = translateCalls();
    const before = puts();
    assert.equal(await ext.actions.addLanguage(doc.uri, 'es'), 3);
    assert.equal(translateCalls() - calls, 1, 'one translate call for the three sources');
    assert.equal(doc.getText(), 'en\tde\tfr\tes\ncloud\tWolke\tnuage\t[ES] cloud\nlogin\tAnmeldung\t\t[ES] login\ncloud server\tCloud-Server\t\t[ES] cloud server\n');
    await diagnosticsWhere(doc.uri, (ds) => ds.filter((d) => codeOf(d) === 'draft-translation').length === 3, 'three drafts');
    assert.deepEqual(brief(drafts())[0], ['draft-translation', 1, 18, 28]);
    assert.equal(doc.isDirty, true);
    assert.equal(puts(), before, 'drafts are pushed only by a save');
    assert.equal(dict('en-es'), undefined);
    await assert.rejects(ext.actions.addLanguage(doc.uri, 'es'), /already a column/);
  });

  it('an edited draft is a draft no more', async () => {
    await setCell(doc, 1, 3, 'nube');
    await diagnosticsWhere(doc.uri, (ds) => ds.filter((d) => codeOf(d) === 'draft-translation').length === 2, 'two drafts left');
  });

  it('Fill Missing Translations: drafts for the gaps of one language, with the glossary applied where it has the pair', async () => {
    assert.equal(await ext.actions.fillMissing(doc.uri, 'fr'), 2);
    assert.match(doc.getText(), /\nlogin\tAnmeldung\t\[FR\] login\t\[ES\] login\n/);
    assert.match(doc.getText(), /\ncloud server\tCloud-Server\t\[FR\] ⟦nuage⟧ server\t/, 'the EN → FR dictionary applied (cloud → nuage)');
    await diagnosticsWhere(doc.uri, (ds) => ds.filter((d) => codeOf(d) === 'draft-translation').length === 4, 'four drafts');
    assert.equal(await ext.actions.fillMissing(doc.uri, 'fr'), 0, 'no gaps left in FR');
  });

  it('a save pushes the new dictionary and the filled one, one call each, and the drafts are entries then', async () => {
    const before = puts();
    assert.equal(await doc.save(), true);
    assert.equal(puts() - before, 2, 'EN → FR and the new EN → ES');
    assert.deepEqual(dict('en-es'), [['cloud', 'nube'], ['login', '[ES] login'], ['cloud server', '[ES] cloud server']]);
    assert.equal(dict('en-fr')!.length, 3);
    await diagnosticsWhere(doc.uri, (ds) => !ds.some((d) => codeOf(d) === 'draft-translation'), 'no drafts after the push');
  });
});

describe('multilingual glossary view: a dictionary that holds a source twice', () => {
  const TWICE = { glossaryId: 'a11a1a1a-0000-4000-8000-0000000000a7', name: 'Twice test' };
  const entries = (pair: string) => account().glossaries.find((x) => x.glossary_id === TWICE.glossaryId)!
    .dictionaries.find((d) => `${d.source_lang}-${d.target_lang}` === pair)?.entries;
  let ext: TerminologyApi;

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    // As an older tool may have left it: EN → ES holds "ticket" twice.
    seedGlossary(TWICE, {
      'en-de': [['ticket', 'Ticket'], ['account', 'Konto']],
      'en-es': [['ticket', 'ticket'], ['account', 'cuenta'], ['ticket', 'incidencia']],
    });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    removeGlossary(TWICE.glossaryId);
    ext.glossaries.refresh();
  });

  it('shows both entries (the repeat on a row of its own, flagged), refuses to push until it is resolved, then pushes what the user kept', async () => {
    const doc = await ext.actions.openGlossary(TWICE, 'en');
    assert.equal(doc.getText(), 'en\tde\tes\nticket\tTicket\tticket\nticket\t\tincidencia\naccount\tKonto\tcuenta\n');
    await diagnosticsWhere(doc.uri, (ds) => ds.some((d) => codeOf(d) === 'duplicate-source'), 'the repeated source flagged');
    assert.deepEqual(brief(ours(doc.uri)).filter(([code]) => code === 'duplicate-source'), [['duplicate-source', 2, 0, 6]]);
    // An edit elsewhere, then Save: blocked by the error; the service keeps both entries.
    await setCell(doc, 3, 2, 'cuenta de usuario');
    const before = puts();
    assert.equal(await doc.save(), false, 'the save is refused while the repeat is there');
    assert.equal(puts(), before);
    assert.deepEqual(entries('en-es'), [['ticket', 'ticket'], ['account', 'cuenta'], ['ticket', 'incidencia']]);
    // The user keeps "incidencia" (deletes the first row's ES cell and the DE-less repeat row becomes the only one).
    await setCell(doc, 1, 2, '');
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(1, 0, 3, 0), 'ticket\tTicket\tincidencia\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.equal(doc.getText(), 'en\tde\tes\nticket\tTicket\tincidencia\naccount\tKonto\tcuenta de usuario\n');
    assert.equal(await doc.save(), true);
    assert.equal(puts() - before, 1, 'one PUT, for EN → ES only');
    assert.deepEqual([...entries('en-es')!].sort(), [['account', 'cuenta de usuario'], ['ticket', 'incidencia']]);
    assert.deepEqual(entries('en-de'), [['ticket', 'Ticket'], ['account', 'Konto']]);
  });
});

describe('multilingual glossary view: closing its tab', () => {
  const CLOSING = { glossaryId: 'a11a1a1a-0000-4000-8000-0000000000c1', name: 'Closing tab test' };
  let ext: TerminologyApi;

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    seedGlossary(CLOSING, { 'en-de': [['cloud', 'Wolke'], ['login', 'Anmeldung']], 'en-fr': [['cloud', 'nuage']] });
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    removeGlossary(CLOSING.glossaryId);
  });

  it('its findings leave the Problems view with its last tab (VS Code keeps the document open for minutes), and come back with a tab', async () => {
    const doc = await ext.actions.openGlossary(CLOSING, 'en', { in: 'text' });
    await diagnosticsWhere(doc.uri, (ds) => ds.some((d) => codeOf(d) === 'missing-translation'), 'the gap (login has no FR)');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await diagnosticsWhere(doc.uri, (ds) => ds.length === 0, 'no findings once its tab closed', 3000);
    assert.ok(vscode.workspace.textDocuments.some((d) => d.uri.toString() === doc.uri.toString()), 'the document itself is still open');
    await vscode.window.showTextDocument(doc);
    await diagnosticsWhere(doc.uri, (ds) => ds.some((d) => codeOf(d) === 'missing-translation'), 'the findings back with a tab', 3000);
  });
});
