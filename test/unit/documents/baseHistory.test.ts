import * as assert from 'node:assert/strict';
import { BaseHistory } from '../../../src/base/baseHistory';

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
