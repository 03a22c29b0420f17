/** The explorer's commands: refresh and filter the trees, create, rename and delete glossaries and Spoken Terms
 * collections, and the usage in the status bar. The trees themselves live in src/trees (every feature uses them). */
import type * as vscode from 'vscode';
import type { CommandContext } from '../trees/commandContext';
import { glossaryActions, registerGlossaryCommands, type GlossaryActions, type OpensDictionary } from './glossaryCommands';
import { registerSpokenTermsCommands, spokenTermsActions, type SpokenTermsActions } from './spokenTermsCommands';
import { registerTreeCommands } from './treeCommands';
import { UsageStatus } from './usageStatus';

/** `documents`: opening a dictionary (the documents feature's), for the glossary's Open command. */
export function registerExplorer(ctx: CommandContext, documents: OpensDictionary): {
  usage: UsageStatus; actions: GlossaryActions & SpokenTermsActions; disposables: vscode.Disposable[];
} {
  const usage = new UsageStatus(ctx.clients);
  const actions = { ...glossaryActions(ctx), ...spokenTermsActions(ctx) };
  return {
    usage,
    actions,
    disposables: [
      usage,
      ...registerTreeCommands(ctx),
      ...registerGlossaryCommands(ctx, { ...documents, ...actions }),
      ...registerSpokenTermsCommands(ctx, actions),
    ],
  };
}
