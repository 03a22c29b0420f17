/** "Try Customizations": one preview of all three customizations. Pick glossaries (up to the service's 5), a style
 * rule list and a translation memory with its threshold, type or select a text, and see the result beside the source
 * (a diff editor, so what changed stands out). */
import * as vscode from 'vscode';
import type { Glossary, ServiceClient, StyleRuleList, TranslationMemory } from '../api';
import { clientOrThrow, requireClient, type CommandContext } from '../trees/commandContext';

import { withCancellableProgress } from '../platform/progress';
import { pairLabel } from '../platform/words';
import { SCHEME } from './register';

export const SAMPLE_LANGUAGE = 'terminology-sample';
export const MAX_GLOSSARIES = 5;
/** Translation targets that need a variant; a glossary for the root applies to all of them. */
const VARIANTS: Record<string, string[]> = { en: ['EN-US', 'EN-GB'], pt: ['PT-BR', 'PT-PT'], zh: ['ZH-HANS'] };

export interface TryInput {
  text: string; sourceLang: string; targetLang: string;
  glossaryIds?: string[]; styleId?: string; translationMemoryId?: string; translationMemoryThreshold?: number;
}

export interface CustomizationActions {
  /** Translates `text` with the customizations given; shows source and result side by side; answers the result. */
  tryCustomizations(input: TryInput, signal?: AbortSignal): Promise<string>;
}

const root = (code: string) => code.split('-')[0].toLowerCase();

/** Language pairs every chosen glossary has a dictionary for. */
export function commonPairs(glossaries: Glossary[]): Array<{ sourceLang: string; targetLang: string }> {
  if (!glossaries.length) return [];
  const key = (d: { sourceLang: string; targetLang: string }) => `${d.sourceLang}>${d.targetLang}`;
  const [first, ...rest] = glossaries;
  return first.dictionaries.filter((d) => rest.every((g) => g.dictionaries.some((x) => key(x) === key(d)))).map((d) => ({ sourceLang: d.sourceLang, targetLang: d.targetLang }));
}

