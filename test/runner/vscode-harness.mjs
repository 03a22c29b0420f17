// Starts the real VS Code server build (offline recipe) and opens its workbench in headless Chromium.
// Shared by the integration runner (offline.mjs) and the demo (demo.mjs).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync, rmSync, cpSync, readFileSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServer } from './server-cache.mjs';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

async function waitForHttp(url, deadline, isAlive) {
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error('VS Code server exited before it was ready');
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`VS Code server did not answer at ${url} in time`);
}

/** Finds a Chromium: Debian's, or the one @sparticuz/chromium unpacks from the npm registry. */
export async function chromiumExecutable() {
  for (const p of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(p)) return { path: p, args: [] };
  }
  const sparticuz = (await import('@sparticuz/chromium')).default;
  return { path: await sparticuz.executablePath(), args: ['--single-process', '--no-zygote', '--headless=shell'] };
}

/**
 * Starts server + browser. Returns { url, port, page, browser, tmp, stop() }.
 * options: smokeTestDriver (required: true or false, see below), settings (object merged into user settings.json),
 *          workspace (folder to copy and open, or folders copied over each other), env (extra env for the server, hence the extension host),
 *          testsPath (compiled suite index; needs smokeTestDriver), extensionPath (the extension's folder, the repo
 *          by default), log (line printer for harness messages), serverOutput (callback for server stdout/stderr),
 *          browserProfile (true: Chromium keeps its profile on disk, in <tmp>/chromium, instead of in memory).
 * stop({ beforeRemove }): closes the browser, stops the server, then awaits beforeRemove(tmp) (the UI suite's key scan
 * reads the profile and the server's folders there) before the folder is removed.
 *
 * smokeTestDriver: true starts the server with --enable-smoke-test-driver. Only then does the built workbench
 * honour the page's `payload` (extensionDevelopmentPath, extensionTestsPath), which the integration suite needs;
 * but the flag also suppresses every notification toast. With false, the workbench is the one a person gets:
 * toasts show, and the extension is loaded as an installed extension instead (its folder linked into the
 * server's --extensions-dir, so a rebuild of dist/ is picked up by the next start).
 */
