// The same suite index on a desktop VS Code that @vscode/test-electron downloads.
// Use this on machines that can reach the VS Code download service; the default runner is offline.mjs.
import { runTests } from '@vscode/test-electron';
import { join } from 'node:path';
import { repoRoot } from './vscode-harness.mjs';

try {
  await runTests({
    extensionDevelopmentPath: repoRoot,
    extensionTestsPath: join(repoRoot, 'out', 'test', 'integration', 'index.js'),
    launchArgs: [join(repoRoot, 'test', 'fixtures', 'workspace'), '--disable-extensions', '--disable-workspace-trust'],
  });
} catch (err) {
  console.error(`integration (electron): ${err.message ?? err}`);
  process.exit(1);
}
