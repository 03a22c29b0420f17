/** One timing of exchange.bench.ts in a fresh process: `alone` (saxes with no handlers), `events` (saxes with no-op
 * handlers) or `ours` (readTbx → planConcepts → previewPlan) over the file named, twice; prints the milliseconds of
 * each run (cold, warm). `rss`: one import, then the process's peak RSS above its RSS before, in bytes. */
import { parserAlone, toPreview } from './exchange.bench';
import { gc } from './stats';

async function main(): Promise<void> {
  const [what, file] = process.argv.slice(2);
  if (!file || !['alone', 'events', 'ours', 'rss'].includes(what)) throw new Error('usage: exchange.child.js alone|events|ours|rss FILE');
  if (what === 'rss') {
    const before = process.memoryUsage().rss;
    await toPreview(file, () => undefined);
    console.log(String(process.resourceUsage().maxRSS * 1024 - before));
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
