/** What Repository Sync's commands need beyond the sync status, its view and the manifest's diagnostics: the commands'
 * steps and the actions (clone, link, Pull All, Push All, compare, recreate). Bundled apart as dist/workspace.js and
 * loaded when a sync command or action first runs (see ../platform/lazy.ts). */
import type { CommandContext } from '../trees/commandContext';
import type { ManifestFile } from '../platform/manifestFile';
import { ManifestCompletion } from './manifestCompletion';
import type { ServiceLanguages } from './serviceLanguages';
import { syncActions } from './syncActions';
import { syncCommands } from './syncCommands';
import type { SyncModel } from './syncModel';
import type { SyncSnapshots } from './syncTexts';

export function makeSync(ctx: CommandContext, model: SyncModel, snapshots: SyncSnapshots) {
  const actions = syncActions(ctx, model, snapshots);
  return { actions, commands: syncCommands(ctx, model, actions) };
}

/** The manifest's completion (see ManifestCompletion). */
export function makeManifestCompletion(manifest: ManifestFile, languages: ServiceLanguages): ManifestCompletion {
  return new ManifestCompletion(manifest, languages);
}
