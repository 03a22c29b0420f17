import * as assert from 'node:assert/strict';
import { lintEntries, lintTermList, type Finding, type LintEntriesOptions } from '../../../src/core';

type Expect = [code: string, line: number, start: number, end: number];

const brief = (fs: Finding[]): Expect[] => fs.map((f) => [f.code, f.line, f.start, f.end]);

interface Case { name: string; text: string; opts?: Partial<LintEntriesOptions>; expect: Expect[] }

const tsv: Case[] = [
  { name: 'valid entries', text: 'cloud\tWolke\nserver\tServer\n', expect: [] },
  { name: 'valid, last line without newline', text: 'cloud\tWolke\nserver\tServer', expect: [] },
  { name: 'valid with CRLF', text: 'cloud\tWolke\r\nserver\tServer\r\n', expect: [] },
  { name: 'valid with BOM', text: '\uFEFFcloud\tWolke\n', expect: [] },
  { name: 'valid Unicode (CJK, emoji, Arabic)', text: '云\tWolke\n😀 smile\tLächeln 😀\nسلام\tFrieden\n', expect: [] },
  { name: 'quoted TSV phrases are fine', text: '"cloud"\t"Wolke ""x"""\n', expect: [] },
  { name: 'missing-separator', text: 'cloud\tWolke\nserver Server\n', expect: [['missing-separator', 1, 0, 13]] },
  { name: 'missing-separator after BOM', text: '\uFEFFserver\n', expect: [['missing-separator', 0, 1, 7]] },
  { name: 'extra-separator', text: 'a\tb\tc\n', expect: [['extra-separator', 0, 3, 5]] },
  { name: 'empty-source', text: '\tWolke\n', expect: [['empty-source', 0, 0, 0]] },
  { name: 'empty-target', text: 'cloud\t\n', expect: [['empty-target', 0, 6, 6]] },
  { name: 'whitespace-only target is empty', text: 'cloud\t   \n', expect: [['empty-target', 0, 6, 9]] },
  { name: 'duplicate-source on the later lines only', text: 'a\tx\nb\ty\na\tz\na\tx\n',
    expect: [['duplicate-source', 2, 0, 1], ['duplicate-source', 3, 0, 1]] },
  { name: 'duplicates are case-sensitive', text: 'Cloud\tx\ncloud\ty\n', expect: [] },
  { name: 'control-character C0', text: 'clo\u0007ud\tWolke\n', expect: [['control-character', 0, 3, 4]] },
  { name: 'control-character C1 and DEL', text: 'a\u0090b\tc\u007f\n', expect: [['control-character', 0, 1, 2], ['control-character', 0, 5, 6]] },
  { name: 'unicode-newline U+2028, U+2029, U+0085', text: 'a\u2028b\tc\u2029d\u0085e\n',
    expect: [['unicode-newline', 0, 1, 2], ['unicode-newline', 0, 5, 6], ['unicode-newline', 0, 7, 8]] },
  { name: 'invisible-character: zero-width space, soft hyphen, direction mark, anywhere in a phrase',
    text: 'cl\u200boud\tWol\u00adke\u200e\n\u2066x\ty\n', expect: [['invisible-character', 0, 2, 3], ['invisible-character', 0, 10, 11], ['invisible-character', 0, 13, 14], ['invisible-character', 1, 0, 1]] },
  { name: 'invisible-character: not the joiners scripts need, not U+FEFF at an end (whitespace)',
    text: 'می\u200cخواهم\tx\n👩\u200d💻\ty\n', expect: [] },
  { name: 'mixed-script: a Cyrillic look-alike in a Latin word, a Latin one in a Cyrillic word',
    text: '\u0421loud server\tWolke\nnetwork\tс\u0435ть s\u0435t\n', expect: [['mixed-script', 0, 0, 5], ['mixed-script', 1, 13, 16]] },
  { name: 'mixed-script: words of one script each are fine, Greek and Cyrillic terms too',
    text: 'Microsoft Office\tМайкрософт Office\nλόγος\tслово\n', expect: [] },
  { name: 'mixed-script: units and symbols with no look-alike letter are fine (μm, kΩ, ΔT, α-Teilchen)',
    text: '10 \u03bcm\t10 \u03bcm\n5 k\u03a9\t\u0394T\n\u03b1-Teilchen\tx\n', expect: [] },
  { name: 'surrounding-whitespace leading and trailing', text: ' cloud\tWolke  \n',
    expect: [['surrounding-whitespace', 0, 0, 1], ['surrounding-whitespace', 0, 12, 14]] },
  { name: 'surrounding-whitespace: Unicode spaces', text: '\u00A0cloud\tWolke\u3000\n',
    expect: [['surrounding-whitespace', 0, 0, 1], ['surrounding-whitespace', 0, 12, 13]] },
  { name: 'inner spaces are fine', text: 'cloud server\tWolken Server\n', expect: [] },
  { name: 'phrase-too-long (1025 bytes)', text: `${'a'.repeat(1025)}\tx\n`, expect: [['phrase-too-long', 0, 0, 1025]] },
  { name: 'phrase of exactly 1024 bytes is fine', text: `${'é'.repeat(512)}\tx\n`, expect: [] },
  { name: 'phrase-too-long counts UTF-8 bytes', text: `x\t${'€'.repeat(342)}\n`, expect: [['phrase-too-long', 0, 2, 344]] },
  { name: 'blank-line (info)', text: 'a\tb\n\nc\td\n', expect: [['blank-line', 1, 0, 0]] },
  { name: 'whitespace-only line is blank', text: 'a\tb\n  \nc\td', expect: [['blank-line', 1, 0, 2]] },
  { name: 'every violation at once', text: ' a\tb\nc\n\u0001\t\na\tq\n',
    expect: [['surrounding-whitespace', 0, 0, 1], ['missing-separator', 1, 0, 1], ['control-character', 2, 0, 1], ['empty-target', 2, 2, 2]] },
  { name: 'variant-target on the pair', text: 'a\tb\n', opts: { sourceLang: 'de', targetLang: 'EN-GB' }, expect: [['variant-target', 0, 0, 0]] },
  { name: 'unsupported-language: Thai', text: 'a\tb\n', opts: { sourceLang: 'th', targetLang: 'en' }, expect: [['unsupported-language', 0, 0, 0]] },
  { name: 'unsupported-language: not in the list', text: 'a\tb\n', opts: { sourceLang: 'de', targetLang: 'xx', languages: ['de', 'en'] }, expect: [['unsupported-language', 0, 0, 0]] },
  { name: 'same-language', text: 'a\tb\n', opts: { sourceLang: 'en', targetLang: 'EN' }, expect: [['same-language', 0, 0, 0]] },
  { name: 'a good pair', text: 'a\tb\n', opts: { sourceLang: 'en', targetLang: 'de', languages: ['DE', 'EN'] }, expect: [] },
];

