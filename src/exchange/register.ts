/** Import and export: the commands, their actions, the preview documents. */
import * as vscode from 'vscode';
import type { CommandContext } from '../trees/commandContext';
import { exportActions, type ExportActions } from './exportActions';
import { registerExportCommand } from './exportCommand';
import { importActions, type ImportActions } from './importActions';
import { registerImportCommand } from './importCommand';
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
  const imports = importActions(ctx, glossaryLanguages);
  const exports = exportActions(ctx);
  return {
    actions: { ...imports, ...exports },
    disposables: [
      previews,
      vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, previews),
      ...registerImportCommand(ctx, imports, previews, memento),
      ...registerExportCommand(ctx, exports),
    ],
  };
}
