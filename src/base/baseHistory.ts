/** Which remote version each recent text of a document descends from, keyed by a digest of the text: when Undo or
 * Redo brings a text back, its base comes back with it. A few texts per address are kept. No vscode import. The base
 * is the remote text (a dictionary's, a term list's, a glossary's) or what stands for it (a style rule list).
 *
 * The digest of 10 MiB (SHA-1 over 20 MB of UTF-16) takes 30-60 ms: it is computed in slices of 1 Mi units that
 * yield to the event loop between them. Notes, look-ups and forgetting are applied in the order they were asked
 * for; `settled()` waits until every one asked so far is applied. */
import { createHash } from 'node:crypto';

/** Units hashed per task. */
const SLICE_UNITS = 1 << 20;

// Over the UTF-16 code units as they are: no UTF-8 transcoding of 10 MiB (and lone surrogates stay distinct).
async function digest(text: string): Promise<string> {
  const hash = createHash('sha1');
  for (let at = 0; at < text.length; at += SLICE_UNITS) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    hash.update(text.slice(at, at + SLICE_UNITS), 'utf16le');
  }
  return hash.digest('base64');
}

/** Where the bases of closed documents go, so that the history holds no large text for them in memory: `put` keeps a
 * base and names it (undefined when it could not: the base then stays in memory), `get` reads it back (throws when it
 * is gone), `drop` lets it go once no entry names it. */
export interface SpillStore<B> {
  put(base: B): Promise<string | undefined>;
  get(name: string): Promise<B>;
  drop(name: string): void;
}

/** A base kept in the spill store, by its name there. */
class Spilled {
  constructor(readonly name: string) {}
}

export class BaseHistory<B = string> {
  private readonly byAddress = new Map<string, Map<string, B | Spilled>>();
  /** How many entries name each spilled base. */
  private readonly spilledRefs = new Map<string, number>();
  private queue: Promise<unknown> = Promise.resolve();

  /** `keep`: texts per address; `addresses`: addresses kept, the least recently noted dropped first (the history of
   * a closed document outlives it, since VS Code gives its undo stack back when it is reopened); `store`: where
   * `spill` moves the bases of a closed document (none: they stay in memory). */
  constructor(private readonly keep = 16, private readonly addresses = 32, private readonly store?: SpillStore<B>) {}

  private then<T>(step: () => T | Promise<T>): Promise<T> {
    const next = this.queue.then(step);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** An entry leaves the history: a spilled base no entry names any more is dropped from the store. */
  private release(value: B | Spilled | undefined): void {
    if (!(value instanceof Spilled)) return;
    const n = (this.spilledRefs.get(value.name) ?? 1) - 1;
    if (n > 0) { this.spilledRefs.set(value.name, n); return; }
    this.spilledRefs.delete(value.name);
    this.store?.drop(value.name);
  }

  private dropAddress(key: string): void {
    const m = this.byAddress.get(key);
    this.byAddress.delete(key);
    for (const v of m?.values() ?? []) this.release(v);
  }

  /** Notes that `text` descends from the remote version `base`. */
  remember(key: string, text: string, base: B): void {
    // The digest starts now (text is not kept beyond it); it is noted in order.
    const d = digest(text);
    void this.then(async () => {
      const dd = await d;
      let m = this.byAddress.get(key);
      this.byAddress.delete(key);
      this.byAddress.set(key, m ??= new Map());
      while (this.byAddress.size > this.addresses) this.dropAddress(this.byAddress.keys().next().value as string);
      this.release(m.get(dd));
      m.delete(dd);
      m.set(dd, base);
      while (m.size > this.keep) {
        const oldest = m.keys().next().value as string;
        this.release(m.get(oldest));
        m.delete(oldest);
      }
    });
  }

  /** The base `text` descends from, when it is one of the texts noted for `key` (before this call). Rejects when that
   * base was spilled and cannot be read back: the caller must then treat the base as unknown. */
  baseOf(key: string, text: string): Promise<B | undefined> {
    const d = digest(text);
    return this.then(async () => {
      const v = this.byAddress.get(key)?.get(await d);
      return v instanceof Spilled ? this.store!.get(v.name) : v;
    });
  }

  forget(key: string): void {
    void this.then(() => { this.dropAddress(key); });
  }

  /** The document at `key` closed: its bases move to the store (each distinct base once), so that a closed document
   * costs no memory for them; a later look-up reads them back. */
  spill(key: string): void {
    const store = this.store;
    if (!store) return;
    void this.then(async () => {
      const m = this.byAddress.get(key);
      if (!m) return;
      const named = new Map<B, string | undefined>();
      for (const [d, v] of [...m]) {
        if (v instanceof Spilled) continue;
        if (!named.has(v)) named.set(v, await store.put(v).catch(() => undefined));
        const name = named.get(v);
        if (name === undefined || this.byAddress.get(key) !== m || m.get(d) !== v) continue; // kept in memory
        m.set(d, new Spilled(name));
        this.spilledRefs.set(name, (this.spilledRefs.get(name) ?? 0) + 1);
      }
    });
  }

  /** Resolves once every note, look-up and forgetting asked for so far is applied. */
  settled(): Promise<void> {
    return this.then(() => undefined);
  }
}
