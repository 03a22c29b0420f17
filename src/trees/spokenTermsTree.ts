/** Spoken Terms collections -> term lists, with entry counts and the 300-character budget. */
import * as vscode from 'vscode';
import type { ServiceClient, SpokenTerms, TermListInfo } from '../api';
import { LIMITS, termListChars } from '../core';
import type { ClientProvider } from '../platform/clientProvider';
import { RemoteTree, type Node } from './remoteTree';

export class CollectionNode implements Node {
  constructor(readonly collection: SpokenTerms, private readonly clients: ClientProvider) {}
  treeItem(): vscode.TreeItem {
    const c = this.collection;
    const item = new vscode.TreeItem(c.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `spoken/${c.spokenTermsId}`;
    item.contextValue = 'spokenTerms';
    item.iconPath = new vscode.ThemeIcon('mic');
    item.description = `${c.termLists.length} ${c.termLists.length === 1 ? 'list' : 'lists'} · ${c.creationTime.slice(0, 10)}`;
    item.tooltip = new vscode.MarkdownString(`**${c.name}**\n\nid \`${c.spokenTermsId}\`\n\ncreated ${c.creationTime}`);
    return item;
  }
  async children(): Promise<Node[]> {
    const client = await this.clients.get();
    // The budget needs the terms themselves: lists are at most 300 characters, so this stays cheap.
    return Promise.all(this.collection.termLists.map(async (l) => {
      let chars: number | undefined;
      try {
        chars = client ? termListChars(await client.getTermListEntries(this.collection.spokenTermsId, l.lang)) : undefined;
      } catch {
        chars = undefined;
      }
      return new TermListNode(this.collection, l, chars);
    }));
  }
}

export class TermListNode implements Node {
  constructor(readonly collection: SpokenTerms, readonly list: TermListInfo, readonly chars: number | undefined) {}
  treeItem(): vscode.TreeItem {
    const { collection: c, list: l } = this;
    const item = new vscode.TreeItem(l.lang.toUpperCase(), vscode.TreeItemCollapsibleState.None);
    item.id = `spoken/${c.spokenTermsId}/${l.lang}`;
    item.contextValue = 'termList';
    item.iconPath = new vscode.ThemeIcon(this.chars !== undefined && this.chars > LIMITS.termListChars ? 'warning' : 'list-unordered');
    const budget = this.chars === undefined ? `?/${LIMITS.termListChars}` : `${this.chars}/${LIMITS.termListChars}`;
    item.description = `${l.entryCount} ${l.entryCount === 1 ? 'term' : 'terms'} · ${budget} characters`;
    item.tooltip = `${c.name}: ${l.lang.toUpperCase()} term list, ${l.entryCount} terms, ${budget} characters used`;
    item.command = { command: 'terminology.openTermList', title: vscode.l10n.t('Open Term List'), arguments: [this] };
    return item;
  }
}

export class SpokenTermsTree extends RemoteTree<SpokenTerms> {
  protected fetch(client: ServiceClient): Promise<SpokenTerms[]> {
    return client.listSpokenTerms();
  }
  protected rootNodes(data: SpokenTerms[]): Node[] {
    return [...data].sort((a, b) => a.name.localeCompare(b.name)).map((c) => new CollectionNode(c, this.clients));
  }
}
