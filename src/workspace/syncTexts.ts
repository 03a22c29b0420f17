/** Texts of linked files: their error count by the editor's rules, their service form and back, the folder name of a
 * clone, and the read-only snapshots of the service's side for Compare. */
import * as vscode from 'vscode';
import { lintEntries, lintTermList } from '../core';
import { applyRuleSettings, type RuleSettings } from '../core/ruleSettings';
import { pairUsable, type LinkStatus } from './syncModel';

export { localText, serviceText } from '../core/workspace/serviceText';

/** Error-level findings of a linked file's text, by the editor's rules (the pair given when the rules accept it) and
 * the manifest's rule settings, as the CLI counts them. */
export function errorCount(text: string, status: Pick<LinkStatus, 'kind' | 'link'>, rules?: RuleSettings): number {
  const k = status.kind;
  const findings = k.kind === 'terms' ? lintTermList(text)
    : lintEntries(text, { format: k.format, ...(pairUsable(status.link) ? { sourceLang: k.sourceLang, targetLang: k.targetLang } : {}) });
  let n = 0;
  for (const f of applyRuleSettings(findings, rules)) if (f.severity === 'error') n++;
  return n;
}

const slug = (name: string) => name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'glossary';
export const cloneFolderName = slug;

/** Read-only texts of the service's side for Compare with Remote. */
export class SyncSnapshots implements vscode.TextDocumentContentProvider {
  static readonly scheme = 'terminology-synced';
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  set(file: vscode.Uri, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: SyncSnapshots.scheme, path: file.path, query: file.toString() });
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  dispose(): void {
    this.changed.dispose();
  }
}
