/** The explorer's commands: refresh and filter the trees, create, rename and delete glossaries and Spoken Terms
 * collections, and the usage in the status bar. The trees themselves live in src/trees (every feature uses them). */
import type * as vscode from 'vscode';
import type { CommandContext } from '../trees/commandContext';
import { forward, once, registerCommands } from '../platform/lazy';
import type { GlossaryActions, OpensDictionary } from './glossaryCommands';
import type { SpokenTermsActions } from './spokenTermsCommands';
import { registerTreeCommands } from './treeCommands';
import { UsageStatus } from './usageStatus';

/** `documents`: opening a dictionary (the documents feature's), for the glossary's Open command. */
export function registerExplorer(ctx: CommandContext, documents: OpensDictionary): {
  usage: UsageStatus; actions: GlossaryActions & SpokenTermsActions; disposables: vscode.Disposable[];
} {
  const usage = new UsageStatus(ctx.clients);
  // The create, rename and delete commands' steps and actions load when one first runs (./lazy.ts, dist/explorer.js).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const explorer = once(() => (require('./lazy') as typeof import('./lazy')).makeExplorer(ctx, documents));
  const actions = forward(() => explorer().actions, {
    createGlossary: true, renameGlossary: true, addDictionary: true, deleteGlossary: true, deleteDictionary: true,
    createCollection: true, addTermList: true, renameCollection: true, deleteCollection: true, deleteTermList: true,
  });
  return {
    usage,
    actions,
    disposables: [
      usage,
      ...registerTreeCommands(ctx),
      ...registerCommands(forward(() => explorer().commands, {
        'terminology.glossaries.create': true, 'terminology.glossaries.rename': true, 'terminology.glossaries.addDictionary': true,
        'terminology.glossaries.delete': true, 'terminology.dictionaries.delete': true, 'terminology.spokenTerms.create': true,
        'terminology.spokenTerms.addList': true, 'terminology.spokenTerms.rename': true, 'terminology.spokenTerms.delete': true,
        'terminology.spokenTerms.deleteList': true,
      })),
    ],
  };
}
