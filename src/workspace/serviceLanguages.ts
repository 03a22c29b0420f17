/** The service's language lists, for the manifest's completion and diagnostics. */
import type * as vscode from 'vscode';
import type { Language } from '../api';
import type { ClientProvider } from '../platform/clientProvider';

/** The service's glossary and voice languages, fetched once per client; undefined without a key or service. */
export class ServiceLanguages implements vscode.Disposable {
  private cache = new Map<string, Promise<Language[] | undefined>>();
  private readonly subscription: vscode.Disposable;

  constructor(private readonly clients: ClientProvider) {
    this.subscription = clients.onDidChange(() => { this.cache = new Map(); });
  }

  get(resource: 'glossary' | 'voice'): Promise<Language[] | undefined> {
    let p = this.cache.get(resource);
    if (!p) {
      p = this.clients.get().then((c) => c?.getLanguages(resource), () => undefined).catch(() => undefined);
      p.then((v) => { if (!v) this.cache.delete(resource); }, () => undefined);
      this.cache.set(resource, p);
    }
    return p;
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
