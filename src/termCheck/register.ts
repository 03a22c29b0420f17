/** The term check in the editor: diagnostics on translation files, their quick fixes and hover, the status bar's
 * count of the open file's findings, and "Check Terms in Workspace". */
import * as vscode from 'vscode';
import { plural } from '../platform/words';
import { once } from '../platform/lazy';
import type { ManifestFile } from '../platform/manifestFile';
import { SCHEME } from '../platform/remoteUris';
import type { CommandContext } from '../trees/commandContext';
import type { GlossaryEntry } from '../core/termCheck/check';
import type { CandidateReport } from './candidates';
import type { TermChecker, WorkspaceCheckSummary } from './checker';
import type { TermGlossaries } from './glossaries';
import type { TermStatus } from './status';
import type { TermCheckView, TermNode } from './view';
import { isTranslationFile, TRANSLATION_GLOB } from './translationFiles';

/** Whether a glossary entry's file is the service's document (saved = pushed), not a linked file (saved = written). */
const isRemote = (file: string | undefined) => file !== undefined && vscode.Uri.parse(file).scheme === SCHEME;

export interface TermCheckActions {
  /** Checks every translation file under the manifest's folder; throws vscode.CancellationError when `signal` aborts. */
  checkTermsInWorkspace(options?: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void }): Promise<WorkspaceCheckSummary>;
  /** Makes `rendering` the glossary's translation of the entry's source: its dictionary (the linked file, or the remote
   * document) opens with the line changed (or added), unsaved; saving it pushes it as any edit. */
  addRendering(entry: GlossaryEntry, rendering: string): Promise<vscode.TextDocument>;
  /** The term candidates of the workspace's translation files (see ./candidates.ts); undefined without glossaries or
   * translation files. */
  /** The glossaries the term check holds translations against in a folder without a manifest (remembered for the
   * workspace); an empty list forgets them. */
  pickTermCheckGlossaries(glossaries: ReadonlyArray<{ id: string; name: string }>): Promise<void>;
  findTermCandidates(options?: { minCount?: number; limit?: number; signal?: AbortSignal; onProgress?: (done: number, total: number) => void }): Promise<CandidateReport | undefined>;
}

export interface TermCheck { checker: TermChecker; glossaries: TermGlossaries; status: TermStatus; view: TermCheckView }

/** Registers the term check's command and providers; the checker itself (./lazy.ts) is loaded when a translation file
 * is first open in the folder of an existing manifest (one open at activation: right after it), or the workspace
 * check first runs. */
const PICKED_KEY = 'terminology.termCheck.glossaries';

