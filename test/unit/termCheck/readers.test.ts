import * as assert from 'node:assert/strict';
import { fileRange, readKeyValuePair, readPo, readXliff, type MappedText, type ReadResult } from '../../../src/core/termCheck';

/** What the file holds where a text range lies: the proof that offsets map back to the characters. */
const slice = (file: string, m: MappedText, start = 0, end = m.text.length) => file.slice(...fileRange(m, start, end));
/** The file slice of the first occurrence of `sub` in the text. */
const at = (file: string, m: MappedText, sub: string) => {
  const i = m.text.indexOf(sub);
  assert.ok(i !== -1, `"${sub}" not in "${m.text}"`);
  return slice(file, m, i, i + sub.length);
};

interface UnitExpect { id: string; source: string; target?: string; fuzzy?: boolean; state?: string; targetSlice?: string; spots?: Array<[string, string]> }
interface Case { name: string; file: string; read: (file: string) => ReadResult; langs?: [string | undefined, string | undefined]; units: UnitExpect[]; problems?: number }

const x12 = (body: string, nl = '\n') => `<?xml version="1.0" encoding="UTF-8"?>${nl}<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">${nl}` +
  `<file source-language="en" target-language="de-DE" datatype="plaintext" original="a.txt"><body>${nl}${body}${nl}</body></file></xliff>${nl}`;
const x20 = (body: string) => `<?xml version="1.0"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr">\n<file id="f1">\n${body}\n</file></xliff>\n`;

