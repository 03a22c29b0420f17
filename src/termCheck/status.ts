/** The term check's count of the open file's findings in the status bar. */
import * as vscode from 'vscode';
import { plural } from '../platform/words';
import type { TermChecker } from './checker';

/** The open file's term findings, counted in the status bar; hidden for other files. */
export class TermStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('terminology.termCheck', vscode.StatusBarAlignment.Left, 10);
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly checker: TermChecker) {
    this.item.name = vscode.l10n.t('Terminology: Term Check');
    this.item.command = 'workbench.actions.view.problems';
    this.subscriptions = [this.item, checker.onDidCheck(() => this.update()), vscode.window.onDidChangeActiveTextEditor(() => this.update())];
    this.update();
  }

  /** The text shown, or undefined while hidden (for tests). */
  text: string | undefined;

  update(): void {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const results = uri ? this.checker.resultsOf(uri) : [];
    if (!uri || !this.checker.hasChecked(uri)) { this.text = undefined; this.item.hide(); return; }
    this.text = `$(book) ${results.length}`;
    this.item.text = this.text;
    this.item.tooltip = vscode.l10n.t('{0} in this file. Click to show the Problems view.', plural(results.length, '{0} term check finding', '{0} term check findings'));
    this.item.show();
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
