// Every mutant of `npm run mutation` (test/mutation/mutants.mjs) must still be plantable: its text stands exactly once
// in its file. A mutant whose text moved away guards nothing, and only a full mutation run (an hour) would say so;
// here the gate says so at once. (Whether each is caught is what the mutation run itself checks.)
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const repoRoot = join(__dirname, '..', '..', '..', '..');
type Mutant = { id: string; changes: Array<{ file: string; find: string }>; tests: Array<{ suite: string; grep: string }> };
// (An ES module: imported as one, which tsc's CommonJS output would turn into a require.)
const importEsm = new Function('url', 'return import(url)') as (url: string) => Promise<{ mutants: Mutant[] }>;

describe('mutants (test/mutation/mutants.mjs)', () => {
  it('each can be planted: its text stands once in its file, and it names tests to run', async () => {
    const { mutants } = await importEsm(pathToFileURL(join(repoRoot, 'test', 'mutation', 'mutants.mjs')).href);
    assert.ok(mutants.length > 0);
    const ids = new Set<string>();
    const stale: string[] = [];
    for (const m of mutants) {
      assert.ok(!ids.has(m.id), `two mutants named ${m.id}`);
      ids.add(m.id);
      assert.ok(m.tests.length > 0, `${m.id} names no test`);
      for (const c of m.changes) {
        const file = join(repoRoot, c.file);
        const times = existsSync(file) ? readFileSync(file, 'utf8').split(c.find).length - 1 : -1;
        if (times !== 1) stale.push(`${m.id}: ${c.file} ${times < 0 ? 'is gone' : `holds its text ${times} times`}`);
      }
    }
    assert.deepEqual(stale, [], 'update these in test/mutation/mutants.mjs');
  });
});
