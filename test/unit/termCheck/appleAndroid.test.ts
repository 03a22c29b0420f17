import * as assert from 'node:assert/strict';
import { decodeTextFile, encodeTextFile } from '../../../src/core';
import {
  checkUnits, escapeFor, fileRange, localeOfPath, readKeyValuePair, readTranslations, readXcstrings, sourceFileCandidates, TermIndex, translationKind,
  type GlossaryEntry, type MappedText, type ReadResult,
} from '../../../src/core/termCheck';

/** The file slice of the first occurrence of `sub` in the text: the proof that offsets map back to the characters. */
const at = (file: string, m: MappedText, sub: string) => {
  const i = m.text.indexOf(sub);
  assert.ok(i !== -1, `"${sub}" not in "${m.text}"`);
  return file.slice(...fileRange(m, i, i + sub.length));
};

interface UnitExpect { id: string; source: string; target: string; fuzzy?: boolean; targetLang?: string; spots?: Array<[string, string]>; sourceSpots?: Array<[string, string]> }
interface Case { name: string; source?: string; file: string; read: (source: string, file: string) => ReadResult; units: UnitExpect[]; problems?: number }

const android = (s: string, t: string) => readKeyValuePair(s, t, 'android');
const apple = (s: string, t: string) => readKeyValuePair(s, t, 'strings');
const catalog = (_: string, t: string) => readXcstrings(t);
const res = (body: string) => `<?xml version="1.0" encoding="utf-8"?>\n<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">\n${body}\n</resources>\n`;

