// Default integration runner: the suite index runs inside a real VS Code (server build, offline recipe),
// its mocha output streams here, and the exit code follows mocha. Bounded in time; leaves no process behind.
import { existsSync, writeFileSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { startWorkbench, repoRoot } from './vscode-harness.mjs';

const DONE = '##terminology-tests-done';
const limitMs = Number(process.env.TERMINOLOGY_TEST_TIMEOUT_MS ?? 20 * 60_000);
const suite = join(repoRoot, 'out', 'test', 'integration', 'index.js');
if (!existsSync(suite)) {
  console.error(`integration: ${suite} is missing; run "npm run compile-tests" first`);
  process.exit(1);
}
if (!existsSync(join(repoRoot, 'dist', 'extension.js'))) {
  console.error('integration: dist/extension.js is missing; run "npm run build" first');
  process.exit(1);
}

const started = Date.now();
const loadAtStart = loadavg();
let workbench;
let finished = false;
const finish = async (code, message) => {
  if (finished) return;
  finished = true;
  if (message) console.log(message);
  await workbench?.stop();
  process.exit(code);
};
process.on('SIGINT', () => finish(130, 'integration: interrupted'));
process.on('SIGTERM', () => finish(143, 'integration: terminated'));

// TERMINOLOGY_TEST_TRUST=restricted (or --restricted): the Restricted Mode suite (*.untrusted.js) in a window with
// workspace trust enabled and the workspace untrusted (a fresh profile trusts nothing; no startup prompt).
const restricted = process.argv.includes('--restricted') || process.env.TERMINOLOGY_TEST_TRUST === 'restricted';
const trustSettings = restricted ? {
  'security.workspace.trust.enabled': true,
  'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.banner': 'never',
  'security.workspace.trust.untrustedFiles': 'open',
} : {};
if (restricted) console.log('integration: Restricted Mode run (workspace trust enabled, workspace untrusted)');

const serverLog = [];
const extraEnv = JSON.parse(process.env.TERMINOLOGY_TEST_ENV ?? '{}');
const reportFile = join(process.env.TMPDIR ?? '/tmp', `terminology-report-${process.pid}.log`);
writeFileSync(reportFile, '');
try {
  workbench = await startWorkbench({
    testsPath: suite,
    smokeTestDriver: true, // the payload's extensionTestsPath needs it; the suite needs no toasts
    workspace: join(repoRoot, 'test', 'fixtures', 'workspace'),
    settings: trustSettings,
    env: {
      ...(restricted ? { TERMINOLOGY_TEST_TRUST: 'restricted' } : {}),
      TERMINOLOGY_TEST_REPORT: reportFile,
      TERMINOLOGY_TEST_COLOR: process.stdout.isTTY ? '1' : '0',
      ...(process.env.TERMINOLOGY_TEST_GREP ? { TERMINOLOGY_TEST_GREP: process.env.TERMINOLOGY_TEST_GREP } : {}),
      ...(process.argv.includes('--bench') ? { TERMINOLOGY_BENCH: '1' } : {}),
      ...extraEnv,
    },
    serverOutput: (text) => { serverLog.push(text); if (serverLog.length > 400) serverLog.shift(); },
  });
} catch (err) {
  console.error(`integration: could not start VS Code: ${err.message}`);
  console.error(serverLog.join(''));
  await finish(1, '0 passed, 1 failed');
}
console.log(`integration: VS Code up after ${((Date.now() - started) / 1000).toFixed(1)} s; running the suite`);

let offset = 0;
const deadline = started + limitMs;
// A full `npm run bench:editor` (no grep) writes what it printed into docs/performance.md.
const benchLines = process.argv.includes('--bench') && !process.env.TERMINOLOGY_TEST_GREP ? [`load average at the start: ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}`] : undefined;
while (!finished) {
  const size = statSync(reportFile).size;
  if (size > offset) {
    const chunk = readFileSync(reportFile).subarray(offset, size).toString('utf8');
    const lastNewline = chunk.lastIndexOf('\n');
    if (lastNewline >= 0) {
      const complete = chunk.slice(0, lastNewline + 1);
      offset += Buffer.byteLength(complete);
      for (const line of complete.split('\n').slice(0, -1)) {
        if (line.startsWith(DONE)) {
          const stats = JSON.parse(line.slice(DONE.length));
          const secs = ((Date.now() - started) / 1000).toFixed(1);
          const ran = stats.passes + stats.failures;
          if (stats.error) console.error(`integration: suite crashed: ${stats.error}`);
          const summary = `integration: ${stats.passes} passed, ${stats.failures} failed` +
            (stats.pending ? `, ${stats.pending} skipped` : '');
          console.log(`integration: finished in ${secs} s`);
          // A grep that selects none of the Restricted Mode tests is fine for that run (npm run test:integration runs both).
          if (ran === 0 && restricted && process.env.TERMINOLOGY_TEST_GREP) await finish(0, `${summary} (TERMINOLOGY_TEST_GREP selected none of the Restricted Mode tests)`);
          if (ran === 0) await finish(1, `${summary}\nintegration: no test ran, which counts as a failure`);
          if (benchLines && stats.failures === 0) {
            const { writeBenchSection } = await import('../../scripts/bench-report.mjs');
            writeBenchSection('editor', benchLines, loadAtStart);
            console.log('integration: the figures are written to docs/performance.md');
          }
          await finish(stats.failures > 0 ? 1 : 0, summary);
        } else {
          console.log(line);
          benchLines?.push(line);
        }
      }
    }
  }
  if (Date.now() > deadline) {
    console.error(`integration: no result within ${limitMs / 1000} s; last server output:`);
    console.error(serverLog.slice(-40).join(''));
    await finish(1, '0 passed, 1 failed');
  }
  await new Promise((r) => setTimeout(r, 200));
}
