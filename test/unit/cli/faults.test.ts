import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Fault } from '../../emulator/server';
import { entriesFingerprint } from '../../../src/core/workspace/lock';
import { buildOnce, git, readJson, removeDir, run, scratchRepo, startService, type LockJson, type Service } from './harness';

const DE = 'glossaries/product/en-de.tsv';
const OLD = 'cloud\tWolke\nserver\tServer\n';
const NEW = 'cloud\tWolke\nserver\tServer\nkey\tSchlüssel\n';
const sha = (tsv: string) => entriesFingerprint(tsv, { kind: 'entries', format: 'tsv' }).sha256;

/** Each fault, during a push and during a pull: the service ends in the old or the new state, never a mix, the lock
 * says which, and a second run without the fault converges. */
describe('CLI fault matrix: push and pull under 429, 503, dropped connections and 401', function () {
  this.timeout(120_000);
  let svc: Service;
  let dir: string;
  const dictionary = () => svc.account().glossaries[0].dictionaries.find((d) => d.target_lang === 'de')!;
  const serviceTsv = () => dictionary().entries.map(([s, t]) => `${s}\t${t}\n`).join('');
  const lockSha = () => readJson<LockJson>(join(dir, 'terminology.lock.json')).files[DE].sha256;

  before(buildOnce);
  beforeEach(async () => {
    svc = await startService();
    dir = scratchRepo('clean');
    const first = await run(['push'], dir, svc.env);
    assert.equal(first.status, 0, first.stdout + first.stderr);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'synced');
  });
  afterEach(async () => {
    await svc.emu.close();
    removeDir(dir);
  });

  const PUT = { method: 'PUT', path: '/dictionaries' };
  const GET = { method: 'GET', path: '/entries' };
  // [what, fault, whether the run gets through]
  const PUSH: Array<[string, Fault, boolean]> = [
    ['429 with Retry-After: 1 (twice)', { ...PUT, count: 2, status: 429, retryAfter: 1 }, true],
    ['a burst of three 503', { ...PUT, count: 3, status: 503, retryAfter: 0 }, true],
    ['503 on every attempt', { ...PUT, count: Infinity, status: 503, retryAfter: 0 }, false],
    ['a connection dropped before the service acted', { ...PUT, count: 1, drop: true }, true],
    ['every answer lost after the service acted (the push landed; the lock must say so)', { ...PUT, count: Infinity, dropAfter: true }, true],
    ['401 (the key revoked meanwhile)', { ...PUT, count: Infinity, status: 401 }, false],
  ];
  for (const [what, fault, through] of PUSH) {
    it(`push, ${what}: ${through ? 'pushed' : 'not pushed'}; the service old or new, never a mix, and the lock matches it`, async () => {
      writeFileSync(join(dir, DE), NEW);
      svc.emu.injectFault(fault);
      const r = await run(['push'], dir, svc.env);
      const now = serviceTsv();
      assert.ok(now === OLD || now === NEW, `the service holds old or new entries, not a mix: ${JSON.stringify(now)}`);
      assert.equal(lockSha(), sha(now), 'the lock records what the service holds');
      assert.equal(now === NEW, through, r.stdout + r.stderr);
      assert.equal(r.status, through ? 0 : 1, r.stdout + r.stderr);
      if (fault.status === 401) assert.match(r.stdout, /TERMINOLOGY_API_KEY/);
      svc.emu.clearFaults();
      const again = await run(['push'], dir, svc.env);
      assert.equal(again.status, 0, again.stdout);
      assert.equal(serviceTsv(), NEW);
      assert.equal(lockSha(), sha(NEW));
      assert.equal((await run(['status'], dir, svc.env)).status, 0);
    });
  }

  const PULL: Array<[string, Fault, boolean]> = [
    ['429 with Retry-After: 1', { ...GET, count: 1, status: 429, retryAfter: 1 }, true],
    ['a burst of three 503', { ...GET, count: 3, status: 503, retryAfter: 0 }, true],
    ['a dropped connection', { ...GET, count: 1, drop: true }, true],
    ['401', { ...GET, count: Infinity, status: 401 }, false],
  ];
  for (const [what, fault, through] of PULL) {
    it(`pull, ${what}: ${through ? 'pulled' : 'not pulled'}; the file and the lock old or new together`, async () => {
      dictionary().entries.push(['disk', 'Platte']);
      const pulledText = 'cloud\tWolke\nserver\tServer\ndisk\tPlatte\n';
      svc.emu.injectFault(fault);
      const r = await run(['pull'], dir, svc.env);
      const file = readFileSync(join(dir, DE), 'utf8');
      assert.equal(r.status, through ? 0 : 1, r.stdout + r.stderr);
      assert.equal(file, through ? pulledText : OLD);
      assert.equal(lockSha(), sha(file), 'the lock records the version the file holds');
      svc.emu.clearFaults();
      assert.equal((await run(['pull'], dir, svc.env)).status, 0);
      assert.equal(readFileSync(join(dir, DE), 'utf8'), pulledText);
      assert.equal((await run(['status'], dir, svc.env)).status, 0);
    });
  }
});
