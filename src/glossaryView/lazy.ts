/** Rename Source Phrase…, Delete Source Phrase…, Add Language to Glossary… and Fill Missing Translations…: their steps
 * and actions. Bundled apart as dist/glossaryView.js and loaded when one first runs (see ../platform/lazy.ts); the
 * drafts' marks in open glossaries, and keeping them, stay in the extension. */
import type { DiagnosticsManager } from '../lint/diagnosticsManager';
import type { CommandContext } from '../trees/commandContext';
import { deleteSourceActions, deleteSourceCommand } from './deleteSource';
import { makeDraftActions, makeDraftCommands } from './makeDrafts';
import { glossaryViewActions, renameSourceCommand, type RemoteDocuments } from './renameSource';

export function makeSourceCommands(ctx: CommandContext, remote: RemoteDocuments, diagnostics: DiagnosticsManager) {
  const drafts = makeDraftActions(ctx, diagnostics);
  const actions = { ...glossaryViewActions(ctx, remote), ...deleteSourceActions(), ...drafts };
  return {
    actions,
    commands: {
      'terminology.renameSourcePhrase': renameSourceCommand(ctx, actions), 'terminology.deleteSourcePhrase': deleteSourceCommand(actions),
      ...makeDraftCommands(ctx, drafts, diagnostics),
    },
  };
}
