/** Entries of dictionaries already fetched, per dictionary version. No `vscode` import.
 *
 * A version is the glossary id, the language pair and the entry count the listing reports: a listing with another
 * count means the dictionary changed, and its entries are fetched again. A push can change entries without
 * changing their count, so every push (and every refresh of the explorer) drops the cached entries as well. */

export interface DictionaryKey { glossaryId: string; sourceLang: string; targetLang: string }

interface Cached { entryCount: number; text: string }

const keyOf = (d: DictionaryKey) => `${d.glossaryId}\n${d.sourceLang.toLowerCase()}\n${d.targetLang.toLowerCase()}`;

export class EntriesCache {
  private readonly byKey = new Map<string, Cached>();
  private chars = 0;

  /** @param maxChars bound on the text held; the least recently used entries go first. */
  constructor(private readonly maxChars = 64 * 1024 * 1024) {}

  /** The entries of that dictionary when they were fetched at this entry count. */
  get(d: DictionaryKey, entryCount: number): string | undefined {
    const key = keyOf(d);
    const hit = this.byKey.get(key);
    if (!hit) return undefined;
    if (hit.entryCount !== entryCount) {
      this.drop(key);
      return undefined;
    }
    this.byKey.delete(key); // most recently used last
    this.byKey.set(key, hit);
    return hit.text;
  }

  set(d: DictionaryKey, entryCount: number, text: string): void {
    const key = keyOf(d);
    this.drop(key);
    if (text.length > this.maxChars) return;
    this.byKey.set(key, { entryCount, text });
    this.chars += text.length;
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
    this.byKey.clear();
    this.chars = 0;
  }

  get size(): number {
    return this.byKey.size;
  }

  private drop(key: string): void {
    const hit = this.byKey.get(key);
    if (!hit) return;
    this.byKey.delete(key);
    this.chars -= hit.text.length;
  }
}
