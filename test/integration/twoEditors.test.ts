// Two editors, one dictionary: a second client (the extension's own ServiceClient, over real HTTP, with another
// user agent) pushes the dictionary while the user edits it in VS Code. The user's save must find that push, and
// Merge must keep both sides.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ServiceClient } from '../../src/api';
import type { TerminologyApi } from '../../src/extension';
import type { Account } from '../emulator/state';
import { api, PAID_KEY, service } from './service';

const GLOSSARY = { glossaryId: 'd0c5e5a1-0000-4000-8000-0000000000e2', name: 'Two editors' };
const COLLEAGUE_AGENT = 'colleague-tool/1.0';

const account = (): Account => service().state.accounts[PAID_KEY];
const remoteEntries = () => account().glossaries.find((x) => x.glossary_id === GLOSSARY.glossaryId)!.dictionaries[0].entries;
const byColleague = (r: { userAgent?: string }) => (r.userAgent ?? '').startsWith(COLLEAGUE_AGENT);

describe('Two editors, one dictionary', () => {
  let ext: TerminologyApi;
  let colleague: ServiceClient;

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    account().glossaries.push({
      glossary_id: GLOSSARY.glossaryId, name: GLOSSARY.name, creation_time: '2026-11-01T00:00:00Z',
      dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: [['cloud', 'Wolke'], ['server', 'Server'], ['invoice', 'Rechnung']] }],
    });
    colleague = new ServiceClient({
      key: PAID_KEY, baseUrl: service().url, freeBaseUrl: service().freeUrl, userAgent: COLLEAGUE_AGENT,
      retry: { baseDelayMs: 10, random: () => 0.5 },
    });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    account().glossaries = account().glossaries.filter((g) => g.glossary_id !== GLOSSARY.glossaryId);
    ext.glossaries.refresh();
  });

  it('a push by a second client while the user edits: the save is refused, Merge keeps both, the next save pushes both', async () => {
    const doc = await ext.actions.openDictionary(GLOSSARY, { sourceLang: 'en', targetLang: 'de' });
    assert.equal(doc.getText(), 'cloud\tWolke\nserver\tServer\ninvoice\tRechnung\n');

    // The user edits in VS Code: a new entry and a changed one.
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, doc.lineAt(0).range, 'cloud\tCloud');
    edit.insert(doc.uri, doc.positionAt(doc.getText().length), 'price\tPreis\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.equal(doc.isDirty, true);

    // Meanwhile the colleague's tool reads the dictionary and pushes it back with its own changes, over HTTP.
    const theirs = await colleague.getDictionaryEntries(GLOSSARY.glossaryId, 'en', 'de');
    assert.equal(theirs, 'cloud\tWolke\nserver\tServer\ninvoice\tRechnung\n');
    await colleague.replaceDictionary(GLOSSARY.glossaryId, {
      sourceLang: 'en', targetLang: 'de', entriesFormat: 'tsv',
      entries: theirs.replace('server\tServer', 'server\tRechner') + 'login\tAnmeldung\n',
    });
    const last = service().requests.filter((r) => r.method === 'PUT' || r.method === 'PATCH').at(-1);
    assert.ok(last && byColleague(last) && last.status < 300, 'the colleague\'s push went over HTTP');
    assert.deepEqual(remoteEntries(), [['cloud', 'Wolke'], ['server', 'Rechner'], ['invoice', 'Rechnung'], ['login', 'Anmeldung']]);

    // The user's save finds the colleague's push: the check says so, and the save itself refuses.
    const ours = () => service().requests.filter((r) => (r.method === 'PUT' || r.method === 'PATCH') && !byColleague(r)).length;
    const before = ours();
    assert.deepEqual(await ext.actions.preflightSave(doc.uri), { outcome: 'conflict' });
    assert.equal(await doc.save(), false, 'the save must not overwrite the colleague\'s push');
    assert.equal(ours(), before, 'nothing was sent');
    assert.equal(doc.isDirty, true);
    assert.equal(doc.getText(), 'cloud\tCloud\nserver\tServer\ninvoice\tRechnung\nprice\tPreis\n', 'the user\'s text is kept');
    assert.deepEqual(remoteEntries(), [['cloud', 'Wolke'], ['server', 'Rechner'], ['invoice', 'Rechnung'], ['login', 'Anmeldung']]);

    // Merge keeps both: the user's two changes, the colleague's two; nobody touched the same entry.
    const result = await ext.actions.mergeWithRemote(doc.uri);
    assert.deepEqual({ fromRemote: result.fromRemote, conflicts: result.conflicts }, { fromRemote: 2, conflicts: 0 });
    assert.equal(doc.getText(), 'cloud\tCloud\nserver\tRechner\ninvoice\tRechnung\nlogin\tAnmeldung\nprice\tPreis\n');
    assert.deepEqual(await ext.actions.preflightSave(doc.uri), { outcome: 'push' });
    assert.equal(await doc.save(), true);
    assert.equal(doc.isDirty, false);
    assert.equal(ours(), before + 1);
    assert.deepEqual(new Set(remoteEntries().map((e) => e.join('\t'))),
      new Set(['cloud\tCloud', 'server\tRechner', 'invoice\tRechnung', 'price\tPreis', 'login\tAnmeldung']));

    // And the other way round: the colleague's client now sees the user's push.
    assert.equal((await colleague.getDictionaryEntries(GLOSSARY.glossaryId, 'en', 'de')).split('\n').filter(Boolean).length, 5);
  });
});
