/** Machine-translated drafts in a multilingual glossary document: "Add Language to Glossary…" (a new column, a draft
 * for every source) and "Fill Missing Translations…" (drafts for the gaps of one language). Drafts are text in the
 * document like any other (one undoable edit), marked as drafts (a decoration and the `draft-translation` finding)
 * until the user edits them or saves; nothing is pushed before an explicit save. */
import * as vscode from 'vscode';
import type { ServiceClient } from '../api';
import { cellValue, encodeField, lintLanguagePair, parseGrid, parseTsvLine, type ParsedGrid } from '../core';
import { activeDocument } from '../platform/activeDocument';
import { clientOrThrow, requireClient, type CommandContext } from '../trees/commandContext';

import { publishedFindings } from '../lint/convert';
import { pickLanguage } from '../platform/pickers';
import { withCancellableProgress } from '../platform/progress';
import { parseRemoteRef, SCHEME } from '../platform/remoteUris';
import { plural } from '../platform/words';
import type { DiagnosticsManager } from '../lint/diagnosticsManager';

/** Texts per translate call. */
const BATCH = 50;

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

const encodeCell = (v: string) => (v === '' ? '""' : encodeField(v, 'tsv'));

function multilingual(uri: vscode.Uri, diagnostics: DiagnosticsManager): { doc: vscode.TextDocument; glossaryId?: string } {
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  const ref = doc && doc.uri.scheme === SCHEME ? parseRemoteRef(doc.uri) : undefined;
  // A remote glossary, or a local file linted as one (*.multilingual.tsv, terminology.multilingualFiles).
  if (!doc || (ref?.kind !== 'glossary' && doc.languageId !== 'glossary-multilingual' && diagnostics.kindOf(doc)?.kind !== 'glossary')) {
    throw new Error(vscode.l10n.t('Open a glossary with "Open Glossary (All Languages)" first.'));
  }
  return { doc, glossaryId: ref?.kind === 'glossary' ? ref.id : undefined };
}

async function translateAll(client: ServiceClient, texts: string[], sourceLang: string, targetLang: string, glossaryId: string | undefined, signal?: AbortSignal): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < texts.length; i += BATCH) {
    if (signal?.aborted) throw new vscode.CancellationError();
    const res = await client.translate({ text: texts.slice(i, i + BATCH), sourceLang, targetLang, ...(glossaryId ? { glossaryId } : {}) }, signal);
    out.push(...res.map((r) => r.text.trim()));
  }
  return out;
}

/** The line with cell `k` set to `value` (padded with tabs when the line stops before it). */
function withCell(line: string, k: number, columns: number, value: string): string {
  const fields = parseTsvLine(line).fields;
  let text = line;
  if (fields.length < columns + 1) text += '\t'.repeat(columns + 1 - fields.length);
  const f = parseTsvLine(text).fields[k + 1];
  return text.slice(0, f.start) + encodeCell(value) + text.slice(f.end);
}

async function applyLines(doc: vscode.TextDocument, lines: Map<number, string>): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  for (const [line, text] of lines) edit.replace(doc.uri, doc.lineAt(line).range, text);
  if (!await vscode.workspace.applyEdit(edit)) throw new Error(vscode.l10n.t('the document could not be edited'));
}

