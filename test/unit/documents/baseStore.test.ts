import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BaseStore } from '../../../src/documents/baseStore';

describe('the base kept on disk', () => {
  let folder: string;
  beforeEach(() => { folder = mkdtempSync(join(tmpdir(), 'bases-')); });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('writes a large text in pieces and reads back exactly that text, whatever its characters', async () => {
    const store = new BaseStore(folder);
    // Pieces are 256 Ki units: put a surrogate pair, quotes, backslashes and control characters across each cut.
    let text = '';
    while (text.length < 3 * 256 * 1024) text += 'cloud\tWolke "a\\b"\u0007\u2028 ';
    const cut = (at: number) => { text = text.slice(0, at - 1) + '😀' + text.slice(at + 1); };
    cut(256 * 1024);
    cut(2 * 256 * 1024);
    text += '\uD800 lone';
    await store.set('terminology://glossaries/a', { text, mtime: 42 });
    assert.deepEqual(await store.get('terminology://glossaries/a'), { text, mtime: 42 });
    assert.equal(await store.get('terminology://glossaries/b'), undefined);
  });

  it('keeps the last of several writes of one address, and a delete waits for them', async () => {
    const store = new BaseStore(folder);
    const key = 'terminology://glossaries/a';
    const writes = [1, 2, 3].map((n) => store.set(key, { text: `v${n}\t`.repeat(100_000), mtime: n }));
    await Promise.all(writes);
    assert.equal((await store.get(key))?.mtime, 3);
    void store.set(key, { text: 'v4', mtime: 4 });
    await store.delete(key);
    assert.equal(await store.get(key), undefined);
    assert.deepEqual(readdirSync(folder), [], 'no file, no temporary file left');
  });

  // Issue #27: windows with no folder open all keep their bases in the global storage: one window's base must never
  // overwrite or delete another's, and a reloaded window (the same owner, from its restored window state) finds its own.
  it('windows sharing the folder keep a base each: neither write nor delete touches another window\'s', async () => {
    const key = 'terminology://glossaries/shared/EN-DE.tsv';
    const a = new BaseStore(folder, 'window-a');
    const b = new BaseStore(folder, 'window-b');
    await a.set(key, { text: 'cloud\tWolke\n', mtime: 1 });
    await b.set(key, { text: 'cloud\tCloud\n', mtime: 2 });
    assert.deepEqual(await a.get(key), { text: 'cloud\tWolke\n', mtime: 1 });
    assert.deepEqual(await b.get(key), { text: 'cloud\tCloud\n', mtime: 2 });
    await b.delete(key);
    assert.deepEqual(await a.get(key), { text: 'cloud\tWolke\n', mtime: 1 }, 'b\'s push left a\'s base');
    assert.deepEqual(await new BaseStore(folder, 'window-a').get(key), { text: 'cloud\tWolke\n', mtime: 1 }, 'a reloaded finds its own');
    assert.equal(await new BaseStore(folder, 'window-c').get(key), undefined, 'a third window takes no other window\'s base');
    assert.equal(await new BaseStore(folder).get(key), undefined, 'nor does a window with a folder of its own');
  });
});
