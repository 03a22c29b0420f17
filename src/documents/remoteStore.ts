/** Reads and writes the remote side of a document through the shared client. No UI. */
import * as vscode from 'vscode';
import { CancelledError, dictionaryBody, NotFoundError, termListBody, type ServiceClient } from '../api';
import { entriesForSending, joinGrid, parseGrid, splitGrid } from '../core';
import type { ClientProvider } from '../platform/clientProvider';
import { noKeyText } from '../platform/errors';
import type { RemoteRef } from '../platform/remoteUris';
import type { KeptText, Offload } from '../worker/offload';
import type { GridAnswer } from '../worker/offloadProtocol';

/** How many dictionaries of a multilingual glossary its read fetches side by side. 2 at a time left the first rows
 * of a 5 × 2 MiB glossary's table 0.18x of VS Code's own open later than 5 at a time (medians of 12 alternating runs
 * of the floors bench); the client's retries take a 429 the service may answer to more. */
export const GLOSSARY_FETCHES = 5;

export class RemoteStore {
  /** `offload`: where large answers are parsed and kept, and a multilingual save's changes found. */
  constructor(private readonly clients: ClientProvider, readonly offload: Offload) {}

  async client(): Promise<ServiceClient> {
    const c = await this.clients.get();
    if (!c) throw vscode.FileSystemError.Unavailable(noKeyText());
    return c;
  }

  /** The id of the glossary or collection: from the address, or looked up by its (unique) name. */
  async idOf(ref: RemoteRef, signal?: AbortSignal): Promise<string> {
    if (ref.id) return ref.id;
    const matches = await this.idsNamed(ref, signal);
    if (matches.length === 1) return matches[0];
    throw vscode.FileSystemError.FileNotFound(matches.length
      ? vscode.l10n.t('{0} names several {1}; open it from the explorer instead.', ref.name, ref.kind !== 'termList' ? 'glossaries' : 'collections')
      : vscode.l10n.t('There is no {0} named "{1}".', ref.kind !== 'termList' ? 'glossary' : 'Spoken Terms collection', ref.name));
  }

  /** The ids of the glossaries (or collections) named as `ref` names its own. */
  private async idsNamed(ref: RemoteRef, signal?: AbortSignal): Promise<string[]> {
    const client = await this.client();
    return ref.kind !== 'termList'
      ? (await client.listGlossaries(signal)).filter((g) => g.name === ref.name).map((g) => g.glossaryId)
      : (await client.listSpokenTerms(signal)).filter((c) => c.name === ref.name).map((c) => c.spokenTermsId);
  }

  /** Whether the glossary or Spoken Terms collection `ref` belongs to is missing on the service for the key set now
   * (deleted, or the key is another account's); undefined when that cannot be told (the service did not answer). */
  async containerMissing(ref: RemoteRef, signal?: AbortSignal): Promise<boolean | undefined> {
    try {
      if (!ref.id) {
        const named = (await this.idsNamed(ref, signal)).length;
        return named === 0 ? true : named === 1 ? false : undefined;
      }
      const client = await this.client();
      if (ref.kind === 'termList') await client.getSpokenTerms(ref.id, signal);
      else await client.getGlossary(ref.id, signal);
      return false;
    } catch (err) {
      if (err instanceof CancelledError) throw err;
      return err instanceof NotFoundError ? true : undefined;
    }
  }

  /** The entries as the service returns them (TSV for dictionaries, one term per line for term lists). `forRead`:
   * for a readFile, which takes the UTF-8 bytes of a large text made with it on the worker (takeBytes). */
  async fetch(ref: RemoteRef, signal?: AbortSignal, forRead = false): Promise<string> {
    const client = await this.client();
    const id = await this.idOf(ref, signal);
    if (ref.kind === 'glossary') return this.fetchGlossary(client, id, ref.sourceLang, signal, forRead);
    if (ref.kind === 'termList') return client.getTermListEntries(id, ref.lang, signal);
    // (A fetch that no readFile hands to VS Code, a save's check or a Pull, needs no bytes.)
    if (!forRead) return client.getDictionaryEntries(id, ref.sourceLang, ref.targetLang, signal);
    // A large answer's bytes go to the core worker unparsed, which reads the entries and encodes them: the text
    // crosses back once, and the readFile that hands it to VS Code takes its bytes (takeBytes) instead of sending it
    // back to be encoded.
    const raw = await client.getDictionaryEntriesRaw(id, ref.sourceLang, ref.targetLang, signal);
    if ('text' in raw) return raw.text;
    const { text, bytes } = await this.offload.entriesAnswer({ sourceLang: ref.sourceLang, targetLang: ref.targetLang, bytes: raw.bytes });
    this.keepBytes(text, bytes);
    return text;
  }

