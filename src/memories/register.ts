/** The translation memories feature: its view, its commands (they gather: menus, pickers, dialogs, modals) and its
 * actions (they do); the commands' steps and the actions are in ./lazy.ts, loaded when one first runs. */
import * as vscode from 'vscode';
import type { CommandContext } from '../trees/commandContext';
import { MemoriesTree } from './memoriesTree';
import { SEGMENTS_SCHEME, SegmentsDocuments } from './segmentsDocument';
import { forward, once } from '../platform/lazy';
import type { MemoryActions } from './memoryActions';

export function registerMemories(ctx: CommandContext): { tree: MemoriesTree; segments: SegmentsDocuments; actions: MemoryActions; disposables: vscode.Disposable[] } {
  const log = ctx.log.child('memories');
  const tree = new MemoriesTree('memories', 'terminology.memories', ctx.clients, log);
  const segments = new SegmentsDocuments(() => ctx.clients.get(), log);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const memories = once(() => (require('./lazy') as typeof import('./lazy')).makeMemories(ctx, { ...ctx, log }, tree, segments));
  const actions = forward(() => memories().actions, { importTmx: true, exportTmx: true, deleteMemory: true, browseSegments: true, filterSegments: true });
  const commands = forward(() => memories().commands, { importTmx: true, exportTmx: true, deleteMemory: true, browse: true, filter: true, toggleCase: true });

  return {
    tree, segments, actions,
    disposables: [
      tree, segments,
      vscode.commands.registerCommand('terminology.memories.refresh', () => tree.refresh()),
      vscode.commands.registerCommand('terminology.memories.loadMore', () => tree.loadMore().catch((err) => ctx.errors.show(vscode.l10n.t('Could not load more translation memories'), err))),
      vscode.commands.registerCommand('terminology.memories.import', commands.importTmx),
      vscode.commands.registerCommand('terminology.memories.export', commands.exportTmx),
      vscode.commands.registerCommand('terminology.memories.delete', commands.deleteMemory),
      vscode.commands.registerCommand('terminology.memories.browse', commands.browse),
      vscode.commands.registerCommand('terminology.memories.filterSegments', commands.filter),
      ...['toggleMatchCase', 'matchCaseOn', 'matchCaseOff'].map((id) => vscode.commands.registerCommand(`terminology.memories.${id}`, commands.toggleCase)),
      vscode.commands.registerCommand('terminology.memories.loadMoreSegments', () => {
        const uri = vscode.window.activeTextEditor?.document.uri;
        if (uri?.scheme === SEGMENTS_SCHEME) return segments.loadMore(uri);
        return undefined;
      }),
    ],
  };
}
