/** Entries of dictionaries already fetched, per dictionary version. No `vscode` import.
 *
 * A version is the glossary id, the language pair and the entry count the listing reports: a listing with another
 * count means the dictionary changed, and its entries are fetched again. A push can change entries without
 * changing their count, so every push (and every refresh of the explorer) drops the cached entries as well. */

export interface DictionaryKey { glossaryId: string; sourceLang: string; targetLang: string }

interface Cached<T> { entryCount: number; value: T }

const keyOf = (d: DictionaryKey) => `${d.glossaryId}\n${d.sourceLang.toLowerCase()}\n${d.targetLang.toLowerCase()}`;

export class EntriesCache<T = string> {
  private readonly byKey = new Map<string, Cached<T>>();
  private chars = 0;

  /** @param maxChars bound on the text held; the least recently used entries go first.
   * @param sizeOf how many characters a value holds (a text's length by default).
   * @param onDrop called with every value that leaves the cache (e.g. to free what it holds elsewhere). */
  constructor(private readonly maxChars = 64 * 1024 * 1024, private readonly sizeOf: (value: T) => number = (v) => (v as unknown as string).length,
    private readonly onDrop?: (value: T) => void) {}

  /** The entries of that dictionary when they were fetched at this entry count. */
  get(d: DictionaryKey, entryCount: number): T | undefined {
    const key = keyOf(d);
    const hit = this.byKey.get(key);
    if (!hit) return undefined;
    if (hit.entryCount !== entryCount) {
      this.drop(key);
      return undefined;
    }
    this.byKey.delete(key); // most recently used last
    this.byKey.set(key, hit);
    return hit.value;
  }

  set(d: DictionaryKey, entryCount: number, value: T): void {
    const key = keyOf(d);
    this.drop(key);
    if (this.sizeOf(value) > this.maxChars) { this.onDrop?.(value); return; }
    this.byKey.set(key, { entryCount, value });
    this.chars += this.sizeOf(value);
    for (const [k] of this.byKey) {
      if (this.chars <= this.maxChars) break;
      this.drop(k);
    }
  }

  /** Drops one dictionary, or every dictionary of a glossary when no pair is given. */
  invalidate(glossaryId: string, pair?: { sourceLang: string; targetLang: string }): void {
    if (pair) return this.drop(keyOf({ glossaryId, ...pair }));
    for (const k of [...this.byKey.keys()]) if (k.startsWith(`${glossaryId}\n`)) this.drop(k);
  }

  /** Keeps only the dictionaries in `present` (the others were deleted). */
  retain(present: readonly DictionaryKey[]): void {
    const keep = new Set(present.map(keyOf));
    for (const k of [...this.byKey.keys()]) if (!keep.has(k)) this.drop(k);
  }

  clear(): void {
    for (const k of [...this.byKey.keys()]) this.drop(k);
  }

  get size(): number {
    return this.byKey.size;
  }

  private drop(key: string): void {
    const hit = this.byKey.get(key);
    if (!hit) return;
    this.byKey.delete(key);
    this.chars -= this.sizeOf(hit.value);
    this.onDrop?.(hit.value);
  }
}
