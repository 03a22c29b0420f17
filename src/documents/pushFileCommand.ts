/** "Push File to Glossary": a local glossary file into a chosen glossary and language pair, replacing the
 * dictionary or merging into it, after showing how many entries would be added, changed and removed. */
import * as vscode from 'vscode';
import { ServiceError } from '../api';
// The core's modules by name, not its index (see esbuild.mjs: this file is in a lazy bundle).
import { lintEntries } from '../core/entries';
import type { EntriesFormat } from '../core/fields';
import { entryChanges, type EntryChanges } from '../core/merge';
import { entriesForSending } from '../core/serialize';
import { findingFromServerError } from '../core/serverError';
import type { DiagnosticsManager } from '../lint/diagnosticsManager';
import { lintKindOf, readLintSettings } from '../platform/documentKinds';
import { pairLabel } from '../platform/words';

import { checkFileEncoding } from '../platform/fileText';
import { withCancellableProgress } from '../platform/progress';
import { clientOrThrow, requireClient, type CommandContext } from '../trees/commandContext';
import { pickTarget } from './pickTarget';

const basename = (uri: vscode.Uri) => uri.path.slice(uri.path.lastIndexOf('/') + 1);

export interface PushFileOptions { glossaryId: string; sourceLang: string; targetLang: string; mode: 'replace' | 'merge' }

export interface PushFileActions {
  /** What pushing the file would change in the dictionary (nothing is sent). */
  previewPushFile(uri: vscode.Uri, options: PushFileOptions, signal?: AbortSignal): Promise<EntryChanges>;
  /** Pushes the file into the dictionary, replacing it or merging into it; refuses a file with errors. */
  pushFile(uri: vscode.Uri, options: PushFileOptions, signal?: AbortSignal): Promise<EntryChanges>;
}

/** The file's text and format, or an error that says why it cannot be pushed. */
async function localGlossaryFile(uri: vscode.Uri): Promise<{ doc: vscode.TextDocument; format: EntriesFormat }> {
  const doc = await vscode.workspace.openTextDocument(uri);
  const kind = lintKindOf(doc, readLintSettings());
  if (kind?.kind !== 'entries' || doc.uri.scheme === 'terminology') throw new Error(vscode.l10n.t('{0} is not a local glossary file (TSV or CSV).', basename(uri)));
  return { doc, format: kind.format };
}

const errorCount = (text: string, format: EntriesFormat, pair?: { sourceLang: string; targetLang: string }) =>
  lintEntries(text, { format, ...pair }).filter((f) => f.severity === 'error').length;

export class PushBlockedError extends Error {
  constructor(readonly errors: number, name: string) {
    super(errors === 1
      ? vscode.l10n.t('1 error in {0} blocks the push. Nothing was sent.', name)
      : vscode.l10n.t('{0} errors in {1} block the push. Nothing was sent.', errors.toLocaleString('en-US'), name));
  }
}

export function pushFileActions(ctx: CommandContext, diagnostics: DiagnosticsManager): PushFileActions {
  const prepare = async (uri: vscode.Uri, o: PushFileOptions, signal?: AbortSignal) => {
    if (!vscode.workspace.isTrusted) throw new Error(vscode.l10n.t('Push File is not available in Restricted Mode. Trust this workspace to send its files to the service.'));
    const { doc, format } = await localGlossaryFile(uri);
    // The bytes on disk decide, not VS Code's decoding of them: a Latin-1 file is refused, never sent as U+FFFD.
    await checkFileEncoding(doc.uri);
    const pair = { sourceLang: o.sourceLang.toLowerCase(), targetLang: o.targetLang.toLowerCase() };
    const text = doc.getText();
    const errors = errorCount(text, format, pair);
    if (errors) throw new PushBlockedError(errors, basename(uri));
    const client = await clientOrThrow(ctx);
    const glossary = await client.getGlossary(o.glossaryId, signal);
    const exists = glossary.dictionaries.some((d) => d.sourceLang === pair.sourceLang && d.targetLang === pair.targetLang);
    const remote = exists ? await client.getDictionaryEntries(glossary.glossaryId, pair.sourceLang, pair.targetLang, signal) : '';
    return { doc, format, pair, text, client, changes: entryChanges(remote, text, { format, mode: o.mode, ...pair }) };
  };
  return {
    previewPushFile: async (uri, o, signal) => (await prepare(uri, o, signal)).changes,
    async pushFile(uri, o, signal) {
      const { doc, format, pair, text, client, changes } = await prepare(uri, o, signal);
      if (!changes.added && !changes.changed && !changes.removed) return changes;
      const dictionary = { ...pair, entries: entriesForSending(text), entriesFormat: format };
      try {
        if (o.mode === 'replace') await client.replaceDictionary(o.glossaryId, dictionary, signal);
        else await client.updateGlossary(o.glossaryId, { dictionary }, signal);
      } catch (err) {
        if (err instanceof ServiceError && err.detail) {
          const finding = findingFromServerError({ message: err.serverMessage, detail: err.detail }, dictionary.entries, text);
          if (finding) diagnostics.setServerFindings(doc, [finding]);
        }
        throw err;
      } finally {
        ctx.glossaries.refresh();
      }
      return changes;
    },
  };
}

