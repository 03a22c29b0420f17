import * as assert from 'node:assert/strict';
import { ruleDocUrl } from '../../../src/core';
import {
  checkUnits, RenderingTally, readPo, readXliff, TermIndex, toFileFindings, type GlossaryEntry, type MappedText, type TermCheckOptions, type TranslationUnit,
} from '../../../src/core/termCheck';

/** A string that is its own file: offsets are indices. */
const plain = (text: string): MappedText => ({ text, pieces: [0, 0] });
const unit = (source: string, target: string, extra: Partial<TranslationUnit> = {}): TranslationUnit => ({ id: 'u', source: plain(source), target: plain(target), ...extra });
const entry = (pair: string, source: string, target: string, glossary = 'Product'): GlossaryEntry => {
  const [sourceLang, targetLang] = pair.split('-');
  return { source, target, sourceLang, targetLang, glossary };
};

const GLOSSARY: GlossaryEntry[] = [
  entry('en-de', 'cloud', 'Wolke'), entry('en-de', 'virtual machine', 'virtuelle Maschine'), entry('en-de', 'API', 'Schnittstelle'),
  entry('en-de', 'user account', 'Benutzerkonto'), entry('en-de', 'account', 'Konto'), entry('en-de', 'Kubernetes', 'Kubernetes'), entry('en-de', 'company', 'Firma'),
  entry('en-de', 'overview', 'Übersicht'),
  entry('en-fr', 'file', 'fichier'), entry('en-fr', 'log', 'journal'), entry('en-fr', 'computer', 'ordinateur'),
  entry('en-es', 'server', 'servidor'), entry('en-es', 'folder', 'carpeta'),
  entry('en-it', 'game', 'gioco'), entry('en-it', 'friend', 'amico'),
  entry('en-pt', 'channel', 'canal'), entry('en-pt', 'button', 'botão'),
  entry('en-nl', 'file', 'bestand'), entry('en-nl', 'server', 'server'),
  entry('en-pl', 'file', 'plik'), entry('en-pl', 'cloud', 'chmura'),
  entry('en-ru', 'cloud', 'облако'), entry('en-ru', 'file', 'файл'),
  entry('en-ja', 'cloud', 'クラウド'), entry('en-zh', 'server', '服务器'), entry('zh-en', '服务器', 'server'),
  entry('en-ko', 'cloud', '클라우드'), entry('en-th', 'server', 'เซิร์ฟเวอร์'),
];

type Expect = [code: string, targetSlice: string];
interface Case { name: string; pair: string; source: string; target: string; expect: Expect[]; options?: TermCheckOptions; extra?: Partial<TranslationUnit> }

