/** The term check in the editor: diagnostics on translation files, their quick fixes and hover, the status bar's
 * count of the open file's findings, and "Check Terms in Workspace". */
import * as vscode from 'vscode';
import { once } from '../platform/lazy';
import { ManifestFile } from '../platform/manifestFile';
import type { CommandContext } from '../trees/commandContext';
import type { TermChecker, WorkspaceCheckSummary } from './checker';
import type { TermGlossaries } from './glossaries';
import type { TermStatus } from './status';
import { isTranslationFile, TRANSLATION_GLOB } from './translationFiles';

export interface TermCheckActions {
  /** Checks every translation file under the manifest's folder; throws vscode.CancellationError when `signal` aborts. */
  checkTermsInWorkspace(options?: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void }): Promise<WorkspaceCheckSummary>;
}

export interface TermCheck { checker: TermChecker; glossaries: TermGlossaries; status: TermStatus }

/** Registers the term check's command and providers; the checker itself (./lazy.ts) is loaded when a translation file
 * is first open in the folder of an existing manifest (one open at activation: right after it), or the workspace
 * check first runs. */
export function registerTermCheck(ctx: CommandContext): { disposables: vscode.Disposable[]; actions: TermCheckActions; termCheck: TermCheck } {
  const log = ctx.log.child('terms');
  const manifest = new ManifestFile();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const terms = once(() => (require('./lazy') as typeof import('./lazy')).makeTermCheck(manifest, ctx.clients, log));
  // A translation file open in the manifest's folder, with a manifest there: the only case the checker has work.
  const wake = async (docs: readonly vscode.TextDocument[]) => {
    const uri = manifest.uri;
    const folder = uri && `${vscode.Uri.joinPath(uri, '..').path}/`;
    if (terms.peek() || !folder || !docs.some((d) => isTranslationFile(d.uri) && d.uri.path.startsWith(folder))) return;
    if (await vscode.workspace.fs.stat(uri).then(() => true, () => false)) terms();
  };
  const opened = vscode.workspace.onDidOpenTextDocument((d) => void wake([d]));
  const manifestChanged = manifest.onDidChange(() => void wake(vscode.workspace.textDocuments));
  const atStart = setTimeout(() => void wake(vscode.workspace.textDocuments), 0);
  const actions: TermCheckActions = { checkTermsInWorkspace: (options) => terms().checker.checkWorkspace(options) };
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
        void vscode.window.showInformationMessage(vscode.l10n.t('Term check: {0} finding(s) in {1} file(s), {2} string(s) checked.', s.findings, s.files, s.units));
      } catch (err) {
        if (err instanceof vscode.CancellationError || ac.signal.aborted) return;
        void ctx.errors.show(vscode.l10n.t('The term check failed'), err);
      } finally {
        sub.dispose();
      }
    });

  return {
    actions,
    termCheck: { get checker() { return terms().checker; }, get glossaries() { return terms().glossaries; }, get status() { return terms().status; } },
    disposables: [
      manifest, opened, manifestChanged, { dispose: () => clearTimeout(atStart) }, { dispose: () => terms.peek()?.dispose() },
      vscode.languages.registerCodeActionsProvider(selector, {
        provideCodeActions: (doc, range, context) => terms().codeActions.provideCodeActions(doc, range, context),
      }, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }),
      vscode.languages.registerHoverProvider(selector, { provideHover: (doc, position) => terms().hover.provideHover(doc, position) }),
      vscode.commands.registerCommand('terminology.checkTermsInWorkspace', command),
    ],
  };
}
