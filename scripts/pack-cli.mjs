// Packs the CLI alone as an npm package a CI job installs without this development tree: `terminology-cli-<version>.tgz`
// holding the self-contained bundle (core, api, tinyglobby; no runtime dependencies), a package.json naming the
// `terminology` bin, a README and the licence. `npm run pack:cli` writes it to the repository's root;
// `--out DIR` elsewhere. Prints the tarball's path.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outArg = process.argv.indexOf('--out');
const outDir = resolve(outArg !== -1 ? process.argv[outArg + 1] : root);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

// A production bundle of the CLI only (minified, no source map), then the development build back, as check-package does.
execFileSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: root, stdio: 'inherit' });
const stage = join(root, 'out', 'cli-package');
rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });
copyFileSync(join(root, 'dist', 'cli.js'), join(stage, 'cli.js'));
copyFileSync(join(root, 'LICENSE'), join(stage, 'LICENSE'));
copyFileSync(join(root, 'docs', 'cli.md'), join(stage, 'README.md'));
writeFileSync(join(stage, 'package.json'), JSON.stringify({
  name: 'terminology-cli',
  version: pkg.version,
  description: 'The command line of Terminology Studio for CI: lint glossaries with the editor\'s rules, and status, pull and push them against the language AI service without overwriting a change.',
  license: pkg.license,
  repository: pkg.repository,
  bin: { terminology: 'cli.js' },
  files: ['cli.js', 'README.md', 'LICENSE'],
  engines: { node: '>=20' },
  keywords: ['glossary', 'terminology', 'lint', 'ci'],
}, null, 2) + '\n');
execFileSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'inherit' });
mkdirSync(outDir, { recursive: true });
const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', outDir], { cwd: stage, encoding: 'utf8' }));
console.log(join(outDir, packed[0].filename));
