/** The glossaries the term check holds translations against: every dictionary the manifest links. Each is read from
 * its linked file (the open document's text when it is open, so an unsaved edit counts); a link whose file is not
 * there is read from the service through the shared client (the open remote document's text when one is open). One
 * TermIndex (the automata) is kept per version of those texts: it is built again only when one of them changed. */
import * as vscode from 'vscode';
import type { Logger } from '../base/logger';
import { glossaryLanguages, pairEntries, STATUS_FILE_NAME, type GlossaryEntry } from '../core/termCheck';
import { linksDictionaries, resolveManifest, type ManifestLink, type ManifestOwner, type ParsedManifest } from '../core/workspace/manifest';
import type { RuleSettings } from '../core/ruleSettings';
import type { ClientProvider } from '../platform/clientProvider';
import { readFileText } from '../platform/fileText';
import type { ManifestFile } from '../platform/manifestFile';
import { dictionaryUri, parseRemoteRef, SCHEME } from '../platform/remoteUris';
import { describeError } from '../platform/errors';
import type { Offload } from '../worker/offload';
import { TermIndexHandle } from './termIndex';

/** What one check needs: the index (on the core worker), the glossaries' languages, the manifest's rule settings and
 * folder. */
export interface TermGlossarySet {
  index: TermIndexHandle;
  /** The entries, parsed on first use (Find Term Candidates). */
  entries(): GlossaryEntry[];
  /** Each language pair of the entries, as entry-shaped rows (what the language helpers read). */
  pairs: GlossaryEntry[];
  sourceLangs: string[];
  known: Set<string>;
  rules: RuleSettings;
  /** The manifest's "termIgnore" (a file's path from `folder` → a string's key → what is ignored). */
  termIgnore: ParsedManifest['termIgnore'];
  folder: vscode.Uri;
  /** Counts up each time the entries changed (a new index). */
  version: number;
}

interface Part { key: string; text: string; link: ManifestLink & { format: 'tsv' | 'csv'; targetLang: string }; owner: ManifestOwner; file: string }

const sameDoc = (a: vscode.Uri, b: vscode.Uri) => a.toString() === b.toString();