/** The action and the command's handler; `docs` holds the preview documents' texts (their provider is register.ts's). */
export function makeTryCustomizations(ctx: CommandContext, docs: Map<string, string>): {
  actions: CustomizationActions; command(): Promise<void>;
} {
  let run = 0;

  const actions: CustomizationActions = {
    async tryCustomizations(input, signal) {
      const client = await clientOrThrow(ctx);
      if ((input.glossaryIds?.length ?? 0) > MAX_GLOSSARIES) throw new Error(vscode.l10n.t('The service takes at most {0} glossaries in one translation.', MAX_GLOSSARIES));
      const ids = input.glossaryIds ?? [];
      const [result] = await client.translate({
        text: [input.text], sourceLang: input.sourceLang, targetLang: input.targetLang,
        ...(ids.length === 1 ? { glossaryId: ids[0] } : ids.length > 1 ? { glossaryIds: ids } : {}),
        ...(input.styleId ? { styleId: input.styleId } : {}),
        ...(input.translationMemoryId ? { translationMemoryId: input.translationMemoryId, translationMemoryThreshold: input.translationMemoryThreshold ?? 75 } : {}),
      }, signal);
      const id = ++run;
      const parts = [
        ids.length === 1 ? vscode.l10n.t('1 glossary') : ids.length ? vscode.l10n.t('{0} glossaries', ids.length) : '', input.styleId ? vscode.l10n.t('style list') : '',
        input.translationMemoryId ? vscode.l10n.t('memory ≥ {0}%', input.translationMemoryThreshold ?? 75) : '',
      ].filter(Boolean).join(', ') || vscode.l10n.t('no customization');
      const left = vscode.Uri.from({ scheme: SCHEME, path: `/${id}/source (${input.sourceLang.toUpperCase()}).txt` });
      const right = vscode.Uri.from({ scheme: SCHEME, path: `/${id}/result (${input.targetLang.toUpperCase()}).txt` });
      docs.set(left.path, input.text);
      docs.set(right.path, result?.text ?? '');
      // A sample is usually one long line: its own language wraps it (configurationDefaults), so the marks stay in view.
      for (const uri of [left, right]) await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), SAMPLE_LANGUAGE);
      await vscode.commands.executeCommand('vscode.diff', left, right, vscode.l10n.t('{0} ↔ {1} with {2}', input.sourceLang.toUpperCase(), input.targetLang.toUpperCase(), parts));
      void vscode.commands.executeCommand('terminology.refreshUsage');
      return result?.text ?? '';
    },
  };

  const pickGlossaries = async (client: ServiceClient): Promise<Glossary[] | undefined> => {
    const all = await withCancellableProgress(vscode.l10n.t('Loading glossaries…'), (signal) => client.listGlossaries(signal));
    for (;;) {
      const picked = await vscode.window.showQuickPick(all.map((g) => ({ label: g.name, description: g.dictionaries.map(pairLabel).join(', '), g })), {
        title: vscode.l10n.t('Try Customizations (1/5): glossaries (up to {0}; none is fine)', MAX_GLOSSARIES), canPickMany: true,
      });
      if (!picked) return undefined;
      if (picked.length <= MAX_GLOSSARIES) return picked.map((p) => p.g);
      void vscode.window.showWarningMessage(vscode.l10n.t('The service takes at most {0} glossaries in one translation; {1} were chosen.', MAX_GLOSSARIES, picked.length));
    }
  };

  const pickPair = async (client: ServiceClient, glossaries: Glossary[]): Promise<{ sourceLang: string; targetLang: string } | undefined> => {
    if (glossaries.length) {
      const pairs = commonPairs(glossaries);
      if (!pairs.length) {
        void vscode.window.showWarningMessage(vscode.l10n.t('The chosen glossaries have no language pair in common; choose glossaries that share one.'));
        return undefined;
      }
      return pairs.length === 1 ? pairs[0] : (await vscode.window.showQuickPick(pairs.map((p) => ({ label: pairLabel(p), p })), { title: vscode.l10n.t('Try Customizations (2/5): language pair') }))?.p;
    }
    const languages = await withCancellableProgress(vscode.l10n.t('Loading languages…'), (signal) => client.getLanguages('translate_text', signal));
    const source = await vscode.window.showQuickPick(languages.filter((l) => l.usableAsSource).map((l) => ({ label: l.lang.toUpperCase(), description: l.name, l })), { title: vscode.l10n.t('Try Customizations (2/5): source language') });
    if (!source) return undefined;
    const target = await vscode.window.showQuickPick(languages.filter((l) => l.usableAsTarget && l.lang !== source.l.lang).map((l) => ({ label: l.lang.toUpperCase(), description: l.name, l })), { title: vscode.l10n.t('Try Customizations (2/5): target language') });
    return target && { sourceLang: source.l.lang, targetLang: target.l.lang };
  };

  return {
    actions,
    command: async () => {
      const client = await requireClient(ctx);
      if (!client) return;
      try {
        const glossaries = await pickGlossaries(client);
        if (!glossaries) return;
        const pair = await pickPair(client, glossaries);
        if (!pair) return;
        let target = pair.targetLang.toUpperCase();
        if (VARIANTS[root(target)]) {
          const picked = await vscode.window.showQuickPick(VARIANTS[root(target)], { title: vscode.l10n.t('Try Customizations (2/5): translate into which variant?') });
          if (!picked) return;
          target = picked;
        }
        const [lists, memories] = await withCancellableProgress(vscode.l10n.t('Loading style rule lists and translation memories…'), (signal) =>
          Promise.all([client.listStyleRules({}, signal), client.listAllTranslationMemories(signal)]));
        const none = { label: vscode.l10n.t('$(circle-slash) None') };
        const style = await vscode.window.showQuickPick<vscode.QuickPickItem & { s?: StyleRuleList }>([none, ...lists.filter((s) => s.language === root(target)).map((s) => ({ label: s.name, description: `${s.language.toUpperCase()} · v${s.version}`, s }))], {
          title: vscode.l10n.t('Try Customizations (3/5): a style rule list for {0}', root(target).toUpperCase()),
        });
        if (!style) return;
        const covering = memories.filter((m) => m.sourceLanguage === pair.sourceLang && m.targetLanguages.some((t) => root(t) === root(target)));
        const memory = await vscode.window.showQuickPick<vscode.QuickPickItem & { m?: TranslationMemory }>([none, ...covering.map((m) => ({ label: m.name, description: `${m.segmentCount} segments`, m }))], {
          title: vscode.l10n.t('Try Customizations (4/5): a translation memory covering {0}', pairLabel({ sourceLang: pair.sourceLang, targetLang: target })),
        });
        if (!memory) return;
        let threshold: number | undefined;
        if (memory.m) {
          const raw = await vscode.window.showInputBox({
            title: vscode.l10n.t('Try Customizations (4/5): minimum match of a memory segment, in percent'), value: '75', prompt: vscode.l10n.t('0 to 100; 75 or higher is recommended'),
            validateInput: (v) => (/^\d{1,3}$/.test(v.trim()) && Number(v) <= 100 ? undefined : vscode.l10n.t('A whole number from 0 to 100')),
          });
          if (raw === undefined) return;
          threshold = Number(raw);
        }
        const editor = vscode.window.activeTextEditor;
        const selection = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection) : undefined;
        const text = selection ?? await vscode.window.showInputBox({ title: vscode.l10n.t('Try Customizations (5/5): text to translate ({0})', pair.sourceLang.toUpperCase()), prompt: vscode.l10n.t('Type a sample sentence') });
        if (!text) return;
        await withCancellableProgress(vscode.l10n.t('Translating…'), (signal) => actions.tryCustomizations({
          text, sourceLang: pair.sourceLang, targetLang: target, glossaryIds: glossaries.map((g) => g.glossaryId),
          ...(style.s ? { styleId: style.s.styleId } : {}), ...(memory.m ? { translationMemoryId: memory.m.translationMemoryId, translationMemoryThreshold: threshold } : {}),
        }, signal));
      } catch (err) {
        await ctx.errors.show(vscode.l10n.t('Could not translate'), err);
      }
    },
  };
}
