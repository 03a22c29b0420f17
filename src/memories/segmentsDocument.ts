/** "Browse Segments": a read-only document of a memory's segments (source, then each target), paged with the
 * service's cursor as the user scrolls towards the end, with a filter (2 characters or more, case-sensitive or not)
 * that the service applies. The first lines say the total, what is shown and the filter. */
import * as vscode from 'vscode';
import type { ServiceClient, SourceSegment, TranslationMemory } from '../api';
import { describeError, NoKeyError } from '../platform/errors';
import type { Logger } from '../base/logger';
import { plural } from '../platform/words';
import { languagesLabel } from './memoriesTree';

export const SEGMENTS_SCHEME = 'terminology-tm';
const PAGE = 100;
/** Load the next page when the editor shows a line this close to the end. */
const NEAR_END = 60;

export interface SegmentFilter { text: string; caseSensitive: boolean }

interface View {
  memory: TranslationMemory;
  filter: SegmentFilter;
  segments: SourceSegment[];
  total: number;
  cursor?: string;
  done: boolean;
  error?: string;
  loading?: Promise<void>;
  /** Bumped when the filter changes: a page of an older filter that arrives late is dropped. */
  generation: number;
}

export function segmentsUri(m: TranslationMemory): vscode.Uri {
  return vscode.Uri.from({ scheme: SEGMENTS_SCHEME, path: `/${m.name.replace(/[\\/]/g, '-')}.segments.txt`, query: m.translationMemoryId });
}

export function renderSegments(v: Pick<View, 'memory' | 'filter' | 'segments' | 'total' | 'done' | 'error'>): string {
  const lines: string[] = [];
  const m = v.memory;
  lines.push(`${m.name} · ${languagesLabel(m)} · ${plural(v.total, '1 segment in all', '{0} segments in all')}`);
  const shown = plural(v.segments.length, '1 shown', '{0} shown');
  lines.push(v.filter.text
    ? vscode.l10n.t('Filter "{0}" ({1}): {2}{3}', v.filter.text, v.filter.caseSensitive ? vscode.l10n.t('match case') : vscode.l10n.t('any case'), shown, v.done ? '' : vscode.l10n.t(', more as you scroll'))
    : `${shown}${v.done ? '' : vscode.l10n.t(', more as you scroll')}`);
  lines.push('');
  const width = Math.max(2, ...[m.sourceLanguage, ...m.targetLanguages].map((l) => l.length));
  // A segment's place in the memory (#n) is known only unfiltered: the service filters and gives no index, so a
  // filtered view numbers its matches as matches, never as if they were the memory's first segments.
  v.segments.forEach((s, i) => {
    lines.push(v.filter.text ? vscode.l10n.t('Match {0}', i + 1) : `#${i + 1}`);
    lines.push(`  ${m.sourceLanguage.toUpperCase().padEnd(width)}  ${oneLine(s.sourceText)}`);
    for (const t of s.targets) lines.push(`  ${t.targetLanguage.toUpperCase().padEnd(width)}  ${oneLine(t.targetText)}`);
    lines.push('');
  });
  if (v.error) lines.push(vscode.l10n.t('Could not load more segments: {0}', v.error), vscode.l10n.t('Scroll again or run "Filter Segments…" to retry.'));
  else if (v.done && !v.segments.length) lines.push(!v.filter.text ? vscode.l10n.t('This memory holds no segments.')
    : v.filter.caseSensitive ? vscode.l10n.t('No segment matches the filter (Match Case is on).') : vscode.l10n.t('No segment matches the filter.'));
  else if (v.done) lines.push(vscode.l10n.t('End of the segments.'));
  return lines.join('\n') + '\n';
}

const oneLine = (s: string) => s.replace(/\r\n|[\r\n\u2028\u2029]/g, '⏎');