export async function startWorkbench(options = {}) {
  const log = options.log ?? ((m) => process.stderr.write(`${m}\n`));
  if (typeof options.smokeTestDriver !== 'boolean') throw new Error('startWorkbench: say smokeTestDriver: true or false');
  const smoke = options.smokeTestDriver;
  if (options.testsPath && !smoke) throw new Error('startWorkbench: testsPath needs smokeTestDriver: true (the payload is ignored without it)');
  const extensionPath = options.extensionPath ?? repoRoot;
  const { node24, vscodeDir } = ensureServer({ log });
  const tmp = mkdtempSync(join(tmpdir(), 'terminology-vscode-'));
  const userDir = join(tmp, 'user');
  mkdirSync(join(userDir, 'User'), { recursive: true });
  writeFileSync(join(userDir, 'User', 'settings.json'), JSON.stringify({
    'security.workspace.trust.enabled': false,
    'workbench.startupEditor': 'none',
    'telemetry.telemetryLevel': 'off',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'update.mode': 'none',
    ...(options.settings ?? {}),
  }, null, 2));
  const workspace = join(tmp, 'workspace');
  // One folder, or several copied over each other in turn (the demo's files over the tests' workspace).
  if (options.workspace) for (const from of [options.workspace].flat()) cpSync(from, workspace, { recursive: true });
  else mkdirSync(workspace);

  const extensionsDir = join(tmp, 'extensions');
  mkdirSync(extensionsDir);
  if (!smoke) installLinked(extensionPath, extensionsDir);

  const port = options.port ?? await freePort();
  const server = spawn(node24, [
    join(vscodeDir, 'out', 'server-main.js'),
    '--host', '127.0.0.1', '--port', String(port), '--without-connection-token',
    '--accept-server-license-terms', ...(smoke ? ['--enable-smoke-test-driver'] : []), '--disable-telemetry',
    '--user-data-dir', userDir, '--extensions-dir', extensionsDir,
  ], {
    env: { ...process.env, ...(options.env ?? {}), VSCODE_AGENT_FOLDER: join(tmp, 'agent') },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group: stop() kills the extension host and helpers too
  });
  let serverAlive = true;
  server.on('exit', () => { serverAlive = false; });
  const serverOutput = options.serverOutput ?? (() => undefined);
  server.stdout.on('data', (d) => serverOutput(d.toString()));
  server.stderr.on('data', (d) => serverOutput(d.toString()));

  let browser;
  const stop = async ({ beforeRemove } = {}) => {
    try { await browser?.close(); } catch { /* already gone */ }
    if (serverAlive) {
      try { process.kill(-server.pid, 'SIGTERM'); } catch { /* already gone */ }
      const t = Date.now();
      while (serverAlive && Date.now() - t < 5000) await new Promise((r) => setTimeout(r, 100));
      if (serverAlive) { try { process.kill(-server.pid, 'SIGKILL'); } catch { /* gone */ } }
    }
    try { await beforeRemove?.(tmp); } finally { rmSync(tmp, { recursive: true, force: true }); }
  };

  try {
    await waitForHttp(`http://127.0.0.1:${port}/version`, Date.now() + 60_000, () => serverAlive);
    const authority = `127.0.0.1:${port}`;
    let url = `http://${authority}/?folder=${encodeURIComponent(workspace)}`;
    if (smoke) {
      const payload = [['extensionDevelopmentPath', `vscode-remote://${authority}${extensionPath}`]];
      if (options.testsPath) payload.push(['extensionTestsPath', `vscode-remote://${authority}${options.testsPath}`]);
      url += `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    }
    let page;
    if (options.browser !== false) {
      const { chromium } = await import('playwright-core');
      const exe = await chromiumExecutable();
      const launch = {
        executablePath: exe.path,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
          '--disable-component-update', '--disable-sync', ...exe.args],
      };
      const viewport = { width: 1400, height: 900 };
      if (options.browserProfile) {
        // A persistent context: closing it closes the browser, which writes its storage to the profile first.
        browser = await chromium.launchPersistentContext(join(tmp, 'chromium'), { ...launch, viewport });
        page = browser.pages()[0] ?? await browser.newPage();
      } else {
        browser = await chromium.launch(launch);
        page = await browser.newPage({ viewport });
      }
      await page.goto(url);
    }
    return { url, port, page, browser, tmp, workspace, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Installs the extension at `extensionPath` into `extensionsDir` as a link named `<publisher>.<name>-<version>`,
 * the folder name the server's scanner expects; no copy and no network. */
function installLinked(extensionPath, extensionsDir) {
  const pkg = JSON.parse(readFileSync(join(extensionPath, 'package.json'), 'utf8'));
  if (!existsSync(join(extensionPath, pkg.main ?? 'dist/extension.js'))) {
    throw new Error(`${pkg.main} is missing in ${extensionPath}; run "npm run build" first`);
  }
  symlinkSync(extensionPath, join(extensionsDir, `${pkg.publisher}.${pkg.name}-${pkg.version}`), 'dir');
}

/** Types `text` into a quick input opened by `key`, then Enter: the way a user runs a command or opens a file. */
async function quickInput(page, key, text, settleMs) {
  await page.keyboard.press(key);
  await page.waitForSelector('.quick-input-widget', { state: 'visible' });
  await page.keyboard.type(text, { delay: 5 });
  await page.waitForTimeout(settleMs);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1500);
}

/** Runs a command through the command palette (F1). */
export const paletteCommand = (page, text) => quickInput(page, 'F1', text, 700);

/** Opens a workspace file through Quick Open (Ctrl+P). */
export const quickOpen = (page, name) => quickInput(page, 'Control+P', name, 1000);
