/** One open table's code (the webview's requests made edits, the document's changes sent as rows; its page and its
 * words), with the core's table model. Bundled apart as dist/tablePanel.js and loaded when the first table opens (see
 * ../platform/lazy.ts). */
export { TablePanel } from './tablePanel';
export { tableHtml, tableStrings } from './tableHtml';
