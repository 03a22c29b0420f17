/** The sync status of every file the manifest links, kept fresh cheaply: one listing call per area (glossaries,
 * collections), the entry counts compared with the last synced version, entries fetched only for a file never
 * synced against an existing dictionary. Refreshed on focus, on save, when the manifest changes and on demand. */
import * as vscode from 'vscode';
import type { Glossary, ServiceClient, SpokenTerms } from '../api';
import { lintLanguagePair } from '../core';
import { manifestLinks, resolveManifest, type ManifestLink, type ManifestOwner, type Resolution } from '../core/workspace/manifest';
import { fullSyncStatus, quickSyncStatus, type LinkedKind, type RemoteListing, type SyncedVersion, type SyncState } from '../core/workspace/syncStatus';
import { lockedSyncStatus, type Lock, type LockEntry } from '../core/workspace/lock';
import type { LintKind } from '../platform/documentKinds';
import { forEachBounded } from '../base/bounded';
import type { ClientProvider } from '../platform/clientProvider';
import type { Logger } from '../base/logger';
import { describeError } from '../platform/errors';
import { readFileText } from '../platform/fileText';
import type { ManifestFile, ManifestSnapshot } from '../platform/manifestFile';
import type { SyncStore } from './syncStore';
import { SyncLock } from './syncLock';

export type LinkState = SyncState | 'unknown';

export interface LinkStatus {
  uri: vscode.Uri;
  link: ManifestLink;
  owner: ManifestOwner;
  kind: LinkedKind;
  resolution?: Resolution;
  /** The glossary or collection id to use (resolved by id or by name). */
  remoteId?: string;
  remote?: RemoteListing;
  state: LinkState;
  /** Why the state is unknown, or what else to know. */
  detail?: string;
  /** The repository lock's entry for this file and its remote (terminology.lock.json). */
  lockEntry?: LockEntry;
}

/** Where a linked file's synced version is kept: the file and what it is linked to. */
export const storeKey = (uri: vscode.Uri, link: ManifestLink) => `${uri.toString()}#${link.area}:${link.key.toLowerCase()}`;

/** Whether the link's pair passes the language rules (otherwise the manifest's key carries the finding). */
export const pairUsable = (link: ManifestLink) => link.targetLang !== undefined && lintLanguagePair(link.sourceLang, link.targetLang).length === 0;

export const linkedKindOf = (link: ManifestLink): LinkedKind => link.format === 'terms'
  ? { kind: 'terms' } : { kind: 'entries', format: link.format, sourceLang: link.sourceLang, targetLang: link.targetLang };

/** The file's text by the repository's encoding policy; undefined when it does not exist; a FileEncodingError when
 * its bytes are refused (Latin-1, UTF-16 without a BOM, binary): such a file is never pushed, nor pulled into. */
export async function readLocal(uri: vscode.Uri): Promise<string | undefined> {
  return (await readFileText(uri))?.text;
}

export interface RemoteLists { glossaries?: Glossary[]; spokenTerms?: SpokenTerms[] }

export function listingOf(lists: RemoteLists, link: ManifestLink, remoteId: string | undefined): RemoteListing {
  const listed = link.area === 'glossaries' ? lists.glossaries : lists.spokenTerms;
  // Absent: whether the listing holds the glossary or collection at all, when it was listed (RemoteListing.container).
  const absent = (container: unknown): RemoteListing => ({ exists: false, ...(listed ? { container: Boolean(container) } : {}) });
  // No id resolved: the listing holds no glossary or collection of the manifest's id or name.
  if (!remoteId) return absent(false);
  if (link.area === 'glossaries') {
    const g = lists.glossaries?.find((x) => x.glossaryId === remoteId);
    const d = g?.dictionaries.find((x) => x.sourceLang.toLowerCase() === link.sourceLang && x.targetLang.toLowerCase() === link.targetLang);
    return d ? { exists: true, entryCount: d.entryCount } : absent(g);
  }
  const c = lists.spokenTerms?.find((x) => x.spokenTermsId === remoteId);
  const l = c?.termLists.find((x) => x.lang.toLowerCase() === link.sourceLang);
  return l ? { exists: true, entryCount: l.entryCount } : absent(c);
}

