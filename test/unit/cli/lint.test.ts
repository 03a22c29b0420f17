import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintEntries, lintGrid, lintTermList } from '../../../src/core';

const repo = join(__dirname, '..', '..', '..', '..');
const cli = join(repo, 'dist', 'cli.js');
const fixtures = join(repo, 'test', 'fixtures', 'cli');

/** Runs the built CLI as CI would: a child process, its exit status and both streams. */
function run(args: string[], cwd: string, env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('CLI lint (the built dist/cli.js as a child process)', function () {
  this.timeout(60_000);
  before(() => {
    // The bundle under test is the one CI runs: build it now (both bundles, as `npm run build` does).
    execFileSync(process.execPath, ['esbuild.mjs'], { cwd: repo, stdio: 'ignore' });
  });

  it('the bundle loads no vscode module and starts with a shebang (usable as the package bin)', () => {
    const text = readFileSync(cli, 'utf8');
    assert.ok(text.startsWith('#!/usr/bin/env node\n'));
    assert.doesNotMatch(text, /require\(["']vscode["']\)/);
    const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    assert.equal(pkg.bin.terminology, './dist/cli.js');
  });

  it('a clean manifest: exit 0, nothing on stdout', () => {
    const r = run(['lint'], join(fixtures, 'clean'));
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /no problems found/);
  });

  it('errors in linked files and in the manifest: exit 1, one "path:line:col: severity code message" line each', () => {
    const r = run(['lint'], join(fixtures, 'errors'));
    assert.equal(r.status, 1);
    assert.deepEqual(r.stdout.trimEnd().split('\n'), [
      'terminology.json:8:9: error unsupported-language Glossaries cannot be created for Thai (TH).',
      'terminology.json:8:18: error missing-file "glossaries/en-th.tsv" does not exist. Pull to write it, fix the path, or remove the link.',
      'glossaries/en-de.tsv:2:1: error surrounding-whitespace The source phrase has leading whitespace. The service would trim it silently.',
      'glossaries/en-de.tsv:3:1: error duplicate-source The source phrase "cloud" is already defined on line 1. Duplicate source entries are not allowed.',
      'glossaries/en-de.tsv:4:1: info blank-line Blank line: the service skips it.',
      'glossaries/en-de.tsv:5:1: error missing-separator This line has no tab. An entry is a source phrase, a tab, and a target phrase.',
      // The manifest's pair reaches the rules: a CSV language column naming another pair is flagged, as in the editor.
      'glossaries/en-fr.csv:1:16: warning language-mismatch The target language DE does not match the dictionary\'s FR: the service ignores this entry.',
      'glossaries/en.txt:2:1: error duplicate-term The term "Kube" is already on line 1. Terms are case-sensitive and must be unique.',
    ]);
  });

  it('reports exactly what the core rules report for each file (the editor\'s rules)', () => {
    const dir = join(fixtures, 'errors', 'glossaries');
    const r = run(['lint', 'en-de.tsv', 'en.txt'], dir);
    const expected = [
      ...lintEntries(readFileSync(join(dir, 'en-de.tsv'), 'utf8'), { format: 'tsv' }).map((f) => `en-de.tsv:${f.line + 1}:${f.start + 1}: ${f.severity} ${f.code} ${f.message}`),
      ...lintTermList(readFileSync(join(dir, 'en.txt'), 'utf8')).map((f) => `en.txt:${f.line + 1}:${f.start + 1}: ${f.severity} ${f.code} ${f.message}`),
    ];
    assert.ok(expected.length >= 4);
    assert.deepEqual(r.stdout.trimEnd().split('\n'), expected);
    assert.equal(r.status, 1);
  });

  it('a multilingual glossary (*.multilingual.tsv, found in folders too) gets the editor\'s grid rules: every cell, and across columns', () => {
    const dir = join(fixtures, 'multilingual');
    const r = run(['lint', '.'], dir);
    const text = readFileSync(join(dir, 'product', 'en.multilingual.tsv'), 'utf8');
    const expected = lintGrid(text).map((f) => `product/en.multilingual.tsv:${f.line + 1}:${f.start + 1}: ${f.severity} ${f.code} ${f.message}`);
    assert.deepEqual(r.stdout.trimEnd().split('\n'), expected);
    const codes = new Set<string>(lintGrid(text).map((f) => f.code));
    for (const c of ['untranslated-source', 'missing-translation', 'inconsistent-source-case', 'same-target-for-different-sources', 'surrounding-whitespace']) assert.ok(codes.has(c), c);
    assert.equal(r.status, 1);
    const clean = run(['lint', 'product/clean.multilingual.tsv'], dir);
    assert.equal(clean.status, 0, clean.stdout);
    assert.equal(clean.stdout, '');
    const sarif = JSON.parse(run(['lint', '.', '--format', 'sarif'], dir).stdout) as { runs: Array<{ tool: { driver: { rules: Array<{ id: string; shortDescription: { text: string } }> } } }> };
    const rule = sarif.runs[0].tool.driver.rules.find((x) => x.id === 'inconsistent-source-case');
    assert.match(rule!.shortDescription.text, /different case/);
  });

  it('warnings and infos only: exit 0, still printed', () => {
    const r = run(['lint'], join(fixtures, 'warnings'));
    assert.equal(r.status, 0);
    assert.match(r.stdout, /^en-fr\.csv:2:19: warning language-mismatch /m);
    assert.match(r.stdout, /^en-fr\.csv:3:1: info blank-line /m);
  });

  it('a folder is walked for *.glossary.tsv|csv and *.terms.txt; other files are left alone', () => {
    const r = run(['lint', '.'], join(fixtures, 'loose'));
    assert.equal(r.status, 1);
    assert.equal(r.stdout, 'sub/with, comma.glossary.tsv:1:4: error extra-separator This line has 2 tabs; an entry has exactly one, between source and target.\n');
    assert.equal(run(['lint', 'sub/one.glossary.tsv'], join(fixtures, 'loose')).status, 0);
  });

  it('--format github: one workflow annotation per finding, properties escaped', () => {
    const r = run(['lint', '--format', 'github'], join(fixtures, 'errors'));
    assert.equal(r.status, 1);
    const lines = r.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 8);
    assert.equal(lines[0], '::error file=terminology.json,line=8,col=9,endColumn=16,title=Terminology unsupported-language::Glossaries cannot be created for Thai (TH).');
    assert.ok(lines.includes('::notice file=glossaries/en-de.tsv,line=4,col=1,title=Terminology blank-line::Blank line: the service skips it.'), lines.join('\n'));
    assert.ok(lines.some((l) => l.startsWith('::warning file=glossaries/en-fr.csv,line=1,col=16,')));
    for (const l of lines) assert.match(l, /^::(error|warning|notice) file=[^,:]+,line=\d+,col=\d+(,endLine=\d+|,endColumn=\d+)?,title=Terminology [a-z-]+::[^\n]+$/);
    const comma = run(['lint', '--format=github', '.'], join(fixtures, 'loose'));
    assert.match(comma.stdout, /^::error file=sub\/with%2C comma\.glossary\.tsv,line=1,col=4,endColumn=6,title=Terminology extra-separator::/);
  });

  it('--format sarif: a valid SARIF 2.1.0 log with a rule (id, help address) per code and a result per finding', () => {
    const r = run(['lint', '--format', 'sarif'], join(fixtures, 'errors'));
    assert.equal(r.status, 1);
    const log = JSON.parse(r.stdout) as {
      version: string;
      runs: Array<{ tool: { driver: { rules: Array<{ id: string; helpUri: string; defaultConfiguration: { level: string } }> } }; results: Array<{ ruleId: string; ruleIndex: number; level: string; locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } } }> }> }>;
    };
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Ajv = require('ajv-draft-04') as new (o: object) => { compile(s: object): ((d: unknown) => boolean) & { errors?: unknown } };
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const schema = require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json') as object;
    const validate = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false, validateFormats: false, logger: false }).compile(schema);
    assert.ok(validate(log), JSON.stringify(validate.errors, null, 1));
    assert.equal(log.version, '2.1.0');
    const run0 = log.runs[0];
    const rules = run0.tool.driver.rules;
    assert.deepEqual(rules.map((x) => x.id), ['blank-line', 'duplicate-source', 'duplicate-term', 'language-mismatch', 'missing-file', 'missing-separator', 'surrounding-whitespace', 'unsupported-language']);
    for (const rule of rules) {
      assert.equal(new URL(rule.helpUri).hash, `#rule-${rule.id}`);
      // docs/rules.md has the anchor the help address points at.
      assert.ok(new URL(rule.helpUri).pathname.endsWith('/docs/rules.md'), rule.helpUri);
      assert.ok(readFileSync(join(repo, 'docs', 'rules.md'), 'utf8').includes(`<a id="rule-${rule.id}"></a>`), `docs/rules.md anchor for ${rule.id}`);
    }
    assert.equal(run0.results.length, 8);
    for (const res of run0.results) assert.equal(rules[res.ruleIndex].id, res.ruleId);
    const blank = run0.results.find((x) => x.ruleId === 'blank-line')!;
    assert.equal(blank.level, 'note');
    assert.deepEqual(blank.locations[0].physicalLocation.artifactLocation.uri, 'glossaries/en-de.tsv');
    assert.deepEqual(blank.locations[0].physicalLocation.region.startLine, 4);
    // A clean run is a valid log with no results.
    const clean = JSON.parse(run(['lint', '--format', 'sarif'], join(fixtures, 'clean')).stdout) as typeof log;
    assert.ok(validate(clean));
    assert.equal(clean.runs[0].results.length, 0);
  });

  it('usage errors: exit 2 with the reason and the usage', () => {
    const cases: Array<[string[], string, RegExp]> = [
      [[], 'clean', /no command given/],
      [['lint', '--format', 'xml'], 'clean', /unknown format "xml"/],
      [['lint', '--fast'], 'clean', /unknown option --fast/],
      [['frobnicate'], 'clean', /unknown command "frobnicate"/],
      [['lint', 'nope.tsv'], 'clean', /nope\.tsv: no such file or folder/],
      [['lint', '../clean/terminology.json', 'x'], 'loose', /x: no such file/],
      [['lint'], 'loose', /no terminology\.json in .*: name the files to lint/],
      [['lint', '--manifest', 'other.json'], 'clean', /other\.json: no such file/],
      [['lint', 'readme.txt', '--format'], 'loose', /--format needs a value/],
    ];
    for (const [args, dir, message] of cases) {
      const r = run(args, join(fixtures, dir));
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, message);
      assert.equal(r.stdout, '');
    }
    const help = run(['--help'], fixtures);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /Usage: terminology <command>/);
  });
});
