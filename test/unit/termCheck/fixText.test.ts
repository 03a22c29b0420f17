import * as assert from 'node:assert/strict';
import { escapeFor, inCaseOf, readTranslations, translationKind } from '../../../src/core/termCheck';

// The text a term check quick fix writes (src/core/termCheck/fixText.ts): the glossary's target in the case of the
// words it replaces, escaped for the file's format. Each format is checked by reading the fixed file back with the
// term check's own reader: the string must then hold the target as cased, character for character.

interface Format { name: string; path: string; file: (value: string) => string; source?: string }

const formats: Format[] = [
  { name: 'PO', path: 'de.po', file: (v) => `msgid ""\nmsgstr ""\n"Language: de\\n"\n\nmsgid "src"\nmsgstr "${v}"\n` },
  {
    name: 'XLIFF', path: 'messages.de.xlf',
    file: (v) => '<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n' +
      `<file source-language="en" target-language="de" datatype="plaintext" original="a"><body>\n<trans-unit id="u"><source>src</source><target>${v}</target></trans-unit>\n</body></file></xliff>\n`,
  },
  { name: 'JSON', path: 'locales/de/app.json', file: (v) => `{\n  "menu": { "k": "${v}" }\n}\n`, source: '{ "menu": { "k": "src" } }' },
  {
    name: 'ARB', path: 'lib/l10n/app_de.arb', file: (v) => `{\n  "@@locale": "de",\n  "k": "${v}",\n  "@k": { "description": "d" }\n}\n`,
    source: '{ "@@locale": "en", "k": "src", "@k": { "description": "d" } }',
  },
  { name: '.properties', path: 'messages_de.properties', file: (v) => `# c\nk=${v}\n`, source: 'k=src\n' },
];

/** The target string of the file's only unit, as the term check reads it. */
function readBack(f: Format, value: string): string | undefined {
  const kind = translationKind(f.path);
  assert.ok(kind, `${f.path} is a translation file`);
  const text = f.file(value);
  const r = readTranslations(kind, text, f.source);
  assert.deepEqual(r.problems, [], `${f.name} reads without problems: ${text}`);
  assert.equal(r.units.length, 1, `${f.name}: one unit in ${text}`);
  return r.units[0].target?.text;
}

describe('term check quick fix: the glossary\'s target in the case of the replaced words', () => {
  const cases: Array<{ name: string; target: string; replaced: string; startsString?: boolean; want: string }> = [
    { name: 'lower', target: 'nuage', replaced: 'cloud', want: 'nuage' },
    { name: 'Capitalised', target: 'nuage', replaced: 'Cloud', want: 'Nuage' },
    { name: 'UPPER', target: 'nuage', replaced: 'CLOUD', want: 'NUAGE' },
    { name: 'Capitalised, starting the string', target: 'nuage', replaced: 'Cloud', startsString: true, want: 'Nuage' },
    { name: 'UPPER, starting the string', target: 'nuage', replaced: 'CLOUD', startsString: true, want: 'NUAGE' },
    { name: 'nothing replaced (an insert) inside the string', target: 'nuage', replaced: '', want: 'nuage' },
    { name: 'nothing replaced (an insert) at the start of the string', target: 'nuage', replaced: '', startsString: true, want: 'Nuage' },
    { name: 'lower: the target\'s own capitals are kept', target: 'Wolke', replaced: 'cloud', want: 'Wolke' },
    { name: 'lower: an all-capitals target is kept', target: 'API', replaced: 'interface', want: 'API' },
    { name: 'Capitalised, several words: only the first letter', target: 'machine virtuelle', replaced: 'Virtual machine', want: 'Machine virtuelle' },
    { name: 'UPPER, several words', target: 'machine virtuelle', replaced: 'VIRTUAL MACHINE', want: 'MACHINE VIRTUELLE' },
    { name: 'UPPER with a hyphen and digits', target: 'réseau sans fil', replaced: 'WI-FI 6', want: 'RÉSEAU SANS FIL' },
    { name: 'UPPER abbreviation', target: 'machine virtuelle', replaced: 'VM', want: 'MACHINE VIRTUELLE' },
    { name: 'one capital letter is Capitalised, not UPPER', target: 'nuage', replaced: 'A', want: 'Nuage' },
    { name: 'mixed case goes by the first letter (lower)', target: 'nuage', replaced: 'cLOUD', want: 'nuage' },
    { name: 'mixed case goes by the first letter (capital)', target: 'nuage', replaced: 'GitHub', want: 'Nuage' },
    { name: 'accented capital', target: 'écran', replaced: 'Screen', want: 'Écran' },
    { name: 'accented UPPER', target: 'écran', replaced: 'SCREEN', want: 'ÉCRAN' },
    { name: 'UPPER of ß', target: 'Straße', replaced: 'STREET', want: 'STRASSE' },
    { name: 'no letters replaced, inside the string', target: 'nuage', replaced: '42', want: 'nuage' },
  ];
  for (const c of cases) {
    it(`${c.name}: "${c.replaced}" → "${c.want}"`, () => {
      assert.equal(inCaseOf(c.target, c.replaced, c.startsString ?? false), c.want);
    });
  }
});

