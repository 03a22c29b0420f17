/** A document's text without holding the event loop: `getText()` of 10 MiB joins its 229 000 lines in one go
 * (20-90 ms). A large document is read in ranges of lines, in slices of a few milliseconds that yield between
 * them, and read again from the start when it changes meanwhile. */
import * as vscode from 'vscode';

/** Lines per `getText(range)`; documents of at most this many lines are read at once. */
const LINES = 4096;
/** Work per slice, in milliseconds. */
const SLICE_MS = 8;

/** The text of `doc` and the version it is the text of (the document's version when it is returned). */
export async function readText(doc: vscode.TextDocument): Promise<{ text: string; version: number }> {
  const { pieces, version } = await readPieces(doc);
  return { text: pieces.length === 1 ? pieces[0] : pieces.join(''), version };
}

/** The same in pieces, not joined (a join of 10 MiB holds the loop 10-50 ms): for work that sends the text elsewhere
 * (the core worker joins them there). `units`: the size of each piece, about, in UTF-16 units (each is one
 * `getText(range)` of as many lines as that size takes, from the lines read so far); LINES lines each without it.
 * Pieces of the size the text travels to the worker in are sent as they are, with no join on this side. */
export async function readPieces(doc: vscode.TextDocument, units = 0): Promise<{ pieces: string[]; version: number }> {
  for (let attempt = 0; doc.lineCount > LINES && attempt < 3; attempt++) {
    const version = doc.version;
    const pieces: string[] = [];
    let slice = performance.now();
    let lines = LINES;
    let read = 0;
    for (let from = 0; from < doc.lineCount && doc.version === version;) {
      const to = Math.min(doc.lineCount, from + lines);
      const piece = doc.getText(new vscode.Range(from, 0, to, 0)); // to the end of the text for the last range
      pieces.push(piece);
      read += piece.length;
      from = to;
      if (units > 0) lines = linesFor(units, read / from);
      if (performance.now() - slice >= SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        slice = performance.now();
      }
    }
    if (doc.version === version) return { pieces, version };
  }
  // Small, or changing all the time: at once.
  return { pieces: [doc.getText()], version: doc.version };
}

/** Lines for a piece of about `units` UTF-16 units, with lines of `perLine` units on average so far: a tenth under,
 * so that a piece stays within the size it is meant to fit. */
function linesFor(units: number, perLine: number): number {
  return Math.max(LINES, Math.floor((units * 0.9) / Math.max(1, perLine)));
}
