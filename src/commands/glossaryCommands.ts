/** Create, rename, add dictionary, delete glossary, delete dictionary. */
import * as vscode from 'vscode';
import { QuotaError, ServiceError, type DictionaryInput } from '../api';
import { entriesForSending, lintEntries } from '../core';
import { validateName } from '../ui/validate';
import { lintKindOf, readLintSettings } from '../lint/documentKinds';
import { DictionaryNode, GlossaryNode, pairLabel } from '../tree/glossaryTree';
import { showPushBlocked } from '../ui/blocked';
import { describeError, showError } from '../ui/errors';
import { pickGlossaryPair } from '../ui/pickers';
import { withCancellableProgress } from '../ui/progress';
import { requireClient, type CommandContext } from './context';

/** Entries from the active editor when it holds a glossary file the user wants to use; '' to start empty;
 * undefined when the user cancelled or the file has errors to fix first. */
async function entriesFromEditor(pair: { sourceLang: string; targetLang: string }): Promise<Pick<DictionaryInput, 'entries' | 'entriesFormat'> | undefined> {
  const doc = vscode.window.activeTextEditor?.document;
  const kind = doc && lintKindOf(doc, readLintSettings());
  if (!doc || kind?.kind !== 'entries') return { entries: '', entriesFormat: 'tsv' };
  const name = doc.uri.path.split('/').pop();
  const use = vscode.l10n.t('Use {0}', name ?? 'the active file');
  const empty = vscode.l10n.t('Start Empty');
  const choice = await vscode.window.showQuickPick([use, empty], { title: vscode.l10n.t('Entries of the new {0} dictionary', pairLabel(pair)) });
  if (choice === undefined) return undefined;
  if (choice === empty) return { entries: '', entriesFormat: 'tsv' };
  const text = doc.getText();
  const errors = lintEntries(text, { format: kind.format, ...pair }).filter((f) => f.severity === 'error');
  if (errors.length) {
    showPushBlocked(name ?? 'the file', errors.length, doc.uri);
    return undefined;
  }
  return { entries: entriesForSending(text), entriesFormat: kind.format };
}

