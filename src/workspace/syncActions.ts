/** What the repository sync commands do, with plain values: clone, link, unlink, pull and push (one file, one
 * glossary or the whole manifest), compare. The commands gather the values with pickers and modals. */
import * as vscode from 'vscode';
import type { ServiceClient } from '../api';
// The core's modules by name, not its index: this file is bundled in dist/workspace.js, which takes from the extension
// only the modules it names (see esbuild.mjs).
import { mergeEntries, mergeTerms } from '../core/merge';
import { entriesForSending, parseEntries } from '../core/serialize';
import { termsOf } from '../core/termList';
import { headerRow } from '../core/languageNames';
import { pairKey, type LinkArea } from '../core/workspace/manifest';
import { addManifestLink, removeManifestLink, setManifestId } from '../core/workspace/manifestEdits';
import { fullSyncStatus, pullAction, pushAction, sameEntries, type LinkedKind, type SyncedVersion } from '../core/workspace/syncStatus';
import { baseFromBlob, lockedSyncStatus } from '../core/workspace/lock';
import { forEachBounded } from '../base/bounded';
import { clientOrThrow, type CommandContext } from '../trees/commandContext';
import { describeError } from '../platform/errors';
import { checkFileEncoding, encodeLikeFile, FileEncodingError, readFileText } from '../platform/fileText';
import { readGitBlob } from '../platform/gitBlob';
import {
  fetchRemote, listingOf, listRemote, readLocal, resolve, storeKey, type LinkStatus, type SyncModel, unknownIdDetail, unknownIdReason,
} from './syncModel';
import { errorCount, localText, serviceText, type SyncSnapshots } from './syncTexts';

/** Requests in flight at once during Pull All and Push All: enough to be quick, few enough not to storm the service
 * (each request also follows the client's retry policy, which waits as a 429's Retry-After says). */
export const SYNC_CONCURRENCY = 4;

export type LinkTarget =
  | { area: 'glossaries'; id?: string; name: string; sourceLang: string; targetLang: string }
  | { area: 'spokenTerms'; id?: string; name: string; lang: string };

export interface SyncSummary {
  /** Files pushed (dictionaries or lists replaced or created on the service). */
  pushed: vscode.Uri[];
  /** Files written or merged from the service. */
  pulled: vscode.Uri[];
  /** Conflict blocks written by Pull (both sides changed an entry). */
  conflicts: number;
  /** Files already in sync (nothing sent or written). */
  upToDate: vscode.Uri[];
  /** Files with error-level findings: never pushed. */
  blocked: Array<{ uri: vscode.Uri; errors: number }>;
  /** Files left alone, with the reason (pull first, deleted on the service, unsaved changes…). */
  skipped: Array<{ uri: vscode.Uri; reason: string }>;
  failed: Array<{ uri: vscode.Uri; error: string }>;
  cancelled: boolean;
}

export interface SyncScope {
  /** One glossary or collection of the manifest (by area and index); all when absent. */
  owner?: { area: LinkArea; index: number };
  /** Only these files. */
  uris?: vscode.Uri[];
}

export interface SyncRunOptions extends SyncScope {
  signal?: AbortSignal;
  /** Called after each file with the count done and the total. */
  onProgress?: (done: number, total: number, uri: vscode.Uri) => void;
}

