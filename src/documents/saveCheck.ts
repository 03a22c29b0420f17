/** The conflict check on save: before a save of a terminology:// document pushes, it fetches the remote and
 * compares it with the base the document descends from (`SaveCheck.decide`), so a save never overwrites a change
 * it has not shown; plus the whole-text checks (errors, same entries) that decide whether there is anything to push.
 * RemoteFileSystem.preflight (Save and Push) and RemoteFileSystem.writeFile (every save) run it. */
import * as vscode from 'vscode';
import { NotFoundError, relayRetries } from '../api';
import type { Finding, LintEntriesOptions } from '../core';
import { KeptTextGone, OFFLOAD_ABOVE, type KeptText, type Offload } from '../worker/offload';
import { parseRemoteRef, type RemoteRef } from '../platform/remoteUris';
import { readPieces } from '../platform/readText';
import type { RemoteStore } from './remoteStore';

/** What the save needs from the UI. */
export interface SaveUi {
  /** VS Code replaced unsaved edits with the remote text (its Revert/Discard): offer them back. */
  discarded(uri: vscode.Uri, restore: () => Promise<void>): void;
  /** A save changed no entry (only blank lines, quoting or order): nothing was pushed. */
  unchanged(uri: vscode.Uri): void;
  /** A push went through; `dictionaries`: for a multilingual glossary, the target languages whose dictionaries were
   * sent. */
  pushed(uri: vscode.Uri, ref: RemoteRef, text: string, dictionaries?: readonly string[]): void;
  /** Some dictionaries of a multilingual save went through, not all (the explorer's counts moved). */
  pushedPart?(uri: vscode.Uri, ref: RemoteRef): void;
  /** The service rejected the entries and named one: a diagnostic at that line. */
  rejected(uri: vscode.Uri, finding: Finding): void;
  progress<T>(title: string, work: (signal: AbortSignal) => Promise<T>): Thenable<T>;
  /** The error count of the document's text at `version` linted with `options`, when the editor's linter has it now
   * (a save's checks made ahead then do not lint that text again); undefined when it does not. */
  errorsAt?(doc: vscode.TextDocument, version: number, options: LintEntriesOptions): number | undefined;
}

/** Documents of at least this many lines fetch their remote when an explicit save is announced. */
export const WILL_SAVE_FETCH_LINES = 4096;
/** How long a save may reuse the remote text its preflight fetched. */
export const PREFLIGHT_MS = 5000;
/** How long a fetch started when a save was announced may serve that save's writeFile (as a preflight's does). */
export const WILL_SAVE_FETCH_MS = PREFLIGHT_MS;
/** How long a save waits, at most, for the document's text to be read for its checks made ahead (see
 * fetchOnWillSave; 10 MiB takes 100-300 ms). VS Code gives all extensions' save participants 1.5 s together, and
 * skips those whose turn comes later: a third of it at most. */
export const WILL_SAVE_WAIT_MS = 500;

/** `gone`: the dictionary or term list was deleted on the service since the document was read from it;
 * `container-gone`: its whole glossary or collection is not there for the key set now (deleted, or another account's). */
export type Preflight = { outcome: 'unchanged' | 'conflict' | 'gone' | 'container-gone' | 'same' | 'push' } | { outcome: 'blocked'; errors: number };

/** What Overwrite approves when the remote is gone (deleted on the service): a save may create it again. */
export const GONE = '\u0000deleted on the service';

/** A remote fetch started ahead of the check that needs it. */
export interface EarlyFetch { remote(signal?: AbortSignal): Promise<Fetched>; drop(): void }

/** The checks of a save made from the document's text when the save was announced, for the bytes VS Code then hands
 * over: valid only for those very bytes (compared byte for byte) and the same base. */
export interface Prepared {
  text: string; same: boolean; errors: number; linted: true;
  /** The PUT's body for `text`, encoded (none when the text is the same as its base or has errors). */
  body?: Uint8Array;
  /** Whether the remote the announced fetch brought is the base, compared on the core worker as soon as it came (both
   * kept there); undefined when that was not found out (the check then compares them itself). */
  remoteIsBase: Promise<boolean | undefined>;
}

