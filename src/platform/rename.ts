import * as vscode from 'vscode';
import type { ShownErrors } from './errors';
import { withCancellableProgress } from './progress';
import { validateName } from './validate';

/**
 * The rename dialog every named resource shares (glossary, collection, style rule list): ask for the new name,
 * checked as the service checks it; nothing happens when it is dismissed or unchanged; the action runs with
 * cancellable progress, and a failure is shown with the service's reason.
 */
export async function renameInteractively(errors: ShownErrors, title: string, current: string, failure: string,
  rename: (name: string, signal: AbortSignal) => Promise<unknown>): Promise<void> {
  const name = await vscode.window.showInputBox({ title, value: current, validateInput: validateName });
  if (!name || name === current) return;
  try {
    await withCancellableProgress(vscode.l10n.t('Renaming…'), (signal) => rename(name, signal));
  } catch (err) {
    await errors.show(failure, err);
  }
}
