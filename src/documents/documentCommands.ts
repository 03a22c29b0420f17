/** Opening remote documents, and what a save offers when the remote moved: Compare, Merge, Overwrite; Pull. */
import * as vscode from 'vscode';
import { parseEntries, serializeEntries, type MergeResult } from '../core';
import { NotFoundError } from '../api';
import { readText } from '../platform/readText';
import { replaceText } from '../platform/replaceText';
import { clientOrThrow, requireClient, treeOf, type CommandContext } from '../trees/commandContext';
import type { DiagnosticsManager } from '../lint/diagnosticsManager';
import { LANGUAGE_MULTILINGUAL, LANGUAGE_TERMS, LANGUAGE_TSV, lintKindOf, readLintSettings } from '../platform/documentKinds';
import { DictionaryNode, GlossaryNode } from '../trees/glossaryTree';
import { pairLabel, plural } from '../platform/words';
import { TermListNode } from '../trees/spokenTermsTree';

import { pickGlossary } from '../platform/pickers';
import { withCancellableProgress } from '../platform/progress';
import { publishedFindings } from '../lint/convert';
import { once } from '../platform/lazy';
import { readOpenGlossaryIn } from '../platform/settings';
import type { RemoteFileSystem } from './remoteFs';
import { GONE, type Preflight, type SaveUi } from './saveCheck';
import { describeRef, dictionaryUri, glossaryViewUri, parseRemoteRef, REMOTE_SNAPSHOT_SCHEME, SCHEME, termListUri, type RemoteRef } from '../platform/remoteUris';

const basename = (uri: vscode.Uri) => uri.path.slice(uri.path.lastIndexOf('/') + 1);

/** Read-only snapshots of the remote side for diff editors; the command that opens one sets its text first. */
export class RemoteSnapshots implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  set(target: vscode.Uri, text: string): vscode.Uri {
    const uri = target.with({ scheme: REMOTE_SNAPSHOT_SCHEME });
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    return uri;
  }

  /** After a push the remote side of an open Compare shows what the service now holds. */
  refresh(target: vscode.Uri, text: string): void {
    const uri = target.with({ scheme: REMOTE_SNAPSHOT_SCHEME });
    if (this.texts.has(uri.toString())) this.set(target, text);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }
}

export function createSaveUi(ctx: CommandContext, diagnostics: DiagnosticsManager, snapshots: RemoteSnapshots): SaveUi {
  return {
    discarded(uri, restore) {
      const back = vscode.l10n.t('Restore My Changes');
      void vscode.window.showWarningMessage(vscode.l10n.t('Your unsaved changes to {0} were discarded ("Don\'t Save" or Revert): the document holds the remote version again.', basename(uri)), back)
        .then(async (picked) => { if (picked === back) await restore().catch((err: unknown) => ctx.errors.show(vscode.l10n.t('Could not restore your changes'), err)); });
    },
    unchanged(uri) {
      vscode.window.setStatusBarMessage(vscode.l10n.t('{0}: no entry changed, nothing to push', basename(uri)), 5000);
    },
    pushed(uri, ref, text, dictionaries) {
      snapshots.refresh(uri, text);
      // The checks across dictionaries of open multilingual glossaries see what was just pushed.
      if (ref.kind !== 'termList') for (const d of vscode.workspace.textDocuments) diagnostics.refreshGridContext(d);
      // Saved is reviewed: the drafts it held are entries now.
      const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      if (doc && ref.kind === 'glossary') diagnostics.setDrafts(doc, undefined);
      treeOf(ctx, ref.kind).refresh();
      const nl = text.search(/\r|\n/);
      const header = nl < 0 ? text : text.slice(0, nl);
      vscode.window.setStatusBarMessage(pushedStatus(ref, dictionaries, header.split('\t').length - 1), 5000);
    },
    pushedPart(_uri, ref) {
      treeOf(ctx, ref.kind).refresh();
    },
    rejected(uri, finding) {
      const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      if (doc) diagnostics.setServerFindings(doc, [finding]);
    },
    progress: (title, work) => withCancellableProgress(title, work),
    errorsAt: (doc, version, options) => diagnostics.errorsAt(doc, version, options),
  };
}

