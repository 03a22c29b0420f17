/** Glossaries -> dictionaries (one per language pair, with entry counts). */
import * as vscode from 'vscode';
import type { DictionaryInfo, Glossary, ServiceClient } from '../api';
import { pairLabel } from '../platform/words';
import { RemoteTree, type Node } from './remoteTree';

const day = (iso: string) => (iso ? iso.slice(0, 10) : '');

export class GlossaryNode implements Node {
  constructor(readonly glossary: Glossary) {}
  treeItem(): vscode.TreeItem {
    const g = this.glossary;
    const item = new vscode.TreeItem(g.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `glossary/${g.glossaryId}`;
    item.contextValue = 'glossary';
    item.iconPath = new vscode.ThemeIcon('book');
    const n = g.dictionaries.length;
    item.description = `${n} ${n === 1 ? 'dictionary' : 'dictionaries'} · ${day(g.creationTime)}`;
    item.tooltip = new vscode.MarkdownString(
      `**${g.name}**\n\nid \`${g.glossaryId}\`\n\ncreated ${g.creationTime}\n\n` +
      g.dictionaries.map((d) => `- ${pairLabel(d)}: ${d.entryCount} ${d.entryCount === 1 ? 'entry' : 'entries'}`).join('\n'));
    return item;
  }
  children(): Node[] {
    return this.glossary.dictionaries.map((d) => new DictionaryNode(this.glossary, d, this));
  }
}

export class DictionaryNode implements Node {
  constructor(readonly glossary: Glossary, readonly dictionary: DictionaryInfo, private readonly under?: GlossaryNode) {}
  parent(): Node | undefined {
    return this.under;
  }
  treeItem(): vscode.TreeItem {
    const { glossary: g, dictionary: d } = this;
    const item = new vscode.TreeItem(pairLabel(d), vscode.TreeItemCollapsibleState.None);
    item.id = `glossary/${g.glossaryId}/${d.sourceLang}-${d.targetLang}`;
    item.contextValue = 'dictionary';
    item.iconPath = new vscode.ThemeIcon('arrow-swap');
    item.description = `${d.entryCount} ${d.entryCount === 1 ? 'entry' : 'entries'}`;
    item.tooltip = new vscode.MarkdownString(`**${g.name}**: ${pairLabel(d)}, ${item.description}\n\nglossary id \`${g.glossaryId}\``);
    item.command = { command: 'terminology.openDictionary', title: vscode.l10n.t('Open Dictionary'), arguments: [this] };
    return item;
  }
}

export class GlossaryTree extends RemoteTree<Glossary> {
  private filterText = '';

  protected fetch(client: ServiceClient): Promise<Glossary[]> {
    return client.listGlossaries();
  }

  protected rootNodes(data: Glossary[]): Node[] {
    const f = this.filterText.toLowerCase();
    return data.filter((g) => !f || g.name.toLowerCase().includes(f))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((g) => new GlossaryNode(g));
  }

  /** Shows the glossary in the view (loading the list again first), selected and expanded. */
  async reveal(glossaryId: string): Promise<void> {
    if (this.filterText) await this.setFilter('');
    const data = await this.items();
    const node = data && this.rootNodes(data).find((n) => n instanceof GlossaryNode && n.glossary.glossaryId === glossaryId);
    if (node) await this.view.reveal(node, { select: true, focus: false, expand: true });
  }

  get filter(): string {
    return this.filterText;
  }

  async setFilter(text: string): Promise<void> {
    this.filterText = text.trim();
    this.view.description = this.filterText ? `filter: ${this.filterText}` : undefined;
    await vscode.commands.executeCommand('setContext', 'terminology.glossaries.filtered', Boolean(this.filterText));
    this.rerender(); // filtering needs no new request: only the rendering changes

  }
}
