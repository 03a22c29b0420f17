/** The remote version each dirty remote document descends from, kept on disk (the extension's workspace storage),
 * so that a document VS Code restores after a window reload (hot exit) still knows its base: a save then finds a
 * remote change made meanwhile instead of overwriting it. One small JSON file per address; no key, no secrets. */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { offload } from '../platform/offload';

export interface SavedBase { text: string; mtime: number }

export class BaseStore {
  constructor(private readonly folder: string | undefined) {}

  private file(key: string): string | undefined {
    return this.folder && join(this.folder, `${createHash('sha1').update(key).digest('hex')}.json`);
  }

  async get(key: string): Promise<SavedBase | undefined> {
    const f = this.file(key);
    if (!f) return undefined;
    try {
      const saved = JSON.parse(await readFile(f, 'utf8')) as { key: string } & SavedBase;
      return saved.key === key && typeof saved.text === 'string' && typeof saved.mtime === 'number' ? { text: saved.text, mtime: saved.mtime } : undefined;
    } catch {
      return undefined; // none saved (or unreadable: then the remote is the base, as before this store existed)
    }
  }

  /** Written to a temporary file first, then renamed: a crash leaves the old or the new base, never half. */
  async set(key: string, base: SavedBase): Promise<void> {
    const f = this.file(key);
    if (!f || !this.folder) return;
    await mkdir(this.folder, { recursive: true });
    const tmp = `${f}.${process.pid}.tmp`;
    // A 10 MiB base is turned into JSON bytes on the core worker: keeping it never stalls the extension host.
    await writeFile(tmp, await offload.encodeJson({ key, ...base }, base.text.length));
    await rename(tmp, f);
  }

  async delete(key: string): Promise<void> {
    const f = this.file(key);
    if (f) await rm(f, { force: true });
  }
}
