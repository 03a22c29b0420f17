/** Create collection, add term list, rename, delete collection, delete term list: commands gather from the UI,
 * actions do with plain values. */
import * as vscode from 'vscode';
import type { Language, ServiceClient, SpokenTerms } from '../api';
// The core's modules by name, not its index (see esbuild.mjs: this file is in a lazy bundle).
import { lintTermList, termsOf } from '../core/termList';
import { validateName } from '../platform/validate';
import { renameInteractively } from '../platform/rename';
import { lintKindOf, readLintSettings } from '../platform/documentKinds';
import { CollectionNode, TermListNode } from '../trees/spokenTermsTree';

import { pickLanguage } from '../platform/pickers';
import { withCancellableProgress } from '../platform/progress';
import { plural } from '../platform/words';
import { argOf, clientOrThrow, requireClient, type CommandContext } from '../trees/commandContext';
import { describeRef, parseRemoteRef as refOf } from '../platform/remoteUris';
import { closeDeleted } from '../platform/tabs';

export interface SpokenTermsActions {
  createCollection(name: string, list?: { lang: string; entries: string }, signal?: AbortSignal): Promise<SpokenTerms>;
  addTermList(spokenTermsId: string, list: { lang: string; entries: string }, signal?: AbortSignal): Promise<void>;
  renameCollection(spokenTermsId: string, name: string, signal?: AbortSignal): Promise<void>;
  deleteCollection(spokenTermsId: string, signal?: AbortSignal): Promise<void>;
  deleteTermList(spokenTermsId: string, lang: string, signal?: AbortSignal): Promise<void>;
}

export function spokenTermsActions(ctx: CommandContext): SpokenTermsActions {
  const refreshing = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } finally {
      ctx.spokenTerms.refresh();
    }
  };
  return {
    createCollection: (name, list, signal) => refreshing(async () =>
      (await clientOrThrow(ctx)).createSpokenTerms(name, list?.entries ? [list] : [], signal)),
    addTermList: (id, list, signal) => refreshing(async () => { await (await clientOrThrow(ctx)).replaceTermList(id, list, signal); }),
    renameCollection: (id, name, signal) => refreshing(async () => { await (await clientOrThrow(ctx)).updateSpokenTerms(id, { name }, signal); }),
    deleteCollection: async (id, signal) => {
      await refreshing(async () => { await (await clientOrThrow(ctx)).deleteSpokenTerms(id, signal); });
      await closeDeleted((uri) => uri.authority === 'spoken-terms' && refOf(uri)?.id === id,
        (uri) => vscode.l10n.t('The Spoken Terms collection "{0}"', refOf(uri)?.name ?? ''));
    },
    deleteTermList: async (id, lang, signal) => {
      await refreshing(async () => { await (await clientOrThrow(ctx)).deleteTermList(id, lang, signal); });
      await closeDeleted((uri) => { const r = refOf(uri); return r?.kind === 'termList' && r.id === id && r.lang.toLowerCase() === lang.toLowerCase(); },
        (uri) => vscode.l10n.t('The term list {0}', describeRef(refOf(uri)!)));
    },
  };
}

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
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} has {1} that the service would reject. Fix them first; nothing was sent.', name,
      plural(errors.length, '1 error', '{0} errors')));
    return undefined;
  }
  return termsOf(doc.getText()).join('\n');
}

/** The collection of a tree node, or one the user picks. */
async function collectionFrom(arg: unknown, client: ServiceClient, title: string): Promise<SpokenTerms | undefined> {
  const node = argOf(arg, CollectionNode) ?? argOf(arg, TermListNode);
  if (node) return node.collection;
  const all = await withCancellableProgress(vscode.l10n.t('Loading Spoken Terms collections…'), (signal) => client.listSpokenTerms(signal));
  if (!all.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('There are no Spoken Terms collections yet. Create one first.'));
    return undefined;
  }
  return (await vscode.window.showQuickPick(all.map((c) => ({ label: c.name, description: c.termLists.map((l) => l.lang.toUpperCase()).join(', '), c })), { title }))?.c;
}

