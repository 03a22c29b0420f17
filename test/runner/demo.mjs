// `npm run demo`: the local service emulator, seeded with sample data, and a real VS Code (server build, offline
// recipe) with the extension loaded, pointed at the emulator, and a sample workspace open.
// Open the printed address in a browser. Ctrl-C stops everything.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { startWorkbench, repoRoot } from './vscode-harness.mjs';

const require = createRequire(import.meta.url);
const { startEmulator } = require(join(repoRoot, 'out', 'test', 'emulator', 'server.js'));
const { seedDemo } = require(join(repoRoot, 'out', 'test', 'emulator', 'seed.js'));

const emulator = await startEmulator({
  port: Number(process.env.TERMINOLOGY_EMULATOR_PORT ?? 0),
  key: process.env.TERMINOLOGY_DEMO_KEY ?? 'demo-paid-key',
  freeKey: 'demo-free-key:fx',
  seed: seedDemo,
});
let workbench;
try {
  workbench = await startWorkbench({
    port: Number(process.env.TERMINOLOGY_DEMO_PORT ?? 0) || undefined,
    browser: false,
    // Without the smoke-test driver, so that notification toasts show; the extension is installed instead.
    smokeTestDriver: false,
    // The tests' sample workspace, and a translation file for the term check (test/fixtures/demo).
    workspace: [join(repoRoot, 'test', 'fixtures', 'workspace'), join(repoRoot, 'test', 'fixtures', 'demo')],
    settings: {
      'terminology.baseUrl': emulator.url,
      'terminology.freeBaseUrl': emulator.freeUrl,
      'workbench.colorTheme': process.env.TERMINOLOGY_DEMO_THEME ?? 'Default Dark Modern',
    },
    env: { TERMINOLOGY_SEED_KEY: emulator.keys.paid },
    serverOutput: process.env.TERMINOLOGY_DEMO_VERBOSE ? (t) => process.stderr.write(t) : undefined,
  });
} catch (err) {
  await emulator.close();
  throw err;
}

console.log('\nTerminology Studio demo is running.');
console.log(`  service emulator: ${emulator.url} (paid key ${emulator.keys.paid}, free key ${emulator.keys.free})`);
console.log(`\nOpen this address in a browser:\n\n  ${workbench.url}\n`);
console.log('The extension is pointed at the emulator and its key is in SecretStorage. Press Ctrl-C to stop.');

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping…');
  await workbench.stop();
  await emulator.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
setInterval(() => undefined, 1 << 30);
