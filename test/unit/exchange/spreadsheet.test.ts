import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import {
  detectDelimiter, ImportError, languageOf, MAX_SHEET_BYTES, pairFromName, planConcepts, planEntries, planSpreadsheet, readSpreadsheet, refuseLargeSheet, sheetLanguages,
  type ColumnMapping, type Concept, type Delimiter, type ImportPlan, type Sheet,
} from '../../../src/core/exchange';
import { DROPPED_FIELD_UNITS, leanRows, parsedRows } from '../../../src/core/exchange/spreadsheet';
import { LIMITS } from '../../../src/core/findings';
import { headerRow } from '../../../src/core/languageNames';
import { fuzz, RUNS } from '../fuzz/arbitraries';
import { dictionariesOf, utf16le } from './helpers';

const utf8 = (s: string) => Buffer.from(s, 'utf8');

describe('spreadsheet import', () => {
  it('reads the service\'s own 4-column export without questions: every pair on its rows', () => {
    const sheet = readSpreadsheet(utf8('"cloud","Wolke","EN","DE"\n"say ""hi"", please","sag hallo","EN","DE"\n"cloud","nuage","en","fr"\n'));
    assert.equal(sheet.delimiter, ',');
    assert.equal(sheet.header, undefined);
    assert.deepEqual(sheet.mapping, { kind: 'pairs', source: 0, target: 1, sourceLang: 2, targetLang: 3 });
    assert.deepEqual(sheetLanguages(sheet, sheet.mapping!).sort(), ['de', 'en', 'fr']);
    const plan = planSpreadsheet(sheet, sheet.mapping!);
    assert.deepEqual(dictionariesOf(plan), { 'en-de': [['cloud', 'Wolke'], ['say "hi", please', 'sag hallo']], 'en-fr': [['cloud', 'nuage']] });
  });

  it('reads the 5-column export (one more column, ignored and said so), with a header row of column words', () => {
    const text = 'source,target,source_lang,target_lang,glossary\ncloud,Wolke,EN,DE,Tech\nserver,Server,EN,DE,Tech\n';
    const sheet = readSpreadsheet(utf8(text));
    assert.deepEqual(sheet.header, ['source', 'target', 'source_lang', 'target_lang', 'glossary']);
    assert.deepEqual(sheet.mapping, { kind: 'pairs', source: 0, target: 1, sourceLang: 2, targetLang: 3 });
    const plan = planSpreadsheet(sheet, sheet.mapping!);
    assert.deepEqual(dictionariesOf(plan), { 'en-de': [['cloud', 'Wolke'], ['server', 'Server']] });
    assert.match(plan.choices[0].message, /Column\(s\) 5 \("glossary"\) ignored/);
  });

  it('detects semicolons (and a BOM), with a header of language names; the user picks the source', () => {
    const sheet = readSpreadsheet(utf8('\uFEFFEnglish;Deutsch;Français;Notes\nfile;Datei;fichier;UI\nsave;Speichern;;menu\n'));
    assert.equal(sheet.delimiter, ';');
    assert.equal(sheet.bom, true);
    assert.deepEqual(sheet.mapping, { kind: 'languages', columns: [{ index: 0, lang: 'en' }, { index: 1, lang: 'de' }, { index: 2, lang: 'fr' }] });
    const plan = planSpreadsheet(sheet, sheet.mapping!, 'de');
    assert.deepEqual(dictionariesOf(plan), { 'de-en': [['Datei', 'file'], ['Speichern', 'save']], 'de-fr': [['Datei', 'fichier']] });
    assert.deepEqual(plan.pairs[1].skipped.map((s) => [s.reason, s.line]), [['empty', 3]]);
    assert.match(plan.choices.map((c) => c.message).join('\n'), /Column\(s\) 4 \("Notes"\) ignored/);
  });

  it('reads UTF-16LE TSV with CRLF as Excel writes "Unicode text", with a header of locale codes', () => {
    const sheet = readSpreadsheet(utf16le('en-US\tes\tzh\tforbidden\r\nkey\tclave\t密钥\tno\r\nmaster\tmaestro\t主\tyes\r\n'), { fileName: 'terms.txt' });
    assert.equal(sheet.encoding, 'utf-16le');
    assert.equal(sheet.delimiter, '\t');
    assert.equal(sheet.mapping?.kind, 'languages');
    const plan = planSpreadsheet(sheet, sheet.mapping!, 'en');
    assert.deepEqual(dictionariesOf(plan), { 'en-es': [['key', 'clave']], 'en-zh': [['key', '密钥']] });
    assert.deepEqual(plan.pairs[0].skipped.map((s) => [s.reason, s.line]), [['forbidden', 3]]);
    // Without a BOM too.
    assert.equal(readSpreadsheet(utf16le('a\tb\r\nc\td\r\n', false)).encoding, 'utf-16le');
  });

  it('reads UTF-16BE (with or without a BOM) and a UTF-16 CSV whose quoted field spans lines, reported not joined', () => {
    const be = (text: string, bom: boolean) => Buffer.from(utf16le(text, bom)).swap16();
    for (const bom of [true, false]) {
      const sheet = readSpreadsheet(be('English;Deutsch\r\n"a; b";"c ""d"""\r\nkey;Schlüssel 😀\r\n', bom), { fileName: 'terms.csv' });
      assert.equal(sheet.encoding, 'utf-16be');
      assert.equal(sheet.delimiter, ';');
      const plan = planSpreadsheet(sheet, sheet.mapping!, 'en');
      assert.deepEqual(dictionariesOf(plan), { 'en-de': [['a; b', 'c "d"'], ['key', 'Schlüssel 😀']] });
    }
    // Without a BOM, with characters one of whose bytes is zero (一 U+4E00, Ā U+0100, an emoji's U+DE00).
    const le = readSpreadsheet(utf16le('en\tzh\r\none\t一\r\nA-macron\tĀ 😀\r\n', false), { fileName: 'terms.txt' });
    assert.equal(le.encoding, 'utf-16le');
    assert.deepEqual(dictionariesOf(planSpreadsheet(le, le.mapping!, 'en')), { 'en-zh': [['one', '一'], ['A-macron', 'Ā 😀']] });
    const sheet = readSpreadsheet(utf16le('"two\r\nlines",zwei,EN,DE\r\ncloud,Wolke,EN,DE\r\n'), { fileName: 'export.csv' });
    const plan = planSpreadsheet(sheet, sheet.mapping!);
    assert.deepEqual(dictionariesOf(plan), { 'en-de': [['cloud', 'Wolke']] });
    assert.deepEqual(plan.pairs[0].skipped.map((s) => [s.reason, s.line, s.message.slice(0, 9)]), [['multi-line', 1, 'Lines 1–2']]);
    assert.equal(plan.pairs[0].entries[0].line, 3); // CRLF inside the quotes is one line break
  });

  it('reports a quoted field that spans lines instead of joining it silently', () => {
    const sheet = readSpreadsheet(utf8('cloud,Wolke,EN,DE\n"two\nlines",zwei,EN,DE\nserver,Server,EN,DE\n'));
    const plan = planSpreadsheet(sheet, sheet.mapping!);
    assert.deepEqual(dictionariesOf(plan), { 'en-de': [['cloud', 'Wolke'], ['server', 'Server']] });
    const skip = plan.pairs[0].skipped[0];
    assert.equal(skip.reason, 'multi-line');
    assert.equal(skip.line, 2);
    assert.match(skip.message, /Lines 2–3: a quoted field runs over 2 lines/);
    assert.equal(plan.pairs[0].entries[1].line, 4);
  });

  it('takes a two-column file\'s languages from its name, and asks when it cannot tell', () => {
    const named = readSpreadsheet(utf8('cloud\tWolke\nserver\tServer\n'), { fileName: '/x/en-de.glossary.tsv' });
    assert.deepEqual(named.mapping, { kind: 'languages', columns: [{ index: 0, lang: 'en' }, { index: 1, lang: 'de' }] });
    assert.equal(readSpreadsheet(utf8('cloud\tWolke\n'), { fileName: 'terms.tsv' }).mapping, undefined);
    // The user's mapping then decides.
    const sheet = readSpreadsheet(utf8('1;cloud;Wolke\n2;server;Server\n'));
    assert.equal(sheet.mapping, undefined);
    const plan = planSpreadsheet(sheet, { kind: 'languages', columns: [{ index: 1, lang: 'en' }, { index: 2, lang: 'de' }] });
    assert.deepEqual(dictionariesOf(plan), { 'en-de': [['cloud', 'Wolke'], ['server', 'Server']] });
  });

  it('skips duplicates and entries the rules refuse, with their findings', () => {
    const sheet = readSpreadsheet(utf8('cloud,Wolke,EN,DE\ncloud,Wolke,EN,DE\ncloud,Cloud,EN,DE\nbad\u0007,x,EN,DE\n,leer,EN,DE\nx,y,EN,TH\n'));
    const plan = planSpreadsheet(sheet, sheet.mapping!);
    const de = plan.pairs.find((p) => p.targetLang === 'de')!;
    assert.deepEqual(de.entries.map((e) => e.source), ['cloud']);
    assert.deepEqual(de.skipped.map((s) => s.reason), ['empty', 'duplicate', 'duplicate', 'invalid']);
    assert.equal(de.findings[0].code, 'control-character');
    assert.equal(de.findings[0].line, 4);
    assert.deepEqual(plan.pairs.find((p) => p.targetLang === 'th')!.skipped.map((s) => s.reason), ['unsupported-language']);
  });

  it('names a row by its line in what it says, not as a term base\'s "concept"', () => {
    const sheet = readSpreadsheet(utf8('en,de,fr\ncloud,Wolke,nuage\n,Server,serveur\n server ,Server,serveur\n'));
    const plan = planSpreadsheet(sheet, sheet.mapping!);
    const de = plan.pairs.find((p) => p.targetLang === 'de')!;
    assert.deepEqual(de.skipped.map((s) => s.message), ['Line 3: the EN term is empty.']);
    assert.ok(plan.choices.some((c) => c.message === 'Line 4, EN: spaces around "server" were removed.'), JSON.stringify(plan.choices));
    assert.ok(!JSON.stringify(plan).includes('concept'), JSON.stringify(plan));
  });

  it('detects the delimiter by its steady count outside quotes', () => {
    assert.equal(detectDelimiter('"a;b",c\n"d;e",f\n'), ',');
    assert.equal(detectDelimiter('a;b,c;d\ne;f,g;h\n'), ';');
    assert.equal(detectDelimiter('a\tb, c\nd\te, f\n'), '\t');
    assert.equal(detectDelimiter('single\n', 'x.tsv'), '\t');
  });

  it('detects the delimiter as counting it in each line kept whole would (property), a row of 100 000 cells included', () => {
    // The plain definition: each line's characters outside quotes, kept, then split by each delimiter.
    const reference = (text: string, fileName?: string): string => {
      if (/\.tsv$/i.test(fileName ?? '') && /\t/.test(text.slice(0, 64 * 1024))) return '\t';
      const lines: string[] = [];
      let line = '';
      let quoted = false;
      for (let i = 0; i < text.length && lines.length < 100; i++) {
        const c = text[i];
        if (c === '"') {
          if (!quoted && (line === '' || /[\t;,]$/.test(line))) { quoted = true; continue; }
          if (quoted && text[i + 1] === '"') { i++; continue; }
          if (quoted) { quoted = false; continue; }
        }
        if (!quoted && (c === '\n' || c === '\r')) { if (line) lines.push(line); line = ''; continue; }
        if (!quoted) line += c;
      }
      if (line && lines.length < 100) lines.push(line);
      let best: string | undefined;
      let bestScore = 0;
      let bestMode = 0;
      const scores = new Map<string, number>();
      for (const d of ['\t', ';', ',']) {
        const freq = new Map<number, number>();
        for (const l of lines) { const n = l.split(d).length - 1; if (n > 0) freq.set(n, (freq.get(n) ?? 0) + 1); }
        let modeLines = 0;
        let mode = 0;
        for (const [n, v] of freq) if (v > modeLines || (v === modeLines && n > mode)) { modeLines = v; mode = n; }
        const score = lines.length ? modeLines / lines.length : 0;
        scores.set(d, score);
        if (score > bestScore + 1e-9 || (score > 0 && Math.abs(score - bestScore) < 1e-9 && mode > bestMode)) { best = d; bestScore = score; bestMode = mode; }
      }
      if (best && /\.(tsv|txt)$/i.test(fileName ?? '') && (scores.get('\t') ?? 0) >= bestScore - 1e-9 && bestScore > 0) return '\t';
      return best ?? (/\.(tsv|txt)$/i.test(fileName ?? '') ? '\t' : ',');
    };
    // Quoted fields after each delimiter, holding the others: counted only outside the quotes.
    for (const [text, d] of [['a,"b;c;d"\ne,"f;g;h"\n', ','], ['a;"b,c,d"\ne;"f,g,h"\n', ';'], ['a\t"b,c,d"\ne\t"f,g,h"\n', '\t']] as const) {
      assert.equal(detectDelimiter(text), d, JSON.stringify(text));
      assert.equal(reference(text), d);
    }
    const piece = fc.constantFrom('a', 'b c', '\t', ';', ',', '"', '""', '\n', '\r', '\r\n', ' ', ',"x;y;z"', ';"x,y,z"', '\t"x;y,z"');
    fc.assert(fc.property(fc.array(piece, { maxLength: 400 }), fc.constantFrom(undefined, 'x.csv', 'x.tsv', 'x.txt'), (parts, name) => {
      const text = parts.join('');
      assert.equal(detectDelimiter(text, name), reference(text, name), JSON.stringify(text));
    }), fuzz());
    const wide = `en,de\ncloud,${'Wolke,'.repeat(99_999)}\nserver,Server\n`;
    assert.equal(detectDelimiter(wide, 'x.csv'), reference(wide, 'x.csv'));
  });

  it('knows languages by code and by name, and pairs in file names', () => {
    assert.equal(languageOf('EN-us'), 'en');
    assert.equal(languageOf('de_DE'), 'de');
    assert.equal(languageOf('Deutsch'), 'de');
    assert.equal(languageOf('German (Germany)'), 'de');
    assert.equal(languageOf('source'), undefined);
    assert.equal(languageOf('xx'), undefined);
    assert.deepEqual(pairFromName('Glossary.EN_FR.csv'), ['en', 'fr']);
    assert.equal(pairFromName('notes.csv'), undefined);
  });

  it('finds a header row that names a dictionary\'s pair at the start of its text, and nothing else', () => {
    assert.deepEqual(headerRow('English,Deutsch\ncloud,Wolke\n', 'csv', 'en', 'de'), ['English', 'Deutsch']);
    assert.deepEqual(headerRow('\uFEFF"EN"\t"de-DE"\r\ncloud\tWolke\n', 'tsv', 'EN', 'DE'), ['EN', 'de-DE']);
    assert.deepEqual(headerRow('EN\tDE', 'tsv', 'en-GB', 'de'), ['EN', 'DE']);
    // Another pair's languages, one language only, an entry, a line without a separator, an empty text: no header.
    assert.equal(headerRow('English,Français\n', 'csv', 'en', 'de'), undefined);
    assert.equal(headerRow('English,Englisch\n', 'csv', 'en', 'de'), undefined);
    assert.equal(headerRow('cloud\tWolke\nEnglish\tDeutsch\n', 'tsv', 'en', 'de'), undefined);
    assert.equal(headerRow('English Deutsch\n', 'tsv', 'en', 'de'), undefined);
    assert.equal(headerRow('', 'tsv', 'en', 'de'), undefined);
  });
});

