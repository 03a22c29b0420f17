import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import type { Node } from '../../src/trees/remoteTree';
import { api, nextLoad, PAID_KEY, service } from './service';
import { withStubbedWindow } from './stubWindow';

async function rendered(tree: vscode.TreeDataProvider<Node>, node?: Node): Promise<Array<{ node: Node; label: string; description: string }>> {
  const children = (await tree.getChildren(node)) ?? [];
  return Promise.all(children.map(async (n) => {
    const item = await tree.getTreeItem(n);
    return { node: n, label: String(typeof item.label === 'object' ? item.label.label : item.label), description: String(item.description ?? '') };
  }));
}

describe('explorer against the emulator', () => {
  let ext: TerminologyApi;

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
  });

  it('renders the seeded glossaries with their dictionaries and entry counts', async () => {
    assert.equal(await nextLoad(ext.glossaries, () => ext.glossaries.refresh()), 'ready');
    const roots = await rendered(ext.glossaries);
    assert.deepEqual(roots.map((r) => [r.label, r.description]), [
      ['Legacy support glossary (needs cleanup)', '2 dictionaries · 2025-11-12'],
      ['Product terminology', '4 dictionaries · 2026-06-01'],
    ]);
    const dicts = await rendered(ext.glossaries, roots[1].node);
    assert.deepEqual(dicts.map((d) => [d.label, d.description]), [
      ['EN → DE', '5 entries'], ['DE → EN', '3 entries'], ['EN → JA', '3 entries'], ['EN → FR', '3 entries'],
    ]);
  });

  it('filters glossaries by name without a new request', async () => {
    await ext.glossaries.items();
    const before = service().requests.length;
    await ext.glossaries.setFilter('legacy');
    assert.deepEqual((await rendered(ext.glossaries)).map((r) => r.label), ['Legacy support glossary (needs cleanup)']);
    await vscode.commands.executeCommand('terminology.glossaries.clearFilter');
    assert.equal((await rendered(ext.glossaries)).length, 2);
    assert.equal(service().requests.length, before);
  });

  it('renders Spoken Terms lists with entry counts and the 300-character budget', async () => {
    assert.equal(await nextLoad(ext.spokenTerms, () => ext.spokenTerms.refresh()), 'ready');
    const [collection] = await rendered(ext.spokenTerms);
    assert.deepEqual([collection.label, collection.description], ['Conference talks', '2 lists · 2026-09-15']);
    const lists = await rendered(ext.spokenTerms, collection.node);
    assert.deepEqual(lists.map((l) => [l.label, l.description]), [['EN', '5 terms · 54/300 characters'], ['DE', '3 terms · 29/300 characters']]);
  });

  it('renders style rule lists, their rules by group, and custom instructions', async () => {
    assert.equal(await nextLoad(ext.styleRules, () => ext.styleRules.refresh()), 'ready');
    const lists = await rendered(ext.styleRules);
    assert.deepEqual(lists.map((l) => l.label), ['Marketing (US English)', 'Technische Dokumentation', '製品マニュアル']);
    assert.equal(lists[0].description, 'EN · v7 · updated 2026-10-28');
    const groups = await rendered(ext.styleRules, lists[0].node);
    assert.deepEqual(groups.map((g) => g.label), ['dates and times', 'numbers', 'punctuation', 'spelling and grammar', 'custom instructions']);
    const punctuation = await rendered(ext.styleRules, groups[2].node);
    assert.deepEqual(punctuation[0], { node: punctuation[0].node, label: 'serial comma', description: 'use' });
    const instructions = await rendered(ext.styleRules, groups[4].node);
    assert.deepEqual(instructions.map((i) => i.label), ['Product names', 'Tone']);
  });

  it('create, rename, add dictionary, delete dictionary and delete glossary change the remote state', async () => {
    const acc = () => service().state.accounts[PAID_KEY];
    await nextLoad(ext.glossaries, () => ext.actions.createGlossary('Made in a test', { sourceLang: 'en', targetLang: 'de', entries: 'cloud\tWolke\n' }));
    const made = acc().glossaries.find((g) => g.name === 'Made in a test');
    assert.ok(made);
    assert.deepEqual(made.dictionaries[0].entries, [['cloud', 'Wolke']]);
    const node = () => rendered(ext.glossaries).then((rs) => rs.find((r) => r.label.startsWith('Made') || r.label.startsWith('Renamed'))!.node);
    await nextLoad(ext.glossaries, () => ext.actions.renameGlossary(made.glossary_id, 'Renamed in a test'));
    assert.equal(made.name, 'Renamed in a test');
    await nextLoad(ext.glossaries, () => ext.actions.addDictionary(made.glossary_id, { sourceLang: 'en', targetLang: 'fr', entries: 'cloud\tnuage\n' }));
    assert.deepEqual(made.dictionaries.map((d) => `${d.source_lang}-${d.target_lang}`), ['en-de', 'en-fr']);
    const fr = (await rendered(ext.glossaries, await node())).find((d) => d.label === 'EN → FR');
    assert.ok(fr, 'the tree shows the new dictionary');
    await nextLoad(ext.glossaries, () => ext.actions.deleteDictionary(made.glossary_id, 'en', 'fr'));
    assert.deepEqual(made.dictionaries.map((d) => d.target_lang), ['de']);
    await nextLoad(ext.glossaries, () => ext.actions.deleteGlossary(made.glossary_id));
    assert.ok(!acc().glossaries.some((g) => g.glossary_id === made.glossary_id));
    assert.equal((await rendered(ext.glossaries)).length, 2);
  });

  it('Spoken Terms commands change the remote state', async () => {
    const acc = () => service().state.accounts[PAID_KEY];
    await nextLoad(ext.spokenTerms, () => ext.actions.createCollection('Test talks', { lang: 'en', entries: 'Kubernetes' }));
    const made = acc().spokenTerms.find((c) => c.name === 'Test talks')!;
    assert.deepEqual(made.term_lists, [{ lang: 'en', terms: ['Kubernetes'] }]);
    const node = async () => (await rendered(ext.spokenTerms)).find((r) => r.label.startsWith('Test') || r.label.startsWith('Renamed'))!.node;
    await nextLoad(ext.spokenTerms, () => ext.actions.addTermList(made.spoken_terms_id, { lang: 'de', entries: 'Glossar' }));
    await nextLoad(ext.spokenTerms, () => ext.actions.renameCollection(made.spoken_terms_id, 'Renamed talks'));
    assert.deepEqual([made.name, made.term_lists.map((l) => l.lang)], ['Renamed talks', ['en', 'de']]);
    const de = (await rendered(ext.spokenTerms, await node())).find((l) => l.label === 'DE');
    assert.ok(de, 'the tree shows the new term list');
    await nextLoad(ext.spokenTerms, () => ext.actions.deleteTermList(made.spoken_terms_id, 'de'));
    assert.deepEqual(made.term_lists.map((l) => l.lang), ['en']);
    await nextLoad(ext.spokenTerms, () => ext.actions.deleteCollection(made.spoken_terms_id));
    assert.ok(!acc().spokenTerms.some((c) => c.name === 'Renamed talks'));
  });

  it('opens a style rule list as a read-only JSON document', async () => {
    const [list] = await rendered(ext.styleRules);
    await vscode.commands.executeCommand('terminology.styleRules.open', list.node);
    const doc = vscode.window.activeTextEditor!.document;
    assert.equal(doc.uri.scheme, 'terminology-style');
    // Not the same tab title as Edit as JSON's document, which saves to the service.
    assert.match(doc.uri.path, /^\/[^/]+ \(read-only\)\.json$/);
    assert.equal(doc.languageId, 'json');
    // The service's shape, as Edit as JSON's document has it (not the extension's camelCase model).
    const shown = JSON.parse(doc.getText());
    assert.equal(shown.configured_rules.punctuation.serial_comma, 'use');
    assert.ok(Array.isArray(shown.custom_instructions) && typeof shown.style_id === 'string' && typeof shown.version === 'number');
    assert.ok(!('configuredRules' in shown) && !('styleId' in shown));
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('a failed call shows the error with its trace id, and a retry restores a consistent tree', async () => {
    service().injectFault({ count: 1, status: 401, path: '^/v3/glossaries$' });
    assert.equal(await nextLoad(ext.glossaries, () => ext.glossaries.refresh()), 'error');
    const rows = await rendered(ext.glossaries);
    assert.match(rows[0].label, /401 Unauthorized/);
    assert.match(rows[1].label, /^Trace ID: [0-9a-f-]{36}$/);
    assert.deepEqual(rows.slice(2).map((r) => r.label), ['Retry', 'Show Log', 'Set API Key']);
    const commands = await Promise.all(rows.slice(2).map(async (r) => (await ext.glossaries.getTreeItem(r.node)).command?.command));
    assert.deepEqual(commands, ['terminology.glossaries.refresh', 'terminology.showLog', 'terminology.setApiKey']);
    assert.equal(await nextLoad(ext.glossaries, () => vscode.commands.executeCommand(commands[0]!)), 'ready');
    assert.equal((await rendered(ext.glossaries)).length, 2);
  });

  it('the views follow the key: no key, then the key again', async () => {
    assert.equal(await nextLoad(ext.glossaries, () => vscode.commands.executeCommand('terminology.clearApiKey')), 'noKey');
    await ext.usage.update();
    assert.equal(ext.usage.text, undefined, 'no plan or usage shown without a key');
    assert.equal(await nextLoad(ext.glossaries, () => ext.actions.setApiKey(PAID_KEY)), 'ready');
  });

  it('the status bar shows the plan and the character usage', async () => {
    await vscode.commands.executeCommand('terminology.refreshUsage');
    assert.match(ext.usage.text ?? '', /^\$\(globe\) Paid · [\d,]+ \/ 1,000,000,000$/);
  });
});

