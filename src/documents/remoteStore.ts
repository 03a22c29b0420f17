/** Reads and writes the remote side of a document through the shared client. No UI. */
import * as vscode from 'vscode';
import type { ServiceClient } from '../api';
import { entriesForSending } from '../core';
import type { ClientProvider } from '../platform/clientProvider';
import type { RemoteRef } from '../platform/remoteUris';

export class RemoteStore {
  constructor(private readonly clients: ClientProvider) {}

  async client(): Promise<ServiceClient> {
    const c = await this.clients.get();
    if (!c) throw vscode.FileSystemError.Unavailable(vscode.l10n.t('No API key is set. Run "Terminology: Set API Key" first.'));
    return c;
  }

  /** The id of the glossary or collection: from the address, or looked up by its (unique) name. */
  async idOf(ref: RemoteRef, signal?: AbortSignal): Promise<string> {
    if (ref.id) return ref.id;
    const client = await this.client();
    const matches = ref.kind === 'dictionary'
      ? (await client.listGlossaries(signal)).filter((g) => g.name === ref.name).map((g) => g.glossaryId)
      : (await client.listSpokenTerms(signal)).filter((c) => c.name === ref.name).map((c) => c.spokenTermsId);
    if (matches.length === 1) return matches[0];
    throw vscode.FileSystemError.FileNotFound(matches.length
      ? vscode.l10n.t('{0} names several {1}; open it from the explorer instead.', ref.name, ref.kind === 'dictionary' ? 'glossaries' : 'collections')
      : vscode.l10n.t('There is no {0} named "{1}".', ref.kind === 'dictionary' ? 'glossary' : 'Spoken Terms collection', ref.name));
  }

  /** The entries as the service returns them (TSV for dictionaries, one term per line for term lists). */
  async fetch(ref: RemoteRef, signal?: AbortSignal): Promise<string> {
    const client = await this.client();
    const id = await this.idOf(ref, signal);
    return ref.kind === 'dictionary'
      ? client.getDictionaryEntries(id, ref.sourceLang, ref.targetLang, signal)
      : client.getTermListEntries(id, ref.lang, signal);
  }

  /** Entry count the service reports, without the entries (a cheap check whether the remote moved). */
  async entryCount(ref: RemoteRef, signal?: AbortSignal): Promise<number | undefined> {
    const client = await this.client();
    const id = await this.idOf(ref, signal);
    if (ref.kind === 'dictionary') {
      const g = await client.getGlossary(id, signal);
      return g.dictionaries.find((d) => d.sourceLang === ref.sourceLang && d.targetLang === ref.targetLang)?.entryCount;
    }
    const c = await client.getSpokenTerms(id, signal);
    return c.termLists.find((l) => l.lang === ref.lang)?.entryCount;
  }

  /** Replaces the remote dictionary or term list with `text`; returns exactly what was sent. */
  async replace(ref: RemoteRef, text: string, signal?: AbortSignal): Promise<string> {
    const client = await this.client();
    const id = await this.idOf(ref, signal);
    const sent = entriesForSending(text);
    if (ref.kind === 'dictionary') {
      await client.replaceDictionary(id, { sourceLang: ref.sourceLang, targetLang: ref.targetLang, entries: sent, entriesFormat: 'tsv' }, signal);
    } else {
      await client.replaceTermList(id, { lang: ref.lang, entries: sent }, signal);
    }
    return sent;
  }
}
