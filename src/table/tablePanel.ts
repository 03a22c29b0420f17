/** One open table: the webview's requests become the smallest edits of the document, one at a time and in
 * order; every document change reaches the webview as a splice of rows, with the document's version. */
import * as vscode from 'vscode';
// The core's modules by name, not its index (see esbuild.mjs: this file is in a lazy bundle).
import type { EntriesFormat } from '../core/fields';
import type { Finding } from '../core/findings';
import { removeFromDictionaries, rowLanguages } from '../core/glossary/removeRows';
import { cellEdit, cellFindings, cellFindingsJson, cellOf, columnCount, deleteLinesEdits, emptyRow, rowOf, tableRowCount } from '../core/table';
import { mapLine, type CellFinding, type LineSplice } from '../core/tableRows';
import { fixAllInDocument } from '../lint/codeActions';
import { toWorkspaceEdit } from '../lint/convert';
import type { DiagnosticsManager } from '../lint/diagnosticsManager';
import { LANGUAGE_CSV, LANGUAGE_MULTILINGUAL, lintKindOf, readLintSettings } from '../platform/documentKinds';
import type { Logger } from '../base/logger';
import type { TableFigures, TableMode, TableRequest, TableStrings, TableUpdate } from '../protocol/table';
import { OFFLOAD_ABOVE, type Offload } from '../worker/offload';
import type { PickerFocus } from '../platform/pickerFocus';

/** Rows sent ahead of the rest, enough to fill a screen. */
const FIRST_SCREEN_LINES = 500;
/** Document versions whose changes are kept, to move the line numbers of requests made against them. */
const HISTORY = 1000;
/** Findings whose JSON is longer than this cross to the webview as bytes (see post). */
const FINDINGS_AS_BYTES = 64 * 1024;

export const formatOf = (doc: vscode.TextDocument): EntriesFormat =>
  doc.languageId === LANGUAGE_CSV || /\.csv$/i.test(doc.uri.path) ? 'csv' : 'tsv';

/** A multilingual glossary (its first line names the languages) or a dictionary. */
export const modeOf = (doc: vscode.TextDocument): TableMode =>
  doc.languageId === LANGUAGE_MULTILINGUAL || /\.multilingual\.tsv$/i.test(doc.uri.path) ? 'grid' : 'table';

/** What a panel needs from its provider. */
export interface PanelOwner {
  readonly diagnostics: DiagnosticsManager;
  readonly log: Logger;
  /** Where the rows of a large document are encoded and sorted. */
  readonly offload: Offload;
  readonly pickers: PickerFocus;
  posted(uri: vscode.Uri, message: TableUpdate): void;
  received(uri: vscode.Uri, message: TableRequest): void;
  reported(uri: vscode.Uri, figures: TableFigures): void;
  fireReady(uri: vscode.Uri): void;
  strings(): TableStrings;
}

interface Outcome { ok: boolean; line?: number; message?: string }

export class TablePanel implements vscode.Disposable {
  readonly format: EntriesFormat;
  readonly mode: TableMode;
  /** The first line that is a row: in a multilingual glossary, line 0 names the languages. */
  private readonly from: number;
  private columns = 2;
  private readonly subscriptions: vscode.Disposable[];
  ready = false;
  /** The changes after each document version, oldest first (versions older than `since` are forgotten). */
  private history: Array<{ version: number; splices: LineSplice[] }> = [];
  private since: number;
  /** Requests that change the document run one after another. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly document: vscode.TextDocument, readonly panel: vscode.WebviewPanel, private readonly owner: PanelOwner) {
    this.format = formatOf(document);
    this.mode = modeOf(document);
    this.from = this.mode === 'grid' ? 1 : 0;
    this.since = document.version;
    this.subscriptions = [
      panel.webview.onDidReceiveMessage((m: TableRequest) => {
        owner.received(document.uri, m);
        void this.handle(m);
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === document && e.contentChanges.length) this.changed(e);
      }),
      owner.diagnostics.onDidLint((uri) => {
        if (this.ready && uri.toString() === document.uri.toString()) void this.postFindings();
      }),
      // A save of a remote document pushes (or finds the service holding its entries already): the table says so
      // where the person looks, not only in the status bar for a few seconds.
      vscode.workspace.onDidSaveTextDocument((d) => {
        if (d === document && d.uri.scheme === 'terminology' && this.ready) {
          this.post({ type: 'status', text: vscode.l10n.t('Pushed at {0}', new Date().toLocaleTimeString()) });
        }
      }),
    ];
    this.prepare();
  }

  private readonly cells = new WeakMap<Finding, CellFinding>();
  private readonly cellJson = new WeakMap<CellFinding, string>();

  /** A cell to select once the webview has loaded again (a hidden table's webview is rebuilt when shown), briefly. */
  private pendingReveal: { message: Extract<TableUpdate, { type: 'reveal' }>; until: number } | undefined;