const csv: Case[] = [
  { name: 'valid CSV', text: 'cloud,Wolke\n"a, b","say ""hi"""\n', expect: [] },
  { name: 'valid CSV with language columns', text: 'cloud,Wolke,en,de\n', opts: { sourceLang: 'EN', targetLang: 'DE' }, expect: [] },
  { name: 'missing-separator', text: 'cloud\n', expect: [['missing-separator', 0, 0, 5]] },
  { name: 'extra-separator: 3 fields', text: 'a,b,en\n', expect: [['extra-separator', 0, 3, 6]] },
  { name: 'extra-separator: 5 fields', text: 'a,b,en,de,x\n', expect: [['extra-separator', 0, 9, 11]] },
  { name: 'unclosed-quote', text: '"cloud,Wolke\n', expect: [['unclosed-quote', 0, 0, 12]] },
  { name: 'stray-quote in an unquoted field', text: 'say "hi",x\n', expect: [['stray-quote', 0, 4, 5]] },
  { name: 'stray-quote after a closing quote', text: '"a"b,x\n', expect: [['stray-quote', 0, 2, 4]] },
  { name: 'tab inside a CSV phrase is a control character', text: 'a\tb,c\n', expect: [['control-character', 0, 1, 2]] },
  { name: 'empty fields', text: ',x\ny,\n', expect: [['empty-source', 0, 0, 0], ['empty-target', 1, 2, 2]] },
  { name: 'whitespace inside quotes', text: '" a",b\n', expect: [['surrounding-whitespace', 0, 1, 2]] },
  { name: 'language-mismatch (warning)', text: 'a,b,en,fr\n', opts: { sourceLang: 'en', targetLang: 'de' }, expect: [['language-mismatch', 0, 7, 9]] },
  { name: 'ignored entries do not count as duplicates', text: 'a,b\na,c,en,fr\n', opts: { sourceLang: 'en', targetLang: 'de' }, expect: [['language-mismatch', 1, 7, 9]] },
  { name: 'variant code in a language column without a known pair', text: 'a,b,de,en-us\n', expect: [['variant-target', 0, 7, 12]] },
  { name: 'duplicate-source in CSV compares unquoted values', text: 'a,b\n"a",c\n', expect: [['duplicate-source', 1, 0, 3]] },
];