/** What the status bar says after a save pushed: which dictionaries of a multilingual glossary went (one call each),
 * out of `total` (the document's target columns). */
function pushedStatus(ref: RemoteRef, dictionaries?: readonly string[], total = 0): string {
  if (ref.kind !== 'glossary' || !dictionaries) return vscode.l10n.t('$(check) Pushed {0}', describeRef(ref));
  if (!dictionaries.length) return vscode.l10n.t('$(check) {0}: the service holds these entries already, nothing was sent', describeRef(ref));
  const pairs = dictionaries.map((t) => `${ref.sourceLang.toUpperCase()} → ${t.toUpperCase()}`).join(', ');
  const rest = total - dictionaries.length;
  return rest > 0
    ? vscode.l10n.t('$(check) Pushed {0} of "{1}" (the other {2} had no change)', pairs, ref.name, rest === 1 ? vscode.l10n.t('dictionary') : vscode.l10n.t('{0} dictionaries', rest))
    : vscode.l10n.t('$(check) Pushed {0} of "{1}"', pairs, ref.name);
}

/** What a save says when it does not simply push (drafts to review, a conflict, a document gone from the service):
 * loaded when one is first shown (./lazy.ts, ./savePrompts.ts). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const savePrompts = once(() => require('./lazy') as typeof import('./lazy'));

/** The remote document at `uri`, or undefined. */
async function remoteDocument(uri: vscode.Uri | undefined): Promise<{ doc: vscode.TextDocument; ref: RemoteRef } | undefined> {
  const ref = uri?.scheme === SCHEME ? parseRemoteRef(uri) : undefined;
  return uri && ref ? { doc: await vscode.workspace.openTextDocument(uri), ref } : undefined;
}

/** The address a command was run for: the menu's resource, else the active editor's (text or table). */
export function commandUri(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  if (tab instanceof vscode.TabInputCustom || tab instanceof vscode.TabInputText) return tab.uri;
  if (tab instanceof vscode.TabInputTextDiff) return tab.modified;
  return vscode.window.activeTextEditor?.document.uri;
}

const notRemote = () => void vscode.window.showInformationMessage(vscode.l10n.t('Open a dictionary or term list from the Terminology explorer first.'));

export interface RemoteTarget { glossaryId: string; sourceLang: string; targetLang: string }

/** What the document commands do, with plain values; the commands gather these from menus, pickers and modals. */
export interface DocumentActions {
  openDictionary(glossary: { glossaryId: string; name: string }, pair: { sourceLang: string; targetLang: string }): Promise<vscode.TextDocument>;
  openTermList(collection: { spokenTermsId: string; name: string }, lang: string): Promise<vscode.TextDocument>;
  /** Every dictionary of a glossary from `sourceLang` as one document: a column per target language; shown as text
   * (the default) or in the table view. */
  openGlossary(glossary: { glossaryId: string; name: string }, sourceLang: string, options?: { in?: 'table' | 'text' }): Promise<vscode.TextDocument>;
  /** A diff editor, remote ↔ the document; returns the remote side's address. */
  compareWithRemote(uri: vscode.Uri, signal?: AbortSignal): Promise<vscode.Uri>;
  /** A local glossary file against a dictionary; returns the remote side's address. */
  compareLocal(uri: vscode.Uri, target: RemoteTarget, signal?: AbortSignal): Promise<vscode.Uri>;
  /** Merges the remote's changes into the document (three-way), as one undoable edit. */
  mergeWithRemote(uri: vscode.Uri, signal?: AbortSignal): Promise<MergeResult>;
  /** What Overwrite would lose: the remote now (GONE: deleted on the service), and how many of its entries changed
   * since the document's base in a way the document does not have (the remote's changes a merge would take, and those
   * changed on both sides); `lost` is undefined when no base is known. Nothing is pushed. */
  overwriteLoss(uri: vscode.Uri, signal?: AbortSignal): Promise<{ remote: string; lost?: number; containerGone?: boolean }>;
  /** Pushes the document over the remote version last seen, or `remote` (the version the user was told they
   * overwrite, from overwriteLoss): a newer one than that refuses the save, as any change not shown does. */
  overwriteRemote(uri: vscode.Uri, signal?: AbortSignal, remote?: string): Promise<boolean>;
  /** Replaces the document's text with the remote version (the user agreed to drop unsaved edits). */
  pull(uri: vscode.Uri, signal?: AbortSignal): Promise<void>;
  /** What saving the document would do now (nothing is pushed); a save right after reuses its fetch. */
  preflightSave(uri: vscode.Uri, signal?: AbortSignal): Promise<Preflight>;
}

