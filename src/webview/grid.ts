/** The grid shared by the dictionary table and the multilingual glossary table: virtualised rows, keyboard
 * navigation and editing, selection, sort and filter. It renders only the rows in sight; every change goes to the
 * extension as a request (which edits the TextDocument), and the document's changes come back as row splices.
 * Its mouse and keys are gridInput.ts, its timings (for the tests and benchmarks) gridMeasure.ts. */
import { filterLines, gapCounts, RowStore, shiftLine, sortLines, type CellFinding, type LineSplice } from '../core/tableRows';
import type { TableMode, TableRequestBody, TableStrings } from '../protocol/table';
import { rowElement, worst } from './cells';
import { icon } from './icons';
import { RequestQueue, type Done, type RowRef } from './requests';

export const ROW_H = 24;
const OVERSCAN = 12;

/** The page's elements the grid uses (those of the glossary toolbar exist only in 'grid' mode). */
export interface GridDom {
  grid: HTMLElement; head: HTMLElement; viewport: HTMLElement; spacer: HTMLElement; rows: HTMLElement;
  editor: HTMLInputElement; filter: HTMLInputElement; find: HTMLInputElement; findStatus: HTMLElement;
  summary: HTMLElement; next: HTMLElement; applySort: HTMLElement; fixAll: HTMLButtonElement;
  missing: HTMLSelectElement | null; problemsOnly: HTMLInputElement | null; gaps: HTMLElement | null; nextGap: HTMLElement | null;
}

export interface Editing { row: RowRef; col: number }
interface Follow { ref: RowRef; delta: number; col: number }

export class Grid {
  store: RowStore = new RowStore('\t');
  mode: TableMode = 'table';
  /** The first line that is a row: 1 in a multilingual glossary (line 0 names the languages). */
  from = 0;
  columns = 2;
  findings = new Map<number, CellFinding[]>();
  /** Document line of each visible row, in view order. */
  view: number[] = [];
  sort = { column: -1, descending: false };
  active = { row: 0, col: 0 }; // row = index into view
  selected = new Set<number>(); // document lines
  private anchor = -1;
  /** The cell being edited: its row and column. */
  editing: Editing | null = null;
  /** Where the selection goes once a row being added exists (delta 1: the row below it). */
  follow: Follow | null = null;
  /** The document version the rows show; requests name lines in this version. */
  docVersion = 0;
  private S: TableStrings = {};
  /** Language codes of the columns, when the document knows them. */
  languages: string[] | null = null;
  loading = false;
  /** The document version whose rows the extension's worker is ordering by each column (see ordersArrived). */
  private ordersComing: number | undefined;
  /** A sort waiting for those orders: the view is kept until they come (or ORDERS_WAIT_MS passed), then rebuilt with
   * the active line `moved` (see rebuildView); `settled` are called then. */
  private waiting: { timer: ReturnType<typeof setTimeout>; moved?: number; settled: Array<() => void> } | undefined;
  readonly queue: RequestQueue;

  constructor(readonly dom: GridDom, readonly post: (m: TableRequestBody & { id?: number; version?: number }) => void) {
    this.queue = new RequestQueue((m) => post(m), () => this.docVersion);
  }

  say = (key: string, fallback: string): string => this.S[key] || fallback;
  private count(n: number, one: string, other: string): string {
    return (n === 1 ? this.say(one, '{0}') : this.say(other, '{0}')).replace('{0}', n.toLocaleString('en-US'));
  }

  // ---- data --------------------------------------------------------------------------------------------------

  init(m: { mode: TableMode; format: 'tsv' | 'csv'; columns: number; total: number; complete: boolean; version: number; text: string; quoted: Array<[number, string[]]>; findings: Array<[number, CellFinding[]]>; languages?: string[]; strings: TableStrings; ordersComing?: boolean }): void {
    this.ordersComing = m.ordersComing ? m.version : undefined;
    this.mode = m.mode;
    this.from = m.mode === 'grid' ? 1 : 0;
    this.columns = m.columns;
    this.docVersion = m.version;
    this.S = m.strings;
    this.languages = m.languages ?? null;
    this.store = new RowStore(m.format === 'csv' ? ',' : '\t');
    this.store.from = this.from;
    this.store.setLanguages(this.languages);
    this.store.reset(m.total);
    this.store.fill(0, m.text, m.quoted);
    this.loading = m.total > 0 && !m.complete;
    this.findings = new Map(m.findings);
    this.incoming = undefined;
    this.fillMissingChoices();
    this.rebuildView();
    this.dom.grid.focus();
  }

