/** Wires the repository sync: the manifest, its diagnostics, the sync status (view, Explorer badges) and commands. */
import * as vscode from 'vscode';
import { plural } from '../platform/words';
import type { CommandContext } from '../trees/commandContext';
import type { DiagnosticsManager } from '../lint/diagnosticsManager';
import { ServiceLanguages } from './serviceLanguages';
import { ManifestDiagnostics } from './manifestDiagnostics';
import type { ManifestFile } from '../platform/manifestFile';
import type { SyncActions } from './syncActions';
import { forward, once, registerCommands } from '../platform/lazy';
import { SyncSnapshots } from './syncTexts';
import { SyncModel, type LinkStatus } from './syncModel';
import { linksDictionaries } from '../core/workspace/manifest';
import { SyncStore } from './syncStore';
import { SyncLock } from './syncLock';
import { SyncDecorations, SyncTree } from './syncView';

export interface RepositorySync {
  model: SyncModel;
  /** While the Repository Sync view is visible, its status is refreshed every `intervalMs` (listing calls only). */
  poll: { intervalMs: number };
  languages: ServiceLanguages;
  decorations: SyncDecorations;
  tree: SyncTree;
  manifestDiagnostics: ManifestDiagnostics;
}

/** How often a visible Repository Sync view refreshes its status (listing calls only). */
export const SYNC_POLL_MS = 60_000;

/** `pushed`: fires when the editor pushed a remote document (a linked file's dictionary may have changed). `manifest`:
 * the workspace's manifest, shared with the term check. */
