import * as vscode from 'vscode';

/** Runs remote work with a cancellable notification; the AbortSignal reaches the client. */
export function withCancellableProgress<T>(title: string, work: (signal: AbortSignal) => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (_p, token) => {
    const ac = new AbortController();
    const sub = token.onCancellationRequested(() => ac.abort());
    return work(ac.signal).finally(() => sub.dispose());
  });
}