  rowsArrived(start: number, text: string, quoted: Array<[number, string[]]>): void {
    this.store.fill(start, text, quoted);
    this.loading = false;
    // The lower-case copy of the rows that filtering and Find read, made once the rows are shown (one pass over the
    // joined text, rather than on the first key typed into the filter).
    setTimeout(() => this.store.lowerText(this.from), 0);
    if (this.filtering() || this.sort.column >= 0) this.rebuildView(); else { this.renderSummary(); this.render(); }
  }

  /** The order of all rows by each column, made by the extension's worker from the rows of `version`: taken when the
   * rows are still those (otherwise a sort makes its order here when asked, and keeps it through edits). */
  ordersArrived(m: { version: number; orders: Array<{ column: number; lines: Int32Array; ties: Uint8Array }>; more: boolean }): void {
    if (this.ordersComing === m.version && !m.more) this.ordersComing = undefined;
    if (m.version === this.docVersion && !this.loading) for (const o of m.orders) this.store.setOrder(o.column, { lines: o.lines, ties: o.ties });
    if (this.waiting) this.rebuildView(this.waiting.moved);
  }

  /** How long a sort waits for the orders of the extension's worker before it makes its own: they come a few tens of
   * milliseconds after the rows, while a sort of 229 000 rows made here takes 150-300 ms. */
  static readonly ORDERS_WAIT_MS = 600;

  /** Whether a sort waits for the worker's orders rather than making its own (see ordersComing). */
  private waitsForOrders(): boolean {
    if (this.ordersComing !== undefined && this.ordersComing !== this.docVersion) this.ordersComing = undefined; // edited: they would be refused
    return this.ordersComing !== undefined && !this.loading && this.sort.column >= 0 && !this.store.hasOrder(this.sort.column);
  }

  /** Whether a sort waits for the worker's orders now (the view shows the rows as they were). */
  get waitingForOrders(): boolean {
    return this.waiting !== undefined;
  }

  /** Resolves once the view shows what was asked: at once, unless a sort waits for the worker's orders. */
  settled(): Promise<void> {
    const waiting = this.waiting;
    return waiting ? new Promise((resolve) => waiting.settled.push(resolve)) : Promise.resolve();
  }

  /** Findings coming in parts, until the last one is in (then they replace those shown, all at once: a view of
   * problems only, or the active row, never sees half of them). */
  private incoming: Map<number, CellFinding[]> | undefined;

  /** The findings of a 'findings' message: all of them, or a part (`more`: another follows; `append`: it adds to the
   * parts before). */
  setFindings(findings: Array<[number, CellFinding[]]>, append = false, more = false): void {
    if (append && this.incoming) {
      for (const [line, list] of findings) {
        const had = this.incoming.get(line);
        this.incoming.set(line, had ? had.concat(list) : list);
      }
    } else if (append) return; // the parts before it were superseded (rows sent again): the next post has them all
    else this.incoming = new Map(findings);
    if (more) return;
    this.findings = this.incoming;
    this.incoming = undefined;
    if (this.dom.problemsOnly?.checked) this.rebuildView();
    else { this.renderSummary(); this.render(); }
  }

