import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { applyEdits, findingFromServerError, fixAll, fixAllSpans, applySpans, lineStarts, lintEntries, lintTermList, entriesForSending, type TextEdit } from '../../../src/core';

/** The way edits were applied before spans (one slice per edit, an edit compared with every one kept): the model
 * the one-pass application is checked against. */
function applyEditsModel(text: string, edits: readonly TextEdit[]): { text: string; applied: number } {
  const starts = lineStarts(text);
  const offset = (line: number, col: number) => Math.min((starts[line] ?? text.length) + col, text.length);
  const spans = edits.map((e) => ({ from: offset(e.line, e.start), to: offset(e.endLine ?? e.line, e.end), text: e.text }));
  const kept: typeof spans = [];
  for (const s of spans) {
    if (s.to < s.from) continue;
    if (kept.some((k) => s.from < k.to && k.from < s.to || (s.from === s.to && s.from === k.from && k.from === k.to))) continue;
    kept.push(s);
  }
  // Applied from the end; at one offset the replacement goes first, so that an insertion there lands before it.
  kept.sort((a, b) => b.from - a.from || (a.from === a.to ? 1 : 0) - (b.from === b.to ? 1 : 0));
  let out = text;
  for (const s of kept) out = out.slice(0, s.from) + s.text + out.slice(s.to);
  return { text: out, applied: kept.length };
}

const lintTsv = (t: string) => lintEntries(t, { format: 'tsv' });

describe('fixes', () => {
  const cases: Array<{ name: string; text: string; format?: 'tsv' | 'csv'; fixed: string }> = [
    { name: 'trims whitespace', text: ' cloud \tWolke\u3000\n', fixed: 'cloud\tWolke\n' },
    { name: 'removes a control character', text: 'clo\u0007ud\tWolke\n', fixed: 'cloud\tWolke\n' },
    { name: 'replaces a Unicode newline with a space', text: 'a\u2028b\tc\n', fixed: 'a b\tc\n' },
    { name: 'deletes an identical duplicate line, keeps a conflicting one', text: 'a\tx\nb\ty\na\tx\na\tz\n', fixed: 'a\tx\nb\ty\na\tz\n' },
    { name: 'deletes an identical duplicate on the last line without newline', text: 'a\tx\na\tx', fixed: 'a\tx' },
    { name: 'quotes a CSV field with a stray quote', text: 'say "hi",x\n', format: 'csv', fixed: '"say ""hi""",x\n' },
    { name: 'replaces a tab in a CSV phrase with a space', text: 'a\tb,c\n', format: 'csv', fixed: 'a b,c\n' },
    { name: 'converts a variant language column to the root code', text: 'a,b,en,en-gb\n', format: 'csv', fixed: 'a,b,en,EN\n' },
    { name: 'fix all: several problems on one line and a duplicate that appears after trimming', text: ' a\tx\u0001\na\tx\n', fixed: 'a\tx\n' },
    { name: 'keeps CRLF line breaks', text: ' a\tx\r\nb\ty\r\n', fixed: 'a\tx\r\nb\ty\r\n' },
    { name: 'a run of spaces typed for a tab becomes the tab', text: 'login    Anmeldung\nlog out  Abmelden\n', fixed: 'login\tAnmeldung\nlog out\tAbmelden\n' },
    { name: 'two runs of spaces are ambiguous: no automatic fix', text: 'a  b  c\n', fixed: 'a  b  c\n' },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const lint = (t: string) => lintEntries(t, { format: c.format ?? 'tsv', ...(c.format === 'csv' && c.text.includes('en-gb') ? { sourceLang: 'en', targetLang: 'en' } : {}) });
      const lintNoPair = (t: string) => lintEntries(t, { format: c.format ?? 'tsv' });
      const { text } = fixAll(c.text, c.text.includes('en-gb') ? lint : lintNoPair);
      assert.equal(text, c.fixed);
    });
  }
  it('a single space where the tab belongs is offered as a fix, not applied by fix all', () => {
    const [f] = lintTsv('login Anmeldung\n');
    assert.equal(f.code, 'missing-separator');
    assert.equal(f.fixes?.[0].title, 'Replace the space with a tab');
    assert.ok(!f.fixes?.[0].preferred);
    assert.equal(applyEdits('login Anmeldung\n', f.fixes![0].edits).text, 'login\tAnmeldung\n');
    assert.equal(lintTsv('two words here\n')[0].fixes, undefined, 'several single spaces: no guess');
  });
  it('fix all on a term list', () => {
    assert.equal(fixAll(' Kube\n\nKube\nx\u0085y\n', (t) => lintTermList(t)).text, 'Kube\nx y\n');
  });
  it('applyEdits skips an edit that overlaps an earlier one', () => {
    const r = applyEdits('abcdef', [{ line: 0, start: 1, end: 3, text: 'X' }, { line: 0, start: 2, end: 4, text: 'Y' }]);
    assert.deepEqual(r, { text: 'aXdef', applied: 1 });
  });
  it('a blank line fix is offered but not applied by fix all', () => {
    const [f] = lintTsv('a\tb\n\nc\td\n');
    assert.equal(f.code, 'blank-line');
    assert.ok(f.fixes?.length && !f.fixes[0].preferred);
    assert.equal(applyEdits('a\tb\n\nc\td\n', f.fixes[0].edits).text, 'a\tb\nc\td\n');
  });
});

