/** Lints glossary documents as you type: incremental for dictionaries and multilingual glossaries, debounced, stale results dropped,
 * diagnostics cleared when a document closes. A large dictionary is read in slices of a few milliseconds that
 * yield to the event loop (edits made meanwhile are applied once it is read), so opening 10 MiB never stalls the
 * extension host. The debounce adapts to the document: short for a small one, longer for a large one. */
import * as vscode from 'vscode';
import { EntriesLinter, GridLinter, lintTermList, type Finding, type GridLintOptions, type LintEntriesOptions } from '../core';
import type { RuleSettings } from '../core/ruleSettings';
import { lineBreaksIn } from '../core/text';
import type { Logger } from '../base/logger';
import { toDiagnostic } from './convert';
import { documentFigures, type DocumentFigures } from './documentFigures';
import { lintKindOf, readLintSettings, remoteLintKind, type LintKind, type LintSettings } from '../platform/documentKinds';
import { SCHEME } from '../platform/remoteUris';
import { ClosedTabs } from '../platform/tabs';

interface DocState {
  kind: LintKind;
  /** Incremental state for dictionaries and multilingual glossaries; term lists are small and linted whole. */
  linter?: EntriesLinter | GridLinter;
  timer?: ReturnType<typeof setTimeout>;
  /** While a large text is being read in slices: the changes made meanwhile, and a way to finish at once. */
  loading?: { pending: Array<readonly vscode.TextDocumentContentChangeEvent[]>; finish(): void };
  generation: number;
  findings: Finding[];
  /** Findings the service reported on the last push; they stand until the next edit. */
  server: Finding[];
  /** Multilingual glossaries: what the checks across dictionaries need from outside the text (the reverse
   * dictionaries, the drafts), once known. */
  grid?: GridLintOptions;
  /** Multilingual glossaries: entries and gaps per language, from the last lint. */
  gridStats?: { entries: number; missing: { lang: string; count: number }[] };
  /** The `missing-translation` diagnostics last published (their own collection), to publish them only when they
   * changed. */
  publishedGaps?: vscode.Diagnostic[];
  /** While publishSliced makes the findings or their diagnostics in slices: its ticket (a publish clears it). */
  slicing?: number;
  /** The ticket of gaps left for the next task, until they are set (onDidLint fires then); a later publish of other
   * gaps replaces it. */
  gapsPending?: number;
}

/** Supplies the outside knowledge a multilingual glossary's checks need (for remote ones: the glossary's reverse
 * dictionaries). Called when such a document opens; `refresh` asks again (after a push, a new draft). */
export type GridContextProvider = (doc: vscode.TextDocument) => Promise<GridLintOptions | undefined>;

/** A large remote text read into a lint state before its document opens (see `preload`). */
interface Preload {
  kind: LintKind;
  linter: EntriesLinter | GridLinter;
  /** The linter's load of the text, begun once its lines are counted. */
  load?: { step(budgetMs: number): boolean };
  text: string;
  /** Its lines as VS Code counts them, counted in slices up to `counted` (the text's length once done). */
  lineCount: number;
  counted: number;
  /** Whether the text holds a CR (known at the count's first slice). */
  cr?: boolean;
  started: number;
  expiry: ReturnType<typeof setTimeout>;
}

