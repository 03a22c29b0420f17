import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { gridEntryCount, gridStats, joinGrid, joinGridTexts, lintGrid, parseEntries, mergeGrid, parseGrid, sameGrid, splitGrid, type EntryValues, type Finding } from '../../../src/core';

const brief = (fs: Finding[]) => fs.map((f) => [f.code, f.line, f.start, f.end]);
const codes = (fs: Finding[]) => fs.map((f) => f.code);
const only = (fs: Finding[], code: string) => fs.filter((f) => f.code === code);

describe('multilingual glossary: join and split', () => {
  const de = { targetLang: 'de', entries: [{ source: 'cloud', target: 'Wolke' }, { source: 'login', target: 'Anmeldung' }] };
  const fr = { targetLang: 'fr', entries: [{ source: 'cloud', target: 'nuage' }, { source: 'price', target: 'prix' }] };

  it('joins the dictionaries of one source language: a header of languages, a line per source, a gap where one lacks it', () => {
    assert.equal(joinGrid('en', [de, fr]), 'en\tde\tfr\ncloud\tWolke\tnuage\nlogin\tAnmeldung\t\nprice\t\tprix\n');
  });

  it('splits the text back into one dictionary per target language', () => {
    const split = splitGrid('en\tde\tfr\ncloud\tWolke\tnuage\nlogin\tAnmeldung\nprice\t\tprix\n');
    assert.equal(split.sourceLang, 'en');
    assert.deepEqual(split.dictionaries, [
      { targetLang: 'de', entries: [{ source: 'cloud', target: 'Wolke' }, { source: 'login', target: 'Anmeldung' }] },
      { targetLang: 'fr', entries: [{ source: 'cloud', target: 'nuage' }, { source: 'price', target: 'prix' }] },
    ]);
  });

  it('keeps quotes, tabs-free phrases with quotes at both ends, a BOM and CRLF line breaks apart from the phrases', () => {
    const tricky = { targetLang: 'ja', entries: [{ source: '"quoted"', target: 'クラウド "x"' }, { source: 'a,b', target: '😀' }] };
    const text = joinGrid('en', [tricky]);
    assert.deepEqual(splitGrid(text).dictionaries[0].entries, tricky.entries);
    assert.deepEqual(splitGrid('\uFEFF' + text.replace(/\n/g, '\r\n')).dictionaries[0].entries, tricky.entries);
  });

  it('counts the entries and the gaps of each language', () => {
    assert.deepEqual(gridStats(parseGrid(joinGrid('en', [de, fr]))), {
      rows: 3, columns: [{ targetLang: 'de', entries: 2, missing: 1 }, { targetLang: 'fr', entries: 2, missing: 1 }],
    });
  });

  // Valid phrases as the service holds them: no tab or other control character, no surrounding space, not empty.
  const phrase = fc.array(fc.constantFrom('a', 'B', ' ', '"', ',', '&', '<', 'é', 'ß', '中', 'ع', '😀', 'x'), { minLength: 1, maxLength: 8 })
    .map((cs) => cs.join('')).filter((s) => s.trim() === s);
  const dictionary = (lang: string) => fc.uniqueArray(fc.record({ source: phrase, target: phrase }), { selector: (e) => e.source, maxLength: 12 })
    .map((entries) => ({ targetLang: lang, entries }));
  const glossary = fc.tuple(dictionary('de'), dictionary('fr'), dictionary('ja'));
  const asMap = (es: readonly EntryValues[]) => new Map(es.map((e) => [e.source, e.target]));

  it('property: split(join(dictionaries)) gives the same dictionaries, and the text lints without errors', () => {
    fc.assert(fc.property(glossary, (dicts) => {
      const text = joinGrid('en', dicts);
      const split = splitGrid(text);
      assert.deepEqual(split.dictionaries.map((d) => d.targetLang), ['de', 'fr', 'ja']);
      split.dictionaries.forEach((d, k) => assert.deepEqual(asMap(d.entries), asMap(dicts[k].entries)));
      // the first dictionary keeps its order exactly
      assert.deepEqual(split.dictionaries[0].entries, dicts[0].entries.map((e) => ({ ...e })));
      assert.deepEqual(lintGrid(text).filter((f) => f.severity === 'error'), []);
    }), { numRuns: 300 });
  });

  it('a source a dictionary holds twice gets a row of its own for the repeat: nothing is dropped, and the repeat is a duplicate-source error', () => {
    const es = { targetLang: 'es', entries: [{ source: 'ticket', target: 'ticket' }, { source: 'cuenta', target: 'cuenta' }, { source: 'ticket', target: 'incidencia' }] };
    const deOnce = { targetLang: 'de', entries: [{ source: 'ticket', target: 'Ticket' }] };
    const text = joinGrid('en', [deOnce, es]);
    assert.equal(text, 'en\tde\tes\nticket\tTicket\tticket\nticket\t\tincidencia\ncuenta\t\tcuenta\n');
    assert.equal(joinGridTexts('en', [{ targetLang: 'de', text: 'ticket\tTicket\n' }, { targetLang: 'es', text: 'ticket\tticket\ncuenta\tcuenta\nticket\tincidencia\n' }]), text);
    const sorted = (es2: readonly EntryValues[]) => es2.map((e) => `${e.source}\u0000${e.target}`).sort();
    assert.deepEqual(sorted(splitGrid(text).dictionaries[1].entries), sorted(es.entries));
    assert.deepEqual(lintGrid(text).filter((f) => f.severity === 'error').map((f) => [f.code, f.line]), [['duplicate-source', 2]]);
    // Repeats in two dictionaries share rows: the first of each in the first row, the second of each in the next.
    const deTwice = { targetLang: 'de', entries: [{ source: 'ticket', target: 'Ticket' }, { source: 'ticket', target: 'Vorgang' }] };
    assert.equal(joinGrid('en', [deTwice, es]), 'en\tde\tes\nticket\tTicket\tticket\nticket\tVorgang\tincidencia\ncuenta\t\tcuenta\n');
    // Removing the repeated row is a change (a save sends it); the same rows in another order are not.
    assert.equal(sameGrid(text, 'en\tde\tes\nticket\tTicket\tticket\ncuenta\t\tcuenta\n'), false);
    assert.equal(sameGrid(text, 'en\tde\tes\ncuenta\t\tcuenta\nticket\t\tincidencia\nticket\tTicket\tticket\n'), true);
  });

  it('property: split(join(dictionaries)) keeps every entry when a dictionary holds a source more than once', () => {
    const source = fc.constantFrom('a', 'b', 'c', 'ticket', '中');
    const withRepeats = (lang: string) => fc.array(fc.record({ source, target: phrase }), { maxLength: 10 }).map((entries) => ({ targetLang: lang, entries }));
    const bag = (es: readonly EntryValues[]) => es.map((e) => `${e.source}\u0000${e.target}`).sort();
    fc.assert(fc.property(fc.tuple(withRepeats('de'), withRepeats('fr'), withRepeats('ja')), (dicts) => {
      const text = joinGrid('en', dicts);
      const split = splitGrid(text);
      split.dictionaries.forEach((d, k) => assert.deepEqual(bag(d.entries), bag(dicts[k].entries)));
      assert.ok(sameGrid(text, joinGrid('en', dicts.map((d) => ({ ...d, entries: [...d.entries].reverse() })))));
      // Each row holds one entry of a dictionary at most, and a repeated source is flagged on every row after its first.
      const rows = text.split('\n').slice(1, -1);
      const repeats = rows.length - new Set(rows.map((r) => r.split('\t')[0])).size;
      assert.equal(lintGrid(text).filter((f) => f.code === 'duplicate-source').length, repeats);
    }), { numRuns: 300 });
  });

  it('property: the join gives the rows a lookup of every source gives, when dictionaries share sources in one order', () => {
    // The reference: each entry's row looked up by its source (a repeat in the next row of that source free for it).
    const reference = (dicts: ReadonlyArray<{ targetLang: string; entries: readonly EntryValues[] }>) => {
      const order: string[] = [];
      const rows = new Map<string, (string | undefined)[][]>();
      dicts.forEach((d, k) => {
        for (const e of d.entries) {
          let list = rows.get(e.source);
          if (!list) { rows.set(e.source, list = []); order.push(e.source); }
          let row = list.find((r) => r[k] === undefined);
          if (!row) list.push(row = new Array<string | undefined>(dicts.length));
          row[k] = e.target;
        }
      });
      const cell = (v: string | undefined) => (v === undefined ? '' : v === '' ? '""' : v);
      return ['en\t' + dicts.map((d) => d.targetLang).join('\t'), ...order.flatMap((src) => rows.get(src)!.map((r) => [src, ...r.map(cell)].join('\t'))), ''].join('\n');
    };
    // Sources from one list, each dictionary keeping most of them in that order: gaps, a moved source, a repeat.
    const sources = ['cloud', 'server', 'login', 'price', 'ticket', 'account', 'invoice', 'gateway'];
    const dictionary = (lang: string) => fc.array(fc.record({ keep: fc.integer({ min: 0, max: 9 }), target: fc.constantFrom('x', 'y', 'z', '') }), { minLength: sources.length, maxLength: sources.length })
      .chain((picks) => fc.tuple(fc.constant(picks), fc.nat({ max: sources.length - 1 }), fc.nat({ max: sources.length - 1 })))
      .map(([picks, moved, repeated]) => {
        const entries: EntryValues[] = [];
        picks.forEach((p, i) => { if (p.keep > 1 && i !== moved) entries.push({ source: sources[i], target: `${lang}-${p.target}` }); });
        if (picks[moved].keep > 4) entries.splice(Math.floor(entries.length / 2), 0, { source: sources[moved], target: `${lang}-moved` });
        if (picks[repeated].keep > 7) entries.push({ source: sources[repeated], target: `${lang}-again` });
        return { targetLang: lang, entries };
      });
    fc.assert(fc.property(fc.tuple(dictionary('de'), dictionary('fr'), dictionary('ja')), (dicts) => {
      assert.equal(joinGrid('en', dicts), reference(dicts));
    }), { numRuns: 500 });
  });

  it('property: joining the service\'s TSV texts directly gives the text of joining their parsed entries', () => {
    // Any text: quoted phrases, CR, blank and whitespace lines, a byte order mark, lines of one or three fields.
    const line = fc.array(fc.constantFrom('a', 'B', ' ', '"', '""', '\t', 'é', '中', '\uFEFF', '\u3000', 'x'), { maxLength: 6 }).map((p) => p.join(''));
    const text = fc.tuple(fc.boolean(), fc.array(line, { maxLength: 10 }), fc.constantFrom('\n', '\r\n', '\r')).map(([bom, ls, eol]) => (bom ? '\uFEFF' : '') + ls.join(eol));
    fc.assert(fc.property(fc.array(text, { minLength: 1, maxLength: 3 }), (texts) => {
      const dicts = texts.map((t, k) => ({ targetLang: ['de', 'fr', 'ja'][k], text: t }));
      const viaEntries = joinGrid('en', dicts.map((d) => ({ targetLang: d.targetLang, entries: parseEntries(d.text, 'tsv').entries.map(({ source, target }) => ({ source, target })) })));
      assert.equal(joinGridTexts('en', dicts), viaEntries);
    }), { numRuns: Math.max(300, Number(process.env.TERMINOLOGY_FUZZ_RUNS) || 0) });
  });
});

