import * as assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixAll, lintEntries } from '../../../src/core';
import { buildOnce, fixtures, removeDir, run } from './harness';

/** The CI conventions of eslint and markdownlint-cli2, on the built CLI. */
describe('CLI lint conventions (folders, globs, --quiet, --max-warnings, --format json, --output-file, --fix, rules)', function () {
  this.timeout(60_000);
  let dir: string;
  before(buildOnce);
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'terminology-lint-'));
    cpSync(join(fixtures, 'errors'), dir, { recursive: true });
  });
  afterEach(() => removeDir(dir));
  const codes = (stdout: string) => stdout.trimEnd().split('\n').filter(Boolean).map((l) => l.replace(/:\d+:\d+: (\w+) ([a-z-]+) .*/, ' $1 $2'));

  it('a folder argument lints every file the manifest links, whatever its name (the README\'s en-de.tsv), with its pair', async () => {
    const r = await run(['lint', 'glossaries'], dir);
    assert.equal(r.status, 1);
    assert.deepEqual(codes(r.stdout), [
      'glossaries/en-de.tsv error surrounding-whitespace', 'glossaries/en-de.tsv error duplicate-source', 'glossaries/en-de.tsv info blank-line',
      'glossaries/en-de.tsv error missing-separator', 'glossaries/en-fr.csv warning language-mismatch', 'glossaries/en.txt error duplicate-term',
    ]);
    const all = await run(['lint', '.'], dir);
    assert.deepEqual(codes(all.stdout), ['terminology.json error unsupported-language', 'terminology.json error missing-file', ...codes(r.stdout)], '`lint .` is `lint` plus nothing missed');
    assert.equal((await run(['lint'], dir)).stdout, all.stdout);
  });

  it('the manifest is found in a folder above; paths are relative to the working folder', async () => {
    const r = await run(['lint'], join(dir, 'glossaries'));
    assert.equal(r.status, 1);
    assert.match(r.stdout, /^\.\.\/terminology\.json:8:9: error unsupported-language /m);
    assert.match(r.stdout, /^en-de\.tsv:3:1: error duplicate-source /m);
    assert.match(r.stdout, /^en\.txt:2:1: error duplicate-term /m);
  });

  it('quoted globs (tinyglobby); "no files matched" is a usage error, for a glob and for a folder', async () => {
    const r = await run(['lint', 'glossaries/*.tsv'], dir);
    assert.deepEqual(codes(r.stdout), ['glossaries/en-de.tsv error surrounding-whitespace', 'glossaries/en-de.tsv error duplicate-source', 'glossaries/en-de.tsv info blank-line', 'glossaries/en-de.tsv error missing-separator']);
    const csv = await run(['lint', '**/*.csv'], dir);
    assert.deepEqual(codes(csv.stdout), ['glossaries/en-fr.csv warning language-mismatch'], 'a linked file found by a glob keeps its pair');
    mkdirSync(join(dir, 'empty'));
    writeFileSync(join(dir, 'empty', 'notes.md'), '# notes\n');
    for (const args of [['lint', 'empty'], ['lint', '**/*.xlsx'], ['lint', 'glossaries/*.tsv', 'nothing/**/*.tsv']]) {
      const none = await run(args, dir);
      assert.equal(none.status, 2, args.join(' '));
      assert.match(none.stderr, /no files matched/, args.join(' '));
      assert.equal(none.stdout, '');
    }
  });

  it('--quiet prints and counts errors only; --max-warnings N fails on more than N warnings', async () => {
    const q = await run(['lint', '--quiet'], dir);
    assert.ok(codes(q.stdout).every((c) => c.includes(' error ')));
    assert.match(q.stderr, /^6 error\(s\), 0 warning\(s\), 0 info/m);
    const warnings = join(fixtures, 'warnings');
    assert.equal((await run(['lint'], warnings)).status, 0);
    const strict = await run(['lint', '--max-warnings', '0'], warnings);
    assert.equal(strict.status, 1);
    assert.match(strict.stderr, /too many warnings: 1 \(--max-warnings 0\)/);
    assert.equal((await run(['lint', '--max-warnings=1'], warnings)).status, 0);
    assert.equal((await run(['lint', '--max-warnings', '0', '--quiet'], warnings)).status, 0, '--quiet: warnings not counted');
    const bad = await run(['lint', '--max-warnings', 'many'], warnings);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--max-warnings takes a whole number/);
  });

  it('--format json and --output-file', async () => {
    const r = await run(['lint', '--format', 'json'], dir);
    const report = JSON.parse(r.stdout) as { errorCount: number; warningCount: number; infoCount: number; findings: Array<{ path: string; line: number; column: number; code: string; severity: string; message: string }> };
    assert.deepEqual([report.errorCount, report.warningCount, report.infoCount], [6, 1, 1]);
    assert.deepEqual(report.findings[3], { path: 'glossaries/en-de.tsv', line: 3, column: 1, endLine: 3, endColumn: 6, severity: 'error', code: 'duplicate-source', message: report.findings[3].message });
    const f = await run(['lint', '--format', 'sarif', '--output-file', 'out/report.sarif'], dir);
    assert.equal(f.status, 2, 'a folder of the output file that does not exist: a usage error');
    mkdirSync(join(dir, 'out'));
    const ok = await run(['lint', '--format', 'sarif', '--output-file', 'out/report.sarif'], dir);
    assert.equal(ok.status, 1);
    assert.equal(ok.stdout, '');
    assert.match(ok.stderr, /6 error\(s\)/);
    assert.equal((JSON.parse(readFileSync(join(dir, 'out', 'report.sarif'), 'utf8')) as { runs: Array<{ results: unknown[] }> }).runs[0].results.length, 8);
  });

  it('--fix applies the core\'s Fix All (the editor\'s fixes), writes the file back, and reports what is left', async () => {
    const file = join(dir, 'glossaries', 'en-de.tsv');
    const before = readFileSync(file, 'utf8');
    const r = await run(['lint', '--fix', 'glossaries/en-de.tsv'], dir);
    const expected = fixAll(before, (t) => lintEntries(t, { format: 'tsv', sourceLang: 'en', targetLang: 'de' }));
    assert.ok(expected.applied > 0);
    assert.equal(readFileSync(file, 'utf8'), expected.text);
    assert.match(r.stderr, new RegExp(`fixed ${expected.applied} problem\\(s\\)`));
    assert.deepEqual(codes(r.stdout), lintEntries(expected.text, { format: 'tsv', sourceLang: 'en', targetLang: 'de' }).map((f) => `glossaries/en-de.tsv ${f.severity} ${f.code}`));
    assert.equal(r.status, 1, 'the duplicate needs a person');
    // UTF-16 stays UTF-16.
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(' cloud\tWolke\n', 'utf16le')]);
    writeFileSync(join(dir, 'w.tsv'), utf16);
    assert.equal((await run(['lint', '--fix', 'w.tsv'], dir)).status, 0);
    assert.deepEqual(readFileSync(join(dir, 'w.tsv')), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('cloud\tWolke\n', 'utf16le')]));
  });

  it('the manifest\'s "rules": a rule turned off is neither reported nor fixed; a level replaces the severity', async () => {
    const manifest = JSON.parse(readFileSync(join(dir, 'terminology.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, 'terminology.json'), JSON.stringify({ rules: { 'surrounding-whitespace': 'off', 'blank-line': 'error', 'language-mismatch': 'info' }, ...manifest }, null, 2));
    const r = await run(['lint', 'glossaries'], dir);
    assert.deepEqual(codes(r.stdout), [
      'glossaries/en-de.tsv error duplicate-source', 'glossaries/en-de.tsv error blank-line',
      'glossaries/en-de.tsv error missing-separator', 'glossaries/en-fr.csv info language-mismatch', 'glossaries/en.txt error duplicate-term',
    ]);
    const before = readFileSync(join(dir, 'glossaries', 'en-de.tsv'), 'utf8');
    await run(['lint', '--fix', 'glossaries/en-de.tsv'], dir);
    assert.match(readFileSync(join(dir, 'glossaries', 'en-de.tsv'), 'utf8'), /^ server\t/m, 'the leading space stays: its rule is off');
    assert.equal(readFileSync(join(dir, 'glossaries', 'en-de.tsv'), 'utf8'), before, 'nothing else had a fix');
  });

  it('GITHUB_STEP_SUMMARY gets a Markdown summary of the lint', async () => {
    const md = join(dir, 'summary.md');
    writeFileSync(md, '# before\n');
    await run(['lint', '--format', 'github'], dir, { GITHUB_STEP_SUMMARY: md });
    const text = readFileSync(md, 'utf8');
    assert.match(text, /^# before\n## Terminology lint\n\n6 error\(s\), 1 warning\(s\), 1 info in 4 file\(s\)\.\n\n\| File \| Line \| Severity \| Rule \| Message \|/);
    assert.match(text, /^\| glossaries\/en-de\.tsv \| 3:1 \| error \| `duplicate-source` \| The source phrase "cloud" is already defined on line 1\./m);
  });
});
