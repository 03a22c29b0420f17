import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import { api, PAID_KEY, service } from './service';
import { withStubbedWindow } from './stubWindow';

/** The diagnostics of `uri` once the style linter has published them for the current text. */
async function linted(ext: TerminologyApi, doc: vscode.TextDocument, change: () => Thenable<unknown>): Promise<vscode.Diagnostic[]> {
  const done = new Promise<void>((resolve) => { const sub = ext.styleRuleDocuments.lint.onDidLint((u) => { if (u.toString() === doc.uri.toString()) { sub.dispose(); resolve(); } }); });
  await change();
  await done;
  return vscode.languages.getDiagnostics(doc.uri).filter((d) => d.source === 'terminology');
}

async function replaceAll(doc: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
  assert.ok(await vscode.workspace.applyEdit(edit));
}

describe('editable style rule lists in VS Code', () => {
  let ext: TerminologyApi;
  let styleId: string;
  const remote = () => service().state.accounts[PAID_KEY].styleRules!.find((s) => s.style_id === styleId)!;

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
  });
  beforeEach(async () => {
    const list = await ext.actions.createStyleRules(`House style ${Date.now()}`, 'en');
    styleId = list.styleId;
    await ext.actions.renameStyleRules(styleId, `${list.name} (edited)`);
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await ext.actions.deleteStyleRules(styleId).catch(() => undefined);
  });

  it('New, Rename and Delete from the palette: their pickers and questions (loaded at first use) lead to the service', async () => {
    const lists = () => service().state.accounts[PAID_KEY].styleRules ?? [];
    const name = `Palette style ${Date.now()}`;
    const asked: string[] = [];
    // New: the name, then the language from a picker; the offer to edit it is left unanswered.
    await withStubbedWindow({
      showInputBox: async (o) => { asked.push(o?.title ?? ''); return name; },
      showQuickPick: (async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>, o?: vscode.QuickPickOptions) => {
        asked.push(o?.title ?? '');
        if (o?.title === 'Language the list applies to') asked.push(`typing a name finds it: ${o.matchOnDescription === true}`);
        const de = (await items).find((i) => i.label === 'DE');
        asked.push(`DE: ${de?.description}`);
        return de;
      }) as unknown as typeof vscode.window.showQuickPick,
      showInformationMessage: (async () => undefined) as typeof vscode.window.showInformationMessage,
    }, () => Promise.resolve(vscode.commands.executeCommand('terminology.styleRules.create')));
    const made = lists().find((l) => l.name === name);
    assert.ok(made, 'created on the service');
    assert.equal(made.language, 'de');
    assert.deepEqual(asked, ['Create Style Rule List', 'Language the list applies to', 'typing a name finds it: true', 'DE: German'], 'the languages are named beside their codes, and found by name');
    // The same name again: asked first (the service would take it); dismissed, nothing is created.
    const twice: string[] = [];
    await withStubbedWindow({
      showInputBox: async () => name.toUpperCase(),
      showWarningMessage: (async (m: string) => { twice.push(m); return undefined; }) as typeof vscode.window.showWarningMessage,
      showQuickPick: (async () => { twice.push('language asked'); return undefined; }) as unknown as typeof vscode.window.showQuickPick,
    }, () => Promise.resolve(vscode.commands.executeCommand('terminology.styleRules.create')));
    assert.deepEqual(twice, [`A style rule list named "${name.toUpperCase()}" exists already.`]);
    assert.equal(lists().filter((l) => l.name.toLowerCase() === name.toLowerCase()).length, 1, 'no second list of that name');
    // Rename: the list picked by name, then its new name.
    await withStubbedWindow({
      showQuickPick: (async (items: readonly (vscode.QuickPickItem & { l: { styleId: string } })[] | Thenable<readonly (vscode.QuickPickItem & { l: { styleId: string } })[]>) => (await items).find((i) => i.label === name)) as unknown as typeof vscode.window.showQuickPick,
      showInputBox: async () => `${name} renamed`,
    }, () => Promise.resolve(vscode.commands.executeCommand('terminology.styleRules.rename')));
    assert.equal(lists().find((l) => l.style_id === made.style_id)?.name, `${name} renamed`);
    // Delete: asked first; nothing is deleted when the question is dismissed, the list is when it is confirmed.
    const pick = (async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>) => (await items).find((i) => i.label === `${name} renamed`)) as unknown as typeof vscode.window.showQuickPick;
    const questions: string[] = [];
    await withStubbedWindow({ showQuickPick: pick, showWarningMessage: (async (m: string) => { questions.push(m); return undefined; }) as typeof vscode.window.showWarningMessage },
      () => Promise.resolve(vscode.commands.executeCommand('terminology.styleRules.delete')));
    assert.ok(lists().some((l) => l.style_id === made.style_id), 'kept when the question is dismissed');
    await withStubbedWindow({ showQuickPick: pick, showWarningMessage: (async (m: string, _o: unknown, ...b: string[]) => { questions.push(m); return b[0]; }) as typeof vscode.window.showWarningMessage },
      () => Promise.resolve(vscode.commands.executeCommand('terminology.styleRules.delete')));
    assert.ok(!lists().some((l) => l.style_id === made.style_id), 'deleted once confirmed');
    assert.deepEqual(questions, [`Delete the style rule list "${name} renamed"?`, `Delete the style rule list "${name} renamed"?`]);
  });

  it('an edit is pushed with one PUT for the rules and one create per new instruction, checked against the version it was opened from', async () => {
    assert.equal(remote().version, 2);
    const uri = await ext.actions.editStyleRules(styleId);
    const doc = await vscode.workspace.openTextDocument(uri);
    assert.equal(uri.authority, 'style-rules');
    assert.equal(uri.query, `id=${styleId}`);
    assert.match(uri.path, /^\/House style \d+ \(edited\)\.json$/);
    assert.deepEqual(JSON.parse(doc.getText()), { configured_rules: {}, custom_instructions: [] });
    assert.equal(doc.languageId, 'terminology-style-rules');
    assert.equal(vscode.workspace.getConfiguration('files', doc).get('autoSave'), 'off', 'auto-save, which could never push, is off for the list');
    const text = JSON.stringify({ configured_rules: { punctuation: { serial_comma: 'use', dash: 'use_em_dash' } }, custom_instructions: [{ label: 'Tone', prompt: 'Be brief.' }] }, null, 2) + '\n';
    await vscode.window.showTextDocument(doc);
    assert.equal(ext.documentStatus.text, undefined, 'nothing to say of a list as it was opened');
    assert.deepEqual(await linted(ext, doc, () => replaceAll(doc, text)), []);
    // Like a dictionary's, the status bar says the edits are not pushed until a save.
    assert.equal(ext.documentStatus.text, '$(circle-filled) not pushed');
    assert.deepEqual(await ext.actions.preflightStyleSave(uri), { outcome: 'push' });
    const before = service().requests.length;
    const pushed = new Promise<number>((resolve) => { const sub = ext.styleRuleDocuments.fs.onDidPush((e) => { sub.dispose(); resolve(e.list.version); }); });
    assert.ok(await doc.save());
    assert.equal(await pushed, 4);
    assert.equal(ext.documentStatus.text, undefined, 'pushed: nothing left to say');
    const writes = service().requests.slice(before).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path.replace(styleId, 'ID')} ${r.status}`);
    assert.deepEqual(writes, ['PUT /v3/style_rules/ID/configured_rules 200', 'POST /v3/style_rules/ID/custom_instructions 201']);
    assert.deepEqual(remote().configured_rules, { punctuation: { serial_comma: 'use', dash: 'use_em_dash' } });
    assert.equal(remote().version, 4);
    // The new instruction's id comes back into the (clean) document, so the next save updates it instead of adding another.
    const pushedAt = service().requests.length;
    await waitFor(() => doc.getText().includes('"id"'));
    // That re-read takes the list the push fetched last: it asks the service nothing (a request made after the save has
    // returned may land in whatever comes next, and a GET here would be the list's third after the push).
    const reads = service().requests.slice(pushedAt).filter((r) => r.path === `/v3/style_rules/${styleId}`);
    assert.deepEqual(reads.map((r) => `${r.method} ${r.status}`), [], 'the re-read after the push sends no request');
    assert.equal(JSON.parse(doc.getText()).custom_instructions[0].id, remote().custom_instructions![0].id);
    assert.ok(!doc.isDirty);
    const items = await ext.styleRules.items();
    assert.equal(items?.find((l) => l.styleId === styleId)?.version, 4, 'the tree shows the new version');
    // A change of layout only: nothing is sent, and the status bar says there was nothing to push.
    const said: string[] = [];
    const setStatusBarMessage = ((message: string) => { said.push(message); return new vscode.Disposable(() => undefined); }) as typeof vscode.window.setStatusBarMessage;
    await replaceAll(doc, `${JSON.stringify(JSON.parse(doc.getText()))}\n`);
    const sent = () => service().requests.filter((r) => r.method !== 'GET').length;
    const sentBefore = sent();
    await withStubbedWindow({ setStatusBarMessage }, async () => { assert.ok(await doc.save()); });
    assert.equal(sent(), sentBefore, 'nothing sent');
    assert.ok(said.some((m) => /^Nothing to push: the service holds "House style \d+ \(edited\)" as it is \(version 4\)$/.test(m)), said.join(' | '));
  });

  it('a list whose version moved since it was opened is not overwritten silently: the save is refused, then Overwrite pushes', async () => {
    const uri = await ext.actions.editStyleRules(styleId);
    const doc = await vscode.workspace.openTextDocument(uri);
    // A colleague changes the list meanwhile.
    remote().configured_rules = { numbers: { decimal_separator: 'use_period' } };
    remote().version++;
    const mine = { configured_rules: { punctuation: { apostrophe: 'use_curly_apostrophes' } }, custom_instructions: [] };
    await linted(ext, doc, () => replaceAll(doc, JSON.stringify(mine, null, 2)));
    const pre = await ext.actions.preflightStyleSave(uri);
    assert.equal(pre.outcome, 'conflict');
    const before = service().requests.length;
    assert.equal(await doc.save(), false, 'the save fails');
    assert.ok(doc.isDirty, 'the edits stay');
    assert.deepEqual(service().requests.slice(before).filter((r) => r.method !== 'GET'), [], 'nothing was sent');
    assert.deepEqual(remote().configured_rules, { numbers: { decimal_separator: 'use_period' } });
    await ext.actions.overwriteStyleRules(uri);
    assert.deepEqual(remote().configured_rules, mine.configured_rules);
    assert.equal(remote().version, 4);
    assert.ok(!doc.isDirty);
  });

  it('a colleague\'s rename alone is not a change of the rules: the save pushes without asking', async () => {
    // A helper's walk: a rename (which grows the version) gave "changed on the service (version 19, now 20)", and
    // Compare then showed only the user's own change.
    const uri = await ext.actions.editStyleRules(styleId);
    const doc = await vscode.workspace.openTextDocument(uri);
    remote().name = `${remote().name} renamed`;
    remote().version++;
    const mine = { configured_rules: { punctuation: { apostrophe: 'use_curly_apostrophes' } }, custom_instructions: [] };
    await linted(ext, doc, () => replaceAll(doc, JSON.stringify(mine, null, 2)));
    assert.deepEqual(await ext.actions.preflightStyleSave(uri), { outcome: 'push' });
    assert.equal(await doc.save(), true);
    assert.deepEqual(remote().configured_rules, mine.configured_rules);
    // A change of the rules with it is still one.
    remote().name = `${remote().name} again`;
    remote().configured_rules = { numbers: { decimal_separator: 'use_period' } };
    remote().version++;
    await linted(ext, doc, () => replaceAll(doc, JSON.stringify({ ...mine, configured_rules: { punctuation: { apostrophe: 'use_straight_apostrophes' } } }, null, 2)));
    assert.equal((await ext.actions.preflightStyleSave(uri)).outcome, 'conflict');
    assert.equal(await doc.save(), false);
  });

  it('an Overwrite that stops part way says so, not that nothing was pushed, and the view shows the version it left', async () => {
    // A newcomer's walk: the rules went through, the instruction's update was refused, and the Overwrite then said
    // "The list was not pushed" while the view still showed the old version.
    const tone = { id: '5e1d0c00-0000-4000-8000-00000000abcd', label: 'Tone', prompt: 'Be brief.' };
    remote().custom_instructions = [tone];
    remote().version++;
    const uri = await ext.actions.editStyleRules(styleId);
    const doc = await vscode.workspace.openTextDocument(uri);
    assert.equal((await ext.styleRules.items())?.find((l) => l.styleId === styleId)?.version, remote().version, 'the view knows the list');
    const mine = { configured_rules: { punctuation: { apostrophe: 'use_curly_apostrophes' } }, custom_instructions: [{ ...tone, prompt: 'Be briefer.' }] };
    await linted(ext, doc, () => replaceAll(doc, JSON.stringify(mine, null, 2)));
    // A colleague changes the rules meanwhile; the service will refuse the update of the instruction (a 400).
    remote().configured_rules = { numbers: { decimal_separator: 'use_period' } };
    remote().version++;
    assert.equal(await doc.save(), false, 'the save is refused (a conflict)');
    service().injectFault({ count: 1, status: 400, path: '/custom_instructions/', method: 'PUT' });
    await assert.rejects(ext.actions.overwriteStyleRules(uri), (err: Error) => {
      assert.match(err.message, /^Overwrite did not finish: the save's notification says what reached the service\. Your text is kept\.$/);
      return true;
    });
    assert.deepEqual(remote().configured_rules, mine.configured_rules, 'the rules went through');
    assert.ok(doc.isDirty, 'the text is kept');
    assert.equal((await ext.styleRules.items())?.find((l) => l.styleId === styleId)?.version, remote().version, 'the view shows the version the push left');
  });

  it('a save that stops part way: the next save pushes the rest, as does a save after Revert, with no "file is newer"', async () => {
    // A newcomer's walk: after the rules went through and the instruction's update failed, every later save met VS
    // Code's own "The content of the file is newer" (the push had moved the list's version, and with it the file's
    // stat under the document), even after a Revert and a fresh edit.
    const tone = { id: '5e1d0c00-0000-4000-8000-00000000abce', label: 'Tone', prompt: 'Be brief.' };
    remote().custom_instructions = [tone];
    remote().version++;
    const uri = await ext.actions.editStyleRules(styleId);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const mine = { configured_rules: { punctuation: { apostrophe: 'use_curly_apostrophes' } }, custom_instructions: [{ ...tone, prompt: 'Be briefer.' }] };
    await linted(ext, doc, () => replaceAll(doc, JSON.stringify(mine, null, 2)));
    service().injectFault({ count: 1, status: 400, path: '/custom_instructions/', method: 'PUT' });
    assert.equal(await doc.save(), false, 'the save stops part way');
    assert.deepEqual(remote().configured_rules, mine.configured_rules, 'the rules went through');
    assert.equal(remote().custom_instructions![0].prompt, 'Be brief.', 'the instruction did not');
    assert.ok(doc.isDirty, 'the text is kept');
    const before = service().requests.length;
    assert.equal(await doc.save(), true, 'the next save pushes the rest');
    assert.equal(remote().custom_instructions![0].prompt, 'Be briefer.');
    assert.deepEqual(service().requests.slice(before).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path.replace(styleId, 'ID').replace(tone.id, 'TONE')}`),
      ['PUT /v3/style_rules/ID/custom_instructions/TONE'], 'only what had not gone through');
    assert.ok(!doc.isDirty);

    // Again, then Revert File, a fresh edit and a save.
    await linted(ext, doc, () => replaceAll(doc, JSON.stringify({ configured_rules: { punctuation: { apostrophe: 'use_straight_apostrophes' } }, custom_instructions: [{ ...tone, prompt: 'Be brisk.' }] }, null, 2)));
    service().injectFault({ count: 1, status: 400, path: '/custom_instructions/', method: 'PUT' });
    assert.equal(await doc.save(), false);
    await vscode.commands.executeCommand('workbench.action.files.revert');
    assert.ok(!doc.isDirty);
    assert.equal(JSON.parse(doc.getText()).configured_rules.punctuation.apostrophe, 'use_straight_apostrophes', 'Revert shows what the service holds now');
    const text = JSON.parse(doc.getText()) as typeof mine;
    text.custom_instructions[0].prompt = 'Be kind.';
    await linted(ext, doc, () => replaceAll(doc, JSON.stringify(text, null, 2)));
    assert.equal(await doc.save(), true, 'a save after the Revert pushes');
    assert.equal(remote().custom_instructions![0].prompt, 'Be kind.');

    // Again, then a colleague's change: the save is refused as a conflict, and Overwrite pushes all of the text.
    const last = JSON.parse(doc.getText()) as typeof mine;
    last.configured_rules.punctuation.apostrophe = 'use_curly_apostrophes';
    last.custom_instructions[0].prompt = 'Be clear.';
    await linted(ext, doc, () => replaceAll(doc, JSON.stringify(last, null, 2)));
    service().injectFault({ count: 1, status: 400, path: '/custom_instructions/', method: 'PUT' });
    assert.equal(await doc.save(), false);
    assert.deepEqual(remote().configured_rules, last.configured_rules, 'the rules went through (typed at once after the last push)');
    remote().configured_rules = { numbers: { decimal_separator: 'use_period' } };
    remote().version++;
    await assert.rejects(ext.actions.preflightStyleSave(uri).then((p) => { if (p.outcome !== 'conflict') throw new Error(p.outcome); throw new Error('conflict'); }), /^Error: conflict$/);
    assert.equal(await doc.save(), false, 'the colleague\'s change is not overwritten silently');
    await ext.actions.overwriteStyleRules(uri);
    assert.deepEqual(remote().configured_rules, last.configured_rules);
    assert.equal(remote().custom_instructions![0].prompt, 'Be clear.');
    assert.ok(!doc.isDirty);
  });

  it('two lists of one name open as tabs that say which, and a list renamed since keeps its one tab', async () => {
    const first = remote();
    const twin = await ext.actions.createStyleRules(first.name, 'en');
    try {
      ext.styleRules.refresh();
      const a = await ext.actions.editStyleRules(styleId);
      const b = await ext.actions.editStyleRules(twin.styleId);
      assert.notEqual(a.path, b.path, 'two titles');
      assert.ok([a.path, b.path].some((p) => p === `/${first.name} (${styleId.slice(0, 8)}).json` || p === `/${first.name} (${twin.styleId.slice(0, 8)}).json`), `${a.path} | ${b.path}`);
      // Renamed while its tab is open: Edit as JSON brings that tab back, not a second document of the list.
      await ext.actions.renameStyleRules(twin.styleId, `${first.name} renamed`);
      const again = await ext.actions.editStyleRules(twin.styleId);
      assert.equal(again.toString(), b.toString());
      assert.equal(vscode.workspace.textDocuments.filter((d) => d.uri.query === `id=${twin.styleId}` && !d.isClosed).length, 1);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await ext.actions.deleteStyleRules(twin.styleId).catch(() => undefined);
    }
  });

  it('a list deleted while its tab has unsaved edits: a save says what to do with the text, which stays', async () => {
    const uri = await ext.actions.editStyleRules(styleId);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const mine = { configured_rules: { punctuation: { apostrophe: 'use_curly_apostrophes' } }, custom_instructions: [] };
    await linted(ext, doc, () => replaceAll(doc, JSON.stringify(mine, null, 2)));
    await withStubbedWindow({ showWarningMessage: (async () => undefined) as typeof vscode.window.showWarningMessage }, () => ext.actions.deleteStyleRules(styleId));
    assert.ok(!doc.isClosed && doc.isDirty, 'the tab with unsaved edits stays');
    const said = /^"House style \d+ \(edited\)" is no longer on the service \(it was deleted\)\. Nothing was pushed, and your text is kept here: to keep it, create a list \(Create Style Rule List…\) and paste it into that list's JSON; to let it go, close this tab and choose Don't Save\.$/;
    await assert.rejects(ext.actions.preflightStyleSave(uri), (err: Error) => { assert.match(err.message, said); return true; });
    assert.equal(await doc.save(), false);
    assert.ok(doc.isDirty && JSON.parse(doc.getText()).configured_rules.punctuation.apostrophe === 'use_curly_apostrophes', 'the text stays');
    // Revert File: VS Code failed it with an internal error ("Illegal state: service accessor…"). The tab now shows
    // the list as the service last held it, clean (closed without a question), and says the list is gone.
    const warned: string[] = [];
    await withStubbedWindow({ showWarningMessage: (async (m: string) => { warned.push(m); return undefined; }) as typeof vscode.window.showWarningMessage },
      () => Promise.resolve(vscode.commands.executeCommand('workbench.action.files.revert')));
    assert.ok(!doc.isDirty, 'the reverted tab is clean');
    assert.deepEqual(JSON.parse(doc.getText()), { configured_rules: {}, custom_instructions: [] }, 'the list as the service last held it');
    assert.deepEqual(warned, [`"${uri.path.slice(1).replace(/\.json$/, '')}" is no longer on the service (it was deleted). The tab shows the list as the service last held it; Undo brings your text back. Close the tab to let it go.`]);
    await vscode.commands.executeCommand('undo');
    assert.ok(doc.isDirty && JSON.parse(doc.getText()).configured_rules.punctuation?.apostrophe === 'use_curly_apostrophes', 'Undo brings the text back');
  });

  it('an unknown option is flagged as you type, blocks the push, and its quick fix puts the nearest valid one', async () => {
    const uri = await ext.actions.editStyleRules(styleId);
    const doc = await vscode.workspace.openTextDocument(uri);
    const text = JSON.stringify({ configured_rules: { punctuation: { dash: 'use_em_dsh' }, numbres: {} }, custom_instructions: [{ label: 'x'.repeat(101), prompt: 'p' }] }, null, 2);
    const diags = await linted(ext, doc, () => replaceAll(doc, text));
    assert.deepEqual(diags.map((d) => [typeof d.code === 'object' ? d.code.value : d.code, d.severity]), [
      ['unknown-option', vscode.DiagnosticSeverity.Error], ['unknown-group', vscode.DiagnosticSeverity.Error], ['label-too-long', vscode.DiagnosticSeverity.Error],
    ]);
    assert.match(diags[0].message, /"use_em_dsh" is not an option of punctuation\.dash: use one of "use_em_dash", "use_hyphen", "use_tilde"\./);
    assert.deepEqual(await ext.actions.preflightStyleSave(uri), { outcome: 'blocked', errors: 3 });
    assert.equal(await doc.save(), false);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, diags[0].range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((a) => a.title === 'Change to "use_em_dash"');
    assert.ok(fix?.isPreferred, actions.map((a) => a.title).join());
    const after = await linted(ext, doc, () => vscode.workspace.applyEdit(fix!.edit!));
    assert.deepEqual(after.map((d) => typeof d.code === 'object' ? d.code.value : d.code), ['unknown-group', 'label-too-long']);
    assert.match(doc.getText(), /"dash": "use_em_dash"/);
    const groupFix = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, after[0].range, vscode.CodeActionKind.QuickFix.value)).find((a) => a.title === 'Change to "numbers"');
    assert.ok(groupFix);
  });

  it('instructions pasted from another list: one quick fix removes every id this list lacks', async () => {
    // A newcomer's walk: a deleted list's JSON pasted into a new list gave an unknown-instruction-id error per
    // instruction, each with its own fix, one at a time.
    const uri = await ext.actions.editStyleRules(styleId);
    const doc = await vscode.workspace.openTextDocument(uri);
    const pasted = [1, 2, 3].map((i) => ({ id: `0000000${i}-dead-4000-8000-00000000000${i}`, label: `Rule ${i}`, prompt: `Prompt ${i}` }));
    const diags = await linted(ext, doc, () => replaceAll(doc, JSON.stringify({ configured_rules: {}, custom_instructions: pasted }, null, 2)));
    assert.deepEqual(diags.map((d) => typeof d.code === 'object' ? d.code.value : d.code), ['unknown-instruction-id', 'unknown-instruction-id', 'unknown-instruction-id']);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, diags[1].range, vscode.CodeActionKind.QuickFix.value);
    const all = actions.find((a) => a.title === 'Remove all 3 unknown instruction ids (push them as new instructions)');
    assert.ok(all, actions.map((a) => a.title).join(' | '));
    const after = await linted(ext, doc, () => vscode.workspace.applyEdit(all.edit!));
    assert.deepEqual(after, [], 'no finding left');
    assert.deepEqual(JSON.parse(doc.getText()).custom_instructions, pasted.map(({ label, prompt }) => ({ label, prompt })), 'the instructions stay, without their ids');
  });

  it('completes option identifiers and rule names, and hovers with the allowed values', async () => {
    const uri = await ext.actions.editStyleRules(styleId);
    const doc = await vscode.workspace.openTextDocument(uri);
    await linted(ext, doc, () => replaceAll(doc, '{\n  "configured_rules": {\n    "punctuation": {\n      "dash": ""\n    }\n  },\n  "custom_instructions": []\n}\n'));
    const inOption = doc.positionAt(doc.getText().indexOf('""') + 1);
    const options = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, inOption);
    const labels = options.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    for (const o of ['use_em_dash', 'use_hyphen', 'use_tilde']) assert.ok(labels.includes(o), labels.join());
    // VS Code filters by the text from the range's start (the quote) to the cursor: the filter text starts with it too.
    assert.ok(options.items.every((i) => i.filterText === `"${typeof i.label === 'string' ? i.label : i.label.label}"`), 'filter texts with their quotes');
    const onRule = doc.positionAt(doc.getText().indexOf('"dash"') + 2);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, onRule);
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /punctuation\.dash[\s\S]*Allowed values:[\s\S]*use_em_dash/);
  });

  it('its findings leave the Problems view with its last tab, though VS Code keeps the document open', async () => {
    remote().configured_rules = { punctuation: { dash: 'use_em_dsh' } };
    const uri = await ext.actions.editStyleRules(styleId);
    await diagnosticsOf(uri, (n) => n === 1, 'the unknown option flagged');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await diagnosticsOf(uri, (n) => n === 0, 'no findings once its tab closed');
    assert.ok(vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString()), 'the document itself is still open');
    await vscode.window.showTextDocument(uri);
    await diagnosticsOf(uri, (n) => n === 1, 'the finding back with a tab');
  });

  it('typing a quote or a brace closes it, as in JSON (the language has its bracket and auto-closing pairs)', async () => {
    const uri = await ext.actions.editStyleRules(styleId);
    const doc = await vscode.workspace.openTextDocument(uri);
    await linted(ext, doc, () => replaceAll(doc, '{\n  "configured_rules": {\n    \n  },\n  "custom_instructions": []\n}\n'));
    const editor = await vscode.window.showTextDocument(doc);
    assert.equal(doc.languageId, 'terminology-style-rules');
    const at = doc.positionAt(doc.getText().indexOf('\n    \n') + 5);
    editor.selection = new vscode.Selection(at, at);
    await vscode.commands.executeCommand('type', { text: '"' });
    assert.equal(doc.lineAt(at.line).text, '    ""', 'the quote was closed');
    await vscode.commands.executeCommand('type', { text: 'punctuation"' });
    assert.equal(doc.lineAt(at.line).text, '    "punctuation"', 'typing the closing quote steps over it');
    await vscode.commands.executeCommand('type', { text: ': {' });
    assert.equal(doc.lineAt(at.line).text, '    "punctuation": {}', 'the brace was closed');
    await vscode.commands.executeCommand('undo');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});

async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function diagnosticsOf(uri: vscode.Uri, count: (n: number) => boolean, what: string): Promise<void> {
  const n = () => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'terminology').length;
  try { await waitFor(() => count(n()), 3000); } catch { throw new Error(`timed out waiting for ${what} (${n()} diagnostics)`); }
}