describe('spreadsheet import: tab-separated text', () => {
  it('unquotes a phrase enclosed in quotes and keeps any other quote as text, as the service reads TSV', () => {
    const sheet = readSpreadsheet(utf8('"hi\t"quoted ""x"""\nsay "yo"\tsag\n'), { fileName: 'en-de.glossary.tsv' });
    assert.deepEqual(dictionariesOf(planSpreadsheet(sheet, sheet.mapping!)), { 'en-de': [['"hi', 'quoted "x"'], ['say "yo"', 'sag']] });
  });

  it('reports a cell with a line break as Excel writes it (quoted, over two lines)', () => {
    const sheet = readSpreadsheet(utf16le('en\tde\r\nkey\tSchlüssel\r\n"two\r\nlines"\tzwei\r\nlast\tletzte\r\n'));
    const plan = planSpreadsheet(sheet, sheet.mapping!, 'en');
    assert.deepEqual(dictionariesOf(plan), { 'en-de': [['key', 'Schlüssel'], ['last', 'letzte']] });
    assert.deepEqual(plan.pairs[0].skipped.map((s) => [s.reason, s.line]), [['multi-line', 3]]);
    assert.match(plan.pairs[0].skipped[0].message, /Lines 3–4/);
  });
});

describe('spreadsheet import: a column of terms beside columns named by language', () => {
  it('asks which language the "term" column is in, instead of reading ES → FR and leaving the terms out', () => {
    // The layout of a real glossary sheet (iati-glossary.csv of the corpus): terms, part of speech, a yes/no column,
    // notes, then the translations under language codes.
    const sheet = readSpreadsheet(utf8('term,pos,Agreed,definition,source,comments,ES,FR\r\nactivity,Noun,,A piece of work,https://example.org/a,,actividad,activité\r\n' +
      'classification,Noun,No,one of the groups,,,clasificación,classification\r\ndata,Noun,,Information,,,datos,données\r\n'), { fileName: 'glossary.csv' });
    assert.equal(sheet.mapping, undefined);
    assert.match(sheet.suggestion!.why, /Column 1 \("term"\) holds terms in a language no header names, beside ES, FR/);
    assert.deepEqual(sheet.suggestion!.columns.filter((c) => c.lang).map((c) => [c.index, c.lang]), [[6, 'es'], [7, 'fr']]);
    assert.ok(sheet.suggestion!.columns.some((c) => c.index === 0));
    const plan = planSpreadsheet(sheet, { kind: 'languages', columns: [{ index: 0, lang: 'en' }, { index: 6, lang: 'es' }, { index: 7, lang: 'fr' }] });
    assert.deepEqual(dictionariesOf(plan), {
      'en-es': [['activity', 'actividad'], ['classification', 'clasificación'], ['data', 'datos']],
      'en-fr': [['activity', 'activité'], ['classification', 'classification'], ['data', 'données']],
    });
  });

  it('a line break in a column that is not read does not skip the row (the definition of "result" in the same file)', () => {
    const sheet = readSpreadsheet(utf8('term,definition,ES\r\nresult,"To terminate or end.\r\n",resultar\r\nwork,"Two\r\nlines",trabajo\r\n'), { fileName: 'g.csv' });
    const plan = planSpreadsheet(sheet, { kind: 'languages', columns: [{ index: 0, lang: 'en' }, { index: 2, lang: 'es' }] });
    assert.deepEqual(dictionariesOf(plan), { 'en-es': [['result', 'resultar'], ['work', 'trabajo']] });
    assert.deepEqual(plan.pairs[0].skipped, []);
    // In a column that is read, it still does.
    const both = planSpreadsheet(sheet, { kind: 'languages', columns: [{ index: 1, lang: 'en' }, { index: 2, lang: 'es' }] });
    assert.deepEqual(both.pairs[0].skipped.map((s) => [s.reason, s.line]), [['multi-line', 2], ['multi-line', 4]]);
  });

  it('a header of languages only is still read without a question', () => {
    const sheet = readSpreadsheet(utf8('EN,ES,FR,notes\ndata,datos,données,plural\n'), { fileName: 'glossary.csv' });
    assert.deepEqual(sheet.mapping, { kind: 'languages', columns: [{ index: 0, lang: 'en' }, { index: 1, lang: 'es' }, { index: 2, lang: 'fr' }] });
  });
});

