import type { Account } from './state';
import type { StyleRuleList } from './data';

export interface EmulatorConfig {
  /** Answer GET .../entries with the bare dictionary object instead of the {dictionaries: [...]} wrapper. */
  bareEntries: boolean;
  /** Translation memory jobs: how long a job stays in a status before a poll moves it on (1500 ms by default). */
  jobStepMs?: number;
  /** No timed steps at all: jobs move only through advanceJobs() (POST /__admin/jobs/advance). */
  jobsPaused?: boolean;
  /** How long an import's upload address stays valid (15 min), an export's download address (60 min), and
   * how long a completed export of an unchanged memory is reused (10 min). */
  uploadTtlMs?: number;
  downloadTtlMs?: number;
  exportReuseMs?: number;
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
