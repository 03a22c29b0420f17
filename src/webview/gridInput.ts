/** The grid's mouse and keys: scrolling, clicks and double clicks, the header's sort, the grid's and the cell
 * editor's keys, the filter and find boxes. */
import { ROW_H, type Grid } from './grid';

export function listenTo(grid: Grid): void {
  const { dom } = grid;
  dom.viewport.addEventListener('scroll', () => requestAnimationFrame(() => grid.render()));
  window.addEventListener('resize', () => requestAnimationFrame(() => grid.render()));
  dom.rows.addEventListener('mousedown', (e) => mouseDown(grid, e));
  dom.head.addEventListener('click', (e) => {
    const h = (e.target as HTMLElement).closest<HTMLElement>('.cell');
    if (h) grid.sortBy(Number(h.dataset.col));
  });
  dom.head.addEventListener('keydown', (e) => {
    const h = (e.target as HTMLElement).closest<HTMLElement>('.cell');
    if (!h) return;
    const c = Number(h.dataset.col);
    if (e.key === 'Enter' || e.key === ' ') grid.sortBy(c);
    // Along the headers, and down into the rows (to the first row, in this column).
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') dom.head.querySelector<HTMLElement>(`.cell[data-col="${c + (e.key === 'ArrowLeft' ? -1 : 1)}"]`)?.focus();
    else if (e.key === 'ArrowDown') { grid.move(0, c, false); dom.grid.focus(); }
    else return;
    e.preventDefault();
    e.stopPropagation(); // not the grid's keys (Enter edits)
  });
  dom.grid.addEventListener('keydown', (e) => gridKey(grid, e));
  dom.editor.addEventListener('keydown', (e) => editorKey(grid, e));
  dom.editor.addEventListener('blur', () => { if (!dom.editor.hidden) grid.endEdit(true); });
  dom.filter.addEventListener('input', () => grid.rebuildView());
  dom.missing?.addEventListener('change', () => grid.rebuildView());
  dom.problemsOnly?.addEventListener('change', () => grid.rebuildView());
  dom.find.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') { grid.findNext(e.shiftKey); e.preventDefault(); }
    else if (e.key === 'Escape') { dom.find.value = ''; grid.setStatus(''); dom.grid.focus(); grid.render(); e.preventDefault(); }
  });
  dom.find.addEventListener('input', () => grid.render());
}

function mouseDown(grid: Grid, e: MouseEvent): void {
  const target = e.target as HTMLElement;
  if (grid.editing) grid.endEdit(true);
  const rowEl = target.closest<HTMLElement>('.row');
  const cellEl = target.closest<HTMLElement>('.cell');
  if (!rowEl) return;
  const r = Number(rowEl.dataset.row);
  const c = cellEl ? Number(cellEl.dataset.col) : grid.active.col;
  if (e.ctrlKey || e.metaKey) {
    const line = grid.view[r];
    if (grid.selected.has(line)) grid.selected.delete(line); else grid.selected.add(line);
    grid.active = { row: r, col: c };
    grid.render();
  } else grid.move(r, c, e.shiftKey);
  grid.dom.grid.focus();
  e.preventDefault();
  if (target.closest('.fix')) grid.showFixes();
  // A double click is the second press (its count, `detail`), not a 'dblclick' event: the first press rendered the
  // rows again, so the element it went to is gone and the browser sends no click or dblclick for the pair.
  else if (e.detail === 2 && !e.shiftKey && !e.ctrlKey && !e.metaKey) {
    if (target.closest('.num')) grid.post({ type: 'openText', line: grid.view[grid.active.row], version: grid.docVersion });
    else grid.startEdit();
  }
}