describe('multilingual glossary: rules', () => {
  it('a clean grid has no findings', () => {
    assert.deepEqual(lintGrid('en\tde\tfr\ncloud\tWolke\tnuage\n'), []);
  });

  const cases: [string, string, (string | number)[][]][] = [
    ['a header without a target language', 'en\ncloud\n', [['grid-header', 0, 0, 2]]],
    ['a language twice in the header', 'en\tde\tDE\ncloud\tWolke\tWolke\n', [['grid-header', 0, 6, 8]]],
    ['a same-language column', 'en\ten\ncloud\tcloud\n', [['same-language', 0, 3, 5]]],
    ['a variant target code', 'en\tpt-BR\ncloud\tnuvem\n', [['variant-target', 0, 3, 8]]],
    ['more cells than languages', 'en\tde\ncloud\tWolke\tx\n', [['extra-separator', 1, 11, 13]]],
    ['a source without any translation', 'en\tde\tfr\ncloud\t\t\n', [['untranslated-source', 1, 0, 7]]],
    ['a source without any tab', 'en\tde\ncloud\n', [['untranslated-source', 1, 0, 5]]],
    ['an empty quoted target', 'en\tde\ncloud\t""\n', [['empty-target', 1, 6, 8]]],
    ['a target with surrounding space', 'en\tde\ncloud\tWolke \n', [['surrounding-whitespace', 1, 11, 12]]],
    ['a duplicate source', 'en\tde\ncloud\tWolke\ncloud\tWolken\n', [['duplicate-source', 2, 0, 5]]],
    ['a gap where another language has the source', 'en\tde\tfr\ncloud\tWolke\t\n', [['missing-translation', 1, 12, 12]]],
    ['a gap at the end of a short line', 'en\tde\tfr\ncloud\tWolke\n', [['missing-translation', 1, 11, 11]]],
    ['a gap in the middle', 'en\tde\tfr\ncloud\t\tnuage\n', [['missing-translation', 1, 6, 6]]],
    ['a blank line', 'en\tde\n\ncloud\tWolke\n', [['blank-line', 1, 0, 0]]],
  ];
  for (const [name, text, expected] of cases) {
    it(name, () => assert.deepEqual(brief(lintGrid(text)), expected));
  }

  it('same target for different sources: each cell, with the other as related', () => {
    const fs = lintGrid('en\tde\nsign in\tAnmelden\nlog in\tAnmelden\nlogout\tAbmelden\n');
    assert.deepEqual(brief(fs), [['same-target-for-different-sources', 1, 8, 16], ['same-target-for-different-sources', 2, 7, 15]]);
    assert.equal(fs[0].severity, 'info');
    assert.deepEqual(fs[0].related?.map((r) => r.line), [2]);
    assert.match(fs[0].message, /"Anmelden" is also the DE target of "log in"/);
  });

  it('inconsistent source case: Login in one dictionary, login in another', () => {
    const fs = only(lintGrid('en\tde\tfr\nLogin\tAnmeldung\t\nlogin\t\tconnexion\n'), 'inconsistent-source-case');
    assert.deepEqual(brief(fs), [['inconsistent-source-case', 1, 0, 5], ['inconsistent-source-case', 2, 0, 5]]);
    assert.equal(fs[0].severity, 'warning');
    assert.match(fs[0].message, /"Login" \(DE\) differs only in case from "login" \(FR\)/);
  });

  it('two spellings held by the very same dictionaries are taken as intended', () => {
    assert.deepEqual(only(lintGrid('en\tde\nPolish\tpolnisch\npolish\tpolieren\n'), 'inconsistent-source-case'), []);
  });

  it('reverse mismatch: EN→DE cloud→Wolke, but DE→EN maps Wolke elsewhere or lacks it', () => {
    const reverse = new Map([['de', new Map([['Wolke', 'cloudy'], ['Preis', 'price']])]]);
    const fs = lintGrid('en\tde\ncloud\tWolke\nprice\tPreis\nlogin\tAnmeldung\n', { reverse });
    assert.deepEqual(brief(fs), [['reverse-mismatch', 1, 6, 11], ['reverse-mismatch', 3, 6, 15]]);
    assert.match(fs[0].message, /DE → EN maps "Wolke" → "cloudy"/);
    assert.match(fs[1].message, /DE → EN dictionary lacks "Anmeldung"/);
    assert.equal(fs[0].severity, 'warning');
  });

  it('no reverse dictionary, no reverse findings', () => {
    assert.deepEqual(lintGrid('en\tde\ncloud\tWolke\n', { reverse: new Map([['fr', new Map()]]) }), []);
  });

  it('a draft is reported while the cell holds it, and no longer once edited', () => {
    const drafts = new Map([['fr', new Map([['cloud', 'nuage']])]]);
    assert.deepEqual(brief(lintGrid('en\tde\tfr\ncloud\tWolke\tnuage\n', { drafts })), [['draft-translation', 1, 12, 17]]);
    assert.deepEqual(lintGrid('en\tde\tfr\ncloud\tWolke\tnuée\n', { drafts }), []);
  });

  it('a dictionary of the grid over 10 MiB is reported on its language', () => {
    const big = 'x'.repeat(1000);
    let text = 'en\tde\tfr\n';
    for (let i = 0; i < 5300; i++) text += `${i}${big}\t${big}${i}\tf${i}\n`;
    const fs = lintGrid(text);
    assert.deepEqual(codes(fs), ['dictionary-too-large']);
    assert.deepEqual([fs[0].line, fs[0].start, fs[0].end], [0, 3, 5]);
    assert.match(fs[0].message, /EN → DE dictionary would be 10\.\d\d MiB/);
  });

  it('an unsupported language, when the service says which it takes', () => {
    assert.deepEqual(codes(lintGrid('en\tde\txx\ncloud\tWolke\tw\n', { languages: ['en', 'de', 'fr'] })), ['unsupported-language']);
  });
});