export interface SyncActions {
  /** Writes every dictionary of a glossary to `folder` (one TSV file per pair) and links them in the manifest. */
  cloneGlossary(glossaryId: string, folder: vscode.Uri, options?: { overwrite?: boolean; signal?: AbortSignal }): Promise<vscode.Uri[]>;
  /** Writes every term list of a collection to `folder` and links them. */
  cloneSpokenTerms(spokenTermsId: string, folder: vscode.Uri, options?: { overwrite?: boolean; signal?: AbortSignal }): Promise<vscode.Uri[]>;
  /** Links a file to a dictionary or term list (existing or to be created on the first push). */
  linkFile(uri: vscode.Uri, target: LinkTarget, signal?: AbortSignal): Promise<void>;
  unlinkFile(uri: vscode.Uri): Promise<void>;
  refreshSync(signal?: AbortSignal): Promise<readonly LinkStatus[]>;
  /** Files of the scope that error-level findings keep from a push, and those that would be pushed. */
  planPush(scope?: SyncScope): Promise<{ ready: vscode.Uri[]; blocked: Array<{ uri: vscode.Uri; errors: number }> }>;
  pushAll(options?: SyncRunOptions): Promise<SyncSummary>;
  pullAll(options?: SyncRunOptions): Promise<SyncSummary>;
  /** A diff editor, the service's version ↔ the file; returns the remote side's address. */
  compareLinked(uri: vscode.Uri, signal?: AbortSignal): Promise<vscode.Uri>;
  /** Pushes a file whose dictionary was deleted on the service, creating it again. */
  recreateRemote(uri: vscode.Uri, signal?: AbortSignal): Promise<SyncSummary>;
}

/** The states of a linked file Push All sends (or tries to, and says why not): changed here, both sides, never pushed,
 * gone from the service, or not known. */
const PUSHED_STATES: ReadonlySet<LinkStatus['state']> = new Set(['local-changes', 'both-changed', 'not-pushed', 'remote-missing', 'unknown']);
const emptySummary = (): SyncSummary => ({ pushed: [], pulled: [], conflicts: 0, upToDate: [], blocked: [], skipped: [], failed: [], cancelled: false });


const fileName = (uri: vscode.Uri) => uri.path.slice(uri.path.lastIndexOf('/') + 1);

/** Restricted Mode: nothing of the workspace is sent, and nothing is written into it from the service. */
function requireTrust(what: string): void {
  if (!vscode.workspace.isTrusted) throw new Error(vscode.l10n.t('{0} is not available in Restricted Mode. Trust this workspace to sync its files with the service.', what));
}

