import * as assert from 'node:assert/strict';
import { applyEdits, removeFromDictionaries, rowLanguages, splitGrid } from '../../../src/core';

const text = 'en\tde\tfr\tja\ncloud\tWolke\tnuage\tクラウド\nlogin\tAnmeldung\t\tログイン\nprice\t\tprix\t\nempty\t""\tvide\t\n\n';
const lines = text.split('\n');
const at = (i: number) => lines[i];
const apply = (langs: string[], rows: number[]) => {
  const r = removeFromDictionaries(at, lines.length, rows, new Set(langs));
  return { ...r, text: applyEdits(text, r.edits).text };
};
const dicts = (t: string) => Object.fromEntries(splitGrid(t).dictionaries.map((d) => [d.targetLang, d.entries.map((e) => e.source)]));

describe('glossary table: delete rows from the dictionaries you choose', () => {
  it('offers each language that holds a phrase in the selected rows, with how many', () => {
    assert.deepEqual(rowLanguages(at, lines.length, [1, 2, 3]), [{ lang: 'de', rows: 2 }, { lang: 'fr', rows: 2 }, { lang: 'ja', rows: 2 }]);
    assert.deepEqual(rowLanguages(at, lines.length, [3]), [{ lang: 'fr', rows: 1 }]);
    assert.deepEqual(rowLanguages(at, lines.length, [0, 5]), [], 'the header and a blank line are not rows');
    // A quoted empty cell is an (invalid) empty phrase, not a gap: it is offered.
    assert.deepEqual(rowLanguages(at, lines.length, [4]), [{ lang: 'de', rows: 1 }, { lang: 'fr', rows: 1 }]);
  });

  const cases: Array<{ name: string; langs: string[]; rows: number[]; removed: number; cleared: string[]; after: Record<string, string[]> }> = [
    { name: 'one dictionary: its cells become gaps, the rows stay', langs: ['de'], rows: [1, 2], removed: 0, cleared: ['de'],
      after: { de: ['empty'], fr: ['cloud', 'price', 'empty'], ja: ['cloud', 'login'] } },
    { name: 'every dictionary: the rows go', langs: ['de', 'fr', 'ja'], rows: [1, 2], removed: 2, cleared: ['de', 'fr', 'ja'],
      after: { de: ['empty'], fr: ['price', 'empty'], ja: [] } },
    { name: 'the only language a row has: that row goes, the other keeps its source', langs: ['fr'], rows: [1, 3], removed: 1, cleared: ['fr'],
      after: { de: ['cloud', 'login', 'empty'], fr: ['empty'], ja: ['cloud', 'login'] } },
    { name: 'a language the row lacks changes nothing there', langs: ['ja'], rows: [3], removed: 0, cleared: [],
      after: { de: ['cloud', 'login', 'empty'], fr: ['cloud', 'price', 'empty'], ja: ['cloud', 'login'] } },
    { name: 'the header is never removed', langs: ['de', 'fr', 'ja'], rows: [0], removed: 0, cleared: [],
      after: { de: ['cloud', 'login', 'empty'], fr: ['cloud', 'price', 'empty'], ja: ['cloud', 'login'] } },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = apply(c.langs, c.rows);
      assert.equal(r.linesRemoved, c.removed);
      assert.deepEqual(r.cleared, c.cleared);
      assert.equal(r.text.split('\n')[0], 'en\tde\tfr\tja');
      assert.deepEqual(dicts(r.text), c.after);
    });
  }

  it('removing the last line of a text without a final line break leaves no dangling line', () => {
    const t = 'en\tde\ncloud\tWolke\nlogin\tAnmeldung';
    const ls = t.split('\n');
    const r = removeFromDictionaries((i) => ls[i], ls.length, [1, 2], new Set(['de']));
    assert.equal(applyEdits(t, r.edits).text, 'en\tde');
  });
});
