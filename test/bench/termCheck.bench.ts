/** The term check (src/core/termCheck) at real sizes: a 50 000-string XLIFF against a 20 000-entry glossary, as ratios
 * to a plain scan of the same strings, and the re-check of one edited string. Goals (issue #31): the whole check under
 * 1 s, the re-check under 5 ms. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { SaxesParser } from 'saxes';
import { findCandidatesPacked, packCandidateRequest, RenderingTally, readXliff, TermIndex, type GlossaryEntry, type TranslationUnit } from '../../src/core/termCheck';
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

/** The plain scan: saxes reads the file (with the handlers the reader sets, so that both parsers look alike to V8:
 * a parser with other handlers makes the other's loop several times slower in one process), and the raw text of each
 * source and target is lower-cased and walked once (what any checker must at least do). */
export function plainScan(xliff: string): number {
  const parser = new SaxesParser({ xmlns: false, position: true });
  let from = -1;
  let words = 0;
  parser.on('opentagstart', () => undefined);
  parser.on('opentag', (t) => { from = t.name === 'source' || t.name === 'target' ? parser.position : -1; });
  parser.on('closetag', () => {
    if (from < 0) return;
    const s = xliff.slice(from, xliff.lastIndexOf('<', parser.position - 1)).toLowerCase();
    for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 32) words++;
    from = -1;
  });
  parser.on('error', (e) => { throw e; });
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

  // Parsing in fresh processes (termCheck.child.ts), one per figure: see there why.
  const dir = mkdtempSync(path.join(tmpdir(), 'terminology-terms-bench-'));
  const file = path.join(dir, 'bench.xlf');
  const glossaryFile = path.join(dir, 'glossary.json');
  writeFileSync(file, corpus.xliff);
  writeFileSync(glossaryFile, JSON.stringify(corpus.entries));
  const run = (what: string) => execFileSync(process.execPath, ['--expose-gc', path.join(__dirname, 'termCheck.child.js'), what, file, glossaryFile, String(runs)], { encoding: 'utf8' });
  const child = (what: string) => {
    const out = run(what);
    const times = out.trim().split(/\s+/).map(Number);
    if (!times.length || times.some((t) => !Number.isFinite(t))) throw new Error(`termCheck.child ${what}: ${out}`);
    return median(times);
  };
  const p = child('plain');
  const read = child('read');
  const whole = child('whole');
  // As the editor does it: built and checked on the core worker; the host's longest stall meanwhile.
  const onWorker = /^([\d. ]+) build ([\d.]+) stall ([\d.]+)\s*$/.exec(run('worker'));
  if (!onWorker) throw new Error('termCheck.child worker: no figures');
  const workerTimes = onWorker[1].trim().split(/\s+/).map(Number);
  rmSync(dir, { recursive: true, force: true });
  // Matching alone, in this process (no parser here): the units read once.
  const units = readXliff(corpus.xliff).units;
  const match: number[] = [];
  let findings = 0;
  for (let i = 0; i < runs; i++) {
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
  }
  out.push(`plain scan (saxes + lower-case walk of every source and target): median ${fmt(p)}`);
  out.push(`read with positions: median ${fmt(read)} -> ratio ${(read / p).toFixed(2)}x`);
  out.push(`match (${units.length} units, automaton + verification + findings): median ${fmt(median(match))} -> ratio ${(median(match) / p).toFixed(2)}x; ${findings} findings`);
  out.push(`whole check (read + match + tally): median ${fmt(whole)} -> ratio ${(whole / p).toFixed(2)}x (goal < 1 s)`);
  out.push(`on the core worker, as the editor does it: index built there ${fmt(Number(onWorker[2]))}; whole check (text sent, findings back, tally) median ${fmt(median(workerTimes))} -> ratio ${(median(workerTimes) / p).toFixed(2)}x; the host's longest stall meanwhile ${fmt(Number(onWorker[3]))}`);

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
  const recheck = `re-check of one edited string: median ${fmt(median(times))}, p95 ${fmt(times[Math.floor(times.length * 0.95)])}, max ${fmt(times[times.length - 1])} (goal < 5 ms)`;

  // Find Term Candidates over the same source strings (on the core worker in the editor): packing the request, then
  // the phrases counted and their renderings found.
  const listed = units.map((unit) => ({ unit, file: 'bench.xlf' }));
  let packed: ReturnType<typeof packCandidateRequest> | undefined;
  const pack = timeIt(() => (packed = packCandidateRequest(listed, corpus.entries, 'en', 'de')));
  let candidates = 0;
  const find: number[] = [];
  for (let i = 0; i < Math.min(runs, 3); i++) { gc(); find.push(timeIt(() => (candidates = findCandidatesPacked(packed!).length))); }
  out.push(`Find Term Candidates over the ${units.length} source strings: pack ${fmt(pack)} (on the host), find median ${fmt(median(find))} -> ratio ${(median(find) / p).toFixed(2)}x the plain scan; ${candidates} candidates`);
  out.push(recheck);
  return out;

}
