// Packages the extension with vsce and checks what the .vsix holds: the bundle, media, docs and manifest only.
// Fails on any vsce warning, on any file from src/, test/ or node_modules/, and on sizes over their limits: the
// extension's bundle (what every activation loads; issue #33 "Start small") and the .vsix, and on code only a lazy
// feature runs found in the extension's bundle. Prints each bundle's size.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
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
for (const must of ['dist/extension.js', 'dist/exchange.js', 'dist/termCheck.js', 'dist/styleRules.js', 'dist/memories.js', 'dist/workspace.js', 'dist/search.js', 'dist/explorer.js', 'dist/tablePanel.js', 'dist/glossaryView.js', 'dist/customizations.js', 'dist/pushFile.js', 'dist/translate.js', 'dist/coreWorker.js', 'dist/cli.js', 'schemas/terminology.schema.json', 'package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'media/activity.svg', 'dist/webview/table.js', 'media/table.css']) {
  if (!listing.includes(must)) problems.push(`missing from the package: ${must}`);
}
// What only one feature needs is in a lazy bundle of its own (esbuild.mjs LAZY), loaded at that feature's first use.
// The vsix limit guards against what should never be packaged (a source map, a node_modules folder, a stray build):
// most of the 820 KiB it holds are the README's screenshots (500 KB of PNG), so it leaves room for a feature's code.
const LIMITS_KIB = { 'dist/extension.js': 300, vsix: 900 };
const kib = (bytes) => (bytes / 1024).toFixed(1);
// Every bundle the build wrote is packaged: a lazy bundle left out of .vscodeignore fails its feature's first use.
for (const f of readdirSync(join(repoRoot, 'dist')).filter((n) => n.endsWith('.js'))) {
  if (!listing.includes(`dist/${f}`)) problems.push(`dist/${f} was built but is not in the package (.vscodeignore; or a stale file: delete dist/ and build again)`);
}
const bundles = listing.filter((f) => /^dist\/.*\.js$/.test(f)).sort((a, b) => (b === 'dist/extension.js') - (a === 'dist/extension.js') || a.localeCompare(b))
  .map((f) => [f, statSync(join(repoRoot, f)).size]);
const vsixBytes = statSync(out).size;
console.log(`package: ${listing.length} files; vsix ${kib(vsixBytes)} KiB (limit ${LIMITS_KIB.vsix} KiB); bundles (production):`);
for (const [f, bytes] of bundles) console.log(`  ${f.padEnd(28)} ${kib(bytes).padStart(6)} KiB${LIMITS_KIB[f] ? ` (limit ${LIMITS_KIB[f]} KiB)` : ''}`);
for (const [f, bytes] of bundles) {
  if (LIMITS_KIB[f] && bytes > LIMITS_KIB[f] * 1024) problems.push(`${f} is ${kib(bytes)} KiB, over its ${LIMITS_KIB[f]} KiB: load what one feature needs at its first use (esbuild.mjs LAZY)`);
}
if (vsixBytes > LIMITS_KIB.vsix * 1024) problems.push(`the vsix is ${kib(vsixBytes)} KiB, over its ${LIMITS_KIB.vsix} KiB`);
// Code only a lazy feature runs, which the extension's bundle would hold were it taken from there (esbuild.mjs CARRIED).
const extensionText = readFileSync(join(repoRoot, 'dist', 'extension.js'), 'utf8');
for (const [marker, what] of [['Can not delete in empty document', "jsonc-parser's editing (the manifest's and the term check's edits)"]]) {
  if (extensionText.includes(marker)) problems.push(`dist/extension.js holds ${what}: the lazy bundles that use it carry it (esbuild.mjs CARRIED)`);
}
// (The mutation runner reads this line.)
console.log(`package: ${problems.length ? 0 : 1} passed, ${problems.length ? 1 : 0} failed`);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
// Leave a development build behind, as `npm run build` would.
execFileSync('node', ['esbuild.mjs'], { cwd: repoRoot, stdio: 'inherit' });