/** The handler of Push File to Glossary… (`terminology.pushFile`). */
export function pushFileCommand(ctx: CommandContext, actions: PushFileActions): (arg?: unknown) => Promise<void> {
  const pushFile = async (arg?: unknown) => {
    if (!vscode.workspace.isTrusted) { // Restricted Mode: nothing of the workspace is sent (capabilities in package.json)
      void vscode.window.showWarningMessage(vscode.l10n.t('Push File is not available in Restricted Mode. Trust this workspace to send its files to the service.'));
      return;
    }
    const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
    let file: { doc: vscode.TextDocument; format: EntriesFormat };
    try {
      if (!uri) throw new Error(vscode.l10n.t('Open a local glossary file (TSV or CSV) to push it.'));
      file = await localGlossaryFile(uri);
    } catch (err) {
      void vscode.window.showInformationMessage(err instanceof Error ? err.message : String(err));
      return;
    }
    const { doc, format } = file;
    const name = basename(doc.uri);
    try {
      await checkFileEncoding(doc.uri);
    } catch (err) {
      void vscode.window.showErrorMessage(vscode.l10n.t('{0} Nothing was sent.', err instanceof Error ? err.message : String(err)));
      return;
    }
    // Say up front when the file cannot be pushed, before asking anything.
    const errors = errorCount(doc.getText(), format);
    if (errors) {
      ctx.blocked.show(name, errors, doc.uri);
      return;
    }
    const client = await requireClient(ctx);
    if (!client) return;
    try {
      const target = await pickTarget(client, doc, format, vscode.l10n.t('Push {0} to Glossary', name));
      if (!target) return;
      const { glossary, sourceLang, targetLang } = target;
      const pair = { sourceLang, targetLang };
      const pairErrors = errorCount(doc.getText(), format, pair);
      if (pairErrors) {
        ctx.blocked.show(name, pairErrors, doc.uri);
        return;
      }
      const exists = glossary.dictionaries.some((d) => d.sourceLang === sourceLang && d.targetLang === targetLang);
      let mode: 'replace' | 'merge' = 'replace';
      if (exists) {
        const replace = { label: vscode.l10n.t('Replace the dictionary'), detail: vscode.l10n.t('The dictionary holds exactly the file\'s entries afterwards.'), mode: 'replace' as const };
        const merge = { label: vscode.l10n.t('Merge into the dictionary'), detail: vscode.l10n.t('Adds and updates entries; entries missing from the file stay.'), mode: 'merge' as const };
        const picked = await vscode.window.showQuickPick([merge, replace], { title: vscode.l10n.t('Push {0} to "{1}" {2}', name, glossary.name, pairLabel(pair)) });
        if (!picked) return;
        mode = picked.mode;
      }
      const options = { glossaryId: glossary.glossaryId, sourceLang, targetLang, mode };
      const changes = await withCancellableProgress(vscode.l10n.t('Reading "{0}" {1}…', glossary.name, pairLabel(pair)), (signal) => actions.previewPushFile(doc.uri, options, signal));
      if (!changes.added && !changes.changed && !changes.removed) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Nothing to push: "{0}" {1} already holds the entries of {2}.', glossary.name, pairLabel(pair), name));
        return;
      }
      const push = vscode.l10n.t('Push');
      const summary = changeSummary(changes);
      if (await vscode.window.showWarningMessage(
        mode === 'replace'
          ? vscode.l10n.t('Replace "{0}" {1} with the entries of {2}?', glossary.name, pairLabel(pair), name)
          : vscode.l10n.t('Merge the entries of {2} into "{0}" {1}?', glossary.name, pairLabel(pair), name),
        { modal: true, detail: summary }, push) !== push) return;
      const done = await withCancellableProgress(vscode.l10n.t('Pushing {0} to "{1}" {2}…', name, glossary.name, pairLabel(pair)), (signal) => actions.pushFile(doc.uri, options, signal));
      void vscode.window.showInformationMessage(vscode.l10n.t('Pushed {0} to "{1}" {2}: {3}', name, glossary.name, pairLabel(pair), changeSummary(done)));
    } catch (err) {
      if (err instanceof PushBlockedError) ctx.blocked.show(name, err.errors, doc.uri);
      else await ctx.errors.show(vscode.l10n.t('Could not push {0}', name), err);
    }
  };
  return pushFile;
}

function changeSummary(c: EntryChanges): string {
  return vscode.l10n.t('{0} added, {1} changed, {2} removed, {3} unchanged.', c.added, c.changed, c.removed, c.unchanged);
}