export class DiagnosticsManager implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('terminology');
  /** A glossary's gaps (`missing-translation`, thousands in a large glossary) apart: an edit that leaves them as they
   * were does not send them to the window again. */
  private readonly gaps = vscode.languages.createDiagnosticCollection('terminology-gaps');
  private readonly docs = new Map<string, DocState>();
  private readonly findingOf = new WeakMap<vscode.Diagnostic, Finding>();
  private readonly diagnosticOf = new WeakMap<Finding, vscode.Diagnostic>();
  private readonly disposables: vscode.Disposable[] = [];
  private settings: LintSettings = readLintSettings();
  private linked: ReadonlyMap<string, LintKind> = new Map();
  /** The manifest's rule settings, for the local files under its folder (as the CLI applies them). */
  private rules: { settings: RuleSettings; folder?: string } = { settings: {} };
  /** Findings whose severity the settings change, by the linter's finding: one copy each, so that a kept finding
   * keeps its diagnostic. */
  private readonly adjusted = new WeakMap<Finding, Finding>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  /** Fires after diagnostics of a document were published. */
  readonly onDidLint = this.changed.event;

  /** Texts up to this many UTF-16 units are read at once; longer ones in slices. */
  static readonly SLICE_ABOVE = 256 * 1024;
  /** At most this long after a document opening in the table opened, its lint starts though no first rows came. */
  static readonly HOLD_MS = 3000;
  /** Work per slice while reading a large text, in milliseconds. */
  static readonly SLICE_MS = 8;
  /** Documents of more lines are read (`getText()`, 10-20 ms for 10 MiB) in a later task, not in the event's. */
  static readonly DEFER_ABOVE_LINES = 4096;
  /** Lines read per `getText(range)` while reading a large document in slices. */
  static readonly READ_LINES = 4096;
  /** A document of more lines publishes after an edit in steps: its findings (a glossary's in slices), then their
   * diagnostics (a glossary of 50 000 rows: 15-30 ms each on 2 busy cores). More gaps than this are set in a task of
   * their own. */
  static readonly SPLIT_ABOVE_LINES = 20_000;
  static readonly SPLIT_ABOVE_GAPS = 2000;

  /** Remote documents whose last tab closed: their findings leave the Problems view until a tab shows them again. */
  private readonly tabs = new ClosedTabs((uri) => uri.scheme === SCHEME, (uri) => {
    this.collection.delete(uri);
    this.gaps.delete(uri);
    const s = this.docs.get(uri.toString());
    if (s) s.publishedGaps = undefined;
  }, (uri) => {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    const s = this.docs.get(uri.toString());
    if (doc && s && !s.loading) this.publish(doc, s, s.findings);
  });

  constructor(private readonly log: Logger, private readonly debounceMs = 120) {
    this.disposables.push(
      this.collection, this.gaps, this.changed, this.tabs,
      vscode.workspace.onDidOpenTextDocument((d) => this.open(d)),
      vscode.workspace.onDidChangeTextDocument((e) => this.change(e)),
      vscode.workspace.onDidCloseTextDocument((d) => this.close(d)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('terminology')) {
          this.settings = { ...readLintSettings(), linked: this.linked };
          for (const d of vscode.workspace.textDocuments) { this.close(d); this.open(d); }
        }
      }),
    );
    for (const d of vscode.workspace.textDocuments) this.open(d);
  }

  /** Files a workspace manifest links, whatever their names: they are linted as what they are linked to (a
   * dictionary with its language pair, or a term list). Documents whose kind changes are linted again. */
  setLinkedFiles(linked: ReadonlyMap<string, LintKind>): void {
    const before = this.linked;
    this.linked = linked;
    this.settings = { ...this.settings, linked };
    for (const d of vscode.workspace.textDocuments) {
      const key = d.uri.toString();
      if (JSON.stringify(before.get(key)) === JSON.stringify(linked.get(key))) continue;
      this.close(d);
      this.closing.delete(key);
      this.open(d);
      if (!this.docs.has(key)) this.changed.fire(d.uri);
    }
  }

  /** The manifest's `"rules"` (severities, or "off"), for local files under `folder`, the manifest's folder: the
   * documents there are linted again when they change. */
  setRuleSettings(settings: RuleSettings, folder: vscode.Uri | undefined): void {
    const next = { settings, folder: folder?.path.replace(/\/?$/, '/') };
    if (JSON.stringify(next) === JSON.stringify(this.rules)) return;
    this.rules = next;
    for (const d of vscode.workspace.textDocuments) {
      const s = this.docs.get(d.uri.toString());
      if (s) this.publish(d, s);
    }
  }

  /** The rule settings that apply to a document: the manifest's for a local file under its folder, else none. */
  rulesFor(uri: vscode.Uri): RuleSettings {
    const { settings, folder } = this.rules;
    return folder && uri.scheme === 'file' && uri.path.startsWith(folder) ? settings : {};
  }

  private withRules(uri: vscode.Uri, findings: Finding[]): Finding[] {
    const rules = this.rulesFor(uri);
    if (!Object.keys(rules).length) return findings;
    const out: Finding[] = [];
    for (const f of findings) {
      const level = Object.prototype.hasOwnProperty.call(rules, f.code) ? rules[f.code] : undefined;
      if (level === 'off') continue;
      if (!level || level === f.severity) { out.push(f); continue; }
      let copy = this.adjusted.get(f);
      if (!copy || copy.severity !== level) { copy = { ...f, severity: level }; this.adjusted.set(f, copy); }
      out.push(copy);
    }
    return out;
  }

  /** What the document is linted as (linked files included), or undefined. */
  kindOf(doc: vscode.TextDocument): LintKind | undefined {
    return lintKindOf(doc, this.settings);
  }

  /** The finding behind one of our diagnostics (for quick fixes). */
  finding(d: vscode.Diagnostic): Finding | undefined {
    return this.findingOf.get(d);
  }

  private gridContext: GridContextProvider | undefined;

  /** Sets where multilingual glossaries get their outside context from; documents already open ask now. */
  setGridContext(provider: GridContextProvider): void {
    this.gridContext = provider;
    for (const d of vscode.workspace.textDocuments) this.refreshGridContext(d);
  }

  /** Asks again for the context of a multilingual glossary document (its reverse dictionaries or drafts moved). */
  refreshGridContext(doc: vscode.TextDocument): void {
    const s = this.docs.get(doc.uri.toString());
    if (!s || s.kind.kind !== 'glossary' || !this.gridContext) return;
    this.gridContext(doc).then((ctx) => {
      if (this.docs.get(doc.uri.toString()) !== s || !ctx) return;
      s.grid = { ...ctx, drafts: s.grid?.drafts };
      // The same context as before (a push asks again): the findings stand, nothing to check or publish again.
      if (s.linter instanceof GridLinter && !s.linter.setOptions(s.grid)) return;
      this.publishAfterOptions(doc, s);
    }, (err: unknown) => this.log.debug(`${doc.uri.path}: no context for the checks across dictionaries: ${String(err)}`));
  }

  private draftSource: ((doc: vscode.TextDocument) => ReadonlyMap<string, ReadonlyMap<string, string>> | undefined) | undefined;

  /** Where a multilingual glossary document gets its drafts when its lint state is made afresh (it opens, say
   * after a window reload): the drafts kept from before, where their cells still hold them. */
  setDraftSource(source: (doc: vscode.TextDocument) => ReadonlyMap<string, ReadonlyMap<string, string>> | undefined): void {
    this.draftSource = source;
  }

  /** The unreviewed machine-translated drafts of a multilingual glossary document, by target language. */
  drafts(doc: vscode.TextDocument): ReadonlyMap<string, ReadonlyMap<string, string>> {
    return this.docs.get(doc.uri.toString())?.grid?.drafts ?? new Map();
  }

  /** Marks cells as drafts (`draft-translation`) until they are edited or pushed; undefined clears them. */
  setDrafts(doc: vscode.TextDocument, drafts: ReadonlyMap<string, ReadonlyMap<string, string>> | undefined): void {
    const s = this.docs.get(doc.uri.toString());
    if (!s || s.kind.kind !== 'glossary') return;
    s.grid = { ...s.grid, drafts };
    if (s.linter instanceof GridLinter && !s.linter.setOptions(s.grid)) return;
    this.publishAfterOptions(doc, s);
  }

  /** Publishes once the findings that depend on a glossary's options (its reverse dictionaries, its drafts) are
   * computed again, in slices (47 000 rows: 40-100 ms in one go); a small glossary's in this task. */
  private publishAfterOptions(doc: vscode.TextDocument, s: DocState): void {
    const linter = s.linter;
    const step = () => {
      if (this.docs.get(doc.uri.toString()) !== s || s.linter !== linter || s.loading) return; // a load publishes itself
      if (linter instanceof GridLinter && !linter.prepareOptions(DiagnosticsManager.SLICE_MS)) { setImmediate(step); return; }
      this.publishSliced(doc, s);
    };
    step();
  }

  private readonly preloads = new Map<string, Preload>();
  /** How many reads were preloaded, and how many of those a document opening took over (for the tests). */
  preloadsStarted = 0;
  preloadsTaken = 0;
  /** Documents about to open in the table, until when: their read is not preloaded, and a large one's lint waits for
   * the table's first rows (see openingInTable). */
  private readonly held = new Map<string, { until: number; go?: () => void }>();

  /** `uri` is about to be read and opened in the table: its first rows come before its findings. Reading it into a
   * lint state while VS Code builds the document (the preload) took the cores that build needs (a 6 MiB glossary
   * fresh in the table: first rows at 1.5-2.4x VS Code's own open of the text, against 1.2-1.3x without), and so did
   * linting it while the table's webview started. So its read is not preloaded, and the lint of a large text starts
   * when the table shows its first rows (tableShown), or HOLD_MS after the document opened, whichever comes first. */
  openingInTable(uri: vscode.Uri): void {
    this.held.set(uri.toString(), { until: Date.now() + 30_000 });
  }

  /** The table shows the first rows of `uri`: a lint held for it starts. */
  tableShown(uri: vscode.Uri): void {
    this.held.get(uri.toString())?.go?.();
  }

  /** Whether `open` waits for the table (see openingInTable); the document open then is linted when it goes on. */
  private holds(doc: vscode.TextDocument): boolean {
    const key = doc.uri.toString();
    const hold = this.held.get(key);
    if (!hold) return false;
    // A small text is linted at once, its findings in the table's first message; only a large one waits.
    const small = !hold.go && doc.offsetAt(doc.lineAt(doc.lineCount - 1).range.end) <= DiagnosticsManager.SLICE_ABOVE;
    if (small || (hold.until < Date.now() && !hold.go)) { this.held.delete(key); return false; }
    if (!hold.go) {
      const timer = setTimeout(() => go(), DiagnosticsManager.HOLD_MS);
      const go = () => {
        clearTimeout(timer);
        if (this.held.get(key) !== hold) return;
        this.held.delete(key);
        const now = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
        if (now && !now.isClosed) this.open(now);
      };
      hold.go = go;
    }
    return true;
  }

  /** A remote document's text was handed to VS Code (readFile): VS Code now spends a second or more building its
   * model of a large text in the window, while this loop waits. Read the text into a lint state meanwhile, in
   * slices, so that the document has its findings when it opens (`open` adopts the state when the document's text
   * is this one). Kept a minute at most; nothing for a document already open (a Revert re-reads it). */
  preload(uri: vscode.Uri, text: string): void {
    const key = uri.toString();
    const kind = remoteLintKind(uri);
    if ((this.held.get(key)?.until ?? 0) >= Date.now()) return;
    if (!kind || (kind.kind !== 'entries' && kind.kind !== 'glossary') || this.docs.has(key) || text.length <= DiagnosticsManager.SLICE_ABOVE) return;
    this.dropPreload(key);
    const linter = kind.kind === 'entries' ? new EntriesLinter(kind) : new GridLinter();
    // Nothing of the text is read in this task: it is VS Code's read, and a count of 229 000 lines alone held the
    // loop 20-65 ms (the open's longest hold). The lines are counted, then linted, in slices.
    const p: Preload = { kind, linter, text, lineCount: 1, counted: 0, started: performance.now(), expiry: setTimeout(() => this.dropPreload(key), 60_000) };
    this.preloadsStarted++;
    this.preloads.set(key, p);
    const step = () => {
      if (this.preloads.get(key) !== p) return;
      const deadline = performance.now() + DiagnosticsManager.SLICE_MS;
      if (!countLines(p, deadline)) { setImmediate(step); return; }
      p.load ??= linter.load(text);
      if (p.load.step(Math.max(0, deadline - performance.now()))) return;
      setImmediate(step);
    };
    setImmediate(step);
  }

  private dropPreload(key: string): Preload | undefined {
    const p = this.preloads.get(key);
    if (!p) return undefined;
    clearTimeout(p.expiry);
    this.preloads.delete(key);
    return p;
  }

  /** The preload of `doc`, when the document holds exactly its text: the same line count and length, and the
   * same text at the start, at the end and at 32 lines between (each compared where the document places it). */
  private takePreload(doc: vscode.TextDocument, kind: LintKind): Preload | undefined {
    const p = this.dropPreload(doc.uri.toString());
    if (p) countLines(p, Infinity); // (the document opened before its lines were counted: counted now)
    if (!p || JSON.stringify(p.kind) !== JSON.stringify(kind) || doc.lineCount !== p.lineCount) return undefined;
    const last = doc.lineAt(doc.lineCount - 1);
    if (doc.offsetAt(last.range.end) !== p.text.length) return undefined;
    for (let k = 0; k <= 32; k++) {
      const line = doc.lineAt(Math.floor((doc.lineCount - 1) * k / 32));
      const at = doc.offsetAt(line.range.start);
      if (p.text.slice(at, at + line.text.length) !== line.text) return undefined;
    }
    return p;
  }

  /** Current findings of a document, linted now if needed: a large text still being read in slices is read to
   * its end at once (for an explicit request: Fix All, a cell's fixes). */
  findingsFor(doc: vscode.TextDocument): Finding[] {
    const s = this.docs.get(doc.uri.toString());
    if (!s) return [];
    s.loading?.finish();
    if (s.timer || s.slicing) this.publish(doc, s);
    return s.findings;
  }

  /** The findings as they stand, without reading the rest of a text being read in slices (none yet then); what
   * follows comes with onDidLint. For views that update on it (the table). */
  findingsNow(doc: vscode.TextDocument): Finding[] {
    const s = this.docs.get(doc.uri.toString());
    if (!s) return [];
    if (s.timer && !s.loading) this.publish(doc, s);
    return s.findings;
  }

  /** The findings once a text being read in slices is read, and once an edit's findings are published (after its
   * debounce; a large glossary's made in slices): nothing is forced, for requests VS Code makes by itself (the light
   * bulb's code actions after each edit and as the cursor moves; forcing them made a glossary's findings of 53 000
   * lines in one task, 20-90 ms, and undid the debounce). Empty when the document closes or `token` is cancelled
   * meanwhile; after 5 s of waiting, the findings are made at once. */
  async settledFindings(doc: vscode.TextDocument, token?: vscode.CancellationToken): Promise<Finding[]> {
    const key = doc.uri.toString();
    const pending = (s: DocState | undefined) => !!s && !!(s.loading || s.timer || s.slicing);
    const until = Date.now() + 5000;
    while (pending(this.docs.get(key)) && !token?.isCancellationRequested && Date.now() < until) {
      await new Promise<void>((resolve) => {
        const subs: vscode.Disposable[] = [];
        const timer = setTimeout(() => end(), until - Date.now());
        const end = () => { clearTimeout(timer); subs.forEach((x) => x.dispose()); resolve(); };
        subs.push(this.onDidLint((u) => { if (u.toString() === key) end(); }));
        subs.push(vscode.workspace.onDidCloseTextDocument((d) => { if (d.uri.toString() === key) end(); }));
        if (token) subs.push(token.onCancellationRequested(end));
      });
    }
    if (token?.isCancellationRequested) return [];
    // Still loading after 5 s (a document too large to read in that time): what stands, as before.
    return this.docs.get(key)?.loading ? this.findingsNow(doc) : this.findingsFor(doc);
  }

  /** The debounce after an edit: none below 1 000 lines (a small dictionary shows a finding at once), then about
   * a millisecond per hundred lines, between 10 ms and the configured most (120 ms), so that a large one is not
   * re-published per keystroke. */
  debounceFor(doc: vscode.TextDocument): number {
    if (doc.lineCount < 1000) return 0;
    return Math.round(Math.min(this.debounceMs, Math.max(10, doc.lineCount / 100)));
  }

  /** Shows what the service rejected on a push, until the document changes. */
  setServerFindings(doc: vscode.TextDocument, findings: Finding[]): void {
    const s = this.docs.get(doc.uri.toString());
    if (!s) return;
    s.server = findings;
    this.publish(doc, s);
  }

  /** The error count of the document's text at `version`, from the incremental state, when that state is of this
   * very version (read whole, every change applied) and was linted with `options` (the rules' own severities, before
   * any rule settings); undefined otherwise. A save's checks take it instead of linting 10 MiB again. */
  errorsAt(doc: vscode.TextDocument, version: number, options: LintEntriesOptions): number | undefined {
    const s = this.docs.get(doc.uri.toString());
    if (!s || s.loading || doc.isClosed || doc.version !== version || !(s.linter instanceof EntriesLinter)) return undefined;
    const k = s.kind;
    if (k.kind !== 'entries' || k.format !== options.format || k.sourceLang !== options.sourceLang || k.targetLang !== options.targetLang || options.languages) return undefined;
    if (s.linter.lineCount !== doc.lineCount) return undefined;
    let errors = 0;
    for (const f of s.linter.findings()) if (f.severity === 'error') errors++;
    return errors;
  }

  /** Size figures of a linted document, for the status bar (see documentFigures). */
  stats(doc: vscode.TextDocument): DocumentFigures | undefined {
    const s = this.docs.get(doc.uri.toString());
    if (!s || s.loading) return undefined;
    const errors = s.findings.filter((f) => f.severity === 'error').length + s.server.length;
    const dictionary = s.linter instanceof EntriesLinter ? { entryCount: s.linter.entryCount, byteSize: s.linter.byteSize } : undefined;
    return documentFigures({ kind: s.kind.kind, errors, ...(s.gridStats ? { grid: s.gridStats } : {}), ...(dictionary ? { dictionary } : {}) }, () => doc.getText());
  }

  /** States of documents closed in this tick: a language change closes and reopens the same text. */
  private readonly closing = new Map<string, { state: DocState; version: number; lineCount: number }>();

  private open(doc: vscode.TextDocument): void {
    const kind = lintKindOf(doc, this.settings);
    const key = doc.uri.toString();
    if (!kind || this.docs.has(key) || this.holds(doc)) return;
    const prev = this.closing.get(key);
    // (The same address and version with another line count is another document: a new untitled one.)
    if (prev && prev.version === doc.version && prev.lineCount === doc.lineCount && JSON.stringify(prev.state.kind) === JSON.stringify(kind)) {
      this.closing.delete(key);
      this.docs.set(key, prev.state);
      prev.state.loading?.finish(); // its slices stopped when it closed
      this.publish(doc, prev.state);
      return;
    }
    const s: DocState = { kind, generation: 0, findings: [], server: [] };
    this.docs.set(key, s);
    const pre = this.takePreload(doc, kind);
    if (pre) {
      // Read (or being read) while VS Code built the document: adopt the state, go on reading where it is.
      this.preloadsTaken++;
      s.linter = pre.linter;
      if (kind.kind === 'glossary') {
        const drafts = this.draftSource?.(doc);
        if (drafts?.size && pre.linter instanceof GridLinter) pre.linter.setOptions(s.grid = { drafts });
        this.refreshGridContext(doc);
      }
      this.loadInSlices(doc, s, undefined, pre.started, pre.load ?? pre.linter.load(pre.text));
      return;
    }
    if (kind.kind === 'entries' || kind.kind === 'glossary') {
      const t = performance.now();
      if (kind.kind === 'glossary') {
        const drafts = this.draftSource?.(doc);
        if (drafts?.size) s.grid = { drafts };
      }
      s.linter = kind.kind === 'entries' ? new EntriesLinter(kind) : new GridLinter(s.grid);
      if (kind.kind === 'glossary') this.refreshGridContext(doc);
      if (doc.lineCount > DiagnosticsManager.DEFER_ABOVE_LINES) {
        // Its text is read in later tasks, in ranges: the open event's task already holds VS Code's receiving of it.
        this.loadInSlices(doc, s, undefined, t);
        return;
      }
      const text = doc.getText();
      if (text.length > DiagnosticsManager.SLICE_ABOVE) {
        this.loadInSlices(doc, s, text, t);
        return;
      }
      s.linter.setText(text);
    }
    this.publish(doc, s);
  }

  /** Reads a large text in slices, yielding to the event loop between them; then applies the edits made
   * meanwhile (in order) and publishes. A closed or reopened document, or a newer read, stops it. Without `text`,
   * the document's text is read in the first slice's task (changes seen before then are in it already). */
  private loadInSlices(doc: vscode.TextDocument, s: DocState, text: string | undefined, started: number, resume?: { step(budgetMs: number): boolean }): void {
    const key = doc.uri.toString();
    let load = resume ?? (text === undefined ? undefined : s.linter!.load(text));
    let slices = 0;
    // Without a text: the document's is read a range of lines per slice (`getText()` of 10 MiB joins 229 000
    // lines in one go, 20 ms and more), and read again from the start when the document changes meanwhile.
    let pieces: string[] = [];
    let readTo = 0;
    let readVersion = doc.version;
    const read = (budgetMs: number): boolean => {
      if (doc.version !== readVersion) { pieces = []; readTo = 0; readVersion = doc.version; }
      const deadline = performance.now() + budgetMs;
      const lines = doc.lineCount;
      while (readTo < lines) {
        const to = Math.min(lines, readTo + DiagnosticsManager.READ_LINES);
        pieces.push(doc.getText(new vscode.Range(readTo, 0, to, 0)));
        readTo = to;
        if (performance.now() >= deadline) break;
      }
      if (readTo < lines) return false;
      // The last line has no line break after it: the range to (lines, 0) ends at the end of the text.
      loading.pending.length = 0; // the text read holds every change seen so far
      // The entries linter reads the pieces in turn (joining 10 MiB holds the loop for tens of milliseconds).
      load = s.linter instanceof EntriesLinter ? s.linter.load(pieces) : s.linter!.load(pieces.join(''));
      pieces = [];
      return true;
    };
    const done = () => {
      s.loading = undefined;
      for (const changes of loading.pending) if (!this.apply(s, changes)) s.linter!.setText(doc.getText());
      if (s.linter!.lineCount !== doc.lineCount && !doc.isClosed) s.linter!.setText(doc.getText());
      this.log.debug(`${doc.uri.path}: ${s.linter!.lineCount} lines linted in ${slices} slices, ${(performance.now() - started).toFixed(0)} ms`);
      this.publishSliced(doc, s);
    };
    const loading: NonNullable<DocState['loading']> = {
      pending: [],
      finish: () => {
        if (s.loading !== loading) return;
        if (!load) read(Infinity);
        load!.step(Infinity);
        done();
      },
    };
    const step = () => {
      if (this.docs.get(key) !== s || s.loading !== loading) return; // closed, reopened, read again, or finished
      slices++;
      if (!load) { read(DiagnosticsManager.SLICE_MS); setImmediate(step); return; }
      if (!load.step(DiagnosticsManager.SLICE_MS)) { setImmediate(step); return; }
      done();
    };
    s.loading = loading;
    setImmediate(step);
  }

  /** Applies one change event to the incremental state. False when the state needs the whole new text (a
   * multilingual glossary's header line changed: every row reads by it). */
  private apply(s: DocState, contentChanges: readonly vscode.TextDocumentContentChangeEvent[]): boolean {
    const linter = s.linter!;
    // Ranges refer to the text before the event; applying them bottom-up keeps them valid.
    const changes = [...contentChanges].sort((a, b) => b.range.start.compareTo(a.range.start));
    for (const c of changes) {
      if (linter.edit(c.range.start.line, c.range.start.character, c.range.end.line, c.range.end.character, c.text) === false) return false;
    }
    return true;
  }

  private change(e: vscode.TextDocumentChangeEvent): void {
    const s = this.docs.get(e.document.uri.toString());
    if (!s || e.contentChanges.length === 0) return;
    s.generation++;
    s.server = [];
    const large = e.contentChanges.some((c) => c.text.length > DiagnosticsManager.SLICE_ABOVE || c.range.end.line - c.range.start.line > 20_000);
    if (s.loading && !large) {
      // Still reading the text of an earlier version: this change applies once it is read.
      s.loading.pending.push(e.contentChanges);
      return;
    }
    if (s.linter && large) {
      // A change of a large part of the text (a paste, a whole-text replace): read the new text in slices.
      if (s.timer) { clearTimeout(s.timer); s.timer = undefined; }
      this.loadInSlices(e.document, s, undefined, performance.now());
      return;
    }
    if (s.linter) {
      if (!this.apply(s, e.contentChanges)) {
        const text = e.document.getText();
        if (text.length > DiagnosticsManager.SLICE_ABOVE) {
          if (s.timer) { clearTimeout(s.timer); s.timer = undefined; }
          this.loadInSlices(e.document, s, text, performance.now());
          return;
        }
        s.linter.setText(text);
      }
      if (s.linter.lineCount !== e.document.lineCount) {
        this.log.warn(`${e.document.uri.path}: incremental state out of step; linting the whole text`);
        s.linter.setText(e.document.getText());
      }
    }
    if (s.timer) clearTimeout(s.timer);
    const generation = s.generation;
    s.timer = setTimeout(() => {
      if (this.docs.get(e.document.uri.toString()) !== s || s.generation !== generation) return;
      if (!s.linter || e.document.lineCount <= DiagnosticsManager.SPLIT_ABOVE_LINES) { this.publish(e.document, s); return; }
      // A large document: its findings (a glossary's in slices), then their diagnostics, in tasks of their own.
      s.timer = undefined;
      this.publishSliced(e.document, s);
    }, this.debounceFor(e.document));
  }

  /** `publish`, with thousands of findings new since the last (a large text just read, a glossary's new context)
   * made into diagnostics in slices of 1 000, one per task; over SPLIT_ABOVE_LINES lines, the findings are made first
   * (a glossary's in slices of time) and published in later tasks. A change meanwhile publishes after its debounce;
   * any publish meanwhile (an explicit request) ends this one. */
  private publishSliced(doc: vscode.TextDocument, s: DocState): void {
    const linter = s.linter;
    if (s.loading || !linter) { this.publish(doc, s); return; }
    const key = doc.uri.toString();
    const generation = s.generation;
    const ticket = s.slicing = ++this.tickets;
    const current = () => this.docs.get(key) === s && s.generation === generation && !s.loading && s.linter === linter && s.slicing === ticket;
    const large = doc.lineCount > DiagnosticsManager.SPLIT_ABOVE_LINES;
    const steps = linter instanceof GridLinter && large ? linter.findingsInSteps() : { step: () => linter.findings() };
    let findings: Finding[] | undefined;
    let fresh: Finding[] = [];
    let i = 0;
    const step = () => {
      if (!current()) return;
      if (!findings) {
        findings = steps.step(DiagnosticsManager.SLICE_MS);
        if (!findings) { setImmediate(step); return; }
        fresh = findings.filter((f) => !this.diagnosticOf.has(f));
        if (!large && fresh.length <= 2000) { this.publish(doc, s, findings); return; }
        setImmediate(step);
        return;
      }
      for (const end = Math.min(fresh.length, i + 1000); i < end; i++) this.diagnosticFor(fresh[i], doc.uri);
      if (i < fresh.length) { setImmediate(step); return; }
      this.publish(doc, s, findings);
    };
    step();
  }

  /** Tickets of the work left for later tasks (DocState.slicing, DocState.gapsPending). */
  private tickets = 0;

  /** The diagnostic of a finding, made once per finding. */
  private diagnosticFor(f: Finding, uri: vscode.Uri): vscode.Diagnostic {
    let d = this.diagnosticOf.get(f);
    if (!d) {
      d = toDiagnostic(f, uri);
      this.findingOf.set(d, f);
      this.diagnosticOf.set(f, d);
    }
    return d;
  }

  private publish(doc: vscode.TextDocument, s: DocState, findings?: Finding[]): void {
    if (s.timer) { clearTimeout(s.timer); s.timer = undefined; }
    if (s.loading) return; // published when the text is read
    s.slicing = undefined;
    s.findings = this.withRules(doc.uri, s.linter ? findings ?? s.linter.findings() : lintTermList(doc.getText()));
    if (s.linter instanceof GridLinter) {
      const st = s.linter.stats();
      s.gridStats = { entries: st.columns.reduce((n, c) => n + c.entries, 0), missing: st.columns.map((c) => ({ lang: c.targetLang, count: c.missing })) };
    }
    const diagnostics: vscode.Diagnostic[] = [];
    const gaps: vscode.Diagnostic[] = [];
    for (const list of [s.findings, s.server]) {
      // A finding the incremental linter kept (an unchanged line) keeps its diagnostic: no conversion per publish.
      for (const f of list) (f.code === 'missing-translation' ? gaps : diagnostics).push(this.diagnosticFor(f, doc.uri));
    }
    if (this.tabs.isHidden(doc.uri)) { this.changed.fire(doc.uri); return; }
    this.collection.set(doc.uri, diagnostics);
    const was = s.publishedGaps;
    if (!was || was.length !== gaps.length || gaps.some((d, i) => was[i] !== d)) {
      s.publishedGaps = gaps;
      s.gapsPending = undefined;
      if (gaps.length > DiagnosticsManager.SPLIT_ABOVE_GAPS) {
        // Thousands of gaps (VS Code converts each one as it is set): in a task of their own, unless a later
        // publish of other gaps or a close comes first. onDidLint fires then, when all findings are published.
        const key = doc.uri.toString();
        const ticket = s.gapsPending = ++this.tickets;
        setImmediate(() => {
          if (this.docs.get(key) !== s || s.gapsPending !== ticket) return;
          s.gapsPending = undefined;
          if (!this.tabs.isHidden(doc.uri)) this.gaps.set(doc.uri, gaps);
          this.changed.fire(doc.uri);
        });
      } else if (gaps.length || was?.length) this.gaps.set(doc.uri, gaps);
    }
    if (s.gapsPending === undefined) this.changed.fire(doc.uri);
  }

  private close(doc: vscode.TextDocument): void {
    const key = doc.uri.toString();
    const s = this.docs.get(key);
    if (!s) return;
    if (s.timer) { clearTimeout(s.timer); s.timer = undefined; }
    this.docs.delete(key);
    this.tabs.forget(doc.uri);
    this.collection.delete(doc.uri);
    this.gaps.delete(doc.uri);
    s.publishedGaps = undefined;
    this.closing.set(key, { state: s, version: doc.version, lineCount: doc.lineCount });
    setTimeout(() => this.closing.delete(key), 0);
  }

  dispose(): void {
    for (const s of this.docs.values()) if (s.timer) clearTimeout(s.timer);
    this.docs.clear();
    for (const d of this.disposables) d.dispose();
  }
}

/** Counts the lines of a preload's text as VS Code does, from where the count stopped, in spans until `deadline`
 * (performance.now()); whether the whole text is counted. */
function countLines(p: Preload, deadline: number): boolean {
  const text = p.text;
  p.cr ??= text.indexOf('\r') !== -1; // (a scan at memory speed: 1-2 ms for 10 MiB)
  while (p.counted < text.length) {
    const end = Math.min(text.length, p.counted + 128 * 1024);
    p.lineCount += lineBreaksIn(text, p.counted, end, p.cr);
    p.counted = end;
    if (end < text.length && performance.now() >= deadline) return false;
  }
  return true;
}
