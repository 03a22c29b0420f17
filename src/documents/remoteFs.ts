/** Remote dictionaries and term lists as files (scheme `terminology`). readFile fetches, writeFile pushes.
 *
 * Each open address has a *version*: the remote text its document was opened from (the base) and an mtime.
 * The mtime moves when the remote is seen to change while no unsaved edits depend on the old version, so
 * VS Code reloads clean documents by itself. With unsaved edits the version stays, and the save finds the
 * conflict: writeFile compares the remote now with the base and never overwrites a change it has not shown (the
 * conflict check on save is saveCheck.ts). */
import * as vscode from 'vscode';
import { MalformedResponseError, NetworkError, NotFoundError, ServiceError } from '../api';
import { entriesForSending, findingFromServerError } from '../core';
import type { Logger } from '../base/logger';
import { describeError, inSentence } from '../platform/errors';
import { shownInTab } from '../platform/tabs';
import { PartialPushError, type RemoteStore } from './remoteStore';
import { ConflictError, ContainerGoneError, GoneError, PREFLIGHT_MS, SaveCheck, WILL_SAVE_FETCH_MS, WILL_SAVE_WAIT_MS, type EarlyFetch, type Preflight, type Prepared, type SaveUi } from './saveCheck';
import { BaseStore } from './baseStore';
import { TextSizes } from './textSizes';
import type { SpilledBases } from './spilledBases';
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

const FRESH_MS = 5000;
/** The mtime of a version whose document already had unsaved edits when it was first seen (restored by VS Code with
 * its own idea of the file's mtime): older than any, so VS Code's "the file is newer" check never refuses its save.
 * Whether a save may push is the save's own check, against the remote. */
const OLD_MTIME = 1;

