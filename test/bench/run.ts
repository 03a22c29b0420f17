/** `npm run bench`: every benchmark, figures as ratios to baselines measured in the same run.
 * `TERMINOLOGY_BENCH_ONLY=hostile,exchange` runs only the sections named (core, client, exchange, hostile, cli). */
import { benchCore } from './core.bench';
import { benchClient } from './client.bench';
import { benchExchange } from './exchange.bench';
import { benchHostile } from './hostile.bench';
import { benchCli } from './cli.bench';

const only = process.env.TERMINOLOGY_BENCH_ONLY?.split(',').map((s) => s.trim()).filter(Boolean);
const runs = (section: string) => !only?.length || only.includes(section);

async function main(): Promise<void> {
  if (!(globalThis as { gc?: unknown }).gc) console.warn('(run with --expose-gc for steadier memory figures)');
  if (runs('core')) {
    console.log('== entry rules engine (src/core) ==');
    for (const line of benchCore()) console.log(line);
  }
  if (runs('client')) {
    console.log('== API client (src/api) ==');
    for (const line of await benchClient()) console.log(line);
  }
  if (runs('exchange')) {
    console.log('== import and export (src/core/exchange) ==');
    for (const line of await benchExchange()) console.log(line);
  }
  if (runs('hostile')) {
    console.log('== import against the file\'s size, and hostile files (src/core/exchange) ==');
    for (const line of await benchHostile()) console.log(line);
  }
  if (runs('cli')) {
    console.log('== the CLI (dist/cli.js, npm run build first) ==');
    for (const line of benchCli()) console.log(line);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