export function registerGlossaryCommands(ctx: CommandContext): vscode.Disposable[] {
  /** Interactive by default; automation may pass { name, sourceLang, targetLang, entries }. */
  const create = async (args?: { name: string; sourceLang: string; targetLang: string; entries?: string }): Promise<unknown> => {
    const client = await requireClient(ctx);
    if (!client) return undefined;
    const name = args?.name ?? await vscode.window.showInputBox({ title: vscode.l10n.t('New Glossary'), prompt: vscode.l10n.t('Name of the glossary'), validateInput: validateName });
    if (!name) return undefined;
    try {
      const languages = await withCancellableProgress(vscode.l10n.t('Loading glossary languages…'), (signal) => client.getLanguages('glossary', signal));
      const pair = args ? { sourceLang: args.sourceLang, targetLang: args.targetLang } : await pickGlossaryPair(languages);
      if (!pair) return undefined;
      const entries = args ? { entries: args.entries ?? '', entriesFormat: 'tsv' as const } : await entriesFromEditor(pair);
      if (!entries) return undefined;
      const g = await withCancellableProgress(vscode.l10n.t('Creating glossary "{0}"…', name), (signal) =>
        client.createGlossary(name, [{ ...pair, ...entries }], signal));
      ctx.glossaries.refresh();
      void vscode.window.showInformationMessage(vscode.l10n.t('Glossary "{0}" created with a {1} dictionary of {2} entries.', g.name, pairLabel(pair), g.dictionaries[0]?.entryCount ?? 0));
      return g;
    } catch (err) {
      // Plan limits are explained, never shown as a bare status. The free plan is reported to allow one glossary
      // and to refuse a second with some 4xx; a quota error (456) is the documented form.
      const planLimit = err instanceof QuotaError || (client.plan === 'free' && err instanceof ServiceError && (err.kind === 'forbidden' || err.kind === 'http'));
      if (planLimit) {
        const count = (await ctx.glossaries.items())?.length ?? 0;
        void vscode.window.showErrorMessage(client.plan === 'free'
          ? vscode.l10n.t('The free plan allows a single glossary, and this account has {0}. Add a dictionary to the existing glossary instead, delete it, or upgrade the plan.', count)
          : vscode.l10n.t('The glossary limit of your plan is reached ({0} glossaries). Delete one, or raise the limit of the plan. The service said: {1}', count, describeError(err)));
        return undefined;
      }
      await showError(vscode.l10n.t('Could not create the glossary'), err, () => create(args));
      return undefined;
    }
  };

  return [
    vscode.commands.registerCommand('terminology.glossaries.create', create),
    vscode.commands.registerCommand('terminology.glossaries.rename', async (node: GlossaryNode, newName?: string) => {
      const client = await requireClient(ctx);
      if (!client || !(node instanceof GlossaryNode)) return;
      const name = newName ?? await vscode.window.showInputBox({ title: vscode.l10n.t('Rename Glossary'), value: node.glossary.name, validateInput: validateName });
      if (!name || name === node.glossary.name) return;
      try {
        await withCancellableProgress(vscode.l10n.t('Renaming…'), (signal) => client.updateGlossary(node.glossary.glossaryId, { name }, signal));
        ctx.glossaries.refresh();
      } catch (err) {
        await showError(vscode.l10n.t('Could not rename the glossary'), err);
      }
    }),
    vscode.commands.registerCommand('terminology.glossaries.addDictionary', async (node: GlossaryNode, args?: { sourceLang: string; targetLang: string; entries?: string }) => {
      const client = await requireClient(ctx);
      if (!client || !(node instanceof GlossaryNode)) return;
      try {
        const languages = await withCancellableProgress(vscode.l10n.t('Loading glossary languages…'), (signal) => client.getLanguages('glossary', signal));
        const pair = args ? { sourceLang: args.sourceLang, targetLang: args.targetLang } : await pickGlossaryPair(languages, node.glossary.dictionaries);
        if (!pair) return;
        const entries = args ? { entries: args.entries ?? '', entriesFormat: 'tsv' as const } : await entriesFromEditor(pair);
        if (!entries) return;
        await withCancellableProgress(vscode.l10n.t('Adding the {0} dictionary…', pairLabel(pair)), (signal) =>
          client.replaceDictionary(node.glossary.glossaryId, { ...pair, ...entries }, signal));
        ctx.glossaries.refresh();
      } catch (err) {
        await showError(vscode.l10n.t('Could not add the dictionary'), err);
      }
    }),
    vscode.commands.registerCommand('terminology.glossaries.delete', async (node: GlossaryNode, opts?: { confirmed?: boolean }) => {
      const client = await requireClient(ctx);
      if (!client || !(node instanceof GlossaryNode)) return;
      const g = node.glossary;
      const lost = g.dictionaries.map((d) => `${pairLabel(d)}: ${d.entryCount} entries`).join('\n');
      const del = vscode.l10n.t('Delete Glossary');
      const ok = opts?.confirmed ? del : await vscode.window.showWarningMessage(vscode.l10n.t('Delete the glossary "{0}"?', g.name), {
        modal: true, detail: vscode.l10n.t('Its {0} dictionaries will be lost for good:\n{1}', g.dictionaries.length, lost),
      }, del);
      if (ok !== del) return;
      try {
        await withCancellableProgress(vscode.l10n.t('Deleting "{0}"…', g.name), (signal) => client.deleteGlossary(g.glossaryId, signal));
        ctx.glossaries.refresh();
      } catch (err) {
        await showError(vscode.l10n.t('Could not delete the glossary'), err);
        ctx.glossaries.refresh();
      }
    }),
    vscode.commands.registerCommand('terminology.dictionaries.delete', async (node: DictionaryNode, opts?: { confirmed?: boolean }) => {
      const client = await requireClient(ctx);
      if (!client || !(node instanceof DictionaryNode)) return;
      const { glossary: g, dictionary: d } = node;
      const del = vscode.l10n.t('Delete Dictionary');
      const ok = opts?.confirmed ? del : await vscode.window.showWarningMessage(vscode.l10n.t('Delete the {0} dictionary of "{1}"?', pairLabel(d), g.name), {
        modal: true, detail: vscode.l10n.t('Its {0} entries will be lost for good.', d.entryCount),
      }, del);
      if (ok !== del) return;
      try {
        await withCancellableProgress(vscode.l10n.t('Deleting the {0} dictionary…', pairLabel(d)), (signal) =>
          client.deleteDictionary(g.glossaryId, d.sourceLang, d.targetLang, signal));
        ctx.glossaries.refresh();
      } catch (err) {
        await showError(vscode.l10n.t('Could not delete the dictionary'), err);
        ctx.glossaries.refresh();
      }
    }),
  ];
}
