/** Opening remote documents, and what a save offers when the remote moved: Compare, Merge, Overwrite; Pull. */
import * as vscode from 'vscode';
import type { Glossary, SpokenTerms } from '../api';
import { mergeEntries, mergeTerms, parseEntries, serializeEntries, type MergeResult } from '../core';
import { requireClient, type CommandContext } from '../commands/context';
import { pickTarget } from '../commands/pushFileCommand';
import type { DiagnosticsManager } from '../lint/diagnosticsManager';
import { LANGUAGE_TERMS, LANGUAGE_TSV, lintKindOf, readLintSettings } from '../lint/documentKinds';
import { DictionaryNode } from '../tree/glossaryTree';
import { TermListNode } from '../tree/spokenTermsTree';
import { showPushBlocked } from '../ui/blocked';
import { showError } from '../ui/errors';
import { withCancellableProgress } from '../ui/progress';
import type { RemoteFileSystem, SaveUi } from './remoteFs';
import { describeRef, dictionaryUri, parseRemoteRef, REMOTE_SNAPSHOT_SCHEME, SCHEME, termListUri, type RemoteRef } from './uris';

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

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }
}

export function createSaveUi(ctx: CommandContext, diagnostics: DiagnosticsManager): SaveUi {
  return {
    blocked(uri, errors) {
      showPushBlocked(basename(uri), errors, uri);
    },
    conflict(uri, ref) {
      const compare = vscode.l10n.t('Compare');
      const merge = vscode.l10n.t('Merge');
      const overwrite = vscode.l10n.t('Overwrite…');
      void vscode.window.showWarningMessage(
        vscode.l10n.t('{0} was changed remotely since you opened it. Nothing was pushed. Compare the two, merge their changes into yours, or overwrite them.', describeRef(ref)),
        compare, merge, overwrite,
      ).then(async (picked) => {
        if (picked === compare) await vscode.commands.executeCommand('terminology.compareWithRemote', uri);
        if (picked === merge) await vscode.commands.executeCommand('terminology.mergeWithRemote', uri);
        if (picked === overwrite) await vscode.commands.executeCommand('terminology.overwriteRemote', uri);
      });
    },
    pushed(_uri, ref) {
      (ref.kind === 'dictionary' ? ctx.glossaries : ctx.spokenTerms).refresh();
      vscode.window.setStatusBarMessage(vscode.l10n.t('$(check) Pushed {0}', describeRef(ref)), 5000);
    },
    rejected(uri, finding) {
      const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      if (doc) diagnostics.setServerFindings(doc, [finding]);
    },
    progress: (title, work) => withCancellableProgress(title, work),
  };
}

/** Replaces the whole text as one undoable edit. */
async function replaceText(doc: vscode.TextDocument, text: string): Promise<void> {
  if (doc.getText() === text) return;
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
  if (!await vscode.workspace.applyEdit(edit)) throw new Error(vscode.l10n.t('the document could not be edited'));
}

/** The remote document at `uri` (or the active one) with what it is, or undefined after saying what to do. */
async function documentFor(uri: vscode.Uri | undefined): Promise<{ doc: vscode.TextDocument; ref: RemoteRef } | undefined> {
  const target = uri ?? vscode.window.activeTextEditor?.document.uri;
  const ref = target?.scheme === SCHEME ? parseRemoteRef(target) : undefined;
  if (!target || !ref) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a dictionary or term list from the Terminology explorer first.'));
    return undefined;
  }
  return { doc: await vscode.workspace.openTextDocument(target), ref };
}

export interface OpenArgs { glossary?: Glossary; collection?: SpokenTerms; sourceLang?: string; targetLang?: string; lang?: string }

