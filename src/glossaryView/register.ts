/** The multilingual glossary view's own commands: rename a source phrase across its dictionaries, keep and push
 * drafts, delete a source row. */
import type * as vscode from 'vscode';
import type { DiagnosticsManager } from '../lint/diagnosticsManager';
import type { CommandContext } from '../trees/commandContext';
import { deleteSourceActions, registerDeleteSourceCommand, type DeleteSourceActions } from './deleteSource';
import { draftActions, registerDraftCommands, type DraftActions } from './drafts';
import { glossaryViewActions, registerGlossaryViewCommands, type GlossaryViewActions, type RemoteDocuments } from './renameSource';

/** `remote`: the documents feature's fetch and merge; `state`: the workspace's memento (drafts survive a reload). */
export function registerGlossaryView(ctx: CommandContext, diagnostics: DiagnosticsManager, remote: RemoteDocuments, state: vscode.Memento): {
  actions: GlossaryViewActions & DraftActions & DeleteSourceActions; disposables: vscode.Disposable[];
} {
  const actions = { ...glossaryViewActions(ctx, remote), ...draftActions(ctx, diagnostics), ...deleteSourceActions() };
  return {
    actions,
    disposables: [
      ...registerGlossaryViewCommands(ctx, actions),
      ...registerDraftCommands(ctx, actions, diagnostics, state),
      ...registerDeleteSourceCommand(actions),
    ],
  };
}
