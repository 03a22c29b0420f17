/** The term check's diagnostics: each open translation file (XLIFF, PO, per-locale JSON, ARB, .properties, Android
 * strings.xml, Apple .strings and .xcstrings) held
 * against the linked glossaries as you type (debounced, stale results dropped), again when its source-locale file or a
 * glossary changes; and the whole workspace on demand. Findings land on the target string's characters, with the
 * product's codes, severities, documentation links and the manifest's "rules". */
import * as vscode from 'vscode';
import type { Logger } from '../base/logger';
import {
  isKeyValueKind, keyValueSourceLang, langRoot, LineIndex, localeOfPath, readForCheck, sourceFileCandidates,
  toFileFindings, translationKind, type FileCheckRequest, type ReadResult, type TermFileFinding, type TermFinding,
} from '../core/termCheck';
import { applyRuleSettings } from '../core/ruleSettings';
import { DIAGNOSTIC_SOURCE } from '../lint/convert';
import { readFileText } from '../platform/fileText';
import type { TermGlossaries, TermGlossarySet } from './glossaries';
import { isTranslationFile, TRANSLATION_GLOB } from './translationFiles';

/** One published finding: the diagnostic and the core's finding behind it (its glossary entry, for hover and fixes). */
export interface TermResult { diagnostic: vscode.Diagnostic; finding: TermFinding }

export interface WorkspaceCheckSummary {
  files: number; units: number; findings: number; byCode: Record<string, number>;
  /** No glossaries to check against: no manifest linking any, none picked for the folder. */
  noGlossaries?: true;
}

const SEVERITY = { error: vscode.DiagnosticSeverity.Error, warning: vscode.DiagnosticSeverity.Warning, info: vscode.DiagnosticSeverity.Information };
const SKIP = '**/{node_modules,.git,dist,out,.vscode-test}/**';