/** A save's checks under way since it was announced (see SaveCheck.prepare). */
export interface Ahead {
  /** Settles once the document's text has been read and handed to the core worker (or nothing is prepared after
   * all): what the save waits for before VS Code gathers its bytes (see fetchOnWillSave). */
  readonly read: Promise<void>;
  /** Whether `read` has settled. */
  hasRead(): boolean;
  /** The checks, when `content` is the bytes of the text they were made from and `base` the base they compared with. */
  take(content: Uint8Array, base: string | undefined): Promise<Prepared | undefined>;
  /** Frees what the worker keeps for it. */
  drop(): void;
}

/** The fetch (and the checks) an announced save started. */
export interface Announced { fetch: EarlyFetch; ahead?: Ahead; at: number; drop(): void }
/** A remote a save compares with: its text, or (a large dictionary's) kept on the core worker, where it is compared
 * with the base without crossing back; undefined when it does not exist (yet). */
export type Fetched = string | { kept: KeptText } | undefined;

/** The remote fetches of a save and the decision whether it may push. `approved` (the remote the user chose to
 * overwrite) and `remoteSeen` (a newer remote seen, for Compare and Merge) are the file system's own maps. */
const kindOf = (ref: RemoteRef) => (ref.kind === 'dictionary' ? 'entries' : 'terms');

export class SaveCheck {
  constructor(private readonly store: RemoteStore, private readonly approved: ReadonlyMap<string, string>,
    private readonly remoteSeen: Map<string, string>, private readonly ui?: Pick<SaveUi, 'errorsAt'>) {}

  /** Per address, the texts whose PUT got no answer (a lost connection, a garbled reply; the last few), each with the
   * base it was pushed over: the service may hold one. While the document's base is still that one, a remote equal
   * to such a text is this document's own push, not a colleague's change (see decide). */
  readonly unconfirmed = new Map<string, Array<{ text: string; base: string | undefined }>>();

  /** Whether a text was sent over `base` without an answer: the service may hold it, so a text equal to the base is
   * not "nothing to push" (an edit undone after such a save must reach the service too). */
  unanswered(key: string, base: string | undefined): boolean {
    return this.unconfirmed.get(key)?.some((u) => u.base === base) === true;
  }

  /** Remembers `text`, sent over `base` without an answer. */
  sentUnanswered(key: string, text: string, base: string | undefined): void {
    const list = (this.unconfirmed.get(key) ?? []).filter((u) => u.base === base && u.text !== text);
    list.push({ text, base });
    this.unconfirmed.set(key, list.slice(-3));
  }

  /** Whole-text work (linting, comparing, counting, encoding) runs on the core worker for large texts, so a save, a
   * Pull or a stat of 10 MiB never stalls the extension host. */
  private get offload(): Offload { return this.store.offload; }

  /** The errors of a text of `ref`. */
  errorCount(ref: RemoteRef, text: string): Promise<number> {
    if (ref.kind === 'glossary') return this.offload.gridErrorCount(text);
    return ref.kind === 'dictionary'
      ? this.offload.entriesErrorCount(text, { format: 'tsv', sourceLang: ref.sourceLang, targetLang: ref.targetLang })
      : this.offload.termsErrorCount(text, ref.lang);
  }

  /** Whether two texts of `ref` hold the same entries (whatever their order, quoting or blank lines); a multilingual
   * text is compared cell by cell. */
  same(ref: RemoteRef, a: string, b: string): Promise<boolean> {
    return ref.kind === 'glossary' ? this.offload.sameGrid(a, b) : this.offload.sameContent(a, b, kindOf(ref));
  }

  entryCount(ref: RemoteRef, text: string): Promise<number> {
    return ref.kind === 'glossary' ? this.offload.gridEntryCount(text) : this.offload.countEntries(text);
  }

  /** The text of a save's bytes, whether it holds the same entries as `base`, and (when `lint`) its error count. */
  async checkBytes(ref: RemoteRef, content: Uint8Array, base: string | undefined, lint: boolean): Promise<{ text: string; same: boolean; errors: number; linted: boolean }> {
    if (ref.kind === 'glossary') {
      const text = await this.offload.decodeText(content);
      return { text, same: base !== undefined && await this.same(ref, base, text), errors: 0, linted: false };
    }
    const check = ref.kind === 'dictionary'
      ? { kind: 'entries' as const, options: { format: 'tsv' as const, sourceLang: ref.sourceLang, targetLang: ref.targetLang } }
      : { kind: 'terms' as const, lang: ref.lang };
    return { ...await this.offload.saveChecks(content, base, check, lint), linted: lint };
  }