export async function fetchRemote(client: ServiceClient, link: ManifestLink, remoteId: string, signal?: AbortSignal): Promise<string> {
  return link.area === 'glossaries'
    ? client.getDictionaryEntries(remoteId, link.sourceLang, link.targetLang!, signal)
    : client.getTermListEntries(remoteId, link.sourceLang, signal);
}

/** Lists what the manifest's owners need: glossaries and/or collections (one call each, none when unused). */
export async function listRemote(client: ServiceClient, snapshot: ManifestSnapshot, signal?: AbortSignal): Promise<RemoteLists> {
  const m = snapshot.parsed.manifest;
  const [glossaries, spokenTerms] = await Promise.all([
    m.glossaries.length ? client.listGlossaries(signal) : Promise.resolve(undefined),
    m.spokenTerms.length ? client.listSpokenTerms(signal) : Promise.resolve(undefined),
  ]);
  return { glossaries, spokenTerms };
}

export function resolve(snapshot: ManifestSnapshot, lists: RemoteLists): Resolution[] {
  return resolveManifest(snapshot.parsed.manifest, {
    glossaries: (lists.glossaries ?? []).map((g) => ({ id: g.glossaryId, name: g.name })),
    spokenTerms: (lists.spokenTerms ?? []).map((c) => ({ id: c.spokenTermsId, name: c.name })),
  });
}

export class SyncModel implements vscode.Disposable {
  private current: LinkStatus[] = [];
  private snapshot: ManifestSnapshot | undefined;
  private generation = 0;
  private readonly changed = new vscode.EventEmitter<LinkStatus[]>();
  /** Fires with every status after each refresh. */
  readonly onDidChange = this.changed.event;
  private running: Promise<LinkStatus[]> | undefined;

  constructor(
    readonly manifest: ManifestFile, private readonly clients: ClientProvider, readonly store: SyncStore, private readonly log: Logger,
    readonly lock: SyncLock,
  ) {}

  get statuses(): readonly LinkStatus[] {
    return this.current;
  }

  get manifestSnapshot(): ManifestSnapshot | undefined {
    return this.snapshot;
  }

  statusOf(uri: vscode.Uri): LinkStatus | undefined {
    const key = uri.toString();
    return this.current.find((s) => s.uri.toString() === key);
  }

  /** What the diagnostics need: each linked file as a dictionary with its pair, or a term list. */
  lintKinds(): Map<string, LintKind> {
    const out = new Map<string, LintKind>();
    for (const s of this.current) {
      const k = s.kind;
      // A pair the rules refuse is reported on the manifest; the file is linted without it, as the CLI does.
      out.set(s.uri.toString(), k.kind === 'terms' ? k : { kind: 'entries', format: k.format, ...(pairUsable(s.link) ? { sourceLang: k.sourceLang, targetLang: k.targetLang } : {}) });
    }
    return out;
  }

  /** Recomputes every status; concurrent calls share one run. `listOnly` (the timer's refresh): the listing calls
   * only; a file that would need the service's entries keeps the status it had. */
  refresh(signal?: AbortSignal, options?: { listOnly?: boolean }): Promise<LinkStatus[]> {
    if (this.running) return this.running;
    this.running = this.compute(signal, options?.listOnly ?? false).finally(() => { this.running = undefined; });
    return this.running;
  }

