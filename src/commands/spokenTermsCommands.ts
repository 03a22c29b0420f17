/** Create collection, add term list, rename, delete collection, delete term list. */
import * as vscode from 'vscode';
import type { Language, ServiceClient } from '../api';
import { lintTermList, termsOf } from '../core';
import { validateName } from '../ui/validate';
import { lintKindOf, readLintSettings } from '../lint/documentKinds';
import { CollectionNode, TermListNode } from '../tree/spokenTermsTree';
import { showError } from '../ui/errors';
import { pickLanguage } from '../ui/pickers';
import { withCancellableProgress } from '../ui/progress';
import { requireClient, type CommandContext } from './context';

async function spokenTermsLanguages(client: ServiceClient): Promise<Language[]> {
  const voice = await withCancellableProgress(vscode.l10n.t('Loading voice languages…'), (signal) => client.getLanguages('voice', signal));
  return voice.filter((l) => l.usableAsSource && l.features.includes('spoken_terms'));
}

/** Terms from the active editor when it is a term list the user wants to use; '' to start empty. */
async function termsFromEditor(): Promise<string | undefined> {
  const doc = vscode.window.activeTextEditor?.document;
  if (!doc || lintKindOf(doc, readLintSettings())?.kind !== 'terms') return '';
  const name = doc.uri.path.split('/').pop() ?? 'the active file';
  const use = vscode.l10n.t('Use {0}', name);
  const choice = await vscode.window.showQuickPick([use, vscode.l10n.t('Start Empty')], { title: vscode.l10n.t('Terms of the new list') });
  if (choice === undefined) return undefined;
  if (choice !== use) return '';
  const errors = lintTermList(doc.getText()).filter((f) => f.severity === 'error');
  if (errors.length) {
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} has {1} error(s) that the service would reject. Fix them first; nothing was sent.', name, errors.length));
    return undefined;
  }
  return termsOf(doc.getText()).join('\n');
}

export function registerSpokenTermsCommands(ctx: CommandContext): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('terminology.spokenTerms.create', async (args?: { name: string; lang: string; entries?: string }) => {
      const client = await requireClient(ctx);
      if (!client) return;
      const name = args?.name ?? await vscode.window.showInputBox({ title: vscode.l10n.t('New Spoken Terms Collection'), validateInput: validateName });
      if (!name) return;
      try {
        const lang = args?.lang ?? await pickLanguage(vscode.l10n.t('Language of the first term list'), await spokenTermsLanguages(client));
        if (!lang) return;
        const entries = args ? args.entries ?? '' : await termsFromEditor();
        if (entries === undefined) return;
        await withCancellableProgress(vscode.l10n.t('Creating "{0}"…', name), (signal) =>
          client.createSpokenTerms(name, entries ? [{ lang, entries }] : [], signal));
        ctx.spokenTerms.refresh();
      } catch (err) {
        await showError(vscode.l10n.t('Could not create the collection'), err);
      }
    }),
    vscode.commands.registerCommand('terminology.spokenTerms.addList', async (node: CollectionNode, args?: { lang: string; entries?: string }) => {
      const client = await requireClient(ctx);
      if (!client || !(node instanceof CollectionNode)) return;
      try {
        const taken = node.collection.termLists.map((l) => l.lang);
        const lang = args?.lang ?? await pickLanguage(vscode.l10n.t('Language of the new term list'), await spokenTermsLanguages(client), taken);
        if (!lang) return;
        const entries = args ? args.entries ?? '' : await termsFromEditor();
        if (entries === undefined) return;
        await withCancellableProgress(vscode.l10n.t('Adding the {0} list…', lang.toUpperCase()), (signal) =>
          client.replaceTermList(node.collection.spokenTermsId, { lang, entries }, signal));
        ctx.spokenTerms.refresh();
      } catch (err) {
        await showError(vscode.l10n.t('Could not add the term list'), err);
      }
    }),
    vscode.commands.registerCommand('terminology.spokenTerms.rename', async (node: CollectionNode, newName?: string) => {
      const client = await requireClient(ctx);
      if (!client || !(node instanceof CollectionNode)) return;
      const name = newName ?? await vscode.window.showInputBox({ title: vscode.l10n.t('Rename Collection'), value: node.collection.name, validateInput: validateName });
      if (!name || name === node.collection.name) return;
      try {
        await withCancellableProgress(vscode.l10n.t('Renaming…'), (signal) => client.updateSpokenTerms(node.collection.spokenTermsId, { name }, signal));
        ctx.spokenTerms.refresh();
      } catch (err) {
        await showError(vscode.l10n.t('Could not rename the collection'), err);
      }
    }),
    vscode.commands.registerCommand('terminology.spokenTerms.delete', async (node: CollectionNode, opts?: { confirmed?: boolean }) => {
      const client = await requireClient(ctx);
      if (!client || !(node instanceof CollectionNode)) return;
      const c = node.collection;
      const del = vscode.l10n.t('Delete Collection');
      const lists = c.termLists.map((l) => `${l.lang.toUpperCase()}: ${l.entryCount} terms`).join('\n');
      const ok = opts?.confirmed ? del : await vscode.window.showWarningMessage(vscode.l10n.t('Delete the Spoken Terms collection "{0}"?', c.name), {
        modal: true, detail: vscode.l10n.t('Its term lists will be lost for good:\n{0}', lists || '(none)'),
      }, del);
      if (ok !== del) return;
      try {
        await withCancellableProgress(vscode.l10n.t('Deleting "{0}"…', c.name), (signal) => client.deleteSpokenTerms(c.spokenTermsId, signal));
      } catch (err) {
        await showError(vscode.l10n.t('Could not delete the collection'), err);
      }
      ctx.spokenTerms.refresh();
    }),
    vscode.commands.registerCommand('terminology.spokenTerms.deleteList', async (node: TermListNode, opts?: { confirmed?: boolean }) => {
      const client = await requireClient(ctx);
      if (!client || !(node instanceof TermListNode)) return;
      const del = vscode.l10n.t('Delete Term List');
      const ok = opts?.confirmed ? del : await vscode.window.showWarningMessage(vscode.l10n.t('Delete the {0} term list of "{1}"?', node.list.lang.toUpperCase(), node.collection.name), {
        modal: true, detail: vscode.l10n.t('Its {0} terms will be lost for good.', node.list.entryCount),
      }, del);
      if (ok !== del) return;
      try {
        await withCancellableProgress(vscode.l10n.t('Deleting…'), (signal) => client.deleteTermList(node.collection.spokenTermsId, node.list.lang, signal));
      } catch (err) {
        await showError(vscode.l10n.t('Could not delete the term list'), err);
      }
      ctx.spokenTerms.refresh();
    }),
  ];
}
