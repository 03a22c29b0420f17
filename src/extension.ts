import * as vscode from 'vscode';
import { taggedLogger } from './util/logger';
import { KeyStore } from './auth/keyStore';
import { registerKeyCommands } from './auth/registerKeyCommands';
import { DiagnosticsManager } from './lint/diagnosticsManager';
import { registerCodeActions } from './lint/codeActions';

/** What the extension hands to other extensions and to its integration tests. */
export interface TerminologyApi {
  /** Wall time of activate(), in milliseconds. */
  readonly activationMs: number;
  /** Fires after the diagnostics of a document were published (tests wait on it). */
  readonly onDidLint: vscode.Event<vscode.Uri>;
}

export async function activate(context: vscode.ExtensionContext): Promise<TerminologyApi> {
  const started = performance.now();
  const channel = vscode.window.createOutputChannel('Terminology Studio', { log: true });
  const log = taggedLogger(channel);
  const keys = new KeyStore(context.secrets, log.child('auth'));
  const diagnostics = new DiagnosticsManager(log.child('lint'));

  context.subscriptions.push(
    channel,
    keys,
    vscode.commands.registerCommand('terminology.showLog', () => channel.show(true)),
    ...registerKeyCommands(keys, log.child('auth')),
    diagnostics,
    ...registerCodeActions(diagnostics),
  );
  // A key handed over by the environment (the demo, headless runs) is stored once; it then lives in SecretStorage.
  const handedOver = process.env.TERMINOLOGY_SEED_KEY;
  if (handedOver && !(await keys.get())) await keys.set(handedOver);
  await keys.get(); // sets the terminology.hasKey context key for the welcome views

  const activationMs = performance.now() - started;
  log.info(`activated in ${activationMs.toFixed(1)} ms`);
  return { activationMs, onDidLint: diagnostics.onDidLint };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
