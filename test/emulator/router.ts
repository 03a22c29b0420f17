import type { Account } from './state';
import type { StyleRuleList } from './data';

export interface EmulatorConfig {
  /** Answer GET .../entries with the bare dictionary object instead of the {dictionaries: [...]} wrapper. */
  bareEntries: boolean;
}

export interface Context {
  acc: Account;
  body: Record<string, unknown>;
  params: string[];
  query: URLSearchParams;
  emulator: { port: number; config: EmulatorConfig; styleRules: StyleRuleList[] };
}

export interface Result { status: number; body?: unknown; mutated?: boolean }

export type Route = [method: string, path: RegExp, handler: (ctx: Context) => Result];
