/** Delete Source Phrase: removes one source phrase from the dictionaries you choose, in a multilingual glossary
 * document (remote or local). It edits the text, as typing would: the chosen cells become gaps, or the whole line
 * goes when no translation would be left; one undoable edit, and a save pushes it like any other edit (one call per
 * changed dictionary). The command gathers (the cursor's line, a multi-select pick), the action does. */
import * as vscode from 'vscode';
// The core's modules by name, not its index (see esbuild.mjs: this file is in a lazy bundle).
import { cellValue, parseGrid, type GridRow, type ParsedGrid } from '../core/glossary/grid';
import { removeFromDictionaries } from '../core/glossary/removeRows';
import { toWorkspaceEdit } from '../lint/convert';
import { plural } from '../platform/words';

export interface DeleteSourceActions {
  /** Removes source phrase `source` from the dictionaries of `targetLangs` in the open multilingual document at
   * `uri`: those cells become gaps, or the line is removed when no other cell holds a translation. Returns the
   * languages whose cell was emptied and whether the line was removed. Nothing is sent: a save pushes it. */
  deleteSourcePhrase(uri: vscode.Uri, source: string, targetLangs: string[]): Promise<{ cleared: string[]; lineRemoved: boolean }>;
}

function openMultilingual(uri: vscode.Uri): vscode.TextDocument {
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (!doc || doc.languageId !== 'glossary-multilingual') {
    throw new Error(vscode.l10n.t('Open the glossary with "Open Glossary (All Languages)" (or a local .multilingual.tsv file) first.'));
  }
  return doc;
}

/** The rows holding `source` (exactly), outside conflict blocks. */
function rowsOf(grid: ParsedGrid, source: string): GridRow[] {
  return grid.rows.filter((r) => !r.inConflict && r.source.value === source);
}

/** The languages of a row that hold a translation, in column order. */
export function languagesWithCell(grid: ParsedGrid, row: GridRow): string[] {
  return grid.targets.filter((_, k) => cellValue(row.cells[k]) !== undefined).map((t) => t.toLowerCase());
}

export function deleteSourceActions(): DeleteSourceActions {
  return {
    async deleteSourcePhrase(uri, source, targetLangs) {
      const doc = openMultilingual(uri);
      const grid = parseGrid(doc.getText());
      const rows = rowsOf(grid, source);
      if (!rows.length) throw new Error(vscode.l10n.t('"{0}" is not a source phrase of this glossary (any more).', source));
      const wanted = new Set(targetLangs.map((l) => l.toLowerCase()));
      const unknown = [...wanted].filter((l) => !grid.targets.some((t) => t.toLowerCase() === l));
      if (unknown.length) throw new Error(vscode.l10n.t('{0} is not a column of this glossary.', unknown.map((l) => l.toUpperCase()).join(', ')));
      if (!wanted.size) return { cleared: [], lineRemoved: false };
      // The same removal as the glossary table's Delete Rows: chosen cells become gaps, a row left without any
      // translation goes.
      const r = removeFromDictionaries((i) => doc.lineAt(i).text, doc.lineCount, rows.map((row) => row.line), wanted);
      if (!r.edits.length) return { cleared: [], lineRemoved: false };
      if (!await vscode.workspace.applyEdit(toWorkspaceEdit(doc.uri, r.edits))) throw new Error(vscode.l10n.t('the document could not be edited'));
      return { cleared: r.cleared, lineRemoved: r.linesRemoved > 0 };
    },
  };
}

/** The handler of Delete Source Phrase… (`terminology.deleteSourcePhrase`). */
export function deleteSourceCommand(actions: DeleteSourceActions): () => Promise<void> {
  return async () => {
    const editor = vscode.window.activeTextEditor;
    const doc = editor?.document;
    if (!editor || doc?.languageId !== 'glossary-multilingual') {
      void vscode.window.showInformationMessage(vscode.l10n.t('Open a glossary with "Open Glossary (All Languages)" first, then run this on the line of the source phrase.'));
      return;
    }
    const grid = parseGrid(doc.getText());
    const line = editor.selection.active.line;
    const row = grid.rows.find((r) => r.line === line);
    if (!row || row.inConflict || row.source.value === '') {
      void vscode.window.showInformationMessage(vscode.l10n.t('Put the cursor on the line of the source phrase to delete (not the first line, which names the languages).'));
      return;
    }
    const source = row.source.value;
    const langs = languagesWithCell(grid, row);
    if (!langs.length) {
      void vscode.window.showInformationMessage(vscode.l10n.t('"{0}" has no translation in any language; delete the line itself.', source));
      return;
    }
    const picked = await vscode.window.showQuickPick(
      langs.map((l) => {
        const k = grid.targets.findIndex((t) => t.toLowerCase() === l);
        return { label: `${grid.sourceLang.toUpperCase()} → ${l.toUpperCase()}`, description: cellValue(row.cells[k]), picked: true, l };
      }),
      {
        canPickMany: true,
        title: vscode.l10n.t('Delete "{0}" from which dictionaries?', source),
        placeHolder: vscode.l10n.t('All are selected; unselect the ones that keep it. Nothing is sent before you save.'),
      },
    );
    if (!picked?.length) return;
    try {
      const r = await actions.deleteSourcePhrase(doc.uri, source, picked.map((p) => p.l));
      void vscode.window.setStatusBarMessage(r.lineRemoved
        ? vscode.l10n.t('Deleted "{0}" from every dictionary (the line is gone); save to push.', source)
        : vscode.l10n.t('Deleted "{0}" from {1}; save to push.', source, plural(r.cleared.length, '1 dictionary', '{0} dictionaries')), 5000);
    } catch (err) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not delete "{0}": {1}', source, err instanceof Error ? err.message : String(err)));
    }
  };
}