export class RemoteFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly versions = new Map<string, Version>();
  /** A newer remote text seen while the document had unsaved edits: what Compare shows and Merge merges. */
  private readonly remoteSeen = new Map<string, string>();
  /** The remote text the user chose to overwrite (one save). */
  private readonly approved = new Map<string, string>();
  private readonly watched = new Set<string>();
  /** Unsaved text of a document VS Code is re-reading (a Revert), with its base, until the read has landed. */
  private readonly setAside = new Map<string, { text: string; base: string | undefined; at: number }>();
  /** Per address, the base of each text a Pull, a Merge or a push moved away from or to: Undo and Redo bring
   * a text back, and with it the remote version it descends from (the base follows the text). */
  private history: BaseHistory;
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
  private readonly pushedEmitter = new vscode.EventEmitter<vscode.Uri>();
  /** Fires when a save pushed a document's text to the service. */
  readonly onDidPush = this.pushedEmitter.event;
  private readonly subscriptions: vscode.Disposable[];
  /** UTF-8 sizes for stat, per address while its document is open. */
  private readonly sizes = new TextSizes();
  /** The conflict check on save (saveCheck.ts). */
  private readonly check: SaveCheck;
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
    private readonly bases: BaseStore = new BaseStore(undefined), private readonly spill?: SpilledBases, private readonly pollMs = 60_000) {
    this.history = new BaseHistory(undefined, undefined, spill);
    this.check = new SaveCheck(store, this.approved, this.remoteSeen, ui);
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
        }, (err: unknown) => {
          // Its base was kept on disk (the document had been closed) and cannot be read back: the text's base is
          // unknown, so its save is a conflict to resolve, never a push.
          this.log.warn(`${e.document.uri.path}: the base of the text ${e.reason === vscode.TextDocumentChangeReason.Undo ? 'Undo' : 'Redo'} brought back could not be read: ${describeError(err)}`);
          if (v && this.versions.get(key) === v && v.text === was) v.unknownBase = true;
        });
      }),
      vscode.workspace.onWillSaveTextDocument((e) => {
        if (e.document.uri.scheme !== SCHEME) return;
        this.saveReasons.set(e.document.uri.toString(), { reason: e.reason, at: Date.now() });
        const uri = e.document.uri;
        const read = this.check.fetchOnWillSave(e.document, e.reason, this.mounts.has(uri.authority), async () => { await this.settled(uri); return this.knownBase(uri.toString()); });
        // VS Code gathers the document's bytes and sends them to writeFile once the save's participants are done.
        // Reading the text for the checks made ahead (10 MiB: a few hundred ms of this thread) meanwhile slowed that
        // hand-over, which this thread takes part in, by about as much again: so the save waits for the read, at most
        // WILL_SAVE_WAIT_MS.
        if (read) e.waitUntil(atMost(read, WILL_SAVE_WAIT_MS));
      }),
      vscode.workspace.onDidCloseTextDocument((d) => {
        if (d.uri.scheme !== SCHEME) return;
        // A dirty document is closed only to be opened again at once (VS Code does so for a language-mode change)
        // or with the window (whose hot exit restores it): its base stays, in memory and on disk.
        if (d.isDirty) return;
        const key = d.uri.toString();
        this.versions.delete(key);
        this.sizes.delete(key);
        this.forgetBase(key);
        this.remoteSeen.delete(key);
        this.check.unconfirmed.delete(key);
        this.approved.delete(key);
        // The bases of its recent texts stay (a few per address, for the last addresses seen): VS Code gives a
        // reopened document its undo stack back, and an Undo must bring back the base of the text it restores.
        // They move to disk, so that a closed document holds no text in memory.
        this.history.spill(key);
      }),
    ];
  }

  // ---- for the integration tests (TerminologyApi.testing), which cannot reload the window they run in ----------

  /** Forgets everything kept in memory, as the extension of a reloaded window starts: the bases kept on disk stay. */
  forgetMemory(): void {
    for (const announced of this.check.willSaveFetches.values()) announced.drop();
    for (const m of [this.versions, this.remoteSeen, this.approved, this.setAside, this.check.willSaveFetches, this.check.prefetched, this.check.unconfirmed, this.saveReasons, this.persisted, this.sizes]) m.clear();
    this.history = new BaseHistory(undefined, undefined, this.spill);
  }

  /** As if `ms` had passed since every remote text was last fetched or checked (the next read fetches again). */
  age(ms: number): void {
    for (const v of this.versions.values()) { v.fetchedAt -= ms; v.checkedAt -= ms; }
  }

  // ---- state shared with the commands -------------------------------------------------------------------------

  /** Whether the checks made ahead for the save of `uri` VS Code has announced have read its text by now; undefined
   * when none are being made (for the tests: the save waits for that read before VS Code gathers its bytes). */
  aheadRead(uri: vscode.Uri): boolean | undefined {
    return this.check.willSaveFetches.get(uri.toString())?.ahead?.hasRead();
  }

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
    // Its save reads the remote again: a preflight's fetch of moments ago (Ctrl+S before Overwrite…) may be older than
    // the remote the user was told about.
    this.check.prefetched.delete(uri.toString());
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
    return { type: vscode.FileType.File, ctime: v.mtime, mtime: v.mtime, size: await this.sizes.sizeOf(uri.toString(), v.text) };
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
    const bytes = this.store.takeBytes(text) ?? await this.store.offload.encodeText(text);
    // The stat VS Code asks for with the read gets these bytes' size: 10 MiB is not counted again.
    this.sizes.known(key, text, bytes.byteLength);
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
  /** Whether the glossary or collection of `uri` is missing for the key set now (undefined: cannot tell). */
  containerMissing(uri: vscode.Uri, signal?: AbortSignal): Promise<boolean | undefined> {
    return this.store.containerMissing(this.ref(uri), signal);
  }

  async preflight(uri: vscode.Uri, text: string, signal?: AbortSignal): Promise<Preflight> {
    const ref = this.ref(uri);
    const key = uri.toString();
    await this.settled(uri);
    const base = this.knownBase(key);
    const early = this.check.earlyFetch(ref, text, false);
    if (base !== undefined && !this.check.unanswered(key, base) && await this.check.same(ref, base, text)) { early?.drop(); return { outcome: 'unchanged' }; }
    const errors = await this.check.errorCount(ref, text);
    if (errors) { early?.drop(); return { outcome: 'blocked', errors }; }
    const remote = early ? await early.remote(signal) as string | undefined : await this.check.fetchForSave(ref, signal);
    this.check.prefetched.set(key, { text, remote, at: Date.now() });
    return { outcome: (await this.check.decide(key, ref, base, text, remote, signal)).outcome };
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const mounted = this.mounts.get(uri.authority);
    if (mounted) return mounted.writeFile(uri, content, { create: false, overwrite: true });
    const ref = this.ref(uri);
    const key = uri.toString();
    const reason = this.saveReasons.get(key)?.reason;
    this.saveReasons.delete(key);
    const pre = this.check.prefetched.get(key);
    this.check.prefetched.delete(key);
    // Auto-save never pushes a half-typed line (the extension turns it off for its languages; this holds even when
    // a user setting turns it back on). The document stays dirty; an explicit save pushes.
    if (reason === vscode.TextDocumentSaveReason.AfterDelay || reason === vscode.TextDocumentSaveReason.FocusOut) {
      this.check.willSaveFetches.get(key)?.drop();
      this.check.willSaveFetches.delete(key);
      throw vscode.FileSystemError.Unavailable(vscode.l10n.t('Auto-save does not push to the service. Your edits are kept here; press Ctrl+S (Save) to push them.'));
    }
    await this.settled(uri);
    const base = this.knownBase(key);
    const recent = pre !== undefined && Date.now() - pre.at < PREFLIGHT_MS;
    // The fetch this save started when it was announced, and the checks made then from the document's text (only
    // the next writeFile of this address takes them); the checks serve only these very bytes and this base.
    const announced = this.check.willSaveFetches.get(key);
    this.check.willSaveFetches.delete(key);
    const timely = announced !== undefined && Date.now() - announced.at < WILL_SAVE_FETCH_MS;
    const prepared = timely ? await announced.ahead?.take(content, base) : undefined;
    // Otherwise decoded, compared with the base and linted in one round trip to the core worker (not linted when a
    // preflight may have done it: see `fresh`).
    const checked = prepared ?? await this.check.checkBytes(ref, content, base, !recent);
    const text = checked.text;
    // A preflight of this very text moments ago linted it (it keeps a fetch only for text without errors) and
    // fetched the remote: the save does neither again.
    const fresh = recent && pre.text === text;
    const usable = !fresh && timely;
    if (!usable) announced?.drop();
    const early = fresh ? undefined : usable ? announced.fetch : this.check.earlyFetch(ref, text, true);
    try {
      await this.push(uri, ref, base, text, checked, fresh ? pre : undefined, early, usable ? prepared : undefined);
    } finally {
      announced?.ahead?.drop();
    }
    // The stat VS Code asks for right after the write: the text's UTF-8 size is the bytes it handed over (it encodes
    // valid UTF-8; a byte order mark would not be in the decoded text), so 10 MiB is not counted again.
    if (!(content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf)) this.sizes.known(key, text, content.byteLength);
  }

  /** The rest of a save (writeFile) once its bytes are checked: nothing to push, blocked, or the conflict check and
   * the PUT. `prepared`: the checks made when the save was announced, with the announced fetch (`early`). */
  private async push(uri: vscode.Uri, ref: RemoteRef, base: string | undefined, text: string,
    checked: { same: boolean; errors: number; linted: boolean }, pre: { remote: string | undefined } | undefined,
    early: EarlyFetch | undefined, prepared: Prepared | undefined): Promise<void> {
    const key = uri.toString();
    const what = describeRef(ref);
    const fresh = pre !== undefined;
    // Nothing changed since the document was opened: nothing to push (and pushing the old text could only
    // overwrite someone else's newer change).
    if (checked.same && !this.check.unanswered(key, base)) {
      early?.drop();
      if (base !== text) this.ui.unchanged(uri);
      return;
    }
    // Whatever blocks a save is said once: by VS Code's own "Failed to save" notification, with this text.
    // (Ctrl+S in a remote document runs Terminology: Save and Push, which checks first and offers the ways out.)
    const errors = fresh ? 0 : checked.linted ? checked.errors : await this.check.errorCount(ref, text);
    if (errors) {
      early?.drop();
      throw vscode.FileSystemError.Unavailable(errors === 1
        ? vscode.l10n.t('Not pushed: 1 error in {0} would be rejected by the service. Your text is kept; fix it (Problems view, or Terminology: Fix All), then save again.', what)
        : vscode.l10n.t('Not pushed: {0} errors in {1} would be rejected by the service. Your text is kept; fix them (Problems view, or Terminology: Fix All), then save again.', errors, what));
    }

    let dictionaries: string[] | undefined;
    let entryCount: number | undefined;
    let sent = false;
    try {
      await this.ui.progress(vscode.l10n.t('Pushing {0}…', what), async (signal) => {
        const fetched = pre ? pre.remote : early ? await early.remote(signal) : await this.check.fetchForSave(ref, signal);
        const { outcome, remote } = await this.check.decide(key, ref, base, text, fetched, signal, prepared?.remoteIsBase);
        if (outcome === 'conflict') throw new ConflictError(what);
        if (outcome === 'gone') throw new GoneError(what);
        if (outcome === 'container-gone') throw new ContainerGoneError(ref);
        this.approved.delete(key);
        if (outcome === 'push') { sent = true; ({ dictionaries, entryCount } = await this.store.replace(ref, text, signal, remote, prepared?.body)); }
        else if (ref.kind === 'glossary') dictionaries = []; // the service holds this text already
      });
    } catch (err) {
      if (err instanceof ConflictError || err instanceof GoneError || err instanceof ContainerGoneError) throw vscode.FileSystemError.Unavailable(err.message);
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
      if (maybe && sent) this.check.sentUnanswered(key, text, base);
      throw vscode.FileSystemError.Unavailable(maybe
        ? vscode.l10n.t('Perhaps not pushed: {0}. Your text is kept; save again, which pushes only if the service does not hold this text yet.', inSentence(describeError(err)))
        : vscode.l10n.t('Not pushed: {0}. Your text is kept; save again to retry.', inSentence(describeError(err))));
    }
    const now = Date.now();
    this.versions.set(key, { text, mtime: Math.max(now, (this.versions.get(key)?.mtime ?? 0) + 1), fetchedAt: now, checkedAt: now });
    this.remoteSeen.delete(key);
    this.check.unconfirmed.delete(key);
    // Every earlier text of this document now descends from what was just pushed.
    this.history.forget(key);
    this.forgetBase(key);
    this.remember(uri, text, text);
    // The count the service answered with (none, or 0, when its answer did not say: a pushed dictionary holds at least
    // one entry), not counted here again: a 10 MiB text sent to the worker for a log line. A glossary's is counted.
    if (ref.kind === 'glossary') void this.check.entryCount(ref, text).then((n) => this.log.info(`pushed ${uri.path} (${n} entries)`));
    else this.log.info(`pushed ${uri.path}${entryCount ? ` (${entryCount} entries)` : ''}`);
    this.ui.pushed(uri, ref, text, dictionaries);
    this.pushedEmitter.fire(uri);
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
    void this.spill?.dispose();
    this.readEmitter.dispose();
    this.pushedEmitter.dispose();
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
        if (count === await this.check.entryCount(ref, v.text)) return v;
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
    if (await this.check.same(ref, v.text, text)) { v.text = text; v.fetchedAt = now; return; }
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

/** Settles when `p` does, or after `ms`, whichever comes first. */
function atMost(p: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([p, new Promise<void>((resolve) => { timer = setTimeout(resolve, ms); })]).finally(() => clearTimeout(timer));
}
