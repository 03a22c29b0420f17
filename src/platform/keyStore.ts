import * as vscode from 'vscode';
import type { Logger } from '../base/logger';

const SECRET_ID = 'terminology.apiKey';
export const HAS_KEY_CONTEXT = 'terminology.hasKey';

/** The API key, kept only in SecretStorage. Re-reads on `secrets.onDidChange` so other windows stay in sync,
 * and mirrors presence into the `terminology.hasKey` context key for welcome views and menus. */
export class KeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;
  private cached: string | undefined;
  private loaded = false;
  /** Writes of this window still on their way: their change events are not "another window". */
  private ownWrites = 0;

  constructor(private readonly secrets: vscode.SecretStorage, private readonly log: Logger) {
    this.subscription = secrets.onDidChange(async (e) => {
      if (e.key !== SECRET_ID) return;
      const own = this.ownWrites > 0;
      if (await this.reload() && !own) this.log.info('key changed in another window');
    });
  }

  async get(): Promise<string | undefined> {
    if (!this.loaded) await this.reload();
    return this.cached;
  }

  async set(key: string): Promise<void> {
    await this.own(() => this.secrets.store(SECRET_ID, key));
  }

  async clear(): Promise<void> {
    await this.own(() => this.secrets.delete(SECRET_ID));
  }

  private async own(write: () => Thenable<void>): Promise<void> {
    this.ownWrites++;
    try {
      await write();
      await this.reload();
    } finally {
      // The change event of this write arrives after the write resolves; give it a moment before counting it out.
      setTimeout(() => { this.ownWrites--; }, 1000);
    }
  }

  /** Re-reads the secret; fires onDidChange when it differs from what was known. Returns whether it did. */
  private async reload(): Promise<boolean> {
    const before = this.cached;
    const wasLoaded = this.loaded;
    this.cached = (await this.secrets.get(SECRET_ID)) || undefined;
    this.loaded = true;
    await vscode.commands.executeCommand('setContext', HAS_KEY_CONTEXT, this.cached !== undefined);
    const changed = wasLoaded && before !== this.cached;
    if (changed) this.changed.fire();
    return changed;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
