import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import type { Account, Glossary } from '../emulator/state';
import { api, nextLoad, PAID_KEY, service } from './service';
import { recordingMessages, withStubbedWindow } from './stubWindow';

const account = (): Account => service().state.accounts[PAID_KEY];
const byPair = (g: Glossary) => Object.fromEntries(g.dictionaries.map((d) => [`${d.source_lang}-${d.target_lang}`, [...d.entries].sort()]));

const TBX = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE martif SYSTEM "TBXcoreStructV02.dtd">
<martif type="TBX-Basic" xml:lang="en">
  <martifHeader><fileDesc><titleStmt><title>Imported term base</title></titleStmt></fileDesc></martifHeader>
  <text><body>
    <termEntry id="1">
      <langSet xml:lang="en"><tig><term>cloud</term></tig></langSet>
      <langSet xml:lang="de"><tig><term>Wolke</term><termNote type="administrativeStatus">preferredTerm-admn-sts</termNote></tig>
        <tig><term>Cloud</term><termNote type="administrativeStatus">deprecatedTerm-admn-sts</termNote></tig></langSet>
      <langSet xml:lang="fr"><tig><term>nuage</term></tig></langSet>
    </termEntry>
    <termEntry id="2">
      <langSet xml:lang="en"><tig><term>R&amp;D</term></tig></langSet>
      <langSet xml:lang="de"><tig><term>F&amp;E</term></tig></langSet>
    </termEntry>
    <termEntry id="3">
      <langSet xml:lang="en"><tig><term>legacy</term></tig></langSet>
      <langSet xml:lang="fr"><tig><term>héritage</term><termNote type="administrativeStatus">forbidden</termNote></tig></langSet>
    </termEntry>
  </body></text>
