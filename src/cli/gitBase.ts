/** The base of a three-way merge, found in the repository's history: the lock names the git blob of the file as it
 * was last synced; `git cat-file` reads it back. Only a blob whose entries are the lock's (same fingerprint) is a
 * base; without git, or without the blob (never committed, a shallow clone), there is none. */
import { spawnSync } from 'node:child_process';
import { baseFromBlob, type LockEntry } from '../core/workspace/lock';
import type { LinkedKind } from '../core/workspace/syncStatus';

/** The synced version's text in the service's form (TSV, or terms), or undefined. */
export function baseFromGit(dir: string, entry: LockEntry | undefined, kind: LinkedKind): string | undefined {
  if (!entry?.gitBlob) return undefined;
  const r = spawnSync('git', ['cat-file', 'blob', entry.gitBlob], { cwd: dir, maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] });
  if (r.status !== 0 || !r.stdout) return undefined;
  return baseFromBlob(r.stdout, entry, kind);
}