const cases: Case[] = [
  // term-not-used, and what is not a finding
  { name: 'the glossary target is used', pair: 'en-de', source: 'Open the cloud', target: 'Öffne die Wolke', expect: [] },
  { name: 'term-not-used: on the whole target', pair: 'en-de', source: 'Open the cloud', target: 'Öffne den Himmel', expect: [['term-not-used', 'Öffne den Himmel']] },
  { name: 'source in another case, plural in the source', pair: 'en-de', source: 'CLOUDS everywhere', target: 'Himmel', expect: [['term-not-used', 'Himmel']] },
  { name: 'a word containing the term is not the term (cloudflare, cloudy)', pair: 'en-de', source: 'cloudflare and cloudy days', target: 'x', expect: [] },
  { name: 'a placeholder is not text: {{cloud}}', pair: 'en-de', source: 'Open \uFFFC', target: 'Öffne \uFFFC', expect: [] },
  { name: 'English "y" → "ies" in the source', pair: 'en-de', source: 'All companies', target: 'Alle Unternehmen', expect: [['term-not-used', 'Alle Unternehmen']] },
  { name: 'multi-word: flexible whitespace in source and target', pair: 'en-de', source: 'Start the virtual\n   machine', target: 'Starten Sie die virtuelle\u00a0Maschine', expect: [] },
  { name: 'multi-word: inner words inflected in the target (de)', pair: 'en-de', source: 'Start virtual machines', target: 'Starten Sie die virtuellen Maschinen', expect: [] },
  { name: 'multi-word: only one word of the target is not the term', pair: 'en-de', source: 'Start the virtual machine', target: 'Starten Sie die Maschine', expect: [['term-not-used', 'Starten Sie die Maschine']] },
  { name: 'longest match: "user account" hides no "account" finding', pair: 'en-de', source: 'Your user account', target: 'Ihr Benutzerkonto', expect: [] },
  { name: 'case-sensitive entry (API): "api" in the source is not the term', pair: 'en-de', source: 'the api key', target: 'der Schlüssel', expect: [] },
  { name: 'case-sensitive entry (API): "API" is', pair: 'en-de', source: 'the API key', target: 'der Schlüssel', expect: [['term-not-used', 'der Schlüssel']] },
  { name: 'NFC: a decomposed target matches the precomposed term, range on the file\'s characters', pair: 'en-de', source: 'Overview', target: 'Die U\u0308bersicht', expect: [] },
  { name: 'a target language without a glossary: nothing', pair: 'en-sv', source: 'Open the cloud', target: 'Öppna molnet', expect: [] },
  { name: 'an empty target is untranslated, not a finding', pair: 'en-de', source: 'Open the cloud', target: '', expect: [] },
  // untranslated-term
  { name: 'untranslated-term: the source term left as it was', pair: 'en-de', source: 'Open the cloud', target: 'Öffne die Cloud', expect: [['untranslated-term', 'Cloud']] },
  { name: 'a term the glossary keeps as it is is neither untranslated nor missing', pair: 'en-de', source: 'Kubernetes cluster', target: 'Kubernetes-Cluster', expect: [] },
  // forbidden-term
  { name: 'forbidden-term: an inflected form, with untranslated-term', pair: 'en-de', source: 'Open the cloud', target: 'Öffne die Clouds', options: { forbidden: { de: ['Cloud'] } },
    expect: [['untranslated-term', 'Clouds'], ['forbidden-term', 'Clouds']] },
  { name: 'forbidden-term: multi-word, any case, two places', pair: 'en-de', source: 'x', target: 'Die Rechner Wolke und die rechner  wolken', options: { forbidden: { 'de-DE': ['Rechner Wolke'] } },
    expect: [['forbidden-term', 'Rechner Wolke'], ['forbidden-term', 'rechner  wolken']] },
  { name: 'forbidden-term: not for another language', pair: 'en-de', source: 'x', target: 'Cloud', options: { forbidden: { fr: ['Cloud'] } }, expect: [] },
  // the inflection allowance, per language: an inflected form is the term; another word is not
  { name: 'de: Wolke → Wolken', pair: 'en-de', source: 'Two clouds', target: 'Zwei Wolken', expect: [] },
  { name: 'de: another word', pair: 'en-de', source: 'Two clouds', target: 'Zwei Welten', expect: [['term-not-used', 'Zwei Welten']] },
  { name: 'fr: fichier → fichiers', pair: 'en-fr', source: 'Open files', target: 'Ouvrir les fichiers', expect: [] },
  { name: 'fr: journal → journaux', pair: 'en-fr', source: 'The logs', target: 'Les journaux', expect: [] },
  { name: 'fr: after an elision (l\'ordinateur)', pair: 'en-fr', source: 'the computer', target: 'l\'ordinateur', expect: [] },
  { name: 'fr: another word', pair: 'en-fr', source: 'Open files', target: 'Ouvrir les documents', expect: [['term-not-used', 'Ouvrir les documents']] },
  { name: 'es: servidor → servidores', pair: 'en-es', source: 'All servers', target: 'Todos los servidores', expect: [] },
  { name: 'es: carpeta → carpetas', pair: 'en-es', source: 'folders', target: 'carpetas', expect: [] },
  { name: 'es: another word', pair: 'en-es', source: 'All servers', target: 'Todos los equipos', expect: [['term-not-used', 'Todos los equipos']] },
  { name: 'it: gioco → giochi', pair: 'en-it', source: 'New games', target: 'Nuovi giochi', expect: [] },
  { name: 'it: amico → amici', pair: 'en-it', source: 'Friends', target: 'Amici', expect: [] },
  { name: 'it: another word', pair: 'en-it', source: 'New games', target: 'Nuove partite', expect: [['term-not-used', 'Nuove partite']] },
  { name: 'pt: canal → canais', pair: 'en-pt', source: 'Channels', target: 'Canais', expect: [] },
  { name: 'pt: botão → botões', pair: 'en-pt', source: 'Buttons', target: 'Os botões', expect: [] },
  { name: 'pt: another word', pair: 'en-pt', source: 'Buttons', target: 'As teclas', expect: [['term-not-used', 'As teclas']] },
  { name: 'nl: bestand → bestanden', pair: 'en-nl', source: 'Files', target: 'Bestanden', expect: [] },
  { name: 'nl: server → servers', pair: 'en-nl', source: 'Servers', target: 'Servers', expect: [] },
  { name: 'nl: another word', pair: 'en-nl', source: 'Files', target: 'Documenten', expect: [['term-not-used', 'Documenten']] },
  { name: 'pl: plik → plików, pliku', pair: 'en-pl', source: 'No files in the file', target: 'Brak plików w pliku', expect: [] },
  { name: 'pl: chmura → chmurze', pair: 'en-pl', source: 'In the cloud', target: 'W chmurze', expect: [] },
  { name: 'pl: another word', pair: 'en-pl', source: 'Files', target: 'Dokumenty', expect: [['term-not-used', 'Dokumenty']] },
  { name: 'ru: облако → облаке, облаком', pair: 'en-ru', source: 'In the cloud', target: 'В облаке', expect: [] },
  { name: 'ru: файл → файлов', pair: 'en-ru', source: 'No files', target: 'Нет файлов', expect: [] },
  { name: 'ru: another word', pair: 'en-ru', source: 'In the cloud', target: 'В небе', expect: [['term-not-used', 'В небе']] },
  // scripts without spaces
  { name: 'ja: no boundary needed around the term', pair: 'en-ja', source: 'Save to the cloud', target: 'クラウドに保存', expect: [] },
  { name: 'ja: another word', pair: 'en-ja', source: 'Save to the cloud', target: '雲に保存', expect: [['term-not-used', '雲に保存']] },
  { name: 'zh: inside a sentence without spaces', pair: 'en-zh', source: 'Server failed', target: '连接到服务器失败', expect: [] },
  { name: 'zh source: the term inside a Chinese sentence, English target plural', pair: 'zh-en', source: '连接服务器失败', target: 'Could not reach the servers', expect: [] },
  { name: 'zh source: term-not-used', pair: 'zh-en', source: '连接服务器失败', target: 'Could not reach the host', expect: [['term-not-used', 'Could not reach the host']] },
  { name: 'ko: a particle attached to the term', pair: 'en-ko', source: 'Save to the cloud', target: '클라우드에 저장', expect: [] },
  { name: 'th: word boundaries by Intl.Segmenter', pair: 'en-th', source: 'Your server', target: 'เซิร์ฟเวอร์ของคุณ', expect: [] },
  { name: 'th: another word', pair: 'en-th', source: 'Your server', target: 'เครื่องของคุณ', expect: [['term-not-used', 'เครื่องของคุณ']] },
  // options
  { name: 'caseMode "sensitive": "Cloud" in the source is not "cloud"', pair: 'en-de', source: 'Cloud', target: 'x', options: { caseMode: 'sensitive' }, expect: [] },
  { name: 'caseMode "insensitive": "api" is "API"', pair: 'en-de', source: 'the api', target: 'x', options: { caseMode: 'insensitive' }, expect: [['term-not-used', 'x']] },
];