describe('spreadsheet import: OmegaT glossaries', () => {
  it('leaves out the comment lines OmegaT writes (a line of one cell starting with #), not as empty entries', () => {
    // The first lines of a glossary.txt as OmegaT creates it (omegat-acceptance-glossary.txt of the corpus).
    const sheet = readSpreadsheet(utf8('# Glossary in tab-separated format -*- coding: utf-8 -*-\nIntroduction\t紹介\n#tag\t#標籤\n# a comment\nError\tエラー\n'), { fileName: 'glossary.txt' });
    assert.equal(sheet.delimiter, '\t');
    assert.equal(sheet.rows.length, 3);
    assert.deepEqual(sheet.rows.map((r) => r.line), [2, 3, 5]);
    assert.ok(sheet.notes.some((n) => /Lines 1, 4 are comments/.test(n)), sheet.notes.join(' | '));
    const plan = planSpreadsheet(sheet, { kind: 'languages', columns: [{ index: 0, lang: 'en' }, { index: 1, lang: 'zh' }] });
    assert.deepEqual(dictionariesOf(plan), { 'en-zh': [['Introduction', '紹介'], ['#tag', '#標籤'], ['Error', 'エラー']] });
    assert.deepEqual(plan.pairs[0].skipped, []);
  });
});

describe('spreadsheet notes', () => {
  it('the note counts the rows under a header, not the header', () => {
    const sheet = readSpreadsheet(Buffer.from('English;Deutsch\nfile;Datei\nsave;Speichern\n', 'utf8'));
    assert.ok(sheet.header);
    assert.match(sheet.notes[0], /; 2 rows under a header row, 2 columns\./);
    assert.match(readSpreadsheet(Buffer.from('"a","b","EN","DE"\n', 'utf8')).notes[0], /; 1 row, 4 columns\./);
  });

  it('a binary file is refused, not read as cells', () => {
    assert.throws(() => readSpreadsheet(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])), /This is a ZIP archive/);
    assert.throws(() => readSpreadsheet(Buffer.from('a,b\nc,\u0000d\n', 'latin1')), /the byte at offset 6 is 0x00/);
  });
});

