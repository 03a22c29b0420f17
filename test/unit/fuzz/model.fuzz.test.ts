/** Fuzz properties of the merge, the table model and serialisation over nasty input. */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  CONFLICT_MARKERS, applyEdits, cellEdit, cellFindings, countEntries, deleteLinesEdits, entryChanges, lintEntries,
  mergeEntries, mergeTerms, parseEntries, parseLine, rowOf, rowsOf, sameContent, serializeEntries, splitLines,
  type EntriesFormat, type EntryValues,
} from '../../../src/core';
import { anyText, eol, format, fuzz, nastyPhrase, nastyText, RUNS } from './arbitraries';

const show = (x: unknown) => JSON.stringify(x);
const valuesOf = (e: EntryValues | undefined) => e && { target: e.target, sourceLang: e.sourceLang, targetLang: e.targetLang };

/** First entry per source phrase, as the merge reads a side. */
function byKey(text: string, fmt: EntriesFormat): Map<string, EntryValues> {
  const m = new Map<string, EntryValues>();
  for (const e of parseEntries(text, fmt).entries) if (!m.has(e.source)) m.set(e.source, e);
  return m;
}

/** The entries of a merged text outside its conflict blocks, and the number of blocks. */
function mergedEntries(text: string, fmt: EntriesFormat): { entries: Map<string, EntryValues>; blocks: number } {
  const lines = splitLines(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const kept: string[] = [];
  let blocks = 0;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] === CONFLICT_MARKERS.open) {
      blocks++;
      while (i < lines.length && lines[i] !== CONFLICT_MARKERS.close) i++;
      continue;
    }
    kept.push(lines[i]);
  }
  return { entries: byKey(kept.join('\n'), fmt), blocks };
}

// Sources from a small pool (so that the sides share entries), nasty ones included; targets from a small pool too.
const source = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('a', 'b', 'c', ' a', 'a ', '"a"', '""', 'a,b', '"', 'é', '😀', '\u2028', '\uFEFFd', '<<<<<<<', '=======x', 'x'.repeat(1025)) },
  { weight: 1, arbitrary: nastyPhrase.map((p) => p.replace(/\t/g, '')) },
);
const target = fc.constantFrom('1', '2', '3', ' 3', '"q"', 'a,b', '', '\u0007');
const entryMap = fc.uniqueArray(fc.record({ source, target }), { selector: (e) => e.source, maxLength: 8 });
const junkLine = fc.constantFrom('', ' ', 'no tab', '\t', '\uFEFF');

/** A document's text: its entries in `fmt`, junk lines between them, mixed line breaks, maybe a BOM. */
const docText = (fmt: EntriesFormat) => fc.record({
  entries: entryMap,
  junk: fc.array(fc.tuple(fc.nat(), junkLine), { maxLength: 3 }),
  eols: fc.array(eol, { minLength: 12, maxLength: 12 }),
  bom: fc.boolean(),
  finalBreak: fc.boolean(),
}).map(({ entries, junk, eols, bom, finalBreak }) => {
  const lines = entries.map((e) => serializeEntries([e], fmt, ''));
  for (const [at, line] of junk) lines.splice(at % (lines.length + 1), 0, line);
  const body = lines.map((l, i) => l + (i < lines.length - 1 || finalBreak ? eols[i % eols.length] : '')).join('');
  return (bom ? '\uFEFF' : '') + body;
});
const serviceText = entryMap.map((es) => serializeEntries(es, 'tsv'));

describe('fuzz: merge', () => {
  for (const fmt of ['tsv', 'csv'] as const) {
    it(`${fmt}: a merge keeps every entry changed on one side only, and conflicts exactly where both changed (${RUNS} cases)`, () => {
      fc.assert(fc.property(serviceText, docText(fmt), serviceText, (base, ours, theirs) => {
        const [b, o, t] = [byKey(base, 'tsv'), byKey(ours, fmt), byKey(theirs, 'tsv')];
        const r = mergeEntries(base, ours, theirs, fmt);
        const got = mergedEntries(r.text, fmt);
        let conflicts = 0;
        for (const k of new Set([...b.keys(), ...o.keys(), ...t.keys()])) {
          const [bv, ov, tv] = [b.get(k), o.get(k), t.get(k)].map(valuesOf);
          const eq = (x: unknown, y: unknown) => show(x) === show(y);
          if (eq(ov, tv) || eq(ov, bv) || eq(tv, bv)) {
            const want = eq(ov, bv) ? tv : ov;
            assert.deepEqual(valuesOf(got.entries.get(k)), want, `entry ${show(k)} in ${show({ base, ours, theirs, merged: r.text })}`);
          } else conflicts++;
        }
        assert.equal(r.conflicts, conflicts, show({ base, ours, theirs, merged: r.text }));
        assert.equal(got.blocks, conflicts);
      }), fuzz());
    });
  }

  it(`merging with no change on either side gives the document back (${RUNS} cases)`, () => {
    fc.assert(fc.property(docText('tsv'), (ours) => {
      const base = serializeEntries([...byKey(ours, 'tsv')].map(([source, v]) => ({ ...v, source })), 'tsv');
      const r = mergeEntries(base, ours, base);
      assert.equal(r.conflicts, 0);
      assert.ok(sameContent(r.text, ours, 'entries') || parseEntries(ours, 'tsv').entries.length !== byKey(ours, 'tsv').size, show([ours, r.text]));
    }), fuzz());
  });

  it(`the merge and the change counts never throw on any text (${RUNS} cases)`, () => {
    fc.assert(fc.property(anyText, anyText, anyText, format, fc.constantFrom<'merge' | 'replace'>('merge', 'replace'), (base, ours, theirs, fmt, mode) => {
      mergeEntries(base, ours, theirs, fmt);
      mergeTerms(base, ours, theirs);
      const c = entryChanges(theirs, ours, { format: fmt, mode, sourceLang: 'en', targetLang: 'de' });
      assert.ok(Object.values(c).every((n) => Number.isInteger(n) && n >= 0));
      sameContent(base, ours, 'entries');
      sameContent(base, ours, 'terms');
      assert.ok(countEntries(ours) <= splitLines(ours).length);
    }), fuzz());
  });

  it(`a term list merge keeps every term added or kept on one side only (${RUNS} cases)`, () => {
    const terms = fc.uniqueArray(fc.constantFrom('Kube', 'Helm', 'kube', ' Argo', 'é', '😀', '\u2028', '"x"', 'a\tb'), { maxLength: 6 });
    fc.assert(fc.property(terms, terms, terms, eol, (b, o, t, e) => {
      const r = mergeTerms(b.join('\n'), o.join(e), t.join('\n'));
      const got = new Set(splitLines(r.text));
      for (const x of new Set([...b, ...o, ...t])) {
        const [inB, inO, inT] = [b.includes(x), o.includes(x), t.includes(x)];
        const want = inO === inB ? inT : inO;
        assert.equal(got.has(x), want, show({ x, b, o, t, merged: r.text }));
      }
    }), fuzz());
  });
});