export function registerDocumentCommands(ctx: CommandContext, fs: RemoteFileSystem, snapshots: RemoteSnapshots): vscode.Disposable[] {
  const open = async (uri: vscode.Uri, language: string) => {
    try {
      let doc = await vscode.workspace.openTextDocument(uri);
      if (doc.languageId !== language) doc = await vscode.languages.setTextDocumentLanguage(doc, language);
      await vscode.window.showTextDocument(doc, { preview: false });
      return doc;
    } catch (err) {
      await showError(vscode.l10n.t('Could not open {0}', basename(uri)), err, () => open(uri, language));
      return undefined;
    }
  };

  const fetchRemote = (doc: vscode.TextDocument) => withCancellableProgress(
    vscode.l10n.t('Fetching the remote {0}…', basename(doc.uri)), (signal) => fs.fetchRemote(doc.uri, signal));

  /** A local glossary file against a dictionary the user picks (or automation names). */
  const compareLocal = async (uri: vscode.Uri | undefined, args?: { glossaryId: string; sourceLang: string; targetLang: string }) => {
    const doc = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
    const kind = doc && lintKindOf(doc, readLintSettings());
    if (!doc || kind?.kind !== 'entries') {
      void vscode.window.showInformationMessage(vscode.l10n.t('Open a dictionary, a term list or a local glossary file to compare it with the remote.'));
      return undefined;
    }
    const client = await requireClient(ctx);
    if (!client) return undefined;
    try {
      const target = args
        ? { glossary: await client.getGlossary(args.glossaryId), sourceLang: args.sourceLang, targetLang: args.targetLang }
        : await pickTarget(client, doc, kind.format, vscode.l10n.t('Compare {0} with', basename(doc.uri)));
      if (!target) return undefined;
      const remote = await withCancellableProgress(vscode.l10n.t('Reading the remote dictionary…'), (signal) =>
        client.getDictionaryEntries(target.glossary.glossaryId, target.sourceLang, target.targetLang, signal));
      // Shown in the file's own format, so that the diff lines up.
      const shown = kind.format === 'tsv' ? remote : serializeEntries(parseEntries(remote, 'tsv').entries, 'csv');
      const left = snapshots.set(dictionaryUri(target.glossary, target), shown);
      await vscode.commands.executeCommand('vscode.diff', left, doc.uri, vscode.l10n.t('{0} ({1}) ↔ {2}', basename(left), target.glossary.name, basename(doc.uri)));
      return left;
    } catch (err) {
      await showError(vscode.l10n.t('Could not compare with the remote'), err);
      return undefined;
    }
  };

  const compare = async (uri?: vscode.Uri, args?: { glossaryId: string; sourceLang: string; targetLang: string }) => {
    const target = uri ?? vscode.window.activeTextEditor?.document.uri;
    if (target?.scheme !== SCHEME) return compareLocal(target, args);
    const { doc } = await documentFor(target) ?? {};
    if (!doc) return undefined;
    try {
      const remote = await fetchRemote(doc);
      const left = snapshots.set(doc.uri, remote);
      await vscode.commands.executeCommand('vscode.diff', left, doc.uri, vscode.l10n.t('{0}: remote ↔ yours', basename(doc.uri)));
      return left;
    } catch (err) {
      await showError(vscode.l10n.t('Could not compare with the remote'), err);
      return undefined;
    }
  };

  const merge = async (uri?: vscode.Uri): Promise<MergeResult | undefined> => {
    const { doc, ref } = await documentFor(uri) ?? {};
    if (!doc || !ref) return undefined;
    try {
      const base = fs.base(doc.uri) ?? '';
      const remote = fs.remoteAhead(doc.uri) ?? await fetchRemote(doc);
      const result = ref.kind === 'dictionary' ? mergeEntries(base, doc.getText(), remote) : mergeTerms(base, doc.getText(), remote);
      await replaceText(doc, result.text);
      fs.rebase(doc.uri, remote);
      const message = result.conflicts
        ? vscode.l10n.t('Merged {0} remote change(s). {1} entr(ies) were changed on both sides and are marked as conflicts: keep one side of each (Quick Fix), then save.', result.fromRemote, result.conflicts)
        : vscode.l10n.t('Merged {0} remote change(s) into your version. Save to push.', result.fromRemote);
      void vscode.window.showInformationMessage(message);
      return result;
    } catch (err) {
      await showError(vscode.l10n.t('Could not merge with the remote'), err);
      return undefined;
    }
  };

  const overwrite = async (uri?: vscode.Uri, options?: { confirmed?: boolean }) => {
    const { doc, ref } = await documentFor(uri) ?? {};
    if (!doc || !ref) return false;
    try {
      const remote = fs.remoteAhead(doc.uri) ?? await fetchRemote(doc);
      const go = vscode.l10n.t('Overwrite');
      if (!options?.confirmed && await vscode.window.showWarningMessage(
        vscode.l10n.t('Replace {0} with your version? The remote changes made since you opened it are lost.', describeRef(ref)),
        { modal: true }, go) !== go) return false;
      fs.approveOverwrite(doc.uri, remote);
      return await doc.save();
    } catch (err) {
      await showError(vscode.l10n.t('Could not overwrite the remote'), err);
      return false;
    }
  };

  const pull = async (uri?: vscode.Uri, options?: { confirmed?: boolean }) => {
    const { doc, ref } = await documentFor(uri) ?? {};
    if (!doc || !ref) return false;
    const discard = vscode.l10n.t('Discard and Pull');
    if (doc.isDirty && !options?.confirmed && await vscode.window.showWarningMessage(
      vscode.l10n.t('{0} has unsaved changes. Pulling replaces them with the remote version (Undo brings them back).', basename(doc.uri)),
      { modal: true }, discard) !== discard) return false;
    try {
      const remote = await fetchRemote(doc);
      fs.accept(doc.uri, remote);
      await replaceText(doc, remote);
      // The text now equals the version just accepted: this save sends nothing and marks the document clean.
      if (doc.isDirty) await doc.save();
      return true;
    } catch (err) {
      await showError(vscode.l10n.t('Could not pull {0}', describeRef(ref)), err);
      return false;
    }
  };

  return [
    vscode.commands.registerCommand('terminology.openDictionary', (node?: DictionaryNode | OpenArgs) => {
      const g = node instanceof DictionaryNode ? node.glossary : node?.glossary;
      const pair = node instanceof DictionaryNode ? node.dictionary : node;
      if (!g || !pair?.sourceLang || !pair.targetLang) return undefined;
      return open(dictionaryUri(g, { sourceLang: pair.sourceLang, targetLang: pair.targetLang }), LANGUAGE_TSV);
    }),
    vscode.commands.registerCommand('terminology.openTermList', (node?: TermListNode | OpenArgs) => {
      const c = node instanceof TermListNode ? node.collection : node?.collection;
      const lang = node instanceof TermListNode ? node.list.lang : node?.lang;
      if (!c || !lang) return undefined;
      return open(termListUri(c, lang), LANGUAGE_TERMS);
    }),
    vscode.commands.registerCommand('terminology.compareWithRemote', compare),
    vscode.commands.registerCommand('terminology.mergeWithRemote', merge),
    vscode.commands.registerCommand('terminology.overwriteRemote', overwrite),
    vscode.commands.registerCommand('terminology.pull', pull),
  ];
}
