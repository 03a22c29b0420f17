import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { GridLinter, gridStats, lintGrid, parseGrid, splitLines, type GridLintOptions } from '../../../src/core';

/** Applies the same change to a plain string, as VS Code would to its document. */
function applyChange(text: string, sl: number, sc: number, el: number, ec: number, insert: string): string {
  const lines = splitLines(text);
  const eols = text.match(/\r\n|\r|\n/g) ?? [];
  const offset = (l: number, c: number) => {
    let o = 0;
    for (let i = 0; i < l; i++) o += lines[i].length + eols[i].length;
    return o + c;
  };
  return text.slice(0, offset(sl, sc)) + insert + text.slice(offset(el, ec));
}

/** Applies an edit to the linter, reading the whole text again when it says the header changed. */
function edit(inc: GridLinter, text: string, sl: number, sc: number, el: number, ec: number, insert: string): string {
  const next = applyChange(text, sl, sc, el, ec, insert);
  if (!inc.edit(sl, sc, el, ec, insert)) inc.setText(next);
  return next;
}

const reverse: GridLintOptions['reverse'] = new Map([['de', new Map([['Wolke', 'cloud'], ['Anmelden', 'sign in'], ['b', 'A']])]]);
const drafts: GridLintOptions['drafts'] = new Map([['fr', new Map([['cloud', 'nuage'], ['a', 'b']])]]);

