/** The keyboard after a picker or modal that a table asked for. Such a picker takes the focus; when it closes, VS Code
 * gives the focus back to the table's webview, but to the page's body rather than to the grid inside it, so the
 * arrows, Delete and F2 did nothing until a click. Every picker
 * shown for a table goes through `PickerFocus.after`; once it has closed, the table that is still the active editor is
 * asked to give its grid the focus again, which the webview does only when the focus comes back to its page (at once
 * or within a second): a person who moved on (F1, a click elsewhere) keeps the focus where they put it. */

/** Pickers and modals shown for a table. One per extension (made in activate; features get it through their
 * CommandContext); the table editor says how to give the keyboard back (`refocusWith`). */
export class PickerFocus {
  private refocus: (() => void) | undefined;

  /** Asks the active table (when a table is the active editor) to focus its grid again, once a picker closed. */
  refocusWith(refocus: () => void): { dispose(): void } {
    this.refocus = refocus;
    return { dispose: () => { if (this.refocus === refocus) this.refocus = undefined; } };
  }

  /** Awaits a picker or modal (showQuickPick, a quick pick's promise, showInputBox, a modal message) shown for a
   * table, and once it has closed, whatever was chosen (Escape too), asks the active table to take the keyboard back. */
  async after<T>(shown: Thenable<T>): Promise<T> {
    try {
      return await shown;
    } finally {
      this.refocus?.();
    }
  }
}