const cases: Case[] = [
  {
    name: 'Android: <string> by name, Android escapes and XML entities keep offsets, quotes dropped',
    source: res('<string name="save">Save to the cloud</string>\n<string name="q">Don\\\'t use the "cloud" &amp; more\\nnow</string>'),
    file: res('<string name="save">In der Wolke speichern</string>\n<string name="q">Nicht die \\"Wolke\\" &amp; mehr\\nverwenden, \\u00dcbersicht \\@home</string>'),
    read: android,
    units: [
      { id: 'save', source: 'Save to the cloud', target: 'In der Wolke speichern', spots: [['Wolke', 'Wolke']] },
      { id: 'q', source: 'Don\'t use the cloud & more\nnow', target: 'Nicht die "Wolke" & mehr\nverwenden, Übersicht @home',
        spots: [['"Wolke"', '\\"Wolke\\"'], ['& mehr\n', '&amp; mehr\\n'], ['Übersicht', '\\u00dcbersicht'], ['@home', '\\@home']], sourceSpots: [['Don\'t', 'Don\\\'t']] },
    ],
  },
  {
    name: 'Android: plurals and string-array items, translatable="false" and references left out',
    source: res('<plurals name="files"><item quantity="one">%d file in the cloud</item><item quantity="other">%d files in the cloud</item></plurals>\n' +
      '<string-array name="menu"><item>Cloud</item><item>Server</item></string-array>\n<string name="brand" translatable="false">Cloudy</string>\n<string name="ref">@string/save</string>'),
    file: res('<plurals name="files">\n  <item quantity="one">%d Datei in der Wolke</item>\n  <item quantity="few">%d Dateien</item>\n  <item quantity="other">%d Dateien in der Wolke</item>\n</plurals>\n' +
      '<string-array name="menu"><item>Wolke</item><item>Server</item></string-array>\n<string name="brand">Cloudy</string>\n<string name="ref">@string/save</string>'),
    read: android,
    units: [
      { id: 'files[one]', source: '\uFFFC file in the cloud', target: '\uFFFC Datei in der Wolke', spots: [['\uFFFC Datei', '%d Datei']] },
      { id: 'files[other]', source: '\uFFFC files in the cloud', target: '\uFFFC Dateien in der Wolke' },
      { id: 'menu[0]', source: 'Cloud', target: 'Wolke', spots: [['Wolke', 'Wolke']] },
      { id: 'menu[1]', source: 'Server', target: 'Server' },
    ],
  },
  {
    name: 'Android: CDATA, inline HTML transparent, <xliff:g> one placeholder, %1$s masked',
    source: res('<string name="w">Welcome <xliff:g id="name" example="Ann">%1$s</xliff:g> to the <b>cloud</b></string>'),
    file: res('<string name="w"><![CDATA[Willkommen]]> <xliff:g id="name" example="Ann">%1$s</xliff:g> in der <b>Wolke</b>, %2$s</string>'),
    read: android,
    units: [{ id: 'w', source: 'Welcome \uFFFC to the cloud', target: 'Willkommen \uFFFC in der Wolke, \uFFFC',
      spots: [['Willkommen', 'Willkommen'], ['\uFFFC in', '<xliff:g id="name" example="Ann">%1$s</xliff:g> in'], ['der Wolke', 'der <b>Wolke'], [', \uFFFC', ', %2$s']] }],
  },
  {
    name: 'Android: not well-formed keeps what was read',
    source: res('<string name="a">A</string><string name="b">B</string>'),
    file: '<resources><string name="a">X</string><string name="b">Y</strin></resources>',
    read: android, units: [{ id: 'a', source: 'A', target: 'X' }, { id: 'b', source: 'B', target: 'Y' }], problems: 1,
  },
  {
    name: 'Apple .strings: comments, escapes, bare keys, key on its own, keys only on one side',
    source: '/* Title */\n"save" = "Save to the cloud";\n// line\n"q" = "The \\"cloud\\" server";\nbare = "Cloud";\n"only" = "x";\n',
    file: '/* Titel\n   über zwei Zeilen */\n"save" = "In der Wolke speichern";\n"q"="Der \\"Wolke\\"-Server\\nund \\U00dcbersicht \\\\ mehr" ;\nbare = "Wolke";\n// "only" = "y";\n"extra" = "z";\n',
    read: apple,
    units: [
      { id: 'save', source: 'Save to the cloud', target: 'In der Wolke speichern', spots: [['Wolke', 'Wolke']] },
      { id: 'q', source: 'The "cloud" server', target: 'Der "Wolke"-Server\nund Übersicht \\ mehr', spots: [['"Wolke"', '\\"Wolke\\"'], ['Übersicht \\', '\\U00dcbersicht \\\\']], sourceSpots: [['"cloud"', '\\"cloud\\"']] },
      { id: 'bare', source: 'Cloud', target: 'Wolke', spots: [['Wolke', 'Wolke']] },
    ],
  },
  {
    name: 'Apple .strings: %@ and %1$@ masked; an unclosed string is a problem',
    source: '"n" = "%1$@ files in the cloud";\n"m" = "x";\n',
    file: '"n" = "%1$@ Dateien in der Wolke";\n"m" = "offen\n',
    read: apple, units: [{ id: 'n', source: '\uFFFC files in the cloud', target: '\uFFFC Dateien in der Wolke', spots: [['\uFFFC Dateien', '%1$@ Dateien']] }], problems: 1,
  },
  {
    name: 'xcstrings: source localization or the key; states; plural, device variations and substitutions; shouldTranslate false; per-unit language',
    file: JSON.stringify({
      sourceLanguage: 'en', version: '1.0',
      strings: {
        'Open the cloud': { localizations: { de: { stringUnit: { state: 'translated', value: 'Öffne die "Wolke"' } }, fr: { stringUnit: { state: 'needs_review', value: 'Ouvrir le nuage' } } } },
        files: { localizations: {
          en: { variations: { plural: { one: { stringUnit: { state: 'translated', value: '%lld file in the cloud' } }, other: { stringUnit: { state: 'translated', value: '%lld files in the cloud' } } } } },
          de: { variations: { plural: { one: { stringUnit: { state: 'translated', value: '%lld Datei in der Wolke' } }, few: { stringUnit: { state: 'new', value: '%lld Dateien' } }, other: { stringUnit: { state: 'translated', value: '%lld Dateien in der Wolke' } } } } },
        } },
        tap: { localizations: { en: { stringUnit: { state: 'translated', value: 'Tap the cloud' } },
          de: { variations: { device: { mac: { stringUnit: { state: 'translated', value: 'Klicke auf die Wolke' } }, other: { stringUnit: { state: 'translated', value: 'Tippe auf die Wolke' } } } } } } },
        sub: { localizations: {
          en: { stringUnit: { state: 'translated', value: '%#@n@ in the cloud' }, substitutions: { n: { argNum: 1, formatSpecifier: 'lld', variations: { plural: { one: { stringUnit: { state: 'translated', value: '%arg file' } }, other: { stringUnit: { state: 'translated', value: '%arg files' } } } } } } },
          de: { stringUnit: { state: 'translated', value: '%#@n@ in der Wolke' }, substitutions: { n: { argNum: 1, formatSpecifier: 'lld', variations: { plural: { one: { stringUnit: { state: 'translated', value: '%arg Datei' } }, other: { stringUnit: { state: 'translated', value: '%arg Dateien' } } } } } } },
        } },
        Brand: { shouldTranslate: false, localizations: { de: { stringUnit: { state: 'translated', value: 'Brand' } } } },
        'No translation': {},
      },
    }, null, 2),
    read: catalog,
    units: [
      { id: 'Open the cloud#de', source: 'Open the cloud', target: 'Öffne die "Wolke"', targetLang: 'de', spots: [['"Wolke"', '\\"Wolke\\"']], sourceSpots: [['cloud', 'cloud']] },
      { id: 'Open the cloud#fr', source: 'Open the cloud', target: 'Ouvrir le nuage', targetLang: 'fr', fuzzy: true },
      { id: 'files#de#plural.one', source: '\uFFFC file in the cloud', target: '\uFFFC Datei in der Wolke', targetLang: 'de', spots: [['\uFFFC Datei', '%lld Datei']] },
      { id: 'files#de#plural.few', source: '\uFFFC files in the cloud', target: '\uFFFC Dateien', targetLang: 'de', fuzzy: true },
      { id: 'files#de#plural.other', source: '\uFFFC files in the cloud', target: '\uFFFC Dateien in der Wolke', targetLang: 'de' },
      { id: 'tap#de#device.mac', source: 'Tap the cloud', target: 'Klicke auf die Wolke', targetLang: 'de' },
      { id: 'tap#de#device.other', source: 'Tap the cloud', target: 'Tippe auf die Wolke', targetLang: 'de', spots: [['Wolke', 'Wolke']] },
      { id: 'sub#de', source: '\uFFFC in the cloud', target: '\uFFFC in der Wolke', targetLang: 'de', spots: [['\uFFFC in', '%#@n@ in']] },
      { id: 'sub#de#substitutions.n.plural.one', source: '\uFFFC file', target: '\uFFFC Datei', targetLang: 'de', spots: [['\uFFFC', '%arg']] },
      { id: 'sub#de#substitutions.n.plural.other', source: '\uFFFC files', target: '\uFFFC Dateien', targetLang: 'de' },
    ],
  },
  {
    name: 'xcstrings: not valid JSON is a problem, not an exception',
    file: '{"sourceLanguage": "en", "strings": {"a": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "b"}}}}', read: catalog,
    units: [{ id: 'a#de', source: 'a', target: 'b', targetLang: 'de' }], problems: 2,
  },
];

