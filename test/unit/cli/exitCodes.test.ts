import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOnce, readJson, removeDir, run, scratchRepo, startService, type LockJson, type Service } from './harness';

const manifest = (dictionaries: Record<string, string>, terms?: Record<string, string>) => JSON.stringify({
  glossaries: [{ name: 'Product', dictionaries }], ...(terms ? { spokenTerms: [{ name: 'Meetings', termLists: terms }] } : {}),
});

describe('CLI exit codes, encodings and paths (the built CLI against the emulator)', function () {
  this.timeout(120_000);
  let svc: Service;
  let dir: string;
  const dictionary = (pair: string) => svc.account().glossaries[0]?.dictionaries.find((d) => `${d.source_lang}-${d.target_lang}` === pair);

  before(buildOnce);
  beforeEach(async () => {
    svc = await startService();
    dir = scratchRepo();
    mkdirSync(join(dir, 'glossaries'));
  });
  afterEach(async () => {
    await svc.emu.close();
    removeDir(dir);
  });

  describe('file system failures are exit 2 with a clear message, never 1 (the status of findings)', () => {
    const CASES: Array<[string, () => void, RegExp]> = [
      ['a linked path that is a folder (EISDIR)', () => mkdirSync(join(dir, 'glossaries', 'en-de.tsv')), /glossaries\/en-de\.tsv: is a folder, not a file/],
      ['a linked file that is a dangling symbolic link (ENOENT)', () => symlinkSync('nowhere.tsv', join(dir, 'glossaries', 'en-de.tsv')), /glossaries\/en-de\.tsv: a symbolic link to a file that does not exist/],
      ['a loop of symbolic links (ELOOP)', () => { symlinkSync('b.tsv', join(dir, 'glossaries', 'en-de.tsv')); symlinkSync('en-de.tsv', join(dir, 'glossaries', 'b.tsv')); }, /glossaries\/en-de\.tsv: a loop of symbolic links/],
    ];
    for (const [what, make, message] of CASES) {
      it(what, async () => {
        writeFileSync(join(dir, 'terminology.json'), manifest({ 'en-de': 'glossaries/en-de.tsv' }));
        make();
        for (const args of [['lint'], ['lint', 'glossaries'], ['status'], ['push']]) {
          const r = await run(args, dir, svc.env);
          assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}${r.stdout}`);
          assert.match(r.stderr, message, args.join(' '));
          assert.doesNotMatch(r.stderr, /at .*\.js:\d+/, 'no stack trace');
        }
        assert.equal(svc.writes(), 0);
      });
    }
    it('a file named on the command line that is a folder or dangling link', async () => {
      symlinkSync('gone.tsv', join(dir, 'dangling.tsv'));
      const r = await run(['lint', 'dangling.tsv'], dir);
      assert.equal(r.status, 2);
      assert.match(r.stderr, /dangling\.tsv: a symbolic link to a file that does not exist/);
    });
  });

  it('a missing file that the manifest links is a finding (exit 1), not a usage error', async () => {
    writeFileSync(join(dir, 'terminology.json'), manifest({ 'en-de': 'glossaries/en-de.tsv' }));
    const r = await run(['lint'], dir);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /^terminology\.json:\d+:\d+: error missing-file /m);
  });

  it('a 401 names TERMINOLOGY_API_KEY (not the editor\'s command) and exits 1; the key is never printed', async () => {
    writeFileSync(join(dir, 'terminology.json'), manifest({ 'en-de': 'glossaries/en-de.tsv' }));
    writeFileSync(join(dir, 'glossaries', 'en-de.tsv'), 'cloud\tWolke\n');
    for (const command of ['status', 'push', 'pull', 'check']) {
      const r = await run([command], dir, { ...svc.env, TERMINOLOGY_API_KEY: 'not-a-key' });
      assert.equal(r.status, 1, command);
      assert.match(r.stderr, /^terminology: 401 .*The API key in TERMINOLOGY_API_KEY was not accepted/m, command);
      assert.doesNotMatch(r.stderr + r.stdout, /Set API Key|not-a-key/, command);
    }
    const noKey = await run(['status'], dir, { TERMINOLOGY_BASE_URL: svc.emu.url });
    assert.equal(noKey.status, 2);
    assert.match(noKey.stderr, /set TERMINOLOGY_API_KEY/);
  });

  it('push exits 1 when anything was not pushed: two glossaries of that name; a 400 on the entries\' fetch', async () => {
    writeFileSync(join(dir, 'terminology.json'), JSON.stringify({ glossaries: [
      { name: 'Twice', dictionaries: { 'en-de': 'glossaries/en-de.tsv' } }, { name: 'Once', dictionaries: { 'en-fr': 'glossaries/en-fr.tsv' } },
    ] }));
    writeFileSync(join(dir, 'glossaries', 'en-de.tsv'), 'cloud\tWolke\n');
    writeFileSync(join(dir, 'glossaries', 'en-fr.tsv'), 'cloud\tnuage\n');
    const g = (id: string, name: string) => ({ glossary_id: id, name, creation_time: '2026-01-01T00:00:00Z', dictionaries: [{ source_lang: 'en', target_lang: 'fr', entries: [['x', 'y']] as Array<[string, string]> }] });
    svc.account().glossaries.push(g('aa000000-0000-4000-8000-000000000001', 'Twice'), g('aa000000-0000-4000-8000-000000000002', 'Twice'), g('aa000000-0000-4000-8000-000000000003', 'Once'));
    svc.emu.injectFault({ count: Infinity, path: '/entries', status: 400 });
    const r = await run(['push'], dir, svc.env);
    assert.equal(r.status, 1, r.stdout);
    assert.match(r.stdout, /^glossaries\/en-de\.tsv: not pushed: 2 glossaries on the service are named "Twice"/m);
    assert.match(r.stdout, /^glossaries\/en-fr\.tsv: not pushed: the service's entries could not be read: 400/m);
    assert.match(r.stderr, /pushed 0 file\(s\); 0 in sync; 2 not pushed/);
    assert.equal(svc.writes(), 0);
  });

  it('push never sends a file with errors: nothing without --yes; with --yes the others, and still exit 1', async () => {
    writeFileSync(join(dir, 'terminology.json'), manifest({ 'en-de': 'glossaries/en-de.tsv', 'en-fr': 'glossaries/en-fr.csv' }));
    writeFileSync(join(dir, 'glossaries', 'en-de.tsv'), 'cloud\tWolke\ncloud\tNebel\n');
    writeFileSync(join(dir, 'glossaries', 'en-fr.csv'), 'cloud,nuage\nx,y,en,de\n');
    svc.account().glossaries.push({ glossary_id: 'aa000000-0000-4000-8000-000000000001', name: 'Product', creation_time: '2026-01-01T00:00:00Z', dictionaries: [] });
    const refused = await run(['push'], dir, svc.env);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /1 file\(s\) have errors and cannot be pushed: glossaries\/en-de\.tsv\. Nothing was pushed; --yes pushes the others/);
    assert.match(refused.stdout, /^glossaries\/en-de\.tsv:2:1: error duplicate-source /m);
    assert.equal(svc.writes(), 0);
    const yes = await run(['push', '--yes'], dir, svc.env);
    assert.equal(yes.status, 1);
    assert.match(yes.stdout, /^glossaries\/en-de\.tsv: not pushed: it has errors$/m);
    assert.match(yes.stdout, /^glossaries\/en-fr\.csv: pushed \(1 entry: 1 added, 0 changed, 0 removed\)$/m);
    assert.deepEqual(svc.account().glossaries[0].dictionaries.map((d) => `${d.source_lang}-${d.target_lang}`), ['en-fr']);
  });

  it('push --manifest ../terminology.json from a subfolder: findings match the plan (paths normalised), a file with errors is never sent', async () => {
    writeFileSync(join(dir, 'terminology.json'), manifest({ 'en-de': 'glossaries/en-de.tsv', 'en-fr': 'glossaries/en-fr.tsv' }));
    writeFileSync(join(dir, 'glossaries', 'en-de.tsv'), 'cloud\tWolke\n server\tServer\n');
    writeFileSync(join(dir, 'glossaries', 'en-fr.tsv'), 'cloud\tnuage\n');
    const sub = join(dir, 'glossaries');
    const r = await run(['push', '--manifest', '../terminology.json', '--yes'], sub, svc.env);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /^en-de\.tsv:2:1: error surrounding-whitespace /m, 'paths relative to the working folder');
    assert.match(r.stdout, /^en-de\.tsv: not pushed: it has errors$/m);
    assert.match(r.stdout, /^en-fr\.tsv: pushed \(created glossary "Product"\)$/m);
    assert.deepEqual(svc.account().glossaries[0].dictionaries.map((d) => `${d.source_lang}-${d.target_lang}`), ['en-fr'], 'the file with errors never reached the service');
    // The manifest is found in a folder above without --manifest too, and the lock sits beside it.
    writeFileSync(join(dir, 'glossaries', 'en-de.tsv'), 'cloud\tWolke\nserver\tServer\n');
    const again = await run(['push'], sub, svc.env);
    assert.equal(again.status, 0, again.stdout + again.stderr);
    assert.match(again.stderr, /\.\.\/terminology\.lock\.json updated/);
    assert.deepEqual(Object.keys(readJson<LockJson>(join(dir, 'terminology.lock.json')).files), ['glossaries/en-de.tsv', 'glossaries/en-fr.tsv']);
  });

  it('a file with 150 000 findings: every finding printed, no stack overflow; push refuses it', async () => {
    writeFileSync(join(dir, 'terminology.json'), manifest({ 'en-de': 'glossaries/en-de.tsv' }));
    // Each line has no tab: one missing-separator error per line.
    writeFileSync(join(dir, 'glossaries', 'en-de.tsv'), 'x\n'.repeat(150_000));
    const r = await run(['lint'], dir);
    assert.equal(r.status, 1, r.stderr.slice(0, 500));
    assert.equal(r.stdout.split('\n').filter((l) => / error missing-separator /.test(l)).length, 150_000);
    assert.match(r.stderr, /150000 error\(s\)/);
    const p = await run(['push', '--format', 'github'], dir, svc.env);
    assert.equal(p.status, 1, p.stderr.slice(0, 500));
    assert.doesNotMatch(p.stderr, /Maximum call stack/);
    assert.match(p.stderr, /1 file\(s\) have errors and cannot be pushed/);
    assert.equal(svc.writes(), 0);
  });

  describe('encodings: one policy; a file it refuses is one finding and is never pushed', () => {
    const utf16 = (text: string, le = true) => { const b = Buffer.from(text, 'utf16le'); if (!le) b.swap16(); return Buffer.concat([Buffer.from(le ? [0xff, 0xfe] : [0xfe, 0xff]), b]); };
    const CASES: Array<[string, Buffer, RegExp]> = [
      ['Latin-1', Buffer.concat([Buffer.from('cloud\tWolke\nStra'), Buffer.from([0xdf]), Buffer.from('e\tstreet\n')]), /^glossaries\/en-de\.tsv:2:5: error encoding not UTF-8: byte 0xDF does not decode as UTF-8 \(Latin-1 or Windows-1252\?\), on line 2\./m],
      ['UTF-16 without a byte order mark', Buffer.from('cloud\tWolke\n', 'utf16le'), /^glossaries\/en-de\.tsv:1:2: error encoding not UTF-8: a NUL byte/m],
      ['a binary file', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), /^glossaries\/en-de\.tsv:1:1: error encoding not UTF-8: byte 0x89/m],
    ];
    for (const [what, bytes, finding] of CASES) {
      it(`${what}: one encoding error naming the line; push sends nothing`, async () => {
        writeFileSync(join(dir, 'terminology.json'), manifest({ 'en-de': 'glossaries/en-de.tsv' }));
        writeFileSync(join(dir, 'glossaries', 'en-de.tsv'), bytes);
        const r = await run(['lint'], dir);
        assert.equal(r.status, 1);
        assert.match(r.stdout, finding);
        assert.equal(r.stdout.trimEnd().split('\n').length, 1, `one finding only:\n${r.stdout}`);
        const p = await run(['push', '--yes'], dir, svc.env);
        assert.equal(p.status, 1);
        assert.match(p.stdout, /^glossaries\/en-de\.tsv: not pushed: it has errors$/m);
        assert.equal(svc.writes(), 0);
        assert.equal(dictionary('en-de'), undefined);
      });
    }
    it('UTF-16 with a byte order mark and UTF-8 with one are read: lint clean, the service gets the text; pull writes back in the file\'s encoding', async () => {
      writeFileSync(join(dir, 'terminology.json'), manifest({ 'en-de': 'glossaries/en-de.tsv', 'en-fr': 'glossaries/en-fr.tsv' }));
      writeFileSync(join(dir, 'glossaries', 'en-de.tsv'), utf16('Straße\tstreet\r\ncloud\tWolke\r\n'));
      writeFileSync(join(dir, 'glossaries', 'en-fr.tsv'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('rue\tStraße\n')]));
      const r = await run(['lint'], dir);
      assert.equal(r.status, 0, r.stdout);
      const p = await run(['push'], dir, svc.env);
      assert.equal(p.status, 0, p.stdout);
      assert.deepEqual(dictionary('en-de')!.entries, [['Straße', 'street'], ['cloud', 'Wolke']]);
      assert.deepEqual(dictionary('en-fr')!.entries, [['rue', 'Straße']]);
      dictionary('en-de')!.entries.push(['Weg', 'way']);
      const pulled = await run(['pull'], dir, svc.env);
      assert.equal(pulled.status, 0, pulled.stdout);
      assert.deepEqual(readFileSync(join(dir, 'glossaries', 'en-de.tsv')), utf16('Straße\tstreet\r\ncloud\tWolke\r\nWeg\tway\r\n'), 'still UTF-16 LE with its BOM and CRLF');
    });
  });
});
