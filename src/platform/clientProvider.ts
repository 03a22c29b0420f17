/** Builds the one shared ServiceClient from the key and the settings, and rebuilds it when either changes. */
import { offload } from './offload';
import * as vscode from 'vscode';
import { ServiceClient } from '../api';
import type { KeyStore } from './keyStore';
import { readServiceSettings } from './settings';
import type { Logger } from './logger';

export class ClientProvider implements vscode.Disposable {
  private client: ServiceClient | undefined;
  private configError: string | undefined;
  private built = false;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the key or the service settings changed: views reload. */
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly keys: KeyStore, private readonly log: Logger, private readonly userAgent: string) {
    this.subscriptions = [
      this.changed,
      keys.onDidChange(() => this.invalidate()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('terminology.plan') || e.affectsConfiguration('terminology.baseUrl') ||
          e.affectsConfiguration('terminology.freeBaseUrl') || e.affectsConfiguration('terminology.authScheme') ||
          e.affectsConfiguration('terminology.requestTimeoutMs')) this.invalidate();
      }),
    ];
  }

  /** Builds a client for a key without storing anything (used to check a key before it is saved). */
  forKey(key: string): ServiceClient {
    const s = readServiceSettings();
    return new ServiceClient({
      key, plan: s.plan, baseUrl: s.baseUrl, freeBaseUrl: s.freeBaseUrl, authScheme: s.authScheme,
      timeoutMs: s.requestTimeoutMs, logger: this.log, userAgent: this.userAgent,
      largeJson: { parse: (bytes) => offload.parseJson(bytes), encode: (value, size) => offload.encodeJson(value, size) },
    });
  }

  /** The client, or undefined when no key is set. Throws when the settings are unusable (e.g. an http address). */
  async get(): Promise<ServiceClient | undefined> {
    if (!this.built) {
      this.built = true;
      this.client = undefined;
      this.configError = undefined;
      const key = await this.keys.get();
      if (key) {
        try {
          this.client = this.forKey(key);
          this.log.info(`using the ${this.client.plan} plan at ${this.client.baseUrl}`);
        } catch (err) {
          this.configError = (err as Error).message;
        }
      }
    }
    if (this.configError) throw new Error(`${this.configError}. Fix it in the settings (terminology.baseUrl / terminology.freeBaseUrl).`);
    return this.client;
  }

  private invalidate(): void {
    this.built = false;
    this.changed.fire();
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
