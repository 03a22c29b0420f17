/** "Push File to Glossary": a local glossary file into a chosen glossary and language pair, replacing the
 * dictionary or merging into it, after showing how many entries would be added, changed and removed. */
import * as vscode from 'vscode';
import { ServiceError, type Glossary, type ServiceClient } from '../api';
import { entriesForSending, entryChanges, findingFromServerError, lintEntries, parseEntries, rootCode, type EntriesFormat } from '../core';
import type { DiagnosticsManager } from '../lint/diagnosticsManager';
import { lintKindOf, readLintSettings } from '../lint/documentKinds';
import { pairLabel } from '../tree/glossaryTree';
import { showPushBlocked } from '../ui/blocked';
import { showError } from '../ui/errors';
import { pickGlossaryPair } from '../ui/pickers';
import { withCancellableProgress } from '../ui/progress';
import { requireClient, type CommandContext } from './context';

export interface PushTarget { glossary: Glossary; sourceLang: string; targetLang: string }
export interface PushFileArgs { glossaryId: string; sourceLang: string; targetLang: string; mode?: 'replace' | 'merge'; confirmed?: boolean }

const basename = (uri: vscode.Uri) => uri.path.slice(uri.path.lastIndexOf('/') + 1);

/** The language pairs named by a CSV file's language columns, most frequent first. */
function pairsInFile(text: string, format: EntriesFormat): Array<{ sourceLang: string; targetLang: string }> {
  if (format !== 'csv') return [];
  const counts = new Map<string, number>();
  for (const e of parseEntries(text, 'csv').entries) {
    if (e.sourceLang === undefined || e.targetLang === undefined) continue;
    const key = `${rootCode(e.sourceLang)}-${rootCode(e.targetLang)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([k]) => {
    const [sourceLang, targetLang] = k.split('-');
    return { sourceLang, targetLang };
  });
}

/** Asks for a glossary, then one of its language pairs (or a new one). */
export async function pickTarget(client: ServiceClient, doc: vscode.TextDocument, format: EntriesFormat, title: string): Promise<PushTarget | undefined> {
  const glossaries = await withCancellableProgress(vscode.l10n.t('Loading glossaries…'), (signal) => client.listGlossaries(signal));
  if (!glossaries.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('There are no glossaries yet. Create one from the Terminology explorer first.'));
    return undefined;
  }
  const g = await vscode.window.showQuickPick(
    [...glossaries].sort((a, b) => a.name.localeCompare(b.name)).map((glossary) => ({
      label: glossary.name, description: glossary.dictionaries.map(pairLabel).join(', '), glossary,
    })),
    { title, placeHolder: vscode.l10n.t('Glossary') },
  );
  if (!g) return undefined;
  const fromFile = pairsInFile(doc.getText(), format).filter((p) => !g.glossary.dictionaries.some((d) => d.sourceLang === p.sourceLang && d.targetLang === p.targetLang));
  type Item = vscode.QuickPickItem & { pair?: { sourceLang: string; targetLang: string } };
  const items: Item[] = [
    ...g.glossary.dictionaries.map((d) => ({ label: pairLabel(d), description: vscode.l10n.t('{0} entries', d.entryCount), pair: d })),
    ...fromFile.map((p) => ({ label: pairLabel(p), description: vscode.l10n.t('new dictionary, from the file\'s language columns'), pair: p })),
    { label: vscode.l10n.t('$(add) Another language pair…') },
  ];
  const picked = await vscode.window.showQuickPick(items, { title, placeHolder: vscode.l10n.t('Language pair in "{0}"', g.glossary.name) });
  if (!picked) return undefined;
  const pair = picked.pair ?? await pickGlossaryPair(
    await withCancellableProgress(vscode.l10n.t('Loading glossary languages…'), (signal) => client.getLanguages('glossary', signal)),
    g.glossary.dictionaries);
  return pair ? { glossary: g.glossary, sourceLang: pair.sourceLang, targetLang: pair.targetLang } : undefined;
}

export function registerPushFileCommand(ctx: CommandContext, diagnostics: DiagnosticsManager): vscode.Disposable[] {
  const pushFile = async (uri?: vscode.Uri, args?: PushFileArgs) => {
    if (!vscode.workspace.isTrusted) { // Restricted Mode: nothing of the workspace is sent (capabilities in package.json)
      void vscode.window.showWarningMessage(vscode.l10n.t('Push File is not available in Restricted Mode. Trust this workspace to send its files to the service.'));
      return undefined;
    }
    const doc = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
    const kind = doc && lintKindOf(doc, readLintSettings());
    if (!doc || kind?.kind !== 'entries' || doc.uri.scheme === 'terminology') {
      void vscode.window.showInformationMessage(vscode.l10n.t('Open a local glossary file (TSV or CSV) to push it.'));
      return undefined;
    }
    const client = await requireClient(ctx);
    if (!client) return undefined;
    const name = basename(doc.uri);
    try {
      let target: PushTarget | undefined;
      if (args) {
        const glossary = await client.getGlossary(args.glossaryId);
        target = { glossary, sourceLang: args.sourceLang.toLowerCase(), targetLang: args.targetLang.toLowerCase() };
      } else {
        target = await pickTarget(client, doc, kind.format, vscode.l10n.t('Push {0} to Glossary', name));
      }
      if (!target) return undefined;
      const { glossary, sourceLang, targetLang } = target;
      const pair = { sourceLang, targetLang };
      const text = doc.getText();
      const errors = lintEntries(text, { format: kind.format, ...pair }).filter((f) => f.severity === 'error').length;
      if (errors) {
        showPushBlocked(name, errors, doc.uri);
        return undefined;
      }
      const exists = glossary.dictionaries.some((d) => d.sourceLang === sourceLang && d.targetLang === targetLang);
      let mode = args?.mode ?? 'replace';
      if (exists && !args?.mode) {
        const replace = { label: vscode.l10n.t('Replace the dictionary'), detail: vscode.l10n.t('The dictionary holds exactly the file\'s entries afterwards.'), mode: 'replace' as const };
        const merge = { label: vscode.l10n.t('Merge into the dictionary'), detail: vscode.l10n.t('Adds and updates entries; entries missing from the file stay.'), mode: 'merge' as const };
        const picked = await vscode.window.showQuickPick([merge, replace], { title: vscode.l10n.t('Push {0} to "{1}" {2}', name, glossary.name, pairLabel(pair)) });
        if (!picked) return undefined;
        mode = picked.mode;
      }
      const remote = exists
        ? await withCancellableProgress(vscode.l10n.t('Reading "{0}" {1}…', glossary.name, pairLabel(pair)), (signal) => client.getDictionaryEntries(glossary.glossaryId, sourceLang, targetLang, signal))
        : '';
      const changes = entryChanges(remote, text, { format: kind.format, mode, ...pair });
      if (!changes.added && !changes.changed && !changes.removed) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Nothing to push: "{0}" {1} already holds the entries of {2}.', glossary.name, pairLabel(pair), name));
        return changes;
      }
      const push = vscode.l10n.t('Push');
      const summary = vscode.l10n.t('{0} added, {1} changed, {2} removed, {3} unchanged.', changes.added, changes.changed, changes.removed, changes.unchanged);
      if (!args?.confirmed && await vscode.window.showWarningMessage(
        mode === 'replace'
          ? vscode.l10n.t('Replace "{0}" {1} with the entries of {2}?', glossary.name, pairLabel(pair), name)
          : vscode.l10n.t('Merge the entries of {2} into "{0}" {1}?', glossary.name, pairLabel(pair), name),
        { modal: true, detail: summary }, push) !== push) return undefined;
      const dictionary = { ...pair, entries: entriesForSending(text), entriesFormat: kind.format };
      try {
        await withCancellableProgress(vscode.l10n.t('Pushing {0} to "{1}" {2}…', name, glossary.name, pairLabel(pair)), async (signal) => {
          if (mode === 'replace') await client.replaceDictionary(glossary.glossaryId, dictionary, signal);
          else await client.updateGlossary(glossary.glossaryId, { dictionary }, signal);
        });
      } catch (err) {
        if (err instanceof ServiceError && err.detail) {
          const finding = findingFromServerError({ message: err.serverMessage, detail: err.detail }, dictionary.entries, text);
          if (finding) diagnostics.setServerFindings(doc, [finding]);
        }
        throw err;
      }
      ctx.glossaries.refresh();
      void vscode.window.showInformationMessage(vscode.l10n.t('Pushed {0} to "{1}" {2}: {3}', name, glossary.name, pairLabel(pair), summary));
      return changes;
    } catch (err) {
      await showError(vscode.l10n.t('Could not push {0}', name), err);
      return undefined;
    }
  };
  return [vscode.commands.registerCommand('terminology.pushFile', pushFile)];
}
