/** Style rule lists as JSON files: `terminology://style-rules/<name>.json?id=<style id>` (mounted into the
 * terminology file system). readFile fetches the list; writeFile is the push: blocked while the document has
 * errors, never over a list whose `version` moved since the text was opened (unless the user chose Overwrite for
 * that version), then one PUT for configured_rules and a create, update or delete per changed custom instruction. */
import * as vscode from 'vscode';
import type { ServiceClient, StyleRuleList } from '../api';
import type { StyleContent } from '../core';
import type { Logger } from '../base/logger';
import { describeError, inSentence, noKeyText } from '../platform/errors';
import { BaseHistory } from '../base/baseHistory';

// The catalog and the document's checks load with the first list read (./lazy.ts, dist/styleRules.js).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const styleCore = () => require('./lazy') as typeof import('./lazy');

export const STYLE_AUTHORITY = 'style-rules';
const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** How long after a push its own re-read is served from what the push fetched (VS Code reads within milliseconds). */
const REREAD_MS = 5000;

export function styleRulesUri(list: { styleId: string; name: string }): vscode.Uri {
  return vscode.Uri.from({ scheme: 'terminology', authority: STYLE_AUTHORITY, path: `/${list.name.replace(/[/\\]/g, '\u2215') || '(unnamed)'}.json`, query: `id=${list.styleId}` });
}

export const isStyleRulesUri = (uri: vscode.Uri): boolean => uri.scheme === 'terminology' && uri.authority === STYLE_AUTHORITY;
export const styleIdOf = (uri: vscode.Uri): string | undefined => /(?:^|&)id=([^&]+)/.exec(uri.query)?.[1];

interface Opened {
  list: StyleRuleList; content: StyleContent; text: string; mtime: number;
  /** Fetched while the document already had unsaved edits whose list is not known (VS Code restored it after a window
   * reload): they may descend from any version, so a save cannot tell a colleague's change from the user's. It asks. */
  unknownBase?: true;
  /** The list before this one, while the document does not show this one's text yet: a read hands it to VS Code, which
   * drops it when the document's text changed while it was read (typing during a reload). Until the document shows
   * it (the next change is that text), the base is still `previous`; after any other change, `previous` again. */
  previous?: Opened;
}

export type StylePreflight = { outcome: 'unchanged' | 'push' } | { outcome: 'blocked'; errors: number } | { outcome: 'conflict'; remote: StyleRuleList };

/** What the push needs from the UI. */
export interface StyleSaveUi {
  blocked(uri: vscode.Uri, errors: number): void;
  /** `unknownBase`: the version the unsaved edits started from is not known (see Opened). */
  conflict(uri: vscode.Uri, base: StyleRuleList, remote: StyleRuleList, unknownBase?: boolean): void;
  pushed(uri: vscode.Uri, list: StyleRuleList, calls: number): void;
  /** A push stopped after `calls` of its changes went through (the list moved on the service). */
  pushedPart?(uri: vscode.Uri, calls: number): void;
  /** A document's list is no longer on the service (a revert found it deleted). */
  gone?(uri: vscode.Uri): void;
}

export class StyleConflictError extends Error {
  constructor(readonly base: StyleRuleList, readonly remote: StyleRuleList, unknownBase = false) {
    super(unknownBase
      ? vscode.l10n.t('The version of "{0}" your unsaved edits started from is not known (the window was reloaded), so a change on the service since then cannot be told from yours; nothing was pushed. Compare, reload, or overwrite it.', remote.name)
      : vscode.l10n.t('"{0}" changed on the service since you opened it (version {1}, now {2}); nothing was pushed. Compare, reload, or overwrite it.', remote.name, base.version, remote.version));
  }
}