describe('term check readers: Android strings.xml, Apple .strings and .xcstrings', () => {
  for (const c of cases) {
    it(c.name, () => {
      const r = c.read(c.source ?? '', c.file);
      assert.equal(r.problems.length, c.problems ?? 0, JSON.stringify(r.problems));
      assert.deepEqual(r.units.map((u) => u.id), c.units.map((u) => u.id));
      c.units.forEach((e, i) => {
        const u = r.units[i];
        assert.equal(u.source.text, e.source);
        assert.equal(u.target?.text, e.target);
        assert.equal(!!u.fuzzy, !!e.fuzzy, 'fuzzy');
        assert.equal(u.targetLang, e.targetLang);
        for (const [sub, inFile] of e.spots ?? []) assert.equal(at(c.file, u.target!, sub), inFile, `"${sub}"`);
        for (const [sub, inFile] of e.sourceSpots ?? []) assert.equal(at(u.sourceInOtherFile ? c.source! : c.file, u.source, sub), inFile, `source "${sub}"`);
      });
    });
  }

  it('a UTF-16 .strings file with a byte order mark (LE and BE) is read once decoded, offsets in the decoded text', () => {
    const text = '/* UTF-16 */\n"save" = "In der Wolke speichern";\n';
    for (const encoding of ['utf-16le', 'utf-16be'] as const) {
      const bytes = encodeTextFile(text, encoding);
      assert.equal(bytes[0] + bytes[1], 0xff + 0xfe, 'a byte order mark');
      const decoded = decodeTextFile(bytes);
      assert.equal(decoded.encoding, encoding);
      const r = readTranslations('strings', decoded.text, '"save" = "Save to the cloud";');
      assert.equal(r.units.length, 1);
      assert.equal(at(decoded.text, r.units[0].target!, 'Wolke'), 'Wolke');
      assert.equal(decoded.text.indexOf('Wolke'), r.units[0].target!.pieces[1] + 'In der '.length);
    }
  });
});

