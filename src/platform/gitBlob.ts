/** A git blob's bytes, read with `git cat-file` in a local folder (the lock's merge base; see src/core/workspace/lock).
 * Asynchronous: the extension host's loop is never held. Undefined without git, outside a repository, for a blob the
 * history lacks, or for a folder that is not on the local disk. */
import { execFile } from 'node:child_process';
import type * as vscode from 'vscode';

export function readGitBlob(folder: vscode.Uri, id: string): Promise<Uint8Array | undefined> {
  if (folder.scheme !== 'file' || !/^[0-9a-f]{40}$/.test(id)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    execFile('git', ['cat-file', 'blob', id], { cwd: folder.fsPath, encoding: 'buffer', maxBuffer: 1 << 30 }, (err, stdout) => {
      resolve(err ? undefined : new Uint8Array(stdout));
    });
  });
}
