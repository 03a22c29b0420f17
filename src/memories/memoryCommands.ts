/** The translation memory commands: they gather (menus, pickers, dialogs, modals), then call the actions. */
import * as vscode from 'vscode';
import { basename } from 'node:path';
import type { TranslationMemory } from '../api';
import { CancelledError } from '../api';
import { argOf, requireClient, type CommandContext } from '../trees/commandContext';
import { describeError } from '../platform/errors';
import { formatSize, plural } from '../platform/words';
import { validateName } from '../platform/validate';
import { MemoryNode, languagesLabel, type MemoriesTree } from './memoriesTree';
import { SEGMENTS_SCHEME, type SegmentFilter, type SegmentsDocuments } from './segmentsDocument';
import { jobStatusWords, type JobProgress, type MemoryActions } from './memoryActions';

const percent = (done: number, total?: number) => (total ? Math.floor((100 * done) / total) : 0);

/** The memory of a tree node, or one the user picks. */
async function memoryFrom(arg: unknown, tree: MemoriesTree, title: string): Promise<TranslationMemory | undefined> {
  const node = argOf(arg, MemoryNode);
  if (node) return node.memory;
  const all = await tree.items();
  if (!all?.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('There is no translation memory yet. Run "Import TMX…" to create one.'));
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(all.map((m) => ({ label: m.name, description: languagesLabel(m), detail: plural(m.segmentCount, '1 segment', '{0} segments'), m })), { title, matchOnDescription: true });
  return picked?.m;
}

/** Follows a job in a cancellable notification; reports each phase. Cancelling stops the following only. */
function reporter(progress: vscode.Progress<{ message?: string; increment?: number }>, what: string) {
  let last = 0;
  return (p: JobProgress) => {
    let message: string;
    let reached: number;
    if (p.phase === 'uploading') { reached = percent(p.bytes ?? 0, p.total) * 0.6; message = vscode.l10n.t('uploading {0} of {1}', formatSize(p.bytes ?? 0), formatSize(p.total ?? 0)); }
    else if (p.phase === 'downloading') { reached = 70 + percent(p.bytes ?? 0, p.total) * 0.3; message = vscode.l10n.t('downloading {0}', formatSize(p.bytes ?? 0)); }
    else if (p.phase === 'awaiting_input') { reached = Math.max(last, 60); message = vscode.l10n.t('waiting for the service to take the file'); }
    else if (p.phase === 'processing') { reached = Math.max(last, what === 'import' ? 70 : 30); message = vscode.l10n.t('the service is processing it'); }
    else { reached = Math.max(last, what === 'import' ? 100 : 70); message = p.job ? jobStatusWords(p.job.status) : ''; }
    progress.report({ message, increment: Math.max(0, reached - last) });
    last = Math.max(last, reached);
  };
}

