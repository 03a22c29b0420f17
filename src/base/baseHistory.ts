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

export class BaseHistory<B = string> {
  private readonly byAddress = new Map<string, Map<string, B>>();
  private queue: Promise<unknown> = Promise.resolve();

  /** `keep`: texts per address; `addresses`: addresses kept, the least recently noted dropped first (the history of
   * a closed document outlives it, since VS Code gives its undo stack back when it is reopened). */
  constructor(private readonly keep = 16, private readonly addresses = 32) {}

  private then<T>(step: () => T | Promise<T>): Promise<T> {
    const next = this.queue.then(step);
    this.queue = next.catch(() => undefined);
    return next;
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
      while (this.byAddress.size > this.addresses) this.byAddress.delete(this.byAddress.keys().next().value as string);
      m.delete(dd);
      m.set(dd, base);
      while (m.size > this.keep) m.delete(m.keys().next().value as string);
    });
  }

  /** The base `text` descends from, when it is one of the texts noted for `key` (before this call). */
  baseOf(key: string, text: string): Promise<B | undefined> {
    const d = digest(text);
    return this.then(async () => this.byAddress.get(key)?.get(await d));
  }

  forget(key: string): void {
    void this.then(() => { this.byAddress.delete(key); });
  }

  /** Resolves once every note, look-up and forgetting asked for so far is applied. */
  settled(): Promise<void> {
    return this.then(() => undefined);
  }
}
