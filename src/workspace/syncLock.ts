/** The repository's lock (`terminology.lock.json` beside the manifest, see src/core/workspace/lock.ts) for the
 * editor: read for the sync status and for Push and Pull where this machine has no synced version of its own (a fresh
 * clone, a teammate's push), written after each clone, link, push and pull, as the CLI writes it. Writes are queued:
 * one read-modify-write at a time, pruned of files the manifest no longer links. */
import * as vscode from 'vscode';
import { decodeTextFile } from '../core';
import {
  emptyLock, entriesFingerprint, gitBlobId, lockPathFor, lockRemote, lockRemoteId, parseLock, serializeLock, serviceKind, type Lock, type LockEntry,
} from '../core/workspace/lock';
import { manifestLinks, type ManifestLink } from '../core/workspace/manifest';
import type { LinkedKind, SyncedVersion } from '../core/workspace/syncStatus';
import type { ManifestFile } from '../platform/manifestFile';

export class SyncLock implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** The lock changed on disk (a git pull, the CLI, another window). */
  readonly onDidChange = this.changed.event;
  private watcher: vscode.FileSystemWatcher | undefined;
  private readonly pending = new Map<string, LockEntry | undefined>();
  private writing: Promise<void> = Promise.resolve();
  /** The lock's text as this window last wrote it: its own write is no news. */
  private lastWritten: string | undefined;
  private readonly fingerprints = new WeakMap<SyncedVersion, string>();
  private readonly subscriptions: vscode.Disposable[] = [this.changed];

  constructor(private readonly manifest: ManifestFile) {
    this.watch();
    this.subscriptions.push(manifest.onDidChange(() => this.watch()));
  }

  get uri(): vscode.Uri | undefined {
    const m = this.manifest.uri;
    return m && m.with({ path: lockPathFor(m.path) });
  }

  private watch(): void {
    const uri = this.uri;
    if (this.watcher && uri?.toString() === this.watchedUri) return;
    this.watcher?.dispose();
    this.watchedUri = uri?.toString();
    if (!uri) return;
    const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
    this.watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.joinPath(uri, '..'), name));
    const fire = () => void this.readText().then((t) => { if (t !== this.lastWritten) this.changed.fire(); });
    this.watcher.onDidCreate(fire);
    this.watcher.onDidChange(fire);
    this.watcher.onDidDelete(fire);
  }
  private watchedUri: string | undefined;

  private async readText(): Promise<string | undefined> {
    const uri = this.uri;
    if (!uri) return undefined;
    try { return decodeTextFile(await vscode.workspace.fs.readFile(uri)).text; } catch { return undefined; }
  }

  /** The lock now (empty when there is none, or it cannot be read: every file then counts as never synced). */
  async read(): Promise<Lock> {
    const text = await this.readText();
    return text === undefined ? emptyLock() : parseLock(text).lock;
  }

  /** The lock's entry for a linked file and the remote it resolves to (any of its pair when the remote is gone). */
  static entryFor(lock: Lock, link: ManifestLink, remoteId: string | undefined): LockEntry | undefined {
    const e = lock.files[link.path];
    if (!e) return undefined;
    const id = lockRemoteId(e, link.area, link);
    return (remoteId ? id === remoteId : id !== undefined) ? e : undefined;
  }

  /** Whether this machine's synced version is the one the lock names (else the lock, shared, wins). */
  agrees(version: SyncedVersion, kind: LinkedKind, entry: LockEntry): boolean {
    let sha = this.fingerprints.get(version);
    if (sha === undefined) {
      sha = entriesFingerprint(version.text, serviceKind(kind)).sha256;
      this.fingerprints.set(version, sha);
    }
    return sha === entry.sha256 && entry.remote.split('/')[1] === version.remoteId;
  }

  /** Records the version a file was synced with (written by `flush`); the file's bytes give the git blob when they
   * hold exactly those entries. */
  async record(path: string, uri: vscode.Uri, kind: LinkedKind, link: Pick<ManifestLink, 'area' | 'sourceLang' | 'targetLang'>, version: SyncedVersion): Promise<void> {
    const fp = entriesFingerprint(version.text, serviceKind(kind));
    let gitBlob: string | undefined;
    try {
      const bytes = await vscode.workspace.fs.readFile(uri);
      if (entriesFingerprint(decodeTextFile(bytes).text, kind).sha256 === fp.sha256) gitBlob = gitBlobId(bytes);
    } catch { /* no file, or bytes the policy refuses: no blob */ }
    this.pending.set(path, { entries: fp.entries, sha256: fp.sha256, ...(gitBlob ? { gitBlob } : {}), remote: lockRemote(link.area, version.remoteId, link) });
  }

  forget(path: string): void {
    this.pending.set(path, undefined);
  }

  /** Writes what was recorded, after any write before it. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.write(), () => this.write());
    return this.writing;
  }

  private async write(): Promise<void> {
    const uri = this.uri;
    if (!uri || !this.pending.size) return;
    const before = await this.readText();
    const lock = before === undefined ? emptyLock() : parseLock(before).lock;
    for (const [path, entry] of this.pending) {
      if (entry) lock.files[path] = entry;
      else delete lock.files[path];
    }
    this.pending.clear();
    const snapshot = await this.manifest.read();
    if (snapshot) {
      const linked = new Set(manifestLinks(snapshot.parsed.manifest).map((l) => l.path));
      for (const p of Object.keys(lock.files)) if (!linked.has(p)) delete lock.files[p];
    }
    const text = serializeLock(lock);
    if (text === before) return;
    this.lastWritten = text;
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  }

  dispose(): void {
    this.watcher?.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
