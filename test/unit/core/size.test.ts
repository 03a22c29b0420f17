import * as assert from 'node:assert/strict';
import { formatSize } from '../../../src/core';

describe('formatSize', () => {
  const cases: Array<[number, string]> = [
    [0, '0 B'], [137, '137 B'], [1023, '1023 B'], [1024, '1 KiB'], [1536, '1.5 KiB'], [10 * 1024 - 1, '10 KiB'],
    [24 * 1024 + 300, '24 KiB'], [1024 * 1024, '1 MiB'], [10 * 1024 * 1024 - 100 * 1024, '9.9 MiB'], [10 * 1024 * 1024, '10 MiB'],
  ];
  for (const [bytes, shown] of cases) it(`${bytes} bytes is "${shown}"`, () => assert.equal(formatSize(bytes), shown));
});
