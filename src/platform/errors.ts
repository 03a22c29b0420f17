/** How failures reach the user: the service's message, the trace id, and what to do next. */
import * as vscode from 'vscode';
import { CancelledError, ServiceError } from '../api';
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

  /** Shows a failure with "Show Log" and, when given, "Retry", and writes it to the log. Cancellation is not an
   * error. */
  async show(action: string, err: unknown, retry?: () => unknown): Promise<void> {
    if (err instanceof CancelledError) return;
    this.log.error(`${action}: ${describeError(err)}`);
    if (err instanceof Error && !(err instanceof ServiceError) && err.stack) this.log.debug(err.stack);
    const choices = [vscode.l10n.t('Show Log'), ...(retry ? [vscode.l10n.t('Retry')] : [])];
    const picked = await vscode.window.showErrorMessage(`${action}: ${describeError(err)}`, ...choices);
    if (picked === choices[0]) await vscode.commands.executeCommand('terminology.showLog');
    else if (picked && retry) await retry();
  }
}
