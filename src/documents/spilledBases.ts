/** The bases of closed remote documents, kept on disk instead of in the extension host's memory (see
 * BaseHistory.spill): VS Code gives a reopened document its undo stack back, and an Undo must find the base of the
 * text it brings back, but twenty closed 10 MiB dictionaries must not keep 200 MiB alive. No vscode import.
 *
 * Each base is one file named by a digest of its text, in a folder of this window's own (removed when the window's
 * extension stops; folders left by a crash are removed after a week). The text is written as UTF-16 code units, in
 * slices that yield to the event loop, so that lone surrogates survive and 10 MiB never holds the loop. */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { SpillStore } from '../base/baseHistory';

const SLICE_UNITS = 1 << 20;
const STALE_MS = 7 * 24 * 3600 * 1000;

export class SpilledBases implements SpillStore<string> {
  private readonly folder: string;
  private made: Promise<void> | undefined;
  /** The last operation (write or removal) of each file: those of one file follow one another. */
  private readonly ops = new Map<string, Promise<unknown>>();
  /** Files written and not dropped since. */
  private readonly kept = new Set<string>();

  /** `parent`: the folder under which this window's spill folder is made. */
  constructor(private readonly parent: string) {
    this.folder = join(parent, randomUUID());
  }

  private ready(): Promise<void> {
    return this.made ??= (async () => {
      await mkdir(this.folder, { recursive: true });
      void this.removeStale();
    })();
  }

  private async removeStale(): Promise<void> {
    for (const name of await readdir(this.parent).catch(() => [] as string[])) {
      const path = join(this.parent, name);
      if (path === this.folder) continue;
      const s = await stat(path).catch(() => undefined);
      if (s && Date.now() - s.mtimeMs > STALE_MS) await rm(path, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  private chain<T>(name: string, op: () => Promise<T>): Promise<T> {
    const next = (this.ops.get(name) ?? Promise.resolve()).catch(() => undefined).then(op);
    this.ops.set(name, next);
    void next.catch(() => undefined).then(() => { if (this.ops.get(name) === next) this.ops.delete(name); });
    return next;
  }

  async put(text: string): Promise<string | undefined> {
    const hash = createHash('sha1');
    for (let at = 0; at < text.length; at += SLICE_UNITS) {
      if (at > 0) await new Promise((resolve) => setImmediate(resolve));
      hash.update(text.slice(at, at + SLICE_UNITS), 'utf16le');
    }
    const name = hash.digest('hex');
    if (this.kept.has(name)) return name;
    this.kept.add(name);
    try {
      await this.chain(name, async () => {
        await this.ready();
        const file = await open(join(this.folder, name), 'w');
        try {
          for (let at = 0; at < text.length; at += SLICE_UNITS) await file.write(text.slice(at, at + SLICE_UNITS), null, 'utf16le');
        } finally {
          await file.close();
        }
      });
      return name;
    } catch {
      this.kept.delete(name);
      return undefined;
    }
  }

  async get(name: string): Promise<string> {
    await this.ops.get(name)?.catch(() => undefined);
    if (!this.kept.has(name)) throw new Error(`the spilled base ${name} was dropped`);
    return (await readFile(join(this.folder, name))).toString('utf16le');
  }

  drop(name: string): void {
    if (!this.kept.delete(name)) return;
    void this.chain(name, () => rm(join(this.folder, name), { force: true })).catch(() => undefined);
  }

  /** Removes this window's folder (the history that named its files is gone with the extension). */
  async dispose(): Promise<void> {
    this.kept.clear();
    await rm(this.folder, { recursive: true, force: true }).catch(() => undefined);
  }
}
