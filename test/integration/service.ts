/** The service emulator, run inside the extension host so that tests can inject faults and read its state. */
import * as vscode from 'vscode';
import { startEmulator, type Emulator } from '../emulator/server';
import { seedDemo } from '../emulator/seed';
import type { TerminologyApi } from '../../src/extension';
import type { Account } from '../emulator/state';

export const EXTENSION_ID = 'terminology-studio.terminology-studio';
export const PAID_KEY = 'integration-paid-key';
/** The free-plan key (free keys end in ":fx"); the emulator knows it, tests switch to it and back to PAID_KEY. */
export const FREE_KEY = 'integration-free-key:fx';

let emulator: Emulator | undefined;

export function service(): Emulator {
  if (!emulator) throw new Error('the emulator is not running');
  return emulator;
}

/** The emulator's account of the paid key, the one the tests sign in with. */
export const account = (): Account => service().state.accounts[PAID_KEY];

/** Puts a glossary into that account: its dictionaries by pair ("en-de"), each with its entries. */
export function seedGlossary(g: { glossaryId: string; name: string }, dictionaries: Readonly<Record<string, ReadonlyArray<readonly [string, string]>>>): void {
  account().glossaries.push({
    glossary_id: g.glossaryId, name: g.name, creation_time: '2026-11-01T00:00:00Z',
    dictionaries: Object.entries(dictionaries).map(([pair, entries]) => {
      const [source_lang, target_lang] = pair.split('-');
      return { source_lang, target_lang, entries: entries.map(([s, t]) => [s, t] as [string, string]) };
    }),
  });
}

/** Takes the glossary `glossaryId` out of that account again. */
export function removeGlossary(glossaryId: string): void {
  account().glossaries = account().glossaries.filter((g) => g.glossary_id !== glossaryId);
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
  emulator = await startEmulator({ key: PAID_KEY, freeKey: FREE_KEY, seed: seedDemo });
  const config = vscode.workspace.getConfiguration('terminology');
  await config.update('baseUrl', emulator.url, vscode.ConfigurationTarget.Global);
  await config.update('freeBaseUrl', emulator.freeUrl, vscode.ConfigurationTarget.Global);
}

export async function stopService(): Promise<void> {
  await emulator?.close();
  emulator = undefined;
}
