/** Remote dictionaries and term lists as files (scheme `terminology`). readFile fetches, writeFile pushes.
 *
 * Each open address has a *version*: the remote text its document was opened from (the base) and an mtime.
 * The mtime moves when the remote is seen to change while no unsaved edits depend on the old version, so
 * VS Code reloads clean documents by itself. With unsaved edits the version stays, and the save finds the
 * conflict: writeFile compares the remote now with the base and never overwrites a change it has not shown. */
import * as vscode from 'vscode';
import { MalformedResponseError, NetworkError, NotFoundError, relayRetries, ServiceError } from '../api';
import { entriesForSending, findingFromServerError, utf8Length, type Finding } from '../core';
import { KeptTextGone, offload, OFFLOAD_ABOVE, type KeptText } from '../platform/offload';
import type { Logger } from '../base/logger';
import { describeError, inSentence } from '../platform/errors';
import { shownInTab } from '../platform/tabs';
import { PartialPushError, type RemoteStore } from './remoteStore';
import { BaseStore } from './baseStore';
import { BaseHistory } from '../base/baseHistory';
import { describeRef, dictionaryFileName, parseRemoteRef, parseRemoteUri, SCHEME, termListFileName, type RemoteRef } from '../platform/remoteUris';

interface Version {
  /** The remote text the document was opened from (or last pushed). */
  text: string;
  mtime: number;
  /** When `text` was fetched; a read right after a stat reuses it. */
  fetchedAt: number;
  /** When the remote was last checked (cheaply, by its entry count). */
  checkedAt: number;
  /** `text` is the remote as first read while the document already had unsaved edits whose base is not known (none
   * kept in memory or on disk): a save of those edits cannot tell a colleague's change from its own, so it asks. */
  unknownBase?: true;
  /** The text before `text`, while the document does not show `text` yet: a read hands `text` to VS Code, which drops
   * it when the document's text changed while it was read (typing during a reload). Until the document shows it (the
   * next change is that text), its base is still this one; after any other change, this one again for good. */
  previous?: string;
}

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
}

const FRESH_MS = 5000;
/** The mtime of a version whose document already had unsaved edits when it was first seen (restored by VS Code with
 * its own idea of the file's mtime): older than any, so VS Code's "the file is newer" check never refuses its save.
 * Whether a save may push is the save's own check, against the remote. */
const OLD_MTIME = 1;
/** Documents of at least this many lines fetch their remote when an explicit save is announced. */
const WILL_SAVE_FETCH_LINES = 4096;

/** A remote fetch started ahead of the check that needs it. */
interface EarlyFetch { remote(signal?: AbortSignal): Promise<Fetched>; drop(): void }
/** A remote a save compares with: its text, or (a large dictionary's) kept on the core worker, where it is compared
 * with the base without crossing back; undefined when it does not exist (yet). */
type Fetched = string | { kept: KeptText } | undefined;
/** How long a save may reuse the remote text its preflight fetched. */
const PREFLIGHT_MS = 5000;
/** How long a fetch started when a save was announced may serve that save's writeFile (as a preflight's does). */
const WILL_SAVE_FETCH_MS = PREFLIGHT_MS;

export type Preflight = { outcome: 'unchanged' | 'conflict' | 'same' | 'push' } | { outcome: 'blocked'; errors: number };

/** Whole-text work (linting, comparing, counting, encoding) runs on the core worker for large texts, so a save, a
 * Pull or a stat of 10 MiB never stalls the extension host. */
function errorCount(ref: RemoteRef, text: string): Promise<number> {
  if (ref.kind === 'glossary') return offload.gridErrorCount(text);
  return ref.kind === 'dictionary'
    ? offload.entriesErrorCount(text, { format: 'tsv', sourceLang: ref.sourceLang, targetLang: ref.targetLang })
    : offload.termsErrorCount(text, ref.lang);
}
const sameContent = (a: string, b: string, kind: 'entries' | 'terms') => offload.sameContent(a, b, kind);
/** UTF-8 size of the last text asked about per address (stat is asked often; the text rarely changes). A large
 * text is counted in slices of 1 Mi units that yield to the event loop (10 MiB at once takes 10-20 ms). */
const sizes = new Map<string, { text: string; size: number }>();
async function sizeOf(key: string, text: string): Promise<number> {
  const c = sizes.get(key);
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
  sizes.set(key, { text, size });
  return size;
}
const kindOf = (ref: RemoteRef) => (ref.kind === 'dictionary' ? 'entries' : 'terms');
/** Whether two texts of `ref` hold the same entries (whatever their order, quoting or blank lines); a multilingual
 * text is compared cell by cell. */
const same = (ref: RemoteRef, a: string, b: string): Promise<boolean> =>
  (ref.kind === 'glossary' ? offload.sameGrid(a, b) : sameContent(a, b, kindOf(ref)));
const entryCount = (ref: RemoteRef, text: string): Promise<number> =>
  (ref.kind === 'glossary' ? offload.gridEntryCount(text) : offload.countEntries(text));

