/** The search itself: every dictionary of every glossary, fetched with bounded concurrency through the one shared
 * client (its retry policy handles 429), cached per dictionary version. Plain values in and out; no `vscode`. */
import { CancelledError, type Glossary, type ServiceClient } from '../api';
import type { EntryMatch, PhraseSearchOptions } from '../core/search';
import { KeptTextGone, type KeptText, type Offload } from '../worker/offload';
import { forEachBounded } from '../base/bounded';
import type { Logger } from '../base/logger';
import { EntriesCache } from './cache';

export const DEFAULT_SEARCH_CONCURRENCY = 4;

export interface SearchProgress { done: number; total: number }

export interface GlossarySearchOptions extends PhraseSearchOptions {
  /** Entries requests in flight at most (default 4). */
  concurrency?: number;
  /** Called after each dictionary was searched (from the cache or fetched). */
  onProgress?: (p: SearchProgress) => void;
}

export interface DictionaryRef { glossaryId: string; glossaryName: string; sourceLang: string; targetLang: string }

export interface GlossaryMatch extends EntryMatch, DictionaryRef {}

export interface GlossarySearchResult {
  query: string;
  caseSensitive: boolean;
  /** In glossary name order, then the glossary's dictionary order, then line order. */
  matches: GlossaryMatch[];
  glossaries: number;
  dictionaries: number;
  /** Dictionaries whose entries were requested in this search / taken from the cache. */
  fetched: number;
  cached: number;
  /** Dictionaries that could not be read (after the client's retries), with the error. */
  failures: Array<DictionaryRef & { error: unknown }>;
}

/** A dictionary's entries as the search holds them: the text, or (a large one) kept on the core worker. */
export type HeldEntries = { text: string } | { kept: KeptText };
const heldSize = (held: HeldEntries) => ('text' in held ? held.text.length : held.kept.units);

export class GlossarySearch {
  readonly cache: EntriesCache<HeldEntries>;

  /** `offload`: where the entries are kept and searched (a dictionary of 10 MiB never crosses back to this thread). */
  constructor(private readonly client: () => Promise<ServiceClient | undefined>, private readonly log: Logger, private readonly offload: Offload, cache?: EntriesCache<HeldEntries>) {
    this.cache = cache ?? new EntriesCache<HeldEntries>(undefined, heldSize, (held) => { if ('kept' in held) offload.release(held.kept); });
  }

  async searchGlossaries(query: string, options: GlossarySearchOptions = {}, signal?: AbortSignal): Promise<GlossarySearchResult> {
    const client = await this.client();
    if (!client) throw new Error('No API key is set for the language AI service.');
    const started = Date.now();
    const glossaries = [...await client.listGlossaries(signal)].sort((a, b) => a.name.localeCompare(b.name));
    const dictionaries = glossaries.flatMap((g: Glossary) => g.dictionaries.map((d) => ({
      ref: { glossaryId: g.glossaryId, glossaryName: g.name, sourceLang: d.sourceLang, targetLang: d.targetLang } as DictionaryRef,
      entryCount: d.entryCount,
    })));
    this.cache.retain(dictionaries.map((d) => d.ref));

    const texts: Array<HeldEntries | undefined> = new Array(dictionaries.length);
    const failures: GlossarySearchResult['failures'] = [];
    const toFetch: number[] = [];
    let done = 0;
    const total = dictionaries.length;
    dictionaries.forEach((d, i) => {
      texts[i] = this.cache.get(d.ref, d.entryCount);
      if (texts[i] === undefined) toFetch.push(i); else done++;
    });
    options.onProgress?.({ done, total });

    await forEachBounded(toFetch, options.concurrency ?? DEFAULT_SEARCH_CONCURRENCY, async (i) => {
      const { ref, entryCount } = dictionaries[i];
      try {
        const held = await this.offload.keepEntries({ sourceLang: ref.sourceLang, targetLang: ref.targetLang, ...await client.getDictionaryEntriesRaw(ref.glossaryId, ref.sourceLang, ref.targetLang, signal) });
        texts[i] = held;
        this.cache.set(ref, entryCount, held);
      } catch (err) {
        if (err instanceof CancelledError || signal?.aborted) throw err;
        failures.push({ ...ref, error: err });
        this.log.warn(`search: could not read "${ref.glossaryName}" ${ref.sourceLang}-${ref.targetLang}: ${(err as Error).message}`);
      }
      options.onProgress?.({ done: ++done, total });
    }, signal);
    if (signal?.aborted) throw new CancelledError('cancelled', 'Cancelled: search glossaries');

    // Each dictionary's text is searched on the core worker when it is large: 10 MiB dictionaries do not stall the
    // extension host. A large one was kept there when it was read (its text never crossed back); a small one is
    // searched here. One at a time.
    const found: EntryMatch[][] = [];
    for (let i = 0; i < texts.length; i++) {
      const held = texts[i];
      if (held === undefined) { found.push([]); continue; }
      try {
        found.push('text' in held ? await this.offload.findInEntries(held.text, query, options) : await this.offload.findInKept(held.kept, query, options));
      } catch (err) {
        if (!(err instanceof KeptTextGone)) throw err;
        // The worker stopped (everything runs here from now on): this dictionary is read again.
        const { ref, entryCount } = dictionaries[i];
        const text = await client.getDictionaryEntries(ref.glossaryId, ref.sourceLang, ref.targetLang, signal);
        this.cache.set(ref, entryCount, { text });
        found.push(await this.offload.findInEntries(text, query, options));
      }
    }
    const matches: GlossaryMatch[] = [];
    dictionaries.forEach((d, i) => { for (const m of found[i]) matches.push({ ...d.ref, ...m }); });
    this.log.info(`search: ${matches.length} matches in ${total} dictionaries (${toFetch.length} fetched, ${total - toFetch.length} cached, ${failures.length} failed) in ${Date.now() - started} ms`);
    return {
      query, caseSensitive: Boolean(options.caseSensitive), matches, glossaries: glossaries.length, dictionaries: total,
      fetched: toFetch.length, cached: total - toFetch.length, failures,
    };
  }
}
