/** "Add Language to Glossary…" (a new column, a draft for every source) and "Fill Missing Translations…" (drafts for
 * the gaps of one language): their steps and actions. Bundled with the glossary view's other commands apart, as
 * dist/glossaryView.js, and loaded when one first runs (see ./lazy.ts); marking and keeping drafts stay in the extension
 * (./drafts.ts). */
import * as vscode from 'vscode';
import type { ServiceClient } from '../api';
import { parseTsvLine } from '../core/fields';
import { cellValue, parseGrid, type ParsedGrid } from '../core/glossary/grid';
import { lintLanguagePair } from '../core/languages';
import { encodeField } from '../core/serialize';
import { clientOrThrow, requireClient, type CommandContext } from '../trees/commandContext';
import type { DiagnosticsManager } from '../lint/diagnosticsManager';
import { pickLanguage } from '../platform/pickers';
import { withCancellableProgress } from '../platform/progress';
import { parseRemoteRef, SCHEME } from '../platform/remoteUris';
import { plural } from '../platform/words';
import { activeMultilingual, type DraftActions } from './drafts';

/** Texts per translate call. */
const BATCH = 50;


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

export type MakeDraftActions = Pick<DraftActions, 'addLanguage' | 'fillMissing'>;

export function makeDraftActions(ctx: CommandContext, diagnostics: DiagnosticsManager): MakeDraftActions {
  const mark = (doc: vscode.TextDocument, lang: string, drafts: Array<[string, string]>) => {
    const all = new Map(diagnostics.drafts(doc));
    const mine = new Map(all.get(lang) ?? []);
    for (const [source, draft] of drafts) mine.set(source, draft);
    all.set(lang, mine);
    diagnostics.setDrafts(doc, all);
  };
  return {
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

export function makeDraftCommands(ctx: CommandContext, actions: MakeDraftActions, diagnostics: DiagnosticsManager): Record<'terminology.addLanguage' | 'terminology.fillMissing', () => Promise<void>> {
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
  return {
    'terminology.addLanguage': async () => {
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
    },
    'terminology.fillMissing': async () => {
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
    },
  };
}
