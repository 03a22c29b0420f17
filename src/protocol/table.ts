/** The messages between the table's webview (src/webview, bundled into dist/webview/table.js) and the extension:
 * typed once here, imported by both sides. */
import type { EntriesFormat } from '../core/fields';
import type { CellFinding } from '../core/tableRows';

/** A request that changes the document carries an `id` (the webview waits for its `done` before it sends the
 * next one, so edits land one after another, in order) and the document `version` its line numbers refer to
 * (the extension moves them over the changes made since, or refuses when the row is gone). */
interface Addressed { id?: number; version?: number }

/** Messages from the webview. */
export type TableRequest =
  | { type: 'ready' }
  | ({ type: 'edit'; line: number; column: number; value: string } & Addressed)
  | ({ type: 'addRow'; after: number } & Addressed)
  | ({ type: 'deleteRows'; lines: number[] } & Addressed)
  | ({ type: 'sortDocument'; column: number; descending: boolean } & Addressed)
  | ({ type: 'openText'; line: number } & Addressed)
  /** Offer the fixes of a cell's findings (a quick pick). */
  | ({ type: 'fixes'; line: number; column: number } & Addressed)
  /** Apply every preferred fix ("Fix All"). */
  | ({ type: 'fixAll' } & Addressed)
  /** The webview's own figures: the first render after init, and a scroll measurement. */
  | { type: 'rendered'; rows: number; ms: number }
  | { type: 'loaded'; rows: number; ms: number }
  | { type: 'scrollMeasured'; frames: number; medianMs: number; maxMs: number }
  /** Sort of all rows by the first column and a text filter of all rows, each timed to the rows rendered. */
  | { type: 'viewMeasured'; rows: number; sortMs: number; filterMs: number; filterText: string; shown: number; sorts: SortFigure[] }
  /** After a command moved or filtered the view: the rows shown (their first 200 lines) and the active cell. */
  | { type: 'viewChanged'; shown: number; lines: number[]; active: { line: number; column: number } | null };

/** One sort of all rows, timed until they are laid out; `ready`: the order by that column was at hand (made by the
 * extension's worker, or by an earlier sort) rather than made by this sort. */
/** A sort timed by measureView: `ready`, the order by that column was at hand; `waited`, the sort waited for the
 * orders of the extension's worker; `top`, the lines of the first three rows it showed. */
export interface SortFigure { column: number; descending: boolean; ms: number; ready: boolean; waited: boolean; top: number[] }

export type TableFigures = Extract<TableRequest, { type: 'rendered' | 'loaded' | 'scrollMeasured' | 'viewMeasured' | 'viewChanged' }>;

/** A dictionary ('table': source and target, CSV language columns) or a multilingual glossary ('grid': line 0 names
 * the languages, then a source and a cell per target language; an empty cell is a gap). */
export type TableMode = 'table' | 'grid';

/** Words the webview shows, localized by the extension; plurals as separate singular and plural strings. */
export type TableStrings = Record<string, string>;

/** Messages to the webview. */
export type TableUpdate =
  /** The rows as the document's text (one string is far cheaper to send than 200 000 arrays): the webview splits
   * each line at the separator, except the lines listed in `quoted`, whose cells are given (quotes need the parser).
   * `rows` is the number of rows (lines, but not the empty one after a final line break). `ordersComing`: the
   * extension's worker is making the order of all rows by each column; an 'orders' message follows the rows. */
  | { type: 'init'; mode: TableMode; format: EntriesFormat; columns: number; total: number; rows: number; complete: boolean; version: number; text: string; quoted: Array<[number, string[]]>; findings: Array<[number, CellFinding[]]>; languages?: string[]; strings: TableStrings; ordersComing?: boolean }
  /** The rows after the first screen, from line `start`, in the same form: the text, or its UTF-8 bytes; `deflated`:
   * those bytes compressed with raw DEFLATE (the webview inflates them). */
  | { type: 'rows'; format: EntriesFormat; start: number; text: string | Uint8Array; deflated?: boolean; quoted: Array<[number, string[]]> }
  /** A document change: `deleteCount` lines from `start` became `rows`; see LineSplice for headKept/tailKept. */
  | { type: 'splice'; start: number; deleteCount: number; added: number; rows: string[][]; columns: number; version: number; headKept: boolean; tailKept: boolean }
  /** The findings by line and cell. Thousands of them (a glossary's gaps) come in parts, one per task of the
   * extension host: `append`, the part adds to the findings of the parts before (a line's list may go on from the
   * part before); `more`, another part follows. A message without `append` replaces what the table shows. */
  | { type: 'findings'; findings: Array<[number, CellFinding[]]>; append?: boolean; more?: boolean }
  /** The order of all rows by some columns (lines sorted, and which tie with the one before), made on the core worker
   * from the rows of document version `version`, sent after them, one column per message; `more`: the next column's
   * follows (an empty list with `more` false: no more will come). */
  | { type: 'orders'; version: number; orders: Array<{ column: number; lines: Int32Array; ties: Uint8Array }>; more: boolean }
  /** The answer to a request with an id: whether it was done, the line of an added row, a message to show. */
  | { type: 'done'; id: number; ok: boolean; line?: number; message?: string }
  /** `arg`: for filterMissing, the language code whose gaps to show ('' shows every row); for firstFinding, the
   * finding code. */
  | { type: 'command'; name: TableCommand; arg?: string }
  /** Select the cell at a document line and column (a Problems link followed while the table was shown). */
  | { type: 'reveal'; line: number; column: number }
  /** A picker or modal shown for this table has closed: focus the grid if the focus comes back to the page (see
   * src/platform/pickerFocus.ts). */
  | { type: 'refocus' }
  /** A line for the table's status line (a save's outcome), until the cell moves. */
  | { type: 'status'; text: string };

export type TableCommand = 'nextProblem' | 'firstFinding' | 'nextGap' | 'filterMissing' | 'find' | 'measureScroll' | 'measureView' | 'fixes';

/** A request as the webview's queue builds it, before it gets its id and version. */
export type TableRequestBody = TableRequest extends infer R ? (R extends unknown ? Omit<R, 'id' | 'version'> : never) : never;
