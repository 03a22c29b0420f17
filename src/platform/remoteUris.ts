/** Readable addresses of remote documents:
 *   terminology://glossaries/<glossary name>/en-de.glossary.tsv?id=<glossary id>
 *   terminology://glossaries/<glossary name>/en.multilingual.tsv?id=<glossary id>   (every dictionary from EN)
 *   terminology://spoken-terms/<collection name>/en.terms.txt?id=<collection id>
 * The names end like the local glossary and term list files, so that a document has its language (and the
 * language's defaults: no auto-save, a real tab, no prompt about Unicode line breaks) from the moment it opens.
 * Addresses of the first version (`en-de.tsv`, `en.txt`) are still understood.
 * The id in the query makes the address exact; without it, the name is looked up (it must then be unique). */
import * as vscode from 'vscode';

export const SCHEME = 'terminology';
/** Read-only snapshots of the remote side, for "Compare". */
export const REMOTE_SNAPSHOT_SCHEME = 'terminology-remote';

export type RemoteRef =
  | { kind: 'dictionary'; id?: string; name: string; sourceLang: string; targetLang: string }
  /** All dictionaries of a glossary with one source language, as one multilingual text (src/core/glossary). */
  | { kind: 'glossary'; id?: string; name: string; sourceLang: string }
  | { kind: 'termList'; id?: string; name: string; lang: string };

export type RemotePath =
  | RemoteRef
  | { kind: 'root'; area: 'glossaries' | 'spoken-terms' }
  | { kind: 'folder'; area: 'glossaries' | 'spoken-terms'; id?: string; name: string };

/** A name as one path segment: slashes would split it, so they become look-alike division slashes. */
const segment = (name: string) => (name.replace(/[/\\]/g, '\u2215') || '(unnamed)');

export const dictionaryFileName = (pair: { sourceLang: string; targetLang: string }) =>
  `${pair.sourceLang.toLowerCase()}-${pair.targetLang.toLowerCase()}.glossary.tsv`;
export const glossaryViewFileName = (sourceLang: string) => `${sourceLang.toLowerCase()}.multilingual.tsv`;
export const termListFileName = (lang: string) => `${lang.toLowerCase()}.terms.txt`;

export function dictionaryUri(glossary: { glossaryId: string; name: string }, pair: { sourceLang: string; targetLang: string }): vscode.Uri {
  return vscode.Uri.from({
    scheme: SCHEME, authority: 'glossaries', query: `id=${glossary.glossaryId}`,
    path: `/${segment(glossary.name)}/${dictionaryFileName(pair)}`,
  });
}

export function glossaryViewUri(glossary: { glossaryId: string; name: string }, sourceLang: string): vscode.Uri {
  return vscode.Uri.from({
    scheme: SCHEME, authority: 'glossaries', query: `id=${glossary.glossaryId}`,
    path: `/${segment(glossary.name)}/${glossaryViewFileName(sourceLang)}`,
  });
}

export function termListUri(collection: { spokenTermsId: string; name: string }, lang: string): vscode.Uri {
  return vscode.Uri.from({
    scheme: SCHEME, authority: 'spoken-terms', query: `id=${collection.spokenTermsId}`,
    path: `/${segment(collection.name)}/${termListFileName(lang)}`,
  });
}

export function parseRemoteUri(uri: vscode.Uri): RemotePath | undefined {
  const area = uri.authority === 'glossaries' || uri.authority === 'spoken-terms' ? uri.authority : undefined;
  if (!area) return undefined;
  const id = /(?:^|&)id=([^&]+)/.exec(uri.query)?.[1];
  const parts = uri.path.split('/').filter(Boolean);
  if (parts.length === 0) return { kind: 'root', area };
  const name = parts[0];
  if (parts.length === 1) return { kind: 'folder', area, name, ...(id ? { id } : {}) };
  if (parts.length !== 2) return undefined;
  if (area === 'glossaries') {
    const all = /^([^-.]+)\.multilingual\.tsv$/i.exec(parts[1]);
    if (all) return { kind: 'glossary', name, sourceLang: all[1].toLowerCase(), ...(id ? { id } : {}) };
    const pair = /^([^-.]+)-([^.]+)(?:\.glossary)?\.tsv$/i.exec(parts[1]);
    return pair ? { kind: 'dictionary', name, sourceLang: pair[1].toLowerCase(), targetLang: pair[2].toLowerCase(), ...(id ? { id } : {}) } : undefined;
  }
  const m = /^([^.]+)(?:\.terms)?\.txt$/i.exec(parts[1]);
  return m ? { kind: 'termList', name, lang: m[1].toLowerCase(), ...(id ? { id } : {}) } : undefined;
}

export function parseRemoteRef(uri: vscode.Uri): RemoteRef | undefined {
  const p = uri.scheme === SCHEME || uri.scheme === REMOTE_SNAPSHOT_SCHEME ? parseRemoteUri(uri) : undefined;
  return p && (p.kind === 'dictionary' || p.kind === 'glossary' || p.kind === 'termList') ? p : undefined;
}

/** "Product terms EN → DE" / "Meetings EN terms", for titles and messages. */
export function describeRef(ref: RemoteRef): string {
  if (ref.kind === 'glossary') return `"${ref.name}" from ${ref.sourceLang.toUpperCase()}`;
  return ref.kind === 'dictionary'
    ? `"${ref.name}" ${ref.sourceLang.toUpperCase()} → ${ref.targetLang.toUpperCase()}`
    : `"${ref.name}" ${ref.lang.toUpperCase()} terms`;
}
