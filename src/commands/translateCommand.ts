/** "Translate with Glossary": the selection or a typed sample, a chosen glossary and language pair; source and
 * result side by side in a diff editor, so the glossary's effect stands out. */
import * as vscode from 'vscode';
import type { Glossary } from '../api';
import { DictionaryNode, GlossaryNode, pairLabel } from '../tree/glossaryTree';
import { showError } from '../ui/errors';
import { withCancellableProgress } from '../ui/progress';
import { requireClient, type CommandContext } from './context';

const SCHEME = 'terminology-translation';
/** Translation targets that need a variant; a glossary for the root applies to all of them. */
const VARIANTS: Record<string, string[]> = { en: ['EN-US', 'EN-GB'], pt: ['PT-BR', 'PT-PT'], zh: ['ZH-HANS'] };

export interface TranslateArgs { text: string; glossaryId: string; sourceLang: string; targetLang: string }

export function registerTranslateCommand(ctx: CommandContext): vscode.Disposable[] {
  const docs = new Map<string, string>();
  const changed = new vscode.EventEmitter<vscode.Uri>();
  let run = 0;
  return [
    changed,
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, { onDidChange: changed.event, provideTextDocumentContent: (uri) => docs.get(uri.path) ?? '' }),
    vscode.commands.registerCommand('terminology.translate', async (node?: GlossaryNode | DictionaryNode, args?: TranslateArgs) => {
      const client = await requireClient(ctx);
      if (!client) return undefined;
      try {
        let glossary: Glossary | undefined = node instanceof GlossaryNode || node instanceof DictionaryNode ? node.glossary : undefined;
        if (!glossary) {
          const all = args ? await client.listGlossaries() : await withCancellableProgress(vscode.l10n.t('Loading glossaries…'), (s) => client.listGlossaries(s));
          glossary = args ? all.find((g) => g.glossaryId === args.glossaryId)
            : (await vscode.window.showQuickPick(all.map((g) => ({ label: g.name, description: g.dictionaries.map(pairLabel).join(', '), g })), { title: vscode.l10n.t('Glossary to translate with') }))?.g;
        }
        if (!glossary) return undefined;
        const g = glossary;
        let pair = node instanceof DictionaryNode ? node.dictionary : args ? { sourceLang: args.sourceLang, targetLang: args.targetLang } : undefined;
        if (!pair) {
          pair = g.dictionaries.length === 1 ? g.dictionaries[0]
            : (await vscode.window.showQuickPick(g.dictionaries.map((d) => ({ label: pairLabel(d), d })), { title: vscode.l10n.t('Language pair') }))?.d;
        }
        if (!pair) return undefined;
        const root = pair.targetLang.split('-')[0].toLowerCase();
        let target = args?.targetLang ?? root.toUpperCase();
        if (!args && VARIANTS[root]) {
          const picked = await vscode.window.showQuickPick(VARIANTS[root], { title: vscode.l10n.t('Translate into which variant? The {0} glossary applies to each.', root.toUpperCase()) });
          if (!picked) return undefined;
          target = picked;
        }
        const editor = vscode.window.activeTextEditor;
        const selection = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection) : undefined;
        const text = args?.text ?? selection ?? await vscode.window.showInputBox({
          title: vscode.l10n.t('Text to translate ({0})', pair.sourceLang.toUpperCase()), prompt: vscode.l10n.t('Type a sample sentence'),
        });
        if (!text) return undefined;
        const from = pair.sourceLang;
        const [result] = await withCancellableProgress(vscode.l10n.t('Translating with "{0}"…', g.name), (signal) =>
          client.translate({ text: [text], sourceLang: from, targetLang: target, glossaryId: g.glossaryId }, signal));
        const id = ++run;
        const left = vscode.Uri.from({ scheme: SCHEME, path: `/${id}/source (${from.toUpperCase()}).txt` });
        const right = vscode.Uri.from({ scheme: SCHEME, path: `/${id}/${g.name.replace(/[\\/]/g, '-')} (${target}).txt` });
        docs.set(left.path, text);
        docs.set(right.path, result?.text ?? '');
        await vscode.commands.executeCommand('vscode.diff', left, right, vscode.l10n.t('{0} ↔ {1} with "{2}"', from.toUpperCase(), target, g.name));
        void vscode.commands.executeCommand('terminology.refreshUsage');
        return result?.text;
      } catch (err) {
        await showError(vscode.l10n.t('Could not translate'), err);
        return undefined;
      }
    }),
  ];
}
