import * as assert from 'node:assert/strict';
import { EntriesCache } from '../../../src/search/cache';
import { forEachBounded } from '../../../src/base/bounded';

const ende = { glossaryId: 'g1', sourceLang: 'en', targetLang: 'de' };
const enfr = { glossaryId: 'g1', sourceLang: 'en', targetLang: 'fr' };

describe('entries cache per dictionary version', () => {
  it('serves entries at the same entry count, and drops them when the count changed', () => {
    const c = new EntriesCache();
    c.set(ende, 2, 'a\tb\nc\td\n');
    assert.equal(c.get({ ...ende, sourceLang: 'EN' }, 2), 'a\tb\nc\td\n');
    assert.equal(c.get(ende, 3), undefined);
    assert.equal(c.get(ende, 2), undefined, 'a stale version is gone');
  });

  it('invalidates one pair, a whole glossary, what the listing no longer has, or everything', () => {
    const c = new EntriesCache();
    c.set(ende, 1, 'x'); c.set(enfr, 1, 'y'); c.set({ ...ende, glossaryId: 'g2' }, 1, 'z');
    c.invalidate('g1', ende);
    assert.deepEqual([c.get(ende, 1), c.get(enfr, 1)], [undefined, 'y']);
    c.invalidate('g1');
    assert.equal(c.get(enfr, 1), undefined);
    c.set(enfr, 1, 'y');
    c.retain([enfr]);
    assert.deepEqual([c.get(enfr, 1), c.get({ ...ende, glossaryId: 'g2' }, 1)], ['y', undefined]);
    c.clear();
    assert.equal(c.size, 0);
  });

  it('holds at most maxChars, dropping the least recently used', () => {
    const c = new EntriesCache(10);
    c.set(ende, 1, '12345'); c.set(enfr, 1, '12345');
    c.get(ende, 1);
    c.set({ ...ende, glossaryId: 'g2' }, 1, '123');
    assert.deepEqual([c.get(ende, 1), c.get(enfr, 1)], ['12345', undefined]);
    c.set(ende, 1, '12345678901');
    assert.equal(c.get(ende, 1), undefined, 'a text over the bound is not kept');
  });
});

describe('bounded concurrency', () => {
  it('keeps at most `limit` calls in flight and works on every item once', async () => {
    let now = 0; let max = 0; const seen: number[] = [];
    await forEachBounded(Array.from({ length: 25 }, (_, i) => i), 4, async (i) => {
      max = Math.max(max, ++now);
      await new Promise((r) => setTimeout(r, (i * 7) % 5));
      seen.push(i);
      now--;
    });
    assert.equal(max, 4);
    assert.deepEqual(seen.sort((a, b) => a - b), Array.from({ length: 25 }, (_, i) => i));
  });

  it('stops starting calls after an abort or a failure', async () => {
    const ac = new AbortController();
    let calls = 0;
    await forEachBounded([1, 2, 3, 4, 5, 6], 2, async () => { if (++calls === 2) ac.abort(); await Promise.resolve(); }, ac.signal);
    assert.equal(calls, 2);
    calls = 0;
    await assert.rejects(forEachBounded([1, 2, 3, 4, 5, 6], 1, async () => { if (++calls === 3) throw new Error('boom'); }), /boom/);
    assert.equal(calls, 3);
  });
});
