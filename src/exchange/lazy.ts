/** What Import into Glossary… and Export Glossary… need beyond their registration: the commands' steps, the actions,
 * the exchange core (TBX, spreadsheets, the plan, the writers) with its CSV and XML parsers. Bundled apart as
 * dist/exchange.js and loaded when import or export is first used (see ../platform/lazy.ts). */
import type * as vscode from 'vscode';
import type { CommandContext } from '../trees/commandContext';
import { exportActions, type ExportActions } from './exportActions';
import { exportCommand } from './exportCommand';
import { importActions, type ImportActions } from './importActions';
import { importCommand } from './importCommand';
import type { ImportPreviewDocuments } from './previewDocument';

export interface Exchange {
  actions: ImportActions & ExportActions;
  importGlossary(arg?: unknown): Promise<void>;
  exportGlossary(arg?: unknown): Promise<void>;
}

export function makeExchange(ctx: CommandContext, languages: () => Promise<string[] | undefined>, previews: ImportPreviewDocuments, memento?: vscode.Memento): Exchange {
  const imports = importActions(ctx, languages);
  const exports = exportActions(ctx);
  return { actions: { ...imports, ...exports }, importGlossary: importCommand(ctx, imports, previews, memento), exportGlossary: exportCommand(ctx, exports) };
}
