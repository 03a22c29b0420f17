/** The remote version each dirty remote document descends from, kept on disk (the extension's workspace storage, or
 * its global storage in a window with no folder), so that a document VS Code restores after a window reload (hot
 * exit) still knows its base: a save then finds a remote change made meanwhile instead of overwriting it. One small
 * JSON file per address; no key, no secrets.
 *
 * All windows with no folder open share the global storage: there each window names its files with an owner of its
 * own (kept in its window state, which VS Code restores with the window), so that no window overwrites or deletes
 * another's base. A window that finds no base of its own knows none (its save then asks, never pushes blind). */
import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rm, rename } from 'node:fs/promises';
import { join } from 'node:path';

export interface SavedBase { text: string; mtime: number }

/** UTF-16 units of the text written at a time. */
const PIECE = 256 * 1024;

export class BaseStore {
  private readonly writes = new Map<string, Promise<void>>();

  /** `owner`: this window's name in its file names, where windows share `folder`. */
  constructor(private readonly folder: string | undefined, private readonly owner?: string) {}

  private file(key: string): string | undefined {
    const name = createHash('sha1').update(key).digest('hex');
    return this.folder && join(this.folder, this.owner ? `${name}.${this.owner}.json` : `${name}.json`);
  }

  async get(key: string): Promise<SavedBase | undefined> {
    const f = this.file(key);
    if (!f) return undefined;
    await this.writes.get(key)?.catch(() => undefined);
    try {
      const saved = JSON.parse(await readFile(f, 'utf8')) as { key: string } & SavedBase;
      return saved.key === key && typeof saved.text === 'string' && typeof saved.mtime === 'number' ? { text: saved.text, mtime: saved.mtime } : undefined;
    } catch {
      return undefined; // none saved, or unreadable
    }
  }

  /** Written to a temporary file first, then renamed: a crash leaves the old or the new base, never half. The text
   * goes out in pieces of 256 Ki units, each escaped for JSON on its own and awaited: keeping a 10 MiB base never
   * stalls the extension host. Writes of one address follow one another (the last one set is the one kept). */
  set(key: string, base: SavedBase): Promise<void> {
    const f = this.file(key);
    if (!f || !this.folder) return Promise.resolve();
    const folder = this.folder;
    const write = async () => {
      await mkdir(folder, { recursive: true });
      const tmp = `${f}.${process.pid}.tmp`;
      const fh = await open(tmp, 'w');
      try {
        await fh.write(`{"key":${JSON.stringify(key)},"mtime":${JSON.stringify(base.mtime)},"text":"`);
        // A piece's JSON is its characters escaped one by one (a surrogate pair cut in two becomes two escapes,
        // which read back as the pair), so the pieces joined are the JSON of the whole text.
        for (let at = 0; at < base.text.length; at += PIECE) await fh.write(JSON.stringify(base.text.slice(at, at + PIECE)).slice(1, -1));
        await fh.write('"}');
      } finally {
        await fh.close();
      }
      await rename(tmp, f);
    };
    const next = (this.writes.get(key) ?? Promise.resolve()).catch(() => undefined).then(write);
    this.writes.set(key, next);
    void next.finally(() => { if (this.writes.get(key) === next) this.writes.delete(key); }).catch(() => undefined);
    return next;
  }

  async delete(key: string): Promise<void> {
    const f = this.file(key);
    await this.writes.get(key)?.catch(() => undefined); // a write on its way would bring the file back
    if (f) await rm(f, { force: true });
  }
}
