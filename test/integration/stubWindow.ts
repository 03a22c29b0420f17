/** Replaces some `vscode.window` functions for the length of one run, so that a test drives a command through
 * its pickers, input boxes and progress notifications and reads what they showed. The extension shares the test's
 * `vscode` API object, so the stubs reach the command. */
import * as vscode from 'vscode';

type WindowStubs = Partial<Pick<typeof vscode.window,
  'showQuickPick' | 'showInputBox' | 'showOpenDialog' | 'showSaveDialog' | 'setStatusBarMessage' | 'withProgress' | 'showInformationMessage' | 'showWarningMessage' | 'showErrorMessage'>>;

export async function withStubbedWindow<T>(stubs: WindowStubs, run: () => Promise<T>): Promise<T> {
  const window = vscode.window as unknown as Record<string, unknown>;
  const saved = Object.keys(stubs).map((k) => [k, window[k]] as const);
  Object.assign(window, stubs);
  try {
    return await run();
  } finally {
    for (const [k, v] of saved) window[k] = v;
  }
}

/** A withProgress stub that runs the task at once and keeps every message it reports. */
export function recordingProgress(messages: string[], onReport?: (message: string | undefined) => void): typeof vscode.window.withProgress {
  return (options, task) => {
    if (options.title) messages.push(options.title);
    const token = new vscode.CancellationTokenSource().token;
    return task({ report: (v) => { if (v.message) messages.push(v.message); onReport?.(v.message); } }, token);
  };
}

/** A show*Message stub that keeps each message with its string buttons ("message | button | …") and answers none. */
export function recordingMessages(said: string[]): typeof vscode.window.showInformationMessage {
  return ((message: string, ...items: unknown[]) => {
    said.push([message, ...items.filter((i): i is string => typeof i === 'string')].join(' | '));
    return Promise.resolve(undefined);
  }) as typeof vscode.window.showInformationMessage;
}