  /** Selects the cell at `pos` of the document (its line, and the cell its character falls in): now if the webview is
   * shown, and again when it has loaded, if it is loading (a table brought back to the front). */
  reveal(pos: vscode.Position): void {
    if (pos.line >= this.document.lineCount) return;
    const column = cellOf({ line: pos.line, start: pos.character, end: pos.character }, this.document.lineAt(pos.line).text, this.format);
    const message = { type: 'reveal' as const, line: pos.line, column };
    this.pendingReveal = { message, until: Date.now() + 3000 };
    if (this.ready && this.panel.visible) this.post(message);
  }

  post(message: TableUpdate): void {
    this.owner.posted(this.document.uri, message);
    // Findings cross as one JSON string (see cellFindingsJson); the webview parses them. Thousands of them (a
    // glossary's gaps) cross as its UTF-8 bytes, which VS Code hands over as they are: a string it would escape into
    // its own JSON message, 25-30 ms of this thread for 10 000 findings.
    let wire: unknown = message;
    if (message.type === 'findings' || message.type === 'init') {
      const json = cellFindingsJson(message.findings, this.cellJson);
      wire = { ...message, findings: json.length > FINDINGS_AS_BYTES ? new TextEncoder().encode(json) : json };
    }
    void this.panel.webview.postMessage(wire);
  }

  /** The findings by line and cell; `before`: only those of the lines before it (the first screen). */
  private findings(before = Infinity): Array<[number, CellFinding[]]> {
    // Without forcing a text being read in slices: its findings come with onDidLint (above).
    let all = this.owner.diagnostics.findingsNow(this.document);
    if (before !== Infinity) all = all.filter((f) => f.line < before);
    const map = cellFindings(all, (l) => (l < this.document.lineCount ? this.document.lineAt(l).text : ''), this.format, this.cells);
    return [...map];
  }

  private posting = 0;

  /** Findings in one part at most; more go in parts of this many, one per task. */
  static readonly FINDINGS_PART = 2000;

  /** Posts all findings. Thousands of them (a glossary's gaps, as it opens) go in parts, one per task, each part's
   * cells and JSON made just before it goes, so no one task holds the extension host for all of them (9 800 at once
   * held it 20 ms on a core, 50 ms on a busy machine). The webview shows them once the last part is in. A later
   * post, the rows sent again, or an edit supersedes the parts not yet sent: the lint that follows an edit posts them
   * all again. */
  private async postFindings(): Promise<void> {
    const ticket = ++this.posting;
    const version = this.document.version;
    const all = this.owner.diagnostics.findingsNow(this.document);
    const part = TablePanel.FINDINGS_PART;
    if (all.length <= part) { this.post({ type: 'findings', findings: this.findings() }); return; }
    for (let i = 0; i < all.length; i += part) {
      if (i > 0) {
        await new Promise((resolve) => setImmediate(resolve));
        if (ticket !== this.posting || this.disposed || this.document.isClosed || this.document.version !== version) return;
      }
      const map = cellFindings(all.slice(i, i + part), (l) => (l < this.document.lineCount ? this.document.lineAt(l).text : ''), this.format, this.cells);
      this.post({ type: 'findings', findings: [...map], append: i > 0, more: i + part < all.length });
    }
  }

