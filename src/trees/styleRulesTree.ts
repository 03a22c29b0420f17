/** Style rule lists -> configured rules by group (group -> rule: option) and custom instructions. Read-only. */
import * as vscode from 'vscode';
import type { CustomInstruction, ServiceClient, StyleRuleList } from '../api';
import { RemoteTree, type Node } from './remoteTree';

const human = (id: string) => id.replace(/_/g, ' ');

class Leaf implements Node {
  constructor(private readonly item: vscode.TreeItem) {}
  treeItem(): vscode.TreeItem {
    return this.item;
  }
}

export class StyleListNode implements Node {
  constructor(readonly list: StyleRuleList) {}
  treeItem(): vscode.TreeItem {
    const s = this.list;
    const item = new vscode.TreeItem(s.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `style/${s.styleId}`;
    item.contextValue = 'styleRules';
    item.iconPath = new vscode.ThemeIcon('symbol-ruler');
    item.description = `${s.language.toUpperCase()} · v${s.version} · updated ${s.updatedTime.slice(0, 10)}`;
    item.tooltip = new vscode.MarkdownString(`**${s.name}**\n\nid \`${s.styleId}\`\n\nlanguage ${s.language.toUpperCase()}, version ${s.version}\n\ncreated ${s.creationTime}, updated ${s.updatedTime}`);
    return item;
  }
  children(): Node[] {
    const s = this.list;
    const nodes: Node[] = [];
    for (const [group, rules] of Object.entries(s.configuredRules ?? {})) {
      const entries = Object.entries(rules ?? {});
      if (!entries.length) continue;
      const item = new vscode.TreeItem(human(group), vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `style/${s.styleId}/rules/${group}`;
      item.iconPath = new vscode.ThemeIcon('symbol-namespace');
      item.description = `${entries.length} ${entries.length === 1 ? 'rule' : 'rules'}`;
      const children = entries.map(([rule, option]) => {
        const r = new vscode.TreeItem(human(rule), vscode.TreeItemCollapsibleState.None);
        r.id = `style/${s.styleId}/rules/${group}/${rule}`;
        r.description = human(option);
        r.tooltip = `${group}.${rule}: ${option}`;
        r.iconPath = new vscode.ThemeIcon('symbol-property');
        return new Leaf(r);
      });
      nodes.push({ treeItem: () => item, children: () => children });
    }
    const instructions = s.customInstructions ?? [];
    if (instructions.length) {
      const item = new vscode.TreeItem('custom instructions', vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `style/${s.styleId}/instructions`;
      item.iconPath = new vscode.ThemeIcon('comment');
      item.description = `${instructions.length}`;
      nodes.push({ treeItem: () => item, children: () => instructions.map((c) => instructionLeaf(s, c)) });
    }
    if (!nodes.length) {
      const empty = new vscode.TreeItem('no rules configured');
      empty.id = `style/${s.styleId}/empty`;
      nodes.push(new Leaf(empty));
    }
    return nodes;
  }
}

function instructionLeaf(s: StyleRuleList, c: CustomInstruction): Node {
  const item = new vscode.TreeItem(c.label, vscode.TreeItemCollapsibleState.None);
  item.id = `style/${s.styleId}/instructions/${c.id}`;
  item.description = c.prompt.length > 60 ? `${c.prompt.slice(0, 59)}…` : c.prompt;
  item.tooltip = new vscode.MarkdownString(`**${c.label}**${c.sourceLanguage ? ` (source ${c.sourceLanguage.toUpperCase()})` : ''}\n\n${c.prompt}`);
  item.iconPath = new vscode.ThemeIcon('note');
  return new Leaf(item);
}

export class StyleRulesTree extends RemoteTree<StyleRuleList> {
  protected fetch(client: ServiceClient): Promise<StyleRuleList[]> {
    return client.listStyleRules({ detailed: true });
  }
  protected rootNodes(data: StyleRuleList[]): Node[] {
    return data.map((s) => new StyleListNode(s));
  }
}
