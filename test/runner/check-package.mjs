// Packages the extension with vsce and checks what the .vsix holds: the bundle, media, docs and manifest only.
// Fails on any vsce warning and on any file from src/, test/ or node_modules/.
import { execFileSync, spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './vscode-harness.mjs';

const out = join(repoRoot, 'terminology-studio.vsix');
execFileSync('node', ['esbuild.mjs', '--production'], { cwd: repoRoot, stdio: 'inherit' });
const vsce = join(repoRoot, 'node_modules', '.bin', 'vsce');
const packaged = spawnSync(vsce, ['package', '--no-dependencies', '--out', out], { cwd: repoRoot, encoding: 'utf8' });
const log = `${packaged.stdout}\n${packaged.stderr}`;
if (packaged.status !== 0) {
  console.error(log);
  process.exit(1);
}
const listing = execFileSync(vsce, ['ls', '--no-dependencies'], { cwd: repoRoot, encoding: 'utf8' })
  .split('\n').filter(Boolean);
const problems = [];
if (/WARNING/i.test(log)) problems.push(`vsce warned:\n${log}`);
for (const f of listing) {
  if (/^(src|test|node_modules|out|\.vscode-test)\//.test(f)) problems.push(`unexpected file in the package: ${f}`);
  // The webviews' code is TypeScript in src/webview, bundled into dist/: no script is kept by hand in media/.
  if (/^media\/.*\.m?js$/.test(f)) problems.push(`a script in media/ (the webviews are bundled from src/webview): ${f}`);
}
for (const must of ['dist/extension.js', 'dist/exchange.js', 'dist/termCheck.js', 'dist/styleRules.js', 'dist/memories.js', 'dist/workspace.js', 'dist/search.js', 'dist/explorer.js', 'dist/tablePanel.js', 'dist/glossaryView.js', 'dist/customizations.js', 'dist/coreWorker.js', 'dist/cli.js', 'schemas/terminology.schema.json', 'package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'media/activity.svg', 'dist/webview/table.js', 'media/table.css']) {
  if (!listing.includes(must)) problems.push(`missing from the package: ${must}`);
}
const kib = (p) => (statSync(p).size / 1024).toFixed(1);
console.log(`package: ${listing.length} files; dist/extension.js ${kib(join(repoRoot, 'dist', 'extension.js'))} KiB (production); vsix ${kib(out)} KiB`);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
// Leave a development build behind, as `npm run build` would.
execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot, stdio: 'inherit' });
