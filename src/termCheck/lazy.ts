/** The term check itself: the linked glossaries' index, the checker (diagnostics as you type), its quick fixes and
 * hover, the status bar's count, with the readers of translation files and the matcher of the core. Bundled apart as
 * dist/termCheck.js and loaded when a translation file is first open, or the workspace check first runs (see
 * ../platform/lazy.ts). */
import * as vscode from 'vscode';
import type { Logger } from '../base/logger';
import type { ClientProvider } from '../platform/clientProvider';
import type { ManifestFile } from '../platform/manifestFile';
import type { Offload } from '../worker/offload';
import { renderingEdit, type GlossaryEntry } from '../core/termCheck';
import { termCandidates, type CandidateReport } from './candidates';
import { candidatesCommand } from './candidatesCommand';
import { TermChecker } from './checker';
import { TermCodeActions, TermHover } from './fixes';
import { TermGlossaries } from './glossaries';
import { TermStatus } from './status';
import { TermCheckView } from './view';

export { pickGlossaries } from './pickGlossaries';

export interface TermCheckParts extends vscode.Disposable {
  checker: TermChecker;
  glossaries: TermGlossaries;
  status: TermStatus;
  codeActions: TermCodeActions;
  hover: TermHover;
  candidates: (options?: Parameters<typeof termCandidates>[2]) => Promise<CandidateReport | undefined>;
  addRendering: (entry: GlossaryEntry, rendering: string) => Promise<vscode.TextDocument>;
  view: TermCheckView;
  candidatesCommand: typeof candidatesCommand;
}

/** Makes `rendering` the translation of the entry's source in its dictionary: the document opens with the line changed
 * (or added), unsaved, and selected (a long dictionary would otherwise open wherever it was, the change out of sight). */
async function addRendering(entry: GlossaryEntry, rendering: string): Promise<vscode.TextDocument> {
  if (!entry.file) throw new Error(vscode.l10n.t('The glossary entry of "{0}" has no file or document to change.', entry.source));
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(entry.file));
  const format = /\.csv$/i.test(doc.uri.path) ? 'csv' : 'tsv';
  const e = renderingEdit(doc.getText(), format, entry.line, entry.source, rendering);
  const we = new vscode.WorkspaceEdit();
  const eol = doc.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
  if (e.line < doc.lineCount && e.replaced !== undefined) we.replace(doc.uri, doc.lineAt(e.line).range, e.text.replace(/\r$/, ''));
  else {
    const last = doc.lineAt(Math.min(e.line, doc.lineCount) - 1);
    we.insert(doc.uri, last.range.end, `${eol}${e.text}`);
  }
  if (!(await vscode.workspace.applyEdit(we))) throw new Error(vscode.l10n.t('The dictionary could not be changed.'));
  await vscode.window.showTextDocument(doc, { preview: false, selection: doc.lineAt(e.line).range });
  return doc;
}

export function makeTermCheck(manifest: ManifestFile, clients: ClientProvider, log: Logger, picked: () => ReadonlyArray<{ id: string; name: string }> = () => [], offload?: Offload): TermCheckParts {
  const glossaries = new TermGlossaries(manifest, clients, log, picked, offload);
  const checker = new TermChecker(glossaries, log);
  const status = new TermStatus(checker);
  const view = new TermCheckView(checker);
  const parts = vscode.Disposable.from(glossaries, checker, status, view);
  return { checker, glossaries, status, codeActions: new TermCodeActions(checker, manifest), hover: new TermHover(checker),
    candidates: (options) => termCandidates(checker, offload, options), addRendering, view, candidatesCommand, dispose: () => parts.dispose() };
}