export class StyleRulesFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly opened = new Map<string, Opened>();
  /** The remote version the user chose to overwrite, per address (one save). */
  private readonly approved = new Map<string, number>();
  private readonly saveReasons = new Map<string, vscode.TextDocumentSaveReason>();
  /** The list a push just fetched, for the re-read it asks VS Code for (to show the new instructions' ids): that read
   * takes it from here instead of fetching it a second time, within REREAD_MS. */
  private readonly rereads = new Map<string, { o: Opened; until: number }>();
  /** Per address, the list each recent text descends from: a read (a revert, Reload, "Don't Save") replaces the text,
   * and Undo brings the text before it back, with the list it descends from (the version the save checks). */
  private history = new BaseHistory<StyleRuleList>();
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  private readonly pushedEmitter = new vscode.EventEmitter<{ uri: vscode.Uri; list: StyleRuleList }>();
  /** Fires after a push (tests and the tree wait on it). */
  readonly onDidPush = this.pushedEmitter.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly client: () => Promise<ServiceClient | undefined>, private readonly ui: StyleSaveUi, private readonly log: Logger) {
    this.subscriptions = [
      this.changed, this.pushedEmitter,
      vscode.workspace.onWillSaveTextDocument((e) => { if (isStyleRulesUri(e.document.uri)) this.saveReasons.set(e.document.uri.toString(), e.reason); }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (!isStyleRulesUri(e.document.uri)) return;
        const key = e.document.uri.toString();
        // The first change after a read: that text landed (the base moves to it), or VS Code dropped the read.
        const read = this.opened.get(key);
        if (read?.previous) {
          if (e.document.getText() !== read.text) this.opened.set(key, read.previous);
          else delete read.previous;
        }
        if (e.reason !== vscode.TextDocumentChangeReason.Undo && e.reason !== vscode.TextDocumentChangeReason.Redo) return;
        const was = this.opened.get(key);
        void this.history.baseOf(key, e.document.getText()).then((list) => {
          if (!list || this.opened.get(key) !== was || was?.list === list) return;
          const text = styleCore().styleDocumentText(list);
          this.opened.set(key, { list, content: styleCore().checkStyleDocument(text).content!, text, mtime: was?.mtime ?? Date.now() });
          this.log.info(`${e.document.uri.path}: ${e.reason === vscode.TextDocumentChangeReason.Undo ? 'undo' : 'redo'} brought back a text based on version ${list.version}`);
        });
      }),
      // A language change closes and reopens the document at once: forget its base only when it stays closed.
      vscode.workspace.onDidCloseTextDocument((d) => {
        if (!isStyleRulesUri(d.uri)) return;
        const key = d.uri.toString();
        setTimeout(() => {
          if (vscode.workspace.textDocuments.some((x) => x.uri.toString() === key)) return;
          this.opened.delete(key);
          this.approved.delete(key);
        }, 2000);
      }),
    ];
  }

  /** Forgets everything kept in memory, as the extension of a reloaded window starts (for the integration tests). */
  forgetMemory(): void {
    this.opened.clear();
    this.approved.clear();
    this.saveReasons.clear();
    this.rereads.clear();
    this.history = new BaseHistory<StyleRuleList>();
  }

  /** The list the open document's text descends from: the one last read, once the document shows it (Opened.previous). */
  private current(key: string): Opened | undefined {
    const o = this.opened.get(key);
    if (o?.previous && vscode.workspace.textDocuments.find((d) => d.uri.toString() === key)?.getText() !== o.text) return o.previous;
    return o;
  }

  /** The list as the open document's text descends from it. */
  base(uri: vscode.Uri): StyleRuleList | undefined {
    return this.current(uri.toString())?.list;
  }

  /** Whether the list the document's unsaved edits started from is not known (see Opened). */
  baseUnknown(uri: vscode.Uri): boolean {
    return this.current(uri.toString())?.unknownBase === true;
  }

  /** Instruction ids of the list the document descends from (an id it does not have cannot be updated). */
  knownIds(uri: vscode.Uri): ReadonlySet<string> | undefined {
    const o = this.current(uri.toString());
    return o && new Set((o.list.customInstructions ?? []).map((c) => c.id));
  }

  /** The next save may replace remote version `version` (after the user confirmed Overwrite). */
  approveOverwrite(uri: vscode.Uri, version: number): void {
    this.approved.set(uri.toString(), version);
  }

  /** The save the approval was for is over (it may have sent nothing: a clean document is not written). */
  withdrawOverwrite(uri: vscode.Uri): void {
    this.approved.delete(uri.toString());
  }

  /** Resolves once the list an Undo or Redo brought back is in place (a save reads it after this). */
  settled(): Promise<void> {
    return this.history.settled();
  }

  private async need(): Promise<ServiceClient> {
    const c = await this.client();
    if (!c) throw vscode.FileSystemError.Unavailable(noKeyText());
    return c;
  }

  private id(uri: vscode.Uri): string {
    const id = styleIdOf(uri);
    if (!id) throw vscode.FileSystemError.FileNotFound(uri);
    return id;
  }

  /** Fetches the list; `adopt`: the document descends from it now (a read hands it its text, a push made the service
   * hold the document's). Otherwise a document with unsaved edits and no known list does not take it as its base. */
  private async fetch(uri: vscode.Uri, adopt = false): Promise<Opened> {
    try {
      const list = await (await this.need()).getStyleRules(this.id(uri));
      const text = styleCore().styleDocumentText(list);
      const content = styleCore().checkStyleDocument(text).content!;
      const prev = this.opened.get(uri.toString());
      const dirty = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())?.isDirty === true;
      const unknownBase = !adopt && dirty && (!prev || prev.unknownBase === true);
      const o: Opened = {
        list, content, text, mtime: prev && prev.list.version === list.version ? prev.mtime : Math.max(Date.now(), (prev?.mtime ?? 0) + 1),
        ...(unknownBase ? { unknownBase: true as const } : {}),
      };
      this.opened.set(uri.toString(), o);
      return o;
    } catch (err) {
      if (err instanceof vscode.FileSystemError) throw err;
      if (isNotFound(err)) throw vscode.FileSystemError.FileNotFound(uri);
      throw vscode.FileSystemError.Unavailable(describeError(err));
    }
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    if (uri.path === '/' || uri.path === '') return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const o = this.opened.get(uri.toString()) ?? await this.fetch(uri);
    return { type: vscode.FileType.File, ctime: o.mtime, mtime: o.mtime, size: encoder.encode(o.text).byteLength };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    // A read replaces the document's text (VS Code's revert: Reload, Revert File, "Don't Save"); Undo brings that text
    // back, and with it the list it descends from. Should the read fail, the document keeps its base.
    const key = uri.toString();
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
    const prev = this.current(key);
    if (doc && prev && !prev.unknownBase) this.history.remember(key, doc.getText(), prev.list);
    const reread = this.rereads.get(key);
    this.rereads.delete(key);
    if (reread && reread.until >= Date.now() && this.opened.get(key) === reread.o) return encoder.encode(reread.o.text);
    let o: Opened;
    try {
      o = await this.fetch(uri, true);
    } catch (err) {
      // A revert of a list deleted on the service: VS Code fails that revert with an internal error ("Illegal state:
      // service accessor…") rather than saying the file is gone. The tab is given the list as the service last held
      // it (a clean tab, closed without a question; Undo brings your text back), and you are told the list is gone.
      if (!(doc && prev && err instanceof vscode.FileSystemError && err.code === 'FileNotFound')) throw err;
      this.ui.gone?.(uri);
      return encoder.encode(prev.text);
    }
    this.history.remember(key, o.text, o.list);
    // The document descends from this list once it shows its text (VS Code may drop the read: see Opened.previous).
    if (doc && prev && doc.getText() !== o.text) o.previous = prev;
    return encoder.encode(o.text);
  }

  async readDirectory(): Promise<Array<[string, vscode.FileType]>> {
    const lists = await (await this.need()).listStyleRules();
    return lists.map((l) => [`${l.name.replace(/[/\\]/g, '\u2215')}.json`, vscode.FileType.File]);
  }

  /** What a save of `text` would do now, without pushing. */
  async preflight(uri: vscode.Uri, text: string, signal?: AbortSignal): Promise<StylePreflight> {
    await this.history.settled();
    const o = this.current(uri.toString()) ?? await this.fetch(uri);
    const checked = styleCore().checkStyleDocument(text, this.knownIds(uri));
    const errors = checked.findings.filter((f) => f.severity === 'error').length;
    if (errors || !checked.content) return { outcome: 'blocked', errors: Math.max(1, errors) };
    const remote = await (await this.need()).getStyleRules(this.id(uri), signal).catch((err: unknown) => { throw isNotFound(err) ? goneError(uri) : err; });
    if (movedSince(o, remote) && this.approved.get(uri.toString()) !== remote.version) return { outcome: 'conflict', remote };
    return { outcome: styleCore().isEmptyPlan(styleCore().planPush(styleCore().checkStyleDocument(styleCore().styleDocumentText(remote)).content!, checked.content)) ? 'unchanged' : 'push' };
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const key = uri.toString();
    const reason = this.saveReasons.get(key);
    this.saveReasons.delete(key);
    if (reason === vscode.TextDocumentSaveReason.AfterDelay || reason === vscode.TextDocumentSaveReason.FocusOut) {
      throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Auto-save does not push a style rule list; press Ctrl+S (Save and Push) to push it.'));
    }
    const text = decoder.decode(content);
    await this.history.settled();
    const o = this.current(key) ?? await this.fetch(uri);
    const checked = styleCore().checkStyleDocument(text, this.knownIds(uri));
    const errors = checked.findings.filter((f) => f.severity === 'error').length;
    if (errors || !checked.content) {
      this.ui.blocked(uri, Math.max(1, errors));
      throw vscode.FileSystemError.NoPermissions(errors === 1
        ? vscode.l10n.t('1 error in this style rule list blocks the push; see the Problems view.')
        : vscode.l10n.t('{0} errors in this style rule list block the push; see the Problems view.', errors));
    }
    const client = await this.need();
    const id = this.id(uri);
    let remote: StyleRuleList;
    try {
      remote = await client.getStyleRules(id);
    } catch (err) {
      if (isNotFound(err)) throw vscode.FileSystemError.Unavailable(goneError(uri).message);
      throw vscode.FileSystemError.Unavailable(vscode.l10n.t('Not pushed: could not check the list on the service before pushing: {0}. Your text is kept; save again to retry.', inSentence(describeError(err))));
    }
    if (movedSince(o, remote) && this.approved.get(key) !== remote.version) {
      this.ui.conflict(uri, o.list, remote, o.unknownBase);
      throw vscode.FileSystemError.NoPermissions(new StyleConflictError(o.list, remote, o.unknownBase).message);
    }
    this.approved.delete(key);
    const plan = styleCore().planPush(styleCore().checkStyleDocument(styleCore().styleDocumentText(remote)).content!, checked.content);
    let calls = 0;
    try {
      if (plan.rules) { await client.replaceConfiguredRules(id, plan.rules); calls++; }
      for (const del of plan.delete) { await client.deleteCustomInstruction(id, del); calls++; }
      for (const u of plan.update) { await client.updateCustomInstruction(id, u.id, { label: u.label, prompt: u.prompt, sourceLanguage: u.source_language }); calls++; }
      for (const c of plan.create) { await client.createCustomInstruction(id, { label: c.label, prompt: c.prompt, sourceLanguage: c.source_language }); calls++; }
    } catch (err) {
      // Part of the push may have gone through: the next save starts from what the service holds now. The file keeps
      // the time the document knows: a later time would make VS Code's own check at the next save take this push's
      // changes for someone else's ("The content of the file is newer"); the list's version is what that save checks.
      const was = this.opened.get(key);
      const now = await this.fetch(uri, true).catch(() => undefined);
      if (now && was) now.mtime = was.mtime;
      // Each update grows the version by one: another version than the calls that went through made means a change
      // of someone else's landed meanwhile. The document keeps its old base then, and its next save asks.
      if (now && was && now.list.version !== remote.version + calls) this.opened.set(key, was);
      this.log.warn(`${uri.path}: push stopped after ${calls} call(s): ${describeError(err)}`);
      if (calls) this.ui.pushedPart?.(uri, calls);
      throw vscode.FileSystemError.Unavailable(vscode.l10n.t('The push stopped after {0} of {1} changes: {2}. Your text is kept; save again to push the rest.', calls,
        (plan.rules ? 1 : 0) + plan.delete.length + plan.update.length + plan.create.length, inSentence(describeError(err))));
    }
    const after = await this.fetch(uri, true);
    // Every earlier text of this document now descends from what was just pushed.
    this.history.forget(key);
    this.history.remember(key, text, after.list);
    this.history.remember(key, after.text, after.list);
    this.log.info(`${uri.path}: pushed in ${calls} call(s), now version ${after.list.version}`);
    this.ui.pushed(uri, after.list, calls);
    this.pushedEmitter.fire({ uri, list: after.list });
    // New instructions got their ids from the service: let VS Code re-read the (now clean) document to show them.
    if (after.text !== text) {
      // Once VS Code has marked the saved document clean (it may take a while on a busy machine). Not over edits typed
      // since (the text is no longer the one pushed): VS Code would not re-read a document with unsaved edits, and its
      // own check at their save would take the later time for someone else's change ("The content of the file is
      // newer"); their save plans the instructions without ids as new ones.
      let tries = 0;
      const reread = () => {
        const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
        if (!doc || doc.isClosed || doc.getText() !== text) return;
        if (doc.isDirty) { if (++tries < 20) setTimeout(reread, 100); return; }
        after.mtime = Math.max(Date.now(), after.mtime + 1);
        this.rereads.set(key, { o: after, until: Date.now() + REREAD_MS });
        this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
      };
      setTimeout(reread, 100);
    }
  }

  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Create style rule lists from the Style Rules view.'));
  }
  delete(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Delete style rule lists from the Style Rules view.'));
  }
  rename(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Rename style rule lists from the Style Rules view.'));
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}

/** Whether the list changed on the service since the document's base: its version moved and so did its rules or
 * instructions (a rename alone also grows the version, and changes nothing the document holds); or the base is not
 * known. */
function movedSince(o: Opened, remote: StyleRuleList): boolean {
  return o.unknownBase === true || (remote.version !== o.list.version && styleCore().styleDocumentText(remote) !== o.text);
}

const isNotFound = (err: unknown) => (err as { kind?: string } | undefined)?.kind === 'not-found';

/** A list deleted on the service (by you in another window, or by a colleague) whose document still has your text:
 * what to do with it, instead of the service's bare 404. */
/** A save of a list deleted on the service (see goneError). */
export class ListGoneError extends Error {}

function goneError(uri: vscode.Uri): Error {
  return new ListGoneError(vscode.l10n.t('"{0}" is no longer on the service (it was deleted). Nothing was pushed, and your text is kept here: to keep it, create a list (Create Style Rule List…) and paste it into that list\'s JSON; to let it go, close this tab and choose Don\'t Save.',
    uri.path.slice(1).replace(/\.json$/, '')));
}
