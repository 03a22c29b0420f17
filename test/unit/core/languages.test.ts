/** One language-code function for every path (issue #29): TBX, spreadsheets, the service's CSV, the manifest and the
 * pickers fold case, `_` and `-`, regions and scripts, and `no` → `nb` alike, and report codes the service lacks. */
import * as assert from 'node:assert/strict';
import { lintLanguageCode, lintLanguagePair, normalizeLanguage, rootCode } from '../../../src/core';
import { languageOf, planConcepts, planSpreadsheet, readSpreadsheet, readTbx } from '../../../src/core/exchange';
import { parseManifest } from '../../../src/core/workspace/manifest';
import { bytesOf, dictionariesOf } from '../exchange/helpers';

describe('language codes: one function for every path', () => {
  it('folds case, `_`, regions and scripts, and aliases; reports what the service does not know', () => {
    const n = (code: string, list?: string[]) => normalizeLanguage(code, list);
    assert.deepEqual(n('de_DE'), { code: 'de', known: true, folded: 'subtags' });
    assert.deepEqual(n(' EN-us '), { code: 'en', known: true, folded: 'subtags' });
    assert.deepEqual(n('zh-Hans-CN'), { code: 'zh', known: true, folded: 'subtags' });
    assert.deepEqual(n('no'), { code: 'nb', known: true, folded: 'alias' });
    assert.deepEqual(n('NO_no'), { code: 'nb', known: true, folded: 'alias' });
    assert.deepEqual(n('deu'), { code: 'de', known: true, folded: 'alias' });
    assert.deepEqual(n('EN'), { code: 'en', known: true });
    assert.deepEqual(n('English'), { code: 'english', known: false });
    assert.deepEqual(n('x-klingon'), { code: 'x-klingon', known: false });
    assert.deepEqual(n('zz'), { code: 'zz', known: false });
    assert.deepEqual(n(''), { code: '', known: false });
    // A variant the service's list holds itself stays; a list without it folds it.
    assert.deepEqual(n('zh_Hant', ['en', 'zh', 'zh-hant']), { code: 'zh-hant', known: true });
    assert.deepEqual(n('zh_Hant', ['en', 'zh']), { code: 'zh', known: true, folded: 'subtags' });
    assert.deepEqual(n('fr', ['en', 'de']), { code: 'fr', known: false });
    assert.equal(rootCode('pt_BR'), 'pt');
  });

  it('the rules of a dictionary\'s pair say what to write instead', () => {
    assert.deepEqual(lintLanguageCode('no', 'target').map((f) => [f.code, f.replacement]), [['unsupported-language', 'NB']]);
    assert.deepEqual(lintLanguageCode('de_DE', 'target').map((f) => [f.code, f.replacement]), [['variant-target', 'DE']]);
    assert.deepEqual(lintLanguageCode('zh-Hant', 'target', { languages: ['en', 'zh', 'zh-hant'] }), []);
    assert.deepEqual(lintLanguagePair('nb', 'no').map((f) => f.code), ['unsupported-language', 'same-language']);
  });

  it('TBX: de_DE, en_US and no are DE, EN and NB (they were languages of their own, the entry lost, NO refused)', async () => {
    const xml = '<martif xml:lang="en_US"><text><body>' +
      '<termEntry><langSet xml:lang="en_US"><tig><term>cloud</term></tig></langSet><langSet xml:lang="de_DE"><tig><term>Wolke</term></tig></langSet>' +
      '<langSet xml:lang="no"><tig><term>sky</term></tig></langSet></termEntry>' +
      '<termEntry><langSet xml:lang="EN"><tig><term>server</term></tig></langSet><langSet xml:lang="de"><tig><term>Server</term></tig></langSet></termEntry>' +
      '</body></text></martif>';
    const tb = await readTbx(bytesOf(xml));
    assert.deepEqual([...tb.languages.keys()].sort(), ['de', 'en', 'nb']);
    const plan = planConcepts(tb.concepts, 'en', { format: 'tbx-v2' });
    assert.deepEqual(dictionariesOf(plan), { 'en-de': [['cloud', 'Wolke'], ['server', 'Server']], 'en-nb': [['cloud', 'sky']] });
    const why = plan.choices.map((c) => c.message).join('\n');
    assert.match(why, /EN_US, DE_DE taken as|DE_DE taken as DE/);
    assert.match(why, /NO taken as NB \(the service's code for the language\)/);
  });

  it('TBX: a code the service does not know is reported on its pair, never sent as a new language', async () => {
    const xml = '<martif><text><body><termEntry><langSet xml:lang="en"><tig><term>cloud</term></tig></langSet>' +
      '<langSet xml:lang="Deutsch"><tig><term>Wolke</term></tig></langSet></termEntry></body></text></martif>';
    const plan = planConcepts((await readTbx(bytesOf(xml))).concepts, 'en', { format: 'tbx-v2' });
    assert.deepEqual(plan.pairs.map((p) => [p.targetLang, p.entries.length, p.skipped.map((s) => s.reason).join()]), [['deutsch', 0, 'unsupported-language']]);
    assert.match(plan.pairs[0].findings[0].message, /DEUTSCH is not a glossary language of the service/);
  });

  it('a code that names no language (`---`, as some TBX files write one) is said to be none, and never becomes a pair', async () => {
    assert.deepEqual(normalizeLanguage('---'), { code: '---', known: false, invalid: true });
    assert.deepEqual(normalizeLanguage('*'), { code: '*', known: false, invalid: true });
    assert.deepEqual(normalizeLanguage('en us'), { code: 'en us', known: false, invalid: true });
    assert.deepEqual(normalizeLanguage('es-419'), { code: 'es', known: true, folded: 'subtags' });
    assert.deepEqual(lintLanguageCode('---', 'target').map((f) => [f.code, f.message]), [['unsupported-language', '"---" is not a language code.']]);
    // As in LTAC's conv-good-basic1: a langSet of "---" beside English, and one alone.
    const xml = '<martif xml:lang="en"><text><body>' +
      '<termEntry id="c1"><langSet xml:lang="en"><tig><term>cloud</term></tig></langSet><langSet xml:lang="pt"><tig><term>nuvem</term></tig></langSet>' +
      '<langSet xml:lang="---"><tig><term>x</term></tig></langSet></termEntry>\n' +
      '<termEntry id="c2"><langSet xml:lang="---"><tig><term>y</term></tig></langSet><langSet xml:lang="pt"><tig><term>céu</term></tig></langSet></termEntry>\n' +
      '<termEntry id="c3"><langSet xml:lang="en"><tig><term>sky</term></tig></langSet><langSet xml:lang="---"><tig><term>z</term></tig></langSet></termEntry>\n' +
      '</body></text></martif>';
    const tb = await readTbx(bytesOf(xml));
    assert.deepEqual([...tb.languages.keys()].sort(), ['en', 'pt']);
    const plan = planConcepts(tb.concepts, 'en', { format: 'tbx-v2' });
    assert.deepEqual(plan.pairs.map((p) => p.targetLang), ['pt']);
    assert.deepEqual(dictionariesOf(plan), { 'en-pt': [['cloud', 'nuvem']] });
    assert.ok(plan.choices.some((c) => c.message === '"---" is not a language code: its 3 term(s) were left out (lines 1, 2, 3).'), plan.choices.map((c) => c.message).join('\n'));
    // The service's CSV: a row whose language column holds one is left out, said so.
    const sheet = readSpreadsheet(Buffer.from('cloud,Wolke,en,de\nsky,Himmel,en,de\n' + 'a,b,en,de\n'.repeat(200) + 'sun,Sonne,en,---\n'));
    const rows = planSpreadsheet(sheet, sheet.mapping!);
    assert.deepEqual(rows.pairs.map((p) => `${p.sourceLang}-${p.targetLang}`), ['en-de']);
    assert.ok(rows.choices.some((c) => c.message === '"---" is not a language code: its 1 row(s) were left out (line 203).'), rows.choices.map((c) => c.message).join('\n'));
  });

  it('spreadsheets, the service\'s CSV and the manifest fold the same way', () => {
    assert.equal(languageOf('de_DE'), 'de');
    assert.equal(languageOf('NO'), 'nb');
    const sheet = readSpreadsheet(Buffer.from('cloud,Wolke,EN_us,DE_de\nsky,himmel,en,no\n'));
    assert.deepEqual(dictionariesOf(planSpreadsheet(sheet, sheet.mapping!)), { 'en-de': [['cloud', 'Wolke']], 'en-nb': [['sky', 'himmel']] });
    const { problems } = parseManifest(JSON.stringify({ spokenTerms: [{ name: 'M', termLists: { de_DE: 's/de.txt' } }], glossaries: [{ name: 'G', dictionaries: { 'en-no': 'g/en-no.tsv' } }] }));
    assert.deepEqual(problems.filter((p) => p.code !== 'manifest-schema').map((p) => [p.code, p.message.replace(/:.*$/, '')]).sort(), [
      ['unsupported-language', 'The service names this language NB'],
      ['variant-source', 'A term list is named by its root language code'],
    ]);
  });
});