function gridKey(grid: Grid, e: KeyboardEvent): void {
  if (grid.editing || grid.dom.head.contains(e.target as Node)) return;
  const k = e.key;
  if (grid.follow && grid.follow.ref.pending !== undefined) {
    // A row is being added and has no line yet: it is the selected row, so typing goes into it, never elsewhere.
    if (k.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) grid.startEditOn(grid.follow.ref, grid.follow.col, k);
    else if (k === 'Enter' || k === 'F2') grid.startEditOn(grid.follow.ref, grid.follow.col, '');
    if (k !== 'F8' && k !== 'F7' && !(e.ctrlKey && k.toLowerCase() === 'f') && !(e.ctrlKey && k.toLowerCase() === 's')) e.preventDefault();
    return;
  }
  const page = Math.max(1, Math.floor(grid.dom.viewport.clientHeight / ROW_H) - 1);
  const { row, col } = grid.active;
  const last = grid.columns - 1;
  let handled = true;
  if (k === 'ArrowDown') grid.move(row + 1, col, e.shiftKey);
  // Up from the first row goes to the column's header, where Enter or Space sorts (Tab moves between cells here).
  else if (k === 'ArrowUp' && row === 0 && !e.shiftKey) grid.dom.head.querySelector<HTMLElement>(`.cell[data-col="${col}"]`)?.focus();
  else if (k === 'ArrowUp') grid.move(row - 1, col, e.shiftKey);
  else if (k === 'ArrowRight') grid.move(row, col + 1, false);
  else if (k === 'ArrowLeft') grid.move(row, col - 1, false);
  else if (k === 'PageDown') grid.move(row + page, col, e.shiftKey);
  else if (k === 'PageUp') grid.move(row - page, col, e.shiftKey);
  else if (k === 'Home') grid.move(e.ctrlKey ? 0 : row, 0, false);
  else if (k === 'End') grid.move(e.ctrlKey ? grid.view.length - 1 : row, last, false);
  else if (k === 'Tab') {
    if (e.shiftKey) grid.move(col > 0 ? row : row - 1, col > 0 ? col - 1 : last, false);
    else grid.move(col < last ? row : row + 1, col < last ? col + 1 : 0, false);
  } else if (k === 'Enter' && (e.ctrlKey || e.metaKey)) grid.addRow();
  else if (k === '.' && (e.ctrlKey || e.metaKey)) grid.showFixes();
  // Ctrl+A selects every row shown (the page's text is not what a table selects).
  else if (k.toLowerCase() === 'a' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey) grid.selectAll();
  else if (k === 'Enter' || k === 'F2') grid.startEdit();
  else if (k === 'Delete') grid.deleteSelected();
  // F8, F7 and Ctrl+F are VS Code keybindings (terminology.table.nextProblem / .nextGap / .find), which reach
  // this webview as commands; handling them here too would run them twice.
  else if (k === 'Escape') { grid.selected = new Set([grid.view[row]]); grid.render(); }
  else if (k.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) grid.startEdit(k);
  else handled = false;
  if (handled) e.preventDefault();
}

function editorKey(grid: Grid, e: KeyboardEvent): void {
  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { grid.endEdit(true); grid.addRow(); e.preventDefault(); }
  else if (e.key === 'Enter') {
    const was = grid.endEdit(true);
    if (was) grid.moveAfterEdit(was.row, 1, was.col);
    e.preventDefault();
  } else if (e.key === 'Escape') { grid.endEdit(false); e.preventDefault(); }
  else if (e.key === 'Tab') {
    const was = grid.endEdit(true);
    e.preventDefault();
    if (!was) return;
    const back = e.shiftKey;
    const sameRow = back ? was.col > 0 : was.col < grid.columns - 1;
    const nextCol = back ? (sameRow ? was.col - 1 : grid.columns - 1) : (sameRow ? was.col + 1 : 0);
    if (was.row.pending !== undefined && sameRow) {
      // Still being added: keep typing into its next cell; the edits wait for its line.
      grid.follow = { ref: was.row, delta: 0, col: nextCol };
      grid.startEditOn(was.row, nextCol, '');
      return;
    }
    if (grid.moveAfterEdit(was.row, sameRow ? 0 : back ? -1 : 1, nextCol)) grid.startEdit(undefined, true);
  }
}
