/** The state of each linked file against the service and the lock, for `status`, `push` and `pull`: the same states
 * as the editor's Repository Sync view, decided by the entries' fingerprints (the service's entries are always
 * fetched: equal counts say nothing). */
import { join } from 'node:path';
import type { Glossary, ServiceClient, SpokenTerms } from '../api';
import type { TextEncoding } from '../core';
import { lockedSyncStatus, lockRemoteId, type LockEntry, type LockedStatus } from '../core/workspace/lock';
import { manifestLinks, resolveManifest, unknownIdProblem, type ManifestLink, type ManifestOwner, type Resolution } from '../core/workspace/manifest';
import type { LinkedKind, SyncState } from '../core/workspace/syncStatus';
import { forEachBounded } from '../base/bounded';
import { checkFile, shownPath } from './files';
import { readLinked, type LoadedManifest } from './lintFiles';
import type { LockFile } from './lockFile';
import { CONCURRENCY, failureMessage } from './service';

export interface LocalFile { text: string; bytes: Uint8Array; encoding: TextEncoding }

export interface SyncRow {
  link: ManifestLink;
  owner: ManifestOwner;
  /** Absolute, and as shown. */
  file: string;
  path: string;
  kind: LinkedKind;
  resolution?: Resolution;
  /** The glossary or collection to use (by id, or found by name). */
  remoteId?: string;
  /** The service has this dictionary or term list. */
  remoteExists: boolean;
  local?: LocalFile;
  /** The service's text (TSV, or terms), when it has one and it was fetched. */
  remote?: string;
  /** The lock's entry for this file and this remote dictionary. */
  entry?: LockEntry;
  status?: LockedStatus;
  /** Why no state could be told: several glossaries of that name, a file the encoding policy refuses, a failed fetch. */
  problem?: string;
}

export const STATE_WORDS: Record<SyncState, string> = {
  'in-sync': 'in sync', 'local-changes': 'local changes', 'remote-changes': 'remote changes', 'both-changed': 'both changed',
  'remote-missing': 'remote missing', 'not-pushed': 'not pushed yet', 'local-missing': 'file missing',
};

const kindOf = (link: ManifestLink): LinkedKind => link.format === 'terms'
  ? { kind: 'terms' } : { kind: 'entries', format: link.format, sourceLang: link.sourceLang, targetLang: link.targetLang };

export interface Listing { glossaries: Glossary[]; collections: SpokenTerms[]; resolutions: Resolution[] }

export async function listService(client: ServiceClient, m: LoadedManifest): Promise<Listing> {
  const man = m.manifest;
  const [glossaries, collections] = await Promise.all([
    man.glossaries.length ? client.listGlossaries() : Promise.resolve([] as Glossary[]),
    man.spokenTerms.length ? client.listSpokenTerms() : Promise.resolve([] as SpokenTerms[]),
  ]);
  const resolutions = resolveManifest(man, {
    glossaries: glossaries.map((g) => ({ id: g.glossaryId, name: g.name })),
    spokenTerms: collections.map((c) => ({ id: c.spokenTermsId, name: c.name })),
  });
  return { glossaries, collections, resolutions };
}

export function remoteHas(listing: Listing, link: ManifestLink, id: string | undefined): boolean {
  if (!id) return false;
  if (link.area === 'glossaries') {
    return Boolean(listing.glossaries.find((g) => g.glossaryId === id)?.dictionaries.some((d) => d.sourceLang.toLowerCase() === link.sourceLang && d.targetLang.toLowerCase() === link.targetLang));
  }
  return Boolean(listing.collections.find((c) => c.spokenTermsId === id)?.termLists.some((l) => l.lang.toLowerCase() === link.sourceLang));
}

/** The rows of every linked file: the local side read, the resolution and the lock entry; no entries fetched yet. */
export function linkedRows(m: LoadedManifest, listing: Listing, lf: LockFile, cwd: string): SyncRow[] {
  return manifestLinks(m.manifest).map((link) => {
    const file = join(m.dir, link.path);
    const path = shownPath(file, cwd);
    const resolution = listing.resolutions.find((x) => x.area === link.area && x.index === link.owner);
    const remoteId = resolution?.id;
    const owner = m.manifest[link.area].find((o) => o.index === link.owner)!;
    const row: SyncRow = { link, owner, file, path, kind: kindOf(link), resolution, remoteId, remoteExists: remoteHas(listing, link, remoteId) };
    const saved = lf.lock.files[link.path];
    // An entry for this dictionary, or, when the glossary is gone from the service, for any of this name's pair: the
    // file was synced once, and its dictionary was deleted since.
    if (saved && (remoteId ? lockRemoteId(saved, link.area, link) === remoteId : lockRemoteId(saved, link.area, link) !== undefined)) row.entry = saved;
    if (resolution?.state === 'ambiguous') row.problem = `${resolution.candidates?.length ?? 2} ${link.area === 'glossaries' ? 'glossaries' : 'collections'} on the service are named "${resolution.name}": add the right "id" to the manifest`;
    if (resolution?.state === 'unknown-id') row.problem = unknownIdProblem(resolution);
    if (checkFile(file, path) === 'missing') return row;
    const local = readLinked(file, cwd);
    if ('text' in local) row.local = local;
    else row.problem ??= `${path}: ${local.message}`;
    return row;
  });
}

/** Fetches the service's entries of each row that has them (4 at a time) and tells its state; `then` runs for each
 * row right after (a push sends it then: the window between what was compared and what is replaced stays short).
 * Rows without a remote get their state at once. A failed fetch is the row's problem. */
export async function syncRows(client: ServiceClient, rows: SyncRow[], then: (row: SyncRow) => Promise<void> = async () => undefined): Promise<void> {
  await forEachBounded(rows, CONCURRENCY, async (row) => {
    if (!row.problem && row.remoteExists) {
      try {
        row.remote = row.link.area === 'glossaries'
          ? await client.getDictionaryEntries(row.remoteId!, row.link.sourceLang, row.link.targetLang!)
          : await client.getTermListEntries(row.remoteId!, row.link.sourceLang);
      } catch (err) {
        row.problem = `the service's entries could not be read: ${failureMessage(err)}`;
      }
    }
    if (!row.problem) row.status = lockedSyncStatus({ local: row.local?.text, kind: row.kind, entry: row.entry, remote: row.remoteExists ? row.remote : undefined });
    await then(row);
  });
}
