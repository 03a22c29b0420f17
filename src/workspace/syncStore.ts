/** The last synced version of each linked file (what the file and the service last agreed on), kept in the
 * extension's workspace storage: one small JSON file per linked file, written atomically. No key, no secrets. */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SyncedVersion } from '../core/workspace/syncStatus';

export class SyncStore {
  private readonly cache = new Map<string, SyncedVersion | undefined>();

  /** `folder` undefined (no workspace storage): versions live in memory only, for this window. */
  constructor(private readonly folder: string | undefined) {}

  private file(key: string): string | undefined {
    return this.folder && join(this.folder, `${createHash('sha1').update(key).digest('hex')}.json`);
  }

  /** `key`: the linked file's Uri string and its remote address (the pair or language). */
  async get(key: string): Promise<SyncedVersion | undefined> {
    if (this.cache.has(key)) return this.cache.get(key);
    const f = this.file(key);
    let found: SyncedVersion | undefined;
    if (f) {
      try {
        const saved = JSON.parse(await readFile(f, 'utf8')) as { key: string } & SyncedVersion;
        if (saved.key === key && typeof saved.text === 'string' && typeof saved.entryCount === 'number' && typeof saved.remoteId === 'string') {
          found = { text: saved.text, entryCount: saved.entryCount, remoteId: saved.remoteId };
        }
      } catch { /* none saved */ }
    }
    this.cache.set(key, found);
    return found;
  }

  async set(key: string, version: SyncedVersion): Promise<void> {
    this.cache.set(key, version);
    const f = this.file(key);
    if (!f || !this.folder) return;
    await mkdir(this.folder, { recursive: true });
    const tmp = `${f}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, JSON.stringify({ key, ...version }));
    await rename(tmp, f);
  }

  async delete(key: string): Promise<void> {
    this.cache.set(key, undefined);
    const f = this.file(key);
    if (f) await rm(f, { force: true });
  }
}
