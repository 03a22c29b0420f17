/** One timing of exchange.bench.ts in a fresh process: `alone` (saxes with no handlers), `events` (saxes with no-op
 * handlers) or `ours` (readTbx → planConcepts → previewPlan) over the file named, twice; prints the milliseconds of
 * each run (cold, warm). `rss` / `rss-alone`: one import (or one parse by saxes alone), then the process's peak RSS
 * above its RSS before, in bytes, and the milliseconds it took. `hostile`: one import of a file that may be refused:
 * a JSON line {outcome, ms, rss}. */
import * as fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { decodeOwnedBytes, planSpreadsheet, readSpreadsheet, refuseLargeSheet } from '../../src/core/exchange';
import { parserAlone, toPreview } from './exchange.bench';
import { gc } from './stats';

/** This process's peak RSS in bytes. On Linux from /proc/self/status (VmHWM, this process's own); getrusage's maxRSS
 * (resourceUsage) survives exec, so in a child it starts at the parent's RSS when it forked: a bench that holds
 * 100 MB of generated files gave every small child a peak of 100 MB. */
function peakRss(): number {
  try {
    const m = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]) * 1024;
  } catch { /* not Linux */ }
  return process.resourceUsage().maxRSS * 1024;
}

async function main(): Promise<void> {
  const [what, file] = process.argv.slice(2);
  if (!file || !['alone', 'events', 'ours', 'rss', 'rss-alone', 'hostile', 'hostile-sheet', 'rss-sheet', 'rss-csv-parse'].includes(what)) throw new Error('usage: exchange.child.js alone|events|ours|rss|rss-alone|hostile|hostile-sheet|rss-sheet|rss-csv-parse FILE');
  if (what === 'hostile-sheet') {
    // A sheet as the import reads one (refused by its size first, then read whole) and planned with the mapping it
    // found or the one it would offer: a JSON line {outcome, ms, rss}.
    const before = process.memoryUsage().rss;
    const t = process.hrtime.bigint();
    let outcome: string;
    try {
      refuseLargeSheet(fs.statSync(file).size);
      const sheet = readSpreadsheet(decodeOwnedBytes(fs.readFileSync(file)), { fileName: file });
      const mapping = sheet.mapping ?? { kind: 'languages' as const, columns: (sheet.suggestion?.columns ?? []).slice(0, 2).map((c, i) => ({ index: c.index, lang: c.lang || ['en', 'de'][i] })) };
      const plan = planSpreadsheet(sheet, mapping);
      outcome = `read: ${plan.pairs.map((p) => `${p.sourceLang}-${p.targetLang} ${p.entries.length} entries, ${p.skipped.length} skipped`).join('; ') || 'no pair'}`;
    } catch (e) {
      outcome = `${(e as Error).name}: ${(e as Error).message}`;
    }
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    console.log(JSON.stringify({ outcome, ms, rss: peakRss() - before }));
    return;
  }
  if (what === 'rss-sheet' || what === 'rss-csv-parse') {
    // A spreadsheet read to its plan, or csv-parse alone over the same text (records kept, as a sync parse does).
    const before = process.memoryUsage().rss;
    const t = process.hrtime.bigint();
    if (what === 'rss-sheet') {
      // As the import reads one: decoded first, the bytes given back.
      const sheet = readSpreadsheet(decodeOwnedBytes(fs.readFileSync(file)), { fileName: file });
      planSpreadsheet(sheet, sheet.mapping!);
    } else {
      parse(new TextDecoder().decode(fs.readFileSync(file)), { relax_column_count: true, relax_quotes: true, skip_empty_lines: true });
    }
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    console.log(`${peakRss() - before} ${ms}`);
    return;
  }
  if (what === 'rss' || what === 'rss-alone' || what === 'hostile') {
    const before = process.memoryUsage().rss;
    const t = process.hrtime.bigint();
    let outcome = 'read';
    try {
      if (what === 'rss-alone') await parserAlone(file);
      else outcome = `read: ${await toPreview(file, () => undefined)} entries`;
    } catch (e) {
      if (what !== 'hostile') throw e;
      outcome = `${(e as Error).name}: ${(e as Error).message}`;
    }
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    const rss = peakRss() - before;
    console.log(what === 'hostile' ? JSON.stringify({ outcome, ms, rss }) : `${rss} ${ms}`);
    return;
  }
  // Twice: the first run is cold (V8 compiles as it goes, the heap grows), the second warm.
  const times: number[] = [];
  for (let r = 0; r < 2; r++) {
    gc();
    const t = process.hrtime.bigint();
    if (what === 'ours') await toPreview(file, () => undefined);
    else await parserAlone(file, what === 'events');
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  console.log(times.join(' '));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
