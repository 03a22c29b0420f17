/** Term candidates (issue #31, item 5): frequent phrases of the sources that no glossary holds, with the renderings
 * the targets use for them. */
import * as assert from 'node:assert/strict';
import { findCandidates, type GlossaryEntry, type MappedText, type TranslationUnit } from '../../../src/core/termCheck';

const plain = (text: string): MappedText => ({ text, pieces: [0, 0] });
const units = (pairs: Array<[string, string?]>) => pairs.map(([s, t], i) => ({ file: 'app.po', unit: { id: `u${i}`, source: plain(s), ...(t ? { target: plain(t) } : {}) } as TranslationUnit }));
const glossary: GlossaryEntry[] = [{ source: 'cloud', target: 'Wolke', sourceLang: 'en', targetLang: 'de', glossary: 'Product' }];

describe('term candidates', () => {
  const corpus = units([
    ['Open the dashboard', 'Öffnen Sie das Dashboard'],
    ['The dashboard shows your usage', 'Das Dashboard zeigt Ihre Nutzung'],
    ['Reset the Dashboard', 'Setzen Sie das Dashboard zurück'],
    ['Share the dashboard with your team', 'Teilen Sie das Dashboard mit Ihrem Team'],
    ['Your billing account', 'Ihr Abrechnungskonto'],
    ['Close the billing account', 'Schließen Sie das Abrechnungskonto'],
    ['Billing account settings', 'Einstellungen des Abrechnungskontos'],
    ['Upload the file to the cloud', 'Laden Sie die Datei in die Wolke hoch'],
    ['The cloud is full', 'Die Wolke ist voll'],
    ['Sync the cloud', 'Synchronisieren Sie die Wolke'],
    ['Open the file {0}', undefined],
  ]);

  it('frequent phrases no glossary holds, stop words dropped, a phrase only ever inside a longer one left out; counts and examples', () => {
    const got = findCandidates(corpus, glossary, 'en', 'de');
    assert.deepEqual(got.map((c) => [c.phrase, c.count]), [['dashboard', 4], ['billing account', 3]]);
    assert.deepEqual(got[0].examples.map((e) => e.unitId), ['u0', 'u1', 'u2']);
    assert.equal(got[0].examples[0].file, 'app.po');
  });

  it('examples are three strings that differ: a string repeated in other files shows once', () => {
    const repeated = [
      ...units([['Save the report', 'Bericht speichern'], ['Save the report', 'Bericht speichern']]).map((u, i) => ({ ...u, file: `f${i}.po` })),
      ...units([['Save the report', 'Bericht speichern'], ['Save a report as PDF', 'Bericht als PDF speichern'], ['Save the report now', 'Bericht jetzt speichern']]),
    ];
    const [report] = findCandidates(repeated, glossary, 'en', 'de');
    assert.equal(report.count, 5);
    assert.deepEqual(report.examples.map((e) => e.source), ['Save the report', 'Save a report as PDF', 'Save the report now']);
  });

  it('the renderings found in the targets, best first: the target phrase that comes with it most consistently', () => {
    const [dashboard, billing] = findCandidates(corpus, glossary, 'en', 'de');
    assert.equal(dashboard.renderings[0].phrase, 'Dashboard');
    assert.equal(dashboard.renderings[0].count, 4);
    assert.equal(billing.renderings[0].phrase, 'Abrechnungskonto');
    assert.equal(billing.renderings[0].count, 2);
  });

  it('a phrase the glossary holds is no candidate, nor a phrase inside it; fewer than minCount strings: none', () => {
    const got = findCandidates(corpus, [...glossary, { source: 'billing account', target: 'Abrechnungskonto', sourceLang: 'en', targetLang: 'de', glossary: 'P' }], 'en', 'de');
    assert.deepEqual(got.map((c) => c.phrase), ['dashboard']);
    assert.deepEqual(findCandidates(corpus, glossary, 'en', 'de', { minCount: 5 }), []);
  });

  it('scripts without spaces: Japanese sources are split into words by Intl.Segmenter', () => {
    const ja = units([['データベースを開く'], ['データベースを削除する'], ['データベースの設定'], ['ファイルを開く']]);
    const got = findCandidates(ja, [], 'ja', undefined);
    assert.ok(got.some((c) => c.phrase === 'データベース' && c.count === 3), JSON.stringify(got.map((c) => [c.phrase, c.count])));
  });
});
