/** One timing of termCheck.bench.ts in a fresh process (V8 slows saxes several times over once two parsers with other
 * handlers ran in one process): `plain` (the plain scan), `read` (readXliff) or `whole` (readXliff, every unit
 * checked, the renderings tallied) of the XLIFF file named, against the glossary (JSON entries) named; prints the
 * milliseconds of each run, one line. */
import * as fs from 'node:fs';
import { readXliff, RenderingTally, TermIndex, type GlossaryEntry, type Rendering } from '../../src/core/termCheck';
import { plainScan } from './termCheck.bench';
import { gc, timeIt } from './stats';

function main(): void {
  const [what, file, glossary, runsArg] = process.argv.slice(2);
  if (!['plain', 'read', 'whole'].includes(what) || !file) throw new Error('usage: termCheck.child.js plain|read|whole XLIFF GLOSSARY.json [RUNS]');
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
