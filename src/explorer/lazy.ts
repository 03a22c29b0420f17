/** What the glossaries' and Spoken Terms collections' commands need beyond the trees: the commands' steps and the
 * actions (create, rename, add a dictionary or list, delete). Bundled apart as dist/explorer.js and loaded when one
 * first runs (see ../platform/lazy.ts). */
import type { CommandContext } from '../trees/commandContext';
import { glossaryActions, glossaryCommands, type OpensDictionary } from './glossaryCommands';
import { spokenTermsActions, spokenTermsCommands } from './spokenTermsCommands';

export function makeExplorer(ctx: CommandContext, documents: OpensDictionary) {
  const actions = { ...glossaryActions(ctx), ...spokenTermsActions(ctx) };
  return { actions, commands: { ...glossaryCommands(ctx, { ...documents, ...actions }), ...spokenTermsCommands(ctx, actions) } };
}
