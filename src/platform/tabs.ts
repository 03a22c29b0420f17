/** Which documents the window's tabs show: as text, in a diff, or in a custom editor such as the table. */
import * as vscode from 'vscode';

export function tabUris(tab: vscode.Tab): vscode.Uri[] {
  const { input } = tab;
  if (input instanceof vscode.TabInputText || input instanceof vscode.TabInputCustom) return [input.uri];
  if (input instanceof vscode.TabInputTextDiff) return [input.original, input.modified];
  return [];
}

/** Whether a tab of the window shows the document `key` (a URI as a string). */
export function shownInTab(key: string): boolean {
  return vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => tabUris(t).some((u) => u.toString() === key)));
}

/** Documents that a tab showed and no tab shows any more. VS Code keeps a closed document open (and its
 * diagnostics in the Problems view) for minutes after its last tab closed; for a remote document, which is no
 * file of the workspace, its findings should go with its tab. `hide` runs when the last tab of a watched document
 * closes, `show` when a tab shows it again. A document never shown in a tab (opened by a command) is left alone. */
export class ClosedTabs implements vscode.Disposable {
  private readonly everShown = new Set<string>();
  private readonly hidden = new Set<string>();
  private readonly subscription: vscode.Disposable;

  constructor(private readonly watch: (uri: vscode.Uri) => boolean, private readonly hide: (uri: vscode.Uri) => void, private readonly show: (uri: vscode.Uri) => void) {
    this.subscription = vscode.window.tabGroups.onDidChangeTabs(() => this.update());
    this.update();
  }

  isHidden(uri: vscode.Uri): boolean {
    return this.hidden.has(uri.toString());
  }

  /** The document closed: nothing more to track. */
  forget(uri: vscode.Uri): void {
    this.everShown.delete(uri.toString());
    this.hidden.delete(uri.toString());
  }

  private update(): void {
    const shown = new Map<string, vscode.Uri>();
    for (const g of vscode.window.tabGroups.all) for (const t of g.tabs) for (const u of tabUris(t)) if (this.watch(u)) shown.set(u.toString(), u);
    for (const [key, uri] of shown) {
      this.everShown.add(key);
      if (this.hidden.delete(key)) this.show(uri);
    }
    for (const key of this.everShown) {
      if (shown.has(key) || this.hidden.has(key)) continue;
      this.hidden.add(key);
      this.hide(vscode.Uri.parse(key));
    }
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

/** After a deletion on the service: closes the tabs of the documents `matches` picks (their resource is gone) and
 * says so, naming them and what was deleted (`describe` of the first). A document with unsaved edits keeps its tab (closing it would ask
 * to save where nothing can take the edits any more; the user copies what they need), and the message says that
 * too. Answers the names of the documents closed. */
export async function closeDeleted(matches: (uri: vscode.Uri) => boolean, describe: (uri: vscode.Uri) => string): Promise<string[]> {
  const dirty = new Set(vscode.workspace.textDocuments.filter((d) => d.isDirty).map((d) => d.uri.toString()));
  const closing: vscode.Tab[] = [];
  const closed = new Set<string>();
  const kept = new Set<string>();
  let first: vscode.Uri | undefined;
  for (const g of vscode.window.tabGroups.all) {
    for (const t of g.tabs) {
      const uri = tabUris(t).find(matches);
      if (!uri) continue;
      first ??= uri;
      const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
      if (dirty.has(uri.toString())) { kept.add(name); continue; }
      closing.push(t);
      closed.add(name);
    }
  }
  if (closing.length) await vscode.window.tabGroups.close(closing, true);
  const names = (s: Set<string>) => [...s].join(', ');
  const what = first ? describe(first) : '';
  if (closed.size && kept.size) {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} was deleted on the service: closed {1}; {2} has unsaved edits and stays open.', what, names(closed), names(kept)));
  } else if (closed.size) {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} was deleted on the service: closed {1}.', what, names(closed)));
  } else if (kept.size) {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} was deleted on the service; {1} has unsaved edits and stays open.', what, names(kept)));
  }
  return [...closed];
}
