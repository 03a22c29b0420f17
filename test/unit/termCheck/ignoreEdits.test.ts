/** "Ignore here" edits (issue #31): each writes the mark its format allows, and the readers then see it. */
import * as assert from 'node:assert/strict';
import { manifestIgnoreEdit, poIgnoreEdit, readPo, readXliff, renderingEdit, xliffIgnoreEdit, type TextEdit } from '../../../src/core/termCheck';
import { parseManifest } from '../../../src/core/workspace/manifest';

const apply = (text: string, e: TextEdit | undefined) => (e ? text.slice(0, e.start) + e.text + text.slice(e.end) : text);

describe('term check: "Ignore here" edits', () => {
  const po = ['msgid ""', 'msgstr ""', '"Language: de\\n"', '', '#. extracted', '#, fuzzy', 'msgctxt "menu"', '"bar"', 'msgid "Open the cloud"', 'msgstr "Öffne den Himmel"', '', 'msgid "My cloud"', 'msgstr "Mein Himmel"', ''].join('\n');

  it('PO: a translator comment above the entry\'s comments and msgctxt; a second term joins the same mark; a covered term changes nothing', () => {
    const at = po.indexOf('Öffne');
    const once = apply(po, poIgnoreEdit(po, at, 'cloud'));
    assert.match(once, /\n\n# terminology-ignore: cloud\n#\. extracted\n#, fuzzy\nmsgctxt/);
    assert.deepEqual(readPo(once).units.map((u) => u.ignore), [{ all: false, terms: ['cloud'] }, undefined]);
    const twice = apply(once, poIgnoreEdit(once, once.indexOf('Öffne'), 'server'));
    assert.match(twice, /# terminology-ignore: cloud, server\n/);
    assert.equal(poIgnoreEdit(twice, twice.indexOf('Öffne'), 'Cloud'), undefined);
    // The second entry, without comments: the mark right above its msgid.
    const second = apply(po, poIgnoreEdit(po, po.indexOf('Mein'), 'cloud'));
    assert.match(second, /\n\n# terminology-ignore: cloud\nmsgid "My cloud"/);
    assert.deepEqual(readPo(second).units.map((u) => u.ignore?.terms), [undefined, ['cloud']]);
  });

  it('XLIFF 1.2 and 2.0: a note in the unit, or the term added to its mark', () => {
    const x12 = '<xliff version="1.2"><file><body><trans-unit id="a"><source>The cloud</source><target>Der Himmel</target></trans-unit></body></file></xliff>';
    const once = apply(x12, xliffIgnoreEdit(x12, x12.indexOf('Himmel'), 'cloud'));
    assert.match(once, /<\/target><note>terminology-ignore: cloud<\/note><\/trans-unit>/);
    const twice = apply(once, xliffIgnoreEdit(once, once.indexOf('Himmel'), 'R&D'));
    assert.deepEqual(readXliff(twice).units[0].ignore, { all: false, terms: ['cloud', 'R&D'] });
    const x20 = '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de"><file id="f"><unit id="u"><segment><source>The cloud</source><target>Der Himmel</target></segment></unit></file></xliff>';
    const v2 = apply(x20, xliffIgnoreEdit(x20, x20.indexOf('Himmel'), 'cloud'));
    assert.match(v2, /<unit id="u"><notes><note category="terminology">terminology-ignore: cloud<\/note><\/notes><segment>/);
    assert.deepEqual(readXliff(v2).units[0].ignore, { all: false, terms: ['cloud'] });
  });

  it('the manifest: "termIgnore" made or extended, its other values as they were', () => {
    const text = '{\n  "glossaries": [],\n  "rules": { "blank-line": "off" }\n}\n';
    const once = apply(text, manifestIgnoreEdit(text, 'locales/de/app.json', 'nav.cloud', 'cloud'));
    assert.deepEqual(parseManifest(once).rules, { 'blank-line': 'off' }, 'its other values as they were');
    assert.deepEqual(parseManifest(once).problems, []);
    assert.deepEqual(parseManifest(once).termIgnore, { 'locales/de/app.json': { 'nav.cloud': { all: false, terms: ['cloud'] } } });
    const twice = apply(once, manifestIgnoreEdit(once, 'locales/de/app.json', 'nav.cloud', 'server'));
    assert.deepEqual(parseManifest(twice).termIgnore['locales/de/app.json']['nav.cloud'].terms, ['cloud', 'server']);
    assert.equal(manifestIgnoreEdit(twice, 'locales/de/app.json', 'nav.cloud', 'CLOUD'), undefined);
  });

  it('Add this rendering: the source\'s line gets it as the target (its line, else the first with that source), or a line is added', () => {
    const tsv = 'cloud\tWolke\naccount\tKonto\n';
    assert.deepEqual(renderingEdit(tsv, 'tsv', 1, 'account', 'Profil'), { line: 1, text: 'account\tProfil', replaced: 'Konto' });
    assert.deepEqual(renderingEdit(tsv, 'tsv', 7, 'Account', 'Profil'), { line: 1, text: 'account\tProfil', replaced: 'Konto' });
    assert.deepEqual(renderingEdit(tsv, 'tsv', undefined, 'server', 'Rechner'), { line: 2, text: 'server\tRechner' });
    assert.deepEqual(renderingEdit('a,b\r\nc,d\r\n', 'csv', 1, 'c', 'x, y'), { line: 1, text: 'c,"x, y"\r', replaced: 'd' });
  });
});