  /** A dictionary's entries for a comparison only (a save's check): a large answer is parsed on the core worker and
   * kept there (see Offload.keepEntries), its text not brought back unless asked for. Other kinds: the text. */
  async fetchKept(ref: RemoteRef, signal?: AbortSignal): Promise<string | { kept: KeptText }> {
    if (ref.kind !== 'dictionary') return this.fetch(ref, signal);
    const client = await this.client();
    const id = await this.idOf(ref, signal);
    const held = await this.offload.keepEntries({ sourceLang: ref.sourceLang, targetLang: ref.targetLang, ...await client.getDictionaryEntriesRaw(id, ref.sourceLang, ref.targetLang, signal) });
    return 'text' in held ? held.text : held;
  }

  /** Every dictionary of the glossary from `sourceLang`, joined into one multilingual text (columns in the order
   * of the target language codes). One entries call per dictionary. */
  private async fetchGlossary(client: ServiceClient, id: string, sourceLang: string, signal?: AbortSignal, forRead = false): Promise<string> {
    const g = await client.getGlossary(id, signal);
    const pairs = g.dictionaries.filter((d) => d.sourceLang.toLowerCase() === sourceLang)
      .sort((a, b) => (a.targetLang < b.targetLang ? -1 : a.targetLang > b.targetLang ? 1 : 0));
    if (!pairs.length) throw new NotFoundError('not-found', vscode.l10n.t('The glossary has no dictionary from {0}.', sourceLang.toUpperCase()), 404);
    // The dictionaries are fetched side by side (GLOSSARY_FETCHES at a time); their answers' bytes go to the core
    // worker unparsed, which parses and joins them and encodes the text: no entries text crosses between the threads.
    const answers: GridAnswer[] = new Array(pairs.length);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < pairs.length; i = next++) {
        const d = pairs[i];
        const raw = await client.getDictionaryEntriesRaw(id, d.sourceLang, d.targetLang, signal);
        answers[i] = { sourceLang: d.sourceLang, targetLang: d.targetLang.toLowerCase(), ...raw };
      }
    };
    await Promise.all(Array.from({ length: Math.min(GLOSSARY_FETCHES, pairs.length) }, worker));
    const { text, bytes } = await this.offload.joinGridAnswers(sourceLang, answers);
    if (forRead) this.keepBytes(text, bytes);
    return text;
  }

  /** The UTF-8 bytes of the texts large fetches returned, made with them on the worker, newest last: each taken once
   * (by the readFile that hands that text to VS Code), or dropped after 10 s (a fetch that was not a read: a save's
   * conflict check, a Pull). A few at most: texts opened at once. */
  private readonly encoded: Array<{ text: string; bytes: Uint8Array; timer: ReturnType<typeof setTimeout> }> = [];

  private keepBytes(text: string, bytes: Uint8Array): void {
    const entry = { text, bytes, timer: setTimeout(() => this.dropBytes(entry), 10_000) };
    entry.timer.unref?.();
    this.encoded.push(entry);
    if (this.encoded.length > 4) this.dropBytes(this.encoded[0]);
  }

  /** Lets an entry go, its timer too (a pending timer would keep its text and bytes alive until it fires). */
  private dropBytes(entry: { text: string; bytes: Uint8Array; timer: ReturnType<typeof setTimeout> }): void {
    clearTimeout(entry.timer);
    const i = this.encoded.indexOf(entry);
    if (i >= 0) this.encoded.splice(i, 1);
  }

  /** The bytes kept for `text` (the same string the fetch returned), once; undefined when none are. */
  takeBytes(text: string): Uint8Array | undefined {
    // The same string object, or one of the same length and text (compared only when the lengths match).
    const e = this.encoded.find((x) => x.text === text);
    if (!e) return undefined;
    this.dropBytes(e);
    return e.bytes;
  }

  /** Entry count the service reports, without the entries (a cheap check whether the remote moved). */
  async entryCount(ref: RemoteRef, signal?: AbortSignal): Promise<number | undefined> {
    const client = await this.client();
    const id = await this.idOf(ref, signal);
    if (ref.kind === 'glossary') {
      const pairs = (await client.getGlossary(id, signal)).dictionaries.filter((d) => d.sourceLang.toLowerCase() === ref.sourceLang);
      return pairs.length ? pairs.reduce((n, d) => n + d.entryCount, 0) : undefined;
    }
    if (ref.kind === 'dictionary') {
      const g = await client.getGlossary(id, signal);
      return g.dictionaries.find((d) => d.sourceLang === ref.sourceLang && d.targetLang === ref.targetLang)?.entryCount;
    }
    const c = await client.getSpokenTerms(id, signal);
    return c.termLists.find((l) => l.lang === ref.lang)?.entryCount;
  }

  /** The body of the request `replace` sends for a dictionary or term list, its entries left empty: a save fills them
   * in and encodes it on the core worker ahead of time (`encoded` below). */
  bodyTemplate(ref: RemoteRef): Record<string, unknown> | undefined {
    if (ref.kind === 'dictionary') return dictionaryBody({ sourceLang: ref.sourceLang, targetLang: ref.targetLang, entries: '', entriesFormat: 'tsv' });
    if (ref.kind === 'termList') return termListBody({ lang: ref.lang, entries: '' });
    return undefined;
  }

  /** Replaces the remote dictionary or term list with `text`. For a multilingual text, only the dictionaries whose
   * entries differ from `remote` (the text the save compared with) are sent, one call each (see `replaceGlossary`),
   * and their target languages are returned. `encoded`: the request's body for this `text`, made ahead from
   * `bodyTemplate(ref)` with the entries `entriesForSending(text)` (see Offload.saveAhead). Also the entry count the
   * service answered with, for a dictionary or a term list. */
  async replace(ref: RemoteRef, text: string, signal?: AbortSignal, remote?: string, encoded?: Uint8Array): Promise<{ dictionaries?: string[]; entryCount?: number }> {
    const client = await this.client();
    const id = await this.idOf(ref, signal);
    if (ref.kind === 'glossary') return { dictionaries: await replaceGlossary(client, this.offload, id, text, remote, signal) };
    // (With the body made ahead, the entries are only its size and what a log would say.)
    const sent = encoded ? text : entriesForSending(text);
    // The count the service answers with (it counted them anyway): not counted here again.
    const { entryCount } = ref.kind === 'dictionary'
      ? await client.replaceDictionary(id, { sourceLang: ref.sourceLang, targetLang: ref.targetLang, entries: sent, entriesFormat: 'tsv' }, signal, encoded)
      : await client.replaceTermList(id, { lang: ref.lang, entries: sent }, signal, encoded);
    return { entryCount };
  }
}