  private async compute(signal: AbortSignal | undefined, listOnly: boolean): Promise<LinkStatus[]> {
    const generation = ++this.generation;
    const snapshot = await this.manifest.read();
    this.snapshot = snapshot;
    if (!snapshot) return this.publish(generation, []);
    const links = manifestLinks(snapshot.parsed.manifest);
    const m = snapshot.parsed.manifest;
    const base = (link: ManifestLink): LinkStatus => ({
      uri: this.manifest.linkUri(snapshot, link), link, owner: m[link.area].find((o) => o.index === link.owner)!, kind: linkedKindOf(link), state: 'unknown',
    });
    let client: ServiceClient | undefined;
    try {
      client = await this.clients.get();
    } catch (err) {
      return this.publish(generation, links.map((l) => ({ ...base(l), detail: describeError(err) })));
    }
    if (!client) return this.publish(generation, links.map((l) => ({ ...base(l), detail: vscode.l10n.t('Set an API key to see the sync status.') })));
    let lists: RemoteLists;
    try {
      lists = await listRemote(client, snapshot, signal);
    } catch (err) {
      this.log.warn(`sync status: the service could not be listed: ${describeError(err)}`);
      return this.publish(generation, links.map((l) => ({ ...base(l), detail: describeError(err) })));
    }
    const resolutions = resolve(snapshot, lists);
    const lock = await this.lock.read();
    const statuses = await Promise.all(links.map(async (link) => {
      const s = base(link);
      const r = resolutions.find((x) => x.area === link.area && x.index === link.owner);
      s.resolution = r;
      s.remoteId = r?.id;
      if (r?.state === 'ambiguous') {
        return { ...s, detail: vscode.l10n.t('{0} glossaries or collections are named "{1}": pick one with Link File to Dictionary…', r.candidates?.length ?? 2, r.name) };
      }
      if (r?.state === 'unknown-id') return { ...s, detail: unknownIdDetail(r) };
      s.remote = listingOf(lists, link, s.remoteId);
      let local: string | undefined;
      try { local = await readLocal(s.uri); } catch (err) { return { ...s, detail: describeError(err) }; }
      const { synced, entry } = await this.syncedVersion(s, lock);
      if (entry) s.lockEntry = entry;
      // The lock names a version this machine does not hold (a fresh clone, a teammate's push): decided by the
      // entries' fingerprints, with the service's entries fetched.
      if (!synced && entry) {
        if (local === undefined || !s.remote.exists) return { ...s, state: lockedSyncStatus({ local, kind: s.kind, entry, remote: undefined }).state };
        return { ...s, state: 'unknown' as LinkState, detail: 'fetch', local };
      }
      const quick = quickSyncStatus({ local, base: synced, remote: s.remote, remoteId: s.remoteId, kind: s.kind });
      if (!quick.needsRemoteEntries) return { ...s, state: quick.state };
      const before = listOnly ? this.statusOf(s.uri) : undefined;
      if (before && before.state !== 'unknown') return { ...s, state: before.state };
      return { ...s, state: 'unknown' as LinkState, detail: listOnly ? undefined : 'fetch', local, synced };
    }));
    // Entries only for files never synced against an existing dictionary (or synced elsewhere), 4 at a time.
    const toFetch = statuses.filter((s) => s.detail === 'fetch');
    await forEachBounded(toFetch, 4, async (s) => {
      const st = s as LinkStatus & { local?: string; synced?: never };
      try {
        const remote = await fetchRemote(client, s.link, s.remoteId!, signal);
        st.state = st.lockEntry ? lockedSyncStatus({ local: st.local, kind: s.kind, entry: st.lockEntry, remote }).state
          : fullSyncStatus({ local: st.local, base: undefined, remote, remoteId: s.remoteId, kind: s.kind });
        // Never synced, and the two differ (a file just linked to a dictionary): "both changed" says what Pull does.
        st.detail = !st.lockEntry && st.state === 'both-changed'
          ? vscode.l10n.t('Never synced: the file and the service hold different entries. Pull merges the two (nothing is overwritten), then Push.')
          : undefined;
      } catch (err) {
        st.detail = describeError(err);
      }
    }, signal);
    return this.publish(generation, statuses.map(({ uri, link, owner, kind, resolution, remoteId, remote, state, detail, lockEntry }) =>
      ({ uri, link, owner, kind, resolution, remoteId, remote, state, detail: detail === 'fetch' ? undefined : detail, ...(lockEntry ? { lockEntry } : {}) })));
  }

