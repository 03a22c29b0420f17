/** The table view: a custom text editor over the same TextDocument (undo, save = push, dirty state and
 * diagnostics stay one), for dictionaries and for multilingual glossaries (a column per target language). The
 * webview (src/webview, bundled into dist/webview/table.js) renders a virtualized grid; every change it asks for
 * becomes the smallest edit of the document (src/table/tablePanel.ts), and every document change reaches it as a
 * splice of rows. */
import * as vscode from 'vscode';
import type { Offload } from '../worker/offload';
import type { DiagnosticsManager } from '../lint/diagnosticsManager';
import type { Logger } from '../base/logger';
import type { TableCommand, TableFigures, TableRequest, TableStrings, TableUpdate } from '../protocol/table';
import type { TablePanel } from './tablePanel';
import type { PickerFocus } from '../platform/pickerFocus';
import { SCHEME } from '../platform/remoteUris';

export type { TableCommand, TableRequest, TableUpdate } from '../protocol/table';

export const TABLE_VIEW_TYPE = 'terminology.table';

export class TableEditorProvider implements vscode.CustomTextEditorProvider, vscode.Disposable {
  private readonly panels = new Map<string, TablePanel>();
  private readonly ready = new vscode.EventEmitter<vscode.Uri>();
  /** Fires when a table's webview has loaded its script and received the rows. */
  readonly onDidReady = this.ready.event;
  private readonly post = new vscode.EventEmitter<{ uri: vscode.Uri; message: TableUpdate }>();
  /** Every message sent to a webview (for tests and the log). */
  readonly onDidPost = this.post.event;
  private active: TablePanel | undefined;
  private readonly report = new vscode.EventEmitter<{ uri: vscode.Uri; figures: TableFigures }>();
  /** The webview's own measurements (first render, scrolling). */
  readonly onDidReport = this.report.event;
  private readonly receive = new vscode.EventEmitter<{ uri: vscode.Uri; message: TableRequest }>();
  /** Every message a webview sent (for tests: the integration suite's key scan reads them all). */
  readonly onDidReceive = this.receive.event;
  private readonly render = new vscode.EventEmitter<{ uri: vscode.Uri; html: string }>();
  /** Every HTML given to a webview (for tests: the key scan reads them all). */
  readonly onDidRender = this.render.event;

  constructor(private readonly extensionUri: vscode.Uri, readonly diagnostics: DiagnosticsManager, readonly log: Logger, readonly offload: Offload,
    readonly pickers: PickerFocus) {
    // A picker or modal shown for a table (pickers.after) gives the keyboard back to the table that is the active editor.
    this.refocusing = pickers.refocusWith(() => {
      for (const table of this.panels.values()) table.refocus();
    });
  }

  private readonly refocusing: { dispose(): void };

  resolveCustomTextEditor(document: vscode.TextDocument, panel: vscode.WebviewPanel): void {
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    const scripts = vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview');
    panel.webview.options = { enableScripts: true, localResourceRoots: [media, scripts] };
    // The panel's code, its page and words load with the first table opened (./lazy.ts, dist/tablePanel.js).
    const lazy = tableCode();
    const table = new lazy.TablePanel(document, panel, this);
    const key = document.uri.toString();
    this.panels.set(key, table);
    this.active = table;
    const name = tableName(document.uri);
    const html = lazy.tableHtml(panel.webview, media, scripts, name, table.mode);
    panel.webview.html = html;
    this.render.fire({ uri: document.uri, html });
    // The tab says it is the table, beside the text editor's tab of the same file.
    panel.title = vscode.l10n.t('{0} (Table)', name);
    panel.onDidChangeViewState(() => {
      if (panel.active) this.active = table;
      else this.leftAt.set(table, Date.now());
      // From the table that is active now, whichever panel's event comes last: going from one table to another, the
      // one left may report after the one shown (its "not active" then turned F7 off in the other).
      const now = [...this.panels.values()].find((t) => t.panel.active);
      void vscode.commands.executeCommand('setContext', 'terminology.tableActive', now !== undefined);
      void vscode.commands.executeCommand('setContext', 'terminology.gridActive', now?.mode === 'grid');
    });
    void vscode.commands.executeCommand('setContext', 'terminology.gridActive', table.mode === 'grid');
    panel.onDidDispose(() => {
      this.leftAt.delete(table);
      table.dispose();
      if (this.panels.get(key) === table) this.panels.delete(key);
      if (this.active === table) this.active = undefined;
    });
  }

