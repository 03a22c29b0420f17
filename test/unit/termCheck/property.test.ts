import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { TermIndex, type GlossaryEntry, type TranslationUnit } from '../../../src/core/termCheck';
import { fuzz } from '../fuzz/arbitraries';

/** Words that are no term's inflected form of another's: source words from one alphabet, target words from letters
 * no ending of the allowance holds, each word unique and no word inside another (CJK has no word boundaries). */
const words = (alphabet: string, n: number) => fc.uniqueArray(fc.stringMatching(new RegExp(`^[${alphabet}]{3,7}$`)), { minLength: n, maxLength: n })
  .filter((ws) => ws.every((a) => ws.every((b) => a === b || !b.includes(a))));

const LANGS = ['de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'ru', 'ja', 'sv'];
const TARGET_ALPHABET: Record<string, string> = { ru: 'бвгджзклпрфхцчшщ', ja: 'アイカキクサシタチナニ', default: 'bcdfghkpqt' };

const plain = (text: string) => ({ text, pieces: [0, 0] });

const glossaryCase = fc.integer({ min: 1, max: 6 }).chain((n) => fc.record({
  lang: fc.constantFrom(...LANGS),
  sources: words('a-m', n),
  twoWord: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
  order: fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
  filler: fc.constantFrom(' ', ', ', ' · ', '\n'),
})).chain((c) => words(TARGET_ALPHABET[c.lang] ?? TARGET_ALPHABET.default, c.sources.length * 2).map((t) => ({ ...c, targets: t })));

describe('term check property: targets built from the glossary\'s terms', () => {
  it('never give term-not-used; without one of them, exactly one term-not-used for it', () => {
    fc.assert(fc.property(glossaryCase, fc.nat(), (c, drop) => {
      const sep = c.lang === 'ja' ? '' : ' ';
      const entries: GlossaryEntry[] = c.sources.map((s, i) => ({
        source: s, target: c.twoWord[i] ? c.targets[2 * i] + sep + c.targets[2 * i + 1] : c.targets[2 * i], sourceLang: 'en', targetLang: c.lang, glossary: 'G',
      }));
      const index = new TermIndex(entries);
      const source = c.order.map((i) => entries[i].source).join(c.filler);
      const all = c.order.map((i) => entries[i].target);
      const check = (target: string) => index.checkUnit({ id: 'u', source: plain(source), target: plain(target) } as TranslationUnit, 'en', c.lang).findings;
      assert.deepEqual(check(all.join(c.lang === 'ja' ? '、' : c.filler)), []);
      const gone = drop % all.length;
      const rest = all.filter((_, k) => k !== gone).join(c.lang === 'ja' ? '、' : c.filler) || '-';
      const findings = check(rest);
      assert.equal(findings.length, 1, JSON.stringify({ source, rest, findings }));
      assert.equal(findings[0].code, 'term-not-used');
      assert.equal(findings[0].entry?.source, entries[c.order[gone]].source);
    }), fuzz());
  });
});
