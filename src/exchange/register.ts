/** Import and export: the commands and the preview documents, registered at activation; the rest (the commands' steps,
 * the actions, the exchange core) is in ./lazy.ts, loaded when one of them is first used. */
import * as vscode from 'vscode';
import type { CommandContext } from '../trees/commandContext';
import { forward, once } from '../platform/lazy';
import type { ExportActions } from './exportActions';
import type { ImportActions } from './importActions';
import { ImportPreviewDocuments, PREVIEW_SCHEME } from './previewDocument';

export type ExchangeActions = ImportActions & ExportActions;

/** `memento` keeps the answers about spreadsheets' columns by header (globalState). */
export function registerExchange(ctx: CommandContext, memento?: vscode.Memento): { actions: ExchangeActions; disposables: vscode.Disposable[] } {
  // The glossary languages, asked once per session when there is a key (a failure leaves only the fixed rules).
  let languages: Promise<string[] | undefined> | undefined;
  const glossaryLanguages = () => languages ??= ctx.clients.get()
    .then((c) => c?.getLanguages('glossary').then((l) => l.map((x) => x.lang)))
    .catch(() => { languages = undefined; return undefined; });
  const previews = new ImportPreviewDocuments();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const exchange = once(() => (require('./lazy') as typeof import('./lazy')).makeExchange(ctx, glossaryLanguages, previews, memento));
  return {
    actions: forward(() => exchange().actions, { readImportFile: true, planImport: true, importPlan: true, previewImport: true, runImport: true, keepStatuses: true, exportGlossary: true }),
    disposables: [
      previews,
      vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, previews),
      vscode.commands.registerCommand('terminology.importGlossary', (arg?: unknown) => exchange().importGlossary(arg)),
      vscode.commands.registerCommand('terminology.exportGlossary', (arg?: unknown) => exchange().exportGlossary(arg)),
    ],
  };
}
