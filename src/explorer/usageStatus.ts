/** Shows the plan and the character usage (GET /v2/usage) while a key is set. */
import * as vscode from 'vscode';
import type { ClientProvider } from '../platform/clientProvider';
import { describeError, inSentence } from '../platform/errors';

export class UsageStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('terminology.usage', vscode.StatusBarAlignment.Right, 100);
  private readonly subscriptions: vscode.Disposable[];
  private generation = 0;

  constructor(private readonly clients: ClientProvider) {
    this.item.name = vscode.l10n.t('Terminology: Plan and Usage');
    this.item.command = 'terminology.refreshUsage';
    this.subscriptions = [
      this.item,
      clients.onDidChange(() => void this.update()),
      vscode.commands.registerCommand('terminology.refreshUsage', () => this.update()),
    ];
    void this.update();
  }

  private shown = false;

  /** The text shown, or undefined while hidden (for tests). */
  get text(): string | undefined {
    return this.shown ? this.item.text : undefined;
  }

  async update(): Promise<void> {
    const generation = ++this.generation;
    let client;
    try {
      client = await this.clients.get();
    } catch {
      client = undefined;
    }
    if (!client) {
      this.shown = false;
      this.item.hide();
      return;
    }
    const plan = client.plan === 'free' ? vscode.l10n.t('Free') : vscode.l10n.t('Paid');
    try {
      const u = await client.getUsage();
      if (generation !== this.generation) return;
      const pct = u.characterLimit ? Math.round((u.characterCount / u.characterLimit) * 100) : 0;
      this.item.text = `$(globe) ${plan} · ${u.characterCount.toLocaleString('en-US')} / ${u.characterLimit.toLocaleString('en-US')}`;
      this.item.tooltip = vscode.l10n.t('{0} plan: {1} of {2} characters used this period ({3}%). Click to refresh.', plan, u.characterCount, u.characterLimit, pct);
      this.item.backgroundColor = pct >= 90 ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    } catch (err) {
      if (generation !== this.generation) return;
      this.item.text = `$(globe) ${plan} · $(warning)`;
      this.item.tooltip = vscode.l10n.t('Usage could not be read: {0}. Click to retry.', inSentence(describeError(err)));
    }
    this.shown = true;
    this.item.show();
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
