/** The sync status of a linked file, the way git shows a file's state: computed from the local text, the last synced
 * version (what the file and the service last agreed on, kept by the extension) and the service's listing, by
 * entries, not bytes. Pure: no vscode, no I/O. */
import { parseEntries } from '../serialize';
import { termsOf } from '../termList';
import type { EntriesFormat } from '../fields';

export type SyncState =
  | 'in-sync'
  /** The file changed since the last sync; the service did not. */
  | 'local-changes'
  /** The service changed since the last sync; the file did not. */
  | 'remote-changes'
  /** Both changed (or, never synced, they differ): Pull merges three-way. */
  | 'both-changed'
  /** It was synced, and the service no longer has it (deleted by someone). */
  | 'remote-missing'
  /** The service has no such dictionary or list yet, and it was never synced. */
  | 'not-pushed'
  /** The manifest links a file that does not exist. */
  | 'local-missing';

export const SYNC_STATES: readonly SyncState[] = ['in-sync', 'local-changes', 'remote-changes', 'both-changed', 'remote-missing', 'not-pushed', 'local-missing'];

/** What a linked file's text is: a dictionary in TSV or CSV (with its pair), or a term list. */
export type LinkedKind = { kind: 'entries'; format: EntriesFormat; sourceLang?: string; targetLang?: string } | { kind: 'terms' };

/** The last version the file and the service agreed on (after a clone, pull or push): the service's text. */
export interface SyncedVersion {
  /** The service's text at that moment (TSV for dictionaries, one term per line for lists). */
  text: string;
  /** The service's entry count at that moment (its listing's figure). */
  entryCount: number;
  /** The glossary or collection id it was synced with: a base from another glossary is no base. */
  remoteId: string;
}

/** What the service's listing says of the dictionary or list (no entries fetched). */
export interface RemoteListing {
  /** The glossary or collection exists and has this pair or language. */
  exists: boolean;
  entryCount?: number;
  /** Whether the listing holds the glossary or collection itself (false: this key does not find it at all, as when it
   * was deleted or the key is another account's); undefined when not known. */
  container?: boolean;
}

/**
 * The content of a text as a multiset of entries: dictionaries by (source, target) of each entry the service would
 * keep (CSV lines whose language columns name another pair are ignored, as the service ignores them), lines that
 * are not entries kept verbatim (they differ from any entry); term lists by their terms.
 */
export function contentKey(text: string, kind: LinkedKind): string[] {
  if (kind.kind === 'terms') return termsOf(text).sort();
  const parsed = parseEntries(text, kind.format);
  const out: string[] = [];
  const { sourceLang, targetLang } = kind;
  for (const e of parsed.entries) {
    if (e.sourceLang !== undefined && sourceLang && targetLang &&
      (e.sourceLang.toLowerCase() !== sourceLang.toLowerCase() || e.targetLang?.toLowerCase() !== targetLang.toLowerCase())) continue;
    out.push(`${e.source}\u0000${e.target}`);
  }
  const lines = text.split(/\r\n|\r|\n/);
  for (const i of parsed.invalidLines) out.push(`\u0001${lines[i]}`);
  return out.sort();
}

/** Whether two texts hold the same entries; `b` may be in the service's format (TSV or terms). */
export function sameEntries(a: string, aKind: LinkedKind, b: string, bKind: LinkedKind = aKind.kind === 'terms' ? aKind : { ...aKind, format: 'tsv' }): boolean {
  if (a === b && JSON.stringify(aKind) === JSON.stringify(bKind)) return true;
  const x = contentKey(a, aKind);
  const y = contentKey(b, bKind);
  return x.length === y.length && x.every((k, i) => k === y[i]);
}

const SERVICE_KIND = (kind: LinkedKind): LinkedKind => kind.kind === 'terms' ? kind : { kind: 'entries', format: 'tsv' };

export type QuickStatus = { state: SyncState; needsRemoteEntries?: false } | { needsRemoteEntries: true };

/**
 * The status from what is cheap to know: the local text, the synced version and the service's listing. Counts decide
 * whether the service moved: an entry count that differs from the synced one means it did; an equal count is taken
 * as unchanged (a Pull or a Push compares the entries before it writes anything). Only a file never synced against
 * an existing dictionary needs the remote entries (`needsRemoteEntries`), then `fullSyncStatus`.
 */
export function quickSyncStatus(input: { local: string | undefined; base: SyncedVersion | undefined; remote: RemoteListing; remoteId?: string; kind: LinkedKind }): QuickStatus {
  const { local, remote, kind } = input;
  const base = input.base && (!input.remoteId || input.base.remoteId === input.remoteId) ? input.base : undefined;
  if (local === undefined) return { state: 'local-missing' };
  if (!remote.exists) return { state: base ? 'remote-missing' : 'not-pushed' };
  if (!base) return { needsRemoteEntries: true };
  const localChanged = !sameEntries(local, kind, base.text, SERVICE_KIND(kind));
  const remoteChanged = remote.entryCount !== undefined && remote.entryCount !== base.entryCount;
  return { state: stateOf(localChanged, remoteChanged) };
}

/** The status with the remote entries in hand (`remote` undefined: the service has none). */
export function fullSyncStatus(input: { local: string | undefined; base: SyncedVersion | undefined; remote: string | undefined; remoteId?: string; kind: LinkedKind }): SyncState {
  const { local, remote, kind } = input;
  const base = input.base && (!input.remoteId || input.base.remoteId === input.remoteId) ? input.base : undefined;
  if (local === undefined) return 'local-missing';
  if (remote === undefined) return base ? 'remote-missing' : 'not-pushed';
  const service = SERVICE_KIND(kind);
  if (!base) return sameEntries(local, kind, remote, service) ? 'in-sync' : 'both-changed';
  const localChanged = !sameEntries(local, kind, base.text, service);
  const remoteChanged = !sameEntries(remote, service, base.text, service);
  if (localChanged && remoteChanged && sameEntries(local, kind, remote, service)) return 'in-sync'; // the same change on both sides
  return stateOf(localChanged, remoteChanged);
}

function stateOf(localChanged: boolean, remoteChanged: boolean): SyncState {
  if (localChanged && remoteChanged) return 'both-changed';
  if (localChanged) return 'local-changes';
  if (remoteChanged) return 'remote-changes';
  return 'in-sync';
}

/** What Push All does with a file in each state. */
export function pushAction(state: SyncState): 'push' | 'create' | 'skip-in-sync' | 'refuse-pull-first' | 'refuse-remote-missing' | 'refuse-local-missing' {
  switch (state) {
    case 'local-changes': return 'push';
    case 'not-pushed': return 'create';
    case 'in-sync': return 'skip-in-sync';
    case 'remote-changes': case 'both-changed': return 'refuse-pull-first';
    case 'remote-missing': return 'refuse-remote-missing';
    case 'local-missing': return 'refuse-local-missing';
  }
}

/** What Pull All does with a file in each state. */
export function pullAction(state: SyncState): 'write' | 'merge' | 'skip' {
  switch (state) {
    case 'remote-changes': case 'local-missing': return 'write';
    case 'both-changed': return 'merge';
    default: return 'skip';
  }
}