export class RemoteFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly versions = new Map<string, Version>();
  /** A newer remote text seen while the document had unsaved edits: what Compare shows and Merge merges. */
  private readonly remoteSeen = new Map<string, string>();
  /** The remote text the user chose to overwrite (one save). */
  private readonly approved = new Map<string, string>();
  private readonly watched = new Set<string>();
  /** Unsaved text of a document VS Code is re-reading (a Revert), with its base, until the read has landed. */
  private readonly setAside = new Map<string, { text: string; base: string | undefined; at: number }>();
  /** The remote fetch an explicit save of a large document started when VS Code announced it (before VS Code
   * hands the 10 MiB over to writeFile), for that save's conflict check. */
  private readonly willSaveFetches = new Map<string, { fetch: EarlyFetch; at: number }>();
  /** The remote text a preflight fetched, for the save that follows it. */
  private readonly prefetched = new Map<string, { text: string; remote: string | undefined; at: number }>();
  /** Per address, the base of each text a Pull, a Merge or a push moved away from or to: Undo and Redo bring
   * a text back, and with it the remote version it descends from (the base follows the text). */
  private history = new BaseHistory();
  /** Why each document is being saved, and when VS Code announced it (onWillSaveTextDocument): only an explicit
   * save pushes. */
  private readonly saveReasons = new Map<string, { reason: vscode.TextDocumentSaveReason; at: number }>();
  private readonly inflight = new Map<string, Promise<string>>();
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  private readonly discardedEmitter = new vscode.EventEmitter<{ uri: vscode.Uri; restore: () => Promise<void> }>();
  /** Fires when VS Code replaced unsaved edits with the remote text (a Revert); `restore` brings them back. */
  readonly onDidDiscard = this.discardedEmitter.event;
  readonly onDidChangeFile = this.changed.event;
  private readonly readEmitter = new vscode.EventEmitter<{ uri: vscode.Uri; text: string }>();
  /** Fires when readFile hands a remote text to VS Code (which then builds the document from it). */
  readonly onDidRead = this.readEmitter.event;
  private readonly subscriptions: vscode.Disposable[];
  private poll: ReturnType<typeof setInterval> | undefined;

  /** Providers for other areas of the scheme (`terminology://<authority>/…`), e.g. style rule lists. */
  private readonly mounts = new Map<string, vscode.FileSystemProvider>();

  /** Hands every address under `terminology://<authority>/` to `provider` (a feature's own file system). */
  mount(authority: string, provider: vscode.FileSystemProvider): vscode.Disposable {
    this.mounts.set(authority, provider);
    const sub = provider.onDidChangeFile((events) => this.changed.fire(events));
    return new vscode.Disposable(() => { sub.dispose(); this.mounts.delete(authority); });
  }

  /** The base last written to disk per address (the same string object as the version's text). */
  private readonly persisted = new Map<string, string>();

  constructor(private readonly store: RemoteStore, private readonly ui: SaveUi, private readonly log: Logger,
    private readonly bases: BaseStore = new BaseStore(undefined), private readonly pollMs = 60_000) {
    this.subscriptions = [
      this.changed,
      this.discardedEmitter,
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.scheme !== SCHEME) return;
        this.settleRead(e.document);
        this.checkDiscarded(e.document);
        this.persistBase(e.document);
        if (e.reason !== vscode.TextDocumentChangeReason.Undo && e.reason !== vscode.TextDocumentChangeReason.Redo) return;
        const key = e.document.uri.toString();
        const v = this.versions.get(key);
        const was = v?.text;
        // Looked up in order after every earlier note (a save, Pull or Merge reads the base after `settled()`);
        // applied unless something newer moved the version meanwhile.
        void this.history.baseOf(key, e.document.getText()).then((base) => {
          if (base === undefined || !v || this.versions.get(key) !== v || v.text !== was || (base === v.text && !v.unknownBase)) return;
          v.text = base;
          delete v.unknownBase;
          delete v.previous;
          // The base kept on disk was written as the change came in, before this look-up: it follows now.
          this.persistBase(e.document);
          this.log.info(`${e.document.uri.path}: ${e.reason === vscode.TextDocumentChangeReason.Undo ? 'undo' : 'redo'} brought back a text based on an earlier remote version`);
        });
      }),
      vscode.workspace.onWillSaveTextDocument((e) => {
        if (e.document.uri.scheme !== SCHEME) return;
        this.saveReasons.set(e.document.uri.toString(), { reason: e.reason, at: Date.now() });
        this.fetchOnWillSave(e.document, e.reason);
      }),
      vscode.workspace.onDidCloseTextDocument((d) => {
        if (d.uri.scheme !== SCHEME) return;
        // A dirty document is closed only to be opened again at once (VS Code does so for a language-mode change)
        // or with the window (whose hot exit restores it): its base stays, in memory and on disk.
        if (d.isDirty) return;
        const key = d.uri.toString();
        this.versions.delete(key);
        this.forgetBase(key);
        this.remoteSeen.delete(key);
        this.approved.delete(key);
        // The bases of its recent texts stay (a few per address, for the last addresses seen): VS Code gives a
        // reopened document its undo stack back, and an Undo must bring back the base of the text it restores.
      }),
    ];
  }

  // ---- for the integration tests (TerminologyApi.testing), which cannot reload the window they run in ----------

  /** Forgets everything kept in memory, as the extension of a reloaded window starts: the bases kept on disk stay. */
  forgetMemory(): void {
    for (const { fetch } of this.willSaveFetches.values()) fetch.drop();
    for (const m of [this.versions, this.remoteSeen, this.approved, this.setAside, this.willSaveFetches, this.prefetched, this.saveReasons, this.persisted]) m.clear();
    this.history = new BaseHistory();
  }

  /** As if `ms` had passed since every remote text was last fetched or checked (the next read fetches again). */
  age(ms: number): void {
    for (const v of this.versions.values()) { v.fetchedAt -= ms; v.checkedAt -= ms; }
  }

  // ---- state shared with the commands -------------------------------------------------------------------------

  /** Resolves once the base of `uri` is in place (look it up after this): the one an Undo or Redo brought back, or
   * the one kept on disk for a document VS Code restored after a reload (which it may not have read yet). */
  async settled(uri: vscode.Uri): Promise<void> {
    await this.restoreBase(uri);
    await this.history.settled();
  }

  /** A document restored after a reload: its base is the one kept on disk, not whatever the remote holds now. Loaded
   * once, before anything reads the version of `uri` (VS Code may restore a dirty document without reading it). */
  private async restoreBase(uri: vscode.Uri): Promise<void> {
    const key = uri.toString();
    if (this.versions.has(key)) return;
    const saved = await this.bases.get(key);
    if (!saved || this.versions.has(key)) return;
    // Not a read of the remote (fetchedAt 0): a clean document VS Code reads again after the reload gets what the
    // service holds now, not a base kept for edits undone or discarded since.
    this.versions.set(key, { text: saved.text, mtime: saved.mtime, fetchedAt: 0, checkedAt: 0 });
    this.persisted.set(key, saved.text);
    this.log.info(`${uri.path}: restored the remote version its unsaved edits descend from`);
  }

  /** The remote version the document at `uri` descends from, when it is open and that version is known. */
  base(uri: vscode.Uri): string | undefined {
    return this.knownBase(uri.toString());
  }

  private knownBase(key: string): string | undefined {
    const v = this.versions.get(key);
    if (!v || v.unknownBase) return undefined;
    if (v.previous !== undefined && vscode.workspace.textDocuments.find((d) => d.uri.toString() === key)?.getText() !== v.text) return v.previous;
    return v.text;
  }

  /** The first change of a document after a read was handed to VS Code: that text landed (the base moves to it), or
   * VS Code dropped the read (the base stays where it was). */
  private settleRead(doc: vscode.TextDocument): void {
    const v = this.versions.get(doc.uri.toString());
    if (v?.previous === undefined) return;
    if (doc.getText() !== v.text) v.text = v.previous;
    delete v.previous;
  }

  /** The newer remote text a failed save saw, if any. */
  remoteAhead(uri: vscode.Uri): string | undefined {
    return this.remoteSeen.get(uri.toString());
  }

  /** After a merge the document descends from `remote`: the next save compares against it. `beforeBase` is the base
   * the merge used for `before` (read before its fetch, which moves a clean document's version to the remote). */
  rebase(uri: vscode.Uri, remote: string, before?: string, after?: string, beforeBase?: string): void {
    const v = this.versions.get(uri.toString());
    const known = beforeBase ?? this.knownBase(uri.toString());
    if (before !== undefined && known !== undefined) this.remember(uri, before, known);
    if (after !== undefined) this.remember(uri, after, remote);
    if (v) { v.text = remote; delete v.unknownBase; delete v.previous; } // the mtime stays, so VS Code's own check does not see a newer file
    // A document restored with no base known and never read since: from now on it descends from `remote`.
    else { const now = Date.now(); this.versions.set(uri.toString(), { text: remote, mtime: OLD_MTIME, fetchedAt: now, checkedAt: now }); }
    this.remoteSeen.delete(uri.toString());
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (doc) this.persistBase(doc);
  }

  /** The user chose to overwrite `remote` with their version on the next save. */
  approveOverwrite(uri: vscode.Uri, remote: string): void {
    this.approved.set(uri.toString(), remote);
  }

  /** The save the approval was for is over (it may have sent nothing: a clean document is not written). */
  withdrawOverwrite(uri: vscode.Uri): void {
    this.approved.delete(uri.toString());
  }

  /** Fetches the remote now; a clean document follows (VS Code reloads it), an edited one keeps its base. */
  async fetchRemote(uri: vscode.Uri, signal?: AbortSignal): Promise<string> {
    const ref = this.ref(uri);
    const text = await this.store.fetch(ref, signal);
    await this.observe(uri, ref, text, false);
    return text;
  }

  /** Makes `text` the version of `uri` (Pull), with a new mtime. `current`: the document's text now, when the
   * caller has read it. */
  accept(uri: vscode.Uri, text: string, current?: string): void {
    const now = Date.now();
    const old = this.versions.get(uri.toString());
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    // The text replaced comes back with Undo, with its base: a clean document's text is a remote version, its own base
    // (the fetch before this may have moved the version to the new remote already); unsaved edits keep theirs.
    if (doc && !doc.isDirty) this.remember(uri, current ?? doc.getText(), current ?? doc.getText());
    else if (old && doc && !old.unknownBase) this.remember(uri, current ?? doc.getText(), old.text);
    this.remember(uri, text, text);
    this.versions.set(uri.toString(), { text, mtime: now, fetchedAt: now, checkedAt: now });
    this.remoteSeen.delete(uri.toString());
  }

  /** After a re-read: when the document is now clean with other text, its unsaved edits were discarded. */
  private checkDiscarded(doc: vscode.TextDocument): void {
    const key = doc.uri.toString();
    const aside = this.setAside.get(key);
    if (!aside) return;
    if (Date.now() - aside.at > 10_000) { this.setAside.delete(key); return; }
    setTimeout(() => {
      if (this.setAside.get(key) !== aside || doc.isDirty || doc.isClosed || doc.getText() === aside.text) return;
      this.setAside.delete(key);
      // No tab shows the document any more: the revert was VS Code's "Don't Save" as its editor closed, the user's
      // own choice (an Undo in the reopened document still brings the edits back, with their base).
      if (!shownInTab(key)) { this.log.info(`${doc.uri.path}: unsaved edits discarded with its editor ("Don't Save")`); return; }
      this.log.info(`${doc.uri.path}: unsaved edits were replaced by the remote text; offered back`);
      const restore = async () => {
        const edit = new vscode.WorkspaceEdit();
        edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), aside.text);
        if (!await vscode.workspace.applyEdit(edit)) throw new Error(vscode.l10n.t('the document could not be edited'));
        // The text brought back descends from the base it had before the revert.
        const v = this.versions.get(key);
        if (v && aside.base !== undefined) { v.text = aside.base; delete v.unknownBase; delete v.previous; } else if (v) v.unknownBase = true;
        this.persistBase(doc); // the edit above kept the base it replaced
      };
      this.ui.discarded(doc.uri, restore);
      this.discardedEmitter.fire({ uri: doc.uri, restore });
    }, 200);
  }

  /** Keeps the base of a dirty document on disk (once per base), so that a reload does not lose it. */
  private persistBase(doc: vscode.TextDocument): void {
    const key = doc.uri.toString();
    const v = this.versions.get(key);
    if (!v || v.unknownBase || !doc.isDirty || this.persisted.get(key) === v.text) return;
    this.persisted.set(key, v.text);
    this.bases.set(key, { text: v.text, mtime: v.mtime }).catch((err: unknown) => this.log.warn(`could not keep the base of ${doc.uri.path}: ${describeError(err)}`));
  }

  private forgetBase(key: string): void {
    if (!this.persisted.delete(key)) return;
    this.bases.delete(key).catch(() => undefined);
  }

  private remember(uri: vscode.Uri, text: string, base: string): void {
    this.history.remember(uri.toString(), text, base);
  }

  // ---- FileSystemProvider --------------------------------------------------------------------------------------

  watch(uri: vscode.Uri, options: { readonly recursive: boolean; readonly excludes: readonly string[] } = { recursive: false, excludes: [] }): vscode.Disposable {
    const mounted = this.mounts.get(uri.authority);
    if (mounted) return mounted.watch(uri, options);
    if (!parseRemoteRef(uri)) return new vscode.Disposable(() => undefined);
    const key = uri.toString();
    this.watched.add(key);
    this.poll ??= setInterval(() => void this.checkWatched(), this.pollMs);
    return new vscode.Disposable(() => {
      this.watched.delete(key);
      if (!this.watched.size && this.poll) { clearInterval(this.poll); this.poll = undefined; }
    });
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const mounted = this.mounts.get(uri.authority);
    if (mounted) return mounted.stat(uri);
    const path = parseRemoteUri(uri);
    if (!path) throw vscode.FileSystemError.FileNotFound(uri);
    if (path.kind === 'root' || path.kind === 'folder') return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const v = await this.version(uri, path, 'stat');
    return { type: vscode.FileType.File, ctime: v.mtime, mtime: v.mtime, size: await sizeOf(uri.toString(), v.text) };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const mounted = this.mounts.get(uri.authority);
    if (mounted) return mounted.readFile(uri);
    const ref = this.ref(uri);
    // Reading a document that has unsaved edits may replace them (VS Code's Revert): keep them to offer back.
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    const key = uri.toString();
    if (doc?.isDirty) {
      const base = this.knownBase(key);
      this.setAside.set(key, { text: doc.getText(), base, at: Date.now() });
      // An Undo after the revert ("Don't Save", Revert File, a failed save's Revert) brings these edits back, in this
      // document or in the same document reopened: with them, the base they descend from.
      if (base !== undefined) this.remember(uri, doc.getText(), base);
    }
    const { text } = await this.version(uri, ref, 'read');
    if (doc?.isDirty) this.remember(uri, text, text);
    // A large text fetched just now came with its bytes, made on the worker (a dictionary's or a glossary's).
    const bytes = this.store.takeBytes(text) ?? await offload.encodeText(text);
    this.readEmitter.fire({ uri, text });
    return bytes;
  }

  async readDirectory(uri: vscode.Uri): Promise<Array<[string, vscode.FileType]>> {
    const mounted = this.mounts.get(uri.authority);
    if (mounted) return mounted.readDirectory(uri);
    const path = parseRemoteUri(uri);
    if (!path || (path.kind !== 'root' && path.kind !== 'folder')) throw vscode.FileSystemError.FileNotADirectory(uri);
    const client = await this.store.client();
    try {
      if (path.area === 'glossaries') {
        const all = await client.listGlossaries();
        if (path.kind === 'root') return all.map((g) => [g.name, vscode.FileType.Directory]);
        const g = all.find((x) => (path.id ? x.glossaryId === path.id : x.name === path.name));
        return (g?.dictionaries ?? []).map((d) => [dictionaryFileName(d), vscode.FileType.File]);
      }
      const all = await client.listSpokenTerms();
      if (path.kind === 'root') return all.map((c) => [c.name, vscode.FileType.Directory]);
      const c = all.find((x) => (path.id ? x.spokenTermsId === path.id : x.name === path.name));
      return (c?.termLists ?? []).map((l) => [termListFileName(l.lang), vscode.FileType.File]);
    } catch (err) {
      throw vscode.FileSystemError.Unavailable(describeError(err));
    }
  }

  /** What saving `text` to `uri` would do now, without pushing: `unchanged` (no entry changed since the base),
   * `blocked` (error-level findings), `conflict` (the remote moved since the base: nothing may be pushed), `same`
   * (the service holds these entries already) or `push`. Fetches the remote once; a save within a few seconds
   * with the same text reuses that fetch. */
  async preflight(uri: vscode.Uri, text: string, signal?: AbortSignal): Promise<Preflight> {
    const ref = this.ref(uri);
    const key = uri.toString();
    await this.settled(uri);
    const base = this.knownBase(key);
    const early = this.earlyFetch(ref, text, false);
    if (base !== undefined && await same(ref, base, text)) { early?.drop(); return { outcome: 'unchanged' }; }
    const errors = await errorCount(ref, text);
    if (errors) { early?.drop(); return { outcome: 'blocked', errors }; }
    const remote = early ? await early.remote(signal) as string | undefined : await this.fetchForSave(ref, signal);
    this.prefetched.set(key, { text, remote, at: Date.now() });
    return { outcome: (await this.decide(key, ref, base, text, remote, signal)).outcome };
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const mounted = this.mounts.get(uri.authority);
    if (mounted) return mounted.writeFile(uri, content, { create: false, overwrite: true });
    const ref = this.ref(uri);
    const key = uri.toString();
    const what = describeRef(ref);
    const reason = this.saveReasons.get(key)?.reason;
    this.saveReasons.delete(key);
    const pre = this.prefetched.get(key);
    this.prefetched.delete(key);
    // Auto-save never pushes a half-typed line (the extension turns it off for its languages; this holds even when
    // a user setting turns it back on). The document stays dirty; an explicit save pushes.
    if (reason === vscode.TextDocumentSaveReason.AfterDelay || reason === vscode.TextDocumentSaveReason.FocusOut) {
      this.willSaveFetches.get(key)?.fetch.drop();
      this.willSaveFetches.delete(key);
      throw vscode.FileSystemError.Unavailable(vscode.l10n.t('Auto-save does not push to the service. Your edits are kept here; press Ctrl+S (Save) to push them.'));
    }
    await this.settled(uri);
    const base = this.knownBase(key);
    // Decoded, compared with the base and linted in one round trip to the core worker (not linted when a
    // preflight may have done it: see `fresh`).
    const recent = pre !== undefined && Date.now() - pre.at < PREFLIGHT_MS;
    const checked = await this.checkBytes(ref, content, base, !recent);
    const text = checked.text;
    // A preflight of this very text moments ago linted it (it keeps a fetch only for text without errors) and
    // fetched the remote: the save does neither again.
    const fresh = recent && pre.text === text;
    // The fetch this save started when it was announced (only the next writeFile of this address takes it).
    const announced = this.willSaveFetches.get(key);
    this.willSaveFetches.delete(key);
    const usable = !fresh && announced !== undefined && Date.now() - announced.at < WILL_SAVE_FETCH_MS;
    if (!usable) announced?.fetch.drop();
    const early = fresh ? undefined : usable ? announced.fetch : this.earlyFetch(ref, text, true);
    // Nothing changed since the document was opened: nothing to push (and pushing the old text could only
    // overwrite someone else's newer change).
    if (checked.same) {
      early?.drop();
      if (base !== text) this.ui.unchanged(uri);
      return;
    }
    // Whatever blocks a save is said once: by VS Code's own "Failed to save" notification, with this text.
    // (Ctrl+S in a remote document runs Terminology: Save and Push, which checks first and offers the ways out.)
    const errors = fresh ? 0 : checked.linted ? checked.errors : await errorCount(ref, text);
    if (errors) {
      early?.drop();
      throw vscode.FileSystemError.Unavailable(errors === 1
        ? vscode.l10n.t('Not pushed: 1 error in {0} would be rejected by the service. Your text is kept; fix it (Problems view, or Terminology: Fix All), then save again.', what)
        : vscode.l10n.t('Not pushed: {0} errors in {1} would be rejected by the service. Your text is kept; fix them (Problems view, or Terminology: Fix All), then save again.', errors, what));
    }

    let dictionaries: string[] | undefined;
    try {
      await this.ui.progress(vscode.l10n.t('Pushing {0}…', what), async (signal) => {
        const fetched = fresh ? pre.remote : early ? await early.remote(signal) : await this.fetchForSave(ref, signal);
        const { outcome, remote } = await this.decide(key, ref, base, text, fetched, signal);
        if (outcome === 'conflict') throw new ConflictError(what);
        this.approved.delete(key);
        if (outcome === 'push') dictionaries = await this.store.replace(ref, text, signal, remote);
        else if (ref.kind === 'glossary') dictionaries = []; // the service holds this text already
      });
    } catch (err) {
      if (err instanceof ConflictError) throw vscode.FileSystemError.Unavailable(err.message);
      if (err instanceof PartialPushError) {
        // What went through is the remote now: the next save compares with it and sends only the rest.
        const v = this.versions.get(key);
        if (v) { v.text = err.remote; delete v.unknownBase; delete v.previous; }
        this.remember(uri, text, err.remote);
        const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
        if (doc) this.persistBase(doc);
        this.log.warn(`push of ${uri.path}: ${err.pushed.join(', ')} pushed, ${err.failed} failed: ${describeError(err.cause)}`);
        const langs = (l: string[]) => l.map((x) => x.toUpperCase()).join(', ');
        this.ui.pushedPart?.(uri, ref);
        throw vscode.FileSystemError.Unavailable(vscode.l10n.t('Partly pushed: {0} went through; {1} was not pushed: {2}{3}. Your text is kept; save again to send only what is left.',
          langs(err.pushed), err.failed.toUpperCase(), inSentence(describeError(err.cause)),
          err.notTried.length ? vscode.l10n.t(' ({0} not tried yet)', langs(err.notTried)) : ''));
      }
      if (err instanceof ServiceError && err.detail && ref.kind !== 'glossary') {
        const finding = findingFromServerError({ message: err.serverMessage, detail: err.detail }, entriesForSending(text), text);
        if (finding) this.ui.rejected(uri, finding);
      }
      this.log.warn(`push of ${uri.path} failed: ${describeError(err)}`);
      // After a garbled answer or a lost connection the service may hold the text already; saving again is safe
      // either way (it pushes only when the service does not hold this text).
      const maybe = err instanceof MalformedResponseError || err instanceof NetworkError;
      throw vscode.FileSystemError.Unavailable(maybe
        ? vscode.l10n.t('Perhaps not pushed: {0}. Your text is kept; save again, which pushes only if the service does not hold this text yet.', inSentence(describeError(err)))
        : vscode.l10n.t('Not pushed: {0}. Your text is kept; save again to retry.', inSentence(describeError(err))));
    }
    const now = Date.now();
    this.versions.set(key, { text, mtime: Math.max(now, (this.versions.get(key)?.mtime ?? 0) + 1), fetchedAt: now, checkedAt: now });
    this.remoteSeen.delete(key);
    // Every earlier text of this document now descends from what was just pushed.
    this.history.forget(key);
    this.forgetBase(key);
    this.remember(uri, text, text);
    void entryCount(ref, text).then((n) => this.log.info(`pushed ${uri.path} (${n} entries)`));
    this.ui.pushed(uri, ref, text, dictionaries);
  }

  /** The text of a save's bytes, whether it holds the same entries as `base`, and (when `lint`) its error count. */
  private async checkBytes(ref: RemoteRef, content: Uint8Array, base: string | undefined, lint: boolean): Promise<{ text: string; same: boolean; errors: number; linted: boolean }> {
    if (ref.kind === 'glossary') {
      const text = await offload.decodeText(content);
      return { text, same: base !== undefined && await same(ref, base, text), errors: 0, linted: false };
    }
    const check = ref.kind === 'dictionary'
      ? { kind: 'entries' as const, options: { format: 'tsv' as const, sourceLang: ref.sourceLang, targetLang: ref.targetLang } }
      : { kind: 'terms' as const, lang: ref.lang };
    return { ...await offload.saveChecks(content, base, check, lint), linted: lint };
  }

  /** An explicit save (not auto-save, which never pushes) of a large document: its remote is fetched now, while
   * VS Code gathers and sends the document's bytes to writeFile (for 10 MiB, about as long as the fetch). Still the
   * save's one fetch before its PUT; none when a preflight of this save fetched already. Dropped (aborted) when no
   * writeFile takes it in time. */
  private fetchOnWillSave(doc: vscode.TextDocument, reason: vscode.TextDocumentSaveReason): void {
    const key = doc.uri.toString();
    this.willSaveFetches.get(key)?.fetch.drop();
    this.willSaveFetches.delete(key);
    if (reason !== vscode.TextDocumentSaveReason.Manual || doc.lineCount < WILL_SAVE_FETCH_LINES || this.mounts.has(doc.uri.authority)) return;
    const pre = this.prefetched.get(key);
    if (pre && Date.now() - pre.at < PREFLIGHT_MS) return; // Save and Push checked (and fetched) just now
    const ref = parseRemoteRef(doc.uri);
    if (!ref) return;
    const entry = { fetch: this.startFetch(ref, true), at: Date.now() };
    this.willSaveFetches.set(key, entry);
    setTimeout(() => {
      if (this.willSaveFetches.get(key) !== entry) return;
      this.willSaveFetches.delete(key);
      entry.fetch.drop();
    }, WILL_SAVE_FETCH_MS).unref?.();
  }

  /** For a large text, the remote a save compares with is fetched while the text is checked (the checks of 10 MiB
   * take about as long as the fetch): still one fetch, dropped (aborted) when a check ends the save. Undefined for
   * a small text, whose checks take no time (it is fetched after them, as before). */
  private earlyFetch(ref: RemoteRef, text: string, kept: boolean): EarlyFetch | undefined {
    return text.length < OFFLOAD_ABOVE ? undefined : this.startFetch(ref, kept);
  }

  /** `kept`: a large dictionary's remote stays on the core worker (for a save's own decision; a preflight's remote
   * is kept as text for the save after it). */
  private startFetch(ref: RemoteRef, kept: boolean): EarlyFetch {
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
        void fetched.then((f) => { if (typeof f === 'object') offload.release(f.kept); }, () => undefined);
      },
    };
  }

  /** The remote text a save compares with; undefined when the dictionary or list does not exist (yet). `kept`: a
   * large dictionary's is kept on the core worker (see Fetched). */
  private fetchForSave(ref: RemoteRef, signal?: AbortSignal): Promise<string | undefined>;
  private fetchForSave(ref: RemoteRef, signal: AbortSignal | undefined, kept: true): Promise<Fetched>;
  private fetchForSave(ref: RemoteRef, signal?: AbortSignal, kept = false): Promise<Fetched> {
    return (kept ? this.store.fetchKept(ref, signal) : this.store.fetch(ref, signal)).catch((err: unknown) => {
      if (err instanceof NotFoundError) return undefined; // a new dictionary or list: nothing to overwrite
      throw err;
    });
  }

  /** Whether saving `text` over `remote` is safe: the remote is the base the text descends from (or the one the
   * user chose to overwrite), or already holds the text. A conflict keeps the remote for Compare and Merge. */
  private async decide(key: string, ref: RemoteRef, base: string | undefined, text: string, fetched: Fetched, signal?: AbortSignal): Promise<{ outcome: 'conflict' | 'same' | 'push'; remote: string | undefined }> {
    let remote: string | undefined;
    if (typeof fetched === 'object') {
      // Kept on the worker: compared with the base there. Only a remote that moved comes back, for the checks below.
      try {
        if (base !== undefined && await offload.keptEquals(fetched.kept, base)) {
          offload.release(fetched.kept);
          return { outcome: 'push', remote: undefined };
        }
        remote = await offload.takeKept(fetched.kept);
      } catch (err) {
        if (!(err instanceof KeptTextGone)) { offload.release(fetched.kept); throw err; }
        remote = await this.fetchForSave(ref, signal); // the worker stopped: fetched again, as text
      }
    } else remote = fetched;
    // Both callers have found that the text differs from its base: a remote that is still the base (the common
    // case, told by one string comparison) is neither the same as the text nor changed.
    if (remote !== undefined && remote === base) return { outcome: 'push', remote };
    if (remote !== undefined && await same(ref, remote, text)) return { outcome: 'same', remote };
    const approved = this.approved.get(key);
    // With no known base, a remote that differs from the text may hold a change nobody has seen: ask, never push.
    const unchanged = remote === undefined || (base !== undefined && await same(ref, remote, base));
    if (!unchanged && !(approved !== undefined && await same(ref, approved, remote!))) {
      this.remoteSeen.set(key, remote!);
      return { outcome: 'conflict', remote };
    }
    return { outcome: 'push', remote };
  }

  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Create glossaries and collections from the Terminology explorer.'));
  }

  delete(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Delete dictionaries and term lists from the Terminology explorer.'));
  }

  rename(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Rename glossaries and collections from the Terminology explorer.'));
  }

  dispose(): void {
    if (this.poll) clearInterval(this.poll);
    this.readEmitter.dispose();
    for (const s of this.subscriptions) s.dispose();
  }

  // ---- internals -----------------------------------------------------------------------------------------------

  private ref(uri: vscode.Uri): RemoteRef {
    const ref = parseRemoteRef(uri);
    if (!ref) throw vscode.FileSystemError.FileNotFound(uri);
    return ref;
  }

  /** The version of `uri`, fetched when unknown, re-read when not fresh (read), or checked by count (stat). */
  private async version(uri: vscode.Uri, ref: RemoteRef, why: 'stat' | 'read'): Promise<Version> {
    const key = uri.toString();
    const now = Date.now();
    await this.restoreBase(uri);
    const v = this.versions.get(key);
    try {
      if (v && why === 'read' && now - v.fetchedAt < FRESH_MS) return v;
      if (v && why === 'stat') {
        // VS Code asks before it hands a save's bytes to writeFile; that save checks the remote itself (the fetch
        // announced with it), so counting the remote's entries here too would only delay the bytes.
        const saving = this.saveReasons.get(key);
        if (now - v.checkedAt < FRESH_MS || (saving && now - saving.at < WILL_SAVE_FETCH_MS)) return v;
        const count = await this.store.entryCount(ref);
        v.checkedAt = Date.now();
        if (count === undefined) throw vscode.FileSystemError.FileNotFound(uri);
        if (count === await entryCount(ref, v.text)) return v;
      }
      // VS Code asks for the stat and the content of a new document at once: one fetch serves both.
      let pending = this.inflight.get(key);
      if (!pending) {
        pending = this.store.fetch(ref, undefined, true).finally(() => this.inflight.delete(key));
        this.inflight.set(key, pending);
      }
      const text = await pending;
      await this.observe(uri, ref, text, why === 'read');
      return this.versions.get(key)!;
    } catch (err) {
      if (err instanceof NotFoundError) throw vscode.FileSystemError.FileNotFound(uri);
      if (err instanceof vscode.FileSystemError) throw err;
      throw vscode.FileSystemError.Unavailable(vscode.l10n.t('{0} could not be read: {1}', describeRef(ref), describeError(err)));
    }
  }

  /** A remote text was fetched. A read hands it to the document; otherwise a clean document is told to reload,
   * and an edited one keeps its base (its save will find the change). */
  private async observe(uri: vscode.Uri, ref: RemoteRef, text: string, read: boolean): Promise<void> {
    const key = uri.toString();
    const now = Date.now();
    let v = this.versions.get(key);
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
    if (!v && doc && !doc.isDirty && !read) {
      // A clean document VS Code opened again without reading it (it kept the text when its editor closed): it shows
      // an earlier remote version, its base. The remote is compared with that below (the document follows it).
      this.versions.set(key, v = { text: doc.getText(), mtime: OLD_MTIME, fetchedAt: 0, checkedAt: now });
    }
    if (!v) {
      // A document with unsaved edits and no base known (none in memory, none on disk): its edits may descend from
      // any remote version, so this one is not taken as their base.
      const dirty = doc?.isDirty;
      this.versions.set(key, dirty ? { text, mtime: OLD_MTIME, fetchedAt: now, checkedAt: now, unknownBase: true } : { text, mtime: now, fetchedAt: now, checkedAt: now });
      return;
    }
    v.checkedAt = now;
    if (!doc?.isDirty) delete v.unknownBase; // a clean document descends from what it reads
    if (await same(ref, v.text, text)) { v.text = text; v.fetchedAt = now; return; }
    // A clean document gets the new remote text (VS Code reloads it, or this read replaces it): Undo brings back the
    // text it showed, a remote version of its own (its base), not this one.
    if (doc && !doc.isDirty) {
      this.remember(uri, doc.getText(), doc.getText());
      this.remember(uri, text, text);
    }
    // The document shows the new text once VS Code has read it, unless it drops the read (see Version.previous).
    if (doc && (read || !doc.isDirty)) v.previous ??= v.text;
    if (read) { Object.assign(v, { text, fetchedAt: now }); return; }
    if (doc?.isDirty) { this.remoteSeen.set(key, text); return; }
    Object.assign(v, { text, fetchedAt: now, mtime: Math.max(now, v.mtime + 1) });
    this.log.info(`${uri.path} changed remotely; reloading`);
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  private async checkWatched(): Promise<void> {
    for (const key of this.watched) {
      try {
        await this.stat(vscode.Uri.parse(key));
      } catch (err) {
        this.log.debug(`remote check of ${key} failed: ${describeError(err)}`);
      }
    }
  }
}

class ConflictError extends Error {
  constructor(what: string) {
    super(vscode.l10n.t('{0} was changed remotely since you opened it. Nothing was pushed; your text is kept. Run "Compare with Remote" (editor title), then Merge or Overwrite.', what));
  }
}