const cases: Case[] = [
  {
    name: 'XLIFF 1.2: plain unit, state, languages', read: readXliff, langs: ['en', 'de-DE'],
    file: x12('<trans-unit id="t1"><source>Open the cloud</source><target state="translated">Öffne die Wolke</target></trans-unit>'),
    units: [{ id: 't1', source: 'Open the cloud', target: 'Öffne die Wolke', state: 'translated', targetSlice: 'Öffne die Wolke', spots: [['Wolke', 'Wolke']] }],
  },
  {
    name: 'XLIFF 1.2: entities, CDATA, comment, CRLF and BOM keep offsets', read: readXliff, langs: ['en', 'de-DE'],
    file: '\uFEFF' + x12('<trans-unit id="t&amp;2">\r\n <source>A &lt;b&gt; &#x43;loud</source>\r\n <target>Eine <![CDATA[<b> W]]>olke<!-- c --> &amp; mehr</target>\r\n</trans-unit>', '\r\n'),
    units: [{ id: 't&2', source: 'A <b> Cloud', target: 'Eine <b> Wolke & mehr', spots: [['<b>', '<b>'], ['<b> W', '<b> W'], ['& mehr', '&amp; mehr'], ['Wolke', 'W]]>olke']] }],
  },
  {
    name: 'XLIFF 1.2: <g> and <mrk> are transparent, <x/>, <ph>, <bpt>/<ept> are not text', read: readXliff,
    file: x12('<trans-unit id="u"><source>Click <g id="1">Save</g> <x id="INTERPOLATION" equiv-text="{{ n }}"/></source>' +
      '<target>Klicken Sie auf <g id="1">Speichern</g> <ph id="2">&lt;br/&gt;</ph> <bpt id="3">&lt;b&gt;</bpt>fett<ept id="3">&lt;/b&gt;</ept> <mrk mtype="term">Wolke</mrk></target></trans-unit>'),
    units: [{ id: 'u', source: 'Click Save \uFFFC', target: 'Klicken Sie auf Speichern \uFFFC fett Wolke',
      spots: [['Speichern', 'Speichern'], ['\uFFFC', '<ph id="2">&lt;br/&gt;</ph>'], ['fett', 'fett'], ['Wolke', 'Wolke'], ['Speichern \uFFFC', 'Speichern</g> <ph id="2">&lt;br/&gt;</ph>']] }],
  },
  {
    name: 'XLIFF 1.2: alt-trans and seg-source ignored, translate="no" skipped, groups nest, empty target', read: readXliff,
    file: x12('<group id="g"><group id="h"><trans-unit id="a"><source>One</source><seg-source><mrk mtype="seg">One</mrk></seg-source><target/>' +
      '<alt-trans><source>Other</source><target>Andere</target></alt-trans></trans-unit></group>' +
      '<trans-unit id="b" translate="no"><source>Brand</source><target>Brand</target></trans-unit>' +
      '<trans-unit id="c"><source>Two</source></trans-unit></group>'),
    units: [{ id: 'a', source: 'One', target: '' }, { id: 'c', source: 'Two' }],
  },
  {
    name: 'XLIFF 1.2: needs-translation state is marked like a fuzzy entry', read: readXliff,
    file: x12('<trans-unit id="a"><source>File</source><target state="needs-review-translation">Datei</target></trans-unit>'),
    units: [{ id: 'a', source: 'File', target: 'Datei', fuzzy: true, state: 'needs-review-translation' }],
  },
  {
    name: 'XLIFF 2.0: segments, pc/ph/sc/ec/mrk, ignorable, matches module ignored', read: readXliff, langs: ['en', 'fr'],
    file: x20('<unit id="u1"><segment id="s1" state="translated"><source>The <pc id="1">cloud</pc> <ph id="2"/>server.</source>' +
      '<target>Le <pc id="1">nuage</pc> <ph id="2"/>serveur.</target></segment><ignorable><source> </source></ignorable>' +
      '<segment><source>Files <sc id="3"/>here<ec startRef="3"/></source><target>Les <mrk id="m" translate="yes">fichiers</mrk> <sc id="3"/>ici<ec startRef="3"/></target></segment>' +
      '<mtc:matches xmlns:mtc="urn:oasis:names:tc:xliff:matches:2.0"><mtc:match ref="#s1"><source>x</source><target>y</target></mtc:match></mtc:matches></unit>'),
    units: [
      { id: 'u1#s1', source: 'The cloud \uFFFCserver.', target: 'Le nuage \uFFFCserveur.', state: 'translated', spots: [['nuage', 'nuage'], ['\uFFFC', '<ph id="2"/>'], ['nuage \uFFFCserveur', 'nuage</pc> <ph id="2"/>serveur']] },
      { id: 'u1#2', source: 'Files here', target: 'Les fichiers ici', spots: [['fichiers ici', 'fichiers</mrk> <sc id="3"/>ici']] },
    ],
  },
  {
    name: 'XLIFF: not well-formed keeps what was read and says where', read: readXliff,
    file: x12('<trans-unit id="a"><source>A</source><target>B</target></trans-unit><trans-unit id="b"><source>C</target>'),
    units: [{ id: 'a', source: 'A', target: 'B' }], problems: 1,
  },
  {
    name: 'PO: header language, pieces over lines, escapes, msgctxt, fuzzy, c-format placeholders', read: readPo, langs: [undefined, 'pt-BR'],
    file: 'msgid ""\nmsgstr ""\n"Language: pt_BR\\n"\n\n#. extracted\n#: src/a.c:12\n#, fuzzy, c-format\nmsgctxt "menu"\nmsgid "Save to the "\n"cloud %s"\nmsgstr "Salvar na \\"nuvem\\" "\n"%s"\n',
    units: [{ id: 'menu\u0004Save to the cloud %s', source: 'Save to the cloud \uFFFC', target: 'Salvar na "nuvem" \uFFFC', fuzzy: true,
      spots: [['"nuvem"', '\\"nuvem\\"'], ['" \uFFFC', '\\" "\n"%s']] }],
  },
  {
    name: 'PO: plurals pair msgid with msgstr[0] and msgid_plural with the others; obsolete skipped; CRLF', read: readPo,
    file: 'msgid "One file"\r\nmsgid_plural "{count} files"\r\nmsgstr[0] "Jeden plik"\r\nmsgstr[1] "{count} pliki"\r\nmsgstr[2] "{count} plików"\r\n\r\n#~ msgid "Old"\r\n#~ msgstr "Stary"\r\n',
    units: [
      { id: 'One file[0]', source: 'One file', target: 'Jeden plik' },
      { id: 'One file[1]', source: '\uFFFC files', target: '\uFFFC pliki', spots: [['pliki', 'pliki']] },
      { id: 'One file[2]', source: '\uFFFC files', target: '\uFFFC plików', spots: [['\uFFFC plików', '{count} plików']] },
    ],
  },
  {
    // As in 2nv2u/gnome-shell-extension-syncthing-indicator po/de.po (c8d0bfc): msgfmt reads on across the blank line.
    name: 'PO: a blank line inside the header\'s string does not end it', read: readPo, langs: [undefined, 'de'],
    file: 'msgid ""\nmsgstr ""\n\n"Language: de\\n"\n"MIME-Version: 1.0\\n"\n\nmsgid "daemon-error"\nmsgstr "Syncthing-Daemon nicht erreichbar"\n',
    units: [{ id: 'daemon-error', source: 'daemon-error', target: 'Syncthing-Daemon nicht erreichbar' }],
  },
  {
    name: 'PO: entries without blank lines between them, python-format placeholders, empty msgstr', read: readPo,
    file: 'msgid "A %(name)s cloud"\nmsgstr "Eine %(name)s Wolke"\nmsgid "B"\nmsgstr ""\n# translator\nmsgid "C"\nmsgstr "D"\n',
    units: [{ id: 'A %(name)s cloud', source: 'A \uFFFC cloud', target: 'Eine \uFFFC Wolke', spots: [['\uFFFC', '%(name)s']] }, { id: 'B', source: 'B', target: '' }, { id: 'C', source: 'C', target: 'D' }],
  },
  {
    // As in django/django contrib/humanize/locale/de (0e27594): a python-format with a precision.
    name: 'PO: %(value).1f and %(count)d are one placeholder each', read: readPo,
    file: 'msgid "%(value).1f million"\nmsgstr "%(value).1f Millionen %(count)d"\n',
    units: [{ id: '%(value).1f million', source: '\uFFFC million', target: '\uFFFC Millionen \uFFFC', spots: [['\uFFFC M', '%(value).1f M'], ['n \uFFFC', 'n %(count)d']] }],
  },
];

