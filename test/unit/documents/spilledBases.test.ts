import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SpilledBases } from '../../../src/documents/spilledBases';

describe('SpilledBases (closed documents\' bases on disk)', () => {
  let parent: string;
  beforeEach(() => { parent = mkdtempSync(join(tmpdir(), 'spill-test-')); });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it('gives back every UTF-16 unit as put, lone surrogates and texts over a slice included', async () => {
    const store = new SpilledBases(parent);
    const texts = ['', 'cloud\tWolke\n', 'a\uD800b\uDC00c', 'x\t😀\n'.repeat(600_000)];
    const names = await Promise.all(texts.map((t) => store.put(t)));
    for (let i = 0; i < texts.length; i++) assert.equal(await store.get(names[i]!), texts[i], `text ${i}`);
    assert.equal(await store.put(texts[1]), names[1], 'the same text, the same name');
    await store.dispose();
    assert.deepEqual(readdirSync(parent), [], 'dispose removes the window\'s folder');
  });

  it('drop removes the file; a put of the same text after it writes it again', async () => {
    const store = new SpilledBases(parent);
    const name = (await store.put('remote text'))!;
    const folder = join(parent, readdirSync(parent)[0]);
    assert.deepEqual(readdirSync(folder), [name]);
    store.drop(name);
    await assert.rejects(store.get(name));
    const again = (await store.put('remote text'))!;
    assert.equal(again, name);
    assert.equal(await store.get(name), 'remote text', 'the removal, queued before, did not take the new file');
    assert.deepEqual(readdirSync(folder), [name]);
    await store.dispose();
  });

  it('removes the folders a crashed window left more than a week ago, not a recent one', async () => {
    const old = join(parent, 'old-window');
    const recent = join(parent, 'recent-window');
    mkdirSync(old);
    mkdirSync(recent);
    const weekAgo = (Date.now() - 8 * 24 * 3600 * 1000) / 1000;
    utimesSync(old, weekAgo, weekAgo);
    const store = new SpilledBases(parent);
    await store.put('x');
    for (let i = 0; i < 50 && existsSync(old); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(existsSync(old), false);
    assert.equal(existsSync(recent), true);
    await store.dispose();
  });
});
