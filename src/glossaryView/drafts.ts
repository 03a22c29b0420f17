/** Machine-translated drafts in a multilingual glossary document, made by "Add Language to Glossary…" and "Fill
 * Missing Translations…" (./makeDrafts.ts, loaded when one first runs). Drafts are text in the document like any other
 * (one undoable edit), marked as drafts (a decoration and the `draft-translation` finding) until the user edits them,
 * keeps them or saves; nothing is pushed before an explicit save. Marking and keeping them is here. */
import * as vscode from 'vscode';
import { cellValue, parseGrid, type ParsedGrid } from '../core';
import { activeDocument } from '../platform/activeDocument';
import { publishedFindings } from '../lint/convert';
import { plural } from '../platform/words';
import type { DiagnosticsManager } from '../lint/diagnosticsManager';

export interface DraftActions {
  /** Adds a column for `targetLang` to the open multilingual document at `uri`, with a machine-translated draft for
   * every source phrase. Returns the number of drafts. */
  addLanguage(uri: vscode.Uri, targetLang: string, signal?: AbortSignal): Promise<number>;
  /** Fills the empty cells of `targetLang` with drafts (the glossary applied when it has that pair). */
  fillMissing(uri: vscode.Uri, targetLang: string, signal?: AbortSignal): Promise<number>;
  /** The draft in the cell at `at` is reviewed and kept as it is: no longer marked (`draft-translation`), nor asked
   * about on Ctrl+S. False when that cell holds no draft. */
  keepDraft(uri: vscode.Uri, at: vscode.Position): boolean;
  /** Every draft of the document is kept as it is. Returns how many were marked. */
  keepAllDrafts(uri: vscode.Uri): number;
}

export function draftActions(diagnostics: DiagnosticsManager): Pick<DraftActions, 'keepDraft' | 'keepAllDrafts'> {
  return {
    keepDraft(uri, at) {
      const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      if (!doc || at.line < 1 || at.line >= doc.lineCount) return false;
      // The language line and the cell's line are enough to tell its language and source.
      const grid = parseGrid(`${doc.lineAt(0).text}\n${doc.lineAt(at.line).text}`);
      const row = grid.rows[0];
      const k = row ? row.cells.findIndex((c) => c !== undefined && at.character >= c.start && at.character <= c.end) : -1;
      if (!row || k < 0) return false;
      const all = new Map(diagnostics.drafts(doc));
      let kept = false;
      for (const lang of new Set([grid.targets[k], grid.targets[k].toLowerCase()])) {
        const mine = new Map(all.get(lang) ?? []);
        if (!mine.delete(row.source.value)) continue;
        all.set(lang, mine);
        kept = true;
      }
      if (kept) diagnostics.setDrafts(doc, all);
      return kept;
    },
    keepAllDrafts(uri) {
      const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      const n = doc ? publishedFindings(doc.uri, 'draft-translation').length : 0;
      if (doc) diagnostics.setDrafts(doc, undefined);
      return n;
    },
  };
}

/** Draft cells are shown in italics with a "draft" note, wherever the `draft-translation` finding is. */
function decorate(diagnostics: DiagnosticsManager): vscode.Disposable[] {
  const type = vscode.window.createTextEditorDecorationType({
    fontStyle: 'italic',
    after: { contentText: ' draft', color: new vscode.ThemeColor('editorCodeLens.foreground'), fontStyle: 'normal' },
  });
  const paint = (editor: vscode.TextEditor) => {
    if (diagnostics.kindOf(editor.document)?.kind !== 'glossary') return;
    // The published diagnostics: asking the linter for its findings would finish a large document's sliced read at once.
    const ranges = publishedFindings(editor.document.uri, 'draft-translation').map((d) => d.range);
    editor.setDecorations(type, ranges);
  };
  return [
    type,
    diagnostics.onDidLint((uri) => { for (const e of vscode.window.visibleTextEditors) if (e.document.uri.toString() === uri.toString()) paint(e); }),
    vscode.window.onDidChangeVisibleTextEditors((es) => es.forEach(paint)),
  ];
}

export function activeMultilingual(): vscode.TextDocument | undefined {
  // The text editor's document, or the glossary table's (a custom editor is no text editor).
  const doc = activeDocument();
  return doc?.languageId === 'glossary-multilingual' ? doc : undefined;
}