/** `manifest`: the workspace's manifest, shared with the repository sync (one watcher for both). */
export function registerTermCheck(ctx: CommandContext, manifest: ManifestFile, state?: vscode.Memento): { disposables: vscode.Disposable[]; actions: TermCheckActions; termCheck: TermCheck } {
  const log = ctx.log.child('terms');
  const picked = () => state?.get<Array<{ id: string; name: string }>>(PICKED_KEY) ?? [];
  // The view's welcome says to pick glossaries only while none are picked (a manifest's count as picked: see package.json).
  const sayPicked = () => void vscode.commands.executeCommand('setContext', 'terminology.termCheck.picked', picked().length > 0);
  sayPicked();
  // The Term Check view is there from activation; its tree is the loaded term check's (empty until then).
  const viewChanged = new vscode.EventEmitter<TermNode | undefined>();
  const terms = once(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const t = (require('./lazy') as typeof import('./lazy')).makeTermCheck(manifest, ctx.clients, log, picked, ctx.offload);
    t.view.onDidChangeTreeData(() => viewChanged.fire(undefined));
    viewChanged.fire(undefined);
    return t;
  });
  const tree = vscode.window.createTreeView<TermNode>('terminology.termCheck', {
    showCollapseAll: true,
    treeDataProvider: { onDidChangeTreeData: viewChanged.event, getChildren: (n) => terms.peek()?.view.getChildren(n) ?? [], getTreeItem: (n) => terms().view.getTreeItem(n) },
  });
  // The filter shows beside the view's title: without it, a view filtered yesterday looks like all the findings.
  const setFilter = (glossary: string | undefined) => {
    terms().view.setGlossary(glossary);
    tree.description = glossary === undefined ? undefined : vscode.l10n.t('{0} only', glossary);
  };
  const filterByGlossary = async () => {
    const view = terms().view;
    const all = vscode.l10n.t('All glossaries');
    const picked = await vscode.window.showQuickPick([all, ...view.glossaries()], { title: vscode.l10n.t('Show the term check findings of…') });
    if (picked !== undefined) setFilter(picked === all ? undefined : picked);
  };
  // A translation file open in the manifest's folder, with a manifest there: the only case the checker has work.
  const wake = async (docs: readonly vscode.TextDocument[]) => {
    const uri = manifest.uri;
    // Glossaries picked for a folder without a manifest: a translation file of the folder wakes it as well.
    const root = vscode.workspace.workspaceFolders?.[0]?.uri;
    if (!terms.peek() && root && picked().length && docs.some((d) => isTranslationFile(d.uri) && d.uri.path.startsWith(`${root.path}/`))) { terms(); return; }
    const folder = uri && `${vscode.Uri.joinPath(uri, '..').path}/`;
    if (terms.peek() || !folder || !docs.some((d) => isTranslationFile(d.uri) && d.uri.path.startsWith(folder))) return;
    if (await vscode.workspace.fs.stat(uri).then(() => true, () => false)) terms();
  };
  const opened = vscode.workspace.onDidOpenTextDocument((d) => void wake([d]));
  const manifestChanged = manifest.onDidChange(() => void wake(vscode.workspace.textDocuments));
  const atStart = setTimeout(() => void wake(vscode.workspace.textDocuments), 0);
  const actions: TermCheckActions = {
    checkTermsInWorkspace: (options) => terms().checker.checkWorkspace(options),
    findTermCandidates: (options) => terms().candidates(options),
    async pickTermCheckGlossaries(glossaries) {
      if (!state) throw new Error('No workspace state to remember the glossaries in.');
      await state.update(PICKED_KEY, glossaries.map((g) => ({ id: g.id, name: g.name })));
      sayPicked();
      const loaded = terms.peek();
      if (loaded) loaded.glossaries.forgetRemote(); // loads them again, and re-checks the open files
      else await wake(vscode.workspace.textDocuments);
    },
    addRendering: (entry, rendering) => terms().addRendering(entry, rendering),
  };
  // Gathers the glossaries (./pickGlossaries.ts, in the lazy bundle); the action remembers them.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pickGlossaries = () => (require('./lazy') as typeof import('./lazy')).pickGlossaries(ctx, manifest, picked, actions);
  // Gathers the confirmation, then the action does it.
  const addRendering = async (entry: GlossaryEntry, rendering: string) => {
    const pair = `${entry.sourceLang.toUpperCase()} → ${entry.targetLang.toUpperCase()}`;
    const go = vscode.l10n.t('Change the Glossary');
    const answer = await vscode.window.showInformationMessage(
      vscode.l10n.t('Make "{0}" the translation of "{1}" in {2} ({3}), instead of "{4}"?', rendering, entry.source, entry.glossary, pair, entry.target),
      { modal: true, detail: isRemote(entry.file)
        ? vscode.l10n.t('The dictionary opens with the change, unsaved: review it, then save to push it to the service.')
        : vscode.l10n.t('The linked file opens with the change, unsaved: review it and save it; "Push Linked File" then sends it to the service.') }, go);
    if (answer !== go) return;
    try { await actions.addRendering(entry, rendering); } catch (err) { void ctx.errors.show(vscode.l10n.t('The rendering could not be added'), err); }
  };
  const selector: vscode.DocumentSelector = { scheme: 'file', pattern: TRANSLATION_GLOB };

  const command = () => vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking terms'), cancellable: true },
    async (progress, token) => {
      const ac = new AbortController();
      const sub = token.onCancellationRequested(() => ac.abort());
      let last = 0;
      try {
        const s = await actions.checkTermsInWorkspace({
          signal: ac.signal,
          onProgress: (done, total) => { progress.report({ message: `${done} / ${total}`, increment: ((done - last) / total) * 100 }); last = done; },
        });
        if (s.noGlossaries) {
          // Nothing to check against: say so, and how to give it glossaries.
          const pick = vscode.l10n.t('Pick Glossaries…');
          const answer = await vscode.window.showInformationMessage(vscode.l10n.t('Term check: no glossaries to check against. Link them in a manifest (terminology.json), or pick them for this folder.'), pick);
          if (answer === pick) await vscode.commands.executeCommand('terminology.termCheck.pickGlossaries');
          return;
        }
        void vscode.window.showInformationMessage(s.files
          ? vscode.l10n.t('Term check: {0} in {1}, {2} checked.', plural(s.findings, '{0} finding', '{0} findings'), plural(s.files, '{0} file', '{0} files'), plural(s.units, '{0} string', '{0} strings'))
          : vscode.l10n.t('Term check: no translation files (XLIFF, PO, JSON, ARB, .properties, Android, Apple) in this folder.'));
      } catch (err) {
        if (err instanceof vscode.CancellationError || ac.signal.aborted) return;
        void ctx.errors.show(vscode.l10n.t('The term check failed'), err);
      } finally {
        sub.dispose();
      }
    });

  return {
    actions,
    termCheck: { get checker() { return terms().checker; }, get glossaries() { return terms().glossaries; }, get status() { return terms().status; }, get view() { return terms().view; } },
    disposables: [
      opened, manifestChanged, viewChanged, tree,
      vscode.commands.registerCommand('terminology.termCheck.filterByGlossary', filterByGlossary),
      vscode.commands.registerCommand('terminology.termCheck.clearFilter', () => setFilter(undefined)), { dispose: () => clearTimeout(atStart) }, { dispose: () => terms.peek()?.dispose() },
      vscode.languages.registerCodeActionsProvider(selector, {
        provideCodeActions: (doc, range, context) => terms().codeActions.provideCodeActions(doc, range, context),
      }, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }),
      vscode.languages.registerHoverProvider(selector, { provideHover: (doc, position) => terms().hover.provideHover(doc, position) }),
      vscode.commands.registerCommand('terminology.checkTermsInWorkspace', command),
      vscode.commands.registerCommand('terminology.termCheck.addRendering', addRendering),
      vscode.commands.registerCommand('terminology.findTermCandidates', () => terms().candidatesCommand(actions, ctx.errors)),
      vscode.commands.registerCommand('terminology.termCheck.pickGlossaries', pickGlossaries),
    ],
  };
}
