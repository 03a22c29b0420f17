import * as assert from 'node:assert/strict';
import { BaseHistory, type SpillStore } from '../../../src/base/baseHistory';

describe('BaseHistory (the base follows the text)', () => {
  it('gives back the base a text was noted with, per address', async () => {
    const h = new BaseHistory();
    h.remember('a', 'mine\n', 'old remote\n');
    h.remember('a', 'new remote\n', 'new remote\n');
    h.remember('b', 'mine\n', 'other\n');
    assert.equal(await h.baseOf('a', 'mine\n'), 'old remote\n');
    assert.equal(await h.baseOf('a', 'new remote\n'), 'new remote\n');
    assert.equal(await h.baseOf('b', 'mine\n'), 'other\n');
    assert.equal(await h.baseOf('a', 'never seen\n'), undefined);
  });
  it('a text noted again takes its newer base; old texts fall out past the limit; forget clears an address', async () => {
    const h = new BaseHistory(2);
    h.remember('a', 't1', 'b1');
    h.remember('a', 't2', 'b2');
    h.remember('a', 't1', 'b3');
    h.remember('a', 't3', 'b4');
    assert.equal(await h.baseOf('a', 't1'), 'b3');
    assert.equal(await h.baseOf('a', 't2'), undefined);
    h.forget('a');
    assert.equal(await h.baseOf('a', 't3'), undefined);
  });
  it('keeps the order asked for while a large text is hashed in slices', async () => {
    const h = new BaseHistory();
    const big = 'x\t😀\n'.repeat(600_000); // 2.4 Mi units: three slices
    h.remember('a', big, 'b1');
    const first = h.baseOf('a', big);
    h.remember('a', big, 'b2');
    h.remember('a', big.slice(1), 'other');
    assert.equal(await first, 'b1');
    assert.equal(await h.baseOf('a', big), 'b2');
    assert.equal(await h.baseOf('a', big.slice(0, -1)), undefined);
    h.forget('a');
    await h.settled();
    assert.equal(await h.baseOf('a', big), undefined);
  });
  it('keeps the addresses noted last, a bounded number of them', async () => {
    const h = new BaseHistory(4, 3);
    for (const a of ['a', 'b', 'c']) h.remember(a, 't', `base of ${a}`);
    h.remember('a', 't2', 'again a'); // a is now the most recent
    h.remember('d', 't', 'base of d'); // b, the least recent, goes
    assert.equal(await h.baseOf('b', 't'), undefined);
    assert.equal(await h.baseOf('a', 't'), 'base of a');
    assert.equal(await h.baseOf('c', 't'), 'base of c');
    assert.equal(await h.baseOf('d', 't'), 'base of d');
  });
});

/** A spill store in memory that counts what it holds (the history must hold no spilled base itself). */
class CountingStore implements SpillStore<string> {
  readonly files = new Map<string, string>();
  puts = 0;
  failGet = false;
  async put(base: string): Promise<string> {
    this.puts++;
    const name = `n${base.length}:${base.slice(0, 8)}`;
    this.files.set(name, base);
    return name;
  }
  async get(name: string): Promise<string> {
    const t = this.files.get(name);
    if (this.failGet || t === undefined) throw new Error('gone');
    return t;
  }
  drop(name: string): void {
    this.files.delete(name);
  }
}

describe('BaseHistory: the bases of a closed document go to a spill store', () => {
  it('spill moves each distinct base once; a look-up reads it back', async () => {
    const store = new CountingStore();
    const h = new BaseHistory<string>(16, 32, store);
    h.remember('a', 'mine 1', 'remote A');
    h.remember('a', 'mine 2', 'remote A');
    h.remember('a', 'mine 3', 'remote B');
    h.spill('a');
    await h.settled();
    assert.equal(store.puts, 2, 'one put per distinct base');
    assert.deepEqual([...store.files.values()].sort(), ['remote A', 'remote B']);
    assert.equal(await h.baseOf('a', 'mine 2'), 'remote A');
    assert.equal(await h.baseOf('a', 'mine 3'), 'remote B');
    h.spill('a');
    await h.settled();
    assert.equal(store.puts, 2, 'a base already spilled is not put again');
  });

  it('a spilled base that cannot be read back rejects the look-up (the caller treats the base as unknown)', async () => {
    const store = new CountingStore();
    const h = new BaseHistory<string>(16, 32, store);
    h.remember('a', 'mine', 'remote');
    h.spill('a');
    await h.settled();
    store.failGet = true;
    await assert.rejects(h.baseOf('a', 'mine'), /gone/);
    assert.equal(await h.baseOf('a', 'other'), undefined, 'a text never noted is still simply unknown');
  });

  it('forgetting an address, or its entries falling out, drops their spilled bases; a shared one stays while named', async () => {
    const store = new CountingStore();
    const h = new BaseHistory<string>(2, 2, store);
    h.remember('a', 'a1', 'shared');
    h.remember('b', 'b1', 'shared');
    h.remember('b', 'b2', 'only b');
    h.spill('a');
    h.spill('b');
    await h.settled();
    assert.deepEqual([...store.files.values()].sort(), ['only b', 'shared']);
    h.forget('a');
    await h.settled();
    assert.deepEqual([...store.files.values()].sort(), ['only b', 'shared'], 'b still names the shared base');
    h.remember('b', 'b3', 'new');
    h.remember('b', 'b4', 'new');
    await h.settled();
    assert.deepEqual([...store.files.values()], [], 'b1 and b2 fell out past the limit of 2: both bases dropped');
    h.remember('c', 'c1', 'c base');
    h.spill('c');
    h.remember('d', 'd1', 'd');
    h.remember('e', 'e1', 'e');
    await h.settled();
    assert.equal(store.files.size, 0, 'c fell out past the limit of 2 addresses: its base dropped');
  });
});
