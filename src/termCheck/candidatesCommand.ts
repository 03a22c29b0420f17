/** "Find Term Candidates", the command: gathers the candidates (with progress and cancel), one picked, its dictionary
 * and target; the actions find them and add one. In the lazy termCheck bundle (its code is needed only when it runs). */
import * as vscode from 'vscode';
import type { ShownErrors } from '../platform/errors';
import { SCHEME } from '../platform/remoteUris';
import { plural } from '../platform/words';
import type { TermCheckActions } from './register';

export async function candidatesCommand(actions: Pick<TermCheckActions, 'findTermCandidates' | 'addRendering'>, errors: ShownErrors): Promise<void> {
  const report = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Finding term candidates'), cancellable: true },
    async (progress, token) => {
      const ac = new AbortController();
      const sub = token.onCancellationRequested(() => ac.abort());
      try {
        return await actions.findTermCandidates({ signal: ac.signal, onProgress: (done, total) => progress.report({ message: `${done} / ${total}` }) });
      } catch (err) {
        if (err instanceof vscode.CancellationError || ac.signal.aborted) return undefined;
        void errors.show(vscode.l10n.t('Finding term candidates failed'), err);
        return undefined;
      } finally { sub.dispose(); }
    });
  if (!report) { void vscode.window.showInformationMessage(vscode.l10n.t('No term candidates: the term check needs a manifest that links glossaries, and translation files under its folder.')); return; }
  if (!report.candidates.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No term candidates in {0} of {1}: every frequent phrase is in a glossary.',
      plural(report.units, '{0} string', '{0} strings'), plural(report.files, '{0} file', '{0} files')));
    return;
  }
  const picked = await vscode.window.showQuickPick(report.candidates.map((c) => ({
    label: c.phrase,
    description: vscode.l10n.t('{0} strings', c.count) + (c.renderings[0] ? ` · ${report.targetLang.toUpperCase()}: ${c.renderings.map((r) => r.phrase).join(', ')}` : ''),
    detail: c.examples.map((e) => e.source).join(' · '),
    candidate: c,
  })), { title: vscode.l10n.t('Term candidates ({0} → {1}): phrases no glossary holds; pick one to add it', report.sourceLang.toUpperCase(), report.targetLang.toUpperCase()), matchOnDetail: true });
  if (!picked) return;
  if (!report.dictionaries.length) { void vscode.window.showInformationMessage(vscode.l10n.t('No linked dictionary {0} → {1} to add it to.', report.sourceLang.toUpperCase(), report.targetLang.toUpperCase())); return; }
  const dict = report.dictionaries.length === 1 ? report.dictionaries[0] : (await vscode.window.showQuickPick(
    report.dictionaries.map((d) => ({ label: d.glossary, description: `${d.sourceLang.toUpperCase()} → ${d.targetLang.toUpperCase()}`, d })),
    { title: vscode.l10n.t('Add "{0}" to which dictionary?', picked.candidate.phrase) }))?.d;
  if (!dict) return;
  const target = await vscode.window.showInputBox({
    title: vscode.l10n.t('The translation of "{0}" in {1}', picked.candidate.phrase, dict.glossary),
    value: picked.candidate.renderings[0]?.phrase ?? '',
    // The service's document is pushed by its save; a linked file is written, and pushed when the user pushes it.
    prompt: vscode.Uri.parse(dict.file).scheme === SCHEME
      ? vscode.l10n.t('The dictionary opens with the entry added, unsaved: save it to push it.')
      : vscode.l10n.t('The linked file opens with the entry added, unsaved: save it; "Push Linked File" then sends it to the service.'),
    validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('A translation is needed.')),
  });
  if (!target?.trim()) return;
  try {
    await actions.addRendering({ source: picked.candidate.phrase, target: '', sourceLang: dict.sourceLang, targetLang: dict.targetLang, glossary: dict.glossary, file: dict.file }, target.trim());
  } catch (err) { void errors.show(vscode.l10n.t('The candidate could not be added'), err); }
}
