import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOnce, git, readJson, removeDir, run, scratchRepo, startService, type LockJson, type Service } from './harness';

const DE = 'glossaries/product/en-de.tsv';

describe('CLI push, pull and status with the lock, against the emulator', function () {
  this.timeout(60_000);
  let svc: Service;
  let dir: string;
  const glossary = () => svc.account().glossaries[0];
  const dictionary = (pair: string) => glossary().dictionaries.find((d) => `${d.source_lang}-${d.target_lang}` === pair)!;
  const lock = () => readJson<LockJson>(join(dir, 'terminology.lock.json'));
  const puts = () => svc.emu.requests.filter((r) => r.method !== 'GET').length;

  before(buildOnce);
  beforeEach(async () => {
    svc = await startService();
    dir = scratchRepo('clean');
  });
  afterEach(async () => {
    await svc.emu.close();
    removeDir(dir);
  });

  /** The first push, committed with its lock, as docs/cli.md's workflow does. */
  async function pushAndCommit(): Promise<void> {
    const r = await run(['push'], dir, svc.env);
    assert.equal(r.status, 0, r.stderr + r.stdout);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'sync');
  }

  it('push creates what is missing and writes the lock (entries, sha256, the git blob, the remote), to be committed; status is then in sync', async () => {
    const r = await run(['push'], dir, svc.env);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^glossaries\/product\/en-de\.tsv: pushed \(created glossary "Product"\)$/m);
    assert.match(r.stdout, /^glossaries\/product\/en-fr\.csv: pushed \(2 entries: 2 added, 0 changed, 0 removed\)$/m);
    assert.match(r.stderr, /terminology\.lock\.json updated: commit it/);
    const l = lock();
    assert.equal(l.lockfileVersion, 1);
    assert.deepEqual(Object.keys(l.files), [DE, 'glossaries/product/en-fr.csv', 'spoken/en.txt']);
    const g = glossary();
    const de = l.files[DE];
    assert.equal(de.entries, 2);
    assert.match(de.sha256, /^[0-9a-f]{64}$/);
    assert.equal(de.gitBlob, git(dir, 'hash-object', DE).trim(), 'the blob git would store for the file as pushed');
    assert.equal(de.remote, `glossaries/${g.glossary_id}/en-de`);
    assert.equal(l.files['spoken/en.txt'].remote, `spokenTerms/${svc.account().spokenTerms[0].spoken_terms_id}/en`);
    // One block per file, one field per line, remote last: what keeps git's merges of the lock clean.
    assert.match(readFileSync(join(dir, 'terminology.lock.json'), 'utf8'), /"glossaries\/product\/en-de\.tsv": \{\n {6}"entries": 2,\n {6}"sha256": "[0-9a-f]{64}",\n {6}"gitBlob": "[0-9a-f]{40}",\n {6}"remote": "glossaries\/[^"]+\/en-de"\n {4}\}/);
    const s = await run(['status'], dir, svc.env);
    assert.equal(s.status, 0, s.stdout);
    assert.equal(s.stdout, `${DE}: in sync\nglossaries/product/en-fr.csv: in sync\nspoken/en.txt: in sync\n`);
  });

  it('a manifest id the key does not see, beside a glossary of that name: status, pull and push say so and change nothing', async () => {
    await pushAndCommit();
    // The team's manifest names its glossary by id (as the editor's Clone writes it): in sync while the key sees it.
    const teamId = glossary().glossary_id;
    const manifestText = readFileSync(join(dir, 'terminology.json'), 'utf8').replace('"name": "Product",', `"name": "Product",\n      "id": "${teamId}",`);
    writeFileSync(join(dir, 'terminology.json'), manifestText);
    assert.equal((await run(['status'], dir, svc.env)).status, 0, 'in sync by its id');
    // This key sees only a same-named copy under another id (another account's), holding other entries.
    glossary().glossary_id = '5f7c0000-0000-4000-8000-0000000000aa';
    dictionary('en-de').entries.push(['copy', 'Kopie']);
    const files = () => [DE, 'glossaries/product/en-fr.csv'].map((f) => readFileSync(join(dir, f), 'utf8'));
    const before = files();
    const writes = puts();
    const problem = `the manifest's id "${teamId}" of "Product" is not a glossary this API key sees; the glossary of that name here is "5f7c0000-0000-4000-8000-0000000000aa" (another account's copy?). If it is the same glossary, put that id in the manifest; until then it is neither pulled nor pushed`;
    const s = await run(['status'], dir, svc.env);
    assert.equal(s.status, 1);
    assert.ok(s.stdout.includes(`${DE}: unknown: ${problem}`), s.stdout);
    for (const [cmd, said] of [['pull', 'not pulled'], ['push', 'not pushed']] as const) {
      const r = await run([cmd], dir, svc.env);
      assert.equal(r.status, 1, `${cmd} fails`);
      assert.ok(r.stdout.includes(`${DE}: ${said}: ${problem}`), r.stdout + r.stderr);
    }
    assert.deepEqual(files(), before, 'nothing of the copy merged into the files');
    assert.equal(readFileSync(join(dir, 'terminology.json'), 'utf8'), manifestText, 'the shared manifest keeps the team\'s id');
    assert.equal(puts(), writes, 'nothing sent to the copy');
  });

  it('a colleague\'s change between two pushes is refused and kept, with what changed on each side; pull merges it, then push sends both', async () => {
    await pushAndCommit();
    dictionary('en-de').entries.push(['disk', 'Platte']); // a colleague, on the service
    writeFileSync(join(dir, DE), 'cloud\tWolke\nserver\tServer\nkey\tSchlüssel\n'); // and me, in the file
    const before = puts();
    const refused = await run(['push'], dir, svc.env);
    assert.equal(refused.status, 1);
    assert.match(refused.stdout, /^glossaries\/product\/en-de\.tsv: not pushed: changed in the file and on the service since the last sync \(in the file: added "key" → "Schlüssel"; on the service: added "disk" → "Platte"\); pushing now: 1 added, 0 changed, 1 removed: removes "disk" → "Platte"\. Run "terminology pull"/m);
    assert.equal(puts(), before, 'nothing sent');
    assert.deepEqual(dictionary('en-de').entries, [['cloud', 'Wolke'], ['server', 'Server'], ['disk', 'Platte']], 'the colleague\'s entry is kept');
    assert.match(refused.stdout, /en-fr\.csv: in sync, nothing to push/);

    const pulled = await run(['pull'], dir, svc.env);
    assert.equal(pulled.status, 0, pulled.stdout + pulled.stderr);
    assert.match(pulled.stdout, /^glossaries\/product\/en-de\.tsv: pulled \(1 added, 0 changed, 0 removed\); your changes are kept: push them$/m);
    assert.equal(readFileSync(join(dir, DE), 'utf8'), 'cloud\tWolke\nserver\tServer\ndisk\tPlatte\nkey\tSchlüssel\n');
    const status = await run(['status'], dir, svc.env);
    assert.match(status.stdout, /^glossaries\/product\/en-de\.tsv: local changes \(push would: 1 added, 0 changed, 0 removed\)$/m);
    const pushed = await run(['push'], dir, svc.env);
    assert.equal(pushed.status, 0, pushed.stdout);
    assert.deepEqual(dictionary('en-de').entries.map((e) => e[0]).sort(), ['cloud', 'disk', 'key', 'server']);
  });

  it('a change on the service that keeps the entry count is seen (never "in sync" by counts)', async () => {
    await pushAndCommit();
    dictionary('en-de').entries[1][1] = 'Rechner';
    const s = await run(['status'], dir, svc.env);
    assert.equal(s.status, 1);
    assert.match(s.stdout, /^glossaries\/product\/en-de\.tsv: remote changes \(pull would take: 0 added, 1 changed, 0 removed\)$/m);
    const p = await run(['push'], dir, svc.env);
    assert.equal(p.status, 1);
    assert.match(p.stdout, /en-de\.tsv: not pushed: changed on the service since the last sync \(in the file: no change; on the service: changed "server": "Server" → "Rechner"\)/);
    assert.equal(dictionary('en-de').entries[1][1], 'Rechner');
  });

  it('a same-count change on the service beside a same-count change in the file: push refuses, nothing overwritten', async () => {
    await pushAndCommit();
    dictionary('en-de').entries[1][1] = 'Rechner'; // a colleague, on the service
    writeFileSync(join(dir, DE), 'cloud\tWölkchen\nserver\tServer\n'); // and me, in the file: the same count
    const p = await run(['push'], dir, svc.env);
    assert.equal(p.status, 1, p.stdout);
    assert.match(p.stdout, /en-de\.tsv: not pushed/);
    assert.deepEqual(dictionary('en-de').entries, [['cloud', 'Wolke'], ['server', 'Rechner']]);
  });

  it('push --force overwrites the service\'s change and says what it overwrote; the lock follows', async () => {
    await pushAndCommit();
    dictionary('en-de').entries.push(['disk', 'Platte']);
    dictionary('en-de').entries[0][1] = 'Wölkchen';
    const r = await run(['push', '--force'], dir, svc.env);
    assert.equal(r.status, 0, r.stdout);
    assert.match(r.stdout, /^glossaries\/product\/en-de\.tsv: pushed with --force \(2 entries\), overwriting the service's changes: 0 added, 1 changed, 1 removed: removes "disk" → "Platte"; changes "cloud": "Wölkchen" → "Wolke"$/m);
    assert.deepEqual(dictionary('en-de').entries, [['cloud', 'Wolke'], ['server', 'Server']]);
    assert.equal((await run(['status'], dir, svc.env)).status, 0);
  });

  it('push --dry-run prints the plan per file (counts and the entries removed) and sends and writes nothing', async () => {
    await pushAndCommit();
    const lockBefore = readFileSync(join(dir, 'terminology.lock.json'), 'utf8');
    writeFileSync(join(dir, DE), 'cloud\tWolke\nkey\tSchlüssel\n');
    writeFileSync(join(dir, 'spoken/en.txt'), 'Kubernetes\n');
    const before = puts();
    const r = await run(['push', '--dry-run'], dir, svc.env);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.equal(r.stdout, [
      'glossaries/product/en-de.tsv: would push: 1 added, 0 changed, 1 removed: removes "server" → "Server"',
      'glossaries/product/en-fr.csv: in sync, nothing to push',
      'spoken/en.txt: would push: 0 added, 1 removed: removes "Terminology Studio"',
    ].join('\n') + '\n');
    assert.match(r.stderr, /dry run: nothing was sent/);
    assert.equal(puts(), before);
    assert.equal(readFileSync(join(dir, 'terminology.lock.json'), 'utf8'), lockBefore);
  });

  it('without a lock entry, a service holding other entries is refused the same way; one holding the same entries is adopted into the lock', async () => {
    svc.account().glossaries.push({
      glossary_id: 'aa000000-0000-4000-8000-000000000001', name: 'Product', creation_time: '2026-01-01T00:00:00Z',
      dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: [['cloud', 'Wolke'], ['server', 'Rechner']] },
        { source_lang: 'en', target_lang: 'fr', entries: [['cloud', 'nuage'], ['hello, world', 'bonjour']] }],
    });
    const r = await run(['push'], dir, svc.env);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /^glossaries\/product\/en-de\.tsv: not pushed: never synced \(no entry in the lock\), and the service holds other entries; pushing now: 0 added, 1 changed, 0 removed: changes "server": "Rechner" → "Server"\./m);
    assert.match(r.stdout, /^glossaries\/product\/en-fr\.csv: in sync, nothing to push$/m);
    assert.deepEqual(dictionary('en-de').entries[1], ['server', 'Rechner']);
    const l = lock();
    assert.deepEqual(Object.keys(l.files).sort(), ['glossaries/product/en-fr.csv', 'spoken/en.txt'], 'the file in sync and the created list are recorded; the refused one is not');
    const s = await run(['status'], dir, svc.env);
    assert.match(s.stdout, /^glossaries\/product\/en-de\.tsv: both changed \(never synced, and they differ: the service against the file, 0 added, 1 changed, 0 removed; pull merges them\)$/m);
  });

  it('two clones with the lock show the same status; a remote change shows in both', async () => {
    await pushAndCommit();
    const other = `${dir}-clone`;
    git(dir, 'clone', '-q', dir, other);
    try {
      const a = await run(['status'], dir, svc.env);
      const b = await run(['status'], other, svc.env);
      assert.equal(a.status, 0);
      assert.equal(b.stdout, a.stdout);
      dictionary('en-fr').entries.push(['disk', 'disque']);
      const a2 = await run(['status', '--format', 'github'], dir, svc.env);
      const b2 = await run(['status', '--format', 'github'], other, svc.env);
      assert.equal(b2.stdout, a2.stdout);
      assert.match(a2.stdout, /^::error file=glossaries\/product\/en-fr\.csv::remote changes \(pull would take: 1 added, 0 changed, 0 removed\)$/m);
      // The clone pulls; its merge base comes from the blob the lock names, found in the history it cloned.
      writeFileSync(join(other, 'glossaries/product/en-fr.csv'), 'cloud,nuage\n"hello, world",salut\n');
      dictionary('en-fr').entries[1][1] = 'bonjour !';
      const pulled = await run(['pull'], other, svc.env);
      assert.equal(pulled.status, 1, 'a conflict was written');
      assert.match(pulled.stdout, /en-fr\.csv: pulled with 1 conflict block\(s\): resolve them \(merge-conflict\), then push\. Taken: 1 added, 0 changed, 0 removed/);
      assert.equal(readFileSync(join(other, 'glossaries/product/en-fr.csv'), 'utf8'),
        'cloud,nuage\n<<<<<<< yours\n"hello, world",salut\n=======\n"hello, world",bonjour !\n>>>>>>> remote\ndisk,disque\n');
      const blocked = await run(['push'], other, svc.env);
      assert.equal(blocked.status, 1);
      assert.match(blocked.stdout, /en-fr\.csv:\d+:1: error merge-conflict/);
    } finally { removeDir(other); }
  });

  it('pull writes a missing file and records it; a dictionary deleted on the service is "remote missing", refused, and recreated by --force', async () => {
    await pushAndCommit();
    const text = readFileSync(join(dir, DE), 'utf8');
    git(dir, 'rm', '-q', DE);
    const missing = await run(['status'], dir, svc.env);
    assert.match(missing.stdout, /^glossaries\/product\/en-de\.tsv: file missing \(pull writes it\)$/m);
    const p = await run(['pull'], dir, svc.env);
    assert.equal(p.status, 0, p.stdout);
    assert.equal(readFileSync(join(dir, DE), 'utf8'), text);
    glossary().dictionaries = glossary().dictionaries.filter((d) => d.target_lang !== 'de');
    const s = await run(['status'], dir, svc.env);
    assert.match(s.stdout, /^glossaries\/product\/en-de\.tsv: remote missing \(deleted on the service since the last sync\)$/m);
    const refused = await run(['push'], dir, svc.env);
    assert.equal(refused.status, 1);
    assert.match(refused.stdout, /en-de\.tsv: not pushed: deleted on the service since the last sync\. "terminology push --force" creates it again/);
    assert.equal((await run(['pull'], dir, svc.env)).status, 1, 'nothing to pull from a deleted dictionary: not pulled');
    const forced = await run(['push', '--force'], dir, svc.env);
    assert.equal(forced.status, 0, forced.stdout);
    assert.ok(existsSync(join(dir, DE)));
    assert.deepEqual(dictionary('en-de').entries, [['cloud', 'Wolke'], ['server', 'Server']]);
  });

  it('push of 24 dictionaries with every fifth request answered 429: each sent exactly once, at most 4 at a time, with progress on stderr', async () => {
    const dictionaries: Record<string, string> = {};
    const targets = ['de', 'fr', 'ja', 'it', 'es', 'nl', 'pl', 'pt', 'sv', 'da', 'fi', 'cs', 'ko', 'zh', 'tr', 'uk', 'ro', 'hu', 'el', 'bg', 'sk', 'sl', 'lt', 'lv'];
    mkdirSync(join(dir, 'g'));
    for (const t of targets) {
      dictionaries[`en-${t}`] = `g/en-${t}.tsv`;
      writeFileSync(join(dir, 'g', `en-${t}.tsv`), `cloud\tcloud-${t}\nserver\tserver-${t}\n`);
    }
    writeFileSync(join(dir, 'terminology.json'), JSON.stringify({ glossaries: [{ name: 'Many', dictionaries }] }));
    svc.account().glossaries.push({ glossary_id: 'bb000000-0000-4000-8000-000000000001', name: 'Many', creation_time: '2026-01-01T00:00:00Z', dictionaries: [] });
    svc.emu.injectFault({ every: 5, count: Infinity, status: 429, retryAfter: 0 });
    // The other requests take 5 ms, as over a network: answered at once, the four pushes can fall into a lockstep in
    // which one retry meets the fifth slot again and again, past the retry policy's 5 attempts.
    svc.emu.injectFault({ count: Infinity, latencyMs: 5 });
    svc.emu.concurrency.max = 0;
    const r = await run(['push'], dir, svc.env);
    assert.equal(r.status, 0, r.stderr);
    const accepted = svc.emu.requests.filter((q) => q.method === 'PUT' && q.status === 200);
    assert.equal(accepted.length, 24, 'every dictionary accepted once');
    assert.ok(svc.emu.requests.some((q) => q.status === 429), 'the fault was hit');
    assert.ok(svc.emu.concurrency.max <= 4, `at most 4 requests in flight (saw ${svc.emu.concurrency.max})`);
    assert.match(r.stderr, /^push: 24 of 24 files$/m);
    assert.equal(Object.keys(lock().files).length, 24);
  });

  it('a lock left with merge conflict markers stops status, push and pull (exit 2) with what to do', async () => {
    await pushAndCommit();
    const text = readFileSync(join(dir, 'terminology.lock.json'), 'utf8');
    writeFileSync(join(dir, 'terminology.lock.json'), text.replace(/( {6}"sha256": ".*",\n)/, '<<<<<<< HEAD\n$1=======\n      "sha256": "x",\n>>>>>>> other\n'));
    const before = puts();
    for (const command of ['status', 'push', 'pull']) {
      const r = await run([command], dir, svc.env);
      assert.equal(r.status, 2, command);
      assert.match(r.stderr, /terminology\.lock\.json: it holds a merge conflict: keep, for each conflicting file, the side that matches the service/, command);
    }
    assert.equal(puts(), before);
  });

  it('GITHUB_STEP_SUMMARY gets a Markdown table of what push did', async () => {
    const summaryFile = join(dir, 'summary.md');
    writeFileSync(summaryFile, '');
    const r = await run(['push'], dir, { ...svc.env, GITHUB_STEP_SUMMARY: summaryFile });
    assert.equal(r.status, 0);
    const md = readFileSync(summaryFile, 'utf8');
    assert.match(md, /^## Terminology push\n\n\| File \| Result \|\n\| --- \| --- \|\n\| glossaries\/product\/en-de\.tsv \| pushed \(created glossary "Product"\) \|$/m);
    assert.match(md, /terminology\.lock\.json updated: commit it/);
  });
});