export function registerRepositorySync(ctx: CommandContext, diagnostics: DiagnosticsManager, storage: vscode.Uri | undefined, pushed: vscode.Event<vscode.Uri>,
  manifest: ManifestFile): {
  sync: RepositorySync; actions: SyncActions; disposables: vscode.Disposable[];
} {
  const log = ctx.log.child('sync');
  const store = new SyncStore(storage && storage.scheme === 'file' ? vscode.Uri.joinPath(storage, 'synced').fsPath : undefined);
  const lock = new SyncLock(manifest);
  const model = new SyncModel(manifest, ctx.clients, store, log, lock);
  const snapshots = new SyncSnapshots();
  // The commands' steps and the actions load when one first runs (./lazy.ts, dist/workspace.js).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sync = once(() => (require('./lazy') as typeof import('./lazy')).makeSync(ctx, model, snapshots));
  const actions = forward(() => sync().actions, {
    cloneGlossary: true, cloneSpokenTerms: true, linkFile: true, unlinkFile: true, refreshSync: true, planPush: true, pushAll: true, pullAll: true,
    compareLinked: true, recreateRemote: true,
  });
  const tree = new SyncTree(model);
  const decorations = new SyncDecorations(model);
  const languages = new ServiceLanguages(ctx.clients);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const completion = once(() => (require('./lazy') as typeof import('./lazy')).makeManifestCompletion(manifest, languages));
  const manifestDiagnostics = new ManifestDiagnostics(manifest, async () => (await languages.get('glossary'))?.map((l) => l.lang));
  const view = vscode.window.createTreeView('terminology.sync', { treeDataProvider: tree, showCollapseAll: true });

  const refresh = () => void model.refresh().catch((err: unknown) => log.warn(`sync status: ${(err as Error).message}`));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const soon = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => { timer = undefined; void manifestDiagnostics.check(); refresh(); }, 300);
  };
  let lastFocus = 0;
  // While the view is visible: a listing-only refresh on a timer, so that a remote change shows without a focus change
  // or Refresh; one at a time, at most one per interval (a refresh for another reason counts), none while hidden.
  let pollMs = SYNC_POLL_MS;
  const poll = { get intervalMs() { return pollMs; }, set intervalMs(ms: number) { pollMs = ms; schedulePoll(); } };
  let lastRefresh = 0;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  const schedulePoll = (): void => {
    if (pollTimer) clearTimeout(pollTimer);
    pollTimer = undefined;
    if (!view.visible) return;
    pollTimer = setTimeout(() => {
      pollTimer = undefined;
      if (!view.visible) return;
      if (Date.now() - lastRefresh < pollMs * 0.9 || !model.manifestSnapshot) { schedulePoll(); return; }
      void model.refresh(undefined, { listOnly: true }).catch((err: unknown) => log.warn(`sync status: ${(err as Error).message}`)).finally(schedulePoll);
    }, pollMs);
  };
  const warnedMissing = new Set<string>();
  const onStatuses = (statuses: readonly LinkStatus[]) => {
    lastRefresh = Date.now();
    diagnostics.setLinkedFiles(model.lintKinds());
    diagnostics.setRuleSettings(model.manifestSnapshot?.parsed.rules ?? {}, model.manifestSnapshot?.folder);
    void vscode.commands.executeCommand('setContext', 'terminology.sync.hasManifest', Boolean(model.manifestSnapshot));
    // The term check's view: a manifest decides its glossaries only when it links a dictionary.
    void vscode.commands.executeCommand('setContext', 'terminology.termCheck.manifestLinks', Boolean(model.manifestSnapshot && linksDictionaries(model.manifestSnapshot.parsed.manifest)));
    void vscode.commands.executeCommand('setContext', 'terminology.sync.linked', statuses.flatMap((s) => [s.uri.fsPath, s.uri.path]));
    const changed = statuses.filter((s) => s.state !== 'in-sync' && s.state !== 'unknown').length;
    view.badge = changed ? { value: changed, tooltip: plural(changed, '{0} linked file not in sync', '{0} linked files not in sync') } : undefined;
    // A dictionary deleted by someone: say so once, with the ways out.
    for (const s of statuses) {
      const key = s.uri.toString();
      if (s.state !== 'remote-missing') { warnedMissing.delete(key); continue; }
      if (warnedMissing.has(key)) continue;
      warnedMissing.add(key);
      const recreate = vscode.l10n.t('Recreate on Service');
      const unlink = vscode.l10n.t('Unlink');
      const setKey = vscode.l10n.t('Set API Key');
      const name = s.link.path;
      // The glossary or collection itself not found: deleted, or the key set now is another account's (all links go
      // missing at once after a key change): nothing is said to be deleted, and the key is offered first.
      const notFound = s.remote?.container === false;
      const shown = notFound
        ? vscode.window.showWarningMessage(vscode.l10n.t('{0} is linked to a glossary or collection that the API key set now does not find: it was deleted on the service, or the key is another account\'s.', name), setKey, recreate, unlink)
        : vscode.window.showWarningMessage(vscode.l10n.t('{0} is linked to a dictionary or list that was deleted on the service.', name), recreate, unlink);
      void shown.then(async (picked) => {
        if (picked === setKey) await vscode.commands.executeCommand('terminology.setApiKey');
        if (picked === recreate) await vscode.commands.executeCommand('terminology.sync.recreate', s.uri);
        if (picked === unlink) await vscode.commands.executeCommand('terminology.sync.unlink', s.uri);
      });
    }
  };

  soon();
  schedulePoll();
  return {
    sync: { model, poll, languages, decorations, tree, manifestDiagnostics },
    actions,
    disposables: [
      lock, model, tree, decorations, manifestDiagnostics, view, snapshots, languages,
      // (The completion's code loads with the sync's commands, at the first completion in a JSON file.)
      vscode.languages.registerCompletionItemProvider([{ language: 'json' }, { language: 'jsonc' }], {
        provideCompletionItems: (doc, position, token) => completion().provideCompletionItems(doc, position, token),
      }, '"', '/'),
      { dispose: () => { if (timer) clearTimeout(timer); if (pollTimer) clearTimeout(pollTimer); } },
      view.onDidChangeVisibility(schedulePoll),
      vscode.workspace.registerTextDocumentContentProvider(SyncSnapshots.scheme, snapshots),
      vscode.window.registerFileDecorationProvider(decorations),
      model.onDidChange(onStatuses),
      manifest.onDidChange(soon),
      lock.onDidChange(soon),
      ctx.clients.onDidChange(soon),
      pushed(soon),
      vscode.workspace.onDidCreateFiles(soon),
      vscode.workspace.onDidDeleteFiles(soon),
      vscode.workspace.onDidRenameFiles(soon),
      vscode.workspace.onDidSaveTextDocument((doc) => {
        if (model.statusOf(doc.uri)) void model.recheck(doc.uri);
      }),
      vscode.window.onDidChangeWindowState((state) => {
        if (!state.focused || Date.now() - lastFocus < 10_000) return;
        lastFocus = Date.now();
        refresh();
      }),
      ...registerCommands(forward(() => sync().commands, {
        'terminology.sync.refresh': true, 'terminology.sync.clone': true, 'terminology.sync.link': true, 'terminology.sync.unlink': true,
        'terminology.sync.pushAll': true, 'terminology.sync.pullAll': true, 'terminology.sync.push': true, 'terminology.sync.pull': true,
        'terminology.sync.compare': true, 'terminology.sync.recreate': true,
      })),
    ],
  };
}
