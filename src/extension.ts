import * as vscode from 'vscode';
import { taggedLogger } from './util/logger';
import { KeyStore } from './auth/keyStore';
import { registerKeyCommands } from './auth/registerKeyCommands';

/** What the extension hands to other extensions and to its integration tests. */
export interface TerminologyApi {
  /** Wall time of activate(), in milliseconds. */
  readonly activationMs: number;
}

export async function activate(context: vscode.ExtensionContext): Promise<TerminologyApi> {
  const started = performance.now();
  const channel = vscode.window.createOutputChannel('Terminology Studio', { log: true });
  const log = taggedLogger(channel);
  const keys = new KeyStore(context.secrets, log.child('auth'));

  context.subscriptions.push(
    channel,
    keys,
    vscode.commands.registerCommand('terminology.showLog', () => channel.show(true)),
    ...registerKeyCommands(keys, log.child('auth')),
  );
  // A key handed over by the environment (the demo, headless runs) is stored once; it then lives in SecretStorage.
  const handedOver = process.env.TERMINOLOGY_SEED_KEY;
  if (handedOver && !(await keys.get())) await keys.set(handedOver);
  await keys.get(); // sets the terminology.hasKey context key for the welcome views

  const activationMs = performance.now() - started;
  log.info(`activated in ${activationMs.toFixed(1)} ms`);
  return { activationMs };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
