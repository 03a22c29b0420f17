import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import type { LinkStatus } from '../../src/workspace/syncModel';
import { codeOf, diagnosticsWhere } from './diagnosticsHelpers';
import { scenario } from './scenario';
import { recordingMessages, withStubbedWindow } from './stubWindow';
import { account, api, PAID_KEY, seedGlossary, service } from './service';

const GLOSSARY = { glossaryId: '5f7c0000-0000-4000-8000-000000000015', name: 'Sync repo test' };
const remote = (pair: string) => account().glossaries.find((g) => g.glossary_id === GLOSSARY.glossaryId)?.dictionaries.find((d) => `${d.source_lang}-${d.target_lang}` === pair);

const root = () => vscode.workspace.workspaceFolders![0].uri;
const folder = () => vscode.Uri.joinPath(root(), 'sync-it');
const manifestUri = () => vscode.Uri.joinPath(folder(), 'terminology.json');
const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
const write = (uri: vscode.Uri, text: string) => vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
const stateOf = (statuses: readonly LinkStatus[], file: string) => statuses.find((s) => s.uri.path.endsWith(`/${file}`))?.state;

describe('repository sync: manifest, status, pull and push all', () => {
  let ext: TerminologyApi;
  let deFile: vscode.Uri;
  let frFile: vscode.Uri;
  // One story: each test builds on what the earlier ones did (a grep that selects a later one runs those first).
  const step = scenario();

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    seedGlossary(GLOSSARY, {
      'en-de': [['cloud', 'Wolke'], ['server', 'Server'], ['disk', 'Platte']],
      'en-fr': [['cloud', 'nuage'], ['server', 'serveur']],
    });
    await vscode.workspace.fs.createDirectory(folder());
    // The manifest's name is a setting; a relative path keeps this suite's files in one folder.
    await vscode.workspace.getConfiguration('terminology').update('manifest', 'sync-it/terminology.json', vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.getConfiguration('terminology').update('manifest', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.fs.delete(folder(), { recursive: true, useTrash: false });
    account().glossaries = account().glossaries.filter((g) => g.glossary_id !== GLOSSARY.glossaryId && g.name !== 'Sync new glossary');
    service().clearFaults();
  });

  step('clone: every dictionary becomes a file, linked in the manifest with the glossary id; all in sync, with badges', async () => {
    const uris = await ext.actions.cloneGlossary(GLOSSARY.glossaryId, vscode.Uri.joinPath(folder(), 'glossaries', 'sync'));
    [deFile, frFile] = uris;
    assert.deepEqual(uris.map((u) => u.path.split('/').slice(-3).join('/')), ['glossaries/sync/en-de.glossary.tsv', 'glossaries/sync/en-fr.glossary.tsv']);
    assert.equal(await read(deFile), 'cloud\tWolke\nserver\tServer\ndisk\tPlatte\n');
    const manifest = JSON.parse(await read(manifestUri())) as { glossaries: Array<{ name: string; id: string; dictionaries: Record<string, string> }> };
    assert.deepEqual(manifest.glossaries, [{ name: GLOSSARY.name, id: GLOSSARY.glossaryId, dictionaries: { 'en-de': 'glossaries/sync/en-de.glossary.tsv', 'en-fr': 'glossaries/sync/en-fr.glossary.tsv' } }]);
    const statuses = await ext.actions.refreshSync();
    assert.deepEqual(statuses.map((s) => s.state), ['in-sync', 'in-sync']);
    for (const uri of uris) {
      const d = ext.sync.decorations.provideFileDecoration(uri) as vscode.FileDecoration;
      assert.equal(d?.badge, '✓');
      assert.match(d.tooltip ?? '', /in sync/);
    }
    const view = ext.sync.tree.getChildren();
    assert.equal(view.length, 1);
    const items = ext.sync.tree.getChildren(view[0]).map((n) => ext.sync.tree.getTreeItem(n));
    assert.deepEqual(items.map((i) => i.description), ['EN → DE · in sync', 'EN → FR · in sync']);
  });

  step('status refresh when nothing changed: one listing call, no entries fetched', async () => {
    const before = service().requests.length;
    await ext.actions.refreshSync();
    const calls = service().requests.slice(before).map((r) => `${r.method} ${r.path}`);
    assert.deepEqual(calls, ['GET /v3/glossaries']);
  });

  step('edit a file and save → "local changes", with its badge', async () => {
    const doc = await vscode.workspace.openTextDocument(deFile);
    await vscode.window.showTextDocument(doc);
    const edit = new vscode.WorkspaceEdit();
    edit.replace(deFile, new vscode.Range(0, 6, 0, 11), 'Wolke!');
    assert.ok(await vscode.workspace.applyEdit(edit));
    await doc.save();
    const statuses = await ext.actions.refreshSync();
    assert.equal(stateOf(statuses, 'en-de.glossary.tsv'), 'local-changes');
    assert.equal(stateOf(statuses, 'en-fr.glossary.tsv'), 'in-sync');
    assert.equal((ext.sync.decorations.provideFileDecoration(deFile) as vscode.FileDecoration).badge, '↑');
  });

  step('a change on the service → "remote changes"; both → "both changed"', async () => {
    remote('en-fr')!.entries.push(['disk', 'disque']);
    remote('en-de')!.entries[0] = ['cloud', 'Nebel'];
    remote('en-de')!.entries.push(['mouse', 'Maus']);
    const statuses = await ext.actions.refreshSync();
    assert.equal(stateOf(statuses, 'en-fr.glossary.tsv'), 'remote-changes');
    assert.equal(stateOf(statuses, 'en-de.glossary.tsv'), 'both-changed');
    assert.equal((ext.sync.decorations.provideFileDecoration(frFile) as vscode.FileDecoration).badge, '↓');
    assert.equal((ext.sync.decorations.provideFileDecoration(deFile) as vscode.FileDecoration).badge, '⇅');
  });

  step('Pull All: the remote change is written; both changed merges three-way with a conflict block, flagged in the editor', async () => {
    const progress: string[] = [];
    const summary = await ext.actions.pullAll({ onProgress: (done, total) => progress.push(`${done}/${total}`) });
    assert.deepEqual(progress.sort(), ['1/2', '2/2']);
    assert.equal(summary.pulled.length, 2);
    assert.equal(summary.conflicts, 1);
    assert.equal(await read(frFile), 'cloud\tnuage\nserver\tserveur\ndisk\tdisque\n');
    const de = await read(deFile);
    assert.equal(de, '<<<<<<< yours\ncloud\tWolke!\n=======\ncloud\tNebel\n>>>>>>> remote\nserver\tServer\ndisk\tPlatte\nmouse\tMaus\n');
    const ds = await diagnosticsWhere(deFile, (d) => d.some((x) => codeOf(x) === 'merge-conflict'), 'the conflict block flagged');
    assert.ok(ds.some((d) => d.severity === vscode.DiagnosticSeverity.Error));
    const statuses = await ext.actions.refreshSync();
    assert.equal(stateOf(statuses, 'en-fr.glossary.tsv'), 'in-sync');
    assert.equal(stateOf(statuses, 'en-de.glossary.tsv'), 'local-changes', 'the merge result differs from the service until pushed');
  });

  step('Push All refuses the file with errors and pushes the rest (each exactly once)', async () => {
    await write(frFile, 'cloud\tnuage\nserver\tserveur\ndisk\tdisque\nmouse\tsouris\n');
    const plan = await ext.actions.planPush();
    assert.deepEqual(plan.blocked.map((b) => [b.uri.path.split('/').pop(), b.errors]), [['en-de.glossary.tsv', 1]]);
    assert.deepEqual(plan.ready.map((u) => u.path.split('/').pop()), ['en-fr.glossary.tsv']);
    const deBefore = JSON.stringify(remote('en-de')!.entries);
    const puts = () => service().requests.filter((r) => r.method === 'PUT').length;
    const p0 = puts();
    // The action itself never pushes a file with errors, whatever it is asked.
    const summary = await ext.actions.pushAll();
    assert.deepEqual(summary.pushed.map((u) => u.path.split('/').pop()), ['en-fr.glossary.tsv']);
    assert.deepEqual(summary.blocked.map((b) => b.uri.path.split('/').pop()), ['en-de.glossary.tsv']);
    assert.equal(puts() - p0, 1);
    assert.deepEqual(remote('en-fr')!.entries.at(-1), ['mouse', 'souris']);
    assert.equal(JSON.stringify(remote('en-de')!.entries), deBefore, 'the blocked dictionary is untouched');
    assert.equal(stateOf(await ext.actions.refreshSync(), 'en-fr.glossary.tsv'), 'in-sync');
  });

  step('a push never overwrites a remote change made since the last sync (Pull first)', async () => {
    await write(deFile, 'cloud\tWolke!\nserver\tServer\ndisk\tPlatte\nmouse\tMaus\n');
    remote('en-de')!.entries[1] = ['server', 'Rechner']; // same count: the listing cannot tell, the push's check can
    const summary = await ext.actions.pushAll({ uris: [deFile] });
    assert.deepEqual(summary.pushed, []);
    assert.match(summary.skipped[0]?.reason ?? '', /Pull first/);
    assert.deepEqual(remote('en-de')!.entries[1], ['server', 'Rechner']);
    // Pull takes their change (the file did not touch that entry), then the push goes through.
    const pulled = await ext.actions.pullAll({ uris: [deFile] });
    assert.equal(pulled.conflicts, 0);
    assert.equal(await read(deFile), 'cloud\tWolke!\nserver\tRechner\ndisk\tPlatte\nmouse\tMaus\n');
    assert.deepEqual((await ext.actions.pushAll({ uris: [deFile] })).pushed.length, 1);
    assert.deepEqual(remote('en-de')!.entries[0], ['cloud', 'Wolke!']);
  });

  step('a push from the remote editor shows in the sync status by itself: the linked file is behind', async () => {
    assert.equal(stateOf(await ext.actions.refreshSync(), 'en-de.glossary.tsv'), 'in-sync');
    const uri = vscode.Uri.from({ scheme: 'terminology', authority: 'glossaries', path: `/${GLOSSARY.name}/en-de.glossary.tsv`, query: `id=${GLOSSARY.glossaryId}` });
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(uri, doc.positionAt(doc.getText().length), `${doc.getText().endsWith('\n') ? '' : '\n'}printer\tDrucker\n`);
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(await doc.save(), 'saved = pushed');
    assert.ok(remote('en-de')!.entries.some(([s, t]) => s === 'printer' && t === 'Drucker'));
    // No refresh asked for: the push itself refreshes the status (within its 300 ms debounce and the listing).
    const deadline = Date.now() + 5000;
    while (stateOf(ext.sync.model.statuses, 'en-de.glossary.tsv') !== 'remote-changes' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.equal(stateOf(ext.sync.model.statuses, 'en-de.glossary.tsv'), 'remote-changes');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Back in sync for the steps after: the file takes the service's version.
    assert.equal((await ext.actions.pullAll({ uris: [deFile] })).pulled.length, 1);
    assert.equal(stateOf(await ext.actions.refreshSync(), 'en-de.glossary.tsv'), 'in-sync');
  });

  step('the manifest gets diagnostics for a missing file and a refused pair; a linked file with another name is linted with its pair', async () => {
    await write(vscode.Uri.joinPath(folder(), 'extra.csv'), 'cloud,Wolke,en,fr\n');
    await ext.actions.linkFile(vscode.Uri.joinPath(folder(), 'extra.csv'), { area: 'glossaries', name: 'Sync new glossary', sourceLang: 'en', targetLang: 'de' });
    const text = await read(manifestUri());
    // Thai is refused by the rules; "qq" by the service's language list (the schema accepts both).
    const withProblems = text.replace('"en-de": "extra.csv"', '"en-de": "extra.csv",\n        "en-th": "missing.tsv",\n        "en-qq": "qq.tsv"');
    assert.notEqual(withProblems, text);
    await write(manifestUri(), withProblems);
    const ds = await diagnosticsWhere(manifestUri(), (d) => d.length >= 4, 'manifest diagnostics');
    assert.deepEqual(ds.map((d) => codeOf(d)).sort(), ['missing-file', 'missing-file', 'unsupported-language', 'unsupported-language']);
    const doc = await vscode.workspace.openTextDocument(manifestUri());
    assert.deepEqual(ds.map((d) => `${codeOf(d)} ${doc.getText(d.range)}`).sort(), [
      'missing-file "missing.tsv"', 'missing-file "qq.tsv"', 'unsupported-language "en-qq"', 'unsupported-language "en-th"',
    ]);
    assert.match(ds.find((d) => doc.getText(d.range) === '"en-qq"')!.message, /QQ is not a glossary language of the service/);
    // extra.csv matches no glossary pattern, but it is linked as EN → DE: its CSV language columns are checked.
    await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder(), 'extra.csv'));
    const extra = await diagnosticsWhere(vscode.Uri.joinPath(folder(), 'extra.csv'), (d) => d.some((x) => codeOf(x) === 'language-mismatch'), 'language-mismatch on the linked CSV');
    assert.equal(extra.length, 1);
    // Fix All works there too (the file is a dictionary because it is linked, not because of its name).
    const extraUri = vscode.Uri.joinPath(folder(), 'extra.csv');
    const extraDoc = await vscode.workspace.openTextDocument(extraUri);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(extraUri, extraDoc.positionAt(extraDoc.getText().length), ' disk,Platte\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    await diagnosticsWhere(extraUri, (d) => d.some((x) => codeOf(x) === 'surrounding-whitespace'), 'surrounding-whitespace on the linked CSV');
    assert.equal(await vscode.commands.executeCommand('terminology.fixAll', extraUri), 1);
    assert.equal(extraDoc.getText(), 'cloud,Wolke,en,fr\ndisk,Platte\n');
    await extraDoc.save();
    const statuses = await ext.actions.refreshSync();
    assert.equal(stateOf(statuses, 'extra.csv'), 'not-pushed');
    await write(manifestUri(), text);
  });

  step('Push All creates a glossary the manifest names but the service lacks, and writes its id; Unlink removes the link', async () => {
    await write(vscode.Uri.joinPath(folder(), 'extra.csv'), 'cloud,Wolke\nserver,Server,en,de\n');
    const labels = async () => Promise.all(((await ext.glossaries.getChildren()) ?? []).map(async (n) => {
      const item = await ext.glossaries.getTreeItem(n);
      return String(typeof item.label === 'object' ? item.label.label : item.label);
    }));
    assert.ok(!(await labels()).includes('Sync new glossary'), 'the Glossaries view loaded before');
    const summary = await ext.actions.pushAll({ uris: [vscode.Uri.joinPath(folder(), 'extra.csv')] });
    assert.equal(summary.pushed.length, 1);
    assert.ok((await labels()).includes('Sync new glossary'), 'the Glossaries view shows the glossary Push All created');
    const created = account().glossaries.find((g) => g.name === 'Sync new glossary');
    assert.ok(created);
    assert.deepEqual(created.dictionaries[0].entries, [['cloud', 'Wolke'], ['server', 'Server']]);
    const manifest = JSON.parse(await read(manifestUri())) as { glossaries: Array<{ name: string; id?: string }> };
    assert.equal(manifest.glossaries.find((g) => g.name === 'Sync new glossary')?.id, created.glossary_id);
    assert.equal(stateOf(await ext.actions.refreshSync(), 'extra.csv'), 'in-sync');
    // Deleted by someone: "remote missing". The glossary itself is gone, as when the key set is another account's:
    // the warning says the key does not find it (not that it was deleted), and offers Set API Key first.
    account().glossaries = account().glossaries.filter((g) => g !== created);
    const warned: string[] = [];
    const missing = await withStubbedWindow({ showWarningMessage: recordingMessages(warned) }, () => ext.actions.refreshSync());
    assert.equal(stateOf(missing, 'extra.csv'), 'remote-missing');
    assert.equal(missing.find((s) => s.uri.path.endsWith('/extra.csv'))?.remote?.container, false);
    assert.deepEqual(warned.map((w) => w.replace(/^\S*extra\.csv /, 'extra.csv ')), [
      'extra.csv is linked to a glossary or collection that the API key set now does not find: it was deleted on the service, or the key is another account\'s. | Set API Key | Recreate on Service | Unlink',
    ]);
    // Recreate asks first, saying what it does under the account of the key set now; cancelled, nothing is created.
    const asked: Array<{ message: string; detail?: string }> = [];
    const ask = ((message: string, options?: vscode.MessageOptions) => {
      asked.push({ message, detail: options?.detail });
      return Promise.resolve(undefined);
    }) as typeof vscode.window.showWarningMessage;
    await withStubbedWindow({ showWarningMessage: ask }, async () => { await vscode.commands.executeCommand('terminology.sync.recreate', vscode.Uri.joinPath(folder(), 'extra.csv')); });
    assert.equal(asked.length, 1);
    assert.equal(asked[0].message, 'Create extra.csv again on the service from the file?');
    assert.match(asked[0].detail ?? '', /does not find its glossary or collection\. If it is another account's, cancel and set that account's key/);
    assert.ok(!account().glossaries.some((g) => g.name === 'Sync new glossary'), 'cancelled: nothing created');
    await ext.actions.unlinkFile(vscode.Uri.joinPath(folder(), 'extra.csv'));
    assert.equal(stateOf(await ext.actions.refreshSync(), 'extra.csv'), undefined);
    assert.equal(ext.sync.decorations.provideFileDecoration(vscode.Uri.joinPath(folder(), 'extra.csv')), undefined);
  });

  step('a file linked to a dictionary it differs from: "both changed", never synced, said so; Push All asks for a Pull, which merges', async () => {
    const other = { glossaryId: '5f7c0000-0000-4000-8000-000000000016', name: 'Sync linked later' };
    seedGlossary(other, { 'en-de': [['cloud', 'Wolke'], ['keyboard', 'Tastatur']] });
    const manifestText = await read(manifestUri());
    const file = vscode.Uri.joinPath(folder(), 'later.glossary.tsv');
    await write(file, 'cloud\tWolke\nprinter\tDrucker\n');
    try {
      await ext.actions.linkFile(file, { area: 'glossaries', id: other.glossaryId, name: other.name, sourceLang: 'en', targetLang: 'de' });
      const s = (await ext.actions.refreshSync()).find((x) => x.uri.path.endsWith('/later.glossary.tsv'));
      assert.equal(s?.state, 'both-changed');
      assert.match(s?.detail ?? '', /^Never synced: the file and the service hold different entries\. Pull merges the two/);
      const summary = await ext.actions.pushAll({ uris: [file] });
      assert.deepEqual(summary.skipped.map((x) => x.reason), ['never synced, and the file and the service hold different entries: Pull first, which merges the two']);
      assert.deepEqual(account().glossaries.find((g) => g.glossary_id === other.glossaryId)?.dictionaries[0].entries, [['cloud', 'Wolke'], ['keyboard', 'Tastatur']], 'nothing pushed');
      await ext.actions.pullAll({ uris: [file] });
      assert.match(await read(file), /printer\tDrucker/);
      assert.match(await read(file), /keyboard\tTastatur/);
      assert.equal((await ext.actions.pushAll({ uris: [file] })).pushed.length, 1, 'pushed after the Pull');
    } finally {
      await ext.actions.unlinkFile(file).catch(() => undefined);
      await vscode.workspace.fs.delete(file).then(undefined, () => undefined);
      await write(manifestUri(), manifestText);
      account().glossaries = account().glossaries.filter((g) => g.glossary_id !== other.glossaryId);
    }
  });

  step('a spreadsheet whose first row names the pair\'s languages (a header) is not linked: a sync would push the row as an entry', async () => {
    const manifestText = await read(manifestUri());
    const file = vscode.Uri.joinPath(folder(), 'from-another-tool.csv');
    await write(file, 'English,Deutsch\ncloud,Wolke\nprinter,Drucker\n');
    try {
      await assert.rejects(ext.actions.linkFile(file, { area: 'glossaries', name: 'Sync header sheet', sourceLang: 'en', targetLang: 'de' }),
        (err: Error) => err.message === 'from-another-tool.csv starts with a header row ("English", "Deutsch"): a linked file holds entries only, as the dictionary does, and a sync would push that row as an entry. Remove the row and link the file again, or bring the file in with Import into Glossary…, which reads headers.');
      assert.equal(await read(manifestUri()), manifestText, 'the manifest is unchanged');
      // Without the header, it links.
      await write(file, 'cloud,Wolke\nprinter,Drucker\n');
      await ext.actions.linkFile(file, { area: 'glossaries', name: 'Sync header sheet', sourceLang: 'en', targetLang: 'de' });
      assert.match(await read(manifestUri()), /from-another-tool\.csv/);
    } finally {
      await ext.actions.unlinkFile(file).catch(() => undefined);
      await vscode.workspace.fs.delete(file).then(undefined, () => undefined);
      await write(manifestUri(), manifestText);
    }
  });

  step('Push All counts only what it would push: a file in sync whose entries the rules refuse blocks nothing', async () => {
    // The service holds an entry the rules refuse (a target with a space after it), and the file is the same.
    const held = { glossaryId: '5f7c0000-0000-4000-8000-000000000018', name: 'Sync held as is' };
    seedGlossary(held, { 'en-de': [['cloud', 'Wolke '], ['mouse', 'Maus']] });
    const manifestText = await read(manifestUri());
    const file = vscode.Uri.joinPath(folder(), 'held.glossary.tsv');
    await write(file, 'cloud\tWolke \nmouse\tMaus\n');
    try {
      await ext.actions.linkFile(file, { area: 'glossaries', id: held.glossaryId, name: held.name, sourceLang: 'en', targetLang: 'de' });
      assert.equal(stateOf(await ext.actions.refreshSync(), 'held.glossary.tsv'), 'in-sync');
      const plan = await ext.actions.planPush({ uris: [file] });
      assert.deepEqual({ ready: plan.ready.length, blocked: plan.blocked.length }, { ready: 0, blocked: 0 }, 'nothing to push, nothing blocked');
      // Changed here, its errors block it.
      await write(file, 'cloud\tWolke \nmouse\tMaus\nkey\tTaste\n');
      await ext.actions.refreshSync();
      assert.deepEqual((await ext.actions.planPush({ uris: [file] })).blocked.map((b) => b.errors), [1]);
    } finally {
      await ext.actions.unlinkFile(file);
      await write(manifestUri(), manifestText);
      await vscode.workspace.fs.delete(file);
      account().glossaries = account().glossaries.filter((g) => g.glossary_id !== held.glossaryId);
      await ext.actions.refreshSync();
    }
  });

  step('a manifest id this key does not see, beside a glossary of that name: said, never rewritten, neither pulled nor pushed', async () => {
    // The team's manifest names its glossary by id; this key sees only a same-named copy (another account's).
    const copy = { glossaryId: '5f7c0000-0000-4000-8000-000000000017', name: 'Sync team glossary' };
    seedGlossary(copy, { 'en-de': [['cloud', 'Datenwolke'], ['mouse', 'Maus']] });
    const manifestText = await read(manifestUri());
    const file = vscode.Uri.joinPath(folder(), 'team.glossary.tsv');
    await write(file, 'cloud\tWolke\nprinter\tDrucker\n');
    const teamId = '5f7c0000-0000-4000-8000-0000000000ff';
    const m = JSON.parse(manifestText) as { glossaries: unknown[] };
    m.glossaries.push({ name: copy.name, id: teamId, dictionaries: { 'en-de': 'team.glossary.tsv', 'en-fr': 'team-fr.glossary.tsv' } });
    const frTeam = vscode.Uri.joinPath(folder(), 'team-fr.glossary.tsv');
    await write(frTeam, 'cloud\tnuage\n');
    const withTeam = JSON.stringify(m, null, 2) + '\n';
    await write(manifestUri(), withTeam);
    try {
      const s = (await ext.actions.refreshSync()).find((x) => x.uri.path.endsWith('/team.glossary.tsv'));
      assert.equal(s?.state, 'unknown');
      assert.equal(s?.detail, `The manifest's id "${teamId}" of "${copy.name}" is not a glossary this API key sees; the glossary of that name here is "${copy.glossaryId}" (another account's copy?). If it is the same glossary, put that id in the manifest; until then this file is neither pulled nor pushed.`);
      // The view says it on the glossary's row and on each file's, not just "status unknown".
      const owner = ext.sync.tree.getChildren().find((o) => 'name' in o && o.name === copy.name)!;
      const ownerItem = ext.sync.tree.getTreeItem(owner);
      assert.equal(ownerItem.description, 'manifest id not seen by this key');
      assert.equal(ownerItem.tooltip, s.detail);
      assert.deepEqual(ext.sync.tree.getChildren(owner).map((n) => ext.sync.tree.getTreeItem(n).description), ['EN → DE · manifest id not seen by this key', 'EN → FR · manifest id not seen by this key']);
      const reason = `the manifest's id "${teamId}" of "${copy.name}" is not a glossary this API key sees (the glossary of that name here is "${copy.glossaryId}", another account's copy?): put that id in the manifest if it is the same glossary`;
      const pulled = await ext.actions.pullAll({ uris: [file] });
      assert.deepEqual(pulled.skipped.map((x) => x.reason), [reason]);
      // Push All does not count it among the files it would push, and leaves it alone for that reason.
      const plan = await ext.actions.planPush();
      assert.ok(!plan.ready.concat(plan.blocked.map((b) => b.uri)).some((u) => u.path.endsWith('/team.glossary.tsv')), 'not counted as a file to push');
      const pushed = await ext.actions.pushAll({ uris: [file] });
      assert.deepEqual(pushed.skipped.map((x) => x.reason), [reason]);
      await assert.rejects(ext.actions.compareLinked(file), (err: Error) => err.message === s.detail, 'Compare says why, not "not pushed yet"');
      // Pull All from the view: the glossary's files named together, the reason said once.
      const said: string[] = [];
      await withStubbedWindow({ showWarningMessage: recordingMessages(said), showInformationMessage: recordingMessages(said) }, async () => { await vscode.commands.executeCommand('terminology.sync.pullAll'); });
      const left = said.find((m) => m.includes('left alone')) ?? '';
      assert.ok(left.includes(`team.glossary.tsv, team-fr.glossary.tsv left alone: ${reason}`), said.join(' || '));
      assert.equal(left.split(reason).length, 2, 'the reason once');
      assert.ok(!left.includes('..'), left);
      assert.equal(await read(file), 'cloud\tWolke\nprinter\tDrucker\n', 'nothing of the copy merged into the file');
      assert.equal(await read(manifestUri()), withTeam, 'the shared manifest keeps the team\'s id');
      assert.deepEqual(account().glossaries.find((g) => g.glossary_id === copy.glossaryId)?.dictionaries[0].entries, [['cloud', 'Datenwolke'], ['mouse', 'Maus']], 'nothing pushed to the copy');
      // Once the user puts the copy's id in the manifest (it is the same glossary after all), it syncs as any link.
      await write(manifestUri(), withTeam.replace(teamId, copy.glossaryId));
      const linked = (await ext.actions.refreshSync()).find((x) => x.uri.path.endsWith('/team.glossary.tsv'));
      assert.equal(linked?.state, 'both-changed');
    } finally {
      await write(manifestUri(), manifestText);
      await vscode.workspace.fs.delete(file);
      await vscode.workspace.fs.delete(frTeam);
      account().glossaries = account().glossaries.filter((g) => g.glossary_id !== copy.glossaryId);
      await ext.actions.refreshSync();
    }
  });

  step('completion in the manifest: the workspace\'s files for a path, the service\'s language pairs for a key', async () => {
    const doc = await vscode.workspace.openTextDocument(manifestUri());
    const text = doc.getText();
    const inPath = doc.positionAt(text.indexOf('"glossaries/sync/en-de.glossary.tsv"') + 2);
    const paths = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, inPath);
    const labels = paths.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(labels.includes('glossaries/sync/en-fr.glossary.tsv'), labels.slice(0, 20).join(', '));
    const inKey = doc.positionAt(text.indexOf('"en-fr"') + 2);
    const keys = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, inKey);
    const pair = keys.items.find((i) => i.label === 'en-ja');
    assert.ok(pair, 'en-ja offered as a key');
    assert.equal(pair.detail, 'English → Japanese');
    assert.ok(!keys.items.some((i) => i.label === 'en-th' || i.label === 'en-en'), 'no refused pair is offered');
  });

  step('Pull All can be cancelled: what is in flight stops, nothing is written, nothing counts as failed', async () => {
    remote('en-fr')!.entries.push(['keyboard', 'clavier']);
    const before = await read(frFile);
    service().injectFault({ path: '/entries', latencyMs: 1500, count: Infinity });
    try {
      const ac = new AbortController();
      const running = ext.actions.pullAll({ signal: ac.signal });
      await new Promise((r) => setTimeout(r, 500)); // the listing is done, the entries are on their way
      ac.abort();
      const summary = await running;
      assert.equal(summary.cancelled, true);
      assert.deepEqual([summary.pulled.length, summary.failed.length], [0, 0]);
      assert.equal(await read(frFile), before);
    } finally { service().clearFaults(); }
    const done = await ext.actions.pullAll({ uris: [frFile] });
    assert.equal(done.pulled.length, 1);
    assert.match(await read(frFile), /keyboard\tclavier\n$/);
  });

  step('Compare with Remote opens a diff of the service\'s version and the file', async () => {
    const left = await ext.actions.compareLinked(frFile);
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    assert.ok(tab instanceof vscode.TabInputTextDiff);
    assert.equal(tab.original.toString(), left.toString());
    assert.equal(tab.modified.toString(), frFile.toString());
    assert.equal((await vscode.workspace.openTextDocument(left)).getText(), 'cloud\tnuage\nserver\tserveur\ndisk\tdisque\nmouse\tsouris\nkeyboard\tclavier\n');
  });

  step('Link File to Dictionary… (the command) says the new link\'s state in the words of the state table', async () => {
    const file = vscode.Uri.joinPath(folder(), 'en-it.glossary.tsv');
    await write(file, 'cloud\tnuvola\n');
    const bar: string[] = [];
    type Item = vscode.QuickPickItem & { create?: string };
    const showQuickPick = async (items: readonly Item[] | Thenable<readonly Item[]>) => {
      const all = await items;
      return all.find((i) => i.create === 'glossary') ?? all[0]; // a new glossary, then the pair from the file name
    };
    try {
      await withStubbedWindow({
        showQuickPick: showQuickPick as unknown as typeof vscode.window.showQuickPick,
        showInputBox: async () => 'Sync link words',
        setStatusBarMessage: ((text: string) => { bar.push(text); return new vscode.Disposable(() => undefined); }) as typeof vscode.window.setStatusBarMessage,
      }, () => Promise.resolve(vscode.commands.executeCommand('terminology.sync.link', file)));
      assert.deepEqual(bar, ['$(link) Linked en-it.glossary.tsv (not pushed yet)']);
    } finally {
      await ext.actions.unlinkFile(file);
      await vscode.workspace.fs.delete(file);
    }
  });

  step('while the view is visible, a remote change shows by itself, with listing calls only', async () => {
    await vscode.commands.executeCommand('terminology.sync.focus');
    await waitUntil(() => stateOf(ext.sync.model.statuses, 'en-fr.glossary.tsv') === 'in-sync' || stateOf(ext.sync.model.statuses, 'en-fr.glossary.tsv') === 'local-changes');
    await ext.actions.refreshSync();
    const before = stateOf(ext.sync.model.statuses, 'en-fr.glossary.tsv');
    assert.equal(before, 'in-sync', 'in sync after the earlier steps');
    // Quiet first: what earlier steps set going (a refresh 300 ms after a file was deleted) has ended.
    for (let n = -1; n !== service().requests.length;) { n = service().requests.length; await new Promise((r) => setTimeout(r, 600)); }
    const start = service().requests.length;
    remote('en-fr')!.entries.push(['printer', 'imprimante']); // a colleague adds an entry
    try {
      ext.sync.poll.intervalMs = 250;
      await waitUntil(() => stateOf(ext.sync.model.statuses, 'en-fr.glossary.tsv') === 'remote-changes', 5000);
      await new Promise((r) => setTimeout(r, 1000));
      const all = service().requests.slice(start).map((r) => `${r.method} ${r.path}`);
      const calls = all.map((c) => c.split('?')[0]);
      assert.ok(calls.every((c) => c === 'GET /v3/glossaries'), `listing calls only: ${all.join(', ')}`);
      assert.ok(calls.length <= 8, `bounded by the interval: ${calls.length} calls in about 1.5 s`);
    } finally {
      ext.sync.poll.intervalMs = 60_000;
      remote('en-fr')!.entries.pop();
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
    }
  });

  step('a status that cannot be known says "unknown" on the glossary\'s row too, never "not in sync"', async () => {
    service().injectFault({ count: 100, status: 503, path: 'glossaries' });
    try {
      const statuses = await ext.actions.refreshSync();
      assert.ok(statuses.every((x) => x.state === 'unknown'), statuses.map((x) => x.state).join());
      const owners = ext.sync.tree.getChildren();
      const owner = owners.find((o) => 'name' in o && o.name === GLOSSARY.name)!;
      assert.equal(ext.sync.tree.getTreeItem(owner).description, 'status unknown');
      const rows = ext.sync.tree.getChildren(owner).map((n) => String(ext.sync.tree.getTreeItem(n).description));
      assert.ok(rows.every((d) => d.endsWith('· status unknown')), rows.join(' | '));
    } finally {
      service().clearFaults();
      await ext.actions.refreshSync();
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
