import * as assert from 'node:assert/strict';
import {
  contentKey, fullSyncStatus, pullAction, pushAction, quickSyncStatus, sameEntries, SYNC_STATES, type LinkedKind, type SyncState, type SyncedVersion,
} from '../../../src/core/workspace/syncStatus';

const TSV: LinkedKind = { kind: 'entries', format: 'tsv', sourceLang: 'en', targetLang: 'de' };
const CSV: LinkedKind = { kind: 'entries', format: 'csv', sourceLang: 'en', targetLang: 'de' };
const TERMS: LinkedKind = { kind: 'terms' };

const base = (text: string, remoteId = 'g1'): SyncedVersion => ({ text, entryCount: text.split('\n').filter((l) => l.trim()).length, remoteId });
const B = 'cloud\tWolke\nserver\tServer\n';

describe('sync status', () => {
  describe('full status (entries in hand), each state', () => {
    // [what, kind, local, synced version, remote (undefined: the service has none), expected]
    const CASES: Array<[string, LinkedKind, string | undefined, SyncedVersion | undefined, string | undefined, SyncState]> = [
      ['nothing changed', TSV, B, base(B), B, 'in-sync'],
      ['reordered, quoted, CRLF, blank lines: still the same entries', TSV, '"server"\tServer\r\n\r\ncloud\tWolke\r\n', base(B), B, 'in-sync'],
      ['a CSV file holding the same entries as the service\'s TSV', CSV, 'server,Server,en,de\ncloud,Wolke\n', base(B), B, 'in-sync'],
      ['a CSV line for another pair is ignored, as the service ignores it', CSV, 'cloud,Wolke\nserver,Server\nx,y,en,fr\n', base(B), B, 'in-sync'],
      ['a target edited locally', TSV, 'cloud\tWolke!\nserver\tServer\n', base(B), B, 'local-changes'],
      ['an entry added locally', TSV, B + 'disk\tPlatte\n', base(B), B, 'local-changes'],
      ['an invalid line added locally counts as a change', TSV, B + 'no tab here\n', base(B), B, 'local-changes'],
      ['an entry changed remotely (same count)', TSV, B, base(B), 'cloud\tWolke\nserver\tRechner\n', 'remote-changes'],
      ['an entry removed remotely', TSV, B, base(B), 'cloud\tWolke\n', 'remote-changes'],
      ['both changed different entries', TSV, 'cloud\tWolke!\nserver\tServer\n', base(B), 'cloud\tWolke\nserver\tRechner\n', 'both-changed'],
      ['both made the same change', TSV, 'cloud\tWolke!\nserver\tServer\n', base(B), 'server\tServer\ncloud\tWolke!\n', 'in-sync'],
      ['synced once, deleted on the service', TSV, B, base(B), undefined, 'remote-missing'],
      ['never synced, not on the service', TSV, B, undefined, undefined, 'not-pushed'],
      ['never synced, the service holds the same entries', TSV, B, undefined, B, 'in-sync'],
      ['never synced, the service holds other entries', TSV, B, undefined, 'cloud\tNebel\n', 'both-changed'],
      ['a synced version of another glossary is no synced version', TSV, B, base(B, 'other'), 'x\ty\n', 'both-changed'],
      ['the file is gone', TSV, undefined, base(B), B, 'local-missing'],
      ['term lists: same terms in another order', TERMS, 'b\na\n', base('a\nb\n'), 'a\nb', 'in-sync'],
      ['term lists: a term added locally', TERMS, 'a\nb\nc\n', base('a\nb\n'), 'a\nb\n', 'local-changes'],
      ['term lists: a term removed remotely', TERMS, 'a\nb\n', base('a\nb\n'), 'a\n', 'remote-changes'],
    ];
    for (const [what, kind, local, synced, remote, expected] of CASES) {
      it(`${expected}: ${what}`, () => assert.equal(fullSyncStatus({ local, base: synced, remote, remoteId: 'g1', kind }), expected));
    }
    it('every state has a case', () => {
      for (const s of SYNC_STATES) assert.ok(CASES.some((c) => c[5] === s), s);
    });
  });

  describe('quick status (the listing only: counts, no entries)', () => {
    // [what, local, synced version, listing, expected state or 'fetch']
    const CASES: Array<[string, string | undefined, SyncedVersion | undefined, { exists: boolean; entryCount?: number }, SyncState | 'fetch']> = [
      ['same count, same local entries', B, base(B), { exists: true, entryCount: 2 }, 'in-sync'],
      ['same count, local edit', 'cloud\tWolke!\nserver\tServer\n', base(B), { exists: true, entryCount: 2 }, 'local-changes'],
      ['the count moved, local untouched', B, base(B), { exists: true, entryCount: 3 }, 'remote-changes'],
      ['the count moved and a local edit', B + 'a\tb\n', base(B), { exists: true, entryCount: 1 }, 'both-changed'],
      ['synced, gone from the listing', B, base(B), { exists: false }, 'remote-missing'],
      ['never synced, not listed', B, undefined, { exists: false }, 'not-pushed'],
      ['never synced, listed: the entries decide', B, undefined, { exists: true, entryCount: 2 }, 'fetch'],
      ['the file is gone', undefined, base(B), { exists: true, entryCount: 2 }, 'local-missing'],
    ];
    for (const [what, local, synced, remote, expected] of CASES) {
      it(`${expected}: ${what}`, () => {
        const q = quickSyncStatus({ local, base: synced, remote, remoteId: 'g1', kind: TSV });
        assert.deepEqual(q, expected === 'fetch' ? { needsRemoteEntries: true } : { state: expected });
      });
    }
  });

  it('what Push All and Pull All do in each state', () => {
    assert.deepEqual(SYNC_STATES.map((s) => [s, pushAction(s), pullAction(s)]), [
      ['in-sync', 'skip-in-sync', 'skip'],
      ['local-changes', 'push', 'skip'],
      ['remote-changes', 'refuse-pull-first', 'write'],
      ['both-changed', 'refuse-pull-first', 'merge'],
      ['remote-missing', 'refuse-remote-missing', 'skip'],
      ['not-pushed', 'create', 'skip'],
      ['local-missing', 'refuse-local-missing', 'write'],
    ]);
  });

  it('compares entries, not bytes', () => {
    assert.ok(sameEntries('a\tb\n', TSV, '"a"\t"b"'));
    assert.ok(!sameEntries('a\tb\n', TSV, 'a\tc\n'));
    assert.ok(!sameEntries('a\tb\na\tb\n', TSV, 'a\tb\n'), 'a duplicate counts');
    assert.deepEqual(contentKey('x\ty\n\nbad\n', TSV), ['\u0001bad', 'x\u0000y']);
  });
});