describe('term check: findings in the new formats land on the characters', () => {
  const G: GlossaryEntry[] = [{ source: 'cloud', target: 'Wolke', sourceLang: 'en', targetLang: 'de', glossary: 'P' }, { source: 'cloud', target: 'nuage', sourceLang: 'en', targetLang: 'fr', glossary: 'P' }];
  const index = new TermIndex(G);
  const findings = (r: ReadResult, targetLang: string) => checkUnits(r, index, 'en', targetLang).findings.map((f) => [f.code, f.unitId, f.offset, f.endOffset]);
  const table: Array<{ name: string; read: () => { r: ReadResult; file: string }; lang: string; expect: Array<[string, string, string]> }> = [
    { name: 'Android: term-not-used on the whole target, escapes inside', lang: 'de', expect: [['term-not-used', 'a', 'Der \\"Himmel\\"']],
      read: () => { const file = res('<string name="a">Der \\"Himmel\\"</string><string name="b">Die Wolke</string>'); return { file, r: readKeyValuePair(res('<string name="a">The cloud</string><string name="b">A cloud</string>'), file, 'android') }; } },
    { name: 'Apple .strings: untranslated-term on the words', lang: 'de', expect: [['untranslated-term', 'a', 'cloud']],
      read: () => { const file = '"a" = "Die cloud";\n"b" = "Die Wolke";\n'; return { file, r: readKeyValuePair('"a" = "The cloud";\n"b" = "A cloud";', file, 'strings') }; } },
    { name: 'xcstrings: each target language checked with its own glossary', lang: 'mul', expect: [['term-not-used', 'k#fr', 'le ciel'], ['untranslated-term', 'k#de', 'cloud']],
      read: () => { const file = '{"sourceLanguage":"en","strings":{"k":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"The cloud"}},"fr":{"stringUnit":{"state":"translated","value":"le ciel"}},"de":{"stringUnit":{"state":"translated","value":"Die cloud"}}}}}}'; return { file, r: readXcstrings(file) }; } },
  ];
  for (const c of table) {
    it(c.name, () => {
      const { r, file } = c.read();
      const got = findings(r, c.lang).sort((a, b) => (a[2] as number) - (b[2] as number));
      assert.deepEqual(got.map(([code, id, o, e]) => [code, id, file.slice(o as number, e as number)]), c.expect);
    });
  }
});

describe('term check: the new formats in the workspace', () => {
  const known = new Set(['en', 'de', 'pt', 'sr', 'fr']);
  const table: Array<[path: string, kind: string | undefined, lang: string | undefined, source: string | undefined]> = [
    ['app/src/main/res/values-de/strings.xml', 'android', 'de', 'app/src/main/res/values/strings.xml'],
    ['app/src/main/res/values-pt-rBR/strings.xml', 'android', 'pt-BR', 'app/src/main/res/values/strings.xml'],
    ['app/src/main/res/values-de-v28/strings.xml', 'android', 'de', 'app/src/main/res/values-v28/strings.xml'],
    ['app/src/main/res/values-b+sr+Latn/strings.xml', 'android', 'sr-Latn', 'app/src/main/res/values/strings.xml'],
    ['app/src/main/res/values-night/strings.xml', 'android', undefined, undefined],
    ['app/src/main/res/values/strings.xml', 'android', undefined, undefined],
    ['app/src/main/res/values-de/colors.xml', undefined, 'de', undefined],
    ['App/de.lproj/Localizable.strings', 'strings', 'de', 'App/en.lproj/Localizable.strings'],
    ['App/pt-BR.lproj/InfoPlist.strings', 'strings', 'pt-BR', 'App/en.lproj/InfoPlist.strings'],
    ['App/Localizable.xcstrings', 'xcstrings', undefined, undefined],
  ];
  for (const [path, kind, lang, source] of table) {
    it(`${path}: ${kind ?? 'not a translation'}, ${lang ?? 'no locale'}`, () => {
      assert.equal(translationKind(path), kind);
      const locale = localeOfPath(path, known);
      assert.equal(locale?.lang, lang);
      if (source) assert.equal(sourceFileCandidates(path, locale!, 'en')[0], source);
    });
  }
  it('Apple: Base.lproj is tried after the source language\'s folder', () => {
    const path = 'App/de.lproj/Main.strings';
    assert.deepEqual(sourceFileCandidates(path, localeOfPath(path, known)!, 'en'), ['App/en.lproj/Main.strings', 'App/Base.lproj/Main.strings']);
  });
  it('quick fixes write the target escaped for each format', () => {
    assert.equal(escapeFor('android', 'L\'"Wolke" & <b>\\'), 'L\\\'\\"Wolke\\" &amp; &lt;b&gt;\\\\');
    assert.equal(escapeFor('android', '@home'), '\\@home');
    assert.equal(escapeFor('strings', 'Die "Wolke" \\'), 'Die \\"Wolke\\" \\\\');
    assert.equal(escapeFor('xcstrings', 'Die "Wolke"'), 'Die \\"Wolke\\"');
  });
});
