// `npm run demo`: a real VS Code (server build, offline recipe) with the extension loaded and a sample
// workspace open. Open the printed address in a browser. Ctrl-C stops everything.
import { join } from 'node:path';
import { startWorkbench, repoRoot } from './vscode-harness.mjs';

const port = Number(process.env.TERMINOLOGY_DEMO_PORT ?? 0) || undefined;
const workbench = await startWorkbench({
  port,
  browser: false,
  workspace: join(repoRoot, 'test', 'fixtures', 'workspace'),
  serverOutput: process.env.TERMINOLOGY_DEMO_VERBOSE ? (t) => process.stderr.write(t) : undefined,
});
console.log('\nTerminology Studio demo is running.');
console.log(`Open this address in a browser:\n\n  ${workbench.url}\n`);
console.log('No service is attached yet: the local emulator joins the demo with its own issue.');
console.log('Press Ctrl-C to stop.');

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping…');
  await workbench.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
setInterval(() => undefined, 1 << 30);
