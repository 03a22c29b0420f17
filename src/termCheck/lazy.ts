/** The term check itself: the linked glossaries' index, the checker (diagnostics as you type), its quick fixes and
 * hover, the status bar's count, with the readers of translation files and the matcher of the core. Bundled apart as
 * dist/termCheck.js and loaded when a translation file is first open, or the workspace check first runs (see
 * ../platform/lazy.ts). */
import * as vscode from 'vscode';
import type { Logger } from '../base/logger';
import type { ClientProvider } from '../platform/clientProvider';
import type { ManifestFile } from '../platform/manifestFile';
import { TermChecker } from './checker';
import { TermCodeActions, TermHover } from './fixes';
import { TermGlossaries } from './glossaries';
import { TermStatus } from './status';

export interface TermCheckParts extends vscode.Disposable {
  checker: TermChecker;
  glossaries: TermGlossaries;
  status: TermStatus;
  codeActions: TermCodeActions;
  hover: TermHover;
}

export function makeTermCheck(manifest: ManifestFile, clients: ClientProvider, log: Logger): TermCheckParts {
  const glossaries = new TermGlossaries(manifest, clients, log);
  const checker = new TermChecker(glossaries, log);
  const status = new TermStatus(checker);
  const parts = vscode.Disposable.from(glossaries, checker, status);
  return { checker, glossaries, status, codeActions: new TermCodeActions(checker), hover: new TermHover(checker), dispose: () => parts.dispose() };
}
