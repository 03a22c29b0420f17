/** The style rule lists' commands that gather from pickers and questions (New, Rename, Delete, Edit as JSON): bundled
 * with the catalog in dist/styleRules.js (./lazy.ts) and loaded when one first runs. */
import * as vscode from 'vscode';
import type { StyleRuleList } from '../api';
import { StyleListNode } from '../trees/styleRulesTree';
import { argOf, requireClient, type CommandContext } from '../trees/commandContext';
import { withCancellableProgress } from '../platform/progress';
import { validateName } from '../platform/validate';
import { renameInteractively } from '../platform/rename';
import { STYLE_LANGUAGES } from '../core/styleRules/catalog';
import type { StyleRuleActions } from './register';

export function styleListCommands(ctx: CommandContext, actions: StyleRuleActions): Record<'create' | 'rename' | 'delete' | 'edit', (arg?: unknown) => Promise<void>> {
  const listFrom = async (arg: unknown, title: string): Promise<StyleRuleList | undefined> => {
    const node = argOf(arg, StyleListNode);
    if (node) return node.list;
    const lists = await ctx.styleRules.items();
    const picked = lists?.length ? await vscode.window.showQuickPick(lists.map((l) => ({ label: l.name, description: `${l.language.toUpperCase()} · v${l.version}`, l })), { title }) : undefined;
    return picked?.l;
  };

  return {
    create: async (_arg?: unknown) => {
      if (!await requireClient(ctx)) return;
      const name = await vscode.window.showInputBox({ title: vscode.l10n.t('Create Style Rule List'), prompt: vscode.l10n.t('Name of the list'), validateInput: validateName });
      if (!name) return;
      // The service takes a name twice; the view and the pickers would then show two lists alike.
      if ((await ctx.styleRules.items())?.some((l) => l.name.trim().toLowerCase() === name.trim().toLowerCase())) {
        const again = vscode.l10n.t('Create Another');
        if (await vscode.window.showWarningMessage(vscode.l10n.t('A style rule list named "{0}" exists already.', name), {
          modal: true, detail: vscode.l10n.t('Two lists of one name are told apart only by their style_id, in this view and in translations that name them.'),
        }, again) !== again) return;
      }
      const lang = await vscode.window.showQuickPick(STYLE_LANGUAGES.map((l) => ({ label: l.toUpperCase(), description: languageName(l), l })), { title: vscode.l10n.t('Language the list applies to'), matchOnDescription: true });
      if (!lang) return;
      try {
        const list = await withCancellableProgress(vscode.l10n.t('Creating "{0}"…', name), (signal) => actions.createStyleRules(name, lang.l, signal));
        const edit = vscode.l10n.t('Edit as JSON');
        if (await vscode.window.showInformationMessage(vscode.l10n.t('Style rule list "{0}" created ({1}).', list.name, list.language.toUpperCase()), edit) === edit) await actions.editStyleRules(list.styleId);
      } catch (err) {
        await ctx.errors.show(vscode.l10n.t('Could not create the style rule list'), err);
      }
    },
    rename: async (arg?: unknown) => {
      if (!await requireClient(ctx)) return;
      const list = await listFrom(arg, vscode.l10n.t('Rename Style Rule List'));
      if (!list) return;
      await renameInteractively(ctx.errors, vscode.l10n.t('Rename Style Rule List'), list.name, vscode.l10n.t('Could not rename the style rule list'),
        (name, signal) => actions.renameStyleRules(list.styleId, name, signal));
    },
    delete: async (arg?: unknown) => {
      if (!await requireClient(ctx)) return;
      const list = await listFrom(arg, vscode.l10n.t('Delete Style Rule List'));
      if (!list) return;
      const del = vscode.l10n.t('Delete Style Rule List');
      const rules = Object.values(list.configuredRules ?? {}).reduce((n, g) => n + Object.keys(g ?? {}).length, 0);
      const instructions = list.customInstructions?.length ?? 0;
      if (await vscode.window.showWarningMessage(vscode.l10n.t('Delete the style rule list "{0}"?', list.name), {
        modal: true, detail: vscode.l10n.t('Its {0} and {1} are lost for good, and translations that name it (style_id {2}) will fail.',
          rules === 1 ? vscode.l10n.t('1 configured rule') : vscode.l10n.t('{0} configured rules', rules),
          instructions === 1 ? vscode.l10n.t('1 custom instruction') : vscode.l10n.t('{0} custom instructions', instructions), list.styleId),
      }, del) !== del) return;
      try {
        await withCancellableProgress(vscode.l10n.t('Deleting "{0}"…', list.name), (signal) => actions.deleteStyleRules(list.styleId, signal));
      } catch (err) {
        await ctx.errors.show(vscode.l10n.t('Could not delete the style rule list'), err);
      }
    },
    edit: async (arg?: unknown) => {
      if (!await requireClient(ctx)) return;
      const list = await listFrom(arg, vscode.l10n.t('Edit Style Rule List'));
      if (!list) return;
      try {
        await actions.editStyleRules(list.styleId);
      } catch (err) {
        await ctx.errors.show(vscode.l10n.t('Could not open "{0}"', list.name), err);
      }
    },
  };
}

/** A language's name in VS Code's display language ("German" for de), beside its code in a picker. */
function languageName(code: string): string | undefined {
  try {
    return new Intl.DisplayNames([vscode.env.language, 'en'], { type: 'language' }).of(code);
  } catch {
    return undefined; // no such data in this runtime: the code alone
  }
}
