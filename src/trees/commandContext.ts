import type { ClientProvider } from '../platform/clientProvider';
import type { GlossaryTree } from './glossaryTree';
import type { SpokenTermsTree } from './spokenTermsTree';
import type { StyleRulesTree } from './styleRulesTree';
import type { Logger } from '../base/logger';
import type { ServiceClient } from '../api';
import type { Offload } from '../worker/offload';
import type { PushBlockedNotices } from '../platform/blocked';
import type { PickerFocus } from '../platform/pickerFocus';
import { NoKeyError, type ShownErrors } from '../platform/errors';
import * as vscode from 'vscode';

/** What every command module gets: the shared client, the trees, a logger, and the extension's one offload (made in
 * activate, disposed with it: its worker starts on first use). */
export interface CommandContext {
  clients: ClientProvider;
  glossaries: GlossaryTree;
  spokenTerms: SpokenTermsTree;
  styleRules: StyleRulesTree;
  log: Logger;
  offload: Offload;
  /** The "errors block the push" notifications. */
  blocked: PushBlockedNotices;
  /** Pickers shown for a table give the keyboard back to it (`pickers.after(shown)`). */
  pickers: PickerFocus;
  /** Failures shown to the user, and written to the log (`errors.show(action, err, retry)`). */
  errors: ShownErrors;
}

/** The explorer view that lists the remote a document or node of `kind` belongs to. */
export function treeOf(ctx: CommandContext, kind: 'dictionary' | 'glossary' | 'termList'): GlossaryTree | SpokenTermsTree {
  return kind !== 'termList' ? ctx.glossaries : ctx.spokenTerms;
}

/** The client, or a message that says how to get one (for commands, which talk to the user). */
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

/** The client, or an error that says how to get one (for actions, which take plain values and throw). */
export async function clientOrThrow(ctx: CommandContext): Promise<ServiceClient> {
  const client = await ctx.clients.get();
  if (!client) throw new NoKeyError();
  return client;
}

/** A menu argument of the expected class, or undefined: menus pass their own arguments (a Uri, a list of Uris, a
 * tree node, an editor group context), and a command must never take one for something else. */
export function argOf<T>(arg: unknown, type: abstract new (...args: never[]) => T): T | undefined {
  return arg instanceof type ? arg : undefined;
}
