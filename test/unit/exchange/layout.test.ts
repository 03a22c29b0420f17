/** No silent guess on a sheet's layout (issue #29): flag columns are never languages, a language comes from a header,
 * a code of the service's list or (as a suggestion) the script; when more than one reading is plausible the sheet has
 * no mapping and says why, with a suggestion; answers are remembered by header; a TBX's source is its declared one. */
import * as assert from 'node:assert/strict';
import {
  describeLayout, isFlagColumn, layoutKey, planSpreadsheet, readSpreadsheet, readTbx, recallLayout, rememberLayout, scriptLanguages,
  sourceLanguages, MAX_REMEMBERED_LAYOUTS, type RememberedLayout,
} from '../../../src/core/exchange';
import { bytesOf, dictionariesOf } from './helpers';

const sheetOf = (text: string, fileName?: string) => readSpreadsheet(Buffer.from(text, 'utf8'), { fileName });

describe('sheet layout: no silent guess', () => {
  it('term,cs,forbidden,case sensitive (a localization platform\'s glossary): marks are not languages; asks the term column\'s language', () => {
    const sheet = sheetOf('term,cs,forbidden,case sensitive\ncloud,mrak,no,no\nserver,server,yes,no\nkey,klíč,no,yes\n');
    assert.deepEqual(sheet.header, ['term', 'cs', 'forbidden', 'case sensitive']);
    assert.deepEqual(sheet.flags, [2, 3]);
    assert.equal(sheet.mapping, undefined);
    assert.deepEqual(sheet.suggestion, {
      columns: [{ index: 0, lang: '', candidates: [] }, { index: 1, lang: 'cs', candidates: [] }], forbidden: 2,
      why: 'No header names the language of column 1 ("term").',
    });
    assert.match(sheet.notes.join('\n'), /Column\(s\) 3 \("forbidden"\), 4 \("case sensitive"\) hold yes\/no marks, not a language/);
    // With the user's answer: the forbidden row is left out.
    const plan = planSpreadsheet(sheet, { kind: 'languages', columns: [{ index: 0, lang: 'en' }, { index: 1, lang: 'cs' }], forbidden: 2 });
    assert.deepEqual(dictionariesOf(plan), { 'en-cs': [['cloud', 'mrak'], ['key', 'klíč']] });
    assert.deepEqual(plan.pairs[0].skipped.map((s) => [s.reason, s.line]), [['forbidden', 3]]);
  });

  it('source,target,forbidden,case sensitive with rows ending no,no: not the service\'s layout with two "NO" columns', () => {
    for (const text of ['source,target,forbidden,case sensitive\ncloud,Wolke,no,no\nserver,Server,no,no\n', 'cloud,Wolke,no,no\nserver,Server,no,no\n']) {
      const sheet = sheetOf(text);
      assert.equal(sheet.mapping, undefined, text);
      assert.deepEqual(sheet.flags, [2, 3]);
      assert.deepEqual(sheet.suggestion?.columns.map((c) => [c.index, c.lang]), [[0, ''], [1, '']]);
    }
  });

  it('the service\'s own layout stays certain, Japanese (JA) and Norwegian codes included', () => {
    assert.deepEqual(sheetOf('a,b,EN,JA\n').mapping, { kind: 'pairs', source: 0, target: 1, sourceLang: 2, targetLang: 3 });
    assert.equal(sheetOf('a,b,EN,NB\nc,d,EN,no\n').mapping?.kind, 'pairs');
    // One language with itself on every row is no dictionary.
    assert.equal(sheetOf('a,b,EN,EN\n').mapping, undefined);
  });

  it('a column is a flag column by its header or its yes/no values; a header naming a language over text is not', () => {
    assert.equal(isFlagColumn(['yes', 'no', ''], undefined), true);
    assert.equal(isFlagColumn(['x', '', 'x'], 'Verboten'), true);
    assert.equal(isFlagColumn(['no', 'no'], undefined), true);
    assert.equal(isFlagColumn(['ja', 'JA'], undefined), false); // Japanese codes
    assert.equal(isFlagColumn(['ja', 'nein'], undefined), true);
    assert.equal(isFlagColumn(['mrak', 'klíč'], 'cs'), false);
    assert.equal(isFlagColumn(['no', 'yes'], 'cs'), true);
    assert.equal(isFlagColumn(['anything'], 'case sensitive'), true);
    assert.equal(isFlagColumn(['', ''], undefined), false);
  });

  it('the script of a column suggests its language, never decides it', () => {
    assert.deepEqual(scriptLanguages(['クラウド', 'サーバー', 'key']), ['ja']);
    assert.deepEqual(scriptLanguages(['云', '服务器']), ['zh', 'ja']);
    assert.deepEqual(scriptLanguages(['云', 'サーバー', '服务器']), ['ja']);
    assert.deepEqual(scriptLanguages(['облако', 'сервер']), ['ru', 'uk', 'bg', 'sr', 'mk']);
    assert.deepEqual(scriptLanguages(['cloud', 'server']), []);
    const sheet = sheetOf('term,translation\ncloud,クラウド\nserver,サーバー\n');
    assert.equal(sheet.mapping, undefined);
    assert.deepEqual(sheet.suggestion?.columns, [{ index: 0, lang: '', candidates: [] }, { index: 1, lang: 'ja', candidates: ['ja'] }]);
  });

  it('the user says whether row 1 is a header', () => {
    const text = 'Begriff,Übersetzung\ncloud,Wolke\n';
    assert.equal(sheetOf(text).header, undefined);
    const sheet = readSpreadsheet(Buffer.from(text), { header: true });
    assert.deepEqual(sheet.header, ['Begriff', 'Übersetzung']);
    assert.equal(sheet.rows.length, 1);
    assert.match(sheet.notes.join('\n'), /Row 1 is a header \(as you said\)/);
    assert.equal(readSpreadsheet(Buffer.from('source,target\ncloud,Wolke\n'), { header: false }).rows.length, 2);
  });

  it('answers are remembered by header (case and spaces folded) and recalled only when they fit the sheet', () => {
    const key = layoutKey(['Term', ' CS ', 'forbidden'], ',')!;
    assert.equal(key, layoutKey(['term', 'cs', 'Forbidden'], ','));
    assert.notEqual(key, layoutKey(['term', 'cs', 'forbidden'], ';'));
    assert.equal(layoutKey(undefined, ','), undefined);
    const mapping = { kind: 'languages' as const, columns: [{ index: 0, lang: 'en' }, { index: 1, lang: 'cs' }], forbidden: 2 };
    let store: Record<string, RememberedLayout> = {};
    store = rememberLayout(store, key, { mapping, at: 1 });
    assert.deepEqual(recallLayout(store, key, 4)?.mapping, mapping);
    assert.equal(recallLayout(store, key, 2), undefined); // column 3 is gone
    assert.equal(recallLayout(store, 'other', 4), undefined);
    assert.equal(describeLayout(mapping, ['term', 'cs', 'forbidden']), 'column 1 ("term") → EN, column 2 ("cs") → CS; column 3 ("forbidden") marks rows not to import');
    for (let i = 0; i < MAX_REMEMBERED_LAYOUTS + 5; i++) store = rememberLayout(store, `k${i}`, { mapping, at: 10 + i });
    assert.equal(Object.keys(store).length, MAX_REMEMBERED_LAYOUTS);
    assert.equal(store[key], undefined); // the oldest went first
    assert.ok(store[`k${MAX_REMEMBERED_LAYOUTS + 4}`]);
  });
});

