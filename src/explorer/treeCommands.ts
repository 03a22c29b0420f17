/** Refresh, filter, copy id, and the read-only JSON view of a style rule list. */
import * as vscode from 'vscode';
import { styleRuleListJson } from '../api/wire';
import type { CommandContext } from '../trees/commandContext';
import { DictionaryNode, GlossaryNode } from '../trees/glossaryTree';
import { CollectionNode, TermListNode } from '../trees/spokenTermsTree';
import { StyleListNode } from '../trees/styleRulesTree';

const STYLE_SCHEME = 'terminology-style';

function idOf(node: unknown): string | undefined {
  if (node instanceof GlossaryNode || node instanceof DictionaryNode) return node.glossary.glossaryId;
  if (node instanceof CollectionNode || node instanceof TermListNode) return node.collection.spokenTermsId;
  if (node instanceof StyleListNode) return node.list.styleId;
  return undefined;
}

export function registerTreeCommands(ctx: CommandContext): vscode.Disposable[] {
  const styleDocs = new Map<string, string>();
  return [
    vscode.commands.registerCommand('terminology.refresh', () => {
      // From the palette the views may be hidden: show them, so that the refresh is seen.
      void vscode.commands.executeCommand('workbench.view.extension.terminology');
      ctx.glossaries.refresh();
      ctx.spokenTerms.refresh();
      ctx.styleRules.refresh();
    }),
    vscode.commands.registerCommand('terminology.glossaries.refresh', () => ctx.glossaries.refresh()),
    vscode.commands.registerCommand('terminology.spokenTerms.refresh', () => ctx.spokenTerms.refresh()),
    vscode.commands.registerCommand('terminology.styleRules.refresh', () => ctx.styleRules.refresh()),
    vscode.commands.registerCommand('terminology.glossaries.filter', async () => {
      const value = await vscode.window.showInputBox({
        title: vscode.l10n.t('Filter Glossaries'), prompt: vscode.l10n.t('Show glossaries whose name contains this text'), value: ctx.glossaries.filter,
      });
      if (value !== undefined) await ctx.glossaries.setFilter(value);
    }),
    vscode.commands.registerCommand('terminology.glossaries.clearFilter', () => ctx.glossaries.setFilter('')),
    vscode.commands.registerCommand('terminology.copyId', async (node: unknown) => {
      const id = idOf(node);
      if (!id) return;
      await vscode.env.clipboard.writeText(id);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', id), 3000);
    }),
    vscode.workspace.registerTextDocumentContentProvider(STYLE_SCHEME, {
      provideTextDocumentContent: (uri) => styleDocs.get(uri.query) ?? '',
    }),
    vscode.commands.registerCommand('terminology.styleRules.open', async (node: unknown) => {
      if (!(node instanceof StyleListNode)) return;
      const l = node.list;
      // The service's shape (snake_case), as in the document Edit as JSON opens, with the list's name and version.
      styleDocs.set(l.styleId, JSON.stringify(styleRuleListJson(l), null, 2) + '\n');
      // Its tab says it is read-only: Edit as JSON opens the same list as "<name>.json", which saves to the service.
      const uri = vscode.Uri.from({ scheme: STYLE_SCHEME, path: `/${l.name.replace(/[\\/]/g, '-')} (read-only).json`, query: l.styleId });
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.languages.setTextDocumentLanguage(doc, 'json');
      await vscode.window.showTextDocument(doc, { preview: true });
    }),
  ];
}