describe('spreadsheet import: the lean reader', () => {
  it('gives the rows and lines csv-parse gives, for every text it takes (and leaves the others to csv-parse)', () => {
    const piece = fc.constantFrom('a', 'bé', ' ', '"', '""', ',', ';', '\t', '\r', '\n', '\r\n', '\uFEFF', '中', 'x'.repeat(20));
    let taken = 0;
    fc.assert(fc.property(fc.array(piece, { maxLength: 40 }), fc.constantFrom<Delimiter>(',', ';', '\t'), (parts, d) => {
      const text = parts.join('');
      const lean = leanRows(text, d);
      if (!lean) return;
      taken++;
      let parsed: unknown;
      try { parsed = parsedRows(text, d); } catch (e) { parsed = e instanceof Error ? e.name : e; }
      assert.deepEqual(lean, parsed, JSON.stringify(text));
    }), { numRuns: Math.max(RUNS, 2000) });
    assert.ok(taken > 500, `only ${taken} texts taken`);
  });

  it('a 20 MB sheet is read in its rows without csv-parse', () => {
    const lines = ['English,Deutsch'];
    for (let i = 0; lines.length < 600_000; i++) lines.push(`cloud server ${i},"Wolke, Server ${i}"`);
    const text = lines.join('\r\n') + '\r\n';
    const sheet = readSpreadsheet(Buffer.from(text));
    assert.equal(sheet.rows.length, 599_999);
    assert.deepEqual(sheet.rows[599_998], { cells: ['cloud server 599998', 'Wolke, Server 599998'], line: 600_000, endLine: 600_000 });
  });
});