  /** The remote fetch an explicit save of a large document started when VS Code announced it (before VS Code
   * hands the 10 MiB over to writeFile), for that save's conflict check. */
  readonly willSaveFetches = new Map<string, Announced>();
  /** The remote text a preflight fetched, for the save that follows it. */
  readonly prefetched = new Map<string, { text: string; remote: string | undefined; at: number }>();

  /** An explicit save (not auto-save, which never pushes) of a large document: its remote is fetched now, while
   * VS Code gathers and sends the document's bytes to writeFile (for 10 MiB, about as long as the fetch). Still the
   * save's one fetch before its PUT; none when a preflight of this save fetched already. Dropped (aborted) when no
   * writeFile takes it in time. Returns, when the save's checks are made ahead, when the document's text is read and
   * with the worker (see Ahead.read). */
  fetchOnWillSave(doc: vscode.TextDocument, reason: vscode.TextDocumentSaveReason, mounted: boolean, base: () => Promise<string | undefined>): Promise<void> | undefined {
    const key = doc.uri.toString();
    this.willSaveFetches.get(key)?.drop();
    this.willSaveFetches.delete(key);
    if (reason !== vscode.TextDocumentSaveReason.Manual || doc.lineCount < WILL_SAVE_FETCH_LINES || mounted) return undefined;
    const pre = this.prefetched.get(key);
    if (pre && Date.now() - pre.at < PREFLIGHT_MS) return undefined; // Save and Push checked (and fetched) just now
    const ref = parseRemoteRef(doc.uri);
    if (!ref) return undefined;
    const fetch = this.startFetch(ref, true);
    const ahead = ref.kind === 'glossary' ? undefined : this.prepare(doc, ref, base, fetch);
    const entry: Announced = { fetch, ahead, at: Date.now(), drop: () => { fetch.drop(); ahead?.drop(); } };
    this.willSaveFetches.set(key, entry);
    setTimeout(() => {
      if (this.willSaveFetches.get(key) !== entry) return;
      this.willSaveFetches.delete(key);
      entry.drop();
    }, WILL_SAVE_FETCH_MS).unref?.();
    return ahead?.read;
  }

  /** The checks of an announced save, made while VS Code runs the save's participants and gathers and sends the
   * document's bytes (for 10 MiB, a second or so in which the core worker would otherwise wait): the document's
   * text is read in slices and sent to the worker in pieces, which decodes nothing, compares it with the base,
   * lints it and encodes the PUT's body (Offload.saveAhead); and once the announced fetch has come, the remote is
   * compared with the base there. The save takes them only when VS Code's bytes are the UTF-8 of that very text (a
   * participant after this one, an edit meanwhile or another encoding make them differ: then it checks its bytes
   * itself, as without this). */
  private prepare(doc: vscode.TextDocument, ref: RemoteRef, base: () => Promise<string | undefined>, fetch: EarlyFetch): Ahead {
    let dropped = false;
    let keptBase: KeptText | undefined;
    const release = () => { if (keptBase) this.offload.release(keptBase); keptBase = undefined; };
    const check = ref.kind === 'dictionary'
      ? { kind: 'entries' as const, options: { format: 'tsv' as const, sourceLang: ref.sourceLang, targetLang: ref.targetLang } }
      : { kind: 'terms' as const, lang: ref.kind === 'termList' ? ref.lang : undefined };
    // The closures below share one scope, which lives as long as any of them: the document (whose text VS Code lets go
    // when it closes) and the checks (a text as large as the document's) are let go as soon as they are used or the
    // save is over, not kept by a promise or an Ahead someone still holds.
    let source: vscode.TextDocument | undefined = doc;
    const bodyTemplate = this.store.bodyTemplate(ref);
    let posted!: () => void;
    let hasRead = false;
    const read = new Promise<void>((resolve) => { posted = () => { hasRead = true; resolve(); }; });
    let made: Promise<{ base: string | undefined; ahead: NonNullable<Awaited<ReturnType<Offload['saveAhead']>>>; remoteIsBase: Promise<boolean | undefined> } | undefined> | undefined = (async () => {
      const b = await base();
      const from = source;
      source = undefined;
      if (!from || dropped) return undefined;
      const { pieces, version } = await readPieces(from, this.offload.pieceUnits);
      if (dropped) return undefined;
      // The editor's linter has linted this very text as you typed: its error count, when it is at hand.
      const errors = check.kind === 'entries' ? this.ui?.errorsAt?.(from, version, check.options) : undefined;
      const ahead = await this.offload.saveAhead(pieces, b, check, bodyTemplate, errors, posted);
      if (!ahead) return undefined;
      keptBase = ahead.base;
      if (dropped) { release(); return undefined; }
      const kept = keptBase;
      const remoteIsBase = kept ? fetch.remote().then((f) => (typeof f === 'object' && !dropped ? this.offload.keptSame(f.kept, kept) : undefined)).catch(() => undefined) : Promise.resolve(undefined);
      return { base: b, ahead, remoteIsBase };
    })().catch(() => undefined);
    void made.then(posted);
    return {
      read,
      hasRead: () => hasRead,
      take: async (content, b) => {
        const m = await made;
        made = undefined; // taken once: the next writeFile checks its own bytes
        if (!m || dropped || m.base !== b || !sameBytes(content, m.ahead.bytes)) return undefined;
        const { text, same, errors, body } = m.ahead;
        return { text, same, errors, linted: true, ...(body ? { body } : {}), remoteIsBase: m.remoteIsBase };
      },
      drop: () => {
        dropped = true;
        source = undefined;
        made = undefined;
        release();
      },
    };
  }

