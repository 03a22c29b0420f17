/** Timings of the grid, asked for by the extension's tests and benchmarks (the `measureScroll` and `measureView`
 * commands). */
import type { SortFigure } from '../protocol/table';
import { ROW_H, type Grid } from './grid';

/** Renders at 60 positions spread over the whole table, as a fast scroll would, and returns the cost of each
 * frame's work (a frame has 16.7 ms at 60 Hz). */
export function measureScroll(grid: Grid): { frames: number; medianMs: number; maxMs: number } {
  const { viewport, rows } = grid.dom;
  const times: number[] = [];
  const max = Math.max(0, grid.view.length * ROW_H - viewport.clientHeight);
  for (let i = 0; i < 60; i++) {
    viewport.scrollTop = Math.round((max * ((i * 37) % 60)) / 59);
    const t0 = performance.now();
    grid.render();
    void rows.offsetHeight; // include layout
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { frames: times.length, medianMs: times[30], maxMs: times[times.length - 1] };
}

/** Sorts all rows by each column, one way then the other (as two clicks on its header), and filters them by a
 * text, each timed until the rows are laid out (a sort that waits for the orders of the extension's worker, until
 * they came and the view was rebuilt); then puts the view back as it was. */
export async function measureView(grid: Grid): Promise<{ rows: number; sortMs: number; filterMs: number; filterText: string; shown: number; sorts: SortFigure[] }> {
  const { filter, rows } = grid.dom;
  const before = { sort: grid.sort, filter: filter.value };
  filter.value = '';
  grid.sort = { column: -1, descending: false };
  grid.rebuildView();
  const sorts: SortFigure[] = [];
  for (let column = 0; column < grid.columns; column++) {
    for (const descending of [false, true]) {
      const ready = grid.store.hasOrder(column);
      const t = performance.now();
      grid.sort = { column, descending };
      grid.rebuildView();
      const waited = grid.waitingForOrders;
      await grid.settled();
      void rows.offsetHeight;
      sorts.push({ column, descending, ms: performance.now() - t, ready, waited, top: grid.view.slice(0, 3) });
    }
  }
  const sortMs = sorts[0].ms;
  grid.sort = { column: -1, descending: false };
  // A word of a middle row's first cell: a filter that keeps some rows and drops most.
  const sample = grid.store.cells(grid.from + Math.floor(grid.rowCount() / 2))[0] ?? '';
  const filterText = sample.split(' ').slice(-1)[0] || sample;
  const t0 = performance.now();
  filter.value = filterText;
  grid.rebuildView();
  void rows.offsetHeight;
  const filterMs = performance.now() - t0;
  const shown = grid.view.length;
  grid.sort = before.sort;
  filter.value = before.filter;
  grid.rebuildView();
  return { rows: grid.rowCount(), sortMs, filterMs, filterText, shown, sorts };
}