  /** The language pair the document knows: a remote dictionary's address, or the first CSV language columns. */
  private languages(csvPair: [string, string] | undefined): [string, string] | undefined {
    const kind = lintKindOf(this.document, readLintSettings());
    if (kind?.kind === 'entries' && kind.sourceLang && kind.targetLang) return [kind.sourceLang.toUpperCase(), kind.targetLang.toUpperCase()];
    return csvPair && [csvPair[0].toUpperCase(), csvPair[1].toUpperCase()];
  }

  /** A multilingual glossary's languages: the cells of its first line, upper case. */
  header(): string[] {
    return rowOf(this.document.lineAt(0).text, 'tsv', true).cells.map((c) => c.trim().toUpperCase());
  }

  /** Rows go as text (one string is far cheaper to send than 200 000 arrays), split by the webview at the
   * separator; lines with quotes are parsed here. The first screen goes first, so the table shows at once; the rest
   * follows as UTF-8 bytes, encoded on the core worker (VS Code hands bytes to the webview without turning them into
   * JSON), so 10 MiB of rows never stalls the extension host. Only lines with a quote (and, in CSV, lines with
   * language columns until the pair is known) are cut out of the text. */
  /** The init message and the rest of the rows, encoded, made ready as soon as the panel exists, while the webview
   * loads its script: by its 'ready' the bytes of the rest are (nearly) there. */
  private prepared: { version: number; started: number; send: () => void } | undefined;
  /** Called when the webview reports its first screen shown (the sort orders are made then). */
  private shown: (() => void) | undefined;

  private init(): void {
    this.posting++; // the findings go with the rows: parts of an earlier post still to come would add to them
    if (!this.prepared || this.prepared.version !== this.document.version) this.prepare();
    const { send } = this.prepared!;
    this.prepared = undefined;
    send();
  }

