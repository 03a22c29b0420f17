/** The import preview as a read-only Markdown document (`terminology-import:` scheme); its text is previewText.ts's. */
import * as vscode from 'vscode';

export const PREVIEW_SCHEME = 'terminology-import';

export class ImportPreviewDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  private readonly shown = new Set<string>();

  /** The preview's address for an imported file. */
  static uriOf(fileName: string): vscode.Uri {
    return vscode.Uri.from({ scheme: PREVIEW_SCHEME, path: `/Import preview — ${fileName}.md` });
  }

  /** Sets the preview's text and shows it rendered, beside the active editor (VS Code's Markdown preview; the
   * Markdown source when that preview is not there). Later updates re-render it without taking the editor from a
   * pair document being fixed. */
  async show(fileName: string, text: string): Promise<vscode.Uri> {
    const uri = ImportPreviewDocuments.uriOf(fileName);
    const key = uri.toString();
    this.texts.set(key, text);
    this.changed.fire(uri);
    if (this.shown.has(key)) return uri;
    this.shown.add(key);
    const doc = await vscode.workspace.openTextDocument(uri);
    try {
      await vscode.commands.executeCommand('markdown.showPreviewToSide', uri);
    } catch {
      await vscode.window.showTextDocument(doc, { preview: false, preserveFocus: true, viewColumn: vscode.ViewColumn.Beside });
    }
    return uri;
  }

  /** Closes the preview of an imported file (the import ended or was cancelled): its rendered tab, and its source
   * if that was shown. */
  async close(fileName: string): Promise<void> {
    const uri = ImportPreviewDocuments.uriOf(fileName);
    const key = uri.toString();
    if (!this.shown.delete(key)) return;
    const name = uri.path.slice(1);
    const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) =>
      (t.input instanceof vscode.TabInputText && t.input.uri.toString() === key)
      || (t.input instanceof vscode.TabInputWebview && /markdown\.preview/.test(t.input.viewType) && t.label.includes(name)));
    if (tabs.length) await vscode.window.tabGroups.close(tabs, true);
  }

  text(uri: vscode.Uri): string | undefined {
    return this.texts.get(uri.toString());
  }

  dispose(): void {
    this.changed.dispose();
  }
}