describe('term check findings (table)', () => {
  const defaultIndex = new TermIndex(GLOSSARY);
  for (const c of cases) {
    it(c.name, () => {
      const index = c.options ? new TermIndex(GLOSSARY, c.options) : defaultIndex;
      const [sl, tl] = c.pair.split('-');
      const { findings } = index.checkUnit(unit(c.source, c.target, c.extra), sl, tl);
      assert.deepEqual(findings.map((f): Expect => [f.code, c.target.slice(f.offset, f.endOffset)]), c.expect, JSON.stringify(findings.map((f) => f.message)));
    });
  }

  it('term-not-used: severity, message naming the glossary, the source term as related location', () => {
    const { findings: [f] } = defaultIndex.checkUnit(unit('Open the cloud', 'Öffne den Himmel'), 'en', 'de');
    assert.equal(f.severity, 'warning');
    assert.equal(f.message, 'The source has "cloud"; the target does not use the glossary\'s "Wolke" (glossary Product, en-de).');
    assert.deepEqual([f.related!.offset, f.related!.endOffset], [9, 14]);
    assert.equal(f.entry?.target, 'Wolke');
  });

  it('a fuzzy PO entry is checked and its findings say so', () => {
    const po = '#, fuzzy\nmsgid "Open the cloud"\nmsgstr "Öffne den Himmel"\n';
    const { findings } = checkUnits(readPo(po), defaultIndex, 'en', 'de');
    assert.equal(findings.length, 1);
    assert.equal(findings[0].fuzzy, true);
    assert.match(findings[0].message, /marked fuzzy/);
    assert.equal(po.slice(findings[0].offset, findings[0].endOffset), 'Öffne den Himmel');
  });

  it('file findings: line and columns, across lines, the documentation address of the code', () => {
    const po = 'msgid "Open the cloud"\nmsgstr ""\n"Öffne den "\n"Himmel"\n';
    const r = checkUnits(readPo(po), defaultIndex, 'en', 'de');
    const [f] = toFileFindings(r.findings, po);
    assert.deepEqual([f.code, f.line, f.start, f.endLine, f.end], ['term-not-used', 2, 1, 3, 7]);
    assert.equal(f.docUrl, ruleDocUrl('term-not-used'));
    assert.deepEqual(f.related, [{ line: 0, start: 16, end: 21, message: 'The source term "cloud".' }]);
  });

  it('inconsistent-term: two glossary targets for one source term; the less frequent rendering is flagged, across files', () => {
    const index = new TermIndex([entry('en-de', 'cloud', 'Wolke', 'A'), entry('en-de', 'cloud', 'Datenwolke', 'B')]);
    const tally = new RenderingTally();
    const file1 = [unit('the cloud', 'die Wolke'), unit('clouds', 'Wolken')];
    const file2 = [unit('a cloud', 'eine Datenwolke')];
    tally.set('one', checkUnits({ format: 'po', units: file1, problems: [] }, index, 'en', 'de').renderings);
    tally.set('two', checkUnits({ format: 'po', units: file2, problems: [] }, index, 'en', 'de').renderings);
    assert.deepEqual(tally.findings('one'), []);
    const [f] = tally.findings('two');
    assert.equal(f.code, 'inconsistent-term');
    assert.equal(f.severity, 'info');
    assert.equal('eine Datenwolke'.slice(f.offset, f.endOffset), 'Datenwolke');
    assert.match(f.message, /"cloud" is rendered as "Datenwolke" here and as "Wolke" in 2 other place/);
    // The second file checked again with the majority's rendering: nothing is inconsistent any more.
    tally.set('two', checkUnits({ format: 'po', units: [unit('a cloud', 'eine Wolke')], problems: [] }, index, 'en', 'de').renderings);
    assert.deepEqual([...tally.findings('one'), ...tally.findings('two')], []);
  });
});

