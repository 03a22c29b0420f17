/** Create, rename, add dictionary, delete glossary, delete dictionary: commands gather from the UI (tree node,
 * input boxes, pickers, modals), actions do with plain values. */
import * as vscode from 'vscode';
import { QuotaError, ServiceError, type DictionaryInput, type Glossary, type ServiceClient } from '../api';
// The core's modules by name, not its index (see esbuild.mjs: this file is in a lazy bundle).
import { lintEntries } from '../core/entries';
import type { EntriesFormat } from '../core/fields';
import { countEntries } from '../core/merge';
import { entriesForSending } from '../core/serialize';
import { validateName } from '../platform/validate';
import { renameInteractively } from '../platform/rename';
import { lintKindOf, readLintSettings } from '../platform/documentKinds';
import { DictionaryNode, GlossaryNode } from '../trees/glossaryTree';
import { pairLabel } from '../platform/words';
import { describeError } from '../platform/errors';
import { pickGlossary, pickGlossaryPair } from '../platform/pickers';
import { withCancellableProgress } from '../platform/progress';
import { plural } from '../platform/words';
import { argOf, clientOrThrow, requireClient, type CommandContext } from '../trees/commandContext';
import { describeRef, parseRemoteRef as refOf } from '../platform/remoteUris';
import { closeDeleted } from '../platform/tabs';
import { pairKey } from '../core/workspace/manifest';

export interface NewDictionary { sourceLang: string; targetLang: string; entries?: string; entriesFormat?: EntriesFormat }

export interface GlossaryActions {
  createGlossary(name: string, dictionary: NewDictionary, signal?: AbortSignal): Promise<Glossary>;
  renameGlossary(glossaryId: string, name: string, signal?: AbortSignal): Promise<void>;
  addDictionary(glossaryId: string, dictionary: NewDictionary, signal?: AbortSignal): Promise<void>;
  deleteGlossary(glossaryId: string, signal?: AbortSignal): Promise<void>;
  deleteDictionary(glossaryId: string, sourceLang: string, targetLang: string, signal?: AbortSignal): Promise<void>;
}

/** A refused create that is a plan limit, explained in words (never a bare status). */
export class PlanLimitError extends Error {}

const input = (d: NewDictionary): DictionaryInput => ({
  sourceLang: d.sourceLang.toLowerCase(), targetLang: d.targetLang.toLowerCase(), entries: d.entries ?? '', entriesFormat: d.entriesFormat ?? 'tsv',
});

async function explainPlanLimit(ctx: CommandContext, client: ServiceClient, err: unknown): Promise<unknown> {
  // The free plan is reported to allow one glossary and to refuse a second with some 4xx; a quota error (456) is
  // the documented form.
  const planLimit = err instanceof QuotaError || (client.plan === 'free' && err instanceof ServiceError && (err.kind === 'forbidden' || err.kind === 'http'));
  if (!planLimit) return err;
  const count = (await ctx.glossaries.items())?.length ?? 0;
  return new PlanLimitError(client.plan === 'free'
    ? vscode.l10n.t('The free plan allows a single glossary, and this account has {0}. Add a dictionary to the existing glossary instead, delete it, or upgrade the plan.', count)
    : vscode.l10n.t('The glossary limit of your plan is reached ({0}). Delete a glossary, or raise the limit of the plan. The service said: {1}', plural(count, '1 glossary', '{0} glossaries'), describeError(err)));
}

export function glossaryActions(ctx: CommandContext): GlossaryActions {
  return {
    async createGlossary(name, dictionary, signal) {
      const client = await clientOrThrow(ctx);
      try {
        const g = await client.createGlossary(name, [input(dictionary)], signal);
        ctx.glossaries.refresh();
        return g;
      } catch (err) {
        throw await explainPlanLimit(ctx, client, err);
      }
    },
    async renameGlossary(glossaryId, name, signal) {
      await (await clientOrThrow(ctx)).updateGlossary(glossaryId, { name }, signal);
      ctx.glossaries.refresh();
    },
    async addDictionary(glossaryId, dictionary, signal) {
      await (await clientOrThrow(ctx)).replaceDictionary(glossaryId, input(dictionary), signal);
      ctx.glossaries.refresh();
    },
    async deleteGlossary(glossaryId, signal) {
      try {
        await (await clientOrThrow(ctx)).deleteGlossary(glossaryId, signal);
      } finally {
        ctx.glossaries.refresh();
      }
      await closeDeleted((uri) => refOf(uri)?.id === glossaryId && uri.authority === 'glossaries',
        (uri) => vscode.l10n.t('The glossary "{0}"', refOf(uri)?.name ?? ''));
    },
    async deleteDictionary(glossaryId, sourceLang, targetLang, signal) {
      try {
        await (await clientOrThrow(ctx)).deleteDictionary(glossaryId, sourceLang, targetLang, signal);
      } finally {
        ctx.glossaries.refresh();
      }
      const pair = pairKey(sourceLang, targetLang);
      await closeDeleted((uri) => { const r = refOf(uri); return r?.kind === 'dictionary' && r.id === glossaryId && pairKey(r.sourceLang, r.targetLang) === pair; },
        (uri) => vscode.l10n.t('The dictionary {0}', describeRef(refOf(uri)!)));
    },
  };
}

