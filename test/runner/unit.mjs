// Runs the unit tier (plain mocha in Node, no vscode) and ends with a plain "N passed, N failed" line.
import Mocha from 'mocha';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
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
