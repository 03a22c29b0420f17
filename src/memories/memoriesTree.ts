/** The "Translation Memories" view: one page of memories at a time (the service pages them, 25 at most per page),
 * a "Load more" row while there are more; each memory with its languages and segment count, and a tooltip with its
 * id and times, fetched when the row is hovered (the list does not carry the times). */
import * as vscode from 'vscode';
import type { ServiceClient, TranslationMemory } from '../api';
import { RemoteTree, type Node } from '../trees/remoteTree';
import { plural } from '../platform/words';

export const PAGE_SIZE = 25;

export const languagesLabel = (m: TranslationMemory): string =>
  `${m.sourceLanguage.toUpperCase()} → ${m.targetLanguages.map((t) => t.toUpperCase()).join(', ')}`;

export class MemoryNode implements Node {
  constructor(readonly memory: TranslationMemory) {}
  treeItem(): vscode.TreeItem {
    const m = this.memory;
    const item = new vscode.TreeItem(m.name, vscode.TreeItemCollapsibleState.None);
    item.id = `memory/${m.translationMemoryId}`;
    item.contextValue = 'translationMemory';
    item.iconPath = new vscode.ThemeIcon('database');
    item.description = `${languagesLabel(m)} · ${plural(m.segmentCount, '1 segment', '{0} segments')}`;
    item.command = { command: 'terminology.memories.browse', title: vscode.l10n.t('Browse Segments'), arguments: [this] };
    item.accessibilityInformation = { label: `${m.name}, ${item.description}` };
    return item;
  }
}

class LoadMoreNode implements Node {
  constructor(private readonly shown: number, private readonly total: number) {}
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Load more… ({0} of {1} shown)', this.shown, this.total), vscode.TreeItemCollapsibleState.None);
    item.id = 'memories/loadMore';
    item.iconPath = new vscode.ThemeIcon('ellipsis');
    item.command = { command: 'terminology.memories.loadMore', title: vscode.l10n.t('Load More') };
    return item;
  }
}

export function memoryTooltip(m: TranslationMemory): vscode.MarkdownString {
  const md = new vscode.MarkdownString();
  md.appendMarkdown(`**${m.name.replace(/[\\`*_[\]<>]/g, '\\$&')}**\n\n`);
  md.appendMarkdown(`${languagesLabel(m)} · ${plural(m.segmentCount, '1 segment', '{0} segments')}\n\n`);
  md.appendMarkdown(`id \`${m.translationMemoryId}\`\n\n`);
  if (m.creationTime) md.appendMarkdown(vscode.l10n.t('created {0}', m.creationTime) + '\n\n');
  if (m.updatedTime) md.appendMarkdown(vscode.l10n.t('updated {0}', m.updatedTime) + '\n\n');
  return md;
}

export class MemoriesTree extends RemoteTree<TranslationMemory> {
  /** The service's total_count, from the last page read. */
  totalCount = 0;
  private nextPage = 1;
  private loadingMore: Promise<void> | undefined;

  protected async fetch(client: ServiceClient): Promise<TranslationMemory[]> {
    const first = await client.listTranslationMemories(0, PAGE_SIZE);
    this.totalCount = first.totalCount;
    this.nextPage = 1;
    return first.memories;
  }

  protected rootNodes(data: TranslationMemory[]): Node[] {
    const nodes: Node[] = data.map((m) => new MemoryNode(m));
    if (data.length < this.totalCount) nodes.push(new LoadMoreNode(data.length, this.totalCount));
    return nodes;
  }

  /** Whether the service has more memories than the view shows. */
  get hasMore(): boolean {
    return (this.data?.length ?? 0) < this.totalCount;
  }

  /** Reads the next page and shows it below the others. */
  loadMore(): Promise<void> {
    this.loadingMore ??= (async () => {
      try {
        const client = await this.clients.get();
        if (!client || !this.data) return;
        const page = await vscode.window.withProgress({ location: { viewId: 'terminology.memories' } }, () => client.listTranslationMemories(this.nextPage, PAGE_SIZE));
        const known = new Set(this.data.map((m) => m.translationMemoryId));
        this.data.push(...page.memories.filter((m) => !known.has(m.translationMemoryId)));
        this.totalCount = page.totalCount;
        this.nextPage++;
        this.rerender();
      } finally {
        this.loadingMore = undefined;
      }
    })();
    return this.loadingMore;
  }

  /** The tooltip, with the times only the single lookup carries: fetched when the row is hovered. */
  async resolveTreeItem(item: vscode.TreeItem, node: Node, token: vscode.CancellationToken): Promise<vscode.TreeItem> {
    if (!(node instanceof MemoryNode)) return item;
    item.tooltip = memoryTooltip(node.memory);
    try {
      const client = await this.clients.get();
      const ac = new AbortController();
      const sub = token.onCancellationRequested(() => ac.abort());
      try {
        if (client) item.tooltip = memoryTooltip({ ...node.memory, ...await client.getTranslationMemory(node.memory.translationMemoryId, ac.signal) });
      } finally {
        sub.dispose();
      }
    } catch (err) {
      this.log.info(`memories: no details for the tooltip: ${(err as Error).message}`);
    }
    return item;
  }

  /** The memory of that id among those shown, if any. */
  find(id: string): TranslationMemory | undefined {
    return this.data?.find((m) => m.translationMemoryId === id);
  }

  async reveal(id: string): Promise<void> {
    const m = (await this.items())?.find((x) => x.translationMemoryId === id);
    if (m) await this.view.reveal(new MemoryNode(m), { select: true, focus: false });
  }
}
