/** The "Term Check" view: the findings of every translation file checked (open files as you type, all of them after
 * Check Terms in Workspace), by term across the workspace, with counts; a click opens the finding. A filter keeps the
 * findings of one glossary. In the lazy termCheck bundle; register.ts registers a provider that asks this one once it
 * is loaded. */
import * as vscode from 'vscode';
import type { TermChecker, TermResult } from './checker';

export type TermNode =
  | { kind: 'term'; term: string; code: string; glossary?: string; results: Array<{ uri: vscode.Uri; result: TermResult }> }
  | { kind: 'finding'; uri: vscode.Uri; result: TermResult };

const CODE_ORDER: Record<string, number> = { 'forbidden-term': 0, 'term-not-used': 1, 'untranslated-term': 2, 'inconsistent-term': 3 };

export class TermCheckView implements vscode.TreeDataProvider<TermNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TermNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  /** The glossary whose findings are shown; undefined for all. */
  glossary: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly checker: TermChecker) {
    // Many files are published in a row by a workspace check: one refresh for them.
    this.subscriptions = [this.changed, checker.onDidCheck(() => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.changed.fire(undefined), 100);
    })];
  }

  /** Shows the findings of one glossary (undefined: all). */
  setGlossary(glossary: string | undefined): void {
    this.glossary = glossary;
    void vscode.commands.executeCommand('setContext', 'terminology.termCheck.filtered', glossary !== undefined);
    this.changed.fire(undefined);
  }

  /** The glossaries the findings come from, for the filter. */
  glossaries(): string[] {
    const out = new Set<string>();
    for (const [, results] of this.checker.allResults()) for (const r of results) if (r.finding.entry) out.add(r.finding.entry.glossary);
    return [...out].sort();
  }

  /** The findings by term: one node per term and code, the most findings first. */
  terms(): Array<Extract<TermNode, { kind: 'term' }>> {
    const groups = new Map<string, Extract<TermNode, { kind: 'term' }>>();
    for (const [uri, results] of this.checker.allResults()) {
      for (const result of results) {
        const f = result.finding;
        if (this.glossary !== undefined && f.entry?.glossary !== this.glossary) continue;
        const key = `${f.code}\u0000${f.term.toLowerCase()}`;
        let g = groups.get(key);
        if (!g) groups.set(key, g = { kind: 'term', term: f.term, code: f.code, ...(f.entry ? { glossary: f.entry.glossary } : {}), results: [] });
        g.results.push({ uri, result });
      }
    }
    return [...groups.values()].sort((a, b) => b.results.length - a.results.length || (CODE_ORDER[a.code] ?? 9) - (CODE_ORDER[b.code] ?? 9) || (a.term < b.term ? -1 : 1));
  }

  getChildren(node?: TermNode): TermNode[] {
    if (!node) return this.terms();
    if (node.kind === 'term') return node.results.map((r) => ({ kind: 'finding', ...r }));
    return [];
  }

  getTreeItem(node: TermNode): vscode.TreeItem {
    if (node.kind === 'term') {
      const item = new vscode.TreeItem(node.term, vscode.TreeItemCollapsibleState.Collapsed);
      item.description = `${node.results.length} · ${node.code}${node.glossary ? ` · ${node.glossary}` : ''}`;
      item.tooltip = vscode.l10n.t('{0}: {1} finding(s) of "{2}"', node.code, node.results.length, node.term);
      // The severity the findings carry (the manifest's "rules" set it per code), as the Problems view shows it.
      const worst = Math.min(...node.results.map((r) => r.result.diagnostic.severity));
      item.iconPath = new vscode.ThemeIcon(worst === vscode.DiagnosticSeverity.Error ? 'error' : worst === vscode.DiagnosticSeverity.Warning ? 'warning' : 'info');
      item.contextValue = 'term';
      return item;
    }
    const d = node.result.diagnostic;
    const item = new vscode.TreeItem(`${vscode.workspace.asRelativePath(node.uri)}:${d.range.start.line + 1}`, vscode.TreeItemCollapsibleState.None);
    item.description = d.message;
    item.tooltip = d.message;
    item.resourceUri = node.uri;
    item.command = { title: vscode.l10n.t('Open'), command: 'vscode.open', arguments: [node.uri, { selection: d.range }] };
    return item;
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const s of this.subscriptions) s.dispose();
  }
}