/** The handlers of Import TMX…, Export TMX…, Delete, Browse Segments, Filter Segments… and Toggle Match Case. */
export function memoryCommands(ctx: CommandContext, tree: MemoriesTree, segments: SegmentsDocuments, actions: MemoryActions) {
  const importTmx = async (arg?: unknown): Promise<void> => {
    if (!vscode.workspace.isTrusted) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Import TMX sends a file to the service, which Restricted Mode does not allow. Trust the workspace to import.'));
      return;
    }
    if (!await requireClient(ctx)) return;
    const fromMenu = arg instanceof vscode.Uri && /\.tmx$/i.test(arg.path) ? arg : undefined;
    const file = fromMenu ?? (await vscode.window.showOpenDialog({
      title: vscode.l10n.t('Import TMX'), canSelectMany: false, openLabel: vscode.l10n.t('Import'), filters: { [vscode.l10n.t('Translation memory (TMX)')]: ['tmx'] },
    }))?.[0];
    if (!file) return;
    const name = await vscode.window.showInputBox({
      title: vscode.l10n.t('Import TMX: name of the new translation memory'), value: basename(file.path).replace(/\.tmx$/i, ''), validateInput: validateName,
    });
    if (!name) return;
    try {
      const job = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Importing "{0}"', name), cancellable: true }, (progress, token) => {
        const ac = new AbortController();
        const sub = token.onCancellationRequested(() => ac.abort());
        return actions.importTmx(file, name, { signal: ac.signal, onProgress: reporter(progress, 'import') }).finally(() => sub.dispose());
      });
      if (job.status === 'completed') {
        if (job.translationMemoryId) await tree.reveal(job.translationMemoryId).catch(() => undefined);
        const m = job.translationMemoryId ? tree.find(job.translationMemoryId) : undefined;
        const skipped = job.skippedSegmentCount ? vscode.l10n.t(' {0} skipped (no source or no target).', plural(job.skippedSegmentCount, '1 unit was', '{0} units were')) : '';
        void vscode.window.showInformationMessage(vscode.l10n.t('Imported "{0}": {1}.{2}', name, m ? `${languagesLabel(m)}, ${plural(m.segmentCount, '1 segment', '{0} segments')}` : vscode.l10n.t('done'), skipped));
      } else if (job.status === 'failed') {
        void vscode.window.showErrorMessage(vscode.l10n.t('The service could not import {0}: {1}', basename(file.path), job.errorMessage ?? vscode.l10n.t('it gave no reason')), { modal: false });
      } else {
        void vscode.window.showErrorMessage(vscode.l10n.t('The import of {0} ended as "{1}": the service did not receive the file in time. Import it again.', basename(file.path), jobStatusWords(job.status)));
      }
    } catch (err) {
      if (err instanceof CancelledError) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Stopped following the import of "{0}". If the file was sent, the service goes on, and the memory appears in the view after a refresh once it is done.', name));
        return;
      }
      await ctx.errors.show(vscode.l10n.t('Could not import {0}', basename(file.path)), err, () => importTmx(file));
    }
  };

  const exportTmx = async (arg?: unknown): Promise<void> => {
    if (!await requireClient(ctx)) return;
    const m = await memoryFrom(arg, tree, vscode.l10n.t('Export TMX'));
    if (!m) return;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const safe = m.name.replace(/[\\/:*?"<>|]+/g, '_');
    const target = await vscode.window.showSaveDialog({
      title: vscode.l10n.t('Export "{0}" as TMX', m.name), saveLabel: vscode.l10n.t('Export'),
      filters: { [vscode.l10n.t('Translation memory (TMX)')]: ['tmx'] }, ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, `${safe}.tmx`) } : {}),
    });
    if (!target) return;
    try {
      const r = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Exporting "{0}"', m.name), cancellable: true }, (progress, token) => {
        const ac = new AbortController();
        const sub = token.onCancellationRequested(() => ac.abort());
        return actions.exportTmx(m.translationMemoryId, target, { signal: ac.signal, onProgress: reporter(progress, 'export') }).finally(() => sub.dispose());
      });
      const open = vscode.l10n.t('Open');
      const picked = await vscode.window.showInformationMessage(vscode.l10n.t('Exported "{0}" to {1} ({2}){3}.', m.name, vscode.workspace.asRelativePath(target), formatSize(r.bytes),
        r.reused ? vscode.l10n.t(', a recent export the service reused') : ''), open);
      if (picked === open) await vscode.window.showTextDocument(target);
    } catch (err) {
      if (err instanceof CancelledError) return;
      await ctx.errors.show(vscode.l10n.t('Could not export "{0}"', m.name), err, () => exportTmx(arg));
    }
  };

  const deleteMemory = async (arg?: unknown): Promise<void> => {
    if (!await requireClient(ctx)) return;
    const m = await memoryFrom(arg, tree, vscode.l10n.t('Delete Translation Memory'));
    if (!m) return;
    const del = vscode.l10n.t('Delete Translation Memory');
    const ok = await vscode.window.showWarningMessage(vscode.l10n.t('Delete the translation memory "{0}"?', m.name), {
      modal: true,
      detail: vscode.l10n.t('Its {0} ({1}) will be lost for good, and every translation request that names it (translation_memory_id {2}) will fail from now on.',
        plural(m.segmentCount, '1 segment', '{0} segments'), languagesLabel(m), m.translationMemoryId),
    }, del);
    if (ok !== del) return;
    try {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Deleting "{0}"…', m.name), cancellable: true }, (_p, token) => {
        const ac = new AbortController();
        const sub = token.onCancellationRequested(() => ac.abort());
        return actions.deleteMemory(m.translationMemoryId, ac.signal).finally(() => sub.dispose());
      });
    } catch (err) {
      await ctx.errors.show(vscode.l10n.t('Could not delete "{0}"', m.name), err);
    }
  };

  const browse = async (arg?: unknown): Promise<void> => {
    if (!await requireClient(ctx)) return;
    const m = await memoryFrom(arg, tree, vscode.l10n.t('Browse Segments'));
    if (!m) return;
    try {
      await vscode.window.withProgress({ location: { viewId: 'terminology.memories' } }, () => actions.browseSegments(m.translationMemoryId));
    } catch (err) {
      await ctx.errors.show(vscode.l10n.t('Could not load the segments of "{0}"', m.name), err, () => browse(arg));
    }
  };

  /** Filter of the active segments document: an input box with a Match Case toggle button (Alt+C is not available
   * in input boxes, so "Toggle Match Case" is also a command of the editor title). */
  const filter = async (): Promise<void> => {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const state = uri?.scheme === SEGMENTS_SCHEME ? segments.state(uri) : undefined;
    if (!uri || !state) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Open the segments of a memory first ("Browse Segments" in the Translation Memories view).'));
      return;
    }
    const box = vscode.window.createInputBox();
    let caseSensitive = state.filter.caseSensitive;
    const button = () => ({ iconPath: new vscode.ThemeIcon(caseSensitive ? 'case-sensitive' : 'text-size'), tooltip: caseSensitive ? vscode.l10n.t('Match Case: On (Click to Match Any Case)') : vscode.l10n.t('Match Case: Off (Click to Match Case)') });
    box.title = vscode.l10n.t('Filter Segments');
    box.prompt = vscode.l10n.t('Segments whose source or target contains this text (2 characters or more; empty shows all). The service filters.');
    box.value = state.filter.text;
    box.buttons = [button()];
    const chosen = await new Promise<SegmentFilter | undefined>((resolve) => {
      box.onDidChangeValue((v) => { box.validationMessage = v && [...v].length < 2 ? vscode.l10n.t('Type at least 2 characters.') : undefined; });
      box.onDidTriggerButton(() => { caseSensitive = !caseSensitive; box.buttons = [button()]; });
      box.onDidAccept(() => { if (!box.validationMessage) { resolve({ text: box.value, caseSensitive }); box.hide(); } });
      box.onDidHide(() => resolve(undefined));
      box.show();
    });
    box.dispose();
    if (!chosen) return;
    try {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Filtering segments…') }, () => actions.filterSegments(uri, chosen));
    } catch (err) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not filter the segments: {0}', describeError(err)));
    }
  };

  const toggleCase = async (): Promise<void> => {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const state = uri?.scheme === SEGMENTS_SCHEME ? segments.state(uri) : undefined;
    if (!uri || !state) return;
    const next = { ...state.filter, caseSensitive: !state.filter.caseSensitive };
    vscode.window.setStatusBarMessage(next.caseSensitive ? vscode.l10n.t('Segment filter: match case') : vscode.l10n.t('Segment filter: any case'), 3000);
    try { await actions.filterSegments(uri, next); } catch (err) { await ctx.errors.show(vscode.l10n.t('Could not filter the segments'), err); }
  };

  return { importTmx, exportTmx, deleteMemory, browse, filter, toggleCase };
}
