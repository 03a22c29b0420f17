/** How failures reach the user: the service's message, the trace id, and what to do next. */
import * as vscode from 'vscode';
import { AuthenticationError, CancelledError, ServiceError } from '../api';
import type { Logger } from '../base/logger';

export function describeError(err: unknown): string {
  if (err instanceof ServiceError) return `${err.message}${err.traceId ? ` (trace id ${err.traceId})` : ''}`;
  return err instanceof Error ? err.message : String(err);
}

/** A message to go inside a sentence: without its closing period, so that no sentence ends in "..". */
export const inSentence = (text: string): string => text.replace(/\.+$/, '');

/** Shows failures to the user and writes them to the log, so that "Show Log" shows them. One per extension (made in
 * activate with the extension's log; features get it through their CommandContext). */
export class ShownErrors {
  constructor(private readonly log: Logger) {}

  /** Shows a failure with "Show Log" and, when given, "Retry", and writes it to the log; a refused or missing key
   * with "Set API Key" first, the way out it names. Cancellation is not an error. */
  async show(action: string, err: unknown, retry?: () => unknown): Promise<void> {
    if (err instanceof CancelledError) return;
    this.log.error(`${action}: ${describeError(err)}`);
    if (err instanceof Error && !(err instanceof ServiceError) && err.stack) this.log.debug(err.stack);
    // (A missing key said by a file system provider reaches here in VS Code's own error: by its words.)
    const noKey = err instanceof NoKeyError || describeError(err).includes(noKeyText());
    const key = err instanceof AuthenticationError || noKey ? [vscode.l10n.t('Set API Key')] : [];
    const log = vscode.l10n.t('Show Log');
    const picked = await vscode.window.showErrorMessage(`${action}: ${describeError(err)}`, ...key, log, ...(retry ? [vscode.l10n.t('Retry')] : []));
    if (picked === undefined) return;
    if (picked === key[0]) await vscode.commands.executeCommand('terminology.setApiKey');
    else if (picked === log) await vscode.commands.executeCommand('terminology.showLog');
    else if (retry) await retry();
  }
}

/** What a failure for want of a key says. */
export const noKeyText = (): string => vscode.l10n.t('No API key is set. Run "Terminology: Set API Key" first.');

/** No API key is set: an action cannot reach the service (its message says to run Set API Key). */
export class NoKeyError extends Error {
  constructor() {
    super(noKeyText());
  }
}
