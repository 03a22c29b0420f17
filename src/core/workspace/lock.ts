/** The shared last-synced state (`terminology.lock.json` beside `terminology.json`, committed): per linked file, the
 * remote dictionary or term list it was last synced with, how many entries and which (a fingerprint of the entries,
 * not of the bytes) and, when the file held exactly those entries, the git blob of the file as synced, from which a
 * merge finds its base in the repository's history. A clone on another machine, or a CI job, gets the same sync
 * status as the author.
 *
 * The layout is made for git's line merge: one block per file, sorted by path, one field per line, `remote` last.
 * Two branches that sync different files change different blocks, separated by lines neither touched, and merge
 * cleanly; two that sync the same file change the same lines and conflict, as they should.
 * Pure: no vscode, no I/O (hashing only). */
import { createHash } from 'node:crypto';
import { decodeTextFile } from '../textFile';
import { serviceText } from './serviceText';
import { contentKey, type LinkedKind, type SyncState } from './syncStatus';
import type { LinkArea, ManifestLink } from './manifest';

export const LOCK_FILE_VERSION = 1;

export interface LockEntry {
  /** Entries (or terms) of the synced version. */
  entries: number;
  /** sha256 of the synced entries, whatever their order, quoting or format (see `entriesFingerprint`). */
  sha256: string;
  /** The git blob id of the file as synced, when the file held exactly the synced entries (after a push, a clone,
   * a pull that took the service's text); absent after a pull that merged local changes in. */
  gitBlob?: string;
  /** `glossaries/<glossary id>/<source>-<target>` or `spokenTerms/<collection id>/<lang>`. */
  remote: string;
}

export interface Lock {
  /** By the file's path as the manifest writes it (relative to the manifest's folder, forward slashes). */
  files: Record<string, LockEntry>;
}

export interface ParsedLock {
  lock: Lock;
  /** What was wrong with the text (an entry that cannot be read is dropped: its file counts as never synced). */
  problems: string[];
}

/** `terminology.json` → `terminology.lock.json`; `i18n/x.terminology.json` → `i18n/x.terminology.lock.json`. */
export function lockPathFor(manifestPath: string): string {
  return /\.json$/i.test(manifestPath) ? manifestPath.replace(/\.json$/i, '.lock.json') : `${manifestPath}.lock.json`;
}

/** The remote address of a link in a lock entry. */
export function lockRemote(area: LinkArea, remoteId: string, link: Pick<ManifestLink, 'sourceLang' | 'targetLang'>): string {
  return `${area}/${remoteId}/${link.targetLang !== undefined ? `${link.sourceLang}-${link.targetLang}` : link.sourceLang}`;
}

/** The remote id of an entry written for `area` and `link`, or undefined when it names another dictionary or list. */
export function lockRemoteId(entry: LockEntry, area: LinkArea, link: Pick<ManifestLink, 'sourceLang' | 'targetLang'>): string | undefined {
  const parts = entry.remote.split('/');
  if (parts.length !== 3 || parts[0] !== area) return undefined;
  return lockRemote(area, parts[1], link) === entry.remote ? parts[1] : undefined;
}

export function emptyLock(): Lock {
  return { files: {} };
}

const isHex = (s: unknown, length: number) => typeof s === 'string' && s.length === length && /^[0-9a-f]+$/.test(s);

export function parseLock(text: string): ParsedLock {
  const problems: string[] = [];
  const lock = emptyLock();
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    // A merge conflict left in the lock is the usual cause: say what to do.
    const conflicted = /^(<<<<<<<|>>>>>>>)/m.test(text);
    problems.push(conflicted
      ? 'it holds a merge conflict: keep, for each conflicting file, the side that matches the service (see docs/cli.md, "The lock")'
      : `not valid JSON (${(err as Error).message})`);
    return { lock, problems };
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) { problems.push('not a JSON object'); return { lock, problems }; }
  const obj = raw as { lockfileVersion?: unknown; files?: unknown };
  if (obj.lockfileVersion !== LOCK_FILE_VERSION) {
    problems.push(`lockfileVersion ${JSON.stringify(obj.lockfileVersion)} is not ${LOCK_FILE_VERSION}: written by another version of the tool`);
    return { lock, problems };
  }
  if (!obj.files || typeof obj.files !== 'object' || Array.isArray(obj.files)) { problems.push('"files" is not an object'); return { lock, problems }; }
  for (const [path, value] of Object.entries(obj.files as Record<string, unknown>)) {
    const e = value as Partial<LockEntry> | null;
    if (!e || typeof e !== 'object' || !Number.isInteger(e.entries) || (e.entries as number) < 0 || !isHex(e.sha256, 64) ||
      typeof e.remote !== 'string' || (e.gitBlob !== undefined && !isHex(e.gitBlob, 40))) {
      problems.push(`the entry of "${path}" is not readable: it counts as never synced`);
      continue;
    }
    lock.files[path] = { entries: e.entries!, sha256: e.sha256!, ...(e.gitBlob ? { gitBlob: e.gitBlob } : {}), remote: e.remote };
  }
  return { lock, problems };
}

