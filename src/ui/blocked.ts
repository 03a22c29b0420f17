import * as vscode from 'vscode';

/** Tells that errors block a push, with the two ways out: the Problems view and Fix All. Not awaited. */
export function showPushBlocked(name: string, errors: number, uri: vscode.Uri): void {
  const show = vscode.l10n.t('Show Problems');
  const fix = vscode.l10n.t('Fix All');
  void vscode.window.showErrorMessage(
    vscode.l10n.t('{0} error(s) in {1} block the push. Nothing was sent; the document keeps your text.', errors, name), show, fix,
  ).then(async (picked) => {
    if (picked === show) await vscode.commands.executeCommand('workbench.actions.view.problems');
    if (picked === fix) await vscode.commands.executeCommand('terminology.fixAll', uri);
  });
}
