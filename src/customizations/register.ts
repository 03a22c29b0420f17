/** Try Customizations…: its command and the preview documents' provider, registered at activation; the rest
 * (./lazy.ts) loads when it first runs. */
import * as vscode from 'vscode';
import { forward, once } from '../platform/lazy';
import type { CommandContext } from '../trees/commandContext';
import type { CustomizationActions } from './tryCustomizations';

/** The preview documents' scheme. */
export const SCHEME = 'terminology-try';

export function registerTryCustomizations(ctx: CommandContext): { actions: CustomizationActions; disposables: vscode.Disposable[] } {
  const docs = new Map<string, string>();
  const changed = new vscode.EventEmitter<vscode.Uri>();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const tryIt = once(() => (require('./lazy') as typeof import('./lazy')).makeTryCustomizations(ctx, docs));
  return {
    actions: forward(() => tryIt().actions, { tryCustomizations: true }),
    disposables: [
      changed,
      vscode.workspace.registerTextDocumentContentProvider(SCHEME, { onDidChange: changed.event, provideTextDocumentContent: (uri) => docs.get(uri.path) ?? '' }),
      vscode.commands.registerCommand('terminology.tryCustomizations', () => tryIt().command()),
    ],
  };
}
