/** Builds the one shared ServiceClient from the key and the settings, and rebuilds it when either changes. */
import type { Offload } from '../worker/offload';
import * as vscode from 'vscode';
import { ServiceClient } from '../api';
import type { KeyStore } from './keyStore';
import { readServiceSettings } from './settings';
import type { Logger } from '../base/logger';

export class ClientProvider implements vscode.Disposable {
  /** The client being built or built for the current key and settings; undefined once they change. Every caller
   * waits for the same build: a call made while the key is still being read (at activation, say, when a window
   * reload restores documents that ask at once) gets the client too, not "no key". */
  private current: Promise<{ client?: ServiceClient; configError?: string }> | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the key or the service settings changed: views reload. */
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  /** `offload`: where the JSON of large bodies is parsed and encoded (off the extension host's thread). */
  constructor(private readonly keys: KeyStore, private readonly log: Logger, private readonly userAgent: string, private readonly offload: Offload) {
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
      largeJson: { parse: (bytes) => this.offload.parseJson(bytes), encode: (value, size) => this.offload.encodeJson(value, size) },
    });
  }

  /** The client, or undefined when no key is set. Throws when the settings are unusable (e.g. an http address). */
  async get(): Promise<ServiceClient | undefined> {
    if (!this.current) {
      const building = this.build();
      this.current = building;
      // A key that could not be read is asked for again by the next call.
      building.catch(() => { if (this.current === building) this.current = undefined; });
    }
    const built = await this.current;
    if (built.configError) throw new Error(`${built.configError}. Fix it in the settings (terminology.baseUrl / terminology.freeBaseUrl).`);
    return built.client;
  }

  private async build(): Promise<{ client?: ServiceClient; configError?: string }> {
    const key = await this.keys.get();
    if (!key) return {};
    try {
      const client = this.forKey(key);
      this.log.info(`using the ${client.plan} plan at ${client.baseUrl}`);
      return { client };
    } catch (err) {
      return { configError: (err as Error).message };
    }
  }

  private invalidate(): void {
    this.current = undefined;
    this.changed.fire();
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
