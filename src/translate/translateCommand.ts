/** "Translate with Glossary": the selection or a typed sample, a chosen glossary and language pair; source and
 * result side by side in a diff editor, so the glossary's effect stands out. Bundled apart as dist/translate.js (see
 * ./lazy.ts), loaded when the command or action first runs. */
import * as vscode from 'vscode';
import type { Glossary } from '../api';
import { DictionaryNode, GlossaryNode } from '../trees/glossaryTree';
import { pairLabel } from '../platform/words';

import { withCancellableProgress } from '../platform/progress';
import { pickGlossary } from '../platform/pickers';
import { argOf, clientOrThrow, requireClient, type CommandContext } from '../trees/commandContext';

/** Translation targets that need a variant; a glossary for the root applies to all of them. */
const VARIANTS: Record<string, string[]> = { en: ['EN-US', 'EN-GB'], pt: ['PT-BR', 'PT-PT'], zh: ['ZH-HANS'] };

import { SCHEME, type TranslateActions, type TranslateInput } from './register';

/** The translation shown side by side: `docs` holds the texts the content provider serves. */
export interface TranslationDocs { docs: Map<string, string>; next(): number }

/** Translates `text` with the glossary; source and result side by side in a diff editor. Returns the result. */
export async function translate(ctx: CommandContext, shown: TranslationDocs, { text, glossaryId, sourceLang, targetLang }: TranslateInput, signal?: AbortSignal): Promise<string> {
  const client = await clientOrThrow(ctx);
  const g = await client.getGlossary(glossaryId, signal);
  const [result] = await client.translate({ text: [text], sourceLang, targetLang, glossaryId }, signal);
  const id = shown.next();
  const left = vscode.Uri.from({ scheme: SCHEME, path: `/${id}/source (${sourceLang.toUpperCase()}).txt` });
  const right = vscode.Uri.from({ scheme: SCHEME, path: `/${id}/${g.name.replace(/[\\/]/g, '-')} (${targetLang.toUpperCase()}).txt` });
  shown.docs.set(left.path, text);
  shown.docs.set(right.path, result?.text ?? '');
  await vscode.commands.executeCommand('vscode.diff', left, right, vscode.l10n.t('{0} ↔ {1} with "{2}"', sourceLang.toUpperCase(), targetLang.toUpperCase(), g.name));
  // Sentences are long lines: wrap them in this editor when the user has not turned wrapping on anyway.
  if (vscode.workspace.getConfiguration('editor').get<string>('wordWrap') === 'off') await vscode.commands.executeCommand('editor.action.toggleWordWrap');
  void vscode.commands.executeCommand('terminology.refreshUsage');
  return result?.text ?? '';
}

/** The command: gathers the glossary (the node it was run on, or picked), the pair, the variant and the text (the
 * selection, or typed), then calls the action. */
export async function translateCommand(ctx: CommandContext, actions: TranslateActions, arg?: unknown): Promise<void> {
  const client = await requireClient(ctx);
  if (!client) return;
  try {
    const node = argOf(arg, GlossaryNode) ?? argOf(arg, DictionaryNode);
    const glossary: Glossary | undefined = node?.glossary ?? await pickGlossary(client, vscode.l10n.t('Glossary to translate with'));
    if (!glossary) return;
    const g = glossary;
    let pair = node instanceof DictionaryNode ? node.dictionary : undefined;
    if (!pair) {
      pair = g.dictionaries.length === 1 ? g.dictionaries[0]
        : (await vscode.window.showQuickPick(g.dictionaries.map((d) => ({ label: pairLabel(d), d })), { title: vscode.l10n.t('Language pair') }))?.d;
    }
    if (!pair) return;
    const root = pair.targetLang.split('-')[0].toLowerCase();
    let target = root.toUpperCase();
    if (VARIANTS[root]) {
      const picked = await vscode.window.showQuickPick(VARIANTS[root], { title: vscode.l10n.t('Translate into which variant? The {0} glossary applies to each.', root.toUpperCase()) });
      if (!picked) return;
      target = picked;
    }
    const editor = vscode.window.activeTextEditor;
    const selection = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection) : undefined;
    const text = selection ?? await vscode.window.showInputBox({
      title: vscode.l10n.t('Text to translate ({0})', pair.sourceLang.toUpperCase()), prompt: vscode.l10n.t('Type a sample sentence'),
    });
    if (!text) return;
    const from = pair.sourceLang;
    await withCancellableProgress(vscode.l10n.t('Translating with "{0}"…', g.name), (signal) =>
      actions.translate({ text, glossaryId: g.glossaryId, sourceLang: from, targetLang: target }, signal));
  } catch (err) {
    await ctx.errors.show(vscode.l10n.t('Could not translate'), err);
  }
}
