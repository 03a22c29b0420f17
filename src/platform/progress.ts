import * as vscode from 'vscode';
import { watchRetries } from '../api';

/** Runs remote work with a cancellable notification; the AbortSignal reaches the client. */
export function withCancellableProgress<T>(title: string, work: (signal: AbortSignal) => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) => {
    const ac = new AbortController();
    const sub = token.onCancellationRequested(() => ac.abort());
    // A call that failed and is sent again says so, rather than leaving the title on screen with no sign of it.
    const stop = watchRetries(ac.signal, (n) => progress.report({ message: vscode.l10n.t('retrying ({0} of {1})…', n.attempt, n.of) }));
    return work(ac.signal).finally(() => { sub.dispose(); stop(); });
  });
}