export class TermGlossaries implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the manifest, a linked file, a remote dictionary document or the key changed: check again. */
  readonly onDidChange = this.changed.event;
  /** Texts fetched from the service, by glossary id and pair; the ids the manifest's glossaries resolved to. */
  private readonly fetched = new Map<string, string>();
  private ids: Map<number, string> | undefined;
  /** The linked files and remote documents read last: an edit of one of them changes the glossaries. */
  private readonly sources = new Set<string>();
  private remoteIds = new Set<string>();
  private built: { parts: Part[]; statusText: string; set: TermGlossarySet } | undefined;
  private version = 0;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly manifest: ManifestFile, private readonly clients: ClientProvider, private readonly log: Logger,
    /** The glossaries picked for a folder without a manifest (workspace state). */
    private readonly picked: () => ReadonlyArray<{ id: string; name: string }> = () => [],
    /** Where the index is built and kept (inline without one). */
    private readonly offload?: Offload) {
    const watcher = vscode.workspace.createFileSystemWatcher(`**/*.{tsv,csv}`);
    const statuses = vscode.workspace.createFileSystemWatcher(`**/${STATUS_FILE_NAME}`);
    const touched = (uri: vscode.Uri) => { if (this.sources.has(uri.toString())) this.changed.fire(); };
    this.subscriptions = [
      this.changed, watcher, statuses,
      watcher.onDidChange(touched), watcher.onDidCreate(() => this.changed.fire()), watcher.onDidDelete(touched),
      statuses.onDidChange(touched), statuses.onDidCreate(touched), statuses.onDidDelete(touched),
      manifest.onDidChange(() => { this.ids = undefined; this.changed.fire(); }),
      clients.onDidChange(() => this.forgetRemote()),
      vscode.workspace.onDidChangeTextDocument((e) => { if (e.contentChanges.length && this.isSource(e.document.uri)) this.changed.fire(); }),
      vscode.workspace.onDidCloseTextDocument((d) => { if (this.isSource(d.uri)) this.changed.fire(); }),
    ];
  }

  private isSource(uri: vscode.Uri): boolean {
    if (this.sources.has(uri.toString())) return true;
    if (uri.scheme !== SCHEME) return false;
    const ref = parseRemoteRef(uri);
    return ref?.kind === 'dictionary' && !!ref.id && this.remoteIds.has(ref.id);
  }

  /** Forgets what was fetched from the service (the next load fetches again). */
  forgetRemote(): void {
    this.fetched.clear();
    this.ids = undefined;
    this.changed.fire();
  }

  /** The glossaries now; undefined without a manifest or without a dictionary linked in it. `refresh` fetches the
   * service's dictionaries again. */
  load(options: { refresh?: boolean; signal?: AbortSignal } = {}): Promise<TermGlossarySet | undefined> {
    // One at a time: a build is awaited (on the worker), and two at once would build the same version twice.
    const next = this.loading.then(() => this.loadNow(options), () => this.loadNow(options));
    this.loading = next.catch(() => undefined);
    return next;
  }

  private loading: Promise<unknown> = Promise.resolve();

  private async loadNow(options: { refresh?: boolean; signal?: AbortSignal }): Promise<TermGlossarySet | undefined> {
    if (options.refresh) { this.fetched.clear(); this.ids = undefined; }
    const read = await this.manifest.read();
    // Without a manifest, or with one that links no dictionary (all unlinked, say): the glossaries picked for the
    // folder ("Pick Glossaries for the Term Check"), from the service; the manifest's rules and exemptions still apply.
    const byPick = !read || !linksDictionaries(read.parsed.manifest);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const snapshot = read ?? (folder && this.picked().length ? { folder, parsed: { manifest: { glossaries: [], spokenTerms: [] }, rules: {}, termIgnore: {} } } : undefined);
    if (!snapshot) return undefined;
    const parts: Part[] = [];
    const missing: Array<{ owner: ManifestOwner; link: Part['link'] }> = [];
    this.sources.clear();
    for (const owner of snapshot.parsed.manifest.glossaries) {
      for (const l of owner.links) {
        if (l.format === 'terms' || !l.targetLang) continue;
        const link = l as Part['link'];
        const uri = this.manifest.linkUri(snapshot as { folder: vscode.Uri }, link);
        this.sources.add(uri.toString());
        const open = vscode.workspace.textDocuments.find((d) => sameDoc(d.uri, uri));
        let text = open?.getText();
        if (text === undefined) {
          try { text = (await readFileText(uri))?.text; } catch (err) { this.log.warn(`term check: ${describeError(err)}`); continue; }
        }
        if (text === undefined) missing.push({ owner, link });
        else parts.push({ key: `${owner.index}:${link.key}`, text, link, owner, file: uri.toString() });
      }
    }
    if (missing.length) await this.readRemote(missing, parts, options.signal);
    if (byPick) await this.readPicked(parts, options.signal);
    parts.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    // The status sidecar next to the manifest: the terms imported term bases mark forbidden (forbidden-term).
    const statusUri = vscode.Uri.joinPath(snapshot.folder, STATUS_FILE_NAME);
    this.sources.add(statusUri.toString());
    const statusText = vscode.workspace.textDocuments.find((d) => sameDoc(d.uri, statusUri))?.getText()
      ?? (await readFileText(statusUri).catch(() => undefined))?.text ?? '';
    const prev = this.built;
    if (prev && prev.statusText === statusText && prev.parts.length === parts.length && prev.parts.every((p, i) => p.key === parts[i].key && p.text === parts[i].text)) {
      prev.set.rules = snapshot.parsed.rules;
      prev.set.termIgnore = snapshot.parsed.termIgnore;
      prev.set.folder = snapshot.folder;
      return prev.set;
    }
    if (!parts.length) { this.drop(); return undefined; }
    const index = await TermIndexHandle.build({
      parts: parts.map((p) => ({ text: p.text, format: p.link.format, sourceLang: p.link.sourceLang, targetLang: p.link.targetLang, glossary: p.owner.name, file: p.file })),
      statusText,
    }, this.offload);
    for (const p of index.summary.statusProblems) this.log.warn(`term check: ${STATUS_FILE_NAME}: ${p}`);
    const pairs = pairEntries(index.summary.pairs);
    const { sourceLangs, known } = glossaryLanguages(pairs);
    const set: TermGlossarySet = {
      index, entries: () => index.entries(), pairs, sourceLangs, known, rules: snapshot.parsed.rules, termIgnore: snapshot.parsed.termIgnore, folder: snapshot.folder, version: ++this.version,
    };
    this.drop();
    this.built = { parts, statusText, set };
    this.log.info(`term check: ${index.summary.entryCount} glossary entries from ${parts.length} dictionaries, indexed in ${index.summary.buildMs.toFixed(1)} ms (${index.where === 'worker' ? 'on the core worker' : 'on the extension host'})`);
    return set;
  }

  /** Forgets the index built last (its copy on the worker is freed once no check uses it). */
  private drop(): void {
    this.built?.set.index.dispose();
    this.built = undefined;
  }

  /** Every dictionary of the glossaries picked for a folder without a manifest, from the service (the open remote
   * document's text, or the entries fetched once until a refresh). */
  private async readPicked(parts: Part[], signal?: AbortSignal): Promise<void> {
    const client = await this.clients.get().catch(() => undefined);
    if (!client) return;
    try {
      const picked = this.picked();
      const all = await client.listGlossaries(signal);
      this.remoteIds = new Set(picked.map((p) => p.id));
      picked.forEach((p, index) => {
        const g = all.find((x) => x.glossaryId === p.id);
        if (!g) { this.log.warn(`term check: the glossary "${p.name}" picked for this folder is not on the service any more`); return; }
        const owner = { area: 'glossaries', index, name: g.name, id: g.glossaryId, nameOffset: 0, nameLength: 0, links: [] } as ManifestOwner;
        for (const d of g.dictionaries) {
          const link = { area: 'glossaries', owner: index, key: `${d.sourceLang}-${d.targetLang}`.toLowerCase(), path: '', format: 'tsv', sourceLang: d.sourceLang.toLowerCase(), targetLang: d.targetLang.toLowerCase() } as unknown as Part['link'];
          parts.push({ key: `${index}:${link.key}`, text: '', link, owner, file: dictionaryUri({ glossaryId: g.glossaryId, name: g.name }, link).toString() });
        }
      });
      for (const part of parts) {
        if (part.text !== '' || !part.owner.id) continue;
        const id = part.owner.id;
        const open = vscode.workspace.textDocuments.find((d) => sameDoc(d.uri, vscode.Uri.parse(part.file)));
        const key = `${id}:${part.link.key}`;
        let text = open?.getText() ?? this.fetched.get(key);
        if (text === undefined) {
          text = await client.getDictionaryEntries(id, part.link.sourceLang, part.link.targetLang, signal);
          this.fetched.set(key, text);
        }
        part.text = text;
      }
    } catch (err) {
      if (signal?.aborted) throw err;
      this.log.warn(`term check: the picked glossaries could not be read: ${describeError(err)}`);
    }
  }

  /** The dictionaries whose linked file is not there, from the service: the open remote document's text, or the
   * entries fetched once (until a refresh). Without a key, or when the service fails, they are left out (logged). */
  private async readRemote(missing: Array<{ owner: ManifestOwner; link: Part['link'] }>, parts: Part[], signal?: AbortSignal): Promise<void> {
    const client = await this.clients.get().catch(() => undefined);
    if (!client) return;
    try {
      if (!this.ids) {
        const snapshot = await this.manifest.read();
        const lists = await client.listGlossaries(signal);
        const resolved = resolveManifest(snapshot!.parsed.manifest, { glossaries: lists.map((g) => ({ id: g.glossaryId, name: g.name })), spokenTerms: [] });
        this.ids = new Map(resolved.filter((r) => r.area === 'glossaries' && r.id).map((r) => [r.index, r.id!]));
      }
      this.remoteIds = new Set(this.ids.values());
      for (const { owner, link } of missing) {
        const id = this.ids.get(owner.index);
        if (!id) continue;
        const open = vscode.workspace.textDocuments.find((d) => {
          const ref = d.uri.scheme === SCHEME ? parseRemoteRef(d.uri) : undefined;
          return ref?.kind === 'dictionary' && ref.id === id && ref.sourceLang.toLowerCase() === link.sourceLang && ref.targetLang.toLowerCase() === link.targetLang;
        });
        const key = `${id}:${link.key.toLowerCase()}`;
        let text = open?.getText() ?? this.fetched.get(key);
        if (text === undefined) {
          text = await client.getDictionaryEntries(id, link.sourceLang, link.targetLang, signal);
          this.fetched.set(key, text);
        }
        const uri = open?.uri ?? dictionaryUri({ glossaryId: id, name: owner.name }, link);
        parts.push({ key: `${owner.index}:${link.key}`, text, link: { ...link, format: 'tsv' }, owner, file: uri.toString() });
      }
    } catch (err) {
      if (signal?.aborted) throw err;
      this.log.warn(`term check: the service's dictionaries could not be read: ${describeError(err)}`);
    }
  }

  dispose(): void {
    this.drop();
    for (const s of this.subscriptions) s.dispose();
  }
}