describe('server rejections', () => {
  const doc = '\uFEFFcloud\tWolke\r\nserver\tServer\r\ncloud\tWolken\r\n';
  const sent = entriesForSending(doc);
  it('the text sent has no BOM and \\n line breaks', () => {
    assert.equal(sent, 'cloud\tWolke\nserver\tServer\ncloud\tWolken\n');
  });
  it('maps "Key with the index N (starting at position P)" to the line, with the first key as related', () => {
    const f = findingFromServerError({
      message: 'Invalid glossary entries provided',
      detail: 'Key with the index 2 (starting at position 26) duplicates key with the index 0 (starting at position 0)',
    }, sent, doc);
    assert.ok(f);
    assert.deepEqual([f.code, f.line, f.start, f.end], ['duplicate-source', 2, 0, 5]);
    assert.deepEqual(f.related?.map((r) => [r.line, r.start, r.end]), [[0, 1, 6]]);
    assert.match(f.message, /Invalid glossary entries provided/);
  });
  it('falls back to the entry index when no position is given, skipping blank lines', () => {
    const f = findingFromServerError({ message: 'Invalid entry', detail: 'Entry with the index 1 is invalid' }, 'a\tb\n\nc\td\n');
    assert.deepEqual([f?.code, f?.line], ['server-rejected', 2]);
  });
  it('returns undefined when the error names no entry', () => {
    assert.equal(findingFromServerError({ message: 'Quota exceeded' }, sent), undefined);
  });

  it('applies edits in one pass as the edit-by-edit model does: overlaps skipped, the earlier-listed edit kept', () => {
    const text = fc.stringMatching(/^[ab\t\n\r]{0,40}$/);
    const edit = fc.record({ line: fc.nat(6), start: fc.nat(8), endLine: fc.option(fc.nat(6), { nil: undefined }), end: fc.nat(8), text: fc.stringMatching(/^[xy\n]{0,3}$/) });
    fc.assert(fc.property(text, fc.array(edit, { maxLength: 12 }), (t, edits) => {
      const normal = edits.map((e) => (e.endLine !== undefined && e.endLine < e.line ? { ...e, endLine: e.line } : e));
      assert.deepEqual(applyEdits(t, normal), applyEditsModel(t, normal));
    }), { numRuns: 2000 });
  });

  it('Fix All tells the spans of one pass, or the text after several, with the errors left', () => {
    // One pass: the spans of the original text, as applied by fixAll.
    const one = ' cloud \tWolke\nhelp\tHilfe\nx\t\n clo\u0007ud\tWolke2\n';
    const r = fixAllSpans(one, lintTsv);
    assert.ok(r.spans && r.spans.length >= 2, JSON.stringify(r));
    assert.equal(applySpans(one, r.spans), fixAll(one, lintTsv).text);
    assert.equal(r.applied, fixAll(one, lintTsv).applied);
    assert.equal(r.errors, lintTsv(fixAll(one, lintTsv).text).filter((f) => f.severity === 'error').length);
    // A duplicate that appears only after trimming needs a second pass: the text after both.
    const two = ' a\tx\u0001\na\tx\n';
    const r2 = fixAllSpans(two, lintTsv);
    assert.deepEqual(r2, { applied: fixAll(two, lintTsv).applied, errors: 0, text: 'a\tx\n' });
    // Nothing to fix: no spans, the errors counted.
    assert.deepEqual(fixAllSpans('a\t\n', lintTsv), { applied: 0, errors: lintTsv('a\t\n').filter((f) => f.severity === 'error').length, spans: [] });
  });
});
