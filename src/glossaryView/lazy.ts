/** Rename Source Phrase… and Delete Source Phrase…: their steps and actions. Bundled apart as dist/glossaryView.js and
 * loaded when one first runs (see ../platform/lazy.ts); the drafts, painted in open glossaries, stay in the extension. */
import type { CommandContext } from '../trees/commandContext';
import { deleteSourceActions, deleteSourceCommand } from './deleteSource';
import { glossaryViewActions, renameSourceCommand, type RemoteDocuments } from './renameSource';

export function makeSourceCommands(ctx: CommandContext, remote: RemoteDocuments) {
  const actions = { ...glossaryViewActions(ctx, remote), ...deleteSourceActions() };
  return {
    actions,
    commands: { 'terminology.renameSourcePhrase': renameSourceCommand(ctx, actions), 'terminology.deleteSourcePhrase': deleteSourceCommand(actions) },
  };
}