export class SegmentsDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly views = new Map<string, View>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly loaded = new vscode.EventEmitter<{ uri: vscode.Uri; segments: number; done: boolean }>();
  /** Fires after a page was added (tests wait on it). */
  readonly onDidLoadPage = this.loaded.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly client: () => Promise<ServiceClient | undefined>, private readonly log: Logger) {
    this.subscriptions = [
      this.changed, this.loaded,
      vscode.workspace.registerTextDocumentContentProvider(SEGMENTS_SCHEME, this),
      vscode.window.onDidChangeTextEditorVisibleRanges((e) => this.onScroll(e.textEditor)),
      vscode.workspace.onDidCloseTextDocument((doc) => { if (doc.uri.scheme === SEGMENTS_SCHEME) this.views.delete(doc.uri.query); }),
      vscode.window.onDidChangeActiveTextEditor(() => this.showCase()),
    ];
  }

  /** The Match Case button of the editor's title shows whether the active document's filter matches case. */
  private showCase(): void {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const on = uri?.scheme === SEGMENTS_SCHEME && !!this.views.get(uri.query)?.filter.caseSensitive;
    // Set when it changes only: this runs on every change of the active editor.
    if (on === this.caseShown) return;
    this.caseShown = on;
    void vscode.commands.executeCommand('setContext', 'terminology.memories.matchCase', on);
  }

  private caseShown = false;

  provideTextDocumentContent(uri: vscode.Uri): string {
    const v = this.views.get(uri.query);
    return v ? renderSegments(v) : vscode.l10n.t('This view of segments is closed; open it again from the Translation Memories view.\n');
  }

  /** What a document shows now: for tests and the filter command. */
  state(uri: vscode.Uri): { segments: number; total: number; done: boolean; filter: SegmentFilter } | undefined {
    const v = this.views.get(uri.query);
    return v && { segments: v.segments.length, total: v.total, done: v.done, filter: { ...v.filter } };
  }

  /** Loads the first page (with the filter) and answers the document's address; the caller shows it. */
  async open(memory: TranslationMemory, filter: SegmentFilter = { text: '', caseSensitive: false }, signal?: AbortSignal): Promise<vscode.Uri> {
    const uri = segmentsUri(memory);
    const v: View = { memory, filter, segments: [], total: memory.segmentCount, done: false, generation: (this.views.get(memory.translationMemoryId)?.generation ?? 0) + 1 };
    this.views.set(memory.translationMemoryId, v);
    await this.loadPage(uri, v, signal, true);
    this.changed.fire(uri);
    this.showCase();
    return uri;
  }

  /** Replaces the filter of an open document and loads its first page again. */
  async setFilter(uri: vscode.Uri, filter: SegmentFilter, signal?: AbortSignal): Promise<void> {
    const old = this.views.get(uri.query);
    if (!old) throw new Error(vscode.l10n.t('This view of segments is closed.'));
    if (filter.text && [...filter.text].length < 2) throw new Error(vscode.l10n.t('A filter needs at least 2 characters.'));
    await this.open(old.memory, filter, signal);
  }

  /** Loads the next page of an open document, if there is one. */
  loadMore(uri: vscode.Uri): Promise<void> {
    const v = this.views.get(uri.query);
    if (!v || v.done) return Promise.resolve();
    v.loading ??= this.loadPage(uri, v).finally(() => { v.loading = undefined; });
    return v.loading;
  }

  private async loadPage(uri: vscode.Uri, v: View, signal?: AbortSignal, rethrow = false): Promise<void> {
    const client = await this.client();
    if (!client) throw new NoKeyError();
    const generation = v.generation;
    try {
      const page = await client.listSegments(v.memory.translationMemoryId, { pageSize: PAGE, cursor: v.cursor, filterText: v.filter.text || undefined, caseSensitive: v.filter.caseSensitive }, signal);
      if (this.views.get(v.memory.translationMemoryId) !== v || v.generation !== generation) return;
      v.segments.push(...page.segments);
      v.total = page.segmentCount;
      v.cursor = page.nextPageCursor;
      v.done = !page.nextPageCursor;
      v.error = undefined;
    } catch (err) {
      this.log.warn(`segments of ${v.memory.translationMemoryId}: ${describeError(err)}`);
      if (rethrow) throw err;
      v.error = describeError(err);
    }
    this.changed.fire(uri);
    this.loaded.fire({ uri, segments: v.segments.length, done: v.done });
  }

  private onScroll(editor: vscode.TextEditor): void {
    const doc = editor.document;
    if (doc.uri.scheme !== SEGMENTS_SCHEME) return;
    const last = editor.visibleRanges.at(-1)?.end.line ?? 0;
    if (last >= doc.lineCount - NEAR_END) void this.loadMore(doc.uri);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
