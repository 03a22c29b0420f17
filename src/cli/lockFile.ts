/** `terminology.lock.json` on disk, for the CLI: read (a merge conflict left in it stops the command), pruned of files
 * the manifest no longer links, written atomically and only when it changed. */
import { existsSync } from 'node:fs';
import { emptyLock, lockPathFor, parseLock, serializeLock, type Lock } from '../core/workspace/lock';
import { manifestLinks } from '../core/workspace/manifest';
import { EncodingError, readTextFile, shownPath, UsageError, writeFileAtomic } from './files';
import type { LoadedManifest } from './lintFiles';

export interface LockFile {
  file: string;
  /** As shown in messages. */
  path: string;
  lock: Lock;
  /** The text read (undefined: there was no lock yet). */
  text?: string;
  /** Entries that could not be read (their files count as never synced). */
  problems: string[];
}

export function readLockFile(m: LoadedManifest, cwd: string): LockFile {
  const file = lockPathFor(m.file);
  const path = shownPath(file, cwd);
  if (!existsSync(file)) return { file, path, lock: emptyLock(), problems: [] };
  let text: string;
  try {
    text = readTextFile(file, path).text;
  } catch (err) {
    if (err instanceof EncodingError) throw new UsageError(`${path}: ${err.message}`);
    throw err;
  }
  const { lock, problems } = parseLock(text);
  // Without the lock, every file would count as never synced: a push would then refuse all of them, which is safe
  // but says nothing of the cause. Stop here and say it.
  if (problems.length && !Object.keys(lock.files).length && text.trim() !== '') throw new UsageError(`${path}: ${problems[0]}`);
  return { file, path, lock, text, problems };
}

/** Writes the lock when its text changed; entries of files the manifest no longer links are dropped. Returns
 * whether it wrote. */
export function writeLockFile(lf: LockFile, m: LoadedManifest): boolean {
  const linked = new Set(manifestLinks(m.manifest).map((l) => l.path));
  for (const p of Object.keys(lf.lock.files)) if (!linked.has(p)) delete lf.lock.files[p];
  const text = serializeLock(lf.lock);
  if (text === lf.text) return false;
  writeFileAtomic(lf.file, text);
  lf.text = text;
  return true;
}
