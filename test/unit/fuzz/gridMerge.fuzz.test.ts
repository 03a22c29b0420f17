/** Fuzz properties of the multilingual glossary's three-way merge (mergeGrid), cell by cell. Its rule is the one of the
 * dictionary merge (src/core/merge.ts), per cell: a side that did not change a cell takes the other side's version;
 * when both changed it differently, or one changed what the other removed, the cell's row becomes a conflict block
 *   <<<<<<< yours / the row with your cell / ======= / the row with theirs / >>>>>>> remote
 * so that a removal never silently beats an edit. A row left without any translation is gone (the remote removed what
 * it had), unless it is one you typed without translations. Every case ends within the time bound (see bound.ts). */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { CONFLICT_MARKERS, encodeField, gridChanges, mergeGrid, parseTsvLine, sameGrid, splitGrid, splitLines } from '../../../src/core';
import { cellValue } from '../../../src/core/glossary/grid';
import { Bound } from './bound';
import { nastyText, RUNS } from './arbitraries';

const LANGS = ['de', 'fr', 'ja'] as const;
type Cells = Map<string, string>;
/** A glossary text as data: its target languages (lower case) and, per source phrase, its cell in each. */
interface Grid { targets: string[]; rows: Map<string, Cells> }

const show = (x: unknown) => JSON.stringify(x, (_, v: unknown) => (v instanceof Map ? Object.fromEntries(v) : v));

// Sources and targets from small pools, so that the sides share rows and values; quotes, commas, spaces, an empty
// target (written "", a value, not a gap), CJK and an emoji among them.
const SOURCES = ['cloud', 'price', 'user', 'a', 'b', '"q"', '中', 'x y'];
const VALUES = ['Wolke', 'Preis', 'prix', 'tarif', 'x', '"q"', 'a,b', ' sp', '中', '😀', ''];
const value = fc.constantFrom(...VALUES);

const encodeCell = (v: string) => (v === '' ? '""' : encodeField(v, 'tsv'));

