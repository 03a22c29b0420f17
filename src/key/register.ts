/** The API key: Set API Key and Clear API Key, the setApiKey action, and a key handed over by the environment. */
import type * as vscode from 'vscode';
import type { Logger } from '../base/logger';
import type { ClientProvider } from '../platform/clientProvider';
import type { KeyStore } from '../platform/keyStore';
import { registerKeyCommands } from './registerKeyCommands';
import { setApiKey } from './setApiKey';

export interface KeyActions {
  /** Checks the key with a cheap call and stores it when the service accepts it; resolves whether it did. */
  setApiKey(key: string): Promise<boolean>;
}

export function registerKey(keys: KeyStore, clients: ClientProvider, log: Logger): { actions: KeyActions; disposables: vscode.Disposable[] } {
  return {
    actions: { setApiKey: (key) => setApiKey(keys, clients, log.child('auth'), key) },
    disposables: registerKeyCommands(keys, clients, log.child('auth')),
  };
}

/** A key handed over by the environment (TERMINOLOGY_SEED_KEY: the demo, headless runs) is stored once; it then
 * lives in SecretStorage. Not awaited: activation does not wait on SecretStorage (a round trip to the window); the
 * welcome views follow the terminology.hasKey context key once it is read, and every use of the key waits for it. */
export function readKey(keys: KeyStore, log: Logger): void {
  const handedOver = process.env.TERMINOLOGY_SEED_KEY;
  void (async () => {
    if (handedOver && !(await keys.get())) await keys.set(handedOver);
    await keys.get(); // sets the terminology.hasKey context key for the welcome views
  })().catch((err: unknown) => log.warn(`could not read the key: ${String(err)}`));
}
