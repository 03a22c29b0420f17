/** Translation files of public open-source projects (test/fixtures/termcheck/real/SOURCES.md: provenance, licence),
 * each read with the reader of its format and checked against a small glossary written for its content. The counts,
 * strings, offsets and findings below were checked by hand against the files. */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeTextFile } from '../../../src/core';
import {
  checkUnits, fileRange, LineIndex, readTranslations, TermIndex, type GlossaryEntry, type TranslationKind,
} from '../../../src/core/termCheck';

const REAL = join(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'termcheck', 'real');
const read = (path: string) => decodeTextFile(readFileSync(join(REAL, path))).text;
const glossary = (pair: string, terms: Array<[string, string]>): GlossaryEntry[] => {
  const [sourceLang, targetLang] = pair.split('-');
  return terms.map(([source, target]) => ({ source, target, sourceLang, targetLang, glossary: 'Real' }));
};

interface RealCase {
  name: string; kind: TranslationKind; file: string; source?: string; targetLang: string; units: number;
  /** [unit id, source text, target text, target's file range]. */
  strings: Array<[string, string, string, number, number]>;
  glossary: GlossaryEntry[];
  findings: number;
  /** One finding checked by hand: [code, unit id, "line:col" (1-based), the file text it covers]. */
  sample: [string, string, string, string];
}

const cases: RealCase[] = [
  {
    name: 'XLIFF 1.2: Symfony security-core, German', kind: 'xliff', file: 'symfony-security-core/security.de.xlf', targetLang: 'de', units: 19,
    strings: [['1', 'An authentication exception occurred.', 'Es ist ein Fehler bei der Authentifikation aufgetreten.', 343, 398],
      ['13', 'Account has expired.', 'Der Account ist abgelaufen.', 2754, 2781]],
    glossary: glossary('en-de', [['authentication', 'Authentifizierung'], ['credentials', 'Zugangsdaten'], ['account', 'Konto'], ['token', 'Token']]),
    // "Authentifikation" (units 1 and 3) and unit 2's "Zugangsdaten" alone miss "Authentifizierung"; units 13, 15, 16 keep "Account".
    findings: 6, sample: ['untranslated-term', '13', '51:29', 'Account'],
  },
  {
    name: 'gettext PO: Django humanize, German (plurals, msgctxt, python-format)', kind: 'po', file: 'django-humanize/de/LC_MESSAGES/django.po', targetLang: 'de', units: 89,
    strings: [['Humanize', 'Humanize', 'Humanize', 747, 755], ['naturaltime-past\u0004%d day[1]', '\uFFFC days', '\uFFFC Tagen', 5656, 5664]],
    glossary: glossary('en-de', [['million', 'Million'], ['billion', 'Milliarde'], ['day', 'Tag'], ['year', 'Jahr'], ['humanize', 'Humanisieren']]),
    // Millionen, Milliarden, Tagen, Jahren are covered by the German endings; only the app's name is left as it was.
    findings: 1, sample: ['untranslated-term', 'Humanize', '23:9', 'Humanize'],
  },
  {
    name: 'i18next JSON: react-i18next example, German (nested keys, <1> markup)', kind: 'json', file: 'react-i18next/locales/de/translation.json',
    source: 'react-i18next/locales/en/translation.json', targetLang: 'de', units: 3,
    strings: [['title', 'Welcome to react using react-i18next', 'Willkommen zu react und react-i18next', 14, 51],
      ['description.part1', 'To get started, edit <1>src/App.js</1> and save to reload.', 'Um loszulegen, ändere <1>src/App(DE).js</1> und speichere um neuzuladen.', 87, 159]],
    glossary: glossary('en-de', [['language', 'Sprache'], ['edit', 'bearbeiten'], ['button', 'Schaltfläche']]),
    // "ändere" for "edit"; "Schalter" for "buttons".
    findings: 2, sample: ['term-not-used', 'description.part2', '5:15', 'Wechsle die Sprache zwischen deutsch und englisch mit Hilfe der beiden Schalter.'],
  },
  {
    name: 'Java .properties: Spring PetClinic, German (a U+FFFD left in the file upstream)', kind: 'properties', file: 'spring-petclinic/messages_de.properties',
    source: 'spring-petclinic/messages.properties', targetLang: 'de', units: 51,
    strings: [['typeMismatch.date', 'invalid date', 'ung\uFFFDltiges Datum', 242, 258], ['vets', 'Veterinarians', 'Tierärzte', 533, 542]],
    glossary: glossary('en-de', [['owner', 'Besitzer'], ['pet', 'Haustier'], ['visit', 'Besuch'], ['veterinarian', 'Tierarzt'], ['date', 'Datum']]),
    // Compounds are not matched: "Geburtsdatum", "Besitzerinformationen", "Besuchsdatum" (two terms); "Tierärzte" is an umlaut plural.
    findings: 5, sample: ['term-not-used', 'vets', '20:6', 'Tierärzte'],
  },
  {
    name: 'Android strings.xml: BBQ Timer, values-de (\\n escapes, %1$s)', kind: 'android', file: 'bbqtimer/res/values-de/strings.xml',
    source: 'bbqtimer/res/values/strings.xml', targetLang: 'de', units: 39,
    strings: [['edit_list_hint', 'minutes\nminutes:seconds or\nhours:minutes:seconds\nwith optional notes', 'Minuten\nMinuten:Sekunden oder\nStunden:Minuten:Sekunden\nmit optionalen Anmerkungen', 541, 625],
      ['notification_body', 'Alarm every \uFFFC', 'Alarm alle \uFFFC', 1282, 1297]],
    glossary: glossary('en-de', [['alarm', 'Alarm'], ['lock screen', 'Sperrbildschirm'], ['notification', 'Benachrichtigung'], ['interval', 'Intervall'], ['timer', 'Timer']]),
    // All six are German compounds the matcher does not split: Alarmintervalle (alarm, interval), Intervallmenü,
    // Alarmtöne (alarm), Alarmintervall (alarm, interval).
    findings: 6, sample: ['term-not-used', 'intervals_menu', '14:35', 'Intervallmenü'],
  },
  {
    name: 'Apple .strings: MonitorControl, de.lproj (keys are the English text)', kind: 'strings', file: 'monitorcontrol/de.lproj/Localizable.strings',
    source: 'monitorcontrol/en.lproj/Localizable.strings', targetLang: 'de', units: 51,
    strings: [['About', 'About', 'Über', 48, 52], ['Brightness', 'Brightness', 'Helligkeit', 1174, 1184]],
    glossary: glossary('en-de', [['brightness', 'Helligkeit'], ['display', 'Bildschirm'], ['settings', 'Einstellungen'], ['volume', 'Lautstärke']]),
    // The translation says "Monitor" for "display" throughout (16: one per "display" of the source), and compounds
    // hide the other four ("Software-Helligkeitssteuerung", "Helligkeitsprotokoll", "Standardeinstellungen",
    // "Systemeinstellungen").
    findings: 20, sample: ['term-not-used', 'Displays', '41:15', 'Monitore'],
  },
  {
    name: 'Apple String Catalog: Squirrel (Rime), zh-Hans and zh-Hant in one file', kind: 'xcstrings', file: 'squirrel/Localizable.xcstrings', targetLang: 'mul', units: 26,
    strings: [['deploy_failure#zh-Hans', 'Error occurred. Please check log files', '有错误！请查看日志', 1494, 1503], ['Logs...#zh-Hant', 'Logs...', '日誌...', 3501, 3506]],
    glossary: glossary('en-zh', [['deploy', '部署'], ['log', '日志'], ['update', '更新']]),
    // "新版本" for "update" in both scripts (4); the Traditional "日誌" is not the glossary's Simplified "日志" (2).
    findings: 6, sample: ['term-not-used', 'Logs...#zh-Hant', '155:24', '日誌...'],
  },
];