/** Entries for a new dictionary: none, or a glossary file the user picks (the active editor's first, then the
 * workspace's glossary files: only TSV and CSV glossary files are offered). Undefined when the user cancelled, or
 * the file has errors to fix first, or its language columns name another pair and the user did not go on. */
async function entriesFromFile(ctx: CommandContext, pair: { sourceLang: string; targetLang: string }): Promise<Pick<DictionaryInput, 'entries' | 'entriesFormat'> | undefined> {
  const settings = readLintSettings();
  const active = vscode.window.activeTextEditor?.document;
  const files: vscode.Uri[] = [];
  if (active && lintKindOf(active, settings)?.kind === 'entries' && active.uri.scheme !== 'terminology') files.push(active.uri);
  for (const pattern of settings.glossaryFiles) {
    for (const uri of await vscode.workspace.findFiles(pattern, '**/node_modules/**', 50)) {
      if (!files.some((f) => f.toString() === uri.toString())) files.push(uri);
    }
  }
  if (!files.length) return { entries: '', entriesFormat: 'tsv' };
  type Item = vscode.QuickPickItem & { uri?: vscode.Uri };
  const items: Item[] = [
    { label: vscode.l10n.t('$(circle-slash) Start empty'), description: vscode.l10n.t('add entries later in the dictionary') },
    ...files.map((uri) => ({ label: `$(file) ${vscode.workspace.asRelativePath(uri)}`, description: uri.toString() === active?.uri.toString() ? vscode.l10n.t('active editor') : undefined, uri })),
  ];
  const choice = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Entries of the new {0} dictionary', pairLabel(pair)) });
  if (!choice) return undefined;
  if (!choice.uri) return { entries: '', entriesFormat: 'tsv' };
  const doc = await vscode.workspace.openTextDocument(choice.uri);
  const kind = lintKindOf(doc, settings);
  if (kind?.kind !== 'entries') return undefined;
  const name = vscode.workspace.asRelativePath(doc.uri);
  const text = doc.getText();
  const findings = lintEntries(text, { format: kind.format, ...pair });
  const errors = findings.filter((f) => f.severity === 'error');
  if (errors.length) {
    ctx.blocked.show(name, errors.length, doc.uri);
    return undefined;
  }
  // CSV language columns that name another pair: the service ignores those entries. Say so before creating.
  const other = findings.filter((f) => f.code === 'language-mismatch').map((f) => f.line);
  const ignored = new Set(other).size;
  if (ignored) {
    const entries = countEntries(text);
    const go = vscode.l10n.t('Create Anyway');
    if (await vscode.window.showWarningMessage(
      vscode.l10n.t('{0} of the {1} in {2} name another language pair than {3} in their language columns.', ignored, plural(entries, '1 entry', '{0} entries'), name, pairLabel(pair)),
      { modal: true, detail: vscode.l10n.t('The service ignores such entries. Choose Cancel to pick another pair or fix the file.') }, go) !== go) return undefined;
  }
  return { entries: entriesForSending(text), entriesFormat: kind.format };
}

/** The glossary of a tree node, or one the user picks (when the command runs from the palette or a key). */
async function glossaryFrom(arg: unknown, client: ServiceClient, title: string): Promise<Glossary | undefined> {
  const node = argOf(arg, GlossaryNode) ?? argOf(arg, DictionaryNode);
  return node?.glossary ?? pickGlossary(client, title);
}

/** Opening a dictionary as a document: the documents feature does it (extension.ts hands its actions in). */
export interface OpensDictionary {
  openDictionary(glossary: { glossaryId: string; name: string }, pair: { sourceLang: string; targetLang: string }): Promise<vscode.TextDocument>;
}