export function draftActions(ctx: CommandContext, diagnostics: DiagnosticsManager): DraftActions {
  const mark = (doc: vscode.TextDocument, lang: string, drafts: Array<[string, string]>) => {
    const all = new Map(diagnostics.drafts(doc));
    const mine = new Map(all.get(lang) ?? []);
    for (const [source, draft] of drafts) mine.set(source, draft);
    all.set(lang, mine);
    diagnostics.setDrafts(doc, all);
  };
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
    async addLanguage(uri, targetLang, signal) {
      const { doc } = multilingual(uri, diagnostics);
      const lang = targetLang.toLowerCase();
      const grid = parseGrid(doc.getText());
      if (grid.targets.some((t) => t.toLowerCase() === lang)) throw new Error(vscode.l10n.t('{0} is already a column of this glossary.', lang.toUpperCase()));
      const refused = lintLanguagePair(grid.sourceLang, lang).find((f) => f.severity === 'error');
      if (refused) throw new Error(refused.message);
      const rows = grid.rows.filter((r) => !r.inConflict && r.source.value !== '');
      const version = doc.version;
      const client = await clientOrThrow(ctx);
      // No dictionary for the new pair exists yet, so there is no glossary to apply.
      const drafts = await translateAll(client, rows.map((r) => r.source.value), grid.sourceLang, lang, undefined, signal);
      if (doc.version !== version) throw new Error(vscode.l10n.t('the document changed while the drafts were made; run it again'));
      const columns = grid.targets.length;
      const lines = new Map<number, string>();
      lines.set(0, withCell(grid.lines[0], columns, columns + 1, lang));
      rows.forEach((r, i) => lines.set(r.line, withCell(grid.lines[r.line], columns, columns + 1, drafts[i])));
      await applyLines(doc, lines);
      mark(doc, lang, rows.map((r, i) => [r.source.value, drafts[i]]));
      return rows.length;
    },
    async fillMissing(uri, targetLang, signal) {
      const { doc, glossaryId } = multilingual(uri, diagnostics);
      const before = doc.version;
      const grid = parseGrid(doc.getText());
      const k = grid.targets.findIndex((t) => t.toLowerCase() === targetLang.toLowerCase());
      if (k < 0) throw new Error(vscode.l10n.t('{0} is not a column of this glossary.', targetLang.toUpperCase()));
      const gaps = grid.rows.filter((r) => !r.inConflict && r.source.value !== '' && cellValue(r.cells[k]) === undefined);
      if (!gaps.length) return 0;
      const client = await clientOrThrow(ctx);
      const lang = grid.targets[k].toLowerCase();
      const hasPair = glossaryId !== undefined &&
        (await client.getGlossary(glossaryId, signal)).dictionaries.some((d) => d.sourceLang.toLowerCase() === grid.sourceLang.toLowerCase() && d.targetLang.toLowerCase() === lang);
      const drafts = await translateAll(client, gaps.map((r) => r.source.value), grid.sourceLang, lang, hasPair ? glossaryId : undefined, signal);
      if (doc.version !== before) throw new Error(vscode.l10n.t('the document changed while the drafts were made; run it again'));
      const lines = new Map<number, string>();
      gaps.forEach((r, i) => lines.set(r.line, withCell(grid.lines[r.line], k, grid.targets.length, drafts[i])));
      await applyLines(doc, lines);
      mark(doc, lang, gaps.map((r, i) => [r.source.value, drafts[i]]));
      return gaps.length;
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

function activeMultilingual(): vscode.TextDocument | undefined {
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

export function registerDraftCommands(ctx: CommandContext, actions: DraftActions, diagnostics: DiagnosticsManager, state: vscode.Memento): vscode.Disposable[] {
  const needDoc = () => {
    const doc = activeMultilingual();
    if (!doc) void vscode.window.showInformationMessage(vscode.l10n.t('Open a glossary with "Open Glossary (All Languages)" first (in the glossary\'s menu), then run this in its editor.'));
    return doc;
  };
  const run = async (title: string, work: (signal: AbortSignal) => Promise<number>, done: (n: number) => string) => {
    try {
      const n = await withCancellableProgress(title, work);
      void vscode.window.showInformationMessage(done(n));
    } catch (err) {
      if (err instanceof vscode.CancellationError) return;
      await ctx.errors.show(vscode.l10n.t('No drafts were added'), err);
    }
  };
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
    vscode.commands.registerCommand('terminology.addLanguage', async () => {
      const doc = needDoc();
      const client = doc && await requireClient(ctx);
      if (!doc || !client) return;
      const grid: ParsedGrid = parseGrid(doc.getText());
      const languages = await withCancellableProgress(vscode.l10n.t('Loading glossary languages…'), (signal) => client.getLanguages('glossary', signal));
      const lang = await ctx.pickers.after(pickLanguage(vscode.l10n.t('Add a language to the glossary (from {0})', grid.sourceLang.toUpperCase()), languages,
        [grid.sourceLang.toLowerCase(), ...grid.targets.map((t) => t.toLowerCase())],
        (code) => lintLanguagePair(grid.sourceLang, code, { languages: languages.map((l) => l.lang) }).find((f) => f.severity === 'error')?.message));
      if (!lang) return;
      await run(vscode.l10n.t('Translating {0} drafts into {1}…', grid.rows.length, lang.toUpperCase()), (signal) => actions.addLanguage(doc.uri, lang, signal),
        (n) => vscode.l10n.t('Added {0} with {1}, marked as drafts. Review them; Ctrl+S creates the dictionary.', lang.toUpperCase(), plural(n, '1 machine-translated draft', '{0} machine-translated drafts')));
    }),
    vscode.commands.registerCommand('terminology.fillMissing', async () => {
      const doc = needDoc();
      if (!doc) return;
      const stats = diagnostics.stats(doc)?.missing?.filter((m) => m.count > 0) ?? [];
      if (!stats.length) { void vscode.window.showInformationMessage(vscode.l10n.t('No gaps: every source has a translation in every language.')); return; }
      const picked = stats.length === 1 ? stats[0] : (await ctx.pickers.after(vscode.window.showQuickPick(
        stats.map((m) => ({ label: m.lang.toUpperCase(), description: plural(m.count, '1 missing', '{0} missing'), m })),
        { title: vscode.l10n.t('Fill the gaps of which language?') })))?.m;
      if (!picked) return;
      await run(vscode.l10n.t('Translating {0} drafts into {1}…', picked.count, picked.lang.toUpperCase()), (signal) => actions.fillMissing(doc.uri, picked.lang, signal),
        (n) => vscode.l10n.t('Filled {0} in {1}, marked as drafts. Review them; Ctrl+S pushes.', plural(n, '1 gap', '{0} gaps'), picked.lang.toUpperCase()));
    }),
  ];
}