describe('spreadsheet import: planned from columns', () => {
  // The plan as rows of Concept objects gave it (each row a concept of one term per mapped column, a quoted field over
  // lines or a forbidden mark its skip), through the planner's general path: what the columns' fast path must equal.
  const byConcepts = (sheet: Sheet, mapping: Extract<ColumnMapping, { kind: 'languages' }>, sourceLang?: string) => {
    const read = mapping.columns.map((c) => c.index);
    const concepts = sheet.rows.map((r): Concept => {
      // A cell past the phrase limit (without its spaces) is a term marked too long, as a TBX reader makes one (a
      // whole line is one cell when the detected delimiter is another).
      const term = (text: string) => (text.trim().length > LIMITS.phraseBytes ? { text: '', tooLong: true as const } : { text });
      const c: Concept = { line: r.line, terms: mapping.columns.map((col) => ({ ...term(r.cells[col.index] ?? ''), lang: col.lang, status: 'unspecified' as const, line: r.line })), row: true };
      if (r.endLine > r.line && read.some((i) => /[\r\n]/.test(r.cells[i] ?? ''))) {
        c.skip = { reason: 'multi-line', message: `Lines ${r.line}–${r.endLine}: a quoted field runs over ${r.endLine - r.line + 1} lines. A phrase cannot hold a line break; fix the file (or this pair's document) and import again.` };
      } else if (mapping.forbidden !== undefined && /^(yes|y|true|1|x|ja|oui|sí|si|forbidden)$/i.test((r.cells[mapping.forbidden] ?? '').trim())) {
        c.skip = { reason: 'forbidden', message: `Line ${r.line} is marked forbidden.` };
      }
      return c;
    });
    return planConcepts(concepts, sourceLang ?? mapping.columns[0].lang, { format: 'csv', notes: sheet.notes });
  };
  const plain = (plan: ImportPlan) => JSON.parse(JSON.stringify({ pairs: plan.pairs, choices: plan.choices.filter((c) => !/ignored\.$/.test(c.message) || c.line !== undefined) }));

  it('gives the plan the rows as concepts give, whatever the cells (spaces, quotes, breaks, duplicates, long phrases)', () => {
    const cell = fc.constantFrom('cloud', 'Wolke', 'nuage', 'server', 'Server', ' cloud', 'cloud ', '', ' ', 'a "b"', 'x, y', 'x\ny', 'x\r\ny', 'tab\there',
      'line\u2028sep', 'ctl\u0001', 'nbsp\u00a0', '\u00a0lead', 'é', '中文', '😀', 'z'.repeat(400), 'q'.repeat(341), 'yes', 'x');
    const row = fc.array(cell, { minLength: 0, maxLength: 5 });
    const header = fc.constantFrom<string[]>(['en', 'de', 'fr'], ['EN', 'de'], ['en', 'de', 'forbidden'], ['de', 'en', 'fr', 'notes'], ['en', 'de-DE', 'de'], ['en', 'no', '---']);
    const quote = (v: string) => /[",\r\n]/.test(v) || v === '' ? `"${v.replace(/"/g, '""')}"` : v;
    fc.assert(fc.property(header, fc.array(row, { maxLength: 30 }), fc.constantFrom('\n', '\r\n'), fc.boolean(), (head, rows, eol, second) => {
      const text = [head.join(','), ...rows.map((r) => r.map(quote).join(','))].join(eol) + eol;
      const sheet = readSpreadsheet(Buffer.from(text), { header: true });
      const columns = head.map((h, index) => ({ index, lang: h })).filter((c) => !/^(forbidden|notes)$/.test(c.lang));
      const forbidden = head.indexOf('forbidden');
      const mapping = { kind: 'languages' as const, columns, ...(forbidden !== -1 ? { forbidden } : {}) };
      const source = second ? columns[1].lang : undefined;
      const got = planSpreadsheet(sheet, mapping, source);
      const want = byConcepts(sheet, mapping, source);
      assert.deepEqual(plain(got), plain(want), JSON.stringify(text));
      assert.deepEqual(got.pairs.map((p) => p.entries.length), want.pairs.map((p) => p.entries.length));
    }), { numRuns: Math.max(RUNS, 500) });
  });

  it('a sheet of 100 000 rows: the plan of its rows as concepts', () => {
    const lines = ['English,Deutsch,Français'];
    for (let i = 0; lines.length < 100_000; i++) lines.push(i % 2 ? `cloud server ${i % 70_000},"Wolke, Server ${i}",nuage serveur ${i}` : `cloud ${i}, Wolke ${i} ,nuage ${i}`);
    const sheet = readSpreadsheet(Buffer.from(lines.join('\n')));
    const mapping = sheet.mapping as Extract<ColumnMapping, { kind: 'languages' }>;
    assert.deepEqual(plain(planSpreadsheet(sheet, mapping)), plain(byConcepts(sheet, mapping)));
  });
});

describe('spreadsheet import: the service\'s layout planned from columns', () => {
  // The plan as the rows made as objects gave it (planEntries): what the columns' path must equal.
  const byObjects = (sheet: Sheet, mapping: Extract<ColumnMapping, { kind: 'pairs' }>) => planEntries(sheet.rows.map((r) => {
    const row = { source: r.cells[mapping.source] ?? '', target: r.cells[mapping.target] ?? '', sourceLang: r.cells[mapping.sourceLang] ?? '', targetLang: r.cells[mapping.targetLang] ?? '', line: r.line };
    return r.endLine > r.line && [mapping.source, mapping.target].some((i) => /[\r\n]/.test(r.cells[i] ?? ''))
      ? { ...row, skip: { reason: 'multi-line' as const, message: `Lines ${r.line}–${r.endLine}: a quoted field runs over ${r.endLine - r.line + 1} lines. A phrase cannot hold a line break; fix the file (or this pair's document) and import again.` } }
      : row;
  }), { format: 'csv', notes: sheet.notes });
  const plain = (plan: ImportPlan) => JSON.parse(JSON.stringify({ pairs: plan.pairs, choices: plan.choices.filter((c) => !/ignored\.$/.test(c.message)) }));
  const mapping = { kind: 'pairs' as const, source: 0, target: 1, sourceLang: 2, targetLang: 3 };

  it('gives the plan the rows as objects give, whatever the cells and codes (pairs changing row to row, codes that are none)', () => {
    const phrase = fc.constantFrom('cloud', 'Wolke', 'server', 'Server', ' cloud', 'cloud ', '', ' ', 'a "b"', 'x, y', 'x\ny', 'tab\there', 'line\u2028sep',
      'ctl\u0001', '\u00a0lead', 'é', '中文', '😀', 'z'.repeat(400), 'q'.repeat(341));
    const code = fc.constantFrom('en', 'de', 'fr', 'EN', 'de-DE', 'de_AT', 'no', '---', '', 'x1');
    const row = fc.tuple(phrase, phrase, code, code, fc.constantFrom(0, 0, 0, 1));
    const quote = (v: string) => /[",\r\n]/.test(v) || v === '' ? `"${v.replace(/"/g, '""')}"` : v;
    fc.assert(fc.property(fc.array(row, { maxLength: 30 }), fc.constantFrom('\n', '\r\n'), (rows, eol) => {
      const text = rows.map(([a, b, sl, tl, extra]) => [a, b, sl, tl, ...(extra ? ['note'] : [])].map(quote).join(',')).join(eol) + eol;
      const sheet = readSpreadsheet(Buffer.from(text), { header: false, delimiter: ',' });
      const got = planSpreadsheet(sheet, mapping);
      const want = byObjects(sheet, mapping);
      assert.deepEqual(plain(got), plain(want), JSON.stringify(text));
      assert.deepEqual(got.pairs.map((p) => p.entries.length), want.pairs.map((p) => p.entries.length));
    }), { numRuns: Math.max(RUNS, 500) });
  });

  it('a cell past the phrase limit is skipped as too long, its text never taken', () => {
    const text = `cloud,Wolke,en,de\nlong,${'z'.repeat(LIMITS.phraseBytes + 1)},en,de\n${'y'.repeat(LIMITS.phraseBytes + 1)},x,en,de\n`;
    const plan = planSpreadsheet(readSpreadsheet(Buffer.from(text)), mapping);
    assert.deepEqual(plan.pairs[0].entries.map((e) => e.source), ['cloud']);
    assert.deepEqual(plan.pairs[0].skipped.map((s) => [s.reason, s.line, s.source ?? '', s.target ?? '']), [['too-long', 2, 'long', ''], ['too-long', 3, '', '']]);
  });
});

describe('spreadsheet import: cells longer than 65 535 characters', () => {
  it('keep their whole length, and a dropped blank row\'s long cell leaves nothing behind for the next', () => {
    const note = 'n'.repeat(70_000);
    for (const stray of ['', '"x']) {
      const sheet = readSpreadsheet(Buffer.from(`en,de,note\ncloud,Wolke${stray},${note}\n${' '.repeat(70_000)}\nserver,Server,short\n`), { header: true });
      assert.deepEqual(sheet.rows.map((r) => r.cells.map((c) => c.length)), [[5, 5 + stray.length, 70_000], [6, 6, 5]], JSON.stringify(stray));
      assert.deepEqual(sheet.rows[1].cells, ['server', 'Server', 'short']);
    }
  });

  it('a field of more than a MiB read by csv-parse is dropped as it comes, and skipped as too long', () => {
    const sheet = readSpreadsheet(Buffer.from(`cloud,Wolke"x,en,de\nlong,${'z'.repeat(DROPPED_FIELD_UNITS + 1)},en,de\n`));
    assert.deepEqual(sheet.rows[1].cells, ['long', '', 'en', 'de']);
    const plan = planSpreadsheet(sheet, { kind: 'pairs', source: 0, target: 1, sourceLang: 2, targetLang: 3 });
    assert.deepEqual(plan.pairs[0].skipped.map((s) => [s.reason, s.line, s.source]), [['too-long', 2, 'long']]);
  });
});

describe('spreadsheet import: size', () => {
  it('a sheet over 100 MB is refused before it is read', () => {
    assert.throws(() => refuseLargeSheet(MAX_SHEET_BYTES + 1), (e: unknown) => e instanceof ImportError && /at most 100 MB/.test(e.message));
    assert.doesNotThrow(() => refuseLargeSheet(MAX_SHEET_BYTES));
  });
});
