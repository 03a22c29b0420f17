import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import { api, PAID_KEY, service } from './service';
import { sampleTmx } from '../emulator/tmxSamples';
import { withStubbedWindow } from './stubWindow';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('Try Customizations in VS Code', () => {
  let ext: TerminologyApi;
  let dir: string;
  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    dir = mkdtempSync(join(tmpdir(), 'try-it-'));
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies two glossaries, a style list and a memory above its threshold; the result shows beside the source', async () => {
    Object.assign(service().config, { jobsPaused: false, jobStepMs: 0 });
    const a = await ext.actions.createGlossary(`Try A ${Date.now()}`, { sourceLang: 'en', targetLang: 'de', entries: 'cloud\tWolke\n' });
    const b = await ext.actions.createGlossary(`Try B ${Date.now()}`, { sourceLang: 'en', targetLang: 'de', entries: 'server\tServer\n' });
    const file = join(dir, 'try.tmx');
    writeFileSync(file, sampleTmx([['Save the file', 'Datei speichern']]));
    const job = await ext.actions.importTmx(vscode.Uri.file(file), 'Try memory', { pollIntervalMs: 10 });
    const styleDe = await ext.actions.createStyleRules(`Try style ${Date.now()}`, 'de');
    try {
      const glossaries = await ext.actions.tryCustomizations({ text: 'cloud and server', sourceLang: 'en', targetLang: 'de', glossaryIds: [a.glossaryId, b.glossaryId], styleId: styleDe.styleId });
      assert.match(glossaries, /^\[DE\] ⟦Wolke⟧ and ⟦Server⟧ «style Try style \d+ v1: no rules»$/);
      const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
      assert.ok(tab?.input instanceof vscode.TabInputTextDiff);
      assert.match(tab.label, /EN ↔ DE with 2 glossaries, style list/);
      const memory = await ext.actions.tryCustomizations({ text: 'Save the file!', sourceLang: 'en', targetLang: 'de', translationMemoryId: job.translationMemoryId, translationMemoryThreshold: 90 });
      assert.match(memory, /^\[DE\] ⟪TM 9\d%: Datei speichern⟫$/);
      const below = await ext.actions.tryCustomizations({ text: 'Save the file!', sourceLang: 'en', targetLang: 'de', translationMemoryId: job.translationMemoryId, translationMemoryThreshold: 100 });
      assert.equal(below, '[DE] Save the file!', 'below the threshold the memory does not apply');
      await assert.rejects(ext.actions.tryCustomizations({ text: 'x', sourceLang: 'en', targetLang: 'de', glossaryIds: [a.glossaryId, a.glossaryId, a.glossaryId, a.glossaryId, a.glossaryId, a.glossaryId] }), /at most 5 glossaries/);
      const long = 'cloud '.repeat(60).trim();
      await ext.actions.tryCustomizations({ text: long, sourceLang: 'en', targetLang: 'de', glossaryIds: [a.glossaryId] });
      const one = vscode.window.tabGroups.activeTabGroup.activeTab;
      assert.ok(one?.input instanceof vscode.TabInputTextDiff);
      assert.match(one.label, /EN ↔ DE with 1 glossary$/, 'one glossary, not "1 glossaries"');
      for (const uri of [one.input.original, one.input.modified]) {
        const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
        assert.equal(doc?.languageId, 'terminology-sample', `${uri.path} is a translation sample`);
        assert.equal(vscode.workspace.getConfiguration('editor', doc).get('wordWrap'), 'on', 'a sample wraps, so the marks stay in view');
      }
    } finally {
      await ext.actions.deleteGlossary(a.glossaryId);
      await ext.actions.deleteGlossary(b.glossaryId);
      await ext.actions.deleteStyleRules(styleDe.styleId);
      if (job.translationMemoryId) await ext.actions.deleteMemory(job.translationMemoryId);
    }
  });

  it('numbers every step of the command, the language pair too', async () => {
    const a = await ext.actions.createGlossary(`Try pairs ${Date.now()}`, { sourceLang: 'en', targetLang: 'de', entries: 'cloud\tWolke\n' });
    await ext.actions.addDictionary(a.glossaryId, { sourceLang: 'en', targetLang: 'fr', entries: 'cloud\tnuage\n' });
    const titles: string[] = [];
    type Item = vscode.QuickPickItem & { g?: { glossaryId: string } };
    // The glossary step picks the new glossary, every later step its first item that is not "None".
    const showQuickPick = async (items: readonly Item[] | Thenable<readonly Item[]>, options?: vscode.QuickPickOptions) => {
      titles.push(options?.title ?? '');
      const all = await items;
      if (options?.canPickMany) return all.filter((i) => i.g?.glossaryId === a.glossaryId);
      return all.find((i) => typeof i === 'string' || !i.label.includes('None')) ?? all[0];
    };
    const showInputBox = async (options?: vscode.InputBoxOptions) => { titles.push(options?.title ?? ''); return options?.title?.includes('minimum match') ? '75' : 'cloud'; };
    try {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await withStubbedWindow({ showQuickPick: showQuickPick as unknown as typeof vscode.window.showQuickPick, showInputBox }, () => Promise.resolve(vscode.commands.executeCommand('terminology.tryCustomizations')));
    } finally {
      await ext.actions.deleteGlossary(a.glossaryId);
    }
    assert.ok(titles.length >= 4, titles.join(' | '));
    for (const t of titles) assert.match(t, /^Try Customizations \([1-5]\/5\): /, t);
    assert.ok(titles.some((t) => t.startsWith('Try Customizations (2/5): language pair')), titles.join(' | '));
  });
});