  /** For a large text, the remote a save compares with is fetched while the text is checked (the checks of 10 MiB
   * take about as long as the fetch): still one fetch, dropped (aborted) when a check ends the save. Undefined for
   * a small text, whose checks take no time (it is fetched after them, as before). */
  earlyFetch(ref: RemoteRef, text: string, kept: boolean): EarlyFetch | undefined {
    return text.length < OFFLOAD_ABOVE ? undefined : this.startFetch(ref, kept);
  }

  /** `kept`: a large dictionary's remote stays on the core worker (for a save's own decision; a preflight's remote
   * is kept as text for the save after it). */
  startFetch(ref: RemoteRef, kept: boolean): EarlyFetch {
    const abort = new AbortController();
    const fetched: Promise<Fetched> = kept ? this.fetchForSave(ref, abort.signal, true) : this.fetchForSave(ref, abort.signal);
    fetched.catch(() => undefined); // a failure is said when (and if) the save waits for it
    return {
      remote: (signal) => {
        if (signal?.aborted) abort.abort();
        signal?.addEventListener('abort', () => abort.abort(), { once: true });
        if (signal) relayRetries(abort.signal, signal); // its resends are said in the progress of the one waiting
        return fetched;
      },
      drop: () => {
        abort.abort();
        void fetched.then((f) => { if (typeof f === 'object') this.offload.release(f.kept); }, () => undefined);
      },
    };
  }

  /** The remote text a save compares with; undefined when the dictionary or list does not exist (yet). `kept`: a
   * large dictionary's is kept on the core worker (see Fetched). */
  fetchForSave(ref: RemoteRef, signal?: AbortSignal): Promise<string | undefined>;
  fetchForSave(ref: RemoteRef, signal: AbortSignal | undefined, kept: true): Promise<Fetched>;
  fetchForSave(ref: RemoteRef, signal?: AbortSignal, kept = false): Promise<Fetched> {
    return (kept ? this.store.fetchKept(ref, signal) : this.store.fetch(ref, signal)).catch((err: unknown) => {
      if (err instanceof NotFoundError) return undefined; // a new dictionary or list: nothing to overwrite
      throw err;
    });
  }