/** `openingInTable`: a glossary is about to be read for the table (see DiagnosticsManager.openingInTable). */
export function documentActions(ctx: CommandContext, fs: RemoteFileSystem, snapshots: RemoteSnapshots, openingInTable?: (uri: vscode.Uri) => void): DocumentActions {
  const open = async (uri: vscode.Uri, language: string) => {
    let doc = await vscode.workspace.openTextDocument(uri);
    if (doc.languageId !== language) doc = await vscode.languages.setTextDocumentLanguage(doc, language);
    await vscode.window.showTextDocument(doc, { preview: false });
    return doc;
  };
  const remoteOrGone = (uri: vscode.Uri, signal?: AbortSignal) => fs.fetchRemote(uri, signal).catch((err: unknown) => { if (err instanceof NotFoundError) return GONE; throw err; });
  const remote = async (uri: vscode.Uri) => {
    const r = await remoteDocument(uri);
    if (!r) throw new Error(vscode.l10n.t('{0} is not a dictionary or term list of the service.', basename(uri)));
    return r;
  };
  return {
    openDictionary: (g, pair) => open(dictionaryUri(g, pair), LANGUAGE_TSV),
    openTermList: (c, lang) => open(termListUri(c, lang), LANGUAGE_TERMS),
    openGlossary: async (g, sourceLang, options) => {
      if (options?.in !== 'table') return open(glossaryViewUri(g, sourceLang), LANGUAGE_MULTILINGUAL);
      const uri = glossaryViewUri(g, sourceLang);
      if (!vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) openingInTable?.(uri);
      let doc = await vscode.workspace.openTextDocument(uri);
      if (doc.languageId !== LANGUAGE_MULTILINGUAL) doc = await vscode.languages.setTextDocumentLanguage(doc, LANGUAGE_MULTILINGUAL);
      await vscode.commands.executeCommand('vscode.openWith', doc.uri, 'terminology.table', { preview: false });
      return doc;
    },
    async compareWithRemote(uri, signal) {
      const { doc } = await remote(uri);
      const text = await fs.fetchRemote(doc.uri, signal);
      const left = snapshots.set(doc.uri, text);
      await vscode.commands.executeCommand('vscode.diff', left, doc.uri, vscode.l10n.t('{0}: remote ↔ yours', basename(doc.uri)));
      return left;
    },
    async compareLocal(uri, target, signal) {
      const doc = await vscode.workspace.openTextDocument(uri);
      const kind = lintKindOf(doc, readLintSettings());
      if (kind?.kind !== 'entries') throw new Error(vscode.l10n.t('{0} is not a glossary file (TSV or CSV).', basename(uri)));
      const client = await clientOrThrow(ctx);
      const glossary = await client.getGlossary(target.glossaryId, signal);
      const text = await client.getDictionaryEntries(glossary.glossaryId, target.sourceLang, target.targetLang, signal);
      // Shown in the file's own format, so that the diff lines up.
      const shown = kind.format === 'tsv' ? text : serializeEntries(parseEntries(text, 'tsv').entries, 'csv');
      const left = snapshots.set(dictionaryUri(glossary, target), shown);
      await vscode.commands.executeCommand('vscode.diff', left, doc.uri, vscode.l10n.t('{0} ({1}) ↔ {2}', basename(left), glossary.name, basename(doc.uri)));
      return left;
    },
    async mergeWithRemote(uri, signal) {
      const { doc, ref } = await remote(uri);
      await fs.settled(doc.uri);
      const known = fs.base(doc.uri);
      const base = known ?? '';
      const text = fs.remoteAhead(doc.uri) ?? await fs.fetchRemote(doc.uri, signal);
      const read = await readText(doc);
      const before = read.text;
      // On the core worker for a large text: a 10 MiB three-way merge does not stall the extension host.
      const result = await ctx.offload.merge(ref.kind === 'glossary' ? 'grid' : ref.kind === 'dictionary' ? 'entries' : 'terms', base, before, text);
      await replaceText(ctx.offload, doc, result.text, read);
      // The text before the merge descends from the base the merge used, not from the remote the fetch saw.
      fs.rebase(doc.uri, text, before, result.text, known);
      return result;
    },
    async overwriteLoss(uri, signal) {
      const { doc, ref } = await remote(uri);
      await fs.settled(doc.uri);
      const known = fs.base(doc.uri);
      // Read now, not the remote a failed save saw: it may have moved since (changed again, or deleted).
      const text = await remoteOrGone(doc.uri, signal);
      // Not there: the dictionary was deleted, or its whole glossary is gone for the key (which no push can mend).
      if (text === GONE) return { remote: text, containerGone: await fs.containerMissing(doc.uri, signal) === true };
      if (known === undefined) return { remote: text };
      // The merge's own count, on the core worker (a 10 MiB text does not stall the extension host); its text is dropped.
      const merged = await ctx.offload.merge(ref.kind === 'glossary' ? 'grid' : ref.kind === 'dictionary' ? 'entries' : 'terms', known, (await readText(doc)).text, text);
      return { remote: text, lost: merged.fromRemote + merged.conflicts };
    },
    async overwriteRemote(uri, signal, seen) {
      const { doc } = await remote(uri);
      // Deleted on the service: what is overwritten is its absence (the save creates it again).
      const text = seen ?? fs.remoteAhead(doc.uri) ?? await remoteOrGone(doc.uri, signal);
      fs.approveOverwrite(doc.uri, text);
      // For this save only: one that sends nothing (a clean document) must leave no approval for a later text.
      try {
        return await doc.save();
      } finally {
        fs.withdrawOverwrite(doc.uri);
      }
    },
    async preflightSave(uri, signal) {
      const { doc } = await remote(uri);
      return fs.preflight(doc.uri, (await readText(doc)).text, signal);
    },
    async pull(uri, signal) {
      const { doc } = await remote(uri);
      const text = await fs.fetchRemote(doc.uri, signal);
      const read = await readText(doc);
      fs.accept(doc.uri, text, read.text);
      await replaceText(ctx.offload, doc, text, read);
      // The text now equals the version just accepted: this save sends nothing and marks the document clean.
      if (doc.isDirty) await doc.save();
    },
  };
}

