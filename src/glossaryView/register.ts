/** The multilingual glossary view's own commands: rename a source phrase across its dictionaries, keep and push
 * drafts, delete a source row. */
import type * as vscode from 'vscode';
import type { DiagnosticsManager } from '../lint/diagnosticsManager';
import type { CommandContext } from '../trees/commandContext';
import { forward, once, registerCommands } from '../platform/lazy';
import type { DeleteSourceActions } from './deleteSource';
import { draftActions, registerDraftCommands, type DraftActions } from './drafts';
import type { GlossaryViewActions, RemoteDocuments } from './renameSource';

/** `remote`: the documents feature's fetch and merge; `state`: the workspace's memento (drafts survive a reload). */
export function registerGlossaryView(ctx: CommandContext, diagnostics: DiagnosticsManager, remote: RemoteDocuments, state: vscode.Memento): {
  actions: GlossaryViewActions & DraftActions & DeleteSourceActions; disposables: vscode.Disposable[];
} {
  // Rename and Delete Source Phrase, Add Language and Fill Missing load when one first runs (./lazy.ts,
  // dist/glossaryView.js).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sources = once(() => (require('./lazy') as typeof import('./lazy')).makeSourceCommands(ctx, remote, diagnostics));
  const drafts = draftActions(diagnostics);
  const actions = { ...forward(() => sources().actions, { renameSourcePhrase: true, deleteSourcePhrase: true, addLanguage: true, fillMissing: true }), ...drafts };
  return {
    actions,
    disposables: [
      ...registerCommands(forward(() => sources().commands, {
        'terminology.renameSourcePhrase': true, 'terminology.deleteSourcePhrase': true, 'terminology.addLanguage': true, 'terminology.fillMissing': true,
      })),
      ...registerDraftCommands(drafts, diagnostics, state),
    ],
  };
}