describe('entry rules: TSV', () => {
  for (const c of tsv) {
    it(c.name, () => assert.deepEqual(brief(lintEntries(c.text, { format: 'tsv', ...c.opts })), c.expect));
  }
});

describe('entry rules: CSV', () => {
  for (const c of csv) {
    it(c.name, () => assert.deepEqual(brief(lintEntries(c.text, { format: 'csv', ...c.opts })), c.expect));
  }
});

describe('entry rules: details', () => {
  it('duplicate-source points at the first definition', () => {
    const [f] = lintEntries('a\tx\nb\ty\na\tz\n', { format: 'tsv' });
    assert.deepEqual(f.related, [{ line: 0, start: 0, end: 1, message: 'first definition' }]);
    assert.equal(f.fixes, undefined, 'a duplicate with another target is not deleted automatically');
  });
  it('an exact duplicate line offers a preferred delete', () => {
    const [f] = lintEntries('a\tx\na\tx\n', { format: 'tsv' });
    assert.deepEqual(f.fixes?.[0].edits, [{ line: 1, start: 0, endLine: 2, end: 0, text: '' }]);
    assert.equal(f.fixes?.[0].preferred, true);
  });
  it('phrase-too-long gives the byte count', () => {
    const [f] = lintEntries(`${'€'.repeat(400)}\tx`, { format: 'tsv' });
    assert.match(f.message, /1200 UTF-8 bytes/);
  });
  it('dictionary-too-large lands on the line that crosses 10 MiB', () => {
    const lines: string[] = [];
    let bytes = 0;
    let crossing = -1;
    for (let i = 0; crossing === -1 || i < crossing + 5; i++) {
      lines.push(`${i}${'a'.repeat(1000)}\tb`);
      bytes += lines[i].length + 1;
      if (crossing === -1 && bytes > 10 * 1024 * 1024) crossing = i;
    }
    const found = lintEntries(lines.join('\n'), { format: 'tsv' }).filter((f) => f.code === 'dictionary-too-large');
    assert.equal(found.length, 1);
    assert.equal(found[0].line, crossing);
    assert.deepEqual(lintEntries(lines.slice(0, crossing).join('\n'), { format: 'tsv' }), [], 'just under the limit is fine');
    assert.match(found[0].message, /MiB/);
  });
  it('severities: blank-line is info, language-mismatch a warning, the rest errors', () => {
    const fs = lintEntries('a,b,en,fr\n\n,x\n', { format: 'csv', sourceLang: 'en', targetLang: 'de' });
    assert.deepEqual(fs.map((f) => [f.code, f.severity]), [['language-mismatch', 'warning'], ['blank-line', 'info'], ['empty-source', 'error']]);
  });
});

