// The UI suite: user flows through the real workbench of a real VS Code, driven by headless Chromium the way a
// person uses it (palette, menus, pickers, input boxes, modals, keys). Each flow in test/ui/*.flow.mjs gets a
// fresh seeded emulator and a fresh VS Code, and asserts what the service holds afterwards.
// On failure a screenshot goes to test-results/ui/<flow>.png. `TERMINOLOGY_UI_GREP=table npm run test:ui` runs
// the flows whose file name matches. Prints "N passed, N failed"; exits 1 when a flow failed or none ran.
// A flow that fails is run once more in a fresh workbench (TERMINOLOGY_UI_ATTEMPTS, 2 by default): headless
// Chromium can lose a key or a click while focus moves; a flow that fails twice fails the suite, and every flow that
// passed only on its second attempt is named in the summary.
// After every flow that passed, the key scan (test/ui/keyscan.mjs) looks for both keys in the browser's storage, the
// flow's Chromium profile when it kept one, the server's folders and the requests; a find fails the flow.
import { readdirSync, readFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startWorkbench, repoRoot } from './vscode-harness.mjs';
import { makeHelpers } from '../ui/lib.mjs';
import { browserStorage, scanFolder, scanRequests } from '../ui/keyscan.mjs';

const require = createRequire(import.meta.url);
const { startEmulator } = require(join(repoRoot, 'out', 'test', 'emulator', 'server.js'));
const { seedDemo } = require(join(repoRoot, 'out', 'test', 'emulator', 'seed.js'));
const { KeyScanner } = require(join(repoRoot, 'out', 'test', 'keyscan', 'forms.js'));

const grep = process.env.TERMINOLOGY_UI_GREP ? new RegExp(process.env.TERMINOLOGY_UI_GREP, 'i') : undefined;
const flowDir = join(repoRoot, 'test', 'ui');
const files = readdirSync(flowDir).filter((f) => f.endsWith('.flow.mjs') && (!grep || grep.test(f))).sort();
const shots = join(repoRoot, 'test-results', 'ui');
mkdirSync(shots, { recursive: true });
const flowTimeoutMs = Number(process.env.TERMINOLOGY_UI_FLOW_TIMEOUT_MS ?? 240_000);

const attempts = Math.max(1, Number(process.env.TERMINOLOGY_UI_ATTEMPTS ?? 2));
let passed = 0;
let failed = 0;
const second = [];
const started = Date.now();
for (const file of files) {
  const flow = await import(pathToFileURL(join(flowDir, file)).href);
  const name = file.replace(/\.flow\.mjs$/, '');
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const ok = await runFlow(flow, name, attempt);
    if (ok) { passed++; if (attempt > 1) second.push(name); break; }
    if (attempt === attempts) failed++;
  }
}
console.log(`\nui: ${files.length} flows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (second.length) console.log(`passed only on a second attempt: ${second.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed || !files.length ? 1 : 0);

async function runFlow(flow, name, attempt) {
  const opts = flow.options ?? {};
  const emulator = await startEmulator({ key: 'ui-paid-key', freeKey: 'ui-free-key:fx', seed: opts.seed === false ? undefined : seedDemo });
  let wb;
  let checks = 0;
  let ok = true;
  const scanner = new KeyScanner({ paid: emulator.keys.paid, free: emulator.keys.free });
  let scanMs = 0;
  let origins = 0;
  let files = 0;
  const t0 = Date.now();
  console.log(`\n${flow.title ?? name}${attempt > 1 ? ` (attempt ${attempt}, after a failure)` : ''}`);
  try {
    wb = await startWorkbench({
      workspace: join(repoRoot, 'test', 'fixtures', 'workspace'),
      settings: {
        'terminology.baseUrl': emulator.url,
        'terminology.freeBaseUrl': emulator.freeUrl,
        'workbench.colorTheme': 'Default Dark Modern',
        ...(opts.settings ?? {}),
      },
      env: opts.key === false ? {} : { TERMINOLOGY_SEED_KEY: opts.key ?? emulator.keys.paid },
      smokeTestDriver: false, // the workbench a person gets: flows see real notification toasts
      browserProfile: opts.browserProfile === true,
    });
    const t = makeHelpers(wb.page, {
      emulator, workspace: wb.workspace, userDir: join(wb.tmp, 'user'), hasKey: opts.key !== false,
      check(cond, what) {
        checks++;
        console.log(`  ${cond ? '✔' : '✘'} ${what}`);
        if (!cond) throw new Error(`check failed: ${what}`);
      },
    });
    await t.ready();
    let timer;
    await Promise.race([
      flow.run(t),
      new Promise((_, rej) => { timer = setTimeout(() => rej(new Error(`flow timed out after ${flowTimeoutMs / 1000} s`)), flowTimeoutMs); }),
    ]).finally(() => clearTimeout(timer));
    const scanned = Date.now();
    const browser = await browserStorage(wb.page);
    for (const [source, text] of browser.sources) scanner.see(source, text);
    origins = browser.origins.length;
    scanMs += Date.now() - scanned;
  } catch (err) {
    ok = false;
    console.log(`  ✘ ${String(err?.message ?? err).split('\n').slice(0, 3).join(' | ')}`);
    if (wb) await printExtensionLog(join(wb.tmp, 'user'));
    const shot = join(shots, `${name}.png`);
    try { await wb?.page?.screenshot({ path: shot }); console.log(`    screenshot: ${shot}`); } catch { /* no page */ }
  } finally {
    // The server's folders (and the profile) are read once the browser and the server are gone: all written then.
    const scanFiles = ok ? (tmp) => { const t1 = Date.now(); files = scanFolder(scanner, tmp, 'server and browser folders'); scanMs += Date.now() - t1; } : undefined;
    await wb?.stop({ beforeRemove: scanFiles });
    await emulator.close();
  }
  if (ok) {
    scanRequests(scanner, emulator.requests);
    const bytes = [...scanner.read.values()].reduce((a, b) => a + b, 0);
    const summary = `key scan: ${origins} origins, ${files} files, ${emulator.requests.length} requests, ${(bytes / 1e6).toFixed(1)} MB in ${(scanMs / 1000).toFixed(1)} s`;
    if (scanner.found.length) {
      ok = false;
      console.log(`  ✘ ${summary}: a key was found\n${scanner.report().split('\n').map((l) => `    ${l}`).join('\n')}`);
    } else {
      console.log(`  ✔ ${summary}: no key`);
      if (process.env.TERMINOLOGY_UI_KEYSCAN_SOURCES) console.log(`    ${scanner.summary()}`);
    }
  }
  console.log(`  ${ok ? 'passed' : 'FAILED'}: ${checks} checks in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return ok;
}

/** On a failed flow: the tail of the extension's own log (its output channel's file under the user data folder, which
 * VS Code writes a few seconds late). */
async function printExtensionLog(userDir) {
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const found = [];
  const walk = (d) => {
    let names;
    try { names = readdirSync(d, { withFileTypes: true }); } catch { return; }
    for (const e of names) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/Terminology.*\.log$/.test(e.name)) found.push(p);
    }
  };
  walk(join(userDir, 'logs'));
  for (const f of found) {
    const lines = readFileSync(f, 'utf8').trimEnd().split('\n').slice(-40);
    console.log(`    extension log ${f.slice(userDir.length)} (last ${lines.length} lines):\n${lines.map((l) => `      ${l}`).join('\n')}`);
  }
}