  /** When each table stopped being the active editor (see followLinksInTable). */
  private readonly leftAt = new Map<TablePanel, number>();
  /** Documents whose text editor was asked for on purpose (Open in Text Editor), until when. */
  private readonly textWanted = new Map<string, number>();

  /** The text editor of `uri` is wanted beside its table for a moment (Open in Text Editor): not redirected. */
  wantText(uri: vscode.Uri): void {
    this.textWanted.set(uri.toString(), Date.now() + 2000);
  }

  /** Following a Problems link (or any other "go to" that VS Code resolves to the text editor) while a table is the
   * active editor opens that document's text as a second tab in the table's group. The table selects the cell
   * instead: the table comes back to the front and shows the cell at the link's position. The new text tab is closed
   * again when the document has no unsaved edits; with unsaved edits it stays behind the table, since VS Code would
   * ask whether to save them on closing it (and "Don't Save" would throw them away). Not for a text tab opened in
   * another group (the table's "show this line in the text editor" opens beside), nor when the table's tab went away
   * with it, nor after Open in Text Editor. */
  followLinksInTable(): vscode.Disposable {
    return vscode.window.tabGroups.onDidChangeTabs((e) => {
      for (const tab of e.opened) {
        if (!(tab.input instanceof vscode.TabInputText)) continue;
        const key = tab.input.uri.toString();
        const table = this.panels.get(key);
        if (!table || table.panel.viewColumn !== tab.group.viewColumn) continue;
        if ((this.textWanted.get(key) ?? 0) > Date.now()) continue;
        const left = this.leftAt.get(table);
        if (!table.panel.active && !(left !== undefined && Date.now() - left < 1000)) continue;
        // VS Code sets the text editor's selection (the link's position) just after its tab opens.
        setTimeout(() => void this.backToTable(table, tab.group.viewColumn), 50);
      }
    });
  }

  private async backToTable(table: TablePanel, column: vscode.ViewColumn): Promise<void> {
    const key = table.document.uri.toString();
    const group = vscode.window.tabGroups.all.find((g) => g.viewColumn === column);
    const text = group?.tabs.find((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === key);
    const tableTab = group?.tabs.find((t) => t.input instanceof vscode.TabInputCustom && t.input.viewType === TABLE_VIEW_TYPE && t.input.uri.toString() === key);
    if (!text || !tableTab || this.panels.get(key) !== table) return;
    const at = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === key && e.viewColumn === column)?.selection.active;
    if (!table.document.isDirty) await vscode.window.tabGroups.close(text, true);
    table.panel.reveal(column, false);
    if (at) table.reveal(at);
    this.log.info(`${table.document.uri.path}: a link to line ${at ? at.line + 1 : '?'} was shown in the table, not in a second tab`);
  }

  /** Handles a message as if the table of `uri` had sent it (the webview's protocol, for tests). */
  handle(uri: vscode.Uri, message: TableRequest): Promise<boolean> {
    const table = this.panels.get(uri.toString());
    if (!table) throw new Error(`no table is open for ${uri.toString()}`);
    return table.handle(message);
  }

  isReady(uri: vscode.Uri): boolean {
    return this.panels.get(uri.toString())?.ready ?? false;
  }

  strings(): TableStrings {
    return tableCode().tableStrings();
  }

  reported(uri: vscode.Uri, figures: TableFigures): void {
    this.report.fire({ uri, figures });
  }

  /** Sends a command to the active table (next problem, find, a scroll measurement). */
  command(name: TableCommand, arg?: string): void {
    this.active?.post({ type: 'command', name, arg });
  }

  /** Selects the first cell of the table of `uri` with a finding of `code` (Review Drafts: the first draft), and gives
   * that table the focus: its grid takes the keyboard when a refocus is pending (see pickerFocus). */
  firstFinding(uri: vscode.Uri, code: string): boolean {
    const table = this.panels.get(uri.toString());
    if (!table) return false;
    table.post({ type: 'command', name: 'firstFinding', arg: code });
    table.panel.reveal(table.panel.viewColumn, false);
    return true;
  }

