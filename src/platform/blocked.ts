import * as vscode from 'vscode';
import { lintKindOf, readLintSettings } from './documentKinds';
import type { Offload } from '../worker/offload';
import { readPieces } from './readText';

/** The red "errors block the push" notifications: at most one open per document, hidden once that document saves.
 * One per extension (made in activate; features get it through their CommandContext). */
export class PushBlockedNotices implements vscode.Disposable {
  /** Documents whose notification is open (neither answered nor closed), with the number of the last one shown. */
  private readonly open = new Map<string, number>();
  private shown = 0;
  private readonly onSave: vscode.Disposable;

  constructor(private readonly offload: Offload) {
    // Once a document whose push was blocked is saved (a remote document's or a style rule list's save is its push),
    // its notification is out of date. VS Code gives an extension no way to close one notification, so the toasts
    // are hidden, as Escape hides them (they stay in the notification center).
    this.onSave = vscode.workspace.onDidSaveTextDocument((doc) => {
      if (!this.open.delete(doc.uri.toString())) return;
      void vscode.commands.executeCommand('notifications.hideToasts');
    });
  }

  /** Tells that errors block a push, with the ways out: the Problems view, and Fix All when it can fix something.
   * Not awaited. */
  show(name: string, errors: number, uri: vscode.Uri): void {
    const show = vscode.l10n.t('Show Problems');
    const fix = vscode.l10n.t('Fix All');
    const key = uri.toString();
    const token = ++this.shown;
    this.open.set(key, token);
    void this.hasAutomaticFix(uri).catch(() => false).then((fixable) => vscode.window.showErrorMessage(
      errors === 1
        ? vscode.l10n.t('1 error in {0} blocks the push. Nothing was sent; the document keeps your text.', name)
        : vscode.l10n.t('{0} errors in {1} block the push. Nothing was sent; the document keeps your text.', errors.toLocaleString('en-US'), name),
      ...(fixable ? [show, fix] : [show]),
    )).then(async (picked) => {
      if (this.open.get(key) === token) this.open.delete(key);
      if (picked === show) await vscode.commands.executeCommand('workbench.actions.view.problems');
      if (picked === fix) {
        // Fixed where the person sees it: the document comes to the front, unless a group shows it already.
        const shown = vscode.window.tabGroups.all.some((g) => {
          const input = g.activeTab?.input;
          return (input instanceof vscode.TabInputText || input instanceof vscode.TabInputCustom) && input.uri.toString() === key;
        });
        if (!shown) await vscode.window.showTextDocument(uri, { preview: false });
        await vscode.commands.executeCommand('terminology.fixAll', uri);
      }
    });
  }

  dispose(): void {
    this.onSave.dispose();
    this.open.clear();
  }

  /** Whether Fix All would change anything in the open document at `uri` (its text read in slices, checked on the
   * core worker: a 10 MiB dictionary is not linted on the extension host's loop). */
  private async hasAutomaticFix(uri: vscode.Uri): Promise<boolean> {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    const kind = doc && lintKindOf(doc, readLintSettings());
    if (!doc || !kind) return false;
    return (await this.offload.fixAll(kind, (await readPieces(doc)).pieces)).applied > 0;
  }
}
