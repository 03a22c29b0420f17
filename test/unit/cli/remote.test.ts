import * as assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type Emulator } from '../../emulator/server';

const repo = join(__dirname, '..', '..', '..', '..');
const cli = join(repo, 'dist', 'cli.js');
const fixtures = join(repo, 'test', 'fixtures', 'cli');
const KEY = 'cli-paid-key-0123456789';

/** The built CLI as a child process (asynchronous: the emulator runs in this process). */
function run(args: string[], cwd: string, env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd, env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('CLI check and push against the emulator', function () {
  this.timeout(60_000);
  let emu: Emulator;
  let dir: string;
  let env: Record<string, string>;
  const account = () => emu.state.accounts[KEY];
  const writes = () => emu.requests.filter((r) => r.method !== 'GET').length;

  before(() => execFileSync(process.execPath, ['esbuild.mjs'], { cwd: repo, stdio: 'ignore' }));
  beforeEach(async () => {
    emu = await startEmulator({ key: KEY });
    env = { TERMINOLOGY_API_KEY: KEY, TERMINOLOGY_BASE_URL: emu.url };
    dir = mkdtempSync(join(tmpdir(), 'terminology-cli-'));
  });
  afterEach(async () => {
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('check, push (creating the glossary and the collection by name), check again; a remote change shows as "differs"', async () => {
    cpSync(join(fixtures, 'clean'), dir, { recursive: true });
    const first = await run(['check'], dir, env);
    assert.equal(first.status, 1, first.stderr);
    assert.deepEqual(first.stdout.trimEnd().split('\n'), [
      'glossaries/product/en-de.tsv: not pushed yet (not on the service yet (no glossary "Product"))',
      'glossaries/product/en-fr.csv: not pushed yet (not on the service yet (no glossary "Product"))',
      'spoken/en.txt: not pushed yet (not on the service yet (no collection "Meetings"))',
    ]);
    assert.equal(writes(), 0, 'check sends nothing');

    const pushed = await run(['push'], dir, env);
    assert.equal(pushed.status, 0, pushed.stderr + pushed.stdout);
    assert.match(pushed.stdout, /^glossaries\/product\/en-de\.tsv: pushed \(created glossary "Product"\)$/m);
    assert.match(pushed.stdout, /^glossaries\/product\/en-fr\.csv: pushed \(2 entries\)$/m);
    assert.match(pushed.stdout, /^spoken\/en\.txt: pushed \(created collection "Meetings"\)$/m);
    assert.equal(account().glossaries.length, 1, 'one glossary created, not one per file');
    const g = account().glossaries[0];
    assert.deepEqual(g.dictionaries.map((d) => [`${d.source_lang}-${d.target_lang}`, d.entries]), [
      ['en-de', [['cloud', 'Wolke'], ['server', 'Server']]],
      ['en-fr', [['cloud', 'nuage'], ['hello, world', 'bonjour']]],
    ]);
    assert.deepEqual(account().spokenTerms.map((c) => c.name), ['Meetings']);

    const again = await run(['check', '--format', 'github'], dir, env);
    assert.equal(again.status, 0, again.stdout);
    assert.equal(again.stdout, [
      '::notice file=glossaries/product/en-de.tsv::in sync',
      '::notice file=glossaries/product/en-fr.csv::in sync',
      '::notice file=spoken/en.txt::in sync',
    ].join('\n') + '\n');

    g.dictionaries[0].entries.push(['disk', 'Platte']);
    const changed = await run(['check'], dir, env);
    assert.equal(changed.status, 1);
    assert.match(changed.stdout, /^glossaries\/product\/en-de\.tsv: differs \(differs from the service: pushing would add 0, change 0 and remove 1 entries\)$/m);
    const before = emu.requests.filter((r) => r.method === 'PUT').length;
    const repush = await run(['push'], dir, env);
    assert.equal(repush.status, 0);
    assert.equal(emu.requests.filter((r) => r.method === 'PUT').length - before, 1, 'only the file that differs is sent');
    assert.match(repush.stdout, /en-fr\.csv: in sync, nothing to push/);
  });

  it('push refuses files with errors: nothing is sent without --yes; with --yes the others are, and the exit status is still 1', async () => {
    cpSync(join(fixtures, 'errors'), dir, { recursive: true });
    // The manifest's own errors (Thai, a missing file) would stop everything: this run keeps two valid links.
    writeFileSync(join(dir, 'terminology.json'), JSON.stringify({
      glossaries: [{ name: 'Product', dictionaries: { 'en-de': 'glossaries/en-de.tsv', 'en-fr': 'glossaries/en-fr.csv' } }],
    }));
    account().glossaries.push({ glossary_id: 'aa000000-0000-4000-8000-000000000001', name: 'Product', creation_time: '2026-01-01T00:00:00Z', dictionaries: [] });
    const refused = await run(['push'], dir, env);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /1 file\(s\) have errors and cannot be pushed: glossaries\/en-de\.tsv\. Nothing was pushed; --yes pushes the others/);
    assert.match(refused.stdout, /^glossaries\/en-de\.tsv:2:1: error surrounding-whitespace /m, 'the findings are printed');
    assert.equal(writes(), 0);
    const yes = await run(['push', '--yes'], dir, env);
    assert.equal(yes.status, 1);
    assert.match(yes.stdout, /^glossaries\/en-de\.tsv: not pushed: it has errors$/m);
    // The CSV line for another pair (en → de) is ignored by the service, as the warning said.
    assert.match(yes.stdout, /^glossaries\/en-fr\.csv: pushed \(1 entry\)$/m);
    assert.deepEqual(account().glossaries[0].dictionaries.map((d) => `${d.source_lang}-${d.target_lang}`), ['en-fr']);
  });

  it('push of 24 dictionaries with every fifth request answered 429: each sent exactly once, at most 4 at a time', async () => {
    const dictionaries: Record<string, string> = {};
    const targets = ['de', 'fr', 'ja', 'it', 'es', 'nl', 'pl', 'pt', 'sv', 'da', 'fi', 'cs', 'ko', 'zh', 'tr', 'uk', 'ro', 'hu', 'el', 'bg', 'sk', 'sl', 'lt', 'lv'];
    mkdirSync(join(dir, 'g'));
    for (const t of targets) {
      dictionaries[`en-${t}`] = `g/en-${t}.tsv`;
      writeFileSync(join(dir, 'g', `en-${t}.tsv`), `cloud\tcloud-${t}\nserver\tserver-${t}\n`);
    }
    writeFileSync(join(dir, 'terminology.json'), JSON.stringify({ glossaries: [{ name: 'Many', dictionaries }] }));
    account().glossaries.push({ glossary_id: 'bb000000-0000-4000-8000-000000000001', name: 'Many', creation_time: '2026-01-01T00:00:00Z', dictionaries: [] });
    emu.injectFault({ every: 5, count: Infinity, status: 429, retryAfter: 0 });
    // The other requests take 5 ms, as over a network (as in the search's test of the same fault): answered at once,
    // the four pushes can fall into a lockstep in which one retry meets the fifth slot again and again, past the
    // retry policy's 5 attempts (seen once in a full unit run on a loaded machine).
    emu.injectFault({ count: Infinity, latencyMs: 5 });
    emu.concurrency.max = 0;
    const r = await run(['push'], dir, env);
    assert.equal(r.status, 0, r.stderr);
    const accepted = emu.requests.filter((q) => q.method === 'PUT' && q.status === 200);
    assert.equal(accepted.length, 24, 'every dictionary accepted once');
    assert.ok(emu.requests.some((q) => q.status === 429), 'the fault was hit');
    assert.equal(account().glossaries[0].dictionaries.length, 24);
    assert.ok(emu.concurrency.max <= 4, `at most 4 requests in flight (saw ${emu.concurrency.max})`);
  });

  it('check and push need the key (exit 2 naming the variable) and a manifest; they take no paths', async () => {
    cpSync(join(fixtures, 'clean'), dir, { recursive: true });
    const noKey = await run(['check'], dir, { TERMINOLOGY_BASE_URL: emu.url });
    assert.equal(noKey.status, 2);
    assert.match(noKey.stderr, /set TERMINOLOGY_API_KEY/);
    assert.equal((await run(['push', 'a.tsv'], dir, env)).status, 2);
    const empty = mkdtempSync(join(tmpdir(), 'terminology-cli-empty-'));
    try {
      assert.equal((await run(['check'], empty, env)).status, 2);
    } finally { rmSync(empty, { recursive: true, force: true }); }
    const wrongKey = await run(['check'], dir, { ...env, TERMINOLOGY_API_KEY: 'not-a-key' });
    assert.equal(wrongKey.status, 1);
    assert.doesNotMatch(wrongKey.stderr + wrongKey.stdout, /not-a-key/, 'the key is never printed');
  });
});
