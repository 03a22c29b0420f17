/** The table view's webview (a dictionary, or a multilingual glossary): wires the page's toolbar and the
 * extension's messages to the shared grid. Bundled by esbuild into dist/webview/table.js. */
import type { TableRequestBody, TableUpdate } from '../protocol/table';
import type { CellFinding } from '../core/tableRows';
import { Grid, type GridDom, type TablePlace } from './grid';
import { listenTo } from './gridInput';
import { measureScroll, measureView } from './gridMeasure';
import { rowsText } from './rowsText';

const vscode = acquireVsCodeApi();
const post = (m: TableRequestBody & { id?: number; version?: number }) => vscode.postMessage(m);
const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const maybe = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;

const dom: GridDom = {
  grid: $('grid'), head: $('head'), viewport: $('viewport'), spacer: $('spacer'), rows: $('rows'),
  editor: $<HTMLInputElement>('editor'), filter: $<HTMLInputElement>('filter'), find: $<HTMLInputElement>('find'),
  findStatus: $('findStatus'), summary: $('summary'), next: $('next'), applySort: $('applySort'), fixAll: $<HTMLButtonElement>('fixAll'),
  missing: maybe<HTMLSelectElement>('missing'), problemsOnly: maybe<HTMLInputElement>('problemsOnly'), gaps: maybe('gaps'), nextGap: maybe('nextGap'),
};
const grid = new Grid(dom, post);
listenTo(grid);
/** The findings of an 'init' or 'findings' message: the extension sends them as one JSON string. */
/** The findings of a message: a JSON string, or its UTF-8 bytes (many findings), or (from a test) the array. */
const findingsOf = (f: unknown) => (typeof f === 'string' ? JSON.parse(f) : f instanceof Uint8Array ? JSON.parse(new TextDecoder().decode(f)) : f) as Array<[number, CellFinding[]]>;

$('add').addEventListener('click', () => grid.addRow());
$('delete').addEventListener('click', () => grid.deleteSelected());
dom.fixAll.addEventListener('click', () => grid.queue.request({ message: () => ({ type: 'fixAll' }) }));
// The grid keeps the keyboard after these buttons: typing then goes into the cell they moved to (a click leaves the
// focus on the button, where Enter would only press it again).
dom.next.addEventListener('click', () => { grid.nextProblem(); dom.grid.focus(); });
dom.nextGap?.addEventListener('click', () => { grid.nextGap(); dom.grid.focus(); });
dom.applySort.addEventListener('click', () => {
  const { column, descending } = grid.sort;
  grid.queue.request({ message: () => ({ type: 'sortDocument', column, descending }) });
});

/** Messages are handled in the order they came: one that waits (rows being inflated) holds the ones after it. */
let handled: Promise<void> = Promise.resolve();
window.addEventListener('message', (event: MessageEvent<TableUpdate>) => {
  const m = event.data;
  // A failure of one message (it never should) must not stop the ones after it.
  handled = handled.then(() => handle(m), () => handle(m));
});

// The person's place (active cell, scroll, filters), kept by VS Code while the tab is hidden and put back once the
// rows are in again: a hidden table's page is dropped, and the table came back at its first cell, unfiltered.
const kept = vscode.getState() as TablePlace | undefined;
let placed = !kept;
const restore = () => { if (!placed && kept) { placed = true; grid.restorePlace(kept); } };
const keep = () => { if (placed && grid.store.length) vscode.setState(grid.place()); };
// After whatever the person does (the tab may be left the next moment), and now and then (a scroll by the wheel).
for (const type of ['click', 'keyup', 'change', 'input']) window.addEventListener(type, () => setTimeout(keep, 0), true);
setInterval(keep, 500);

async function handle(m: TableUpdate): Promise<void> {
  switch (m.type) {
    case 'init': {
      // The first screen of rows comes at once; the rest follows in a 'rows' message.
      const t0 = performance.now();
      grid.init({ ...m, findings: findingsOf(m.findings) });
      post({ type: 'rendered', rows: m.total, ms: performance.now() - t0 });
      if (m.complete) restore();
      break;
    }
    case 'rows': {
      const t0 = performance.now();
      const text = await rowsText(m);
      grid.rowsArrived(m.start, text, m.quoted);
      post({ type: 'loaded', rows: grid.store.length, ms: performance.now() - t0 });
      restore();
      break;
    }
    case 'splice': grid.splice(m); break;
    case 'done': grid.answered(m); break;
    case 'findings': grid.setFindings(findingsOf(m.findings), m.append, m.more); break;
    case 'orders': grid.ordersArrived(m); break;
    // A cell to go to (a Problems link), or a command: the person is going somewhere else than where they were.
    case 'reveal': placed = true; grid.revealCell(m.line, m.column); post(grid.viewReport()); keep(); break;
    case 'command':
      placed = true;
      if (m.name === 'nextProblem') { grid.nextProblem(); post(grid.viewReport()); }
      if (m.name === 'firstFinding' && m.arg) { grid.firstFinding(m.arg); post(grid.viewReport()); }
      if (m.name === 'nextGap') { grid.nextGap(); post(grid.viewReport()); }
      if (m.name === 'filterMissing') { grid.filterMissing(m.arg ?? ''); post(grid.viewReport()); }
      if (m.name === 'find') { dom.find.focus(); dom.find.select(); }
      if (m.name === 'measureScroll') post({ type: 'scrollMeasured', ...measureScroll(grid) });
      // Not awaited here: a sort it times may wait for an 'orders' message, which comes after this one.
      if (m.name === 'measureView') void measureView(grid).then((v) => post({ type: 'viewMeasured', ...v }));
      if (m.name === 'fixes') grid.showFixes();
      keep();
      break;
    case 'refocus': refocusGrid(); break;
    case 'status': grid.tell(m.text); break;
  }
}

/** Ends the wait of the last 'refocus' for the focus to come back, if it still waits. */
let stopWaiting: (() => void) | undefined;

/** A picker or modal shown for this table has closed: VS Code gives the focus back to this page, but to its body, not
 * to the grid, and the keys would do nothing until a click. The grid takes it only while the page has the focus: at
 * once, or when the focus comes back within a second (a key or a click meanwhile ends the wait). Never from a page
 * without the focus: that would take it from wherever the person went (the palette closes when it loses it). */
function refocusGrid(): void {
  stopWaiting?.();
  const give = () => {
    const at = document.activeElement;
    if (document.hasFocus() && (at === null || at === document.body)) dom.grid.focus();
  };
  if (document.hasFocus()) { give(); return; }
  const stop = () => {
    stopWaiting = undefined;
    clearTimeout(timer);
    window.removeEventListener('focus', focused);
    window.removeEventListener('keydown', stop, true);
    window.removeEventListener('mousedown', stop, true);
  };
  const focused = () => { stop(); give(); };
  const timer = setTimeout(stop, 1000);
  window.addEventListener('focus', focused);
  window.addEventListener('keydown', stop, true);
  window.addEventListener('mousedown', stop, true);
  stopWaiting = stop;
}

post({ type: 'ready' });
