/** Compare with Remote of a local glossary file: the dictionary to compare it with is picked, then the action shows
 * the diff. In the lazy pushFile bundle (./lazy.ts), loaded when first run. */
import * as vscode from 'vscode';
import { lintKindOf, readLintSettings } from '../platform/documentKinds';
import { withCancellableProgress } from '../platform/progress';
import { requireClient, type CommandContext } from '../trees/commandContext';
import type { DocumentActions } from './documentCommands';
import { pickTarget } from './pickTarget';

const basename = (uri: vscode.Uri) => uri.path.slice(uri.path.lastIndexOf('/') + 1);

export async function compareLocalCommand(ctx: CommandContext, actions: Pick<DocumentActions, 'compareLocal'>, uri: vscode.Uri | undefined): Promise<void> {
  const doc = uri && await vscode.workspace.openTextDocument(uri);
  const kind = doc && lintKindOf(doc, readLintSettings());
  if (!doc || kind?.kind !== 'entries') {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a dictionary, a term list or a local glossary file to compare it with the remote.'));
    return;
  }
  const client = await requireClient(ctx);
  if (!client) return;
  const picked = await pickTarget(client, doc, kind.format, vscode.l10n.t('Compare {0} with', basename(doc.uri)));
  if (!picked) return;
  await withCancellableProgress(vscode.l10n.t('Reading the remote dictionary…'), (signal) =>
    actions.compareLocal(doc.uri, { glossaryId: picked.glossary.glossaryId, sourceLang: picked.sourceLang, targetLang: picked.targetLang }, signal));
}