  private prepare(): void {
    const started = Date.now();
    const text = this.document.getText();
    const quoted: Array<[number, string[]]> = [];
    let columns = 2;
    let csvPair: [string, string] | undefined;
    let line = 0;
    let firstScreenEnd = text.length;
    const csv = this.format === 'csv';
    let nextQuote = text.indexOf('"');
    for (let at = 0; at <= text.length; line++) {
      let end = text.indexOf('\n', at);
      if (end === -1) end = text.length;
      const hasQuote = nextQuote !== -1 && nextQuote < end;
      if (hasQuote || (csv && !csvPair && commasAtLeast(text, at, end, 3))) {
        const raw = text.slice(at, end > at && text.charCodeAt(end - 1) === 13 ? end - 1 : end);
        if (hasQuote) {
          quoted.push([line, rowOf(raw, this.format, line === 0).cells]);
          nextQuote = text.indexOf('"', end);
        }
        if (csv && !csvPair && raw.split(',').length >= 4) {
          const cells = rowOf(raw, 'csv', line === 0).cells;
          columns = columnCount([{ cells }], 'csv');
          if (cells.length === 4 && cells[2].trim() && cells[3].trim()) csvPair = [cells[2].trim(), cells[3].trim()];
        }
      }
      if (line === FIRST_SCREEN_LINES - 1) firstScreenEnd = end;
      at = end + 1;
    }
    let languages: string[] | undefined = this.languages(csvPair);
    if (this.mode === 'grid') {
      languages = this.header();
      columns = Math.max(2, languages.length);
    }
    const complete = firstScreenEnd >= text.length;
    const split = (q: [number, string[]]) => q[0] < FIRST_SCREEN_LINES;
    const lastEmpty = this.document.lineAt(this.document.lineCount - 1).text === '';
    const version = this.document.version;
    const rest = complete ? undefined : this.owner.offload.encodeRows(text.slice(firstScreenEnd + 1));
    // The order of all rows by each column, made from the same rows (their bytes, as sent) on a worker at the lowest
    // priority, so that a sort of a large table costs the webview one pass (a small table sorts at once where it is).
    // Made once the first screen is shown, while the rest of the rows travel, each column's sent as soon as it is
    // made: they come about when the rows do, and a sort asked for before waits for them (Grid.waitsForOrders)
    // rather than sorting 229 000 rows in the webview. Not before the first screen: made while the webview starts,
    // they delayed the first rows by 150 ms on 2 cores; made while the rows load, they delay all rows by about as
    // much there (docs/performance.md), which a sort at once is worth.
    const ordersComing = !!rest && text.length >= OFFLOAD_ABOVE;
    const shown = new Promise<void>((resolve) => { this.shown = resolve; });
    let rowsPosted!: () => void;
    const posted = new Promise<void>((resolve) => { rowsPosted = resolve; });
    if (ordersComing) {
      const made = Promise.all([rest, shown, posted]).then(([{ bytes }]) => this.owner.offload.tableOrders({
        separator: this.format === 'csv' ? ',' : '\t', from: this.from, total: line, columns, languages,
        head: text.slice(0, firstScreenEnd), headQuoted: quoted.filter(split), start: FIRST_SCREEN_LINES, rest: bytes, restQuoted: quoted.filter((q) => !split(q)),
      }, (column, o) => {
        // Not for rows the webview no longer shows (after a change it sorts its rows itself, and keeps that order).
        if (this.disposed || this.document.version !== version) return false;
        this.post({ type: 'orders', version, orders: [{ column, lines: o.lines, ties: o.ties }], more: column < columns - 1 });
        this.owner.log.debug(`table ${this.document.uri.path}: order by column ${column} sent ${Date.now() - started} ms after the panel opened`);
        return true;
      }));
      // Without them all (no worker, it failed, the rows changed), the webview is told: a sort waiting for them makes
      // its own at once.
      void made.catch(() => false).then((all) => { if (!all && !this.disposed) this.post({ type: 'orders', version, orders: [], more: false }); });
    }
    const send = () => {
      this.columns = columns;
      this.post({
        type: 'init', mode: this.mode, format: this.format, columns, total: line, rows: tableRowCount(line, lastEmpty), complete, version,
        // The findings of the first screen come with it; all of them follow the rest of the rows (a glossary with
        // gaps can have tens of thousands, and their messages would hold up the first screen).
        text: text.slice(0, firstScreenEnd), quoted: quoted.filter(split), findings: this.findings(complete ? Infinity : FIRST_SCREEN_LINES),
        languages, strings: this.owner.strings(), ordersComing,
      });
      void rest?.then(({ bytes, deflated }) => {
        // A change meanwhile went to the webview as a splice of rows it may not have yet: send the text again.
        if (this.document.version !== version) { this.init(); return; }
        this.post({ type: 'rows', format: this.format, start: FIRST_SCREEN_LINES, text: deflated ?? bytes, ...(deflated ? { deflated: true } : {}), quoted: quoted.filter((q) => !split(q)) });
        void this.postFindings();
        this.owner.log.debug(`table ${this.document.uri.path}: ${line} rows sent ${Date.now() - started} ms after the panel opened`);
        rowsPosted();
      });
    };
    this.prepared = { version, started, send };
  }

  /** Document changes as row splices. VS Code reports ranges in the text before the event; taken top-down,
   * each splice is shifted by the lines the ones above it added or removed, as the webview applies them in order.
   * Each splice also says whether the first and last replaced lines kept their text (so rows follow their text). */
  private changed(e: vscode.TextDocumentChangeEvent): void {
    const changes = [...e.contentChanges].sort((a, b) => a.range.start.compareTo(b.range.start));
    const doc = this.document;
    let delta = 0;
    const splices: LineSplice[] = [];
    for (const c of changes) {
      const start = c.range.start.line + delta;
      const deleteCount = c.range.end.line - c.range.start.line + 1;
      const parts = c.text.split(/\r\n|\r|\n/);
      const added = parts.length;
      const lastNew = start + added - 1;
      // The old last line's end was kept when the change ended at column 0, or when text follows the inserted part.
      const insertedOnLast = parts[added - 1].length + (added === 1 ? c.range.start.character : 0);
      const tailKept = c.range.end.character === 0 || (lastNew < doc.lineCount && doc.lineAt(lastNew).text.length > insertedOnLast);
      const splice = { start, deleteCount, added, headKept: c.range.start.character > 0, tailKept };
      splices.push(splice);
      if (this.ready) {
        const rows: string[][] = [];
        for (let l = start; l < start + added && l < doc.lineCount; l++) rows.push(rowOf(doc.lineAt(l).text, this.format, l === 0).cells);
        if (this.format === 'csv' && this.columns < 4 && rows.some((r) => r.length >= 4)) this.columns = 4;
        if (this.mode === 'grid' && start === 0) this.columns = Math.max(2, this.header().length);
        this.post({ type: 'splice', ...splice, rows, columns: this.columns, version: e.document.version });
      }
      delta += added - deleteCount;
    }
    this.history.push({ version: e.document.version, splices });
    if (this.history.length > HISTORY) this.since = this.history.shift()!.version;
  }