type StoredDrafts = Record<string, Array<[string, string]>>;
const draftsKey = (uri: vscode.Uri) => `terminology.drafts:${uri.toString()}`;

/** The drafts of a document as stored: by language, [source, draft] pairs. */
function toStored(drafts: ReadonlyMap<string, ReadonlyMap<string, string>>): StoredDrafts | undefined {
  const out: StoredDrafts = {};
  for (const [lang, m] of drafts) if (m.size) out[lang] = [...m];
  return Object.keys(out).length ? out : undefined;
}

/** The stored drafts whose cell still holds the draft: a cell edited since (or a line gone) is a draft no more. */
export function stillDrafts(grid: ParsedGrid, stored: StoredDrafts): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const [lang, pairs] of Object.entries(stored)) {
    const k = grid.targets.findIndex((t) => t.toLowerCase() === lang.toLowerCase());
    if (k < 0) continue;
    const wanted = new Map(pairs);
    const kept = new Map<string, string>();
    for (const row of grid.rows) {
      const draft = wanted.get(row.source.value);
      if (draft !== undefined && !row.inConflict && cellValue(row.cells[k]) === draft) kept.set(row.source.value, draft);
    }
    if (kept.size) out.set(lang, kept);
  }
  return out;
}

/** Drafts survive a window reload while unsaved: kept in the workspace's state by document address (each with the
 * text of its cell), given back when the document's lint state is made afresh (it opens again), where the cell still
 * holds that text. A save that pushes clears them, and so the stored ones. */
function persistDrafts(diagnostics: DiagnosticsManager, state: vscode.Memento): vscode.Disposable[] {
  /** What was last written (or restored) per document in this session: only then is an empty set written. */
  const written = new Map<string, ReadonlyMap<string, ReadonlyMap<string, string>>>();
  const stored = (doc: vscode.TextDocument) => {
    const kept = state.get<StoredDrafts>(draftsKey(doc.uri));
    if (!kept) return undefined;
    const drafts = stillDrafts(parseGrid(doc.getText()), kept);
    const again = toStored(drafts);
    if (JSON.stringify(again) !== JSON.stringify(kept)) void state.update(draftsKey(doc.uri), again);
    return drafts.size ? drafts : undefined;
  };
  diagnostics.setDraftSource(stored);
  // Documents opened before activation finished (restored by the window) were linted already.
  for (const doc of vscode.workspace.textDocuments) {
    if (diagnostics.kindOf(doc)?.kind !== 'glossary' || diagnostics.drafts(doc).size) continue;
    const drafts = stored(doc);
    if (drafts) diagnostics.setDrafts(doc, drafts);
  }
  return [
    vscode.workspace.onDidCloseTextDocument((doc) => written.delete(doc.uri.toString())), // kept for the next open
    diagnostics.onDidLint((uri) => {
      const key = uri.toString();
      const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
      if (!doc || diagnostics.kindOf(doc)?.kind !== 'glossary') return;
      const drafts = diagnostics.drafts(doc);
      const before = written.get(key);
      if (drafts === before || (drafts.size === 0 && !before)) return;
      written.set(key, drafts);
      void state.update(draftsKey(uri), toStored(drafts));
    }),
  ];
}

export function registerDraftCommands(actions: Pick<DraftActions, 'keepDraft' | 'keepAllDrafts'>, diagnostics: DiagnosticsManager, state: vscode.Memento): vscode.Disposable[] {
  return [
    ...decorate(diagnostics),
    ...persistDrafts(diagnostics, state),
    // From the quick fixes of a draft (the text editor's light bulb, the table's Ctrl+.): the cell is the fix's.
    vscode.commands.registerCommand('terminology.keepDraft', (uri: unknown, line: unknown, character: unknown) => {
      if (uri instanceof vscode.Uri && typeof line === 'number' && typeof character === 'number') actions.keepDraft(uri, new vscode.Position(line, character));
    }),
    vscode.commands.registerCommand('terminology.keepAllDrafts', (uri: unknown) => {
      if (!(uri instanceof vscode.Uri)) return;
      const n = actions.keepAllDrafts(uri);
      if (n) vscode.window.setStatusBarMessage(vscode.l10n.t('$(check) {0} kept as reviewed', plural(n, '1 draft', '{0} drafts')), 5000);
    }),
  ];
}