describe('term check: "Ignore here" marks in the file', () => {
  const index = new TermIndex(GLOSSARY, { forbidden: { de: ['Rechner'] } });
  const codes = (u: TranslationUnit) => index.checkUnit(u, 'en', 'de').findings.map((f) => [f.code, f.term]);

  it('a unit ignoring a term gives no finding and no rendering of it; other terms are still checked; a bare mark ignores all', () => {
    const u = unit('Open the cloud account on the server', 'Öffne den Himmel auf dem Rechner');
    assert.deepEqual(codes(u), [['term-not-used', 'cloud'], ['term-not-used', 'account'], ['forbidden-term', 'Rechner']]);
    assert.deepEqual(codes({ ...u, ignore: { all: false, terms: ['CLOUD', 'rechner'] } }), [['term-not-used', 'account']]);
    assert.deepEqual(codes({ ...u, ignore: { all: true, terms: [] } }), []);
    const used = unit('Open the cloud', 'Öffne die Wolke');
    assert.equal(index.checkUnit({ ...used, ignore: { all: false, terms: ['cloud'] } }, 'en', 'de').renderings.length, 0);
    assert.equal(index.checkUnit(used, 'en', 'de').renderings.length, 1);
  });

  it('PO: a translator comment "# terminology-ignore: …" before the entry; other comments are not marks', () => {
    const po = [
      'msgid ""', 'msgstr ""', '"Language: de\\n"', '',
      '# terminology-ignore: cloud', '#, fuzzy', 'msgid "Open the cloud account"', 'msgstr "Öffne den Himmel"', '',
      '# terminology-ignore', 'msgid "The cloud"', 'msgstr "Der Himmel"', '',
      '#. terminology-ignore: cloud', '# a note', 'msgid "My cloud"', 'msgstr "Mein Himmel"', '',
    ].join('\n');
    const read = readPo(po);
    assert.deepEqual(read.units.map((u) => u.ignore), [{ all: false, terms: ['cloud'] }, { all: true, terms: [] }, undefined]);
    assert.deepEqual(read.units.map((u) => codes(u).map((c) => c.join(' '))), [['term-not-used account'], [], ['term-not-used cloud']]);
  });

  it('XLIFF 1.2 and 2.0: a unit\'s <note>terminology-ignore: …</note>', () => {
    const x12 = `<xliff version="1.2"><file source-language="en" target-language="de"><body>
<trans-unit id="a"><source>Open the cloud account</source><target>Öffne den Himmel</target><note>terminology-ignore: cloud, account</note></trans-unit>
<trans-unit id="b"><source>Open the cloud</source><target>Öffne den Himmel</target><note>a translator's note</note></trans-unit>
</body></file></xliff>`;
    const r12 = readXliff(x12);
    assert.deepEqual(r12.units.map((u) => u.ignore), [{ all: false, terms: ['cloud', 'account'] }, undefined]);
    assert.deepEqual(r12.units.map((u) => codes(u).length), [0, 1]);
    const x20 = `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de"><file id="f">
<unit id="a"><notes><note category="terminology">terminology-ignore</note></notes><segment><source>The cloud</source><target>Der Himmel</target></segment></unit>
<unit id="b"><segment><source>The cloud</source><target>Der Himmel</target></segment></unit>
</file></xliff>`;
    const r20 = readXliff(x20);
    assert.deepEqual(r20.units.map((u) => [u.id, u.ignore?.all ?? false, codes(u).length]), [['a#1', true, 0], ['b#1', false, 1]]);
  });
});