/** Some dictionaries of a multilingual save went through, one did not: the service now holds `pushed` as in the
 * document, and `remote` with those replaced (the base the next save compares with, so that it sends only the rest). */
export class PartialPushError extends Error {
  constructor(readonly pushed: string[], readonly failed: string, readonly notTried: string[], readonly remote: string, readonly cause: unknown) {
    super(`pushed ${pushed.join(', ')}; ${failed} failed`);
  }
}

/** What a multilingual save sends: per target language, the entries when they differ from the remote's. Refuses
 * (before anything is sent) to drop a language or empty a dictionary: that is "Delete Dictionary" in the explorer. */
export async function glossaryChanges(offload: Offload, text: string, remote: string | undefined): Promise<{ targetLang: string; entries: string }[]> {
  const r = await offload.gridChanges(text, remote); // splitting and comparing 10 MiB: on the core worker
  if ('removed' in r) throw new Error(vscode.l10n.t('the {0} column was removed. Nothing was sent. To delete a dictionary, use "Delete Dictionary" in the Terminology explorer; to keep it, bring the column back (Undo).', r.removed.toUpperCase()));
  if ('emptied' in r) throw new Error(vscode.l10n.t('the {0} column is empty. Nothing was sent. A dictionary holds at least one entry: to delete it, use "Delete Dictionary" in the Terminology explorer.', r.emptied.toUpperCase()));
  return r.changes;
}

async function replaceGlossary(client: ServiceClient, offload: Offload, id: string, text: string, remote: string | undefined, signal?: AbortSignal): Promise<string[]> {
  const nl = text.search(/\r|\n/);
  const firstLine = nl < 0 ? text : text.slice(0, nl);
  const sourceLang = parseGrid(firstLine).sourceLang.toLowerCase();
  const changes = await glossaryChanges(offload, text, remote);
  const pushed: string[] = [];
  for (let i = 0; i < changes.length; i++) {
    const c = changes[i];
    try {
      await client.replaceDictionary(id, { sourceLang, targetLang: c.targetLang, entries: c.entries, entriesFormat: 'tsv' }, signal);
      pushed.push(c.targetLang);
    } catch (err) {
      if (!pushed.length) throw err;
      // The base of the next save: the remote as it was, with what went through replaced by the document's.
      const now = splitGrid(remote ?? '');
      const mine = splitGrid(text);
      const dictionaries = [...new Set([...now.dictionaries, ...mine.dictionaries].map((d) => d.targetLang.toLowerCase()))].sort().map((l) => {
        const from = pushed.includes(l) ? mine : now;
        return { targetLang: l, entries: from.dictionaries.find((d) => d.targetLang.toLowerCase() === l)?.entries ?? [] };
      }).filter((d) => d.entries.length);
      throw new PartialPushError(pushed, c.targetLang, changes.slice(i + 1).map((x) => x.targetLang), joinGrid(sourceLang, dictionaries), err);
    }
  }
  return pushed;
}
