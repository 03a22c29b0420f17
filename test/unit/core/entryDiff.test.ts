import * as assert from 'node:assert/strict';
import { diffCounts, diffEntries, listEntries } from '../../../src/core/workspace/entryDiff';
import type { LinkedKind } from '../../../src/core/workspace/syncStatus';

const SERVICE: LinkedKind = { kind: 'entries', format: 'tsv' };
const CSV: LinkedKind = { kind: 'entries', format: 'csv', sourceLang: 'en', targetLang: 'de' };

describe('entry diffs (what a push adds, changes and removes)', () => {
  it('by source phrase, across formats; a CSV line for another pair is not an entry of this dictionary', () => {
    const d = diffEntries('cloud\tWolke\nserver\tServer\ndisk\tPlatte\n', SERVICE, 'cloud,Wolke\nserver,Rechner\nkey,Schlüssel\nx,y,en,fr\n', CSV);
    assert.deepEqual(d, {
      added: [{ source: 'key', target: 'Schlüssel' }],
      changed: [{ source: 'server', target: 'Rechner', was: 'Server' }],
      removed: [{ source: 'disk', target: 'Platte' }],
    });
    assert.equal(diffCounts(d), '1 added, 1 changed, 1 removed');
    assert.equal(listEntries(d.changed), '"server": "Server" → "Rechner"');
  });

  it('term lists by term; long lists are cut with a count', () => {
    const d = diffEntries('a\nb\nc\n', { kind: 'terms' }, 'b\nd\n', { kind: 'terms' });
    assert.equal(diffCounts(d, true), '1 added, 2 removed');
    assert.equal(listEntries(d.removed, 1, true), '"a" and 1 more');
  });
});