export function syncActions(ctx: CommandContext, model: SyncModel, snapshots: SyncSnapshots): SyncActions {
  const { manifest, store } = model;
  const log = ctx.log.child('sync');

  /** Writes a pulled or merged text. A file open in a clean editor is written through its document (the whole text
   * replaced, then saved): the editor and the findings follow at once, Undo brings the old text back, and nothing
   * waits on VS Code's file watcher to reload the editor after a write on disk (seconds on a busy machine; one CI
   * run's merged conflict block was still not in the editor after 10 s). Any other file is written on disk. */
  async function writeFile(uri: vscode.Uri, text: string): Promise<void> {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString() && !d.isClosed);
    // Only an editor in step with the file (not one whose file changed on disk since, which VS Code reloads itself:
    // its save would meet a newer file).
    if (doc && !doc.isDirty && await readFileText(uri).then((f) => f?.text, () => undefined) === doc.getText()) {
      if (doc.getText() === text) return;
      const edit = new vscode.WorkspaceEdit();
      edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
      if (await vscode.workspace.applyEdit(edit) && await doc.save()) return;
      log.warn(`${uri.fsPath}: the open editor could not take the pulled text; writing the file`);
    }
    // In the file's own encoding (a UTF-16 or BOM file stays one).
    await vscode.workspace.fs.writeFile(uri, await encodeLikeFile(uri, text));
  }

  /** Records the version a file was synced with: this machine's store (the text, a merge's base) and the repository's
   * lock (its fingerprint and git blob, for every clone and the CLI), written by `model.lock.flush()`. */
  async function remember(s: Pick<LinkStatus, 'uri' | 'link' | 'kind'>, version: SyncedVersion, path = s.link.path): Promise<void> {
    await store.set(storeKey(s.uri, s.link), version);
    await model.lock.record(path, s.uri, s.kind, s.link, version);
  }

  /** Writes ids found by name (a new checkout, another account) into the manifest. */
  async function writeResolvedIds(resolutions: ReturnType<typeof resolve>): Promise<void> {
    const changes = resolutions.filter((r) => r.state === 'found-by-name' && r.idChanged && r.id);
    if (!changes.length) return;
    const snap = await manifest.read();
    if (!snap) return;
    let text = snap.text;
    for (const r of changes) text = setManifestId(text, r.area, r.index, r.id);
    await manifest.write(text);
    log.info(`wrote ${changes.length} id(s) found by name into the manifest`);
  }

  async function addLink(relPath: string, target: LinkTarget): Promise<void> {
    const snap = await manifest.read();
    const key = target.area === 'glossaries' ? pairKey(target.sourceLang, target.targetLang) : target.lang.toLowerCase();
    const text = addManifestLink(snap?.text ?? '', { area: target.area, name: target.name, ...(target.id ? { id: target.id } : {}), key, path: relPath });
    await manifest.write(text);
  }

  /** The manifest's folder (where git finds the lock's blobs). */
  const manifestFolder = () => vscode.Uri.joinPath(manifest.uri!, '..');

  function relPathOf(uri: vscode.Uri): string {
    const rel = manifest.relativePath(uri);
    if (rel === undefined) throw new Error(vscode.l10n.t('{0} is outside the manifest\'s folder; only files under it can be linked.', fileName(uri)));
    return rel;
  }

  async function clone(area: LinkArea, id: string, folder: vscode.Uri, options: { overwrite?: boolean; signal?: AbortSignal } = {}): Promise<vscode.Uri[]> {
    requireTrust(vscode.l10n.t('Clone'));
    const client = await clientOrThrow(ctx);
    const relFolder = relPathOf(vscode.Uri.joinPath(folder, 'x')).slice(0, -1);
    let name: string;
    let items: Array<{ target: LinkTarget; file: string; key: string; entryCount: number; kind: LinkedKind }>;
    if (area === 'glossaries') {
      const g = await client.getGlossary(id, options.signal);
      name = g.name;
      items = g.dictionaries.map((d) => ({
        target: { area, id, name: g.name, sourceLang: d.sourceLang, targetLang: d.targetLang },
        file: `${d.sourceLang}-${d.targetLang}.glossary.tsv`, key: pairKey(d.sourceLang, d.targetLang), entryCount: d.entryCount,
        kind: { kind: 'entries', format: 'tsv', sourceLang: d.sourceLang, targetLang: d.targetLang },
      }));
    } else {
      const c = await client.getSpokenTerms(id, options.signal);
      name = c.name;
      items = c.termLists.map((l) => ({
        target: { area, id, name: c.name, lang: l.lang }, file: `${l.lang}.terms.txt`, key: l.lang.toLowerCase(), entryCount: l.entryCount, kind: { kind: 'terms' },
      }));
    }
    if (!items.length) throw new Error(vscode.l10n.t('"{0}" has nothing to clone yet: add a dictionary or term list first.', name));
    // Fetch everything first: nothing is written unless every part could be read.
    const texts = new Map<string, string>();
    await forEachBounded(items, SYNC_CONCURRENCY, async (it) => {
      const t = it.target;
      texts.set(it.key, t.area === 'glossaries'
        ? await client.getDictionaryEntries(id, t.sourceLang, t.targetLang, options.signal)
        : await client.getTermListEntries(id, t.lang, options.signal));
    }, options.signal);
    if (options.signal?.aborted) throw new vscode.CancellationError();
    const uris = items.map((it) => vscode.Uri.joinPath(folder, it.file));
    if (!options.overwrite) {
      const differing: string[] = [];
      for (let i = 0; i < items.length; i++) {
        const existing = await readLocal(uris[i]);
        if (existing !== undefined && !sameEntries(existing, items[i].kind, texts.get(items[i].key)!)) differing.push(fileName(uris[i]));
      }
      if (differing.length) throw new Error(vscode.l10n.t('Not cloned: {0} already exist with other entries. Nothing was written.', differing.join(', ')));
    }
    const snap = await manifest.read();
    let text = snap?.text ?? '';
    for (let i = 0; i < items.length; i++) {
      const it = items[i];
      const remote = texts.get(it.key)!;
      await writeFile(uris[i], localText(remote, it.kind));
      text = addManifestLink(text, { area, name, id, key: it.key, path: relFolder + it.file });
      const t = it.target;
      const link = t.area === 'glossaries' ? { area, key: it.key, sourceLang: t.sourceLang, targetLang: t.targetLang } : { area, key: it.key, sourceLang: t.lang };
      await remember({ uri: uris[i], link: link as LinkStatus['link'], kind: it.kind }, { text: remote, entryCount: it.entryCount, remoteId: id }, relFolder + it.file);
    }
    await manifest.write(text);
    await model.lock.flush();
    await model.refresh();
    log.info(`cloned "${name}": ${items.length} file(s) into ${relFolder || '.'}`);
    return uris;
  }

  function inScope(s: LinkStatus, scope: SyncScope): boolean {
    if (scope.owner && (s.link.area !== scope.owner.area || s.link.owner !== scope.owner.index)) return false;
    if (scope.uris && !scope.uris.some((u) => u.toString() === s.uri.toString())) return false;
    return true;
  }

  const isDirty = (uri: vscode.Uri) => vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString() && d.isDirty);

  async function planPush(scope: SyncScope = {}) {
    const statuses = (await model.refresh()).filter((s) => inScope(s, scope));
    const ready: vscode.Uri[] = [];
    const blocked: Array<{ uri: vscode.Uri; errors: number }> = [];
    for (const s of statuses) {
      // Only what Push All would send counts: not a file in sync (whatever the service holds, its errors included),
      // one only the service changed, one gone from disk, nor one whose glossary cannot be told (several of its name,
      // or a manifest id the key does not see: the push leaves those alone and says why).
      if (!PUSHED_STATES.has(s.state) || s.resolution?.state === 'ambiguous' || s.resolution?.state === 'unknown-id') continue;
      let errors: number;
      try {
        const text = await readLocal(s.uri);
        errors = text === undefined ? 0 : errorCount(text, s, model.manifestSnapshot?.parsed.rules);
      } catch (err) {
        if (!(err instanceof FileEncodingError)) throw err;
        errors = 1; // its bytes are refused: one error, never pushed
      }
      if (errors) blocked.push({ uri: s.uri, errors });
      else ready.push(s.uri);
    }
    return { ready, blocked };
  }

  async function pushAll(options: SyncRunOptions = {}, recreate = false): Promise<SyncSummary> {
    requireTrust(vscode.l10n.t('Push'));
    const summary = emptySummary();
    const client = await clientOrThrow(ctx);
    const snapshot = await manifest.read();
    if (!snapshot) throw new Error(vscode.l10n.t('There is no manifest ({0}) in this workspace.', manifest.uri?.path.split('/').pop() ?? 'terminology.json'));
    await model.refresh(options.signal);
    const lists = await listRemote(client, snapshot, options.signal);
    const resolutions = resolve(snapshot, lists);
    await writeResolvedIds(resolutions);
    const statuses = model.statuses.filter((s) => inScope(s, options));
    const total = statuses.length;
    let done = 0;
    const step = (uri: vscode.Uri) => options.onProgress?.(++done, total, uri);
    // Glossaries and collections that do not exist yet are created first, each with its first file; the other
    // files of that owner are then pushed into it.
    const createdIds = new Map<string, string>();
    const ownerKey = (s: LinkStatus) => `${s.link.area}/${s.link.owner}`;
    const queue: LinkStatus[] = [];
    for (const s of statuses) {
      if (options.signal?.aborted) break;
      let text: string | undefined;
      try { text = await readLocal(s.uri); } catch (err) { summary.failed.push({ uri: s.uri, error: describeError(err) }); step(s.uri); continue; }
      if (text === undefined) { summary.skipped.push({ uri: s.uri, reason: vscode.l10n.t('the file does not exist') }); step(s.uri); continue; }
      const errors = errorCount(text, s, snapshot.parsed.rules);
      if (errors) { summary.blocked.push({ uri: s.uri, errors }); step(s.uri); continue; }
      if (isDirty(s.uri)) { summary.skipped.push({ uri: s.uri, reason: vscode.l10n.t('it has unsaved changes: save it first') }); step(s.uri); continue; }
      const r = resolutions.find((x) => x.area === s.link.area && x.index === s.link.owner);
      if (r?.state === 'ambiguous') { summary.skipped.push({ uri: s.uri, reason: vscode.l10n.t('several glossaries are named "{0}"', r.name) }); step(s.uri); continue; }
      if (r?.state === 'unknown-id') { summary.skipped.push({ uri: s.uri, reason: unknownIdReason(r) }); step(s.uri); continue; }
      if (r?.state === 'missing' && !createdIds.has(ownerKey(s))) {
        try {
          const id = await createOwner(client, s, text, options.signal);
          createdIds.set(ownerKey(s), id);
          const snap = await manifest.read();
          if (snap) await manifest.write(setManifestId(snap.text, s.link.area, s.link.owner, id));
          summary.pushed.push(s.uri);
        } catch (err) {
          summary.failed.push({ uri: s.uri, error: describeError(err) });
        }
        step(s.uri);
        continue;
      }
      queue.push(s);
    }
    await forEachBounded(queue, SYNC_CONCURRENCY, async (s) => {
      try {
        const id = createdIds.get(ownerKey(s)) ?? resolutions.find((x) => x.area === s.link.area && x.index === s.link.owner)?.id;
        if (!id) { summary.skipped.push({ uri: s.uri, reason: vscode.l10n.t('the glossary could not be created') }); return; }
        await pushOne(client, s, id, listingOf(lists, s.link, id).exists || createdIds.has(ownerKey(s)) ? 'check' : 'absent', summary, recreate, options.signal);
      } catch (err) {
        if (options.signal?.aborted) return;
        summary.failed.push({ uri: s.uri, error: describeError(err) });
      } finally {
        step(s.uri);
      }
    }, options.signal);
    summary.cancelled = Boolean(options.signal?.aborted);
    await model.lock.flush();
    await model.refresh();
    // What was created or pushed shows in the explorer at once (a new glossary, new entry counts).
    if (summary.pushed.length) {
      if (summary.pushed.some((u) => model.statusOf(u)?.link.area !== 'spokenTerms')) ctx.glossaries.refresh();
      if (summary.pushed.some((u) => model.statusOf(u)?.link.area === 'spokenTerms')) ctx.spokenTerms.refresh();
    }
    log.info(`push: ${summary.pushed.length} pushed, ${summary.upToDate.length} in sync, ${summary.blocked.length} blocked, ${summary.skipped.length} skipped, ${summary.failed.length} failed${summary.cancelled ? ' (cancelled)' : ''}`);
    return summary;
  }

  async function createOwner(client: ServiceClient, s: LinkStatus, text: string, signal?: AbortSignal): Promise<string> {
    const entries = entriesForSending(text);
    if (s.link.area === 'glossaries') {
      const k = s.kind as Extract<LinkedKind, { kind: 'entries' }>;
      const g = await client.createGlossary(s.owner.name, [{ sourceLang: s.link.sourceLang, targetLang: s.link.targetLang!, entries, entriesFormat: k.format }], signal);
      const d = g.dictionaries.find((x) => x.sourceLang.toLowerCase() === s.link.sourceLang && x.targetLang.toLowerCase() === s.link.targetLang);
      await remember(s, { text: serviceText(text, s.kind), entryCount: d?.entryCount ?? 0, remoteId: g.glossaryId });
      return g.glossaryId;
    }
    const c = await client.createSpokenTerms(s.owner.name, [{ lang: s.link.sourceLang, entries: termsOf(text).join('\n') }], signal);
    const l = c.termLists.find((x) => x.lang.toLowerCase() === s.link.sourceLang);
    await remember(s, { text: serviceText(text, s.kind), entryCount: l?.entryCount ?? 0, remoteId: c.spokenTermsId });
    return c.spokenTermsId;
  }

  /** Pushes one file after comparing the service's entries with the synced version: a remote change is never
   * overwritten (Pull first). One GET and one PUT; the PUT follows the client's retry policy. */
  async function pushOne(client: ServiceClient, s: LinkStatus, id: string, remoteKnown: 'check' | 'absent', summary: SyncSummary, recreate: boolean, signal?: AbortSignal): Promise<void> {
    const text = (await readLocal(s.uri))!;
    const key = storeKey(s.uri, s.link);
    // This machine's synced version when the repository's lock agrees with it, else the lock's entry (a fresh clone,
    // a teammate's push): a change on the service that neither has seen is never overwritten.
    let { synced, entry } = await model.syncedVersion({ ...s, remoteId: id });
    if (recreate) { await store.delete(key); synced = undefined; entry = undefined; }
    let remote: string | undefined;
    if (remoteKnown === 'check') {
      try { remote = await fetchRemote(client, s.link, id, signal); } catch (err) {
        if ((err as { status?: number }).status !== 404) throw err;
      }
    }
    const state = !synced && entry ? lockedSyncStatus({ local: text, kind: s.kind, entry, remote }).state
      : fullSyncStatus({ local: text, base: synced, remote, remoteId: id, kind: s.kind });
    const action = pushAction(state);
    if (action === 'skip-in-sync') {
      if (remote !== undefined && (!synced || !entry)) await remember(s, synced ?? { text: remote, entryCount: s.remote?.entryCount ?? termsOrEntries(remote, s.kind), remoteId: id });
      summary.upToDate.push(s.uri);
      return;
    }
    if (action === 'refuse-pull-first') {
      // Never synced (a file linked to a dictionary it differs from): there is no "since the last sync".
      const reason = !synced && !entry
        ? vscode.l10n.t('never synced, and the file and the service hold different entries: Pull first, which merges the two')
        : vscode.l10n.t('changed on the service since the last sync: Pull first');
      summary.skipped.push({ uri: s.uri, reason });
      return;
    }
    if (action === 'refuse-remote-missing') { summary.skipped.push({ uri: s.uri, reason: vscode.l10n.t('deleted on the service: recreate it or unlink the file') }); return; }
    if (action === 'refuse-local-missing') { summary.skipped.push({ uri: s.uri, reason: vscode.l10n.t('the file does not exist') }); return; }
    let entryCount: number;
    if (s.link.area === 'glossaries') {
      const k = s.kind as Extract<LinkedKind, { kind: 'entries' }>;
      entryCount = (await client.replaceDictionary(id, { sourceLang: s.link.sourceLang, targetLang: s.link.targetLang!, entries: entriesForSending(text), entriesFormat: k.format }, signal)).entryCount;
    } else {
      entryCount = (await client.replaceTermList(id, { lang: s.link.sourceLang, entries: termsOf(text).join('\n') }, signal)).entryCount;
    }
    await remember(s, { text: serviceText(text, s.kind), entryCount, remoteId: id });
    summary.pushed.push(s.uri);
  }

  const termsOrEntries = (text: string, kind: LinkedKind) => kind.kind === 'terms' ? termsOf(text).length : parseEntries(text, 'tsv').entries.length;

  async function pullAll(options: SyncRunOptions = {}): Promise<SyncSummary> {
    requireTrust(vscode.l10n.t('Pull'));
    const summary = emptySummary();
    const client = await clientOrThrow(ctx);
    const snapshot = await manifest.read();
    if (!snapshot) throw new Error(vscode.l10n.t('There is no manifest ({0}) in this workspace.', manifest.uri?.path.split('/').pop() ?? 'terminology.json'));
    const lists = await listRemote(client, snapshot, options.signal);
    const resolutions = resolve(snapshot, lists);
    await writeResolvedIds(resolutions);
    await model.refresh(options.signal);
    const statuses = model.statuses.filter((s) => inScope(s, options));
    let done = 0;
    await forEachBounded(statuses, SYNC_CONCURRENCY, async (s) => {
      try {
        await pullOne(client, s, lists, summary, options.signal);
      } catch (err) {
        if (!options.signal?.aborted) summary.failed.push({ uri: s.uri, error: describeError(err) });
      } finally {
        options.onProgress?.(++done, statuses.length, s.uri);
      }
    }, options.signal);
    summary.cancelled = Boolean(options.signal?.aborted);
    await model.lock.flush();
    await model.refresh();
    log.info(`pull: ${summary.pulled.length} written, ${summary.conflicts} conflict(s), ${summary.upToDate.length} in sync, ${summary.skipped.length} skipped, ${summary.failed.length} failed${summary.cancelled ? ' (cancelled)' : ''}`);
    return summary;
  }

  /** Pulls one file: the service's version merged three-way into the file (their changes kept wherever the file did
   * not change the entry; entries both changed become conflict blocks). Nothing is overwritten. */
  async function pullOne(client: ServiceClient, s: LinkStatus, lists: Awaited<ReturnType<typeof listRemote>>, summary: SyncSummary, signal?: AbortSignal): Promise<void> {
    const id = s.remoteId;
    const listing = listingOf(lists, s.link, id);
    if (s.resolution?.state === 'unknown-id') { summary.skipped.push({ uri: s.uri, reason: unknownIdReason(s.resolution) }); return; }
    if (!id || !listing.exists) {
      summary.skipped.push({ uri: s.uri, reason: s.state === 'remote-missing' ? vscode.l10n.t('deleted on the service: recreate it or unlink the file') : vscode.l10n.t('not on the service yet: Push it') });
      return;
    }
    if (isDirty(s.uri)) { summary.skipped.push({ uri: s.uri, reason: vscode.l10n.t('it has unsaved changes: save it first') }); return; }
    const remote = await fetchRemote(client, s.link, id, signal);
    const local = await readLocal(s.uri);
    const { synced, entry } = await model.syncedVersion({ ...s, remoteId: id });
    const version: SyncedVersion = { text: remote, entryCount: listing.entryCount ?? termsOrEntries(remote, s.kind), remoteId: id };
    const state = !synced && entry ? lockedSyncStatus({ local, kind: s.kind, entry, remote }).state
      : fullSyncStatus({ local, base: synced, remote, remoteId: id, kind: s.kind });
    const action = pullAction(state);
    if (local === undefined) {
      await writeFile(s.uri, localText(remote, s.kind));
      summary.pulled.push(s.uri);
    } else if (action === 'skip') {
      if (state === 'in-sync') summary.upToDate.push(s.uri);
      if (state !== 'in-sync' || (synced && entry)) return; // local changes only: nothing to take
    } else {
      // The base: this machine's synced version; else, when only the service moved since the lock's version, the file
      // itself; else none (every entry both sides hold differently is a conflict block: nothing is lost).
      const base = synced && synced.remoteId === id ? synced.text : entry && state === 'remote-changes' ? serviceText(local, s.kind)
        : entry?.gitBlob ? await readGitBlob(manifestFolder(), entry.gitBlob).then((b) => (b && baseFromBlob(b, entry, s.kind)) ?? '') : '';
      const k = s.kind;
      const merged = k.kind === 'terms' ? mergeTerms(base, local, remote) : mergeEntries(base, local, remote, k.format);
      if (merged.text !== local) await writeFile(s.uri, merged.text);
      summary.pulled.push(s.uri);
      summary.conflicts += merged.conflicts;
    }
    await remember(s, version);
  }

  return {
    cloneGlossary: (id, folder, options) => clone('glossaries', id, folder, options),
    cloneSpokenTerms: (id, folder, options) => clone('spokenTerms', id, folder, options),

    async linkFile(uri, target, signal) {
      requireTrust(vscode.l10n.t('Link File'));
      const rel = relPathOf(uri);
      await checkFileEncoding(uri); // a file whose bytes are refused is not linked (it could never be pushed)
      // A spreadsheet from another tool starts with a header row, which a sync would push as an entry.
      const header = target.area === 'glossaries' ? headerRow(await readLocal(uri) ?? '', /\.csv$/i.test(uri.path) ? 'csv' : 'tsv', target.sourceLang, target.targetLang) : undefined;
      if (header) {
        throw new Error(vscode.l10n.t('{0} starts with a header row ("{1}", "{2}"): a linked file holds entries only, as the dictionary does, and a sync would push that row as an entry. Remove the row and link the file again, or bring the file in with Import into Glossary…, which reads headers.', fileName(uri), header[0], header[1]));
      }
      const client = await clientOrThrow(ctx);
      await addLink(rel, target);
      const snap = await manifest.read();
      const link = snap && (await model.refresh(signal)).find((s) => s.uri.toString() === uri.toString());
      // A synced version only when the file already holds the service's entries: otherwise the two differ and Pull
      // merges them (nothing is overwritten by linking).
      if (link && target.id && link.remote?.exists) {
        const remote = await fetchRemote(client, link.link, target.id, signal);
        const local = await readLocal(uri);
        if (local !== undefined && sameEntries(local, link.kind, remote)) {
          await remember(link, { text: remote, entryCount: link.remote.entryCount ?? 0, remoteId: target.id });
        } else {
          await store.delete(storeKey(uri, link.link));
          model.lock.forget(link.link.path);
        }
        await model.lock.flush();
      }
      await model.refresh(signal);
    },

    async unlinkFile(uri) {
      const s = model.statusOf(uri) ?? (await model.refresh()).find((x) => x.uri.toString() === uri.toString());
      const snap = await manifest.read();
      if (!snap || !s) throw new Error(vscode.l10n.t('{0} is not linked in the manifest.', fileName(uri)));
      await manifest.write(removeManifestLink(snap.text, s.link.path));
      await store.delete(storeKey(uri, s.link));
      model.lock.forget(s.link.path);
      await model.lock.flush();
      await model.refresh();
    },

    refreshSync: (signal) => model.refresh(signal),
    planPush,
    pushAll: (options) => pushAll(options),
    pullAll,

    async compareLinked(uri, signal) {
      const s = model.statusOf(uri) ?? (await model.refresh(signal)).find((x) => x.uri.toString() === uri.toString());
      if (!s) throw new Error(vscode.l10n.t('{0} is not linked in the manifest.', fileName(uri)));
      if (s.resolution?.state === 'unknown-id') throw new Error(unknownIdDetail(s.resolution));
      if (!s.remoteId || !s.remote?.exists) throw new Error(vscode.l10n.t('{0} is not on the service ({1}).', fileName(uri), s.state === 'remote-missing' ? vscode.l10n.t('deleted there') : vscode.l10n.t('not pushed yet')));
      const client = await clientOrThrow(ctx);
      const remote = await fetchRemote(client, s.link, s.remoteId, signal);
      const left = snapshots.set(uri, localText(remote, s.kind));
      const what = s.link.area === 'glossaries' ? `"${s.owner.name}" ${s.link.sourceLang.toUpperCase()} → ${s.link.targetLang!.toUpperCase()}` : `"${s.owner.name}" ${s.link.sourceLang.toUpperCase()}`;
      await vscode.commands.executeCommand('vscode.diff', left, uri, vscode.l10n.t('{0}: service ↔ {1}', what, fileName(uri)));
      return left;
    },

    recreateRemote: (uri, signal) => pushAll({ uris: [uri], signal }, true),
  };
}