describe('translate with a glossary', () => {
  it('shows source and result side by side, with the glossary applied', async () => {
    const ext = await api();
    const [, product] = await rendered(ext.glossaries);
    const deDict = (await rendered(ext.glossaries, product.node)).find((d) => d.label === 'EN → DE')!;
    assert.equal(deDict.label, 'EN → DE');
    const result = await ext.actions.translate({ text: 'The cloud dashboard', glossaryId: '9f3c1a52-1b1e-4c55-9d7e-000000000001', sourceLang: 'en', targetLang: 'DE' });
    assert.equal(result, '[DE] The ⟦Wolke⟧ ⟦Übersicht⟧');
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff, 'a diff editor is open');
    assert.match(tab.label, /EN ↔ DE with "Product terminology"/);
    const right = await vscode.workspace.openTextDocument((tab.input as vscode.TabInputTextDiff).modified);
    assert.equal(right.getText(), '[DE] The ⟦Wolke⟧ ⟦Übersicht⟧');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});

describe('plan limits', () => {
  it('the free plan\'s single glossary is explained, not shown as a bare status', async () => {
    const ext = await api();
    // Switch to the free key: the emulator's free account allows one glossary.
    assert.ok(await ext.actions.setApiKey('integration-free-key:fx'));
    await nextLoad(ext.glossaries, () => ext.actions.createGlossary('first', { sourceLang: 'en', targetLang: 'de' }));
    const before = service().state.accounts['integration-free-key:fx'].glossaries.length;
    await assert.rejects(ext.actions.createGlossary('second', { sourceLang: 'en', targetLang: 'de' }), /The free plan allows a single glossary, and this account has 1\./);
    assert.equal(service().state.accounts['integration-free-key:fx'].glossaries.length, before);
    assert.equal(service().requests.filter((r) => r.status === 456).length >= 1, true);
    assert.ok(await ext.actions.setApiKey(PAID_KEY));
  });
});

describe('deleting on the service closes the documents of what was deleted, and says so', () => {
  let ext: TerminologyApi;
  const said: string[] = [];
  const showInformationMessage = (async (m: string) => { said.push(m); return undefined; }) as typeof vscode.window.showInformationMessage;
  const openTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => t.label);

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
  });
  beforeEach(() => { said.length = 0; });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a dictionary, then its glossary: clean documents close, one with unsaved edits stays open and is named', async () => {
    const g = await ext.actions.createGlossary(`Deleted in a test ${Date.now()}`, { sourceLang: 'en', targetLang: 'de', entries: 'cloud\tWolke\n' });
    await ext.actions.addDictionary(g.glossaryId, { sourceLang: 'en', targetLang: 'fr', entries: 'cloud\tnuage\n' });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await ext.actions.openDictionary(g, { sourceLang: 'en', targetLang: 'de' });
    const fr = await ext.actions.openDictionary(g, { sourceLang: 'en', targetLang: 'fr' });
    const edit = new vscode.WorkspaceEdit();
    edit.insert(fr.uri, new vscode.Position(1, 0), 'server\tserveur\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    await ext.actions.openGlossary(g, 'en', { in: 'text' });
    assert.deepEqual(openTabs().sort(), ['en-de.glossary.tsv', 'en-fr.glossary.tsv', 'en.multilingual.tsv']);

    await withStubbedWindow({ showInformationMessage }, () => ext.actions.deleteDictionary(g.glossaryId, 'en', 'de'));
    assert.deepEqual(openTabs().sort(), ['en-fr.glossary.tsv', 'en.multilingual.tsv']);
    assert.deepEqual(said, [`The dictionary "${g.name}" EN → DE was deleted on the service: closed en-de.glossary.tsv.`]);

    said.length = 0;
    await withStubbedWindow({ showInformationMessage }, () => ext.actions.deleteGlossary(g.glossaryId));
    assert.deepEqual(openTabs(), ['en-fr.glossary.tsv'], 'the document with unsaved edits stays');
    assert.deepEqual(said, [`The glossary "${g.name}" was deleted on the service: closed en.multilingual.tsv; en-fr.glossary.tsv has unsaved edits and stays open.`]);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('a style rule list and a Spoken Terms collection', async () => {
    const list = await ext.actions.createStyleRules(`Deleted list ${Date.now()}`, 'en');
    await ext.actions.editStyleRules(list.styleId);
    await withStubbedWindow({ showInformationMessage }, () => ext.actions.deleteStyleRules(list.styleId));
    assert.deepEqual(openTabs(), []);
    assert.deepEqual(said, [`The style rule list "${list.name}" was deleted on the service: closed ${list.name}.json.`]);

    said.length = 0;
    const c = await ext.actions.createCollection(`Deleted talks ${Date.now()}`, { lang: 'en', entries: 'Kubernetes' });
    await ext.actions.openTermList(c, 'en');
    await withStubbedWindow({ showInformationMessage }, () => ext.actions.deleteCollection(c.spokenTermsId));
    assert.deepEqual(openTabs(), []);
    assert.deepEqual(said, [`The Spoken Terms collection "${c.name}" was deleted on the service: closed en.terms.txt.`]);
  });
});
