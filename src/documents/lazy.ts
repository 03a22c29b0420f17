/** Push File to Glossary…: its steps and actions (read, lint, compare with the dictionary, replace or merge); what
 * Ctrl+S in a remote document says when it does not simply push (./savePrompts.ts); Compare with Remote of a local
 * file (./compareLocal.ts). Bundled apart as dist/pushFile.js and loaded when
 * one first runs (see ../platform/lazy.ts); the remote documents stay. */
import type { DiagnosticsManager } from '../lint/diagnosticsManager';
import type { CommandContext } from '../trees/commandContext';
import { pushFileActions, pushFileCommand } from './pushFileCommand';

export function makePushFile(ctx: CommandContext, diagnostics: DiagnosticsManager) {
  const actions = pushFileActions(ctx, diagnostics);
  return { actions, command: pushFileCommand(ctx, actions) };
}

export { confirmDrafts, overwriteCommand, showConflict, showContainerGone, showGone } from './savePrompts';
export { compareLocalCommand } from './compareLocal';
