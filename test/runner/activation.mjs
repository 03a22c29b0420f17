// `npm run bench:activation`: the extension's activation in fresh windows, one real VS Code per run (activation happens
// once per window), as the median of TERMINOLOGY_ACTIVATION_RUNS runs (5) with its spread and the machine's load
// before each. Each run is the integration suite's "activation and wiring" test, which notes activate()'s wall time and
// its steps (TerminologyApi.activationSteps). A spread over 50 % of the median is printed as UNSTABLE, not as a figure.
// With all runs done and no grep, the lines go into docs/performance.md (section bench:activation).
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './vscode-harness.mjs';
import { writeBenchSection } from '../../scripts/bench-report.mjs';

const runs = Number(process.env.TERMINOLOGY_ACTIVATION_RUNS ?? 5);
const GOAL_MS = 20;
const loadAtStart = loadavg();
const lines = [];
const say = (line) => { console.log(line); lines.push(line); };
const results = [];
for (let i = 0; i < runs; i++) {
  const load = loadavg()[0];
  const r = spawnSync(process.execPath, [join(repoRoot, 'test', 'runner', 'offline.mjs')], {
    cwd: repoRoot, encoding: 'utf8', env: { ...process.env, TERMINOLOGY_TEST_GREP: '^activation and wiring', TERMINOLOGY_TEST_RETRIES: '0' }, timeout: 5 * 60_000,
  });
  const m = /activation took ([\d.]+) ms: (.*)/.exec(r.stdout ?? '');
  if (r.status !== 0 || !m) {
    console.error(r.stdout, r.stderr);
    console.error(`activation bench: run ${i + 1} failed (exit ${r.status})`);
    process.exit(1);
  }
  results.push({ ms: Number(m[1]), steps: m[2], load });
  console.log(`  run ${i + 1}: ${m[1]} ms at load ${load.toFixed(2)} (${m[2]})`);
}
const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
const spread = (sorted.at(-1) - sorted[0]) / median;
const maxLoad = Math.max(...results.map((r) => r.load));
say(`activation in a fresh window, ${runs} runs: ${results.map((r) => `${r.ms.toFixed(1)} ms (load ${r.load.toFixed(2)})`).join(', ')}`);
if (spread > 0.5) say(`  UNSTABLE: the spread ${sorted[0].toFixed(1)}–${sorted.at(-1).toFixed(1)} ms is ${(spread * 100).toFixed(0)} % of the median; no figure`);
else say(`  median ${median.toFixed(1)} ms (${sorted[0].toFixed(1)}–${sorted.at(-1).toFixed(1)}) = ${(median / GOAL_MS).toFixed(2)}x the ${GOAL_MS} ms goal, at load ≤ ${maxLoad.toFixed(2)}${maxLoad > 2 ? ' (the goal is for load ≤ 2)' : ''}`);
const mid = results.find((r) => r.ms === median);
say(`  the median run's steps (ms): ${mid.steps}`);
if (runs >= 5) writeBenchSection('activation', lines, loadAtStart);