function mergeMessage(result: MergeResult): string {
  const taken = plural(result.fromRemote, '1 remote change', '{0} remote changes');
  return result.conflicts
    ? vscode.l10n.t('Merged {0}. {1} changed on both sides and marked as conflicts: keep one side of each (Quick Fix on any line of a block), then save.', taken,
      plural(result.conflicts, '1 entry was', '{0} entries were'))
    : vscode.l10n.t('Merged {0} into your version. Save to push.', taken);
}

export function registerDocumentCommands(ctx: CommandContext, actions: DocumentActions): vscode.Disposable[] {
  /** The remote document a command was run for, or a message saying what to open. */
  const target = async (arg: unknown) => {
    const r = await remoteDocument(commandUri(arg));
    if (!r) notRemote();
    return r;
  };

  const openDictionary = async (arg?: unknown) => {
    const node = arg instanceof DictionaryNode ? arg : undefined;
    let glossary = node?.glossary;
    let pair: { sourceLang: string; targetLang: string } | undefined = node?.dictionary;
    if (!glossary) {
      const client = await requireClient(ctx);
      glossary = client && await pickGlossary(client, vscode.l10n.t('Open Dictionary'));
      if (!glossary) return;
      pair = glossary.dictionaries.length === 1 ? glossary.dictionaries[0]
        : (await vscode.window.showQuickPick(glossary.dictionaries.map((d) => ({ label: pairLabel(d), description: plural(d.entryCount, '1 entry', '{0} entries'), d })),
          { title: vscode.l10n.t('Open a dictionary of "{0}"', glossary.name) }))?.d;
    }
    if (!glossary || !pair) return;
    const g = glossary;
    const p = pair;
    const retry = () => actions.openDictionary(g, p).catch((err: unknown) => ctx.errors.show(vscode.l10n.t('Could not open {0}', pairLabel(p)), err, retry));
    await retry();
  };

  const openGlossary = async (arg?: unknown) => {
    let glossary = arg instanceof GlossaryNode ? arg.glossary : arg instanceof DictionaryNode ? arg.glossary : undefined;
    if (!glossary) {
      const client = await requireClient(ctx);
      glossary = client && await pickGlossary(client, vscode.l10n.t('Open Glossary'));
    }
    if (!glossary) return;
    const g = glossary;
    // The source with the most dictionaries first (the one Enter opens), then by code.
    const count = (s: string) => g.dictionaries.filter((d) => d.sourceLang.toLowerCase() === s).length;
    const sources = [...new Set(g.dictionaries.map((d) => d.sourceLang.toLowerCase()))]
      .sort((a, b) => count(b) - count(a) || (a < b ? -1 : a > b ? 1 : 0));
    if (!sources.length) {
      void vscode.window.showInformationMessage(vscode.l10n.t('"{0}" has no dictionary yet. Add one first (Add Dictionary in its menu).', g.name));
      return;
    }
    const fromNode = arg instanceof DictionaryNode ? arg.dictionary.sourceLang.toLowerCase() : undefined;
    const sourceLang = fromNode ?? (sources.length === 1 ? sources[0] : (await vscode.window.showQuickPick(sources.map((s) => {
      const targets = g.dictionaries.filter((d) => d.sourceLang.toLowerCase() === s).map((d) => d.targetLang.toUpperCase()).sort();
      return { label: s.toUpperCase(), description: `→ ${targets.join(', ')}`, s };
    }), { title: vscode.l10n.t('Open "{0}" from which source language?', g.name) }))?.s);
    if (!sourceLang) return;
    const retry = () => actions.openGlossary(g, sourceLang, { in: readOpenGlossaryIn() }).catch((err: unknown) => ctx.errors.show(vscode.l10n.t('Could not open "{0}"', g.name), err, retry));
    await retry();
  };

  const compare = async (arg?: unknown) => {
    const uri = commandUri(arg);
    try {
      if (uri?.scheme === SCHEME) {
        if (!await target(uri)) return;
        await withCancellableProgress(vscode.l10n.t('Fetching the remote {0}…', basename(uri)), (signal) => actions.compareWithRemote(uri, signal));
        return;
      }
      // A local file: which dictionary to compare it with is asked (./compareLocal.ts, loaded then).
      await savePrompts().compareLocalCommand(ctx, actions, uri);
    } catch (err) {
      await ctx.errors.show(vscode.l10n.t('Could not compare with the remote'), err);
    }
  };

  const merge = async (arg?: unknown) => {
    const r = await target(arg);
    if (!r) return;
    try {
      const result = await withCancellableProgress(vscode.l10n.t('Merging the remote {0}…', basename(r.doc.uri)), (signal) => actions.mergeWithRemote(r.doc.uri, signal));
      void vscode.window.showInformationMessage(mergeMessage(result));
    } catch (err) {
      await ctx.errors.show(vscode.l10n.t('Could not merge with the remote'), err);
    }
  };

  const overwrite = async (arg?: unknown) => {
    const r = await target(arg);
    if (r) await savePrompts().overwriteCommand(ctx, actions, r.doc, r.ref);
  };

  const pull = async (arg?: unknown) => {
    const r = await target(arg);
    if (!r) return;
    const uri = r.doc.uri;
    try {
      if (r.doc.isDirty) {
        const mergeChoice = vscode.l10n.t('Merge into My Version');
        const discard = vscode.l10n.t('Discard My Changes and Pull');
        const picked = await vscode.window.showWarningMessage(
          vscode.l10n.t('{0} has unsaved changes.', basename(uri)),
          { modal: true, detail: vscode.l10n.t('Merge keeps your changes and takes the remote ones wherever you did not touch the entry. Discard replaces your text with the remote version (Undo brings it back).') },
          mergeChoice, discard);
        if (picked === mergeChoice) {
          const result = await withCancellableProgress(vscode.l10n.t('Merging the remote {0}…', basename(uri)), (signal) => actions.mergeWithRemote(uri, signal));
          void vscode.window.showInformationMessage(mergeMessage(result));
          return;
        }
        if (picked !== discard) return;
      }
      await withCancellableProgress(vscode.l10n.t('Pulling {0}…', basename(uri)), (signal) => actions.pull(uri, signal));
    } catch (err) {
      await ctx.errors.show(vscode.l10n.t('Could not pull {0}', describeRef(r.ref)), err);
    }
  };

  /** Ctrl+S in a remote document: checks first, so that a save that cannot push says why once, with the ways out
   * (VS Code's own save-failure notification would offer Retry and Revert instead). */
  const save = async (arg?: unknown) => {
    const r = await target(arg);
    if (!r) return;
    const { doc, ref } = r;
    if (!doc.isDirty) return;
    try {
      const pre = await withCancellableProgress(vscode.l10n.t('Checking {0} against the service…', basename(doc.uri)), (signal) => actions.preflightSave(doc.uri, signal));
      if (pre.outcome === 'blocked') ctx.blocked.show(basename(doc.uri), pre.errors, doc.uri);
      else if (pre.outcome === 'conflict') savePrompts().showConflict(doc.uri, ref);
      else if (pre.outcome === 'gone') savePrompts().showGone(ctx, doc, ref, (signal) => actions.overwriteRemote(doc.uri, signal, GONE));
      else if (pre.outcome === 'container-gone') savePrompts().showContainerGone(ctx, doc, ref);
      // (Its prompts load only when there are drafts to ask about: most saves just push.)
      else if (!publishedFindings(doc.uri, 'draft-translation').length || await savePrompts().confirmDrafts(ctx, doc)) await doc.save();
    } catch (err) {
      await ctx.errors.show(vscode.l10n.t('Could not push {0}', describeRef(ref)), err, () => save(doc.uri));
    }
  };

  return [
    vscode.commands.registerCommand('terminology.save', save),
    vscode.commands.registerCommand('terminology.openDictionary', openDictionary),
    vscode.commands.registerCommand('terminology.openGlossary', openGlossary),
    vscode.commands.registerCommand('terminology.openTermList', async (arg?: unknown) => {
      const node = arg instanceof TermListNode ? arg : undefined;
      if (!node) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Choose a term list in the Spoken Terms view to open it.'));
        return;
      }
      const retry = () => actions.openTermList(node.collection, node.list.lang)
        .catch((err: unknown) => ctx.errors.show(vscode.l10n.t('Could not open the {0} term list', node.list.lang.toUpperCase()), err, retry));
      await retry();
    }),
    vscode.commands.registerCommand('terminology.compareWithRemote', compare),
    vscode.commands.registerCommand('terminology.mergeWithRemote', merge),
    vscode.commands.registerCommand('terminology.overwriteRemote', overwrite),
    vscode.commands.registerCommand('terminology.pull', pull),
  ];
}
