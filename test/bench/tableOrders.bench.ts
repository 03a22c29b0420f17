/** The table's sort orders as the extension's background worker makes them (FoldedRows: every column folded straight
 * from the rows' UTF-8 bytes, then one radix sort per column), against the same orders made the way the webview makes
 * them (decode the bytes, split the rows into a RowStore, fold and sort each column), which is what the worker did
 * before. The 10 MiB dictionary of the editor bench, 2 columns; 7 rounds alternating, medians. */
import { FoldedRows, RowStore, type ColumnOrder } from '../../src/core/tableRows';
import { makeCorpus } from './corpus';
import { fmt, gc, median } from './stats';

const ROUNDS = 7;
/** The first screen, sent as text (tablePanel's FIRST_SCREEN_LINES). */
const HEAD_LINES = 500;

export function benchTableOrders(): string[] {
  const corpus = makeCorpus(undefined, 42, true);
  const lines = corpus.text.split('\n');
  const head = lines.slice(0, HEAD_LINES).join('\n');
  const rest = new TextEncoder().encode(lines.slice(HEAD_LINES).join('\n'));
  const languages = ['EN', 'DE'];
  const same = (a: ColumnOrder, b: ColumnOrder) => a.lines.length === b.lines.length && a.lines.every((l, i) => l === b.lines[i]) && a.ties.every((t, i) => t === b.ties[i]);
  const ours: number[] = [];
  const before: number[] = [];
  let equal = true;
  for (let round = 0; round < ROUNDS; round++) {
    gc();
    let t = performance.now();
    const store = new RowStore('\t');
    store.setLanguages(languages);
    store.reset(lines.length);
    store.fill(0, head, []);
    store.fill(HEAD_LINES, new TextDecoder().decode(rest), []);
    const want = [store.orderBy(0), store.orderBy(1)];
    before.push(performance.now() - t);
    gc();
    t = performance.now();
    const rows = new FoldedRows({ separator: '\t', from: 0, total: lines.length, head, headQuoted: [], start: HEAD_LINES, rest, restQuoted: [] }, 2, languages);
    const got = [rows.orderBy(0)!, rows.orderBy(1)!];
    ours.push(performance.now() - t);
    equal &&= same(got[0], want[0]) && same(got[1], want[1]);
  }
  if (!equal) throw new Error('the worker\'s orders differ from the webview\'s');
  const runs = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(' ');
  return [
    `corpus: ${corpus.entries} rows, ${(corpus.bytes / 1048576).toFixed(2)} MiB, 2 columns (EN, DE); the same orders both ways`,
    `orders by both columns from the rows' bytes (FoldedRows): median ${fmt(median(ours))} vs decode + split + fold and sort each column (RowStore, the worker's way before) ${fmt(median(before))} -> ratio ${(median(ours) / median(before)).toFixed(2)}x [runs in ms: ours ${runs(ours)}; before ${runs(before)}]`,
  ];
}
