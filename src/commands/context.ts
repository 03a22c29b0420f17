import type { ClientProvider } from '../services/clientProvider';
import type { GlossaryTree } from '../tree/glossaryTree';
import type { SpokenTermsTree } from '../tree/spokenTermsTree';
import type { StyleRulesTree } from '../tree/styleRulesTree';
import type { Logger } from '../util/logger';
import type { ServiceClient } from '../api';
import * as vscode from 'vscode';

/** What every command module gets: the shared client, the trees, a logger. */
export interface CommandContext {
  clients: ClientProvider;
  glossaries: GlossaryTree;
  spokenTerms: SpokenTermsTree;
  styleRules: StyleRulesTree;
  log: Logger;
}

/** The client, or a message that says how to get one. */
export async function requireClient(ctx: CommandContext): Promise<ServiceClient | undefined> {
  const client = await ctx.clients.get();
  if (!client) {
    const set = vscode.l10n.t('Set API Key');
    if (await vscode.window.showWarningMessage(vscode.l10n.t('No API key is set for the language AI service.'), set) === set) {
      await vscode.commands.executeCommand('terminology.setApiKey');
    }
  }
  return client;
}
