import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  entriesFingerprint, gitBlobId, lockedSyncStatus, lockPathFor, lockRemote, lockRemoteId, parseLock, serializeLock, type Lock, type LockEntry,
} from '../../../src/core/workspace/lock';
import type { LinkedKind, SyncState } from '../../../src/core/workspace/syncStatus';

const TSV: LinkedKind = { kind: 'entries', format: 'tsv', sourceLang: 'en', targetLang: 'de' };
const CSV: LinkedKind = { kind: 'entries', format: 'csv', sourceLang: 'en', targetLang: 'de' };
const TERMS: LinkedKind = { kind: 'terms' };
const B = 'cloud\tWolke\nserver\tServer\n';
const entryOf = (text: string, kind: LinkedKind = TSV): LockEntry => ({ ...entriesFingerprint(text, kind), remote: 'glossaries/g1/en-de' });

describe('the lock (terminology.lock.json)', () => {
  describe('state against the lock, by fingerprints', () => {
    // [what, kind, local, lock entry's text (undefined: no entry), remote (undefined: none), expected]
    const CASES: Array<[string, LinkedKind, string | undefined, string | undefined, string | undefined, SyncState]> = [
      ['nothing changed', TSV, B, B, B, 'in-sync'],
      ['reordered, quoted, CRLF, blank lines, a BOM: the same entries', TSV, '\uFEFF"server"\tServer\r\n\r\ncloud\tWolke\r\n', B, B, 'in-sync'],
      ['a CSV file holding the service\'s entries; a line for another pair left out', CSV, 'server,Server,en,de\ncloud,Wolke\nx,y,en,fr\n', B, B, 'in-sync'],
      ['a target edited in the file', TSV, 'cloud\tWolke!\nserver\tServer\n', B, B, 'local-changes'],
      ['a target edited on the service: same count, not in sync', TSV, B, B, 'cloud\tWolke\nserver\tRechner\n', 'remote-changes'],
      ['both changed different entries', TSV, 'cloud\tWolke!\nserver\tServer\n', B, 'cloud\tWolke\nserver\tRechner\n', 'both-changed'],
      ['both made the same change', TSV, B + 'disk\tPlatte\n', B, 'disk\tPlatte\n' + B, 'in-sync'],
      ['never synced, the service holds other entries', TSV, B, undefined, 'cloud\tNebel\n', 'both-changed'],
      ['never synced, the same entries', TSV, B, undefined, B, 'in-sync'],
      ['synced, then deleted on the service', TSV, B, B, undefined, 'remote-missing'],
      ['never synced, not on the service', TSV, B, undefined, undefined, 'not-pushed'],
      ['the file is gone', TSV, undefined, B, B, 'local-missing'],
      ['terms: the same terms in another order', TERMS, 'b\na\n', 'a\nb\n', 'a\nb', 'in-sync'],
      ['terms: one removed on the service', TERMS, 'a\nb\n', 'a\nb\n', 'a', 'remote-changes'],
    ];
    for (const [what, kind, local, synced, remote, expected] of CASES) {
      it(`${expected}: ${what}`, () => {
        const entry = synced === undefined ? undefined : entryOf(synced, kind.kind === 'terms' ? kind : { kind: 'entries', format: 'tsv' });
        assert.equal(lockedSyncStatus({ local, kind, entry, remote }).state, expected);
      });
    }
  });

  it('a fingerprint counts entries, and an invalid line is content too', () => {
    assert.equal(entriesFingerprint(B, TSV).entries, 2);
    const withBad = entriesFingerprint(B + 'no tab\n', TSV);
    assert.equal(withBad.entries, 2);
    assert.notEqual(withBad.sha256, entriesFingerprint(B, TSV).sha256);
  });

  it('round trip; unreadable entries are dropped with a reason; a merge conflict left in the lock is named', () => {
    const lock: Lock = { files: { 'b.tsv': entryOf(B), 'a.tsv': { ...entryOf(B), gitBlob: 'a'.repeat(40) } } };
    const text = serializeLock(lock);
    assert.deepEqual(Object.keys(JSON.parse(text).files), ['a.tsv', 'b.tsv'], 'sorted');
    assert.deepEqual(parseLock(text), { lock, problems: [] });
    const broken = JSON.stringify({ lockfileVersion: 1, files: { 'a.tsv': { entries: 2, sha256: 'nope', remote: 'x' }, 'b.tsv': entryOf(B) } });
    const parsed = parseLock(broken);
    assert.deepEqual(Object.keys(parsed.lock.files), ['b.tsv']);
    assert.match(parsed.problems[0], /"a\.tsv" is not readable: it counts as never synced/);
    assert.match(parseLock(`{\n<<<<<<< HEAD\n=======\n>>>>>>> b\n}`).problems[0], /merge conflict/);
    assert.match(parseLock('{"lockfileVersion": 9, "files": {}}').problems[0], /lockfileVersion 9/);
  });

  it('names: the lock beside the manifest; the remote address of a dictionary and a term list', () => {
    assert.equal(lockPathFor('/r/terminology.json'), '/r/terminology.lock.json');
    assert.equal(lockPathFor('i18n/x.terminology.json'), 'i18n/x.terminology.lock.json');
    const link = { sourceLang: 'en', targetLang: 'de' };
    assert.equal(lockRemote('glossaries', 'g1', link), 'glossaries/g1/en-de');
    assert.equal(lockRemoteId({ ...entryOf(B), remote: 'glossaries/g1/en-de' }, 'glossaries', link), 'g1');
    assert.equal(lockRemoteId({ ...entryOf(B), remote: 'glossaries/g1/en-fr' }, 'glossaries', link), undefined);
    assert.equal(lockRemoteId({ ...entryOf(B), remote: 'spokenTerms/c1/en' }, 'spokenTerms', { sourceLang: 'en' }), 'c1');
  });

  describe('git merges of the lock conflict only when two branches synced the same file', () => {
    let dir: string;
    before(() => { dir = mkdtempSync(join(tmpdir(), 'terminology-lock-')); });
    after(() => rmSync(dir, { recursive: true, force: true }));
    const e = (n: number, blob = true): LockEntry => ({ entries: n, sha256: String(n % 10).repeat(64), ...(blob ? { gitBlob: String(n % 10).repeat(40) } : {}), remote: 'glossaries/g1/en-de' });
    /** git merge-file: exit 0 when clean, the number of conflicts otherwise. */
    const merge = (base: Lock, ours: Lock, theirs: Lock) => {
      const files = ['base', 'ours', 'theirs'].map((n) => join(dir, n));
      [base, ours, theirs].forEach((l, i) => writeFileSync(files[i], serializeLock(l)));
      const r = spawnSync('git', ['merge-file', '-p', files[1], files[0], files[2]], { encoding: 'utf8' });
      return { conflicts: r.status, text: r.stdout };
    };
    const base: Lock = { files: { 'a.tsv': e(1), 'b.tsv': e(2), 'c.tsv': e(3) } };
    const CASES: Array<[string, Lock, Lock, boolean]> = [
      ['each branch pushed another file (adjacent blocks)', { files: { ...base.files, 'a.tsv': e(4) } }, { files: { ...base.files, 'b.tsv': e(5) } }, true],
      ['one pushed the last file, the other linked and pushed a new one after it', { files: { ...base.files, 'c.tsv': e(6) } }, { files: { ...base.files, 'd.tsv': e(7) } }, true],
      ['one pulled with a merge (no blob), the other pushed the next file', { files: { ...base.files, 'a.tsv': e(8, false) } }, { files: { ...base.files, 'b.tsv': e(9) } }, true],
      ['both pushed the same file', { files: { ...base.files, 'b.tsv': e(4) } }, { files: { ...base.files, 'b.tsv': e(5) } }, false],
    ];
    for (const [what, ours, theirs, clean] of CASES) {
      it(`${clean ? 'clean' : 'conflict'}: ${what}`, () => {
        const r = merge(base, ours, theirs);
        assert.equal(r.conflicts === 0, clean, r.text);
        if (clean) assert.deepEqual(parseLock(r.text).lock, { files: { ...ours.files, ...theirs.files, ...Object.fromEntries(Object.keys(base.files).map((k) => [k, ours.files[k].sha256 !== base.files[k].sha256 ? ours.files[k] : theirs.files[k]])) } });
      });
    }
  });

  it('gitBlobId is the id git gives the same bytes', () => {
    const bytes = Buffer.from('cloud\tWolke\nStraße\tstreet\n');
    assert.equal(gitBlobId(bytes), execFileSync('git', ['hash-object', '--stdin'], { input: bytes, encoding: 'utf8' }).trim());
  });
});
