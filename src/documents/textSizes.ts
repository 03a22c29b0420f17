import { utf8Length } from '../core';

/** UTF-8 size of the last text asked about per address (stat is asked often; the text rarely changes). A large
 * text is counted in slices of 1 Mi units that yield to the event loop (10 MiB at once takes 10-20 ms). Each
 * RemoteFileSystem keeps one, and drops an address's text when its document closes. */
export class TextSizes {
  private readonly sizes = new Map<string, { text: string; size: number }>();

  async sizeOf(key: string, text: string): Promise<number> {
    const c = this.sizes.get(key);
    if (c && c.text === text) return c.size;
    let size = 0;
    for (let at = 0; at < text.length;) {
      if (at > 0) await new Promise((resolve) => setImmediate(resolve));
      let end = Math.min(text.length, at + (1 << 20));
      const unit = text.charCodeAt(end - 1);
      if (end < text.length && unit >= 0xd800 && unit <= 0xdbff) end++; // a surrogate pair counts whole
      size += utf8Length(text.slice(at, end));
      at = end;
    }
    this.sizes.set(key, { text, size });
    return size;
  }

  /** The size of `text` when it is known already (the bytes a save was handed): no count. */
  known(key: string, text: string, size: number): void {
    this.sizes.set(key, { text, size });
  }

  delete(key: string): void {
    this.sizes.delete(key);
  }

  clear(): void {
    this.sizes.clear();
  }
}