/** The text of a grid: a header, a row per source in `order`, a cell per target (a gap: nothing between the tabs). */
function write(g: Grid, o: { order?: number[]; upper?: boolean; eol?: string; bom?: boolean; blank?: boolean } = {}): string {
  // `order` gives each row a rank (the rows of a side need not be in the base's order).
  const order = [...g.rows.keys()].map((s, i) => [o.order?.[i] ?? i, i, s] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((r) => r[2]);
  const lines = [['en', ...g.targets.map((t) => (o.upper ? t.toUpperCase() : t))].join('\t')];
  for (const s of order) lines.push([encodeCell(s), ...g.targets.map((t) => { const v = g.rows.get(s)!.get(t); return v === undefined ? '' : encodeCell(v); })].join('\t'));
  if (o.blank) lines.splice(1, 0, '');
  const eol = o.eol ?? '\n';
  return (o.bom ? '\uFEFF' : '') + lines.join(eol) + eol;
}

/** A remote text as the service gives it: each row has at least one cell. */
function remote(g: Grid): Grid {
  const rows = new Map([...g.rows].filter(([, c]) => g.targets.some((t) => c.has(t))));
  return { targets: g.targets, rows };
}

const cellsArb = fc.array(fc.tuple(fc.constantFrom(...LANGS), value), { maxLength: 3 }).map((cs) => new Map(cs) as Cells);
const baseArb = fc.record({
  targets: fc.subarray([...LANGS], { minLength: 1 }),
  rows: fc.uniqueArray(fc.tuple(fc.constantFrom(...SOURCES), cellsArb), { selector: (r) => r[0], maxLength: 6 }),
}).map(({ targets, rows }): Grid => remote({ targets, rows: new Map(rows.map(([s, c]) => [s, new Map([...c].filter(([l]) => (targets as string[]).includes(l)))])) }));

/** One side's changes to the base: cells set or removed, rows removed or added, a language added or removed. */
const changesArb = fc.record({
  cells: fc.array(fc.tuple(fc.nat(), fc.constantFrom(...LANGS), fc.option(value)), { maxLength: 4 }),
  dropRows: fc.array(fc.nat(), { maxLength: 2 }),
  addRows: fc.array(fc.tuple(fc.constantFrom(...SOURCES), cellsArb), { maxLength: 2 }),
  addLang: fc.option(fc.constantFrom(...LANGS), { freq: 5 }),
  dropLang: fc.option(fc.constantFrom(...LANGS), { freq: 8 }),
});
type Changes = typeof changesArb extends fc.Arbitrary<infer T> ? T : never;

function apply(base: Grid, ch: Changes): Grid {
  const targets = [...base.targets];
  if (ch.addLang && !targets.includes(ch.addLang)) targets.push(ch.addLang);
  if (ch.dropLang && targets.length > 1) targets.splice(targets.indexOf(ch.dropLang) >>> 0, targets.includes(ch.dropLang) ? 1 : 0);
  const rows = new Map([...base.rows].map(([s, c]) => [s, new Map(c)]));
  for (const [s, c] of ch.addRows) if (!rows.has(s)) rows.set(s, new Map(c));
  const sources = [...rows.keys()];
  for (const [at, lang, v] of ch.cells) {
    if (!sources.length) break;
    const cells = rows.get(sources[at % sources.length])!;
    if (v === null) cells.delete(lang); else cells.set(lang, v);
  }
  for (const at of ch.dropRows) if (sources.length) rows.delete(sources[at % sources.length]);
  for (const c of rows.values()) for (const l of [...c.keys()]) if (!targets.includes(l)) c.delete(l);
  return { targets, rows };
}

/** What the text of a merge holds: its languages, the rows outside conflict blocks, and each block's two rows. */
function readMerged(text: string) {
  const lines = splitLines(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const header = parseTsvLine(lines[0]).fields.map((f) => f.value.trim().toLowerCase());
  const row = (line: string): [string, Cells] => {
    const fields = parseTsvLine(line).fields;
    const cells: Cells = new Map();
    for (let k = 1; k < fields.length; k++) { const v = cellValue(fields[k]); if (v !== undefined) cells.set(header[k], v); }
    return [fields[0].value, cells];
  };
  const rows = new Map<string, Cells>();
  const blocks = new Map<string, { yours?: Cells; remote?: Cells }>();
  for (let i = 1; i < lines.length; i++) {
    if (lines[i] === CONFLICT_MARKERS.open) {
      const block: { yours?: [string, Cells]; remote?: [string, Cells] } = {};
      let side: 'yours' | 'remote' = 'yours';
      for (i++; i < lines.length && lines[i] !== CONFLICT_MARKERS.close; i++) {
        if (lines[i] === CONFLICT_MARKERS.middle) side = 'remote';
        else { assert.equal(block[side], undefined, `one row per side: ${show(text)}`); block[side] = row(lines[i]); }
      }
      const source = (block.yours ?? block.remote)![0];
      assert.ok(!blocks.has(source), `one block per row: ${show(text)}`);
      blocks.set(source, { yours: block.yours?.[1], remote: block.remote?.[1] });
    } else if (lines[i].trim() !== '') {
      const [s, c] = row(lines[i]);
      assert.ok(!rows.has(s), `one row per source: ${show(text)}`);
      rows.set(s, c);
    }
  }
  return { header: header.slice(1), rows, blocks };
}

/** The merge the rule gives, per cell: the expected rows outside blocks, and the blocks with their two sides. */
function expected(b: Grid, o: Grid, t: Grid) {
  const rows = new Map<string, Cells>();
  const blocks = new Map<string, { yours?: Cells; remote?: Cells }>();
  const langs = [...new Set([...o.targets, ...t.targets])];
  for (const s of new Set([...o.rows.keys(), ...t.rows.keys()])) {
    const mine: Cells = new Map();
    const theirs: Cells = new Map();
    let conflict = false;
    for (const l of langs) {
      const [y, bv, tv] = [o.rows.get(s)?.get(l), b.rows.get(s)?.get(l), t.rows.get(s)?.get(l)];
      const put = (m: Cells, v: string | undefined) => { if (v !== undefined) m.set(l, v); };
      if (y === tv || tv === bv) { put(mine, y); put(theirs, y); } else if (y === bv) { put(mine, tv); put(theirs, tv); } else { conflict = true; put(mine, y); put(theirs, tv); }
    }
    if (conflict) blocks.set(s, { ...(mine.size ? { yours: mine } : {}), ...(theirs.size ? { remote: theirs } : {}) });
    else if (mine.size || o.rows.get(s)?.size === 0) rows.set(s, mine);
  }
  return { rows, blocks };
}

const sortMap = (m: Map<string, unknown>): unknown[] => [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, v instanceof Map ? sortMap(v) : v]);
const sortBlocks = (m: Map<string, { yours?: Cells; remote?: Cells }>) => sortMap(new Map([...m].map(([k, v]) => [k, [v.yours && sortMap(v.yours), v.remote && sortMap(v.remote)]])));

const layout = fc.record({
  order: fc.option(fc.array(fc.nat(), { maxLength: 6 }), { nil: undefined }),
  upper: fc.boolean(),
  eol: fc.constantFrom('\n', '\r\n'),
  bom: fc.boolean(),
  blank: fc.boolean(),
});

/** Checks a merge against the rule; returns the merge's text and what it holds. */
function checkMerge(b: Grid, o: Grid, t: Grid, oursText: string) {
  const r = mergeGrid(write(b), oursText, write(t));
  const got = readMerged(r.text);
  const want = expected(b, o, t);
  const context = () => show({ base: write(b), ours: oursText, theirs: write(t), merged: r.text });
  assert.deepEqual(sortMap(got.rows), sortMap(want.rows), context());
  assert.deepEqual(sortBlocks(got.blocks), sortBlocks(want.blocks), context());
  assert.equal(r.conflicts, want.blocks.size, context());
  for (const l of new Set([...o.targets, ...t.targets])) assert.ok(got.header.includes(l), `language ${l} kept: ${context()}`);
  return { r, got };
}

describe('fuzz: multilingual glossary merge', () => {
  const ruleTitle = `every cell follows the three-way rule; conflicts exactly where both sides changed it differently (${RUNS} cases)`;
  it(ruleTitle, () => {
    const bound = new Bound(ruleTitle);
    fc.assert(fc.property(baseArb, changesArb, changesArb, layout, bound.sync((b, oc, tc, lay) => {
      const o = apply(b, oc);
      const t = remote(apply(b, tc));
      checkMerge(b, o, t, write(o, lay));
    })), bound.params);
    bound.report();
  });

  // (a) The clash of the issue: their deletion (of the cell, its row or its language) against my edit of that cell.
  const clash = fc.record({ row: fc.nat(), lang: fc.nat(), edit: value, how: fc.constantFrom('cell', 'row', 'language'), mirror: fc.boolean() });
  const clashTitle = `an edit on one side against a deletion on the other is a conflict holding the edit, never dropped (${RUNS} cases)`;
  it(clashTitle, () => {
    const bound = new Bound(clashTitle);
    fc.assert(fc.property(baseArb, changesArb, changesArb, clash, layout, bound.sync((b, oc, tc, c, lay) => {
      const filled = [...b.rows].flatMap(([s, cells]) => [...cells.keys()].map((l) => [s, l] as const));
      fc.pre(filled.length > 0);
      const [source, lang] = filled[(c.row + c.lang) % filled.length];
      fc.pre(b.rows.get(source)!.get(lang) !== c.edit);
      // Other changes on both sides, then the clash on top of them.
      const editor = apply(b, oc);
      const deleter = apply(b, tc);
      if (!editor.targets.includes(lang)) editor.targets.push(lang);
      if (!editor.rows.has(source)) editor.rows.set(source, new Map());
      editor.rows.get(source)!.set(lang, c.edit);
      if (c.how === 'cell') deleter.rows.get(source)?.delete(lang);
      else if (c.how === 'row') deleter.rows.delete(source);
      else { deleter.targets = deleter.targets.filter((l) => l !== lang); for (const cells of deleter.rows.values()) cells.delete(lang); }
      // Mine the edit and theirs the deletion, or (mirror) mine the deletion and theirs the edit.
      const [o, t] = c.mirror ? [deleter, remote(editor)] : [editor, remote(deleter)];
      const { got } = checkMerge(b, o, t, write(o, lay));
      const block = got.blocks.get(source);
      const context = show({ source, lang, edit: c.edit, how: c.how, mirror: c.mirror, base: write(b), ours: write(o, lay), theirs: write(t) });
      assert.ok(block, `no conflict for the edited cell: ${context}`);
      assert.equal((c.mirror ? block.remote : block.yours)?.get(lang), c.edit, `the edit is not in the conflict: ${context}`);
      assert.equal((c.mirror ? block.yours : block.remote)?.get(lang), undefined, context);
    })), bound.params);
    bound.report();
  });

  // (b) A side that changed nothing takes the other side's text, content-wise: the same rows with the same cells (rows
  // without any included). Not the same header, always: a language one side removed comes back as an empty column when
  // the other side still has it (the header is the union of both sides'); it holds no entry.
  const identityTitle = `merge(base, x, base) holds x, and merge(base, base, y) holds y, without conflicts (${RUNS} cases)`;
  it(identityTitle, () => {
    const bound = new Bound(identityTitle);
    const other = fc.oneof(changesArb.map((ch) => (b: Grid) => apply(b, ch)), baseArb.map((g) => () => g)); // a change of the base, or any grid
    fc.assert(fc.property(baseArb, other, other, layout, bound.sync((b, makeX, makeY, lay) => {
      const base = write(b);
      const x = makeX(b);
      const xText = write(x, lay);
      const holds = (merged: string, want: string) => {
        const [m, w] = [readMerged(merged), readMerged(want)];
        assert.deepEqual(sortMap(m.rows), sortMap(w.rows), show({ base, want, merged }));
        assert.equal(m.blocks.size, 0);
        for (const l of w.header) assert.ok(m.header.includes(l));
        for (const l of m.header) assert.ok(w.header.includes(l) || b.targets.includes(l), show({ base, want, merged }));
        // With the same languages, the project's own comparison says the same.
        if (m.header.length === w.header.length) assert.ok(sameGrid(merged, want), show({ base, want, merged }));
      };
      const mine = mergeGrid(base, xText, base);
      assert.equal(mine.conflicts, 0);
      holds(mine.text, xText);
      const yText = write(remote(makeY(b)));
      const theirs = mergeGrid(base, base, yText);
      assert.equal(theirs.conflicts, 0);
      holds(theirs.text, yText);
    })), bound.params);
    bound.report();
  });

  // (c) Changes to different cells on the two sides are both kept.
  const disjointTitle = `changes of different cells on the two sides are all kept, without conflicts (${RUNS} cases)`;
  it(disjointTitle, () => {
    const bound = new Bound(disjointTitle);
    const edits = fc.array(fc.tuple(fc.constantFrom(...SOURCES), fc.constantFrom(...LANGS), fc.option(value), fc.boolean()), { maxLength: 8 });
    fc.assert(fc.property(baseArb, edits, layout, bound.sync((b, list, lay) => {
      // Each cell (source, language) goes to one side only, by the first edit that names it.
      const owner = new Map<string, boolean>();
      for (const [s, l, , mine] of list) if (!owner.has(`${s}\t${l}`)) owner.set(`${s}\t${l}`, mine);
      const o: Grid = { targets: [...LANGS], rows: new Map([...b.rows].map(([s, c]) => [s, new Map(c)])) };
      const t: Grid = { targets: [...LANGS], rows: new Map([...b.rows].map(([s, c]) => [s, new Map(c)])) };
      for (const [s, l, v] of list) {
        const side = owner.get(`${s}\t${l}`) ? o : t;
        if (!side.rows.has(s)) side.rows.set(s, new Map());
        if (v === null) side.rows.get(s)!.delete(l); else side.rows.get(s)!.set(l, v);
      }
      const theirs = remote(t);
      const { r, got } = checkMerge(b, o, theirs, write(o, lay));
      assert.equal(r.conflicts, 0);
      // Every cell as the side that changed it left it (the other side's cells as the base had them).
      for (const s of new Set([...b.rows.keys(), ...o.rows.keys(), ...theirs.rows.keys()])) {
        for (const l of LANGS) {
          const changedBy = owner.get(`${s}\t${l}`);
          const want = changedBy === undefined ? b.rows.get(s)?.get(l) : (changedBy ? o : theirs).rows.get(s)?.get(l);
          assert.equal(got.rows.get(s)?.get(l), want, show({ s, l, base: write(b), ours: write(o), theirs: write(theirs), merged: r.text }));
        }
      }
    })), bound.params);
    bound.report();
  });

  const anyTitle = `the merge and the comparisons never throw on any text (${RUNS} cases)`;
  it(anyTitle, () => {
    const gridLike = fc.tuple(fc.array(fc.array(fc.oneof(fc.constantFrom(...SOURCES, ...VALUES, '', '""', '<<<<<<< yours', '=======', '>>>>>>> remote', 'EN', 'de '), nastyText), { maxLength: 4 }), { maxLength: 8 }),
      fc.constantFrom('\n', '\r\n', '\r')).map(([rows, eol]) => rows.map((r) => r.join('\t')).join(eol));
    const text = fc.oneof(gridLike, nastyText);
    const bound = new Bound(anyTitle);
    fc.assert(fc.property(text, text, text, bound.sync((b, o, t) => {
      const r = mergeGrid(b, o, t);
      assert.ok(Number.isInteger(r.conflicts) && r.conflicts >= 0 && Number.isInteger(r.fromRemote) && r.fromRemote >= 0);
      sameGrid(b, o);
      splitGrid(r.text);
      gridChanges(o, t);
    })), bound.params);
    bound.report();
  });
});
