/** Which remote version each recent text of a document descends from, keyed by a digest of the text: when Undo or
 * Redo brings a text back, its base comes back with it. A few texts per address are kept. No vscode import. */
import { createHash } from 'node:crypto';

// Over the UTF-16 code units as they are: no UTF-8 transcoding of 10 MiB (and lone surrogates stay distinct).
const digest = (text: string) => createHash('sha1').update(text, 'utf16le').digest('base64');

export class BaseHistory {
  private readonly byAddress = new Map<string, Map<string, string>>();

  constructor(private readonly keep = 16) {}

  /** Notes that `text` descends from the remote version `base`. */
  remember(key: string, text: string, base: string): void {
    let m = this.byAddress.get(key);
    if (!m) this.byAddress.set(key, m = new Map());
    const d = digest(text);
    m.delete(d);
    m.set(d, base);
    while (m.size > this.keep) m.delete(m.keys().next().value as string);
  }

  /** The base `text` descends from, when it is one of the texts noted for `key`. */
  baseOf(key: string, text: string): string | undefined {
    return this.byAddress.get(key)?.get(digest(text));
  }

  forget(key: string): void {
    this.byAddress.delete(key);
  }
}
