/** "Translate with Glossary": the command, the action, and the content provider of the two sides it shows. The work
 * itself (./translateCommand.ts) loads when either first runs (./lazy.ts, dist/translate.js). */
import * as vscode from 'vscode';
import { once } from '../platform/lazy';
import type { CommandContext } from '../trees/commandContext';

/** The translation's two sides are documents of this scheme. */
export const SCHEME = 'terminology-translation';

export interface TranslateInput { text: string; glossaryId: string; sourceLang: string; targetLang: string }

export interface TranslateActions {
  /** Translates `text` with the glossary; source and result side by side in a diff editor. Returns the result. */
  translate(input: TranslateInput, signal?: AbortSignal): Promise<string>;
}

export function registerTranslateCommand(ctx: CommandContext): { actions: TranslateActions; disposables: vscode.Disposable[] } {
  const docs = new Map<string, string>();
  const changed = new vscode.EventEmitter<vscode.Uri>();
  let run = 0;
  const shown = { docs, next: () => ++run };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const lazy = once(() => require('./lazy') as typeof import('./lazy'));
  const actions: TranslateActions = { translate: (input, signal) => lazy().translate(ctx, shown, input, signal) };
  const disposables = [
    changed,
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, { onDidChange: changed.event, provideTextDocumentContent: (uri) => docs.get(uri.path) ?? '' }),
    vscode.commands.registerCommand('terminology.translate', (arg?: unknown) => lazy().translateCommand(ctx, actions, arg)),
  ];
  return { actions, disposables };
}
