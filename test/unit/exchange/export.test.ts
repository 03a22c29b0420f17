import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  exportLosses, planConcepts, planSpreadsheet, readSpreadsheet, readTbx, sourceLanguages, sourceLanguagesOf, tbxFileNameFor, tsvFileName, writeCsv,
  writeTbx, writeTsv, type ExportDictionary, type ImportPlan,
} from '../../../src/core/exchange';
import { TBX_BASIC_V3_RNG, TBX_V2_DTD, validator } from './validate';
import { lintEntries, serializeEntries } from '../../../src/core';
import { RUNS } from '../fuzz/arbitraries';
import { bytesOf } from './helpers';

interface Dict { sourceLang: string; targetLang: string; entries: Array<[string, string]> }

const asExport = (d: Dict, fetched?: string[]): ExportDictionary => ({
  sourceLang: d.sourceLang, targetLang: d.targetLang,
  entries: async () => { fetched?.push(`${d.sourceLang}-${d.targetLang}`); return serializeEntries(d.entries.map(([source, target]) => ({ source, target })), 'tsv'); },
});

async function collect(write: (sink: (s: string) => void) => Promise<void>): Promise<string> {
  let out = '';
  await write((s) => { out += s; });
  return out;
}

const sorted = (plan: ImportPlan) => Object.fromEntries(plan.pairs.filter((p) => p.entries.length).map((p) =>
  [`${p.sourceLang}-${p.targetLang}`, p.entries.map((e) => [e.source, e.target]).sort()]));
const expected = (dicts: Dict[]) => Object.fromEntries(dicts.filter((d) => d.entries.length).map((d) =>
  [`${d.sourceLang}-${d.targetLang}`, [...d.entries].sort()]));

const GLOSSARY: Dict[] = [
  { sourceLang: 'en', targetLang: 'de', entries: [['cloud', 'Wolke'], ['R&D <team>', 'F&E "Team"']] },
  { sourceLang: 'en', targetLang: 'ja', entries: [['cloud', 'クラウド'], ['emoji 😀', '絵文字 😀']] },
];

