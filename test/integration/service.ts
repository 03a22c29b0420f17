/** The service emulator, run inside the extension host so that tests can inject faults and read its state. */
import * as vscode from 'vscode';
import { startEmulator, type Emulator } from '../emulator/server';
import { seedDemo } from '../emulator/seed';
import type { TerminologyApi } from '../../src/extension';

export const EXTENSION_ID = 'terminology-studio.terminology-studio';
export const PAID_KEY = 'integration-paid-key';

let emulator: Emulator | undefined;

export function service(): Emulator {
  if (!emulator) throw new Error('the emulator is not running');
  return emulator;
}

export async function api(): Promise<TerminologyApi> {
  return vscode.extensions.getExtension<TerminologyApi>(EXTENSION_ID)!.activate();
}

/** Resolves with the state of the first load of `tree` that ends after `start` began. */
export async function nextLoad(tree: TerminologyApi['glossaries'] | TerminologyApi['spokenTerms'] | TerminologyApi['styleRules'], start: () => unknown): Promise<string> {
  let sub: vscode.Disposable | undefined;
  const loaded = new Promise<string>((resolve) => { sub = tree.onDidLoad((state) => { sub?.dispose(); resolve(state); }); });
  await start();
  void tree.items(); // a view that is not visible is not asked for its children: ask here
  return loaded;
}

export async function startService(): Promise<void> {
  emulator = await startEmulator({ key: PAID_KEY, freeKey: 'integration-free-key:fx', seed: seedDemo });
  const config = vscode.workspace.getConfiguration('terminology');
  await config.update('baseUrl', emulator.url, vscode.ConfigurationTarget.Global);
  await config.update('freeBaseUrl', emulator.freeUrl, vscode.ConfigurationTarget.Global);
}

export async function stopService(): Promise<void> {
  await emulator?.close();
  emulator = undefined;
}
