/** What a view shows after a failed load: the service's message and trace id, then Retry, Show Log and
 * Set API Key as clickable rows. Rows with ThemeIcons render everywhere, while a welcome view would hide as soon
 * as the view has a message, and `TreeView.message` shows codicons as literal text. */
import * as vscode from 'vscode';
import { ServiceError } from '../api';
import { describeError } from '../platform/errors';
import type { Node } from './node';

class Row implements Node {
  constructor(private readonly item: vscode.TreeItem) {}
  treeItem(): vscode.TreeItem {
    return this.item;
  }
}

function row(id: string, label: string, icon: vscode.ThemeIcon, extra: Partial<vscode.TreeItem> = {}): Node {
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
  item.id = id;
  item.iconPath = icon;
  item.contextValue = 'terminology.error';
  Object.assign(item, extra);
  return new Row(item);
}

/** `viewName` is the tree's name (glossaries, spokenTerms, styleRules): Retry runs its refresh command. */
export function errorNodes(viewName: string, err: unknown): Node[] {
  const full = describeError(err);
  const message = err instanceof Error ? err.message : String(err);
  const traceId = err instanceof ServiceError ? err.traceId : undefined;
  const tooltip = new vscode.MarkdownString();
  tooltip.appendText(full);
  const nodes = [
    row(`${viewName}.error.message`, message, new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground')), { tooltip }),
  ];
  if (traceId) {
    nodes.push(row(`${viewName}.error.trace`, vscode.l10n.t('Trace ID: {0}', traceId), new vscode.ThemeIcon('blank'), {
      tooltip: vscode.l10n.t('Quote this id when you report the failure.'),
    }));
  }
  const action = (what: string, label: string, icon: string, command: string) =>
    row(`${viewName}.error.${what}`, label, new vscode.ThemeIcon(icon), { command: { title: label, command } });
  nodes.push(
    action('retry', vscode.l10n.t('Retry'), 'refresh', `terminology.${viewName}.refresh`),
    action('log', vscode.l10n.t('Show Log'), 'output', 'terminology.showLog'),
    action('key', vscode.l10n.t('Set API Key'), 'key', 'terminology.setApiKey'),
  );
  return nodes;
}
