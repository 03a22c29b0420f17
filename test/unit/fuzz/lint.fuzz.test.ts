/** Fuzz properties of the parser, the linters and the fixes over nasty input. */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  EntriesLinter, applyEdits, entriesForSending, findingFromServerError, fixAll, lintEntries, lintTermList, parseLine,
  splitLines, type Finding, type LintEntriesOptions,
} from '../../../src/core';
import { lintEntriesWithoutFastPath } from '../../../src/core/entries';
import { anyText, dictionaryLike, format, fuzz, RUNS } from './arbitraries';

/** Every range a finding carries (its own, its related locations, its fixes' edits) lies inside the text. */
function assertInside(text: string, findings: readonly Finding[]): void {
  const lines = splitLines(text);
  const at = (what: string, line: number, start: number, end: number, endLine = line) => {
    assert.ok(Number.isInteger(line) && line >= 0 && line < lines.length, `${what}: line ${line} of ${lines.length}`);
    assert.ok(Number.isInteger(endLine) && endLine >= line && endLine < lines.length, `${what}: end line ${endLine} of ${lines.length}`);
    assert.ok(start >= 0 && start <= lines[line].length, `${what}: start ${start} beyond line ${line} (${lines[line].length})`);
    assert.ok(end >= 0 && end <= lines[endLine].length, `${what}: end ${end} beyond line ${endLine} (${lines[endLine].length})`);
    if (endLine === line) assert.ok(start <= end, `${what}: start ${start} after end ${end}`);
  };
  for (const f of findings) {
    at(f.code, f.line, f.start, f.end);
    for (const r of f.related ?? []) at(`${f.code} related`, r.line, r.start, r.end);
    for (const fix of f.fixes ?? []) for (const e of fix.edits) at(`${f.code} fix "${fix.title}"`, e.line, e.start, e.end, e.endLine);
  }
}

const optionsArb: fc.Arbitrary<LintEntriesOptions> = fc.record({
  format,
  pair: fc.constantFrom(undefined, ['en', 'de'], ['EN', 'en-GB'], ['de', 'de'], ['xx', 'th']),
}).map(({ format, pair }) => (pair ? { format, sourceLang: pair[0], targetLang: pair[1] } : { format }));

const show = (x: unknown) => JSON.stringify(x);