export class TermChecker implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('terminology-term-check');
  private readonly results = new Map<string, TermResult[]>();
  /** The glossaries checked against last: their index holds the renderings of the files checked (`inconsistent-term`). */
  private lastSet: TermGlossarySet | undefined;
  /** A key/value target file → its source-locale file (both Uri strings): an edit of the source re-checks the target. */
  private readonly sourceOf = new Map<string, string>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly generations = new Map<string, number>();
  /** Files the last workspace check published: their findings stay when their editor closes. */
  private workspaceFiles = new Set<string>();
  private readonly checked = new vscode.EventEmitter<vscode.Uri>();
  /** Fires after a file's findings were published. */
  readonly onDidCheck = this.checked.event;
  private readonly subscriptions: vscode.Disposable[];
  debounceMs = 250;

  constructor(private readonly glossaries: TermGlossaries, private readonly log: Logger) {
    this.subscriptions = [
      this.collection, this.checked,
      vscode.workspace.onDidOpenTextDocument((d) => this.schedule(d, 0)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (!e.contentChanges.length) return;
        this.schedule(e.document);
        const key = e.document.uri.toString();
        for (const [target, source] of this.sourceOf) {
          if (source !== key) continue;
          const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === target);
          if (doc) this.schedule(doc);
        }
      }),
      vscode.workspace.onDidCloseTextDocument((d) => this.closed(d.uri)),
      glossaries.onDidChange(() => this.checkOpen()),
    ];
    this.checkOpen();
  }

  /** Every file's published findings. */
  allResults(): Array<[vscode.Uri, readonly TermResult[]]> {
    return [...this.results].map(([k, v]) => [vscode.Uri.parse(k), v]);
  }

  /** The findings published for a file, with their entries. */
  resultsOf(uri: vscode.Uri): readonly TermResult[] {
    return this.results.get(uri.toString()) ?? [];
  }

  /** Every open translation file, checked soon. */
  checkOpen(): void {
    for (const d of vscode.workspace.textDocuments) this.schedule(d, 0);
  }

  schedule(doc: vscode.TextDocument, ms = this.debounceMs): void {
    if (!isTranslationFile(doc.uri)) return;
    const key = doc.uri.toString();
    const gen = (this.generations.get(key) ?? 0) + 1;
    this.generations.set(key, gen);
    clearTimeout(this.timers.get(key));
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      void this.checkDocument(doc, gen).catch((err: unknown) => this.log.warn(`term check of ${doc.uri.path}: ${(err as Error).message}`));
    }, ms));
  }

  /** Checks one open document now (tests and the debounce call it); drops the result when the document moved on. */
  async checkDocument(doc: vscode.TextDocument, gen = this.generations.get(doc.uri.toString()) ?? 0): Promise<readonly TermResult[]> {
    const key = doc.uri.toString();
    const version = doc.version;
    const set = await this.glossaries.load();
    const text = doc.getText();
    const out = set ? await this.check(doc.uri, text, set) : undefined;
    if (doc.isClosed || doc.version !== version || (this.generations.get(key) ?? 0) !== gen) return this.resultsOf(doc.uri);
    if (out) this.publish(doc.uri, this.toResults(doc.uri, text, out.findings, set!));
    else this.unpublish(doc.uri);
    return this.resultsOf(doc.uri);
  }

  /** Reads and checks one file's text (on the core worker): its findings (its inconsistencies with the other files
   * checked against the same glossaries included), or undefined when it is no translation the glossaries cover (a
   * source-locale file, a file without a locale or without its pair). */
  private async check(uri: vscode.Uri, text: string, set: TermGlossarySet): Promise<{ findings: TermFinding[]; units: number } | undefined> {
    this.lastSet = set;
    const req = await this.request(uri, text, set);
    if (!req) { set.index.forget(uri.toString()); return undefined; }
    const r = await set.index.check(uri.toString(), req);
    if (!r.sourceLang || !r.targetLang) return undefined;
    return { findings: r.findings, units: r.units };
  }

  /** What checking a file takes: its kind, text and locale; for a key/value file, its source-locale file's text and
   * both languages; the manifest's "termIgnore" for it. Undefined when it is no translation the glossaries cover. */
  private async request(uri: vscode.Uri, text: string, set: TermGlossarySet): Promise<FileCheckRequest | undefined> {
    const kind = translationKind(uri.path)!;
    const rel = relativePath(set.folder, uri);
    if (rel === undefined) return undefined;
    const locale = localeOfPath(rel, set.known);
    const ignores = set.termIgnore[rel];
    const req: FileCheckRequest = { kind, text, ...(locale ? { locale: { lang: locale.lang } } : {}), ...(ignores ? { ignores } : {}) };
    if (!isKeyValueKind(kind)) return req;
    if (!locale || set.sourceLangs.includes(langRoot(locale.lang))) return undefined;
    const sourceLang = keyValueSourceLang(locale.lang, set.pairs, set.sourceLangs);
    const source = sourceLang ? await findSource(set.folder, rel, locale, sourceLang) : undefined;
    if (!sourceLang || !source) return undefined;
    this.sourceOf.set(uri.toString(), source.uri.toString());
    return { ...req, sourceText: source.text, langs: { sourceLang, targetLang: locale.lang } };
  }

  /** A translation file's strings with its languages, read here, or undefined when it is none the glossaries cover. */
  async readFile(uri: vscode.Uri, text: string, set: TermGlossarySet): Promise<{ read: ReadResult; sourceLang: string; targetLang: string } | undefined> {
    const req = await this.request(uri, text, set);
    if (!req) return undefined;
    const { read, sourceLang, targetLang } = readForCheck(req, set.pairs, set.sourceLangs);
    return sourceLang && targetLang ? { read, sourceLang, targetLang } : undefined;
  }

  /** The translation files under the manifest's folder (open documents' texts, else the files'), read; cancelled by
   * `signal` between files. */
  async readWorkspace(options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {}): Promise<{ set?: TermGlossarySet; files: Array<{ uri: vscode.Uri; read: ReadResult; sourceLang: string; targetLang: string }> }> {
    const set = await this.glossaries.load({ signal: options.signal });
    if (!set) return { files: [] };
    const files: Array<{ uri: vscode.Uri; read: ReadResult; sourceLang: string; targetLang: string }> = [];
    for await (const { uri, text } of this.workspaceTexts(set, options)) {
      const r = await this.readFile(uri, text, set);
      if (r) files.push({ uri, ...r });
    }
    return { set, files };
  }

  /** The text of every translation file under the folder (an open document's, else the file's; one that cannot be
   * read is passed over), in path order; cancelled by `signal` between files, one file per task. */
  private async *workspaceTexts(set: TermGlossarySet, options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void }): AsyncGenerator<{ uri: vscode.Uri; text: string }> {
    const uris = (await vscode.workspace.findFiles(new vscode.RelativePattern(set.folder, TRANSLATION_GLOB), SKIP)).filter(isTranslationFile)
      .sort((a, b) => (a.path < b.path ? -1 : 1));
    for (let i = 0; i < uris.length; i++) {
      if (options.signal?.aborted) throw new vscode.CancellationError();
      const uri = uris[i];
      const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      const text = open?.getText() ?? (await readFileText(uri).catch(() => undefined))?.text;
      if (text !== undefined) yield { uri, text };
      options.onProgress?.(i + 1, uris.length);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private toResults(uri: vscode.Uri, text: string, findings: TermFinding[], set: TermGlossarySet): TermResult[] {
    const lines = new LineIndex(text);
    const pairs = toFileFindings(findings, text, lines).map((f, i) => ({ ...f, finding: findings[i] }));
    return applyRuleSettings(pairs, set.rules).map((f) => ({ diagnostic: toDiagnostic(f, uri), finding: f.finding }));
  }

  private publish(uri: vscode.Uri, results: TermResult[]): void {
    this.results.set(uri.toString(), results);
    this.collection.set(uri, results.map((r) => r.diagnostic));
    this.checked.fire(uri);
  }

  /** Whether the file was checked (it is a translation the glossaries cover). */
  hasChecked(uri: vscode.Uri): boolean {
    return this.results.has(uri.toString());
  }

  private unpublish(uri: vscode.Uri): void {
    const had = this.results.delete(uri.toString());
    this.collection.delete(uri);
    if (had) this.checked.fire(uri);
  }

  private closed(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
    if (this.workspaceFiles.has(key)) return;
    this.sourceOf.delete(key);
    this.lastSet?.index.forget(key);
    this.unpublish(uri);
  }

  /** Every translation file under the manifest's folder, open or not, checked and published (the glossaries read
   * afresh from the service). Cancelled by `signal` between files. */
  async checkWorkspace(options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {}): Promise<WorkspaceCheckSummary> {
    const set = await this.glossaries.load({ refresh: true, signal: options.signal });
    const summary: WorkspaceCheckSummary = { files: 0, units: 0, findings: 0, byCode: {} };
    if (!set) return { ...summary, noGlossaries: true };
    const checked: Array<{ uri: vscode.Uri; text: string; findings: TermFinding[] }> = [];
    for await (const { uri, text } of this.workspaceTexts(set, options)) {
      const r = await this.check(uri, text, set);
      if (r) { checked.push({ uri, text, findings: r.findings }); summary.units += r.units; }
    }
    // The inconsistencies again, now that every file's renderings are in the tally.
    this.workspaceFiles = new Set(checked.map((c) => c.uri.toString()));
    const inconsistencies = await set.index.inconsistencies(checked.map((c) => c.uri.toString()));
    for (const [i, c] of checked.entries()) {
      const own = c.findings.filter((f) => f.code !== 'inconsistent-term');
      const all = [...own, ...inconsistencies[i]].sort((a, b) => a.offset - b.offset || a.endOffset - b.endOffset);
      const results = this.toResults(c.uri, c.text, all, set);
      this.publish(c.uri, results);
      summary.files++;
      summary.findings += results.length;
      for (const r of results) summary.byCode[r.finding.code] = (summary.byCode[r.finding.code] ?? 0) + 1;
    }
    return summary;
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    for (const s of this.subscriptions) s.dispose();
  }
}

function toDiagnostic(f: TermFileFinding, uri: vscode.Uri): vscode.Diagnostic {
  const d = new vscode.Diagnostic(new vscode.Range(f.line, f.start, f.endLine, f.end), f.message, SEVERITY[f.severity]);
  d.source = DIAGNOSTIC_SOURCE;
  d.code = { value: f.code, target: vscode.Uri.parse(f.docUrl) };
  if (f.related) {
    d.relatedInformation = f.related.map((r) => new vscode.DiagnosticRelatedInformation(new vscode.Location(uri, new vscode.Range(r.line, r.start, r.line, r.end)), r.message));
  }
  return d;
}

/** The path of `uri` below `folder`, with forward slashes; undefined outside it. */
function relativePath(folder: vscode.Uri, uri: vscode.Uri): string | undefined {
  const dir = folder.path.endsWith('/') ? folder.path : `${folder.path}/`;
  return uri.scheme === folder.scheme && uri.path.startsWith(dir) ? uri.path.slice(dir.length) : undefined;
}

/** The source-locale file of a key/value file: the open document's text, else the file's. */
async function findSource(folder: vscode.Uri, rel: string, locale: { segment: number; part: string }, sourceLang: string): Promise<{ uri: vscode.Uri; text: string } | undefined> {
  for (const candidate of sourceFileCandidates(rel, locale, sourceLang)) {
    const uri = vscode.Uri.joinPath(folder, ...candidate.split('/'));
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (open) return { uri, text: open.getText() };
    const text = (await readFileText(uri).catch(() => undefined))?.text;
    if (text !== undefined) return { uri, text };
  }
  return undefined;
}
