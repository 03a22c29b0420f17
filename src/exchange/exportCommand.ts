/** "Export Glossary…": on a glossary or a dictionary (or from the palette), a format, a file (or a folder for TSV per
 * pair), then a streamed export with progress. */
import * as vscode from 'vscode';
import { homedir } from 'node:os';
import { exportLosses, sourceLanguagesOf, type ExportFormat } from '../core/exchange';
import { DictionaryNode, GlossaryNode } from '../trees/glossaryTree';
import { argOf, requireClient, type CommandContext } from '../trees/commandContext';

import { pickGlossary } from '../platform/pickers';
import { pairLabel, plural } from '../platform/words';
import type { ExportActions } from './exportActions';

const FORMATS: Array<{ format: ExportFormat; label: string; detail: string; ext: string }> = [
  { format: 'tbx3', label: 'TBX v3 (TBX-Basic)', detail: 'One concept per source phrase with the targets of every dictionary; for current CAT tools.', ext: 'tbx' },
  { format: 'tbx2', label: 'TBX v2 (martif)', detail: 'The older TBX, with the core structure DTD it declares; for tools that read only v2.', ext: 'tbx' },
  { format: 'csv', label: 'CSV with language columns', detail: 'source,target,SOURCE,TARGET per entry: what the service itself imports.', ext: 'csv' },
  { format: 'tsv', label: 'TSV per dictionary', detail: 'One <name>.<src>-<tgt>.glossary.tsv file per language pair.', ext: 'tsv' },
];

/** The handler of Export Glossary… (`terminology.exportGlossary`). */
export function exportCommand(ctx: CommandContext, actions: ExportActions): (arg?: unknown) => Promise<void> {
  return async (arg?: unknown) => {
    const client = await requireClient(ctx);
    if (!client) return;
    const dictionary = argOf(arg, DictionaryNode);
    const glossary = dictionary?.glossary ?? argOf(arg, GlossaryNode)?.glossary ?? await pickGlossary(client, vscode.l10n.t('Export Glossary'));
    if (!glossary) return;
    const pairs = dictionary ? [`${dictionary.dictionary.sourceLang}-${dictionary.dictionary.targetLang}`] : undefined;
    const what = dictionary ? `"${glossary.name}" ${pairLabel(dictionary.dictionary)}` : `"${glossary.name}"`;
    const chosen = await vscode.window.showQuickPick(FORMATS.map((f) => ({ ...f, label: vscode.l10n.t(f.label), detail: vscode.l10n.t(f.detail) })), { title: vscode.l10n.t('Export {0} as', what) });
    if (!chosen) return;
    let picked = chosen;
    // Before anything is written: what the format cannot carry, and the ways that keep everything.
    let perSource = false;
    const exported = glossary.dictionaries.filter((d) => !pairs || pairs.includes(`${d.sourceLang}-${d.targetLang}`));
    const losses = exportLosses(picked.format, exported);
    if (losses.length) {
      const sources = sourceLanguagesOf(exported);
      const csv = FORMATS.find((f) => f.format === 'csv')!;
      const way = await vscode.window.showQuickPick([
        { label: vscode.l10n.t('$(files) One TBX per source language'), description: vscode.l10n.t('keeps every dictionary'),
          detail: sources.map((l) => `${glossary.name}.${l}.tbx`).join(', '), way: 'split' as const },
        { label: vscode.l10n.t('$(table) CSV with language columns'), description: vscode.l10n.t('keeps every dictionary'), detail: vscode.l10n.t(csv.detail), way: 'csv' as const },
        { label: vscode.l10n.t('$(warning) One TBX anyway'), description: vscode.l10n.t('loses what is said below'), detail: losses.join(' '), way: 'one' as const },
      ], { title: vscode.l10n.t('{0} cannot come back unchanged from one TBX file', what), placeHolder: losses[0], ignoreFocusOut: true });
      if (!way) return;
      if (way.way === 'csv') picked = { ...csv, label: vscode.l10n.t(csv.label), detail: vscode.l10n.t(csv.detail) };
      perSource = way.way === 'split';
    }
    const base = (vscode.workspace.workspaceFolders?.[0]?.uri) ?? vscode.Uri.file(homedir());
    const safe = glossary.name.replace(/[\\/:*?"<>|]+/g, '_');
    let target: vscode.Uri | undefined;
    if (picked.format === 'tsv' && !dictionary) {
      target = (await vscode.window.showOpenDialog({ title: vscode.l10n.t('Folder for the TSV files of {0}', what), canSelectFiles: false, canSelectFolders: true, defaultUri: base, openLabel: vscode.l10n.t('Export Here') }))?.[0];
    } else if (picked.format === 'tsv') {
      target = await vscode.window.showSaveDialog({ title: vscode.l10n.t('Export {0}', what), defaultUri: vscode.Uri.joinPath(base, `${safe}.${pairs![0]}.glossary.tsv`), filters: { TSV: ['tsv'] } });
    } else {
      target = await vscode.window.showSaveDialog({ title: vscode.l10n.t('Export {0}', what), defaultUri: vscode.Uri.joinPath(base, `${safe}.${picked.ext}`), filters: { [picked.ext.toUpperCase()]: [picked.ext] } });
    }
    if (!target) return;
    try {
      let files: vscode.Uri[];
      if (picked.format === 'tsv' && dictionary) {
        // One dictionary to a file the user named: export to its folder, then move the file into place.
        const folder = vscode.Uri.joinPath(target, '..');
        files = await progress(what, (signal, report) => actions.exportGlossary({ glossaryId: glossary.glossaryId, format: 'tsv', target: folder, pairs }, signal, report));
        if (files[0].toString() !== target.toString()) {
          await vscode.workspace.fs.rename(files[0], target, { overwrite: true });
          files = [target];
        }
      } else {
        files = await progress(what, (signal, report) => actions.exportGlossary({ glossaryId: glossary.glossaryId, format: picked.format, target: target!, pairs, perSource }, signal, report));
      }
      const open = vscode.l10n.t('Open');
      const choice = await vscode.window.showInformationMessage(vscode.l10n.t('Exported {0} to {1}.', what, files.length === 1 ? vscode.workspace.asRelativePath(files[0]) : plural(files.length, '1 file', '{0} files')), open);
      if (choice === open) await vscode.window.showTextDocument(files[0]);
    } catch (err) {
      if (err instanceof Error && err.name === 'ImportCancelled') return;
      await ctx.errors.show(vscode.l10n.t('Could not export {0}', what), err);
    }
  };
}

function progress<T>(what: string, work: (signal: AbortSignal, report: (done: number, total: number) => void) => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Exporting {0}', what), cancellable: true }, (p, token) => {
    const ac = new AbortController();
    const sub = token.onCancellationRequested(() => ac.abort());
    let last = 0;
    return work(ac.signal, (done, total) => {
      const pct = Math.floor((done / total) * 100);
      p.report({ increment: pct - last, message: `${done}/${total}` });
      last = pct;
    }).finally(() => sub.dispose());
  });
}