describe('the default source language is the file\'s declared one', () => {
  it('TBX: the root xml:lang first, whatever the concept counts; then the most concepts', async () => {
    const xml = (root: string) => `<martif${root}><text><body>` +
      '<termEntry><langSet xml:lang="de"><tig><term>a</term></tig></langSet><langSet xml:lang="en"><tig><term>b</term></tig></langSet></termEntry>' +
      '<termEntry><langSet xml:lang="de"><tig><term>c</term></tig></langSet><langSet xml:lang="fr"><tig><term>d</term></tig></langSet></termEntry>' +
      '</body></text></martif>';
    const declared = await readTbx(bytesOf(xml(' xml:lang="EN-us"')));
    assert.equal(declared.declaredLang, 'en');
    assert.deepEqual(sourceLanguages(declared), [{ lang: 'en', concepts: 1, declared: true }, { lang: 'de', concepts: 2, declared: false }, { lang: 'fr', concepts: 1, declared: false }]);
    const none = await readTbx(bytesOf(xml('')));
    assert.equal(none.declaredLang, undefined);
    assert.deepEqual(sourceLanguages(none).map((l) => l.lang), ['de', 'en', 'fr']);
    // A declared language without a term in the file is not offered first.
    assert.equal((await readTbx(bytesOf(xml(' xml:lang="ja"')))).declaredLang, undefined);
  });
});