/** The lock's text: files sorted by path, fields in a fixed order, `remote` last, a final line break. */
export function serializeLock(lock: Lock): string {
  const paths = Object.keys(lock.files).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const files: Record<string, LockEntry> = {};
  for (const p of paths) {
    const e = lock.files[p];
    files[p] = { entries: e.entries, sha256: e.sha256, ...(e.gitBlob ? { gitBlob: e.gitBlob } : {}), remote: e.remote };
  }
  return JSON.stringify({ lockfileVersion: LOCK_FILE_VERSION, files }, null, 2) + '\n';
}

/** The entries of a text as the service holds them, and their sha256: the same for a TSV file, a CSV file and the
 * service's TSV holding the same entries (order, quoting, blank lines and line breaks do not count; CSV lines for
 * another pair are left out, as the service leaves them out); lines that are not entries count as themselves. */
export function entriesFingerprint(text: string, kind: LinkedKind): { entries: number; sha256: string } {
  const keys = contentKey(text, kind);
  const hash = createHash('sha256');
  let entries = 0;
  for (const k of keys) {
    hash.update(k);
    hash.update('\n');
    if (k.charCodeAt(0) !== 1) entries++;
  }
  return { entries, sha256: hash.digest('hex') };
}

/** The service's text (TSV, or terms one per line) in the kind used for fingerprints. */
export const serviceKind = (kind: LinkedKind): LinkedKind => kind.kind === 'terms' ? kind : { kind: 'entries', format: 'tsv' };

/** The base of a merge from the bytes of the git blob a lock entry names: its text in the service's form (TSV, or
 * terms), when those bytes decode by the encoding policy and hold exactly the entry's entries; else undefined. */
export function baseFromBlob(bytes: Uint8Array, entry: LockEntry, kind: LinkedKind): string | undefined {
  let text: string;
  try { text = decodeTextFile(bytes).text; } catch { return undefined; }
  return entriesFingerprint(text, kind).sha256 === entry.sha256 ? serviceText(text, kind) : undefined;
}

/** git's id of a blob of these bytes (`git hash-object`), without git. */
export function gitBlobId(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.byteLength}\0`).update(bytes).digest('hex');
}

export interface LockedStatus {
  state: SyncState;
  /** The file's fingerprint (when it exists). */
  local?: { entries: number; sha256: string };
  /** The service's fingerprint (when it holds the dictionary or list). */
  remote?: { entries: number; sha256: string };
}

/**
 * The sync state of a linked file against the lock: by the entries' fingerprints, never by counts. `entry` is the
 * lock's entry for this file and this remote dictionary (an entry for another one is no entry); `remote` the
 * service's text, undefined when it has no such dictionary or list.
 */
export function lockedSyncStatus(input: { local: string | undefined; kind: LinkedKind; entry: LockEntry | undefined; remote: string | undefined }): LockedStatus {
  const { kind, entry } = input;
  const local = input.local === undefined ? undefined : entriesFingerprint(input.local, kind);
  const remote = input.remote === undefined ? undefined : entriesFingerprint(input.remote, serviceKind(kind));
  const out = (state: SyncState): LockedStatus => ({ state, ...(local ? { local } : {}), ...(remote ? { remote } : {}) });
  if (!local) return out('local-missing');
  if (!remote) return out(entry ? 'remote-missing' : 'not-pushed');
  if (local.sha256 === remote.sha256) return out('in-sync'); // the same entries, whoever changed what
  if (!entry) return out('both-changed'); // never synced, and they differ: a merge decides
  const localChanged = local.sha256 !== entry.sha256;
  const remoteChanged = remote.sha256 !== entry.sha256;
  return out(localChanged && remoteChanged ? 'both-changed' : localChanged ? 'local-changes' : 'remote-changes');
}
