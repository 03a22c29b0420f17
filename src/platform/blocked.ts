import * as vscode from 'vscode';
import { preferredEdits } from '../core';
import { linterFor, lintKindOf, readLintSettings } from './documentKinds';

/** Whether Fix All would change anything in the open document at `uri`. */
function hasAutomaticFix(uri: vscode.Uri): boolean {
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  const kind = doc && lintKindOf(doc, readLintSettings());
  if (!doc || !kind) return false;
  const findings = linterFor(kind)(doc.getText());
  return preferredEdits(findings).length > 0;
}

/** Tells that errors block a push, with the ways out: the Problems view, and Fix All when it can fix something.
 * Not awaited. */
export function showPushBlocked(name: string, errors: number, uri: vscode.Uri): void {
  const show = vscode.l10n.t('Show Problems');
  const fix = vscode.l10n.t('Fix All');
  const buttons = hasAutomaticFix(uri) ? [show, fix] : [show];
  void vscode.window.showErrorMessage(
    errors === 1
      ? vscode.l10n.t('1 error in {0} blocks the push. Nothing was sent; the document keeps your text.', name)
      : vscode.l10n.t('{0} errors in {1} block the push. Nothing was sent; the document keeps your text.', errors.toLocaleString('en-US'), name),
    ...buttons,
  ).then(async (picked) => {
    if (picked === show) await vscode.commands.executeCommand('workbench.actions.view.problems');
    if (picked === fix) await vscode.commands.executeCommand('terminology.fixAll', uri);
  });
}