  /** Whether saving `text` over `remote` is safe: the remote is the base the text descends from (or the one the
   * user chose to overwrite), or already holds the text. A conflict keeps the remote for Compare and Merge. */
  async decide(key: string, ref: RemoteRef, base: string | undefined, text: string, fetched: Fetched, signal?: AbortSignal, remoteIsBase?: Promise<boolean | undefined>): Promise<{ outcome: 'conflict' | 'gone' | 'container-gone' | 'same' | 'push'; remote: string | undefined }> {
    let remote: string | undefined;
    if (typeof fetched === 'object') {
      // Kept on the worker: compared with the base there (`remoteIsBase`: already, when the save's checks were made
      // ahead with this base and this fetch). Only a remote that moved comes back, for the checks below.
      try {
        if (base !== undefined && (await remoteIsBase ?? await this.offload.keptEquals(fetched.kept, base))) {
          this.offload.release(fetched.kept);
          return { outcome: 'push', remote: undefined };
        }
        remote = await this.offload.takeKept(fetched.kept);
      } catch (err) {
        if (!(err instanceof KeptTextGone)) { this.offload.release(fetched.kept); throw err; }
        remote = await this.fetchForSave(ref, signal); // the worker stopped: fetched again, as text
      }
    } else remote = fetched;
    // A dictionary or term list is opened only when the service has it (a read of a missing one fails): gone now, it
    // was deleted there since. A push would create it again over that deletion; only when Overwrite chose to.
    // Its whole glossary or collection missing: no push can create the document there (the service answers 404).
    if (remote === undefined && await this.store.containerMissing(ref, signal)) return { outcome: 'container-gone', remote };
    if (remote === undefined && ref.kind !== 'glossary') return { outcome: this.approved.get(key) === GONE ? 'push' : 'gone', remote };
    // Both callers have found that the text differs from its base: a remote that is still the base (the common
    // case, told by one string comparison) is neither the same as the text nor changed.
    if (remote !== undefined && remote === base) return { outcome: 'push', remote };
    if (remote !== undefined && await this.same(ref, remote, text)) return { outcome: 'same', remote };
    // The remote is the text an earlier save sent and heard nothing back about: that push went through, and the text
    // now descends from it.
    for (const sent of remote !== undefined ? this.unconfirmed.get(key) ?? [] : []) {
      if (sent.base === base && await this.same(ref, remote!, sent.text)) return { outcome: 'push', remote };
    }
    const approved = this.approved.get(key);
    // With no known base, a remote that differs from the text may hold a change nobody has seen: ask, never push.
    const unchanged = remote === undefined || (base !== undefined && await this.same(ref, remote, base));
    if (!unchanged && !(approved !== undefined && await this.same(ref, approved, remote!))) {
      this.remoteSeen.set(key, remote!);
      return { outcome: 'conflict', remote };
    }
    return { outcome: 'push', remote };
  }
}

/** Whether two byte arrays hold the same bytes (memcmp: a millisecond or two for 10 MiB). */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

/** A save found the dictionary or term list deleted on the service since the document was read: nothing is pushed. */
export class GoneError extends Error {
  constructor(what: string) {
    super(vscode.l10n.t('{0} was deleted on the service since you opened it. Nothing was pushed; your text is kept. To create it again with your text, run "Overwrite Remote with My Version" (editor title); to let it go, close the tab and choose Don\'t Save.', what));
  }
}

/** A save found the document's whole glossary or collection missing for the key set now: nothing can be pushed. */
export class ContainerGoneError extends Error {
  constructor(ref: RemoteRef) {
    super(containerGoneMessage(ref));
  }
}

export function containerGoneMessage(ref: RemoteRef): string {
  return ref.kind === 'termList'
    ? vscode.l10n.t('The Spoken Terms collection "{0}" is not on the service for the API key set now: it was deleted, or the key is another account\'s. Nothing was pushed; your text is kept. To keep it, Save a Copy… as a file; if the key is the wrong one, Set API Key and save again.', ref.name)
    : vscode.l10n.t('The glossary "{0}" is not on the service for the API key set now: it was deleted, or the key is another account\'s. Nothing was pushed; your text is kept. To keep it, Save a Copy… as a file (Push File to Glossary… puts it into any glossary); if the key is the wrong one, Set API Key and save again.', ref.name);
}

/** A save found the remote changed since the document's base: nothing is pushed. */
export class ConflictError extends Error {
  constructor(what: string) {
    super(vscode.l10n.t('{0} was changed remotely since you opened it. Nothing was pushed; your text is kept. Run "Compare with Remote" (editor title), then Merge or Overwrite.', what));
  }
}
