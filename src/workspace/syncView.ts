/** The sync status on screen: the "Repository Sync" view (glossaries and collections of the manifest → their
 * linked files, each with its state) and a badge on each linked file in the Explorer, the way git shows changes. */
import * as vscode from 'vscode';
import type { LinkArea } from '../core/workspace/manifest';
import type { LinkState, LinkStatus, SyncModel } from './syncModel';

interface StateLook { label: string; badge: string; icon: string; color?: string }

/** How each state shows: words, a badge of one character, an icon and a theme color. */
export const STATE_LOOK: Record<LinkState, StateLook> = {
  'in-sync': { label: 'in sync', badge: '✓', icon: 'check' },
  'local-changes': { label: 'local changes', badge: '↑', icon: 'arrow-up', color: 'gitDecoration.modifiedResourceForeground' },
  'remote-changes': { label: 'remote changes', badge: '↓', icon: 'arrow-down', color: 'gitDecoration.stageModifiedResourceForeground' },
  'both-changed': { label: 'both changed', badge: '⇅', icon: 'git-compare', color: 'gitDecoration.conflictingResourceForeground' },
  'remote-missing': { label: 'remote missing', badge: '!', icon: 'warning', color: 'gitDecoration.deletedResourceForeground' },
  'not-pushed': { label: 'not pushed yet', badge: '+', icon: 'cloud-upload', color: 'gitDecoration.untrackedResourceForeground' },
  'local-missing': { label: 'file missing', badge: '?', icon: 'question', color: 'gitDecoration.deletedResourceForeground' },
  'unknown': { label: 'status unknown', badge: '·', icon: 'circle-outline' },
};

/** A glossary's or collection's row: how many of its files are not in sync, and how many have a status not known
 * (no key, the service unreachable): an unknown status is said as such, never counted as "not in sync". */
export function ownerDescription(links: readonly LinkStatus[]): string {
  const total = links.length;
  const unknown = links.filter((s) => s.state === 'unknown').length;
  const changed = links.filter((s) => s.state !== 'in-sync' && s.state !== 'unknown').length;
  if (unknown === total) return STATE_LOOK.unknown.label;
  if (changed && unknown) return vscode.l10n.t('{0} of {1} not in sync, {2} unknown', changed, total, unknown);
  if (changed) return vscode.l10n.t('{0} of {1} not in sync', changed, total);
  if (unknown) return vscode.l10n.t('{0} of {1} status unknown', unknown, total);
  return STATE_LOOK['in-sync'].label;
}

/** What a row says instead of "status unknown" when its glossary cannot be told: a manifest id the key does not
 * see, or several of that name (the row's tooltip says what to do). */
export function resolutionLabel(s: LinkStatus): string | undefined {
  if (s.resolution?.state === 'unknown-id') return vscode.l10n.t('manifest id not seen by this key');
  if (s.resolution?.state === 'ambiguous') return vscode.l10n.t('several of that name');
  return undefined;
}

export class OwnerNode {
  constructor(readonly area: LinkArea, readonly index: number, readonly name: string, readonly links: LinkStatus[]) {}
}

export class LinkNode {
  constructor(readonly status: LinkStatus) {}
}

type SyncNode = OwnerNode | LinkNode;

export class SyncTree implements vscode.TreeDataProvider<SyncNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<SyncNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly model: SyncModel) {
    this.subscription = model.onDidChange(() => this.changed.fire(undefined));
  }

  getChildren(node?: SyncNode): SyncNode[] {
    if (node instanceof LinkNode) return [];
    if (node instanceof OwnerNode) return node.links.map((s) => new LinkNode(s));
    const owners = new Map<string, OwnerNode>();
    for (const s of this.model.statuses) {
      const key = `${s.link.area}/${s.link.owner}`;
      if (!owners.has(key)) owners.set(key, new OwnerNode(s.link.area, s.link.owner, s.owner.name, []));
      owners.get(key)!.links.push(s);
    }
    return [...owners.values()];
  }

  getTreeItem(node: SyncNode): vscode.TreeItem {
    if (node instanceof OwnerNode) {
      const item = new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.Expanded);
      item.id = `sync/${node.area}/${node.index}/${node.name}`;
      item.iconPath = new vscode.ThemeIcon(node.area === 'glossaries' ? 'book' : 'mic');
      item.contextValue = 'syncOwner';
      // A glossary that cannot be told says so on its own row, with what to do.
      const unresolved = node.links.length ? resolutionLabel(node.links[0]) : undefined;
      item.description = unresolved ?? ownerDescription(node.links);
      if (unresolved && node.links[0].detail) item.tooltip = node.links[0].detail;
      return item;
    }
    const s = node.status;
    const look = STATE_LOOK[s.state];
    const file = s.link.path.slice(s.link.path.lastIndexOf('/') + 1);
    const item = new vscode.TreeItem(file, vscode.TreeItemCollapsibleState.None);
    item.id = `sync/link/${s.uri.toString()}`;
    item.resourceUri = s.uri;
    const what = s.link.area === 'glossaries' ? `${s.link.sourceLang.toUpperCase()} → ${s.link.targetLang!.toUpperCase()}` : s.link.sourceLang.toUpperCase();
    const label = resolutionLabel(s) ?? look.label;
    item.description = `${what} · ${label}`;
    item.iconPath = new vscode.ThemeIcon(look.icon, look.color ? new vscode.ThemeColor(look.color) : undefined);
    item.tooltip = new vscode.MarkdownString(`**${s.link.path}**\n\n${s.owner.name}, ${what}: ${label}${s.detail ? `\n\n${s.detail}` : ''}`);
    item.contextValue = `syncLink state-${s.state}`;
    item.command = { command: 'vscode.open', title: vscode.l10n.t('Open'), arguments: [s.uri] };
    return item;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

/** A badge per linked file in the Explorer (and in the view, which shows the same resources). */
export class SyncDecorations implements vscode.FileDecorationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri[]>();
  readonly onDidChangeFileDecorations = this.changed.event;
  private shown: vscode.Uri[] = [];
  private readonly subscription: vscode.Disposable;

  constructor(private readonly model: SyncModel) {
    this.subscription = model.onDidChange((statuses) => {
      const now = statuses.map((s) => s.uri);
      this.changed.fire([...this.shown, ...now]);
      this.shown = now;
    });
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    const s = this.model.statusOf(uri);
    if (!s) return undefined;
    const look = STATE_LOOK[s.state];
    const d = new vscode.FileDecoration(look.badge, vscode.l10n.t('Terminology: {0}', look.label), look.color ? new vscode.ThemeColor(look.color) : undefined);
    d.propagate = false;
    return d;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