describe('term list rules', () => {
  const cases: Array<{ name: string; text: string; expect: Expect[] }> = [
    { name: 'valid list', text: 'Kubernetes\nkubectl\nOpenShift\n', expect: [] },
    { name: 'empty-term', text: 'a\n\nb\n', expect: [['empty-term', 1, 0, 0]] },
    { name: 'duplicate-term, case-sensitive', text: 'Kube\nkube\nKube\n', expect: [['duplicate-term', 2, 0, 4]] },
    { name: 'control-character', text: 'a\u0001b\n', expect: [['control-character', 0, 1, 2]] },
    { name: 'tab is a control character in a term', text: 'a\tb\n', expect: [['control-character', 0, 1, 2]] },
    { name: 'unicode-newline', text: 'a\u2029b\n', expect: [['unicode-newline', 0, 1, 2]] },
    { name: 'surrounding-whitespace', text: ' a \n', expect: [['surrounding-whitespace', 0, 0, 1], ['surrounding-whitespace', 0, 2, 3]] },
    { name: 'exactly 300 characters is fine', text: `${'a'.repeat(150)}\n${'b'.repeat(150)}\n`, expect: [] },
    { name: 'term-list-too-long on the first term past the budget', text: `${'a'.repeat(200)}\n${'b'.repeat(99)}\n${'c'.repeat(5)}\nd\n`,
      expect: [['term-list-too-long', 2, 0, 5]] },
    { name: 'budget counts code points, not UTF-16 units', text: `${'😀'.repeat(300)}\n`, expect: [] },
    { name: 'BOM is not a character of the first term', text: '\uFEFFabc\nabc\n', expect: [['duplicate-term', 1, 0, 3]] },
  ];
  for (const c of cases) it(c.name, () => assert.deepEqual(brief(lintTermList(c.text)), c.expect));
  it('term-list-too-long gives the count', () => {
    const [f] = lintTermList(`${'a'.repeat(301)}`);
    assert.match(f.message, /301 characters/);
  });
});

describe('rules: invisible-character and mixed-script fixes', () => {
  const fixOf = (text: string, code: string) => lintEntries(text, { format: 'tsv' }).find((f) => f.code === code)?.fixes?.[0];
  it('removes the invisible character', () => {
    assert.deepEqual(fixOf('cl\u200boud\tWolke\n', 'invisible-character')?.edits, [{ line: 0, start: 2, end: 3, text: '' }]);
  });
  it('writes the word in the script of most of its letters', () => {
    assert.deepEqual(fixOf('\u0421l\u043eud\tWolke\n', 'mixed-script')?.edits, [{ line: 0, start: 0, end: 5, text: 'Cloud' }]);
    assert.deepEqual(fixOf('x\t\u0441e\u0442\u044c\n', 'mixed-script')?.edits, [{ line: 0, start: 2, end: 6, text: '\u0441\u0435\u0442\u044c' }]);
    // Х and М have Latin look-alikes, L no Cyrillic one: written in Latin, though most letters are Cyrillic.
    assert.deepEqual(fixOf('XML\t\u0425\u041cL\n', 'mixed-script')?.edits, [{ line: 0, start: 4, end: 7, text: 'XML' }]);
    const xml = lintEntries('XML\t\u0425\u041cL\n', { format: 'tsv' })[0];
    assert.equal(xml.message, 'The target phrase mixes Latin and Cyrillic letters in "\u0425\u041cL": the Cyrillic "\u0425" (U+0425), the Cyrillic "\u041c" (U+041C) in a Latin word. A search for the word typed in one script does not find it.');
    // д has no Latin look-alike and b no Cyrillic one: no fix either way; а looks Latin, so it is still a finding.
    assert.equal(fixOf('x\t\u0434\u0430b\n', 'mixed-script'), undefined, 'д has no Latin look-alike, b no Cyrillic one: no fix');
    assert.ok(lintEntries('x\t\u0434\u0430b\n', { format: 'tsv' }).some((f) => f.code === 'mixed-script'));
  });
});

