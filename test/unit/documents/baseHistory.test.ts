import * as assert from 'node:assert/strict';
import { BaseHistory } from '../../../src/documents/baseHistory';

describe('BaseHistory (the base follows the text)', () => {
  it('gives back the base a text was noted with, per address', () => {
    const h = new BaseHistory();
    h.remember('a', 'mine\n', 'old remote\n');
    h.remember('a', 'new remote\n', 'new remote\n');
    h.remember('b', 'mine\n', 'other\n');
    assert.equal(h.baseOf('a', 'mine\n'), 'old remote\n');
    assert.equal(h.baseOf('a', 'new remote\n'), 'new remote\n');
    assert.equal(h.baseOf('b', 'mine\n'), 'other\n');
    assert.equal(h.baseOf('a', 'never seen\n'), undefined);
  });
  it('a text noted again takes its newer base; old texts fall out past the limit; forget clears an address', () => {
    const h = new BaseHistory(2);
    h.remember('a', 't1', 'b1');
    h.remember('a', 't2', 'b2');
    h.remember('a', 't1', 'b3');
    h.remember('a', 't3', 'b4');
    assert.equal(h.baseOf('a', 't1'), 'b3');
    assert.equal(h.baseOf('a', 't2'), undefined);
    h.forget('a');
    assert.equal(h.baseOf('a', 't3'), undefined);
  });
});