describe('fuzz: parser and linters', () => {
  it(`parseLine never throws and its fields lie in order inside the line (${RUNS} cases)`, () => {
    fc.assert(fc.property(anyText, format, (text, fmt) => {
      for (const line of splitLines(text)) {
        const { fields } = parseLine(line, fmt);
        assert.ok(fields.length >= 1);
        let prev = 0;
        for (const f of fields) {
          assert.ok(f.start >= prev && f.start <= f.end && f.end <= line.length, show([line, f]));
          assert.ok(f.contentStart >= f.start && f.contentEnd <= f.end && f.contentStart <= f.contentEnd, show([line, f]));
          prev = f.end;
        }
      }
    }), fuzz());
  });

  it(`lintEntries never throws, and every range lies inside the text (${RUNS} cases)`, () => {
    fc.assert(fc.property(anyText, optionsArb, (text, options) => {
      assertInside(text, lintEntries(text, options));
    }), fuzz());
  });

  it(`the one-pass lint agrees with the incremental linter's state, read at once or in steps (${RUNS} cases)`, () => {
    fc.assert(fc.property(anyText, optionsArb, (text, options) => {
      const once = lintEntries(text, options);
      assert.deepEqual(new EntriesLinter(options).setText(text).findings(), once);
      const stepped = new EntriesLinter(options);
      const load = stepped.load(text);
      while (!load.step(0)) { /* one slice per call */ }
      assert.deepEqual(stepped.findings(), once);
    }), fuzz());
  });

  it(`the clean-line fast path passes only lines in which the full rules find nothing (${RUNS} cases)`, () => {
    fc.assert(fc.property(fc.oneof(anyText, dictionaryLike), optionsArb, (text, options) => {
      assert.deepEqual(lintEntries(text, options), lintEntriesWithoutFastPath(text, options));
    }), fuzz());
  });

  it(`lintTermList never throws, and every range lies inside the text (${RUNS} cases)`, () => {
    fc.assert(fc.property(anyText, (text) => { assertInside(text, lintTermList(text)); }), fuzz());
  });

  it(`the incremental linter agrees with a full lint after random edits of nasty text (${RUNS} cases)`, () => {
    const editArb = fc.record({ a: fc.nat(), b: fc.nat(), c: fc.nat(), d: fc.nat(), insert: anyText });
    fc.assert(fc.property(format, fc.constantFrom('\n', '\r\n'), anyText, fc.array(editArb, { maxLength: 4 }), (fmt, eol, start, edits) => {
      // As in a VS Code document, one line break style throughout: the document normalises what is inserted.
      const one = (t: string) => t.replace(/\r\n|\r|\n/g, eol);
      let text = one(start);
      const inc = new EntriesLinter({ format: fmt }).setText(text);
      for (const e of edits) {
        const lines = splitLines(text);
        let sl = e.a % lines.length;
        let el = e.c % lines.length;
        if (el < sl) [sl, el] = [el, sl];
        let sc = e.b % (lines[sl].length + 1);
        let ec = e.d % (lines[el].length + 1);
        if (sl === el && ec < sc) [sc, ec] = [ec, sc];
        text = applyEdits(text, [{ line: sl, start: sc, endLine: el, end: ec, text: one(e.insert) }]).text;
        inc.edit(sl, sc, el, ec, one(e.insert));
        assert.deepEqual(inc.findings(), lintEntries(text, { format: fmt }));
      }
    }), fuzz());
  });

  it(`the server-error mapper never throws and points inside the document (${RUNS} cases)`, () => {
    fc.assert(fc.property(anyText, fc.nat(), fc.nat(), fc.nat(), (doc, i, p, j) => {
      const sent = entriesForSending(doc);
      const f = findingFromServerError({
        message: 'Invalid glossary entries provided',
        detail: `Key with the index ${i % 50} (starting at position ${p % (sent.length + 5)}) duplicates key with the index ${j % 50} (starting at position 0)`,
      }, sent, doc);
      assert.ok(f);
      assertInside(doc, [f]);
    }), fuzz());
  });
});

describe('fuzz: fixes', () => {
  it(`Fix All on a dictionary is idempotent and its result keeps every range inside (${RUNS} cases)`, () => {
    fc.assert(fc.property(anyText, optionsArb, (text, options) => {
      const lint = (t: string) => lintEntries(t, options);
      const once = fixAll(text, lint).text;
      assert.equal(fixAll(once, lint).text, once, show(text));
      assertInside(once, lint(once));
    }), fuzz());
  });

  it(`Fix All on a term list is idempotent (${RUNS} cases)`, () => {
    fc.assert(fc.property(anyText, (text) => {
      const once = fixAll(text, (t) => lintTermList(t)).text;
      assert.equal(fixAll(once, (t) => lintTermList(t)).text, once, show(text));
    }), fuzz());
  });

  it(`every single fix applies without throwing, all its edits landing (${RUNS} cases)`, () => {
    fc.assert(fc.property(anyText, optionsArb, (text, options) => {
      for (const f of lintEntries(text, options)) {
        for (const fix of f.fixes ?? []) {
          const r = applyEdits(text, fix.edits);
          assert.ok(r.applied >= 1, show([text, f.code, fix.title]));
        }
      }
    }), fuzz());
  });

  it(`entriesForSending leaves no BOM or carriage return and keeps the line count (${RUNS} cases)`, () => {
    fc.assert(fc.property(anyText, (text) => {
      const sent = entriesForSending(text);
      assert.ok(sent.charCodeAt(0) !== 0xfeff || text.startsWith('\uFEFF\uFEFF'));
      assert.ok(!sent.includes('\r'));
      assert.equal(splitLines(sent).length, splitLines(text).length);
    }), fuzz());
  });
});
