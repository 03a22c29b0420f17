import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtures, removeDir, repo } from './harness';

describe('the CLI as a package a CI job installs (npm run pack:cli)', function () {
  this.timeout(180_000);
  let dir: string;
  before(() => { dir = mkdtempSync(join(tmpdir(), 'terminology-pack-')); });
  after(() => removeDir(dir));

  it('packs the bundle alone (no dependencies), installs offline as the `terminology` bin, and runs as dist/cli.js does', () => {
    const tarball = execFileSync(process.execPath, ['scripts/pack-cli.mjs', '--out', dir], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split('\n').pop()!;
    const version = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string }).version;
    assert.equal(tarball, join(dir, `terminology-cli-${version}.tgz`));
    assert.deepEqual(execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n').sort(),
      ['package/LICENSE', 'package/README.md', 'package/cli.js', 'package/package.json']);
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as Record<string, unknown>;
    assert.deepEqual(manifest.bin, { terminology: 'cli.js' });
    assert.equal(manifest.dependencies, undefined, 'self-contained');
    const prefix = join(dir, 'prefix');
    execFileSync('npm', ['install', '--global', '--prefix', prefix, tarball, '--offline', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
    const bin = join(prefix, 'bin', 'terminology');
    assert.equal(execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim(), version);
    const cwd = join(fixtures, 'errors');
    const installed = spawnSync(bin, ['lint', '--format', 'json'], { cwd, encoding: 'utf8' });
    const fromTree = spawnSync(process.execPath, [join(repo, 'dist', 'cli.js'), 'lint', '--format', 'json'], { cwd, encoding: 'utf8' });
    assert.equal(installed.status, 1);
    assert.equal(installed.stdout, fromTree.stdout);
    assert.equal((JSON.parse(installed.stdout) as { errorCount: number }).errorCount, 6);
    // The development build is back in dist/ (the pack builds for production, then restores it).
    assert.match(readFileSync(join(repo, 'dist', 'cli.js'), 'utf8'), /\/\/# sourceMappingURL=cli\.js\.map/);
  });
});