describe('fuzz: serialisation', () => {
  it(`serialise(parse(text)) keeps the entries, for any text, line break and format (${RUNS} cases)`, () => {
    fc.assert(fc.property(anyText, format, eol, (text, fmt, lineBreak) => {
      const entries = parseEntries(text, fmt).entries;
      const written = serializeEntries(entries, fmt, lineBreak);
      const again = parseEntries(written, fmt);
      const v = (es: EntryValues[]) => es.map((e) => [e.source, e.target, e.sourceLang, e.targetLang]);
      assert.deepEqual(v(again.entries), v(entries), show({ text, written }));
      assert.deepEqual(again.invalidLines, []);
    }), fuzz());
  });

  it(`entries written in one format and read back in it survive a trip through the other (${RUNS} cases)`, () => {
    fc.assert(fc.property(anyText, (text) => {
      // The service's TSV shown as CSV (Compare of a CSV document) reads back as the same entries.
      const tsvEntries = parseEntries(text, 'tsv').entries;
      const asCsv = parseEntries(serializeEntries(tsvEntries, 'csv'), 'csv').entries;
      assert.deepEqual(asCsv.map((e) => [e.source, e.target]), tsvEntries.map((e) => [e.source, e.target]), show(text));
    }), fuzz());
  });
});

describe('fuzz: table model', () => {
  it(`rows are lines, and findings land on a cell of their row (${RUNS} cases)`, () => {
    fc.assert(fc.property(anyText, format, (text, fmt) => {
      const rows = rowsOf(text, fmt);
      const lines = splitLines(text);
      assert.equal(rows.length, lines.length);
      const cells = cellFindings(lintEntries(text, { format: fmt }), (l) => lines[l], fmt);
      for (const [line, list] of cells) {
        assert.ok(line >= 0 && line < lines.length);
        for (const c of list) assert.ok(c.column >= 0 && c.column < Math.max(1, rows[line].cells.length), show([text, line, c]));
      }
    }), fuzz());
  });

  it(`a cell edit changes only that cell of that line (${RUNS} cases)`, () => {
    const value = fc.oneof(nastyPhrase, nastyText);
    fc.assert(fc.property(anyText, eol, format, fc.nat(), fc.nat({ max: 3 }), value, (raw, lineBreak, fmt, at, column, v) => {
      const text = raw.replace(/\r\n|\r|\n/g, lineBreak); // one line break style, as in a VS Code document
      const lines = splitLines(text);
      const line = at % lines.length;
      const before = lines[line];
      const from = line === 0 && before.charCodeAt(0) === 0xfeff ? 1 : 0;
      const edit = cellEdit(line, before, fmt, column, v);
      const after = applyEdits(text, [edit]).text;
      const afterLines = splitLines(after);
      assert.equal(afterLines.length, lines.length, show({ text, line, column, v, after }));
      afterLines.forEach((l, i) => { if (i !== line) assert.equal(l, lines[i]); });
      if (parseLine(before, fmt, from).problems) return; // a broken line: its fields are a guess
      const was = rowOf(before, fmt, line === 0).cells;
      const now = rowOf(afterLines[line], fmt, line === 0).cells;
      const expected = v.replace(fmt === 'tsv' ? /[\t\r\n]/g : /[\r\n]/g, ' ');
      assert.equal(now[column] ?? '', expected, show({ before, column, v, after: afterLines[line] }));
      for (let c = 0; c < Math.max(was.length, now.length); c++) {
        if (c !== column) assert.equal(now[c] ?? '', was[c] ?? '', show({ before, column, v, after: afterLines[line], c }));
      }
    }), fuzz());
  });

  it(`deleting rows removes exactly those lines (${RUNS} cases)`, () => {
    fc.assert(fc.property(anyText, eol, fc.array(fc.nat(), { maxLength: 6 }), (raw, lineBreak, picks) => {
      const text = raw.replace(/\r\n|\r|\n/g, lineBreak); // one line break style, as in a VS Code document
      const lines = splitLines(text);
      const doomed = picks.map((p) => p % lines.length);
      const after = applyEdits(text, deleteLinesEdits(doomed, lines.length, (l) => lines[l].length)).text;
      const want = lines.filter((_, i) => !doomed.includes(i));
      assert.deepEqual(splitLines(after), want.length ? want : [''], show({ text, doomed, after }));
    }), fuzz());
  });
});
