/** The table view: a custom text editor over the same TextDocument (undo, save = push, dirty state and
 * diagnostics stay one). The webview (media/table.js) renders a virtualized grid; every change it asks for
 * becomes the smallest edit of the document, and every document change reaches it as a splice of rows. */
import * as vscode from 'vscode';
import { cellEdit, cellFindings, columnCount, deleteLinesEdits, emptyRow, rowOf, type EntriesFormat } from '../core';
import type { DiagnosticsManager } from '../lint/diagnosticsManager';
import { LANGUAGE_CSV } from '../lint/documentKinds';
import { toWorkspaceEdit } from '../lint/convert';
import type { Logger } from '../util/logger';

export const TABLE_VIEW_TYPE = 'terminology.table';
/** Rows sent ahead of the rest, enough to fill a screen. */
const FIRST_SCREEN_LINES = 500;

/** Messages from the webview. */
export type TableRequest =
  | { type: 'ready' }
  | { type: 'edit'; line: number; column: number; value: string }
  | { type: 'addRow'; after: number }
  | { type: 'deleteRows'; lines: number[] }
  | { type: 'sortDocument'; column: number; descending: boolean }
  | { type: 'openText'; line: number }
  /** The webview's own figures: the first render after init, and a scroll measurement. */
  | { type: 'rendered'; rows: number; ms: number }
  | { type: 'loaded'; rows: number; ms: number }
  | { type: 'scrollMeasured'; frames: number; medianMs: number; maxMs: number };

/** Messages to the webview. */
export type TableUpdate =
  /** The rows as the document's text (one string is far cheaper to send than 200 000 arrays): the webview splits
   * each line at the separator, except the lines listed in `quoted`, whose cells are given (quotes need the parser). */
  | { type: 'init'; format: EntriesFormat; columns: number; total: number; complete: boolean; text: string; quoted: Array<[number, string[]]>; findings: Array<[number, unknown[]]> }
  /** The rows after the first screen, from line `start`, in the same form. */
  | { type: 'rows'; format: EntriesFormat; start: number; text: string; quoted: Array<[number, string[]]> }
  | { type: 'splice'; start: number; deleteCount: number; rows: string[][]; columns: number }
  | { type: 'findings'; findings: Array<[number, unknown[]]> }
  | { type: 'command'; name: TableCommand };

export type TableCommand = 'nextProblem' | 'find' | 'measureScroll';

const formatOf = (doc: vscode.TextDocument): EntriesFormat =>
  doc.languageId === LANGUAGE_CSV || /\.csv$/i.test(doc.uri.path) ? 'csv' : 'tsv';

class TablePanel implements vscode.Disposable {
  readonly format: EntriesFormat;
  private columns = 2;
  private readonly subscriptions: vscode.Disposable[];
  ready = false;

