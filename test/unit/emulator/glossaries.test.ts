import * as assert from 'node:assert/strict';
import { dict, withEmulator } from './harness';

describe('emulator: v3 glossaries', () => {
  const t = withEmulator();

  async function create(entries = 'cloud\tWolke\nserver\tServer\n', extra: object[] = []) {
    const r = await t.call('POST', '/v3/glossaries', { name: 'G', dictionaries: [dict(entries), ...extra] });
    assert.equal(r.status, 201, r.text);
    return r.body.glossary_id as string;
  }

  it('creates (201) and returns the glossary object', async () => {
    const r = await t.call('POST', '/v3/glossaries', { name: 'Product', dictionaries: [dict('a\tb\nc\td\n'), dict('x,y\n', 'de', 'en', 'csv')] });
    assert.equal(r.status, 201);
    assert.match(r.body.glossary_id, /^[0-9a-f-]{36}$/);
    assert.equal(r.body.ready, true);
    assert.equal(r.body.name, 'Product');
    assert.deepEqual(r.body.dictionaries, [
      { source_lang: 'en', target_lang: 'de', entry_count: 2 }, { source_lang: 'de', target_lang: 'en', entry_count: 1 },
    ]);
    assert.ok(!Number.isNaN(Date.parse(r.body.creation_time)));
  });

  it('lists without entries (wrapper "glossaries") and gets one (codes in upper case there)', async () => {
    const id = await create();
    const list = await t.call('GET', '/v3/glossaries');
    assert.equal(list.status, 200);
    assert.equal(list.body.glossaries.length, 1);
    assert.equal(list.body.glossaries[0].entries, undefined);
    const one = await t.call('GET', `/v3/glossaries/${id}`);
    assert.deepEqual(one.body.dictionaries, [{ source_lang: 'EN', target_lang: 'DE', entry_count: 2 }]);
  });

  it('returns entries as TSV, wrapped in "dictionaries", or bare when configured', async () => {
    const id = await create();
    const r = await t.call('GET', `/v3/glossaries/${id}/entries?source_lang=EN&target_lang=de`);
    assert.deepEqual(r.body, { dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'cloud\tWolke\nserver\tServer\n', entries_format: 'tsv' }] });
    t.emu.config.bareEntries = true;
    const bare = await t.call('GET', `/v3/glossaries/${id}/entries?source_lang=en&target_lang=de`);
    assert.equal(bare.body.entries, 'cloud\tWolke\nserver\tServer\n');
  });

  it('requires both pair parameters for entries (400) and 404s an unknown pair or glossary', async () => {
    const id = await create();
    assert.equal((await t.call('GET', `/v3/glossaries/${id}/entries?source_lang=en`)).status, 400);
    assert.equal((await t.call('GET', `/v3/glossaries/${id}/entries?source_lang=en&target_lang=fr`)).status, 404);
    assert.equal((await t.call('GET', '/v3/glossaries/00000000-0000-0000-0000-000000000000')).status, 404);
  });

  it('PATCH merges entries into the pair and renames; existing entries stay', async () => {
    const id = await create();
    const r = await t.call('PATCH', `/v3/glossaries/${id}`, { name: 'Renamed', dictionaries: [dict('server\tRechner\nnew\tneu\n')] });
    assert.equal(r.status, 200);
    assert.equal(r.body.name, 'Renamed');
    const e = await t.call('GET', `/v3/glossaries/${id}/entries?source_lang=en&target_lang=de`);
    assert.equal(e.body.dictionaries[0].entries, 'cloud\tWolke\nserver\tRechner\nnew\tneu\n');
  });

  it('PUT replaces a dictionary whole, or creates it', async () => {
    const id = await create();
    const r = await t.call('PUT', `/v3/glossaries/${id}/dictionaries`, dict('only\tnur\n'));
    assert.deepEqual([r.status, r.body], [200, { source_lang: 'en', target_lang: 'de', entry_count: 1 }]);
    const c = await t.call('PUT', `/v3/glossaries/${id}/dictionaries`, dict('a\tb\n', 'en', 'fr'));
    assert.equal(c.status, 200);
    const g = await t.call('GET', `/v3/glossaries/${id}`);
    assert.equal(g.body.dictionaries.length, 2);
  });

  it('an invalid PUT or PATCH leaves the stored dictionary unchanged', async () => {
    const id = await create();
    assert.equal((await t.call('PUT', `/v3/glossaries/${id}/dictionaries`, dict('a\tb\na\tc\n'))).status, 400);
    assert.equal((await t.call('PATCH', `/v3/glossaries/${id}`, { name: 'X', dictionaries: [dict('\tb\n')] })).status, 400);
    const e = await t.call('GET', `/v3/glossaries/${id}/entries?source_lang=en&target_lang=de`);
    assert.equal(e.body.dictionaries[0].entries, 'cloud\tWolke\nserver\tServer\n');
    assert.equal((await t.call('GET', `/v3/glossaries/${id}`)).body.name, 'G');
  });

  it('deletes a dictionary and a glossary (204)', async () => {
    const id = await create('a\tb\n', [dict('a\tb\n', 'en', 'fr')]);
    const d = await t.call('DELETE', `/v3/glossaries/${id}/dictionaries?source_lang=en&target_lang=fr`);
    assert.deepEqual([d.status, d.text], [204, '']);
    assert.equal((await t.call('GET', `/v3/glossaries/${id}`)).body.dictionaries.length, 1);
    assert.equal((await t.call('DELETE', `/v3/glossaries/${id}`)).status, 204);
    assert.equal((await t.call('DELETE', `/v3/glossaries/${id}`)).status, 404);
  });

  describe('entry rules 1-7 (first problem, named by index and position)', () => {
    const cases: Array<[string, string, string, RegExp]> = [
      ['no separator', 'a\tb\nc d\n', 'tsv', /index 1 \(starting at position 4\)/],
      ['second tab', 'a\tb\tc\n', 'tsv', /index 0/],
      ['empty source', '\tb\n', 'tsv', /source is empty/],
      ['empty target', 'a\t\n', 'tsv', /target is empty/],
      ['duplicate source', 'cloud\tWolke\nserver\tServer\ncloud\tWolken\n', 'tsv', /^Key with the index 2 \(starting at position 26\) duplicates key with the index 0 \(starting at position 0\)$/],
      ['control character', 'a\u0007\tb\n', 'tsv', /control character/],
      ['Unicode newline', 'a\u2028b\tc\n', 'tsv', /line break/],
      ['leading whitespace', ' a\tb\n', 'tsv', /whitespace/],
      ['phrase over 1024 bytes', `${'é'.repeat(513)}\tb\n`, 'tsv', /1024/],
      ['CSV bad quoting', '"a,b\n', 'csv', /not valid CSV/],
      ['CSV three fields', 'a,b,en\n', 'csv', /separated by a comma/],
    ];
    for (const [name, entries, format, detail] of cases) {
      it(`400 for ${name}`, async () => {
        const r = await t.call('POST', '/v3/glossaries', { name: 'G', dictionaries: [dict(entries, 'en', 'de', format)] });
        assert.equal(r.status, 400, r.text);
        assert.equal(r.body.message, 'Invalid glossary entries provided');
        assert.match(r.body.detail, detail);
      });
    }
    it('CSV: quoted fields, and entries for another pair are ignored and not counted', async () => {
      const r = await t.call('POST', '/v3/glossaries', { name: 'G', dictionaries: [dict('"a, b","say ""hi"""\nc,d,en,de\ne,f,en,fr\n', 'en', 'de', 'csv')] });
      assert.equal(r.status, 201, r.text);
      assert.equal(r.body.dictionaries[0].entry_count, 2);
    });
    it('blank lines are skipped', async () => {
      const r = await t.call('POST', '/v3/glossaries', { name: 'G', dictionaries: [dict('a\tb\n\n\nc\td\n')] });
      assert.equal(r.body.dictionaries[0].entry_count, 2);
    });
  });

  describe('limits and language codes', () => {
    it('413 for a dictionary over 10 MiB', async () => {
      const line = `${'x'.repeat(1000)}`;
      const entries = Array.from({ length: 10_600 }, (_, i) => `${i}${line}\tb`).join('\n');
      const r = await t.call('POST', '/v3/glossaries', { name: 'G', dictionaries: [dict(entries)] });
      assert.equal(r.status, 413);
    });
    it('400 for a name over 1024 UTF-8 bytes', async () => {
      assert.equal((await t.call('POST', '/v3/glossaries', { name: 'ü'.repeat(513), dictionaries: [dict('a\tb')] })).status, 400);
    });
    it('refuses a create that repeats a pair', async () => {
      const r = await t.call('POST', '/v3/glossaries', { name: 'G', dictionaries: [dict('a\tb'), dict('c\td')] });
      assert.equal(r.status, 400);
      assert.match(r.body.detail, /appears twice/);
    });
    for (const [source, target] of [['en', 'en-US'], ['de', 'EN-GB'], ['en', 'pt-br'], ['en', 'PT-PT'], ['en', 'zh-hans'], ['en', 'th'], ['th', 'en'], ['en', 'en']]) {
      it(`400 for ${source} -> ${target}`, async () => {
        const r = await t.call('POST', '/v3/glossaries', { name: 'G', dictionaries: [dict('a\tb', source, target)] });
        assert.equal(r.status, 400, r.text);
      });
    }
    it('456 past the account glossary limit, with a message that says why', async () => {
      t.emu.state.accounts[t.emu.keys.paid].glossaryLimit = 2;
      await create();
      await create();
      const r = await t.call('POST', '/v3/glossaries', { name: 'third', dictionaries: [dict('a\tb')] });
      assert.equal(r.status, 456);
      assert.match(r.body.detail, /allows 2 glossaries/);
    });
  });
});