/** The handlers of the glossaries' commands (create, rename, add a dictionary, delete), by command id. */
export function glossaryCommands(ctx: CommandContext, actions: GlossaryActions & OpensDictionary) {
  const create = async (): Promise<void> => {
    const client = await requireClient(ctx);
    if (!client) return;
    const name = await vscode.window.showInputBox({ title: vscode.l10n.t('New Glossary'), prompt: vscode.l10n.t('Name of the glossary'), validateInput: validateName });
    if (!name) return;
    try {
      const languages = await withCancellableProgress(vscode.l10n.t('Loading glossary languages…'), (signal) => client.getLanguages('glossary', signal));
      const pair = await pickGlossaryPair(languages);
      if (!pair) return;
      const entries = await entriesFromFile(ctx, pair);
      if (!entries) return;
      const g = await withCancellableProgress(vscode.l10n.t('Creating glossary "{0}"…', name), (signal) => actions.createGlossary(name, { ...pair, ...entries }, signal));
      await ctx.glossaries.reveal(g.glossaryId).catch(() => undefined);
      const open = vscode.l10n.t('Open Dictionary');
      const picked = await vscode.window.showInformationMessage(vscode.l10n.t('Glossary "{0}" created with a {1} dictionary of {2}.', g.name, pairLabel(pair),
        plural(g.dictionaries[0]?.entryCount ?? 0, '1 entry', '{0} entries')), open);
      if (picked === open) await actions.openDictionary(g, pair);
    } catch (err) {
      if (err instanceof PlanLimitError) void vscode.window.showErrorMessage(err.message);
      else await ctx.errors.show(vscode.l10n.t('Could not create the glossary'), err, create);
    }
  };

  return {
    'terminology.glossaries.create': create,
    'terminology.glossaries.rename': async (arg?: unknown) => {
      const client = await requireClient(ctx);
      const glossary = client && await glossaryFrom(arg, client, vscode.l10n.t('Rename Glossary'));
      if (!glossary) return;
      await renameInteractively(ctx.errors, vscode.l10n.t('Rename Glossary'), glossary.name, vscode.l10n.t('Could not rename the glossary'),
        (name, signal) => actions.renameGlossary(glossary.glossaryId, name, signal));
    },
    'terminology.glossaries.addDictionary': async (arg?: unknown) => {
      const client = await requireClient(ctx);
      const glossary = client && await glossaryFrom(arg, client, vscode.l10n.t('Add Dictionary'));
      if (!client || !glossary) return;
      try {
        const languages = await withCancellableProgress(vscode.l10n.t('Loading glossary languages…'), (signal) => client.getLanguages('glossary', signal));
        const pair = await pickGlossaryPair(languages, glossary.dictionaries);
        if (!pair) return;
        const entries = await entriesFromFile(ctx, pair);
        if (!entries) return;
        await withCancellableProgress(vscode.l10n.t('Adding the {0} dictionary…', pairLabel(pair)), (signal) => actions.addDictionary(glossary.glossaryId, { ...pair, ...entries }, signal));
      } catch (err) {
        await ctx.errors.show(vscode.l10n.t('Could not add the dictionary'), err);
      }
    },
    'terminology.glossaries.delete': async (arg?: unknown) => {
      const client = await requireClient(ctx);
      const g = client && await glossaryFrom(arg, client, vscode.l10n.t('Delete Glossary'));
      if (!g) return;
      const lost = g.dictionaries.map((d) => `${pairLabel(d)}: ${plural(d.entryCount, '1 entry', '{0} entries')}`).join('\n');
      const del = vscode.l10n.t('Delete Glossary');
      const ok = await vscode.window.showWarningMessage(vscode.l10n.t('Delete the glossary "{0}"?', g.name), {
        modal: true, detail: vscode.l10n.t('{0} will be lost for good:\n{1}', plural(g.dictionaries.length, 'Its dictionary', 'Its {0} dictionaries'), lost),
      }, del);
      if (ok !== del) return;
      try {
        await withCancellableProgress(vscode.l10n.t('Deleting "{0}"…', g.name), (signal) => actions.deleteGlossary(g.glossaryId, signal));
      } catch (err) {
        await ctx.errors.show(vscode.l10n.t('Could not delete the glossary'), err);
      }
    },
    'terminology.dictionaries.delete': async (arg?: unknown) => {
      const node = argOf(arg, DictionaryNode);
      if (!node) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Choose the dictionary to delete in the Glossaries view, then "Delete Dictionary…" in its context menu.'));
        return;
      }
      if (!await requireClient(ctx)) return;
      const { glossary: g, dictionary: d } = node;
      const del = vscode.l10n.t('Delete Dictionary');
      const ok = await vscode.window.showWarningMessage(vscode.l10n.t('Delete the {0} dictionary of "{1}"?', pairLabel(d), g.name), {
        modal: true, detail: vscode.l10n.t('Its {0} will be lost for good.', plural(d.entryCount, 'entry', '{0} entries')),
      }, del);
      if (ok !== del) return;
      try {
        await withCancellableProgress(vscode.l10n.t('Deleting the {0} dictionary…', pairLabel(d)), (signal) => actions.deleteDictionary(g.glossaryId, d.sourceLang, d.targetLang, signal));
      } catch (err) {
        await ctx.errors.show(vscode.l10n.t('Could not delete the dictionary'), err);
      }
    },
  };
}
