// Runs the unit tier (plain mocha in Node, no vscode) and ends with a plain "N passed, N failed" line.
import Mocha from 'mocha';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { repoRoot } from './vscode-harness.mjs';

// `--fuzz` (npm run fuzz): only test/unit/fuzz, 10 000 cases per property unless TERMINOLOGY_FUZZ_RUNS says otherwise.
const fuzzOnly = process.argv.includes('--fuzz');
if (fuzzOnly) process.env.TERMINOLOGY_FUZZ_RUNS ||= '10000';
if (fuzzOnly) process.env.TERMINOLOGY_FUZZ_TIMES ||= '1'; // each bounded property logs its slowest case (test/unit/fuzz/bound.ts)
// `--corpus` (npm run test:corpus): the real files from other tools, which are not in the repository.
const corpus = process.argv.includes('--corpus');
if (corpus && !process.env.TERMINOLOGY_CORPUS_DIR) {
  console.error('test:corpus: set TERMINOLOGY_CORPUS_DIR to the folder of the files listed in test/corpus/SOURCES.md');
  process.exit(2);
}
// The properties' seed. The gate (npm test, CI) runs every property from one fixed seed, so that a commit's verdict does
// not depend on the draw: a rare case a property finds blocks no landing at random, and a failure replays as it came.
// `npm run fuzz` and TERMINOLOGY_FUZZ_SEED=random draw new cases each run (exploring); a number replays that seed.
const GATE_SEED = 20261127;
const seedSetting = process.env.TERMINOLOGY_FUZZ_SEED;
const seed = seedSetting === 'random' || (fuzzOnly && !seedSetting) ? undefined : seedSetting ? Number(seedSetting) : GATE_SEED;
if (seed !== undefined && !Number.isFinite(seed)) {
  console.error(`unit: TERMINOLOGY_FUZZ_SEED must be a number or "random", not ${seedSetting}`);
  process.exit(2);
}
// The CommonJS build: the one the compiled tests require (an ESM import would configure another copy).
if (seed !== undefined) createRequire(import.meta.url)('fast-check').configureGlobal({ seed });
console.log(seed === undefined ? 'unit: properties from a new random seed each (fast-check prints it with a failure)' : `unit: properties from seed ${seed} (TERMINOLOGY_FUZZ_SEED=random explores)`);
const dir = corpus ? join(repoRoot, 'out', 'test', 'corpus') : join(repoRoot, 'out', 'test', 'unit', ...(fuzzOnly ? ['fuzz'] : []));
const files = [];
const walk = (d) => {
  for (const name of readdirSync(d)) {
    const p = join(d, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (name.endsWith('.test.js')) files.push(p);
  }
};
walk(dir);
const mocha = new Mocha({ timeout: fuzzOnly ? 0 : 20_000, reporter: 'spec', grep: process.env.TERMINOLOGY_TEST_GREP });
files.sort().forEach((f) => mocha.addFile(f));
const runner = mocha.run((failures) => {
  const { passes = 0, pending = 0 } = runner.stats ?? {};
  console.log(`unit: ${passes} passed, ${failures} failed${pending ? `, ${pending} skipped` : ''}`);
  if (passes + failures === 0) console.log('unit: no test ran, which counts as a failure');
  process.exitCode = failures > 0 || passes + failures === 0 ? 1 : 0;
});