  splice(m: LineSplice & { rows: string[][]; columns: number; version: number }): void {
    this.docVersion = m.version;
    const activeLine = this.view[this.active.row] === undefined ? undefined : shiftLine(this.view[this.active.row], m);
    const anchorLine = this.anchor >= 0 && this.view[this.anchor] !== undefined ? shiftLine(this.view[this.anchor], m) : -1;
    this.store.splice(m.start, m.deleteCount, m.rows);
    if (this.mode === 'grid' && m.start === 0) {
      // The header line changed (a language added or removed): the columns follow it.
      this.languages = this.store.cells(0).map((c) => c.trim().toUpperCase());
      this.store.setLanguages(this.languages);
      this.columns = Math.max(2, this.languages.length);
      this.fillMissingChoices();
    } else this.columns = m.columns;
    // Everything that names a line follows its row: requests waiting to be sent, the cell being edited, the
    // selection, and the findings until the next lint arrives.
    for (const r of this.liveRefs()) if (r.pending === undefined) r.line = shiftLine(r.line, m);
    this.selected = new Set([...this.selected].map((l) => shiftLine(l, m)).filter((l) => l >= 0));
    if (m.rows.length !== m.deleteCount) {
      const moved = new Map<number, CellFinding[]>();
      for (const [line, list] of this.findings) {
        const to = shiftLine(line, m);
        if (to >= 0 && (line < m.start || line >= m.start + m.deleteCount)) moved.set(to, list);
      }
      this.findings = moved;
    }
    this.rebuildView(activeLine !== undefined && activeLine >= 0 ? activeLine : undefined);
    this.anchor = anchorLine >= 0 ? this.view.indexOf(anchorLine) : -1;
    if (this.editing && this.editing.row.pending === undefined) {
      if (this.editing.row.line < 0) this.closeEditor(); else this.placeEditor();
    }
  }

  answered(m: Done): void {
    if (m.message) this.setStatus(m.message);
    this.queue.answered(m);
  }

  private liveRefs(): Set<RowRef> {
    const live = new Set<RowRef>(this.queue.refs());
    if (this.editing) live.add(this.editing.row);
    if (this.follow) live.add(this.follow.ref);
    return live;
  }

  // ---- the view: filter and sort -----------------------------------------------------------------------------

  private filtering(): boolean {
    return !!this.dom.filter.value.trim() || (this.dom.missing ? this.dom.missing.value !== '' : false) || !!this.dom.problemsOnly?.checked;
  }

  /** A further condition from the glossary toolbar: missing in a language, has problems. */
  private where(): ((line: number) => boolean) | undefined {
    const missing = this.dom.missing && this.dom.missing.value !== '' ? Number(this.dom.missing.value) : -1;
    const problems = !!this.dom.problemsOnly?.checked;
    if (missing < 0 && !problems) return undefined;
    return (line) => (missing < 0 || this.store.gap(line, missing))
      && (!problems || (this.findings.get(line) ?? []).some((f) => f.code !== 'missing-translation'));
  }