  constructor(readonly document: vscode.TextDocument, readonly panel: vscode.WebviewPanel, private readonly owner: TableEditorProvider) {
    this.format = formatOf(document);
    this.subscriptions = [
      panel.webview.onDidReceiveMessage((m: TableRequest) => void this.handle(m)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === document && e.contentChanges.length) this.changed(e);
      }),
      owner.diagnostics.onDidLint((uri) => {
        if (this.ready && uri.toString() === document.uri.toString()) this.post({ type: 'findings', findings: this.findings() });
      }),
    ];
  }

  post(message: TableUpdate): void {
    this.owner.posted(this.document.uri, message);
    void this.panel.webview.postMessage(message);
  }

  private findings(): Array<[number, unknown[]]> {
    const map = cellFindings(this.owner.diagnostics.findingsFor(this.document), (l) => (l < this.document.lineCount ? this.document.lineAt(l).text : ''), this.format);
    return [...map];
  }

  /** Rows go as text (one string is far cheaper to send than 200 000 arrays), split by the webview at the
   * separator; lines with quotes are parsed here. The first screen goes first, so the table shows at once. */
  private init(): void {
    const started = Date.now();
    const text = this.document.getText();
    const quoted: Array<[number, string[]]> = [];
    let columns = 2;
    let line = 0;
    let firstScreenEnd = text.length;
    for (let at = 0; at <= text.length; line++) {
      let end = text.indexOf('\n', at);
      if (end === -1) end = text.length;
      const raw = text.slice(at, end > at && text.charCodeAt(end - 1) === 13 ? end - 1 : end);
      if (raw.includes('"')) quoted.push([line, rowOf(raw, this.format, line === 0).cells]);
      if (this.format === 'csv' && columns < 4 && raw.split(',').length >= 4) columns = columnCount([rowOf(raw, 'csv', line === 0)], 'csv');
      if (line === FIRST_SCREEN_LINES - 1) firstScreenEnd = end;
      at = end + 1;
    }
    this.columns = columns;
    const complete = firstScreenEnd >= text.length;
    const split = (q: [number, string[]]) => q[0] < FIRST_SCREEN_LINES;
    this.post({
      type: 'init', format: this.format, columns, total: line, complete,
      text: text.slice(0, firstScreenEnd), quoted: quoted.filter(split), findings: this.findings(),
    });
    if (!complete) {
      this.post({ type: 'rows', format: this.format, start: FIRST_SCREEN_LINES, text: text.slice(firstScreenEnd + 1), quoted: quoted.filter((q) => !split(q)) });
    }
    this.owner.log.debug(`table ${this.document.uri.path}: ${line} rows sent in ${Date.now() - started} ms`);
  }

  /** Document changes as row splices. VS Code reports ranges in the text before the event; taken top-down,
   * each splice is shifted by the lines the ones above it added or removed, as the webview applies them in order. */
  private changed(e: vscode.TextDocumentChangeEvent): void {
    if (!this.ready) return;
    const changes = [...e.contentChanges].sort((a, b) => a.range.start.compareTo(b.range.start));
    let delta = 0;
    for (const c of changes) {
      const start = c.range.start.line + delta;
      const deleteCount = c.range.end.line - c.range.start.line + 1;
      const added = c.text.split(/\r\n|\r|\n/).length;
      const rows: string[][] = [];
      for (let l = start; l < start + added && l < this.document.lineCount; l++) rows.push(rowOf(this.document.lineAt(l).text, this.format, l === 0).cells);
      if (this.format === 'csv' && this.columns < 4 && rows.some((r) => r.length >= 4)) this.columns = 4;
      this.post({ type: 'splice', start, deleteCount, rows, columns: this.columns });
      delta += added - deleteCount;
    }
  }

  async handle(m: TableRequest): Promise<boolean> {
    const doc = this.document;
    switch (m.type) {
      case 'ready':
        this.ready = true;
        this.init();
        this.owner.fireReady(doc.uri);
        return true;
      case 'edit': {
        if (m.line < 0 || m.line >= doc.lineCount) return false;
        const edit = cellEdit(m.line, doc.lineAt(m.line).text, this.format, m.column, m.value);
        return vscode.workspace.applyEdit(toWorkspaceEdit(doc.uri, [edit]));
      }
      case 'addRow': {
        const eol = doc.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
        const row = emptyRow(this.format, this.columns);
        const after = Math.min(Math.max(m.after, -1), doc.lineCount - 1);
        const lastEmpty = doc.lineAt(doc.lineCount - 1).text === '';
        const we = new vscode.WorkspaceEdit();
        if (after === -1) we.insert(doc.uri, new vscode.Position(0, 0), row + eol);
        else if (after === doc.lineCount - 1 && !lastEmpty) we.insert(doc.uri, doc.lineAt(after).range.end, eol + row);
        else if (after === doc.lineCount - 1) we.insert(doc.uri, doc.lineAt(after).range.end, row + eol);
        else we.insert(doc.uri, new vscode.Position(after + 1, 0), row + eol);
        return vscode.workspace.applyEdit(we);
      }
      case 'deleteRows': {
        const edits = deleteLinesEdits(m.lines, doc.lineCount, (l) => doc.lineAt(l).text.length);
        return edits.length ? vscode.workspace.applyEdit(toWorkspaceEdit(doc.uri, edits)) : false;
      }
      case 'sortDocument': {
        // The user asked for the document's order to change: one edit, one undo step. Blank lines go last.
        const lines = Array.from({ length: doc.lineCount }, (_, i) => doc.lineAt(i).text);
        const trailing = lines[lines.length - 1] === '' ? lines.pop() : undefined;
        const key = (l: string, i: number) => rowOf(l, this.format, i === 0).cells[m.column] ?? '';
        const keyed = lines.map((l, i) => ({ l, k: key(l, i), blank: l.trim() === '' }));
        const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
        keyed.sort((a, b) => (a.blank !== b.blank ? (a.blank ? 1 : -1) : (m.descending ? -1 : 1) * collator.compare(a.k, b.k)));
        const eol = doc.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
        const text = keyed.map((x) => x.l).join(eol) + (trailing !== undefined ? eol : '');
        const we = new vscode.WorkspaceEdit();
        we.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount - 1, doc.lineAt(doc.lineCount - 1).text.length), text);
        return vscode.workspace.applyEdit(we);
      }
      case 'rendered':
      case 'loaded':
      case 'scrollMeasured':
        this.owner.log.debug(`table ${doc.uri.path}: ${JSON.stringify(m)}`);
        this.owner.reported(doc.uri, m);
        return true;
      case 'openText': {
        const line = Math.min(Math.max(0, m.line), doc.lineCount - 1);
        await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, selection: new vscode.Range(line, 0, line, 0) });
        return true;
      }
    }
    return false;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}

export class TableEditorProvider implements vscode.CustomTextEditorProvider, vscode.Disposable {
  private readonly panels = new Map<string, TablePanel>();
  private readonly ready = new vscode.EventEmitter<vscode.Uri>();
  /** Fires when a table's webview has loaded its script and received the rows. */
  readonly onDidReady = this.ready.event;
  private readonly post = new vscode.EventEmitter<{ uri: vscode.Uri; message: TableUpdate }>();
  /** Every message sent to a webview (for tests and the log). */
  readonly onDidPost = this.post.event;
  private active: TablePanel | undefined;
  private readonly report = new vscode.EventEmitter<{ uri: vscode.Uri; figures: Extract<TableRequest, { type: 'rendered' | 'loaded' | 'scrollMeasured' }> }>();
  /** The webview's own measurements (first render, scrolling). */
  readonly onDidReport = this.report.event;
  /** The HTML last given to a table's webview (the integration suite scans it for the key). */
  lastHtml = '';

