/** What the translation memory commands need beyond the view and the segments documents: the commands' steps and the
 * actions (jobs, the streamed upload and download). Bundled apart as dist/memories.js and loaded when a memory command
 * or action first runs (see ../platform/lazy.ts). */
import type { CommandContext } from '../trees/commandContext';
import type { MemoriesTree } from './memoriesTree';
import { memoryActions } from './memoryActions';
import { memoryCommands } from './memoryCommands';
import type { SegmentsDocuments } from './segmentsDocument';

/** `logged`: the context whose log is the feature's (the actions'); the commands log through `ctx`. */
export function makeMemories(ctx: CommandContext, logged: CommandContext, tree: MemoriesTree, segments: SegmentsDocuments) {
  const actions = memoryActions(logged, tree, segments);
  return { actions, commands: memoryCommands(ctx, tree, segments, actions) };
}