describe('export', () => {
  it('TBX v3: TBX-Basic, the glossary name as title, one conceptEntry per source phrase with every target', async () => {
    const xml = await collect((sink) => writeTbx(3, 'Tech & Co', GLOSSARY.map((d) => asExport(d)), sink));
    assert.match(xml, /<tbx style="dca" type="TBX-Basic" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2">/);
    assert.match(xml, /<title>Tech &amp; Co<\/title>/);
    assert.equal(xml.match(/<conceptEntry /g)?.length, 3);
    assert.match(xml, /<conceptEntry id="c1">\s*<langSec xml:lang="en">\s*<termSec>\s*<term>cloud<\/term>[\s\S]*?<term>Wolke<\/term>[\s\S]*?<term>クラウド<\/term>[\s\S]*?<\/conceptEntry>/);
    assert.match(xml, /<term>R&amp;D &lt;team&gt;<\/term>/);
  });

  it('TBX v2: martif with a DOCTYPE, termEntry ids that are XML names (an ID cannot start with a digit)', async () => {
    const xml = await collect((sink) => writeTbx(2, 'T', GLOSSARY.map((d) => asExport(d)), sink));
    assert.match(xml, /<!DOCTYPE martif SYSTEM "TBXcoreStructV02.dtd">\n<martif type="TBX-Basic" xml:lang="en">/);
    assert.deepEqual([...xml.matchAll(/<termEntry id="([^"]+)">/g)].map((m) => m[1]), ['c1', 'c2', 'c3']);
    assert.match(xml, /<langSet xml:lang="de">\s*<tig>\s*<term>Wolke<\/term>/);
  });

  it('CSV with language columns, every dictionary in turn; fetched one at a time; progress', async () => {
    const fetched: string[] = [];
    const progress: number[] = [];
    const csv = await collect((sink) => writeCsv(GLOSSARY.map((d) => asExport(d, fetched)), sink, { onProgress: (n) => progress.push(n) }));
    assert.equal(csv, 'cloud,Wolke,EN,DE\nR&D <team>,"F&E ""Team""",EN,DE\ncloud,クラウド,EN,JA\nemoji 😀,絵文字 😀,EN,JA\n');
    assert.deepEqual(fetched, ['en-de', 'en-ja']);
    assert.deepEqual(progress, [1, 2]);
    assert.deepEqual(lintEntries(csv.split('\n').slice(0, 2).join('\n'), { format: 'csv', sourceLang: 'en', targetLang: 'de' }), []);
  });

  it('TSV per pair, named so that it opens as a glossary', async () => {
    assert.equal(await collect((sink) => writeTsv(asExport(GLOSSARY[0]), sink)), 'cloud\tWolke\nR&D <team>\tF&E "Team"\n');
    assert.equal(tsvFileName('Tech: a/b', 'EN', 'DE'), 'Tech_ a_b.en-de.glossary.tsv');
  });

  it('writes in chunks and stops when cancelled', async () => {
    const big: Dict = { sourceLang: 'en', targetLang: 'de', entries: Array.from({ length: 5000 }, (_, i) => [`term ${i}`, `Begriff ${i}`]) };
    const chunks: string[] = [];
    await writeTbx(3, 'big', [asExport(big)], (s) => { chunks.push(s); });
    assert.ok(chunks.length > 5, `${chunks.length} chunks`);
    assert.ok(chunks.every((c) => c.length < 80 * 1024));
    const ac = new AbortController();
    ac.abort();
    await assert.rejects(writeCsv([asExport(big)], () => undefined, { signal: ac.signal }), /cancelled/);
  });
});

// Phrases with what breaks writers and readers: quotes, commas, semicolons, &, <, >, non-Latin scripts, emoji.
const piece = fc.constantFrom('a', 'Z', 'ß', 'é', '"', "'", ',', ';', '&', '<', '>', '&amp;', ']]>', 'x y', '中文', 'кот', 'عربي', 'ह', '😀', '👩‍👩‍👧', 'e\u0301', '#', '=');
const phrase = fc.array(piece, { minLength: 1, maxLength: 6 }).map((p) => p.join('').trim()).filter((p) => p !== '');
const entries = fc.uniqueArray(fc.tuple(phrase, phrase), { minLength: 1, maxLength: 8, selector: (e) => e[0] });
const TARGETS = ['de', 'fr', 'ja', 'zh', 'ru'];
/** A glossary of dictionaries with one source language (what TBX's concepts carry back exactly). */
const oneSource = fc.uniqueArray(fc.constantFrom(...TARGETS), { minLength: 1, maxLength: 4 }).chain((targets) =>
  fc.tuple(...targets.map((t) => entries.map((e): Dict => ({ sourceLang: 'en', targetLang: t, entries: e })))));
/** Any glossary: several source languages (CSV carries each entry's pair). */
const anySource = fc.uniqueArray(fc.tuple(fc.constantFrom('en', 'de', 'fr'), fc.constantFrom(...TARGETS)).filter(([s, t]) => s !== t),
  { minLength: 1, maxLength: 4, selector: ([s, t]) => `${s}-${t}` }).chain((pairs) =>
  fc.tuple(...pairs.map(([s, t]) => entries.map((e): Dict => ({ sourceLang: s, targetLang: t, entries: e })))));

describe('round trip: export → import gives the same dictionaries', () => {
  const runs = RUNS;
  for (const version of [3, 2] as const) {
    it(`TBX v${version}`, async () => {
      await fc.assert(fc.asyncProperty(oneSource, async (dicts) => {
        const xml = await collect((sink) => writeTbx(version, 'G & <g>', dicts.map((d) => asExport(d)), sink));
        const tb = await readTbx(bytesOf(xml, 97));
        assert.equal(tb.title, 'G & <g>');
        const plan = planConcepts(tb.concepts, 'en', { format: 'tbx' });
        assert.deepEqual(sorted(plan), expected(dicts));
        assert.deepEqual(plan.pairs.flatMap((p) => p.skipped), []);
      }), { numRuns: runs });
    });
  }

  it('CSV with language columns', async () => {
    await fc.assert(fc.asyncProperty(anySource, async (dicts) => {
      const csv = await collect((sink) => writeCsv(dicts.map((d) => asExport(d)), sink));
      const sheet = readSpreadsheet(Buffer.from(csv, 'utf8'));
      assert.equal(sheet.mapping?.kind, 'pairs', csv);
      const plan = planSpreadsheet(sheet, sheet.mapping!);
      assert.deepEqual(sorted(plan), expected(dicts));
    }), { numRuns: runs });
  });

  it('TSV per pair whose first entry names languages (中文 → 中文 in fr-ru) keeps that entry', () => {
    for (const [first, expectLine] of [['中文\t中文', 1], ['中文\tعربي', 1], ['French\tRussian', 2]] as const) {
      const sheet = readSpreadsheet(Buffer.from(`${first}\na\ta\n`, 'utf8'), { fileName: tsvFileName('G', 'fr', 'ru') });
      const plan = planSpreadsheet(sheet, sheet.mapping!, 'fr');
      assert.deepEqual(plan.pairs.map((p) => [p.sourceLang, p.targetLang, p.entries[0]?.line]), [['fr', 'ru', expectLine]], first);
    }
  });

  it('TSV per pair', async () => {
    await fc.assert(fc.asyncProperty(anySource, async (dicts) => {
      for (const d of dicts) {
        const tsv = await collect((sink) => writeTsv(asExport(d), sink));
        const sheet = readSpreadsheet(Buffer.from(tsv, 'utf8'), { fileName: tsvFileName('G', d.sourceLang, d.targetLang) });
        assert.ok(sheet.mapping, tsv);
        assert.deepEqual(sorted(planSpreadsheet(sheet, sheet.mapping, d.sourceLang)), expected([d]));
      }
    }), { numRuns: runs });
  });
});

describe('forEachTsvEntry', () => {
  it('reads the service\'s TSV exactly as parseEntries does', async () => {
    const { forEachTsvEntry } = await import('../../../src/core/exchange/writers');
    const { parseEntries } = await import('../../../src/core');
    const line = fc.array(fc.constantFrom('a', 'b', '"', '""', '\t', ' ', 'é', '😀', '\uFEFF'), { maxLength: 8 }).map((p) => p.join(''));
    fc.assert(fc.property(fc.array(line, { maxLength: 8 }), fc.constantFrom('\n', '\r\n'), fc.boolean(), (lines, eol, bom) => {
      const text = (bom ? '\uFEFF' : '') + lines.join(eol);
      const got: string[][] = [];
      forEachTsvEntry(text, (s, t) => got.push([s, t]));
      assert.deepEqual(got, parseEntries(text, 'tsv').entries.map((e) => [e.source, e.target]));
    }), { numRuns: RUNS * 5 });
  });
});

describe('export: what a format cannot carry, and the ways that keep everything', () => {
  // The glossary: EN → DE and DE → EN, with an entry only one direction holds, and DE → FR.
  const BOTH: Dict[] = [
    { sourceLang: 'en', targetLang: 'de', entries: [['cloud', 'Wolke']] },
    { sourceLang: 'de', targetLang: 'en', entries: [['Wolke', 'cloud'], ['Server', 'server']] },
  ];

  it('says it before writing: several source languages, and a pair with its reverse, in one TBX', () => {
    assert.deepEqual(exportLosses('tbx3', GLOSSARY), []);
    assert.deepEqual(exportLosses('csv', BOTH), []);
    const losses = exportLosses('tbx2', BOTH);
    assert.equal(losses.length, 2);
    assert.match(losses[0], /2 source languages \(EN, DE\).*would not give back DE → EN/);
    assert.match(losses[1], /DE ↔ EN: both directions exist/);
  });

  it('one TBX with both directions does not come back unchanged (what the warning is about)', async () => {
    const xml = await collect((sink) => writeTbx(3, 'G', BOTH.map((d) => asExport(d)), sink));
    const tb = await readTbx(bytesOf(xml));
    const plan = planConcepts(tb.concepts, sourceLanguages(tb)[0].lang, { format: 'tbx' });
    assert.notDeepEqual(sorted(plan), expected(BOTH));
  });

  it('one TBX per source language comes back unchanged, each read with its declared language as the default source', async () => {
    await fc.assert(fc.asyncProperty(anySource, async (dicts) => {
      const back: Record<string, string[][]> = {};
      for (const lang of sourceLanguagesOf(dicts)) {
        const group = dicts.filter((d) => d.sourceLang === lang);
        if (!group.some((d) => d.entries.length)) continue;
        const xml = await collect((sink) => writeTbx(3, 'G', group.map((d) => asExport(d)), sink));
        const tb = await readTbx(bytesOf(xml, 61));
        assert.equal(tb.declaredLang, lang);
        Object.assign(back, sorted(planConcepts(tb.concepts, sourceLanguages(tb)[0].lang, { format: 'tbx' })));
      }
      assert.deepEqual(back, expected(dicts));
    }), { numRuns: RUNS });
    assert.equal(tbxFileNameFor('/a/Product.tbx', 'DE'), '/a/Product.de.tbx');
    assert.equal(tbxFileNameFor('/a.b/Product', 'en'), '/a.b/Product.en.tbx');
  });

  it('an export of nothing is refused (a TBX body holds one concept at least)', async () => {
    await assert.rejects(collect((sink) => writeTbx(3, 'G', [asExport({ sourceLang: 'en', targetLang: 'de', entries: [] })], sink)), /no entry/);
  });
});

describe('export: valid TBX', () => {
  for (const version of [2, 3] as const) {
    it(`TBX v${version} is valid against ${version === 2 ? 'the core structure DTD it declares' : 'the TBX-Basic schema'}, whatever the phrases`, async function () {
      const v = await validator();
      assert.ok(v, 'no validator: neither the libxml2-wasm package (a devDependency: run npm ci) nor the xmllint command is installed');
      const check = (xml: string) => version === 2 ? v.dtd(xml, TBX_V2_DTD) : v.rng(xml, TBX_BASIC_V3_RNG);
      // The validation is real: the ids the writer used to write are refused.
      const numeric = (await collect((sink) => writeTbx(version, 'G', GLOSSARY.map((d) => asExport(d)), sink))).replace(/ id="c(\d+)"/g, ' id="$1"');
      assert.notDeepEqual(await check(numeric), [], `${v.name} accepted numeric ids`);
      await fc.assert(fc.asyncProperty(oneSource, async (dicts) => {
        const xml = await collect((sink) => writeTbx(version, 'G & <g>', dicts.map((d) => asExport(d)), sink));
        assert.deepEqual(await check(xml), [], xml.slice(0, 3000));
      }), { numRuns: Math.min(RUNS, 50) });
    });
  }
});