  constructor(private readonly extensionUri: vscode.Uri, readonly diagnostics: DiagnosticsManager, readonly log: Logger) {}

  resolveCustomTextEditor(document: vscode.TextDocument, panel: vscode.WebviewPanel): void {
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    panel.webview.options = { enableScripts: true, localResourceRoots: [media] };
    const table = new TablePanel(document, panel, this);
    const key = document.uri.toString();
    this.panels.set(key, table);
    this.active = table;
    panel.webview.html = this.lastHtml = this.html(panel.webview, media, document, table.format);
    panel.onDidChangeViewState(() => {
      if (panel.active) this.active = table;
      void vscode.commands.executeCommand('setContext', 'terminology.tableActive', panel.active);
    });
    panel.onDidDispose(() => {
      table.dispose();
      if (this.panels.get(key) === table) this.panels.delete(key);
      if (this.active === table) this.active = undefined;
    });
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

  reported(uri: vscode.Uri, figures: Extract<TableRequest, { type: 'rendered' | 'loaded' | 'scrollMeasured' }>): void {
    this.report.fire({ uri, figures });
  }

  /** Sends a command to the active table (next problem, find, a scroll measurement). */
  command(name: TableCommand): void {
    this.active?.post({ type: 'command', name });
  }

  fireReady(uri: vscode.Uri): void {
    this.ready.fire(uri);
  }

  posted(uri: vscode.Uri, message: TableUpdate): void {
    this.post.fire({ uri, message });
  }

  private html(webview: vscode.Webview, media: vscode.Uri, doc: vscode.TextDocument, format: EntriesFormat): string {
    const nonce = Array.from({ length: 32 }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 62)]).join('');
    const script = webview.asWebviewUri(vscode.Uri.joinPath(media, 'table.js'));
    const style = webview.asWebviewUri(vscode.Uri.joinPath(media, 'table.css'));
    const name = doc.uri.path.slice(doc.uri.path.lastIndexOf('/') + 1).replace(/[<>&"]/g, '');
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${webview.cspSource}; script-src 'nonce-${nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style}">
<title>${name}</title>
</head>
<body data-format="${format}">
<header class="toolbar" role="toolbar" aria-label="Table">
  <span id="summary" class="summary"></span>
  <button id="next" class="problems" title="Next problem (F8)" aria-label="Next problem"></button>
  <input id="filter" type="search" placeholder="Filter rows" aria-label="Filter rows">
  <input id="find" type="search" placeholder="Find (Ctrl+F)" aria-label="Find">
  <span id="findStatus" class="status" aria-live="polite"></span>
  <span class="spacer"></span>
  <button id="add" title="Add a row below the active one (Ctrl+Enter)">Add Row</button>
  <button id="delete" title="Delete the selected rows (Delete)">Delete Rows</button>
  <button id="applySort" hidden title="Reorder the file's lines as the table is sorted">Sort File</button>
</header>
<div id="grid" class="grid" role="grid" tabindex="0" aria-label="${name}">
  <div id="head" class="row head" role="row"></div>
  <div id="viewport" class="viewport"><div id="spacer" class="spacer-rows"></div><div id="rows" class="rows" role="rowgroup"></div></div>
</div>
<input id="editor" class="cell-editor" hidden aria-label="Cell value">
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
  }

  dispose(): void {
    for (const t of this.panels.values()) t.dispose();
    this.panels.clear();
    this.ready.dispose();
    this.post.dispose();
    this.report.dispose();
  }
}

export function registerTableEditor(extensionUri: vscode.Uri, diagnostics: DiagnosticsManager, log: Logger): { provider: TableEditorProvider; disposables: vscode.Disposable[] } {
  const provider = new TableEditorProvider(extensionUri, diagnostics, log);
  return {
    provider,
    disposables: [
      provider,
      vscode.window.registerCustomEditorProvider(TABLE_VIEW_TYPE, provider, { webviewOptions: { retainContextWhenHidden: false } }),
      vscode.commands.registerCommand('terminology.table.nextProblem', () => provider.command('nextProblem')),
      vscode.commands.registerCommand('terminology.table.find', () => provider.command('find')),
      vscode.commands.registerCommand('terminology.openTable', async (uri?: vscode.Uri) => {
        const target = uri ?? vscode.window.activeTextEditor?.document.uri;
        if (target) await vscode.commands.executeCommand('vscode.openWith', target, TABLE_VIEW_TYPE);
      }),
      vscode.commands.registerCommand('terminology.openTextEditor', async () => {
        const tab = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
        if (tab instanceof vscode.TabInputCustom) await vscode.commands.executeCommand('vscode.openWith', tab.uri, 'default');
      }),
    ],
  };
}