describe('term check on real translation files of open-source projects', () => {
  for (const c of cases) {
    it(c.name, () => {
      const text = read(c.file);
      const r = readTranslations(c.kind, text, c.source ? read(c.source) : undefined);
      assert.deepEqual(r.problems, []);
      assert.equal(r.units.length, c.units, 'strings read');
      for (const [id, source, target, from, to] of c.strings) {
        const u = r.units.find((x) => x.id === id);
        assert.ok(u, `unit ${id}`);
        assert.equal(u.source.text, source);
        assert.equal(u.target?.text, target);
        assert.deepEqual(fileRange(u.target!, 0, u.target!.text.length), [from, to], `${id}: file range`);
      }
      const { findings } = checkUnits(r, new TermIndex(c.glossary), r.sourceLang ?? 'en', r.targetLang ?? c.targetLang);
      assert.equal(findings.length, c.findings, findings.map((f) => `${f.code} ${f.unitId} ${text.slice(f.offset, f.endOffset)}`).join('\n'));
      const lines = new LineIndex(text);
      const [code, unitId, lineCol, covered] = c.sample;
      const f = findings.find((x) => x.code === code && x.unitId === unitId);
      assert.ok(f, `${code} on ${unitId}`);
      const p = lines.position(f.offset);
      assert.equal(`${p.line + 1}:${p.col + 1}`, lineCol);
      assert.equal(text.slice(f.offset, f.endOffset), covered);
    });
  }
});