  /** Line `line` of document version `version`, in the document as it is now (-1: that row is gone). */
  lineNow(line: number, version: number | undefined): number {
    if (version === undefined || version === this.document.version) return line;
    if (version < this.since) return -1;
    return mapLine(line, this.history.filter((h) => h.version > version).flatMap((h) => h.splices));
  }

  /** Handles a request; those that change the document wait for the ones before them. A request with an id is
   * answered with `done`. */
  handle(m: TableRequest): Promise<boolean> {
    const run = async (): Promise<boolean> => {
      let outcome: Outcome;
      try {
        outcome = await this.run(m);
      } catch (err) {
        this.owner.log.error(`table ${this.document.uri.path}: ${m.type} failed: ${String(err)}`);
        outcome = { ok: false, message: String((err as Error)?.message ?? err) };
      }
      if ('id' in m && typeof m.id === 'number') this.post({ type: 'done', id: m.id, ...outcome });
      return outcome.ok;
    };
    if (m.type === 'ready' || m.type === 'rendered' || m.type === 'loaded' || m.type === 'scrollMeasured' || m.type === 'viewMeasured' || m.type === 'viewChanged') return run();
    const next = this.queue.then(run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async run(m: TableRequest): Promise<Outcome> {
    const doc = this.document;
    const gone = { ok: false, message: vscode.l10n.t('That row was changed or removed meanwhile; nothing was applied.') };
    switch (m.type) {
      case 'ready':
        this.ready = true;
        this.init();
        if (this.pendingReveal && this.pendingReveal.until > Date.now()) this.post(this.pendingReveal.message);
        this.pendingReveal = undefined;
        this.owner.fireReady(doc.uri);
        return { ok: true };
      case 'edit': {
        const line = this.lineNow(m.line, m.version);
        if (line < 0 || line >= doc.lineCount) return gone;
        const edit = cellEdit(line, doc.lineAt(line).text, this.format, m.column, m.value);
        return { ok: await vscode.workspace.applyEdit(toWorkspaceEdit(doc.uri, [edit])), line };
      }
      case 'addRow': {
        const eol = doc.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
        const row = emptyRow(this.format, this.columns);
        let mapped = m.after < 0 ? -1 : this.lineNow(m.after, m.version);
        if (m.after >= 0 && mapped < 0) return gone;
        // A multilingual glossary's first line names the languages: a row goes below it, never above.
        if (mapped < this.from - 1) mapped = this.from - 1;
        const after = Math.min(mapped, doc.lineCount - 1);
        const lastEmpty = doc.lineAt(doc.lineCount - 1).text === '';
        const added = after === doc.lineCount - 1 && lastEmpty ? after : after + 1;
        const we = new vscode.WorkspaceEdit();
        if (after === -1) we.insert(doc.uri, new vscode.Position(0, 0), row + eol);
        else if (after === doc.lineCount - 1 && !lastEmpty) we.insert(doc.uri, doc.lineAt(after).range.end, eol + row);
        else if (after === doc.lineCount - 1) we.insert(doc.uri, doc.lineAt(after).range.end, row + eol);
        else we.insert(doc.uri, new vscode.Position(after + 1, 0), row + eol);
        return { ok: await vscode.workspace.applyEdit(we), line: added };
      }
      case 'deleteRows': {
        const lines = m.lines.map((l) => this.lineNow(l, m.version)).filter((l) => l >= this.from);
        if (this.mode === 'grid') return this.deleteFromDictionaries(lines);
        const edits = deleteLinesEdits(lines, doc.lineCount, (l) => doc.lineAt(l).text.length);
        return { ok: edits.length > 0 && await vscode.workspace.applyEdit(toWorkspaceEdit(doc.uri, edits)) };
      }
      case 'sortDocument': {
        // The user asked for the document's order to change: one edit, one undo step. Blank lines go last.
        const lines = Array.from({ length: doc.lineCount }, (_, i) => doc.lineAt(i).text);
        const head = lines.splice(0, this.from);
        const trailing = lines[lines.length - 1] === '' ? lines.pop() : undefined;
        const key = (l: string, i: number) => rowOf(l, this.format, i === 0 && !head.length).cells[m.column] ?? '';
        const keyed = lines.map((l, i) => ({ l, k: key(l, i), blank: l.trim() === '' }));
        const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
        keyed.sort((a, b) => (a.blank !== b.blank ? (a.blank ? 1 : -1) : (m.descending ? -1 : 1) * collator.compare(a.k, b.k)));
        const eol = doc.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
        const text = [...head, ...keyed.map((x) => x.l)].join(eol) + (trailing !== undefined ? eol : '');
        const we = new vscode.WorkspaceEdit();
        we.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount - 1, doc.lineAt(doc.lineCount - 1).text.length), text);
        return { ok: await vscode.workspace.applyEdit(we) };
      }
      case 'fixes': {
        const line = this.lineNow(m.line, m.version);
        return line < 0 || line >= doc.lineCount ? gone : this.fixes(line, m.column);
      }
      case 'fixAll': {
        const applied = (await fixAllInDocument(this.owner.offload, doc))?.applied;
        return applied
          ? { ok: true, message: applied === 1 ? vscode.l10n.t('1 fix applied.') : vscode.l10n.t('{0} fixes applied.', applied) }
          : { ok: false, message: vscode.l10n.t('Nothing to fix automatically.') };
      }
      case 'rendered':
      case 'loaded':
      case 'scrollMeasured':
      case 'viewMeasured':
      case 'viewChanged':
        if (m.type === 'rendered') {
          this.shown?.();
          this.owner.diagnostics.tableShown(doc.uri);
        }
        this.owner.log.debug(`table ${doc.uri.path}: ${JSON.stringify(m)}`);
        this.owner.reported(doc.uri, m);
        return { ok: true };
      case 'openText': {
        const line = Math.min(Math.max(0, this.lineNow(m.line, m.version)), doc.lineCount - 1);
        await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, selection: new vscode.Range(line, 0, line, 0) });
        return { ok: true };
      }
    }
    return { ok: false };
  }

  /** A glossary table's Delete Rows: asks from which dictionaries (all picked, each with how many of the rows have
   * a phrase in it; Escape changes nothing), then removes the rows' sources from those as one undoable edit: the
   * chosen cells become gaps, a row left without any translation goes. Nothing is sent before a save. */
  private async deleteFromDictionaries(lines: number[]): Promise<Outcome> {
    const doc = this.document;
    const text = (i: number) => doc.lineAt(i).text;
    const langs = rowLanguages(text, doc.lineCount, lines);
    if (!langs.length) {
      // Rows without any translation (or blank): nothing to choose, the lines go.
      const edits = deleteLinesEdits(lines, doc.lineCount, (l) => doc.lineAt(l).text.length);
      return { ok: edits.length > 0 && await vscode.workspace.applyEdit(toWorkspaceEdit(doc.uri, edits)) };
    }
    const source = (this.header()[0] ?? '').toUpperCase();
    const count = new Set(lines).size;
    const picked = await this.owner.pickers.after(vscode.window.showQuickPick(
      langs.map((x) => ({ label: `${source} → ${x.lang.toUpperCase()}`, description: vscode.l10n.t('{0} of the {1} selected rows', x.rows, count), picked: true, lang: x.lang })),
      {
        canPickMany: true,
        title: count === 1 ? vscode.l10n.t('Delete the selected row from which dictionaries?') : vscode.l10n.t('Delete the {0} selected rows from which dictionaries?', count),
        placeHolder: vscode.l10n.t('All are selected; unselect the ones that keep them. A row left without any translation goes. Nothing is sent before you save.'),
      },
    ));
    if (!picked?.length) return { ok: false };
    const r = removeFromDictionaries(text, doc.lineCount, lines, new Set(picked.map((p) => p.lang)));
    if (!r.edits.length) return { ok: false };
    const ok = await vscode.workspace.applyEdit(toWorkspaceEdit(doc.uri, r.edits));
    if (ok) void vscode.window.setStatusBarMessage(vscode.l10n.t('Removed from {0}; save to push.', r.cleared.map((l) => `${source} → ${l.toUpperCase()}`).join(', ')), 5000);
    return { ok };
  }

  /** The fixes of the findings on a cell, the same the text editor's quick fixes offer, in a quick pick. */
  private async fixes(line: number, column: number): Promise<Outcome> {
    const doc = this.document;
    const findings = this.owner.diagnostics.findingsFor(doc);
    const here = findings.filter((f) => f.line === line && cellOf(f, doc.lineAt(line).text, this.format) === column);
    type Item = vscode.QuickPickItem & { preferred?: boolean; apply: () => Thenable<unknown> };
    const items: Item[] = here.flatMap((f) => (f.fixes ?? []).map((fix) => ({
      label: fix.title, description: f.code, detail: f.message, preferred: fix.preferred === true,
      apply: () => vscode.workspace.applyEdit(toWorkspaceEdit(doc.uri, fix.edits)),
    }))).sort((a, b) => Number(b.preferred) - Number(a.preferred));
    // A machine-translated draft, reviewed: kept as it is (the same as the text editor's quick fixes).
    for (const f of here.filter((x) => x.code === 'draft-translation')) {
      items.push({ label: vscode.l10n.t('Keep this draft as the translation (reviewed)'), description: f.code, detail: f.message,
        apply: () => vscode.commands.executeCommand('terminology.keepDraft', doc.uri, line, f.start) });
      items.push({ label: vscode.l10n.t('Keep every draft in this file as it is (reviewed)'), apply: () => vscode.commands.executeCommand('terminology.keepAllDrafts', doc.uri) });
    }
    if (!items.length) return { ok: false, message: here.length ? vscode.l10n.t('No automatic fix for this cell.') : vscode.l10n.t('No problem in this cell.') };
    if (findings.some((f) => f.fixes?.some((x) => x.preferred))) {
      items.push({ label: vscode.l10n.t('Fix all glossary problems in this file'), apply: () => fixAllInDocument(this.owner.offload, doc) });
    }
    const pick = await this.owner.pickers.after(vscode.window.showQuickPick(items, { title: vscode.l10n.t('Fix line {0}', line + 1), placeHolder: vscode.l10n.t('Choose a fix') }));
    if (!pick) return { ok: false };
    await pick.apply();
    return { ok: true };
  }

  /** After a picker or modal shown for this table: asks the webview to focus its grid again, while this table is
   * the active editor (see src/platform/pickerFocus.ts). */
  refocus(): void {
    if (this.ready && this.panel.active) this.post({ type: 'refocus' });
  }

  /** The panel closed: work made for it (the sort orders) stops. */
  private disposed = false;

  dispose(): void {
    this.disposed = true;
    for (const s of this.subscriptions) s.dispose();
  }
}

/** Whether text[at, end) holds at least `n` commas. */
function commasAtLeast(text: string, at: number, end: number, n: number): boolean {
  for (let i = at, k = 0; k < n; k++, i++) {
    i = text.indexOf(',', i);
    if (i === -1 || i >= end) return false;
  }
  return true;
}