describe('term check readers: each string with the file offset of each character', () => {
  for (const c of cases) {
    it(c.name, () => {
      const r = c.read(c.file);
      assert.equal(r.problems.length, c.problems ?? 0, JSON.stringify(r.problems));
      if (c.langs) assert.deepEqual([c.langs[0] === undefined ? undefined : r.sourceLang, r.targetLang], c.langs);
      assert.deepEqual(r.units.map((u) => u.id), c.units.map((u) => u.id));
      c.units.forEach((e, i) => {
        const u = r.units[i];
        assert.equal(u.source.text, e.source);
        assert.equal(u.target?.text, e.target);
        assert.equal(!!u.fuzzy, !!e.fuzzy, 'fuzzy');
        if (e.state) assert.equal(u.state, e.state);
        if (e.targetSlice) assert.equal(slice(c.file, u.target!), e.targetSlice);
        for (const [sub, inFile] of e.spots ?? []) assert.equal(at(c.file, u.target!, sub), inFile, `"${sub}"`);
      });
    });
  }

  it('the source text maps to the file too', () => {
    const file = x12('<trans-unit id="a"><source>The &quot;cloud&quot; server</source><target>x</target></trans-unit>');
    const u = readXliff(file).units[0];
    assert.equal(at(file, u.source, '"cloud"'), '&quot;cloud&quot;');
  });

  describe('key/value JSON paired by key with the source locale', () => {
    const src = '{\n  "nav": { "cloud": "Cloud \\u0026 server", "files_one": "{{count}} file" },\n  "flat.key": "Open the cloud",\n  "only": "Source only",\n  "@meta": {"description": "x"}\n}\n';
    const trg = '{\n  "nav.cloud": "Wolke \\u0026 Server",\n  "nav": { "files_one": "{{count}} Datei" },\n  "flat": { "key": "Öffne die \\"Wolke\\"" },\n  "extra": "Nur Ziel"\n}\n';
    it('nested and flat keys pair either way; keys on one side only are left out; escapes keep offsets; placeholders masked', () => {
      const r = readKeyValuePair(src, trg);
      assert.deepEqual(r.units.map((u) => [u.id, u.source.text, u.target!.text]), [
        ['nav.cloud', 'Cloud & server', 'Wolke & Server'],
        ['nav.files_one', '\uFFFC file', '\uFFFC Datei'],
        ['flat.key', 'Open the cloud', 'Öffne die "Wolke"'],
      ]);
      assert.equal(at(trg, r.units[0].target!, '& Server'), '\\u0026 Server');
      assert.equal(at(trg, r.units[2].target!, '"Wolke"'), '\\"Wolke\\"');
      assert.equal(at(trg, r.units[1].target!, '\uFFFC'), '{{count}}');
      assert.equal(at(src, r.units[0].source, 'server'), 'server');
      assert.ok(r.units.every((u) => u.sourceInOtherFile));
    });
    it('ICU plural keywords are masked, the branches stay text', () => {
      const r = readKeyValuePair('{"a": "{n, plural, one {# cloud} other {# clouds}}"}', '{"a": "{n, plural, one {# Wolke} other {# Wolken}}"}');
      assert.doesNotMatch(r.units[0].target!.text, /plural|one|other/);
      assert.match(r.units[0].target!.text, /Wolke\}.*Wolken/);
    });
    it('ARB: @@locale and @key metadata are not strings to check; ICU placeholders masked', () => {
      const r = readKeyValuePair('{"@@locale": "en", "save": "Save {count} files", "@save": {"description": "Save files"}}',
        '{"@@locale": "de", "save": "{count} Dateien speichern", "@save": {"description": "x"}}');
      assert.deepEqual(r.units.map((u) => [u.id, u.source.text, u.target!.text]), [['save', 'Save \uFFFC files', '\uFFFC Dateien speichern']]);
    });
    it('Java .properties: separators, comments, \\uXXXX, continuation lines, {0} masked, offsets kept', () => {
      const src = '# c\nsave.cloud = Save to the cloud\nopen.file: Open {0} file \\\n    now\nkey\\ with\\:colon value\n';
      const trg = '! c\nsave.cloud=In der Wolke speichern\nopen.file \\u00d6ffne {0} Dokument \\\n  jetzt\nkey\\ with\\:colon Wert\n';
      const r = readKeyValuePair(src, trg, 'properties');
      assert.deepEqual(r.units.map((u) => [u.id, u.source.text, u.target!.text]), [
        ['save.cloud', 'Save to the cloud', 'In der Wolke speichern'],
        ['open.file', 'Open \uFFFC file now', 'Öffne \uFFFC Dokument jetzt'],
        ['key with:colon', 'value', 'Wert'],
      ]);
      assert.equal(at(trg, r.units[1].target!, 'Öffne'), '\\u00d6ffne');
      assert.equal(at(trg, r.units[1].target!, 'Dokument jetzt'), 'Dokument \\\n  jetzt');
      assert.equal(r.format, 'properties');
    });
    it('invalid JSON is a problem, not an exception', () => {
      assert.equal(readKeyValuePair('{}', '{"a": ').problems.length > 0, true);
    });
  });
});