/** The handlers of the Spoken Terms collections' commands (create, add a list, rename, delete), by command id. */
export function spokenTermsCommands(ctx: CommandContext, actions: SpokenTermsActions) {
  return {
    'terminology.spokenTerms.create': async () => {
      const client = await requireClient(ctx);
      if (!client) return;
      const name = await vscode.window.showInputBox({ title: vscode.l10n.t('New Spoken Terms Collection'), validateInput: validateName });
      if (!name) return;
      try {
        const lang = await pickLanguage(vscode.l10n.t('Language of the first term list'), await spokenTermsLanguages(client));
        if (!lang) return;
        const entries = await termsFromEditor();
        if (entries === undefined) return;
        await withCancellableProgress(vscode.l10n.t('Creating "{0}"…', name), (signal) => actions.createCollection(name, { lang, entries }, signal));
      } catch (err) {
        await ctx.errors.show(vscode.l10n.t('Could not create the collection'), err);
      }
    },
    'terminology.spokenTerms.addList': async (arg?: unknown) => {
      const client = await requireClient(ctx);
      const collection = client && await collectionFrom(arg, client, vscode.l10n.t('Add Term List'));
      if (!client || !collection) return;
      try {
        const taken = collection.termLists.map((l) => l.lang);
        const lang = await pickLanguage(vscode.l10n.t('Language of the new term list'), await spokenTermsLanguages(client), taken);
        if (!lang) return;
        const entries = await termsFromEditor();
        if (entries === undefined) return;
        await withCancellableProgress(vscode.l10n.t('Adding the {0} list…', lang.toUpperCase()), (signal) =>
          actions.addTermList(collection.spokenTermsId, { lang, entries }, signal));
      } catch (err) {
        await ctx.errors.show(vscode.l10n.t('Could not add the term list'), err);
      }
    },
    'terminology.spokenTerms.rename': async (arg?: unknown) => {
      const client = await requireClient(ctx);
      const collection = client && await collectionFrom(arg, client, vscode.l10n.t('Rename Collection'));
      if (!collection) return;
      await renameInteractively(ctx.errors, vscode.l10n.t('Rename Collection'), collection.name, vscode.l10n.t('Could not rename the collection'),
        (name, signal) => actions.renameCollection(collection.spokenTermsId, name, signal));
    },
    'terminology.spokenTerms.delete': async (arg?: unknown) => {
      const client = await requireClient(ctx);
      const c = client && await collectionFrom(arg, client, vscode.l10n.t('Delete Collection'));
      if (!c) return;
      const del = vscode.l10n.t('Delete Collection');
      const lists = c.termLists.map((l) => `${l.lang.toUpperCase()}: ${plural(l.entryCount, '1 term', '{0} terms')}`).join('\n');
      const ok = await vscode.window.showWarningMessage(vscode.l10n.t('Delete the Spoken Terms collection "{0}"?', c.name), {
        modal: true, detail: lists ? vscode.l10n.t('Its term lists will be lost for good:\n{0}', lists) : vscode.l10n.t('It holds no term lists.'),
      }, del);
      if (ok !== del) return;
      try {
        await withCancellableProgress(vscode.l10n.t('Deleting "{0}"…', c.name), (signal) => actions.deleteCollection(c.spokenTermsId, signal));
      } catch (err) {
        await ctx.errors.show(vscode.l10n.t('Could not delete the collection'), err);
      }
    },
    'terminology.spokenTerms.deleteList': async (arg?: unknown) => {
      const node = argOf(arg, TermListNode);
      if (!node) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Choose the term list to delete in the Spoken Terms view, then "Delete Term List…" in its context menu.'));
        return;
      }
      if (!await requireClient(ctx)) return;
      const del = vscode.l10n.t('Delete Term List');
      const ok = await vscode.window.showWarningMessage(vscode.l10n.t('Delete the {0} term list of "{1}"?', node.list.lang.toUpperCase(), node.collection.name), {
        modal: true, detail: vscode.l10n.t('Its {0} will be lost for good.', plural(node.list.entryCount, 'term', '{0} terms')),
      }, del);
      if (ok !== del) return;
      try {
        await withCancellableProgress(vscode.l10n.t('Deleting…'), (signal) => actions.deleteTermList(node.collection.spokenTermsId, node.list.lang, signal));
      } catch (err) {
        await ctx.errors.show(vscode.l10n.t('Could not delete the term list'), err);
      }
    },
  };
}
