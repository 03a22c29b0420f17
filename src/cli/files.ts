/** Reading and writing the repository's files for the CLI: the encoding policy of src/core/textFile, and file system
 * failures turned into clear messages (a folder where a file was expected, a dangling or looping symbolic link),
 * which end the run with exit status 2, never 1 (the status of findings). */
import { lstatSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, basename, join, relative, sep } from 'node:path';
import { decodeTextFile, EncodingError, type DecodedFile } from '../core';

/** A failure of the command itself (usage, file system, internal): exit status 2. */
export class UsageError extends Error {}

/** As shown in messages: relative to the working folder, forward slashes. */
export function shownPath(file: string, cwd: string): string {
  const rel = relative(cwd, file);
  return (rel === '' ? '.' : /^[A-Za-z]:/.test(rel) ? file : rel).split(sep).join('/');
}

/** What a file system error means, in words, for `file` as the user named it. */
export function fileErrorMessage(err: NodeJS.ErrnoException, shown: string): string {
  switch (err.code) {
    case 'EISDIR': return `${shown}: is a folder, not a file`;
    case 'ELOOP': return `${shown}: a loop of symbolic links`;
    case 'ENOENT': return `${shown}: no such file`;
    case 'EACCES': case 'EPERM': return `${shown}: permission denied`;
    case 'ENOTDIR': return `${shown}: a part of the path is not a folder`;
    default: return `${shown}: ${err.message}`;
  }
}

/** Whether a path names a readable file: 'file', 'missing' (nothing there at all), or a UsageError for a folder, a
 * dangling or looping symbolic link, a path through a file. */
export function checkFile(file: string, shown: string): 'file' | 'missing' {
  let st;
  try {
    st = statSync(file);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ENOENT') {
      // Nothing there, or a symbolic link to nothing: the second is a broken checkout, not a file to pull.
      let link = false;
      try { link = lstatSync(file).isSymbolicLink(); } catch { /* nothing there */ }
      if (!link) return 'missing';
      throw new UsageError(`${shown}: a symbolic link to a file that does not exist`);
    }
    throw new UsageError(fileErrorMessage(e, shown));
  }
  if (st.isDirectory()) throw new UsageError(`${shown}: is a folder, not a file`);
  return 'file';
}

export interface ReadFile extends DecodedFile {
  bytes: Uint8Array;
}

/** Reads a file by the encoding policy; an EncodingError is the caller's to report (a finding), file system errors
 * become UsageErrors. */
export function readTextFile(file: string, shown: string): ReadFile {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ENOENT') checkFile(file, shown); // says "dangling link" when it is one
    throw new UsageError(fileErrorMessage(e, shown));
  }
  return { ...decodeTextFile(bytes), bytes };
}

/** Writes a file atomically (a temporary file in the same folder, then a rename). */
export function writeFileAtomic(file: string, data: Uint8Array | string): void {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

export { EncodingError };