  rebuildView(movedActiveLine?: number): void {
    if (this.waitsForOrders()) {
      if (this.waiting) this.waiting.moved = movedActiveLine ?? this.waiting.moved;
      else this.waiting = { timer: setTimeout(() => { this.ordersComing = undefined; this.rebuildView(this.waiting?.moved); }, Grid.ORDERS_WAIT_MS), moved: movedActiveLine, settled: [] };
      this.renderHead();
      return;
    }
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) {
      clearTimeout(waiting.timer);
      movedActiveLine ??= waiting.moved;
      queueMicrotask(() => { for (const f of waiting.settled) f(); });
    }
    const activeLine = movedActiveLine !== undefined ? movedActiveLine : this.view[this.active.row];
    const keep = new Set<number | undefined>([this.editing?.row.line, this.follow?.ref.line]);
    let view = filterLines(this.store, { from: this.from, text: this.dom.filter.value, where: this.where(), keep });
    if (this.sort.column >= 0) view = sortLines(this.store, view, this.sort.column, this.sort.descending);
    this.view = view;
    const at = activeLine === undefined ? -1 : view.indexOf(activeLine);
    this.active.row = at >= 0 ? at : Math.min(this.active.row, Math.max(0, view.length - 1));
    this.dom.spacer.style.height = `${view.length * ROW_H}px`;
    this.renderHead();
    this.renderSummary();
    this.render();
  }

  names(): string[] {
    if (this.mode === 'grid') {
      const langs = this.languages ?? [];
      return Array.from({ length: this.columns }, (_, c) => (c === 0 ? `${this.say('source', 'Source')} (${langs[0] ?? '?'})` : langs[c] ?? '?'));
    }
    const lang = (i: number) => (this.languages ? ` (${this.languages[i]})` : '');
    const base = [this.say('source', 'Source') + lang(0), this.say('target', 'Target') + lang(1)];
    return this.columns === 4 ? base.concat([this.say('sourceLang', 'Source language'), this.say('targetLang', 'Target language')]) : base;
  }

  private fillMissingChoices(): void {
    const select = this.dom.missing;
    if (!select) return;
    const was = select.value;
    select.textContent = '';
    const any = document.createElement('option');
    any.value = '';
    any.textContent = this.say('missingAny', 'Every row');
    select.appendChild(any);
    const names = this.names();
    for (let c = 1; c < this.columns; c++) {
      const o = document.createElement('option');
      o.value = String(c);
      o.textContent = this.say('missingIn', 'Missing in {0}').replace('{0}', names[c]);
      select.appendChild(o);
    }
    select.value = Array.from(select.options).some((o) => o.value === was) ? was : '';
  }

  private renderHead(): void {
    const head = this.dom.head;
    // A header with the keyboard's focus keeps it through the rebuild (a sort that waited ends while it has it).
    const focused = head.contains(document.activeElement) ? (document.activeElement as HTMLElement).dataset.col : undefined;
    head.textContent = '';
    const num = document.createElement('div');
    num.className = 'num';
    num.textContent = '#';
    head.appendChild(num);
    this.names().forEach((name, c) => {
      const h = document.createElement('div');
      h.className = 'cell';
      h.setAttribute('role', 'columnheader');
      h.dataset.col = String(c);
      const mark = this.sort.column === c ? (this.sort.descending ? ' ▼' : ' ▲') : '';
      // Asked for and waiting for the worker's order: the header says so (the toolbar does not move).
      const waiting = this.waiting && this.sort.column === c;
      h.textContent = name + mark + (waiting ? ' …' : '');
      h.title = waiting ? this.say('sorting', 'sorting…') : this.say('sortHint', 'Sort the view by this column (the file keeps its order)');
      h.tabIndex = -1; // one tab stop for the grid: ↑ from the first row reaches the headers, ← → along them, Enter or Space sorts
      h.setAttribute('aria-sort', this.sort.column === c ? (this.sort.descending ? 'descending' : 'ascending') : 'none');
      head.appendChild(h);
      if (focused === String(c)) h.focus();
    });
    this.dom.grid.setAttribute('aria-busy', String(!!this.waiting));
    this.dom.applySort.hidden = this.sort.column < 0;
  }

  private problemCount(): { n: number; errors: number; fixable: number } {
    let n = 0;
    let errors = 0;
    let fixable = 0;
    for (const list of this.findings.values()) {
      for (const f of list) {
        if (f.severity !== 'info') n++;
        if (f.severity === 'error') errors++;
        if (f.fixable) fixable++;
      }
    }
    return { n, errors, fixable };
  }

  rowCount(): number {
    return Math.max(0, this.store.rowCount() - this.from);
  }

  renderSummary(): void {
    const { dom } = this;
    const total = this.rowCount();
    const shown = this.view.length === total ? '' : ` (${this.say('shown', '{0} shown').replace('{0}', this.view.length.toLocaleString('en-US'))})`;
    dom.summary.textContent = `${this.count(total, 'rowsOne', 'rowsOther')}${shown}${this.loading ? ` (${this.say('loading', 'loading…')})` : ''}`;
    const { n, errors, fixable } = this.problemCount();
    const counts = dom.gaps && this.mode === 'grid' ? gapCounts(this.store, this.from, 1, this.columns) : undefined;
    // A glossary's gaps are notes (the Problems view lists them), not problems: the table says where they are.
    const gaps = counts?.some((k) => k > 0);
    dom.next.textContent = '';
    dom.next.appendChild(icon(n ? (errors ? 'error' : 'warning') : 'ok'));
    dom.next.appendChild(document.createTextNode(n ? ` ${this.count(n, 'problemsOne', 'problemsOther')} — ${this.say('next', 'next')}`
      : ` ${gaps ? this.say('noProblemsButGaps', 'No problems besides the gaps (F7: next gap)') : this.say('noProblems', 'No problems')}`));
    dom.next.classList.toggle('has-problems', n > 0);
    dom.next.classList.toggle('has-errors', errors > 0);
    dom.fixAll.disabled = fixable === 0;
    if (dom.gaps && counts) {
      const names = this.names();
      dom.gaps.textContent = counts.map((k, i) => this.say('missingCount', '{0}: {1} missing').replace('{0}', names[i + 1]).replace('{1}', k.toLocaleString('en-US'))).join(' · ');
    }
    dom.grid.setAttribute('aria-rowcount', String(this.view.length + 1));
  }

  render(): void {
    const { viewport, rows } = this.dom;
    const top = viewport.scrollTop;
    const height = viewport.clientHeight || 600;
    const first = Math.max(0, Math.floor(top / ROW_H) - OVERSCAN);
    const last = Math.min(this.view.length, Math.ceil((top + height) / ROW_H) + OVERSCAN);
    rows.style.transform = `translateY(${first * ROW_H}px)`;
    const frag = document.createDocumentFragment();
    const find = this.dom.find.value.trim().toLowerCase();
    const gapsFrom = this.mode === 'grid' ? 1 : Infinity;
    for (let r = first; r < last; r++) {
      const line = this.view[r];
      frag.appendChild(rowElement({
        from: this.from,
        index: r, line, cells: this.store.cells(line), columns: this.columns, findings: this.findings.get(line) ?? [],
        selected: this.selected.has(line), activeCol: r === this.active.row ? this.active.col : -1, find, gapsFrom, say: this.say,
        gap: (c) => this.store.gap(line, c),
      }));
    }
    rows.textContent = '';
    rows.appendChild(frag);
    this.dom.grid.setAttribute('aria-activedescendant', 'active-cell');
  }

  // ---- moving and selecting ----------------------------------------------------------------------------------

  private scrollIntoView(r: number): void {
    const { viewport } = this.dom;
    const top = r * ROW_H;
    if (top < viewport.scrollTop) viewport.scrollTop = top;
    else if (top + ROW_H > viewport.scrollTop + viewport.clientHeight) viewport.scrollTop = top + ROW_H - viewport.clientHeight;
  }

  /** The status line holds what Next Problem or Next Gap said of the cell it moved to: cleared when the cell moves on. */
  private navStatus = false;

  private sayOfCell(text: string): void {
    this.setStatus(text);
    this.navStatus = true;
  }

  /** The status line's text, and the same in its tooltip (the line is cut short where the toolbar has no room). */
  setStatus(text: string): void {
    this.dom.findStatus.textContent = text;
    this.dom.findStatus.title = text;
  }

  /** Says `text` in the status line (read out by a screen reader), until the cell moves on. */
  tell(text: string): void {
    this.sayOfCell(text);
  }

  move(row: number, col: number, extend: boolean): void {
    if (!this.view.length) return;
    if (this.navStatus) { this.setStatus(''); this.navStatus = false; }
    const r = Math.max(0, Math.min(this.view.length - 1, row));
    const c = Math.max(0, Math.min(this.columns - 1, col));
    if (extend) {
      if (this.anchor < 0) this.anchor = this.active.row;
      this.selected = new Set();
      for (let i = Math.min(this.anchor, r); i <= Math.max(this.anchor, r); i++) this.selected.add(this.view[i]);
    } else {
      this.anchor = -1;
      this.selected = new Set([this.view[r]]);
    }
    this.active = { row: r, col: c };
    this.scrollIntoView(r);
    this.render();
  }

  /** The next row after the active one with a warning, an error or a draft to review (F8): the info findings
   * (gaps, the same target twice) are many and are left to the filters. */
  nextProblem(): void {
    this.goToFinding((f) => f.severity !== 'info' || f.code === 'draft-translation', false);
  }

  /** The first row in view order with a finding of `code` (Review Drafts: the first draft). */
  firstFinding(code: string): void {
    this.goToFinding((f) => f.code === code, true);
  }

  private goToFinding(wanted: (f: CellFinding) => boolean, fromTop: boolean): void {
    const lines = [...this.findings.entries()].filter(([, l]) => l.some(wanted)).map(([line]) => line);
    const positions = lines.map((l) => this.view.indexOf(l)).filter((p) => p >= 0).sort((a, b) => a - b);
    // F8 with nothing to go to says so, as F7 does (the key and its button in the editor's title stay).
    if (!positions.length) { if (!fromTop) this.sayOfCell(this.say('noProblemToGo', 'No problem to go to')); return; }
    const next = fromTop ? positions[0] : positions.find((p) => p > this.active.row) ?? positions[0];
    const list = (this.findings.get(this.view[next]) ?? []).filter(wanted);
    const at = list.find((f) => f.severity === worst(list)) ?? list[0];
    const column = at ? at.column : 0;
    this.move(next, column, false);
    this.sayOfCell(this.findingsSaid(this.view[next], column));
  }

  /** The findings of one cell as said under the toolbar: "code: message", one after another. */
  private findingsSaid(line: number, column: number): string {
    return (this.findings.get(line) ?? []).filter((f) => f.column === column).map((f) => `${f.code}: ${f.message}`).join(' · ');
  }

  /** Selects the cell at a document line and column, and gives the grid the focus (a Problems link followed while the
   * table was shown). A row the filters hide is shown by clearing them; the findings of the cell are said. */
  revealCell(line: number, column: number): void {
    let at = this.view.indexOf(line);
    if (at < 0 && this.filtering()) {
      this.dom.filter.value = '';
      if (this.dom.missing) this.dom.missing.value = '';
      if (this.dom.problemsOnly) this.dom.problemsOnly.checked = false;
      this.rebuildView();
      at = this.view.indexOf(line);
    }
    if (at < 0) return;
    this.move(at, column, false);
    const said = this.findingsSaid(line, column);
    if (said) this.sayOfCell(said);
    this.dom.grid.focus();
  }

  /** The next empty target cell after the active one, in view order (only the chosen language's when the view is
   * filtered to rows missing in it). */
  nextGap(): void {
    if (this.mode !== 'grid' || !this.view.length) return;
    const only = this.dom.missing && this.dom.missing.value !== '' ? Number(this.dom.missing.value) : -1;
    const n = this.view.length;
    const isGap = (r: number, c: number) => {
      return this.store.gap(this.view[r], c);
    };
    for (let k = 0; k <= n; k++) {
      const r = (this.active.row + k) % n;
      for (let c = k === 0 ? this.active.col + 1 : 1; c < this.columns; c++) {
        if ((only < 0 || c === only) && isGap(r, c)) {
          this.move(r, c, false);
          this.sayOfCell(this.say('gapAt', 'Row {0}: missing in {1}').replace('{0}', String(this.view[r] - this.from + 1)).replace('{1}', this.names()[c]));
          return;
        }
      }
    }
    this.sayOfCell(this.say('noGap', 'No gap'));
  }

  findNext(backwards: boolean): void {
    const q = this.dom.find.value.trim().toLowerCase();
    if (!q) { this.setStatus(''); this.render(); return; }
    let total = 0;
    for (const line of this.view) if (this.store.lowerText(line).includes(q)) total++;
    const n = this.view.length;
    for (let k = 1; k <= n; k++) {
      const r = (this.active.row + (backwards ? -k : k) + n * 2) % n;
      if (!this.store.lowerText(this.view[r]).includes(q)) continue;
      const c = this.store.cells(this.view[r]).findIndex((x) => x.toLowerCase().includes(q));
      if (c >= 0) {
        this.move(r, c, false);
        this.setStatus(this.count(total, 'matchesOne', 'matchesOther'));
        return;
      }
    }
    this.setStatus(this.say('noMatch', 'no match'));
    this.render();
  }

  sortBy(c: number): void {
    if (this.sort.column !== c) this.sort = { column: c, descending: false };
    else if (!this.sort.descending) this.sort = { column: c, descending: true };
    else this.sort = { column: -1, descending: false };
    this.rebuildView();
    this.dom.head.querySelector<HTMLElement>(`.cell[data-col="${c}"]`)?.focus();
  }

  // ---- editing -----------------------------------------------------------------------------------------------

  addRow(): void {
    const afterLine = this.view[this.active.row] ?? this.store.rowCount() - 1;
    // In a multilingual glossary the header stays first: a row is never added above it.
    const after: RowRef | null = afterLine >= this.from ? { line: afterLine } : this.from ? { line: 0 } : null;
    const added: RowRef = { line: -1, pending: this.queue.nextId() };
    this.queue.request({
      refs: after ? [after] : [],
      message: () => (after && after.line < 0 ? null : { type: 'addRow', after: after ? after.line : -1 }),
      done: (m) => {
        added.line = m.ok && typeof m.line === 'number' ? m.line : -1;
        delete added.pending;
        this.settle();
      },
    });
    // The new row is selected and in edit mode at once: keys typed before it exists go into its first cell.
    this.follow = { ref: added, delta: 0, col: 0 };
    this.selected = new Set();
    this.render();
    this.startEditOn(added, 0, '');
  }

  /** Once a row being added exists (or is known to be gone), selection and editor go to it. */
  private settle(): void {
    if (this.follow && this.follow.ref.pending === undefined) {
      const { ref, delta, col } = this.follow;
      this.follow = null;
      if (ref.line >= 0) {
        this.rebuildView();
        const at = this.view.indexOf(ref.line);
        if (at >= 0) this.move(at + delta, col, false);
      }
    }
    if (this.editing && this.editing.row.pending === undefined) {
      if (this.editing.row.line < 0) this.closeEditor(); else this.placeEditor();
    }
  }

  private closeEditor(): void {
    this.editing = null;
    this.dom.editor.hidden = true;
    this.dom.grid.focus();
  }

  private sendEdit(row: RowRef, col: number, value: string): void {
    this.queue.request({ refs: [row], message: () => (row.line < 0 ? null : { type: 'edit', line: row.line, column: col, value }) });
  }

  startEdit(initial?: string, selectAll = false): void {
    const line = this.view[this.active.row];
    if (line === undefined) return;
    this.startEditOn({ line }, this.active.col, initial, selectAll);
  }

  /** Opens the editor on a row (perhaps one still being added) and column. */
  startEditOn(row: RowRef, col: number, initial?: string, selectAll = false): void {
    const { editor } = this.dom;
    this.editing = { row, col };
    editor.hidden = false;
    editor.value = initial !== undefined ? initial : (this.store.cells(row.line)[col] ?? '');
    this.placeEditor();
    editor.focus();
    // F2 and Enter put the caret at the end of the text, as spreadsheets do (a typed character replaces the cell);
    // Tab from a cell being edited selects the next cell's text, so that typing replaces it.
    if (initial === undefined && selectAll) editor.select();
    else if (initial === undefined) editor.setSelectionRange(editor.value.length, editor.value.length);
  }

  /** Puts the editor over its cell; over the row below the active one while a new row has no line yet. */
  private placeEditor(): void {
    if (!this.editing) return;
    const { rows, viewport, editor } = this.dom;
    let box: { left: number; top: number; width: number; height: number } | undefined;
    const at = this.editing.row.line >= 0 ? this.view.indexOf(this.editing.row.line) : -1;
    if (at >= 0) {
      if (this.active.row !== at || this.active.col !== this.editing.col) {
        this.active = { row: at, col: this.editing.col };
        this.selected = new Set([this.editing.row.line]);
        this.scrollIntoView(at);
        this.render();
      }
      box = rows.querySelector('#active-cell')?.getBoundingClientRect();
    } else {
      const cell = rows.querySelector(`.row[data-row="${this.active.row}"] .cell[data-col="${this.editing.col}"]`) ?? rows.querySelector('.row .cell');
      const b = cell ? cell.getBoundingClientRect() : { left: 0, top: viewport.getBoundingClientRect().top - ROW_H, width: 200, height: ROW_H };
      box = { left: b.left, top: b.top + ROW_H, width: b.width, height: b.height };
    }
    if (!box) return;
    editor.style.left = `${box.left}px`;
    editor.style.top = `${box.top}px`;
    editor.style.width = `${box.width}px`;
    editor.style.height = `${box.height}px`;
  }

  /** Closes the editor; a commit queues the edit of that row (which follows its row until it is sent). */
  endEdit(commit: boolean): Editing | null {
    if (!this.editing) return null;
    const { row, col } = this.editing;
    const value = this.dom.editor.value;
    this.closeEditor();
    const changed = row.pending !== undefined ? value !== '' : row.line >= 0 && value !== (this.store.cells(row.line)[col] ?? '');
    if (commit && changed) this.sendEdit(row, col, value);
    return { row, col };
  }

  /** Where the selection goes after the edit of `row`: a row still being added is followed. */
  moveAfterEdit(row: RowRef, delta: number, nextCol: number): boolean {
    if (row.pending !== undefined) { this.follow = { ref: row, delta, col: nextCol }; return false; }
    const at = this.view.indexOf(row.line);
    this.move((at >= 0 ? at : this.active.row) + delta, nextCol, false);
    return true;
  }

  /** The fixes of the active cell's findings (a quick pick from the extension). */
  showFixes(): void {
    const line = this.view[this.active.row];
    if (line === undefined) return;
    const row: RowRef = { line };
    const col = this.active.col;
    this.queue.request({ refs: [row], message: () => (row.line < 0 ? null : { type: 'fixes', line: row.line, column: col }) });
  }

  /** Selects every row the view shows (the filter's rows, when filtered). */
  selectAll(): void {
    if (!this.view.length) return;
    this.anchor = 0;
    this.selected = new Set(this.view);
    this.render();
  }

  deleteSelected(): void {
    const lines = this.selected.size ? [...this.selected] : [this.view[this.active.row]];
    if (!lines.length || lines[0] === undefined) return;
    const refs: RowRef[] = lines.map((line) => ({ line }));
    this.queue.request({ refs, message: () => ({ type: 'deleteRows', lines: refs.map((r) => r.line).filter((l) => l >= this.from) }) });
  }

  /** Shows only the rows missing in a language (its code, case ignored; '' for every row). */
  filterMissing(code: string): void {
    const select = this.dom.missing;
    if (!select) return;
    const c = this.languages ? this.languages.findIndex((l, i) => i > 0 && l.toLowerCase() === code.toLowerCase()) : -1;
    select.value = c > 0 ? String(c) : '';
    this.rebuildView();
    if (c > 0 && this.view.length) this.move(0, c, false);
  }

  /** What the view shows now (for the extension's tests and log). */
  /** Where the person is: the active cell (by line), the scroll, the filters. Kept while the tab is hidden. */
  place(): TablePlace {
    return {
      line: this.view[this.active.row] ?? -1, col: this.active.col, top: this.dom.viewport.scrollTop, filter: this.dom.filter.value,
      missing: this.dom.missing?.value ?? '', problemsOnly: !!this.dom.problemsOnly?.checked,
    };
  }

  /** Puts the person back where `place()` said, once every row is in (a hidden tab's page is made again when shown). */
  restorePlace(p: TablePlace): void {
    this.dom.filter.value = p.filter;
    if (this.dom.missing && [...this.dom.missing.options].some((o) => o.value === p.missing)) this.dom.missing.value = p.missing;
    if (this.dom.problemsOnly) this.dom.problemsOnly.checked = p.problemsOnly;
    if (this.filtering()) this.rebuildView();
    const at = this.view.indexOf(p.line);
    if (at >= 0) this.move(at, p.col, false);
    this.dom.viewport.scrollTop = p.top;
    this.render();
  }

  viewReport(): { type: 'viewChanged'; shown: number; lines: number[]; active: { line: number; column: number } | null } {
    const line = this.view[this.active.row];
    return { type: 'viewChanged', shown: this.view.length, lines: this.view.slice(0, 200), active: line === undefined ? null : { line, column: this.active.col } };
  }
}

/** The person's place in a table (Grid.place). */
export interface TablePlace { line: number; col: number; top: number; filter: string; missing: string; problemsOnly: boolean }

