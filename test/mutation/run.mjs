// Mutation checks (npm run mutation [-- ID...]): each mutant puts back, on purpose, a bug that a test is meant to
// catch, in a scratch copy of the working tree, and runs the tests named for it. A mutant is "caught" when one of
// them fails; "NOT caught" means the promise it stands for has no test that guards it. Prints a table; exits 1 when
// a mutant was not caught or could not be planted (its text is no longer in the code: update mutants.mjs).
//
// The copy holds the files git tracks or would track (uncommitted changes included), with node_modules and
// .vscode-test linked from here. Integration and UI runs take the VS Code lock (/tmp/vscode.lock) when flock exists.
// Each named test first runs once without any mutant (the baseline, below): one that fails then guards nothing.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { mutants } from './mutants.mjs';
import { repoRoot } from '../runner/vscode-harness.mjs';

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const keep = process.argv.includes('--keep');
const chosen = wanted.length ? mutants.filter((m) => wanted.includes(m.id)) : mutants;
if (!chosen.length) {
  console.error(`no mutant named ${wanted.join(', ')}; known: ${mutants.map((m) => m.id).join(', ')}`);
  process.exit(2);
}
// TERMINOLOGY_MUTATION_LOCK=0 runs without the lock (a busy machine shared by several checkouts).
const hasFlock = process.env.TERMINOLOGY_MUTATION_LOCK !== '0' && spawnSync('sh', ['-c', 'command -v flock'], { encoding: 'utf8' }).status === 0;

function copyTree() {
  const dir = mkdtempSync(join(tmpdir(), 'terminology-mutant-'));
  const list = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8' });
  if (list.status !== 0) throw new Error(`git ls-files failed: ${list.stderr}`);
  for (const f of list.stdout.split('\0').filter(Boolean)) {
    const from = join(repoRoot, f);
    if (!existsSync(from)) continue; // deleted in the working tree
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    cpSync(from, join(dir, f));
  }
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'));
  if (existsSync(join(repoRoot, '.vscode-test'))) symlinkSync(join(repoRoot, '.vscode-test'), join(dir, '.vscode-test'));
  return dir;
}

function plant(dir, m) {
  for (const change of m.changes) {
    const file = join(dir, change.file);
    const text = readFileSync(file, 'utf8');
    const count = text.split(change.find).length - 1;
    if (count !== 1) return `${change.file}: the text to change stands ${count} times (expected once)`;
    writeFileSync(file, text.replace(change.find, () => change.replace));
  }
  return undefined;
}

/** Runs one test command in `dir`; returns { ran, failed, output }. */
function runTests(dir, t) {
  const env = { ...process.env, TERMINOLOGY_TEST_RETRIES: '0', TERMINOLOGY_UI_ATTEMPTS: '1' };
  const runners = {
    unit: { args: ['--enable-source-maps', 'test/runner/unit.mjs'], grep: 'TERMINOLOGY_TEST_GREP' },
    integration: { args: ['test/runner/offline.mjs'], grep: 'TERMINOLOGY_TEST_GREP' },
    ui: { args: ['test/runner/ui.mjs'], grep: 'TERMINOLOGY_UI_GREP' },
    // The package check (vsce, the bundles' sizes and contents); its grep selects nothing.
    package: { args: ['test/runner/check-package.mjs'], grep: 'TERMINOLOGY_PACKAGE_GREP' },
  };
  const runner = runners[t.suite];
  if (!runner) throw new Error(`unknown suite ${t.suite}`);
  env[runner.grep] = t.grep;
  const cmd = ['node', runner.args];
  const [bin, args] = t.suite === 'unit' || !hasFlock ? cmd : ['flock', ['/tmp/vscode.lock', cmd[0], ...cmd[1]]];
  const r = spawnSync(bin, args, { cwd: dir, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  const counts = [...output.matchAll(/(\d+) passed, (\d+) failed/g)].at(-1);
  const passed = counts ? Number(counts[1]) : 0;
  const failed = counts ? Number(counts[2]) : 0;
  return { ran: passed + failed > 0, failed: failed > 0 || (r.status !== 0 && passed + failed > 0), output };
}

function build(dir, suites) {
  const steps = [['npm', ['run', 'compile-tests', '--silent']]];
  if (suites.some((s) => s !== 'unit')) steps.unshift(['npm', ['run', 'build', '--silent']]);
  for (const [bin, args] of steps) {
    const r = spawnSync(bin, args, { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) return `${bin} ${args.join(' ')} failed:\n${r.stdout}${r.stderr}`;
  }
  return undefined;
}

// The baseline: each test the chosen mutants name runs once on the tree as it is. One that fails there would call
// every mutant "caught" (a test of a describe run alone may lack what the tests before it set up): such a mutant is
// reported as unguarded instead. --no-baseline skips this.
const baselineFails = new Set();
if (!process.argv.includes('--no-baseline')) {
  const tests = [...new Map(chosen.flatMap((m) => m.tests).map((t) => [`${t.suite}\0${t.grep}`, t])).values()];
  const dir = copyTree();
  try {
    const broken = build(dir, tests.map((t) => t.suite));
    if (broken) { process.stdout.write(broken.slice(-1500)); console.error('mutation: the tree as it is does not build'); process.exit(1); }
    for (const t of tests) {
      const r = runTests(dir, t);
      if (!r.ran || r.failed) { baselineFails.add(`${t.suite}\0${t.grep}`); console.log(`baseline: ${t.suite} "${t.grep}" ${r.ran ? 'fails' : 'runs no test'} without any mutant`); }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rows = [];
for (const m of chosen) {
  const started = Date.now();
  const dir = copyTree();
  let verdict;
  let by = '';
  try {
    const problem = plant(dir, m);
    if (problem) verdict = `NOT PLANTED (${problem})`;
    else {
      const broken = build(dir, m.tests.map((t) => t.suite));
      // A mutant must build: one the compiler refuses tests nothing (rewrite it so that it compiles).
      if (broken) { verdict = 'NOT PLANTED (does not build)'; process.stdout.write(broken.slice(-1500)); }
      else {
        verdict = 'NOT caught';
        for (const t of m.tests) {
          const r = runTests(dir, t);
          if (!r.ran) { verdict = `NO TEST RAN for ${t.suite} "${t.grep}"`; process.stdout.write(r.output.slice(-2000)); break; }
          if (r.failed && baselineFails.has(`${t.suite}\0${t.grep}`)) { verdict = `NOT GUARDED: ${t.suite} "${t.grep}" fails without the mutant too`; break; }
          if (r.failed) { verdict = 'caught'; by = `${t.suite}: ${t.grep}`; break; }
        }
      }
    }
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  rows.push({ id: m.id, verdict, by, seconds });
  console.log(`${m.id}: ${verdict}${by ? ` by ${by}` : ''} (${seconds} s)${keep ? ` in ${dir}` : ''}`);
}

console.log('\n| mutant | the bug put back | verdict | caught by |\n|---|---|---|---|');
for (const r of rows) {
  const m = mutants.find((x) => x.id === r.id);
  console.log(`| ${r.id} | ${m.bug} | ${r.verdict} | ${r.by} |`);
}
const bad = rows.filter((r) => r.verdict !== 'caught');
console.log(`\nmutation: ${rows.length - bad.length} of ${rows.length} caught`);
process.exit(bad.length ? 1 : 0);
