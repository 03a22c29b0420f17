/** The document the user works on: the active text editor's, or the one behind the active custom editor (the
 * table view), which VS Code does not report as a text editor. */
import * as vscode from 'vscode';

export function activeDocument(): vscode.TextDocument | undefined {
  const editor = vscode.window.activeTextEditor;
  if (editor) return editor.document;
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  if (!(input instanceof vscode.TabInputCustom)) return undefined;
  const key = input.uri.toString();
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
}

/** Fires when the active document may have changed (a text editor or a tab became active). */
export function onDidChangeActiveDocument(listener: () => void): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.window.onDidChangeActiveTextEditor(listener),
    vscode.window.tabGroups.onDidChangeTabs((e) => { if (e.changed.some((t) => t.isActive) || e.opened.length || e.closed.length) listener(); }),
    vscode.window.tabGroups.onDidChangeTabGroups(listener),
  );
}
