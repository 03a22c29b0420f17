import * as assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { encodeTextFile } from '../../../src/core';
import { localeOfPath } from '../../../src/cli/checkTerms';
import { buildOnce, fixtures, run } from './harness';

const dir = join(fixtures, 'terms');

describe('CLI check-terms (the built dist/cli.js as a child process)', function () {
  this.timeout(60_000);
  before(buildOnce);

  it('every format of the fixture, lint\'s text format, the manifest\'s rule settings; warnings only: exit 0', async () => {
    const r = await run(['check-terms'], dir);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(r.stdout.trimEnd().split('\n'), [
      'java/messages_de.properties:3:12: warning term-not-used The source has "file"; the target does not use the glossary\'s "Datei" (glossary Product, en-de).',
      'l10n/app_de.arb:3:19: warning term-not-used The source has "cloud"; the target does not use the glossary\'s "Wolke" (glossary Product, en-de).',
      // "untranslated-term" is set to "warning" in the manifest (an info by default)
      'locales/de/app.json:2:27: warning untranslated-term "cloud" is left as in the source: the glossary translates it as "Wolke" (glossary Product, en-de).',
      'po/de.po:8:9: warning term-not-used The source has "file"; the target does not use the glossary\'s "Datei" (glossary Product, en-de). (The entry is marked fuzzy.)',
      'xliff/messages.de.xlf:11:36: warning term-not-used The source has "file"; the target does not use the glossary\'s "Datei" (glossary Product, en-de).',
      'xliff/messages.fr.xlf:7:17: warning term-not-used The source has "cloud"; the target does not use the glossary\'s "nuage" (glossary Product, en-fr).',
    ]);
    assert.match(r.stderr, /0 error\(s\), 6 warning\(s\), 0 info in 6 file\(s\)/);
  });

  it('paths narrow it; --format json gives ranges over lines; --max-warnings fails the run', async () => {
    const r = await run(['check-terms', 'po', '--format', 'json', '--max-warnings', '0'], dir);
    assert.equal(r.status, 1);
    const json = JSON.parse(r.stdout) as { warningCount: number; findings: Array<{ path: string; line: number; column: number; endLine: number; endColumn: number }> };
    assert.equal(json.warningCount, 1);
    assert.deepEqual(json.findings.map((f) => [f.path, f.line, f.column, f.endLine, f.endColumn]), [['po/de.po', 8, 9, 9, 19]]);
    assert.match(r.stderr, /too many warnings/);
  });

  it('sarif and github formats carry the term check\'s codes', async () => {
    const sarif = await run(['check-terms', 'xliff', '--format', 'sarif'], dir);
    const log = JSON.parse(sarif.stdout) as { runs: Array<{ tool: { driver: { rules: Array<{ id: string; helpUri?: string }> } }; results: unknown[] }> };
    assert.deepEqual(log.runs[0].tool.driver.rules.map((x) => x.id), ['term-not-used']);
    assert.equal(log.runs[0].results.length, 2);
    const gh = await run(['check-terms', 'locales/de/app.json', '--format', 'github'], dir);
    assert.match(gh.stdout, /^::warning file=locales\/de\/app\.json,line=2,col=27,endColumn=32,title=Terminology untranslated-term::/);
  });

  it('the status sidecar next to the manifest: a target using a forbidden term is an error; a sidecar that cannot be read: exit 2', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'terminology-terms-'));
    cpSync(dir, tmp, { recursive: true });
    writeFileSync(join(tmp, 'terminology.statuses.json'), JSON.stringify({ terms: { de: [{ term: 'Dokument', status: 'forbidden', source: 'file' }] } }));
    const r = await run(['check-terms', 'po'], tmp);
    assert.equal(r.status, 1, r.stderr);
    assert.deepEqual(r.stdout.trimEnd().split('\n').map((l) => l.split(' ').slice(0, 3).join(' ')), ['po/de.po:8:9: warning term-not-used', 'po/de.po:8:23: error forbidden-term']);
    writeFileSync(join(tmp, 'terminology.statuses.json'), '{ "terms": { "de": "Dokument" } }');
    const bad = await run(['check-terms', 'po'], tmp);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /terminology\.statuses\.json: "de": a list of terms is expected/);
  });

  it('the manifest\'s "termIgnore" leaves a term alone in one string of a key/value file', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'terminology-terms-'));
    cpSync(dir, tmp, { recursive: true });
    const manifest = { glossaries: [{ name: 'Product', dictionaries: { 'en-de': 'glossaries/en-de.tsv', 'en-fr': 'glossaries/en-fr.tsv' } }], rules: { 'untranslated-term': 'warning' } };
    writeFileSync(join(tmp, 'terminology.json'), JSON.stringify({ ...manifest, termIgnore: { 'locales/de/app.json': { 'nav.cloud': ['Cloud'] } } }));
    const r = await run(['check-terms', 'locales'], tmp);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), '');
    writeFileSync(join(tmp, 'terminology.json'), JSON.stringify({ ...manifest, termIgnore: { 'locales/de/app.json': { 'nav.files': ['cloud'] } } }));
    assert.match((await run(['check-terms', 'locales'], tmp)).stdout, /locales\/de\/app\.json:2:27: warning untranslated-term/);
  });

  it('an error-level setting fails the run; --quiet keeps errors only', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'terminology-terms-'));
    cpSync(dir, tmp, { recursive: true });
    writeFileSync(join(tmp, 'terminology.json'), JSON.stringify({ glossaries: [{ name: 'Product', dictionaries: { 'en-de': 'glossaries/en-de.tsv', 'en-fr': 'glossaries/en-fr.tsv' } }], rules: { 'term-not-used': 'error', 'untranslated-term': 'off' } }));
    const r = await run(['check-terms', '--quiet'], tmp);
    assert.equal(r.status, 1);
    assert.deepEqual(r.stdout.trimEnd().split('\n').map((l) => l.split(' ').slice(0, 3).join(' ')), [
      'java/messages_de.properties:3:12: error term-not-used', 'l10n/app_de.arb:3:19: error term-not-used', 'po/de.po:8:9: error term-not-used', 'xliff/messages.de.xlf:11:36: error term-not-used', 'xliff/messages.fr.xlf:7:17: error term-not-used',
    ]);
  });

  it('a file that is not well-formed: its findings so far, a message, exit 2; no manifest: exit 2', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'terminology-terms-'));
    cpSync(dir, tmp, { recursive: true });
    writeFileSync(join(tmp, 'xliff', 'broken.de.xlf'), '<xliff version="1.2"><file target-language="de"><body><trans-unit id="a"><source>file</source><target>x</target></trans-unit><trans-unit>');
    const r = await run(['check-terms', 'xliff'], tmp);
    assert.equal(r.status, 2);
    assert.match(r.stdout, /xliff\/broken\.de\.xlf:1:\d+: warning term-not-used/);
    assert.match(r.stderr, /xliff\/broken\.de\.xlf: Not well-formed XML/);
    const none = await run(['check-terms'], tmpdir());
    assert.equal(none.status, 2);
    assert.match(none.stderr, /takes its glossaries from the manifest/);
  });

  it('Android strings.xml, Apple .strings (UTF-16 with a BOM) and .xcstrings, each paired or split by language', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'terminology-terms-'));
    cpSync(dir, tmp, { recursive: true });
    const put = (path: string, data: string | Uint8Array) => { mkdirSync(join(tmp, dirname(path)), { recursive: true }); writeFileSync(join(tmp, path), data); };
    put('android/res/values/strings.xml', '<resources>\n  <string name="a">Open the file</string>\n  <string name="b" translatable="false">file</string>\n</resources>\n');
    put('android/res/values-de-rAT/strings.xml', '<resources>\n  <string name="a">\\"Dokument\\" öffnen</string>\n  <string name="b">file</string>\n</resources>\n');
    put('apple/en.lproj/Localizable.strings', '"a" = "Save to the cloud";\n');
    put('apple/de.lproj/Localizable.strings', encodeTextFile('/* Deutsch */\n"a" = "In der cloud speichern";\n', 'utf-16le'));
    put('apple/Localizable.xcstrings', '{\n  "sourceLanguage" : "en",\n  "strings" : {\n    "Open the file" : {\n      "localizations" : {\n        "de" : { "stringUnit" : { "state" : "translated", "value" : "Öffnen" } },\n        "fr" : { "stringUnit" : { "state" : "translated", "value" : "Ouvrir le fichier" } }\n      }\n    }\n  }\n}\n');
    const r = await run(['check-terms', 'android', 'apple'], tmp);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(r.stdout.trimEnd().split('\n'), [
      'android/res/values-de-rAT/strings.xml:2:20: warning term-not-used The source has "file"; the target does not use the glossary\'s "Datei" (glossary Product, en-de).',
      'apple/Localizable.xcstrings:6:70: warning term-not-used The source has "file"; the target does not use the glossary\'s "Datei" (glossary Product, en-de).',
      'apple/de.lproj/Localizable.strings:2:15: warning untranslated-term "cloud" is left as in the source: the glossary translates it as "Wolke" (glossary Product, en-de).',
    ]);
    assert.match(r.stderr, /3 warning\(s\), 0 info in 3 file\(s\)/);
  });

  it('--fix is lint\'s only', async () => {
    const r = await run(['check-terms', '--fix'], dir);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /--fix is an option of lint, not of check-terms/);
  });
});

describe('check-terms: the locale a path names', () => {
  const known = new Set(['en', 'de', 'pt']);
  const cases: Array<[string, string | undefined]> = [
    ['locales/de/app.json', 'de'], ['i18n/de.json', 'de'], ['messages.de.xlf', 'de'], ['app_de.json', 'de'], ['l10n/app_de.arb', 'de'],
    ['po/pt_BR.po', 'pt-BR'], ['de/LC_MESSAGES/app.po', 'de'], ['src/app.json', undefined], ['locales/fr/app.json', undefined],
    ['res/values-pt-rBR/strings.xml', 'pt-BR'], ['res/values/strings.xml', undefined], ['App/de.lproj/Localizable.strings', 'de'],
  ];
  for (const [path, lang] of cases) it(`${path} → ${lang ?? 'none'}`, () => assert.equal(localeOfPath(path.split('/').join(sep), known)?.lang, lang));
});
