/** The term check in the editor: diagnostics on translation files, their quick fixes and hover, the status bar's
 * count of the open file's findings, and "Check Terms in Workspace". */
import * as vscode from 'vscode';
import { ManifestFile } from '../platform/manifestFile';
import type { CommandContext } from '../trees/commandContext';
import { TermChecker, type WorkspaceCheckSummary } from './checker';
import { TermStatus } from './status';
import { TRANSLATION_GLOB } from './translationFiles';
import { TermCodeActions, TermHover } from './fixes';
import { TermGlossaries } from './glossaries';

export interface TermCheckActions {
  /** Checks every translation file under the manifest's folder; throws vscode.CancellationError when `signal` aborts. */
  checkTermsInWorkspace(options?: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void }): Promise<WorkspaceCheckSummary>;
}

export interface TermCheck { checker: TermChecker; glossaries: TermGlossaries; status: TermStatus }

export function registerTermCheck(ctx: CommandContext): { disposables: vscode.Disposable[]; actions: TermCheckActions; termCheck: TermCheck } {
  const log = ctx.log.child('terms');
  const manifest = new ManifestFile();
  const glossaries = new TermGlossaries(manifest, ctx.clients, log);
  const checker = new TermChecker(glossaries, log);
  const status = new TermStatus(checker);
  const actions: TermCheckActions = { checkTermsInWorkspace: (options) => checker.checkWorkspace(options) };
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
    termCheck: { checker, glossaries, status },
    disposables: [
      manifest, glossaries, checker, status,
      vscode.languages.registerCodeActionsProvider(selector, new TermCodeActions(checker), { providedCodeActionKinds: TermCodeActions.kinds }),
      vscode.languages.registerHoverProvider(selector, new TermHover(checker)),
      vscode.commands.registerCommand('terminology.checkTermsInWorkspace', command),
    ],
  };
}