</martif>
`;

describe('import and export', () => {
  let ext: TerminologyApi;
  let saved: Glossary[];
  let dir: string;

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    saved = structuredClone(account().glossaries);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'terminology-exchange-'));
  });

  after(async () => {
    service().clearFaults();
    account().glossaries = saved;
    fs.rmSync(dir, { recursive: true, force: true });
    await nextLoad(ext.glossaries, () => ext.glossaries.refresh());
  });

  it('import: a TBX file, previewed, becomes a new glossary (one call per dictionary), shown in the explorer', async () => {
    const uri = vscode.Uri.file(path.join(dir, 'terms.tbx'));
    fs.writeFileSync(uri.fsPath, TBX);
    const plan = await ext.actions.importPlan(uri, { sourceLang: 'en' });
    assert.equal(plan.title, 'Imported term base');
    const preview = await ext.actions.previewImport(plan, { mode: 'new' });
    assert.deepEqual(preview.map((p) => [p.sourceLang, p.targetLang, p.added, p.skippedTotal, p.skipped.forbidden ?? 0]), [['en', 'de', 2, 0, 0], ['en', 'fr', 1, 1, 1]]);
    assert.match(plan.choices.map((c) => c.message).join('\n'), /"Cloud" is deprecated/);
    const before = service().requests.length;
    const result = await ext.actions.runImport(plan, { mode: 'new', name: plan.title! });
    assert.equal(result.error, undefined);
    assert.deepEqual(result.sent, ['en-de', 'en-fr']);
    const writes = service().requests.slice(before).filter((r) => r.method !== 'GET');
    assert.deepEqual(writes.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/, 'ID')}`), ['POST /v3/glossaries', 'PUT /v3/glossaries/ID/dictionaries']);
    const made = account().glossaries.find((g) => g.glossary_id === result.glossaryId)!;
    assert.equal(made.name, 'Imported term base');
    assert.deepEqual(byPair(made), { 'en-de': [['R&D', 'F&E'], ['cloud', 'Wolke']], 'en-fr': [['cloud', 'nuage']] });
    assert.equal(await nextLoad(ext.glossaries, () => ext.glossaries.refresh()), 'ready');
    const labels = (await ext.glossaries.getChildren()).map((n) => n.treeItem().label);
    assert.ok(labels.includes('Imported term base'), String(labels));
  });

  it('import: the terms a TBX marks deprecated or forbidden are kept in the status sidecar next to the manifest, once', async () => {
    const uri = vscode.Uri.file(path.join(dir, 'statuses.tbx'));
    fs.writeFileSync(uri.fsPath, TBX);
    const plan = await ext.actions.importPlan(uri, { sourceLang: 'en' });
    const sidecar = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'terminology.statuses.json');
    await vscode.workspace.fs.delete(sidecar).then(undefined, () => undefined);
    try {
      const kept = await ext.actions.keepStatuses(plan, 'statuses.tbx');
      assert.equal(kept?.uri.toString(), sidecar.toString());
      const json = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(sidecar))) as { terms: Record<string, Array<{ term: string; status: string; from: string }>> };
      assert.deepEqual(Object.fromEntries(Object.entries(json.terms).map(([l, ts]) => [l, ts.map((t) => `${t.term} ${t.status} ${t.from}`)])),
        { de: ['Cloud deprecated statuses.tbx'], fr: ['héritage forbidden statuses.tbx'] });
      assert.equal((await ext.actions.keepStatuses(plan, 'again.tbx'))?.added, 0, 'a term kept already is not added twice');
    } finally {
      await vscode.workspace.fs.delete(sidecar).then(undefined, () => undefined);
    }
  });

  it('import: the service\'s CSV merged into an existing glossary: existing entries stay, changed ones change, a new pair is added; a partial failure says what was sent', async () => {
    const uri = vscode.Uri.file(path.join(dir, 'export.csv'));
    fs.writeFileSync(uri.fsPath, '\uFEFF"cloud","Datenwolke","EN","DE"\n"login","Anmeldung","EN","DE"\n"cloud","nube","EN","ES"\n');
    const product = saved.find((g) => g.name === 'Product terminology')!;
    const plan = await ext.actions.importPlan(uri);
    const preview = await ext.actions.previewImport(plan, { mode: 'merge', glossaryId: product.glossary_id });
    assert.deepEqual(preview.map((p) => [`${p.sourceLang}-${p.targetLang}`, p.exists, p.added, p.changed, p.removed, p.unchanged]),
      [['en-de', true, 1, 1, 0, 0], ['en-es', false, 1, 0, 0, 0]]);
    const replace = await ext.actions.previewImport(plan, { mode: 'replace', glossaryId: product.glossary_id });
    assert.equal(replace[0].removed, 4);

    // The second call is refused (400, not retried): the first pair is sent, and the result says which.
    service().injectFault({ count: 1, status: 400, method: 'PUT', path: 'dictionaries', body: JSON.stringify({ message: 'Invalid glossary entries provided' }) });
    const partial = await ext.actions.runImport(plan, { mode: 'merge', glossaryId: product.glossary_id });
    assert.deepEqual(partial.sent, ['en-de']);
    assert.deepEqual(partial.notSent.map((n) => n.pair), ['en-es']);
    assert.ok(partial.error);
    service().clearFaults();

    const result = await ext.actions.runImport(plan, { mode: 'merge', glossaryId: product.glossary_id });
    assert.equal(result.error, undefined);
    const g = account().glossaries.find((x) => x.glossary_id === product.glossary_id)!;
    const de = Object.fromEntries(g.dictionaries.find((d) => d.target_lang === 'de' && d.source_lang === 'en')!.entries);
    assert.equal(de.cloud, 'Datenwolke');
    assert.equal(de.login, 'Anmeldung');
    assert.equal(de.invoice, 'Rechnung');
    assert.deepEqual(g.dictionaries.find((d) => d.target_lang === 'es')!.entries, [['cloud', 'nube']]);
    assert.equal(g.dictionaries.length, 5);
  });

  it('export: TBX v3, TBX v2, CSV and TSV per pair of a glossary, streamed to files, read back to the same dictionaries', async () => {
    const product = account().glossaries.find((g) => g.name === 'Product terminology')!;
    const want = byPair(product);
    const enOnly = Object.fromEntries(Object.entries(want).filter(([k]) => k.startsWith('en-')));
    for (const format of ['tbx3', 'tbx2'] as const) {
      const target = vscode.Uri.file(path.join(dir, `product.${format}.tbx`));
      const files = await ext.actions.exportGlossary({ glossaryId: product.glossary_id, format, target });
      assert.deepEqual(files.map((f) => f.fsPath), [target.fsPath]);
      const text = fs.readFileSync(target.fsPath, 'utf8');
      assert.match(text, format === 'tbx3' ? /<tbx [^>]*type="TBX-Basic"/ : /<martif type="TBX-Basic"/);
      assert.match(text, /<title>Product terminology<\/title>/);
      const plan = await ext.actions.importPlan(target, { sourceLang: 'en' });
      assert.deepEqual(Object.fromEntries(plan.pairs.map((p) => [`${p.sourceLang}-${p.targetLang}`, p.entries.map((e) => [e.source, e.target]).sort()])), enOnly);
    }
    const csv = vscode.Uri.file(path.join(dir, 'product.csv'));
    await ext.actions.exportGlossary({ glossaryId: product.glossary_id, format: 'csv', target: csv });
    const plan = await ext.actions.importPlan(csv);
    assert.deepEqual(Object.fromEntries(plan.pairs.map((p) => [`${p.sourceLang}-${p.targetLang}`, p.entries.map((e) => [e.source, e.target]).sort()])), want);
    const folder = vscode.Uri.file(path.join(dir, 'tsv'));
    fs.mkdirSync(folder.fsPath);
    const files = await ext.actions.exportGlossary({ glossaryId: product.glossary_id, format: 'tsv', target: folder, pairs: ['en-ja', 'de-en'] });
    assert.deepEqual(files.map((f) => path.basename(f.fsPath)).sort(), ['Product terminology.de-en.glossary.tsv', 'Product terminology.en-ja.glossary.tsv']);
    assert.equal(fs.readFileSync(files.find((f) => f.fsPath.includes('en-ja'))!.fsPath, 'utf8'), want['en-ja'].length ? product.dictionaries.find((d) => d.target_lang === 'ja')!.entries.map(([s, t]) => `${s}\t${t}\n`).join('') : '');
    assert.deepEqual(fs.readdirSync(dir).filter((f) => f.endsWith('.part')), []);
  });

  it('export: a failing service leaves no file behind', async () => {
    const product = account().glossaries.find((g) => g.name === 'Product terminology')!;
    const target = vscode.Uri.file(path.join(dir, 'failed.tbx'));
    service().injectFault({ count: 1, status: 404, path: 'entries' });
    await assert.rejects(ext.actions.exportGlossary({ glossaryId: product.glossary_id, format: 'tbx3', target }));
    service().clearFaults();
    assert.equal(fs.existsSync(target.fsPath), false);
    assert.deepEqual(fs.readdirSync(dir).filter((f) => f.includes('failed')), []);
  });

  it('import into a new glossary on the free plan, which allows one: the refusal says what to do instead', async () => {
    const FREE = 'integration-free-key:fx';
    const uri = vscode.Uri.file(path.join(dir, 'free.csv'));
    fs.writeFileSync(uri.fsPath, 'cloud,Wolke,EN,DE\n');
    try {
      assert.ok(await ext.actions.setApiKey(FREE));
      const plan = await ext.actions.importPlan(uri);
      const first = await ext.actions.runImport(plan, { mode: 'new', name: 'Free one' });
      assert.equal(first.error, undefined);
      const second = await ext.actions.runImport(plan, { mode: 'new', name: 'Free two' });
      assert.deepEqual(second.sent, []);
      assert.match(String((second.error as Error).message), /free plan allows a single glossary: import into the existing one/);
      assert.deepEqual(service().state.accounts[FREE].glossaries.map((g) => g.name), ['Free one']);
    } finally {
      service().state.accounts[FREE].glossaries = [];
      assert.ok(await ext.actions.setApiKey(PAID_KEY));
    }
  });

  it('a translation file picked under "All files" is sent to the term check, not read as a term base', async () => {
    const file = path.join(dir, 'messages.de.po');
    fs.writeFileSync(file, 'msgid "cloud"\nmsgstr "Wolke"\n');
    const said: string[] = [];
    const before = JSON.stringify(account().glossaries);
    await withStubbedWindow({ showOpenDialog: async () => [vscode.Uri.file(file)], showInformationMessage: recordingMessages(said) },
      async () => { await vscode.commands.executeCommand('terminology.importGlossary'); });
    assert.deepEqual(said, ['messages.de.po is a translation file, not a term base: an import reads TBX, CSV, TSV or TXT. The term check holds translation files against your glossaries. | Check Terms in Workspace']);
    assert.equal(JSON.stringify(account().glossaries), before);
  });

  it('import and export commands are contributed to the palette, the glossaries view and the Explorer', async () => {
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('terminology.importGlossary'));
    assert.ok(commands.includes('terminology.exportGlossary'));
    const pkg = vscode.extensions.getExtension('terminology-studio.terminology-studio')!.packageJSON;
    const menus = pkg.contributes.menus;
    assert.ok(menus['explorer/context'].some((m: { command: string; when: string }) => m.command === 'terminology.importGlossary' && m.when.includes('tbx')));
    assert.ok(menus['view/item/context'].some((m: { command: string }) => m.command === 'terminology.exportGlossary'));
  });
});