describe('multilingual glossary: compare and merge', () => {
  const base = 'en\tde\tfr\ncloud\tWolke\tnuage\nlogin\tAnmeldung\tconnexion\nprice\tPreis\tprix\n';

  it('sameGrid ignores the order of lines and columns, quoting, blank lines and line breaks', () => {
    assert.ok(sameGrid(base, 'en\tfr\tde\r\nprice\tprix\tPreis\r\n\r\n"cloud"\tnuage\tWolke\r\nlogin\tconnexion\tAnmeldung\r\n'));
    assert.ok(!sameGrid(base, base.replace('nuage', 'nuée')));
    assert.ok(!sameGrid(base, base.replace('\tprix', '\t')), 'a removed cell');
    assert.ok(!sameGrid(base, base + 'orphan\t\t\n'), 'a line without translations is not nothing: it must not be saved as unchanged');
    assert.ok(!sameGrid(base, 'en\tde\ncloud\tWolke\nlogin\tAnmeldung\nprice\tPreis\n'), 'a language less');
    assert.equal(gridEntryCount(base), 6);
  });

  it('takes the remote change of one cell where you changed another cell of the same line', () => {
    const ours = base.replace('Wolke', 'Cloud');
    const theirs = base.replace('nuage', 'nuée');
    const r = mergeGrid(base, ours, theirs);
    assert.equal(r.text, 'en\tde\tfr\ncloud\tCloud\tnuée\nlogin\tAnmeldung\tconnexion\nprice\tPreis\tprix\n');
    assert.deepEqual([r.fromRemote, r.conflicts], [1, 0]);
  });

  it('keeps removals and additions of both sides, and a language only the remote has becomes a column', () => {
    const ours = 'en\tde\tfr\ncloud\tWolke\tnuage\nlogin\tAnmeldung\tconnexion\nnew\tneu\t\n';
    const theirs = 'en\tde\tfr\tja\ncloud\tWolke\tnuage\tクラウド\nlogin\tAnmeldung\t\t\nprice\tPreis\tprix\t\n';
    const r = mergeGrid(base, ours, theirs);
    assert.equal(r.text, 'en\tde\tfr\tja\ncloud\tWolke\tnuage\tクラウド\nlogin\tAnmeldung\t\t\nnew\tneu\t\t\n');
    assert.equal(r.conflicts, 0);
  });

  it('a cell both sides changed differently is a conflict block around its line, reported once and blocking', () => {
    const r = mergeGrid(base, base.replace('Preis', 'Kosten'), base.replace('Preis', 'Betrag'));
    assert.equal(r.conflicts, 1);
    assert.equal(r.text, 'en\tde\tfr\ncloud\tWolke\tnuage\nlogin\tAnmeldung\tconnexion\n<<<<<<< yours\nprice\tKosten\tprix\n=======\nprice\tBetrag\tprix\n>>>>>>> remote\n');
    const fs = lintGrid(r.text);
    assert.deepEqual(brief(fs), [['merge-conflict', 3, 0, 13]]);
    assert.deepEqual(splitGrid(r.text).dictionaries[0].entries.map((e) => e.source), ['cloud', 'login'], 'lines of a block are no entries yet');
  });

  it('a removal here against a change there is a conflict; each side of the block holds the merged other cells', () => {
    const r = mergeGrid(base, base.replace('price\tPreis\tprix\n', ''), base.replace('prix', 'tarif'));
    assert.equal(r.conflicts, 1);
    // DE: removed here, untouched there → removed on both lines; FR: removed here, changed there → the conflict.
    assert.match(r.text, /<<<<<<< yours\n=======\nprice\t\ttarif\n>>>>>>> remote\n$/);
  });

  it('merges the rows of a source a dictionary holds twice pairwise (first with first, second with second), and keeps a row you typed without translations', () => {
    const base = 'en\tes\nticket\tticket\nticket\tincidencia\naccount\tcuenta\n';
    const theirs = 'en\tes\nticket\tticket\nticket\tincidente\naccount\tcuenta\n';
    const ours = 'en\tes\nticket\tticket\nticket\tincidencia\naccount\tcuenta de usuario\nnew term\t\n';
    const m = mergeGrid(base, ours, theirs);
    assert.equal(m.text, 'en\tes\nticket\tticket\nticket\tincidente\naccount\tcuenta de usuario\nnew term\t\n');
    assert.equal(m.conflicts, 0);
    assert.equal(m.fromRemote, 1);
    // A second row only the remote has comes in too.
    assert.equal(mergeGrid('en\tes\nticket\tticket\n', 'en\tes\nticket\tticket\n', 'en\tes\nticket\tticket\nticket\tincidencia\n').text, 'en\tes\nticket\tticket\nticket\tincidencia\n');
  });

  it('property: merging an unchanged remote gives your text; merging your unchanged text gives the remote entries', () => {
    const phrase = fc.constantFrom('a', 'b', 'c', 'Wolke', '"q"', 'x,y', '中');
    const grid = fc.array(fc.tuple(phrase, fc.option(phrase), fc.option(phrase)), { maxLength: 8 }).map((rows) => {
      const seen = new Set<string>();
      return 'en\tde\tfr\n' + rows.filter(([s, d, f]) => !seen.has(s) && seen.add(s) && (d !== null || f !== null))
        .map(([s, d, f]) => [s, d ?? '', f ?? ''].map((v) => (v === '"q"' ? '"""q"""' : v)).join('\t') + '\n').join('');
    });
    fc.assert(fc.property(grid, grid, (b, x) => {
      assert.equal(mergeGrid(b, x, b).text, x);
      const m = mergeGrid(b, b, x);
      assert.equal(m.conflicts, 0);
      assert.ok(sameGrid(m.text, x), `${JSON.stringify(m.text)} holds ${JSON.stringify(x)}`);
    }), { numRuns: 300 });
  });
});