  /** The active table, when it shows a multilingual glossary: its languages (source first). */
  activeGrid(): string[] | undefined {
    return this.active?.mode === 'grid' ? this.active.header() : undefined;
  }

  fireReady(uri: vscode.Uri): void {
    this.ready.fire(uri);
  }

  posted(uri: vscode.Uri, message: TableUpdate): void {
    this.post.fire({ uri, message });
  }

  received(uri: vscode.Uri, message: TableRequest): void {
    this.receive.fire({ uri, message });
  }

  dispose(): void {
    this.refocusing.dispose();
    for (const t of this.panels.values()) t.dispose();
    this.panels.clear();
    this.ready.dispose();
    this.post.dispose();
    this.receive.dispose();
    this.render.dispose();
    this.report.dispose();
  }
}

/** The code of an open table, loaded when the first one opens. */
function tableCode(): typeof import('./lazy') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./lazy') as typeof import('./lazy');
}

/** What a table's tab is named by: the file's name; a glossary's or collection's name before it for one of the
 * service's (`Product terms/en-de.glossary.tsv`), whose file names repeat from one glossary to the next. */
function tableName(uri: vscode.Uri): string {
  return uri.scheme === SCHEME && uri.path.split('/').filter(Boolean).length === 2 ? uri.path.replace(/^\//, '') : basename(uri);
}

function basename(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}

export function registerTableEditor(extensionUri: vscode.Uri, diagnostics: DiagnosticsManager, log: Logger, offload: Offload, pickers: PickerFocus): { provider: TableEditorProvider; disposables: vscode.Disposable[] } {
  const provider = new TableEditorProvider(extensionUri, diagnostics, log, offload, pickers);
  return {
    provider,
    disposables: [
      provider,
      vscode.window.registerCustomEditorProvider(TABLE_VIEW_TYPE, provider, { webviewOptions: { retainContextWhenHidden: false } }),
      provider.followLinksInTable(),
      vscode.commands.registerCommand('terminology.table.nextProblem', () => provider.command('nextProblem')),
      // Not in the palette: Review Drafts (the question before a glossary with drafts is pushed) goes to the first draft.
      vscode.commands.registerCommand('terminology.table.firstFinding', (uri: unknown, code: unknown) =>
        uri instanceof vscode.Uri && typeof code === 'string' && provider.firstFinding(uri, code)),
      vscode.commands.registerCommand('terminology.table.find', () => provider.command('find')),
      vscode.commands.registerCommand('terminology.table.nextGap', () => provider.command('nextGap')),
      vscode.commands.registerCommand('terminology.table.filterMissing', async () => {
        const languages = provider.activeGrid();
        if (!languages) {
          void vscode.window.showInformationMessage(vscode.l10n.t('Open a glossary in the table view first (Open Glossary (All Languages)).'));
          return;
        }
        const items = [{ label: vscode.l10n.t('Every row'), code: '' }, ...languages.slice(1).map((l) => ({ label: vscode.l10n.t('Missing in {0}', l), code: l }))];
        const pick = await pickers.after(vscode.window.showQuickPick(items, { title: vscode.l10n.t('Show the rows missing in a language') }));
        if (pick) provider.command('filterMissing', pick.code);
      }),
      // Both reopen the active tab as the other editor, as "Reopen Editor With…" does: one tab per document, so that
      // VS Code's close question names it once (not "file" and "file (Table)"), and unsaved edits simply carry over.
      vscode.commands.registerCommand('terminology.openTable', async (uri?: vscode.Uri) => {
        const target = uri ?? vscode.window.activeTextEditor?.document.uri;
        if (!target) return;
        const active = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
        if (active instanceof vscode.TabInputText && active.uri.toString() === target.toString()) {
          await vscode.commands.executeCommand('reopenActiveEditorWith', TABLE_VIEW_TYPE);
        } else {
          await vscode.commands.executeCommand('vscode.openWith', target, TABLE_VIEW_TYPE);
        }
      }),
      vscode.commands.registerCommand('terminology.openTextEditor', async () => {
        const tab = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
        if (!(tab instanceof vscode.TabInputCustom)) return;
        provider.wantText(tab.uri);
        await vscode.commands.executeCommand('reopenActiveEditorWith', 'default');
      }),
    ],
  };
}
