import * as vscode from 'vscode';
import { lintKindOf, readLintSettings } from './documentKinds';
import { offload } from '../worker/offload';
import { readPieces } from './readText';

/** Whether Fix All would change anything in the open document at `uri` (its text read in slices, checked on the
 * core worker: a 10 MiB dictionary is not linted on the extension host's loop). */
async function hasAutomaticFix(uri: vscode.Uri): Promise<boolean> {
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  const kind = doc && lintKindOf(doc, readLintSettings());
  if (!doc || !kind) return false;
  return (await offload.fixAll(kind, (await readPieces(doc)).pieces)).applied > 0;
}

/** Documents whose "errors block the push" notification is open (neither answered nor closed), with the number of
 * the last one shown. */
const openBlocked = new Map<string, number>();
let shownBlocked = 0;

/** Tells that errors block a push, with the ways out: the Problems view, and Fix All when it can fix something.
 * Not awaited. */
export function showPushBlocked(name: string, errors: number, uri: vscode.Uri): void {
  const show = vscode.l10n.t('Show Problems');
  const fix = vscode.l10n.t('Fix All');
  const key = uri.toString();
  const token = ++shownBlocked;
  openBlocked.set(key, token);
  void hasAutomaticFix(uri).catch(() => false).then((fixable) => vscode.window.showErrorMessage(
    errors === 1
      ? vscode.l10n.t('1 error in {0} blocks the push. Nothing was sent; the document keeps your text.', name)
      : vscode.l10n.t('{0} errors in {1} block the push. Nothing was sent; the document keeps your text.', errors.toLocaleString('en-US'), name),
    ...(fixable ? [show, fix] : [show]),
  )).then(async (picked) => {
    if (openBlocked.get(key) === token) openBlocked.delete(key);
    if (picked === show) await vscode.commands.executeCommand('workbench.actions.view.problems');
    if (picked === fix) await vscode.commands.executeCommand('terminology.fixAll', uri);
  });
}

/** Once a document whose push was blocked is saved (a remote document's or a style rule list's save is its push),
 * its red "errors block the push" notification is out of date. VS Code gives an extension no way to close one
 * notification, so the toasts are hidden, as Escape hides them (they stay in the notification center). */
export function hideBlockedOnceSaved(): vscode.Disposable {
  return vscode.workspace.onDidSaveTextDocument((doc) => {
    if (!openBlocked.delete(doc.uri.toString())) return;
    void vscode.commands.executeCommand('notifications.hideToasts');
  });
}