describe('multilingual glossary: incremental lint', () => {
  it('an edited cell re-checks its row and the groups it belongs to, the same as a whole lint', () => {
    let text = 'en\tde\tfr\ncloud\tWolke\tnuage\nLogin\tAnmelden\t\nsign in\tAnmeldung\tconnexion\n';
    const options = { reverse, drafts };
    const inc = new GridLinter(options).setText(text);
    assert.deepEqual(inc.findings(), lintGrid(text, options));
    const steps: Array<[number, number, number, number, string]> = [
      [3, 8, 3, 17, 'Anmelden'], // same target as line 2: both cells reported
      [2, 0, 2, 1, 'l'], // login: no case variant yet
      [3, 18, 3, 18, '\nLOGIN\t\tx'], // a new line with LOGIN's other spelling in other dictionaries
      [1, 6, 1, 11, ''], // remove a DE cell: a gap
      [2, 0, 3, 0, ''], // delete a line: the rows after it move up
      [0, 8, 0, 8, '\tja'], // a new column: the whole text is read again
    ];
    const seen = new Set<string>();
    for (const [sl, sc, el, ec, t] of steps) {
      text = edit(inc, text, sl, sc, el, ec, t);
      assert.deepEqual(inc.findings(), lintGrid(text, options), `after ${JSON.stringify(t)} at ${sl}:${sc}`);
      assert.deepEqual(inc.stats(), gridStats(parseGrid(text)));
      for (const f of inc.findings()) seen.add(f.code);
    }
    for (const code of ['same-target-for-different-sources', 'inconsistent-source-case', 'reverse-mismatch', 'draft-translation', 'missing-translation']) {
      assert.ok(seen.has(code), `${code} among ${[...seen].join(', ')}`);
    }
  });

  it('reads a large text in small steps to the same findings as at once', () => {
    const lines = ['en\tde\tfr\tja'];
    for (let i = 0; i < 4000; i++) {
      lines.push(i % 500 === 3 ? `Term ${i - 1}\tx\t\t` : i % 700 === 9 ? `dup\t${i}\ty\tz` : `term ${i}\tZiel ${i}\t${i % 3 ? `cible ${i}` : ''}\t目標${i}`);
    }
    const text = lines.join('\n') + '\n';
    const whole = lintGrid(text, { reverse, drafts });
    const inc = new GridLinter({ reverse, drafts });
    const load = inc.load(text);
    let steps = 0;
    while (!load.step(0)) steps++;
    assert.ok(steps > 3, `${steps} steps`);
    assert.deepEqual(inc.findings(), whole);
    assert.ok(whole.some((f) => f.code === 'inconsistent-source-case') && whole.some((f) => f.code === 'duplicate-source'));
  });

  it('findings that depend on new options are prepared in slices, and equal those of a whole lint', () => {
    const lines = ['en\tde\tfr'];
    for (let i = 0; i < 3000; i++) lines.push(`cloud ${i}\tWolke ${i}\tnuage ${i}`);
    const text = lines.join('\n') + '\n';
    const inc = new GridLinter().setText(text);
    inc.setOptions({ reverse, drafts });
    let slices = 1;
    while (!inc.prepareOptions(0)) slices++;
    assert.ok(slices >= 10, `${slices} slices`);
    assert.deepEqual(inc.findings(), lintGrid(text, { reverse, drafts }));
  });

  it('new options (reverse dictionaries, drafts) re-check the rows', () => {
    const text = 'en\tde\tfr\ncloud\tWolke\tnuage\na\tb\tb\n';
    const inc = new GridLinter().setText(text);
    assert.deepEqual(inc.findings(), lintGrid(text));
    inc.setOptions({ reverse, drafts });
    assert.deepEqual(inc.findings(), lintGrid(text, { reverse, drafts }));
    assert.ok(inc.findings().some((f) => f.code === 'draft-translation'));
    inc.setOptions({});
    assert.deepEqual(inc.findings(), lintGrid(text));
  });

  it('findings made in steps (each a slice of time) are those of findings() and of a whole lint', () => {
    // Rows that share sources, targets and case variants (groups), gaps, drafts and reverse findings, over many steps.
    const lines = ['en\tde\tfr'];
    for (let i = 0; i < 6000; i++) lines.push(`${i % 7 === 0 ? 'Cloud' : 'cloud'} ${i % 500}\t${i % 3 === 0 ? 'Wolke' : `Wolke ${i}`}\t${i % 5 === 0 ? '' : `nuage ${i}`}`);
    lines.push('a\tb\tb');
    const text = lines.join('\n') + '\n';
    const inc = new GridLinter({ reverse, drafts }).setText(text);
    const steps = inc.findingsInSteps();
    let found: ReturnType<typeof steps.step>;
    let count = 0;
    while (!(found = steps.step(0))) count++;
    assert.ok(count >= 5, `${count} steps`);
    const whole = lintGrid(text, { reverse, drafts });
    assert.ok(whole.some((f) => f.code === 'duplicate-source') && whole.some((f) => f.code === 'same-target-for-different-sources') && whole.some((f) => f.code === 'missing-translation'));
    assert.deepEqual(found, whole);
    assert.deepEqual(inc.findings(), whole);
    // An edit, or new options, between two steps: the walk starts again, on the state as it is.
    for (const change of [
      () => inc.edit(3000, 0, 3000, 0, 'x'),
      () => inc.setOptions({ reverse }),
    ]) {
      const again = inc.findingsInSteps();
      assert.equal(again.step(0), undefined);
      assert.equal(again.step(0), undefined);
      change();
      let last: ReturnType<typeof again.step>;
      while (!(last = again.step(0)));
      assert.deepEqual(last, inc.findings());
    }
    lines[3000] = `x${lines[3000]}`;
    assert.deepEqual(inc.findings(), lintGrid(lines.join('\n') + '\n', { reverse }));
  });

  it('the same options again, or empty maps, change nothing: setOptions says so and the rows keep their findings', () => {
    const text = 'en\tde\tfr\ncloud\tWolke\tnuage\na\tb\tb\nsign in\tAnmeldung\t\n';
    const copy = (m: NonNullable<GridLintOptions['reverse']>) => new Map([...m].map(([k, v]) => [k, new Map(v)]));
    const inc = new GridLinter().setText(text);
    assert.equal(inc.setOptions({ reverse: new Map(), drafts: new Map([['fr', new Map()]]) }), false, 'empty maps are no options');
    assert.equal(inc.setOptions({ reverse }), true);
    assert.equal(inc.prepareOptions(Infinity), true);
    assert.equal(inc.setOptions({ reverse: copy(reverse!) }), false, 'the same pairs in new maps');
    // Nothing is left to prepare: the rows kept the findings of the reverse dictionary.
    assert.deepEqual(inc.findings(), lintGrid(text, { reverse }));
    const changed = copy(reverse!);
    changed.get('de')!.set('Wolke', 'cloud computing');
    assert.equal(inc.setOptions({ reverse: changed }), true, 'one pair changed');
    assert.deepEqual(inc.findings(), lintGrid(text, { reverse: changed }));
    assert.equal(inc.setOptions({ reverse: changed, drafts }), true, 'drafts added');
    assert.deepEqual(inc.findings(), lintGrid(text, { reverse: changed, drafts }));
    assert.equal(inc.setOptions({ reverse: changed, drafts: new Map() }), true, 'drafts cleared');
    assert.deepEqual(inc.findings(), lintGrid(text, { reverse: changed }));
  });

  it('property: after random edits, the incremental findings equal lintGrid of the text from scratch', () => {
    const runs = Number(process.env.TERMINOLOGY_FUZZ_RUNS) || 400;
    const alphabet = fc.constantFrom('a', 'A', 'b', 'B', 'x', '\t', '\t', '\t', '\n', '\n', ' ', '"', '\r\n', 'Wolke', 'nuage', 'cloud',
      '<<<<<<< yours', '=======', '>>>>>>> remote', '\u0001', 'de', 'fr', 'en', '\uFEFF');
    const textArb = fc.array(alphabet, { maxLength: 50 }).map((cs) => cs.join(''));
    const headerArb = fc.constantFrom('en\tde\tfr\n', 'en\tde\n', 'en\tde\tde\n', 'en\t\tfr\n', '', 'en\n', '\uFEFFen\tfr\tde\n');
    const copy = (m: NonNullable<GridLintOptions['reverse']>) => new Map([...m].map(([k, v]) => [k, new Map(v)]));
    const optionsArb = fc.constantFrom<GridLintOptions>({}, { reverse }, { drafts }, { reverse, drafts }, { reverse: copy(reverse!) },
      { reverse: new Map(), drafts: new Map([['fr', new Map()]]) }, { reverse: new Map([['de', new Map([['Wolke', 'cloud']])]]) });
    // Now and then new options, with their findings prepared in some slices (prepareOptions) before the next edit.
    const editArb = fc.record({ a: fc.nat(), b: fc.nat(), c: fc.nat(), d: fc.nat(), insert: textArb, switchTo: fc.option(optionsArb), slices: fc.nat(3) });
    fc.assert(fc.property(headerArb, textArb, optionsArb, fc.array(editArb, { maxLength: 6 }), (header, body, first, edits) => {
      let options = first;
      let text = header + body;
      const inc = new GridLinter(options).setText(text);
      assert.deepEqual(inc.findings(), lintGrid(text, options));
      for (const e of edits) {
        const lines = splitLines(text);
        let sl = e.a % lines.length;
        let el = e.c % lines.length;
        if (el < sl) [sl, el] = [el, sl];
        let sc = e.b % (lines[sl].length + 1);
        let ec = e.d % (lines[el].length + 1);
        if (sl === el && ec < sc) [sc, ec] = [ec, sc];
        if (e.switchTo) {
          options = e.switchTo;
          inc.setOptions(options);
          for (let k = 0; k < e.slices; k++) inc.prepareOptions(0);
        }
        text = edit(inc, text, sl, sc, el, ec, e.insert);
        assert.deepEqual(inc.findings(), lintGrid(text, options));
        assert.equal(inc.lineCount, splitLines(text).length);
        assert.deepEqual(inc.stats(), gridStats(parseGrid(text)));
      }
    }), { numRuns: runs });
  });
});
