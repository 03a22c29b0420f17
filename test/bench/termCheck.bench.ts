/** The term check (src/core/termCheck) at real sizes: a 50 000-string XLIFF against a 20 000-entry glossary, as ratios
 * to a plain scan of the same strings, and the re-check of one edited string. Goals (issue #31): the whole check under
 * 1 s, the re-check under 5 ms. */
import { SaxesParser } from 'saxes';
import { RenderingTally, readXliff, TermIndex, type GlossaryEntry, type TranslationUnit } from '../../src/core/termCheck';
import { fmt, gc, median, timeIt } from './stats';

/** A small deterministic generator (mulberry32), so that every run checks the same files. */
function random(seed: number): () => number {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['ba', 'ker', 'lo', 'mi', 'ton', 'sa', 're', 'dil', 'vo', 'nu', 'pra', 'sel', 'ti', 'gor', 'fe', 'wan', 'quo', 'zen', 'ha', 'cli'];
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export interface TermCorpus { xliff: string; entries: GlossaryEntry[]; strings: number }

export function makeTermCorpus(units = 50_000, glossary = 20_000): TermCorpus {
  const rnd = random(31);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const word = () => Array.from({ length: 2 + Math.floor(rnd() * 2) }, () => pick(SYLLABLES)).join('');
  // Glossary words and the other words of the strings apart: a string holds one or two terms, as in real files.
  const termWords = Array.from({ length: 12000 }, () => word() + pick(['a', 'o', 'i']));
  const vocabulary = Array.from({ length: 8000 }, word);
  const entries: GlossaryEntry[] = [];
  const seen = new Set<string>();
  while (entries.length < glossary) {
    const n = 1 + Math.floor(rnd() * rnd() * 3);
    const source = Array.from({ length: n }, () => pick(termWords)).join(' ');
    if (seen.has(source)) continue;
    seen.add(source);
    const target = source.split(' ').map((w) => w[0].toUpperCase() + w.slice(1) + 'ung').join(' ');
    entries.push({ source, target, sourceLang: 'en', targetLang: 'de', glossary: 'Bench' });
  }
  let body = '';
  for (let i = 0; i < units; i++) {
    const src: string[] = [];
    const trg: string[] = [];
    for (let k = 0; k < 4 + Math.floor(rnd() * 8); k++) {
      if (rnd() < 0.15) {
        const e = pick(entries);
        src.push(e.source);
        trg.push(rnd() < 0.9 ? e.target : pick(vocabulary));
      } else {
        src.push(pick(vocabulary));
        trg.push(pick(vocabulary));
      }
    }
    const g = rnd() < 0.1 ? ['<g id="1">', '</g>'] : ['', ''];
    body += `      <trans-unit id="u${i}">\n        <source>${escape(src.join(' '))}</source>\n` +
      `        <target state="translated">${g[0]}${escape(trg.join(' '))}${g[1]} <x id="PH"/></target>\n      </trans-unit>\n`;
  }
  const xliff = `<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n` +
    `  <file source-language="en" target-language="de" datatype="plaintext" original="bench">\n    <body>\n${body}    </body>\n  </file>\n</xliff>\n`;
  return { xliff, entries, strings: units };
}

/** The plain scan: saxes reads the file and hands over the text of each source and target, and each is lower-cased
 * and walked once (what any checker must at least do). */
function plainScan(xliff: string): number {
  const parser = new SaxesParser({ position: false });
  let inText = false;
  let words = 0;
  parser.on('opentag', (t) => { inText = t.name === 'source' || t.name === 'target'; });
  parser.on('closetag', () => { inText = false; });
  parser.on('text', (t) => {
    if (!inText) return;
    const s = t.toLowerCase();
    for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 32) words++;
  });
  parser.write(xliff).close();
  return words;
}

export function benchTermCheck(runs = 5): string[] {
  const out: string[] = [];
  const corpus = makeTermCorpus();
  out.push(`corpus: ${corpus.strings} trans-units (${(corpus.xliff.length / 1048576).toFixed(1)} MiB XLIFF 1.2), glossary of ${corpus.entries.length} entries`);
  gc();
  const build = timeIt(() => new TermIndex(corpus.entries));
  const index = new TermIndex(corpus.entries);
  out.push(`index (automaton) built once per glossary version: ${fmt(build)}`);

  const plain: number[] = [];
  const read: number[] = [];
  const match: number[] = [];
  const whole: number[] = [];
  let findings = 0;
  let units: TranslationUnit[] = [];
  for (let i = 0; i < runs; i++) {
    gc();
    plain.push(timeIt(() => plainScan(corpus.xliff)));
    gc();
    read.push(timeIt(() => { units = readXliff(corpus.xliff).units; }));
    gc();
    match.push(timeIt(() => {
      findings = 0;
      const tally = new RenderingTally();
      const renderings = [];
      for (const u of units) {
        const r = index.checkUnit(u, 'en', 'de');
        findings += r.findings.length;
        for (const x of r.renderings) renderings.push(x);
      }
      tally.set('bench.xlf', renderings);
      findings += tally.findings('bench.xlf').length;
    }));
    gc();
    whole.push(timeIt(() => {
      const tally = new RenderingTally();
      const r = readXliff(corpus.xliff);
      const renderings = [];
      for (const u of r.units) for (const x of index.checkUnit(u, 'en', 'de').renderings) renderings.push(x);
      tally.set('bench.xlf', renderings);
    }));
  }
  const p = median(plain);
  out.push(`plain scan (saxes + lower-case walk of every string): median ${fmt(p)}`);
  out.push(`read with positions: median ${fmt(median(read))} -> ratio ${(median(read) / p).toFixed(2)}x`);
  out.push(`match (${units.length} units): median ${fmt(median(match))} -> ratio ${(median(match) / p).toFixed(2)}x; ${findings} findings`);
  out.push(`whole check (read + match + tally): median ${fmt(median(whole))} -> ratio ${(median(whole) / p).toFixed(2)}x (goal < 1 s)`);

  // The re-check of one edited string: the unit read again (its target changed), checked, its renderings replaced.
  const tally = new RenderingTally();
  const all = [];
  for (const u of units) for (const x of index.checkUnit(u, 'en', 'de').renderings) all.push(x);
  tally.set('bench.xlf', all);
  const times: number[] = [];
  for (let i = 0; i < 500; i++) {
    const u = units[(i * 7919) % units.length];
    const edited: TranslationUnit = { ...u, target: { text: `${u.target!.text} Wolke ${i}`, pieces: u.target!.pieces } };
    times.push(timeIt(() => {
      const r = index.checkUnit(edited, 'en', 'de');
      tally.setUnit('bench.xlf', u.id, r.renderings);
      return [...r.findings, ...tally.findings('bench.xlf', u.id)];
    }));
  }
  times.sort((a, b) => a - b);
  out.push(`re-check of one edited string: median ${fmt(median(times))}, p95 ${fmt(times[Math.floor(times.length * 0.95)])}, max ${fmt(times[times.length - 1])} (goal < 5 ms)`);
  return out;
}