describe('term check quick fix: the glossary\'s target escaped for the file\'s format', () => {
  // What the fix writes for a target; every format's reader must give the target back.
  const table: Array<{ target: string; why: string; want: Record<string, string> }> = [
    { target: 'Wolke', why: 'plain', want: { PO: 'Wolke', XLIFF: 'Wolke', JSON: 'Wolke', ARB: 'Wolke', '.properties': 'Wolke' } },
    { target: 'Übersicht für Größe', why: 'non-ASCII written as it is', want: { PO: 'Übersicht für Größe', XLIFF: 'Übersicht für Größe', JSON: 'Übersicht für Größe', ARB: 'Übersicht für Größe', '.properties': 'Übersicht für Größe' } },
    { target: 'der "Speicher"', why: 'double quotes', want: { PO: 'der \\"Speicher\\"', XLIFF: 'der "Speicher"', JSON: 'der \\"Speicher\\"', ARB: 'der \\"Speicher\\"', '.properties': 'der "Speicher"' } },
    { target: 'C:\\Daten', why: 'a backslash', want: { PO: 'C:\\\\Daten', XLIFF: 'C:\\Daten', JSON: 'C:\\\\Daten', ARB: 'C:\\\\Daten', '.properties': 'C:\\\\Daten' } },
    { target: 'Sichern & <Teilen>', why: 'XML\'s markup characters', want: { PO: 'Sichern & <Teilen>', XLIFF: 'Sichern &amp; &lt;Teilen&gt;', JSON: 'Sichern & <Teilen>', ARB: 'Sichern & <Teilen>', '.properties': 'Sichern & <Teilen>' } },
    { target: 'a\\"b', why: 'a backslash before a quote', want: { PO: 'a\\\\\\"b', XLIFF: 'a\\"b', JSON: 'a\\\\\\"b', ARB: 'a\\\\\\"b', '.properties': 'a\\\\"b' } },
    { target: 'Schlüssel = Wert: 1', why: '.properties separators inside a value', want: { PO: 'Schlüssel = Wert: 1', XLIFF: 'Schlüssel = Wert: 1', JSON: 'Schlüssel = Wert: 1', ARB: 'Schlüssel = Wert: 1', '.properties': 'Schlüssel = Wert: 1' } },
  ];
  for (const f of formats) {
    for (const row of table) {
      it(`${f.name}, ${row.why}: ${JSON.stringify(row.target)} is written ${JSON.stringify(row.want[f.name])} and read back`, () => {
        const written = escapeFor(translationKind(f.path)!, row.target);
        assert.equal(written, row.want[f.name]);
        assert.equal(readBack(f, written), row.target);
      });
    }
  }
});

describe('term check quick fix: case and escaping together, per format', () => {
  // The fix of a finding in "Save the <term> now": the replaced words in a case, the target with characters every
  // format escapes somewhere. The whole string read back is the sentence with the cased target.
  const target = 'nuage "privé" & <co> C:\\tmp';
  const cases: Array<{ name: string; replaced: string; startsString: boolean; cased: string }> = [
    { name: 'lower', replaced: 'cloud', startsString: false, cased: 'nuage "privé" & <co> C:\\tmp' },
    { name: 'Capitalised', replaced: 'Cloud', startsString: false, cased: 'Nuage "privé" & <co> C:\\tmp' },
    { name: 'UPPER', replaced: 'CLOUD', startsString: false, cased: 'NUAGE "PRIVÉ" & <CO> C:\\TMP' },
    { name: 'Capitalised at the start of the string', replaced: 'Cloud', startsString: true, cased: 'Nuage "privé" & <co> C:\\tmp' },
  ];
  for (const f of formats) {
    for (const c of cases) {
      it(`${f.name}, ${c.name}`, () => {
        const kind = translationKind(f.path)!;
        const [before, after] = c.startsString ? ['', ' speichern'] : ['Jetzt ', ' speichern'];
        const fixed = `${before}${escapeFor(kind, inCaseOf(target, c.replaced, c.startsString))}${after}`;
        assert.equal(readBack(f, `${before}${c.replaced}${after}`), `${before}${c.replaced}${after}`, 'the file before the fix');
        assert.equal(readBack(f, fixed), `${before}${c.cased}${after}`);
      });
    }
  }
});