  /** This machine's synced version of a linked file, when the repository's lock agrees with it (or has no entry for
   * the file), and the lock's entry: the lock is shared and committed, so where the two disagree it wins. */
  async syncedVersion(s: Pick<LinkStatus, 'uri' | 'link' | 'kind' | 'remoteId'>, lock?: Lock): Promise<{ synced?: SyncedVersion; entry?: LockEntry }> {
    const entry = SyncLock.entryFor(lock ?? await this.lock.read(), s.link, s.remoteId);
    const synced = await this.store.get(storeKey(s.uri, s.link));
    if (entry && synced && !this.lock.agrees(synced, s.kind, entry)) return { entry };
    return { ...(synced ? { synced } : {}), ...(entry ? { entry } : {}) };
  }

  /** After a save of a linked file: its status again from the last listing (no request). */
  async recheck(uri: vscode.Uri): Promise<void> {
    const s = this.statusOf(uri);
    if (!s || !s.remote || s.resolution?.state === 'ambiguous' || s.resolution?.state === 'unknown-id') return;
    let local: string | undefined;
    try { local = await readLocal(uri); } catch { void this.refresh(); return; }
    const { synced, entry } = await this.syncedVersion(s);
    if (!synced && entry) { void this.refresh(); return; } // the lock's version: the service's entries decide
    const quick = quickSyncStatus({ local, base: synced, remote: s.remote, remoteId: s.remoteId, kind: s.kind });
    if (quick.needsRemoteEntries) { void this.refresh(); return; }
    if (quick.state === s.state) return;
    this.current = this.current.map((x) => (x === s ? { ...s, state: quick.state } : x));
    this.changed.fire(this.current);
  }

  private publish(generation: number, statuses: LinkStatus[]): LinkStatus[] {
    if (generation !== this.generation) return this.current;
    this.current = statuses;
    this.changed.fire(statuses);
    return statuses;
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** The status detail of a link whose manifest id the service does not know while one of its name is there (see
 * Resolution 'unknown-id'): nothing is written to the shared manifest, and the link is neither pulled nor pushed. */
export function unknownIdDetail(r: Resolution): string {
  return r.area === 'glossaries'
    ? vscode.l10n.t('The manifest\'s id "{0}" of "{1}" is not a glossary this API key sees; the glossary of that name here is "{2}" (another account\'s copy?). If it is the same glossary, put that id in the manifest; until then this file is neither pulled nor pushed.', r.manifestId ?? '', r.name, r.candidates?.[0] ?? '')
    : vscode.l10n.t('The manifest\'s id "{0}" of "{1}" is not a collection this API key sees; the collection of that name here is "{2}" (another account\'s copy?). If it is the same collection, put that id in the manifest; until then this file is neither pulled nor pushed.', r.manifestId ?? '', r.name, r.candidates?.[0] ?? '');
}

/** The same as the reason Pull All and Push All give for leaving such a file alone (one clause, said once for all the
 * files of that glossary). */
export function unknownIdReason(r: Resolution): string {
  return r.area === 'glossaries'
    ? vscode.l10n.t('the manifest\'s id "{0}" of "{1}" is not a glossary this API key sees (the glossary of that name here is "{2}", another account\'s copy?): put that id in the manifest if it is the same glossary', r.manifestId ?? '', r.name, r.candidates?.[0] ?? '')
    : vscode.l10n.t('the manifest\'s id "{0}" of "{1}" is not a collection this API key sees (the collection of that name here is "{2}", another account\'s copy?): put that id in the manifest if it is the same collection', r.manifestId ?? '', r.name, r.candidates?.[0] ?? '');
}
