/** `npm run bench`: every benchmark, figures as ratios to baselines measured in the same run.
 * `TERMINOLOGY_BENCH_ONLY=hostile,exchange` runs only the sections named (core, client, exchange, hostile, terms, table, cli). */
import { benchCore } from './core.bench';
import { benchClient } from './client.bench';
import { benchExchange } from './exchange.bench';
import { benchHostile } from './hostile.bench';
import { benchCli } from './cli.bench';
import { benchTermCheck } from './termCheck.bench';
import { benchTableOrders } from './tableOrders.bench';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const only = process.env.TERMINOLOGY_BENCH_ONLY?.split(',').map((s) => s.trim()).filter(Boolean);
const runs = (section: string) => !only?.length || only.includes(section);

/** Every line printed, for docs/performance.md (written after a full run: scripts/bench-report.mjs). */
const printed: string[] = [];
const print = (line: string) => { printed.push(line); console.log(line); };

async function main(): Promise<void> {
  if (!(globalThis as { gc?: unknown }).gc) console.warn('(run with --expose-gc for steadier memory figures)');
  print(`load average at the start: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  if (runs('core')) {
    print('== entry rules engine (src/core) ==');
    for (const line of benchCore()) print(line);
  }
  if (runs('client')) {
    print('== API client (src/api) ==');
    for (const line of await benchClient()) print(line);
  }
  if (runs('exchange')) {
    print('== import and export (src/core/exchange) ==');
    for (const line of await benchExchange()) print(line);
  }
  if (runs('hostile')) {
    print('== import against the file\'s size, and hostile files (src/core/exchange) ==');
    for (const line of await benchHostile()) print(line);
  }
  if (runs('terms')) {
    print('== term check of translations (src/core/termCheck) ==');
    for (const line of benchTermCheck()) print(line);
  }
  if (runs('table')) {
    print('== the table\'s sort orders (src/core/tableRows, src/core/columnOrder) ==');
    for (const line of benchTableOrders()) print(line);
  }
  if (runs('cli')) {
    print('== the CLI (dist/cli.js, npm run build first) ==');
    for (const line of benchCli()) print(line);
  }
  if (!only?.length) {
    const file = join(mkdtempSync(join(tmpdir(), 'terminology-bench-')), 'core.txt');
    writeFileSync(file, printed.join('\n'));
    execFileSync(process.execPath, [join(__dirname, '..', '..', '..', 'scripts', 'bench-report.mjs'), 'core', file], { stdio: 'inherit' });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
