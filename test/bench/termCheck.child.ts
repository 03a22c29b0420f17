/** One timing of termCheck.bench.ts in a fresh process (V8 slows saxes several times over once two parsers with other
 * handlers ran in one process): `plain` (the plain scan), `read` (readXliff) or `whole` (readXliff, every unit
 * checked, the renderings tallied) of the XLIFF file named, against the glossary (JSON entries) named; prints the
 * milliseconds of each run, one line. */
import * as fs from 'node:fs';
import { readXliff, RenderingTally, TermIndex, type GlossaryEntry, type Rendering } from '../../src/core/termCheck';
import { join } from 'node:path';
import { Offload } from '../../src/worker/offload';
import { plainScan } from './termCheck.bench';
import { gc, timeIt } from './stats';

/** The longest gap between ticks of this (the host's) event loop while `work` runs. */
async function withStall<T>(work: () => Promise<T>): Promise<{ value: T; stall: number }> {
  let last = performance.now();
  let stall = 0;
  const tick = setInterval(() => { const now = performance.now(); stall = Math.max(stall, now - last); last = now; }, 1);
  try {
    const value = await work();
    return { value, stall: Math.max(stall, performance.now() - last) };
  } finally {
    clearInterval(tick);
  }
}

/** `worker`: what the editor does, from the extension host's side: the index built and kept on the core worker (from
 * the dictionary's text), then the whole file checked there (its text sent, the renderings tallied there, the findings back). Prints the check's
 * times, then "build MS stall MS" (the build, and the host's longest stall over build and checks). */
async function onWorker(file: string, glossary: string, runs: number): Promise<void> {
  const xliff = fs.readFileSync(file, 'utf8');
  const entries = JSON.parse(fs.readFileSync(glossary, 'utf8')) as GlossaryEntry[];
  const off = new Offload(join(__dirname, '..', '..', 'src', 'worker', 'coreWorker.js'));
  const text = entries.map((e) => `${e.source}\t${e.target}`).join('\n');
  let stall = 0;
  const t0 = performance.now();
  const built = await withStall(() => off.keepTermIndex({ parts: [{ text, format: 'tsv', sourceLang: 'en', targetLang: 'de', glossary: 'Bench', file: 'file:///bench.tsv' }], statusText: '' }));
  const build = performance.now() - t0;
  stall = Math.max(stall, built.stall);
  if (!built.value) throw new Error('no worker');
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    gc();
    const t = performance.now();
    const r = await withStall(async () => {
      const x = await off.checkTermFile(built.value!.kept, file, { kind: 'xliff', text: xliff });
      return x.findings.length;
    });
    times.push(performance.now() - t);
    stall = Math.max(stall, r.stall);
  }
  off.dispose();
  console.log(`${times.map((t) => t.toFixed(2)).join(' ')} build ${build.toFixed(2)} stall ${stall.toFixed(2)}`);
}

function main(): void {
  const [what, file, glossary, runsArg] = process.argv.slice(2);
  if (!['plain', 'read', 'whole', 'worker'].includes(what) || !file) throw new Error('usage: termCheck.child.js plain|read|whole|worker XLIFF GLOSSARY.json [RUNS]');
  if (what === 'worker') { void onWorker(file, glossary, Number(runsArg ?? 5)); return; }
  const xliff = fs.readFileSync(file, 'utf8');
  const index = what === 'whole' ? new TermIndex(JSON.parse(fs.readFileSync(glossary, 'utf8')) as GlossaryEntry[]) : undefined;
  const times: number[] = [];
  for (let i = 0; i < Number(runsArg ?? 5); i++) {
    gc();
    times.push(timeIt(() => {
      if (what === 'plain') return plainScan(xliff);
      const r = readXliff(xliff);
      if (!index) return r;
      const tally = new RenderingTally();
      const renderings: Rendering[] = [];
      for (const u of r.units) for (const x of index.checkUnit(u, 'en', 'de').renderings) renderings.push(x);
      tally.set(file, renderings);
      return tally.findings(file).length;
    }));
  }
  console.log(times.map((t) => t.toFixed(2)).join(' '));
}

main();
