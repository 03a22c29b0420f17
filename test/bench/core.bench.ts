/** Entry rules engine on a 10 MiB dictionary: full lint vs a minimal baseline, re-lint after one edit, memory. */
import { EntriesLinter, lintEntries } from '../../src/core';
import { makeCorpus } from './corpus';
import { fmt, gc, median, timeIt } from './stats';

/** The minimal baseline of the issue: split lines, find the tab, a Set for duplicates, one regex per phrase. */
// eslint-disable-next-line no-control-regex -- the baseline checks for control characters too
const BAD = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|^\s|\s$/;
function baseline(text: string): number {
  let problems = 0;
  const seen = new Set<string>();
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab === -1) { problems++; continue; }
    const source = line.slice(0, tab);
    const target = line.slice(tab + 1);
    if (seen.has(source)) problems++;
    else seen.add(source);
    if (BAD.test(source)) problems++;
    if (BAD.test(target)) problems++;
  }
  return problems;
}

export function benchCore(runs = 9): string[] {
  const out: string[] = [];
  const corpus = makeCorpus();
  const { text } = corpus;
  out.push(`corpus: ${corpus.entries} entries, ${(corpus.bytes / 1048576).toFixed(2)} MiB UTF-8, ${corpus.violations} planted violations`);

  let findings = 0;
  const base: number[] = [];
  const full: number[] = [];
  for (let i = 0; i < runs; i++) {
    gc();
    base.push(timeIt(() => baseline(text)));
    gc();
    full.push(timeIt(() => { findings = lintEntries(text, { format: 'tsv' }).length; }));
  }
  const b = median(base);
  const f = median(full);
  out.push(`full lint: median ${fmt(f)} vs minimal baseline ${fmt(b)} -> ratio ${(f / b).toFixed(2)}x (goal <= 1.0x); ${findings} findings`);

  const linter = new EntriesLinter({ format: 'tsv' }).setText(text);
  const lines = linter.lineCount;
  const typing: number[] = [];
  const enter: number[] = [];
  const paste: number[] = [];
  for (let i = 0; i < 200; i++) {
    const line = Math.floor((i * 7919) % (lines - 2));
    typing.push(timeIt(() => { linter.edit(line, 0, line, 0, 'x'); linter.findings(); }));
    enter.push(timeIt(() => { linter.edit(line, 1, line, 1, '\n'); linter.findings(); }));
    paste.push(timeIt(() => { linter.edit(line, 0, line + 1, 0, ''); linter.findings(); })); // join back
  }
  out.push(`re-lint after a one-line edit: typing a character ${fmt(median(typing))} (p95 ${fmt(typing.sort((a, b) => a - b)[189])}), ` +
    `Enter (inserts a line) ${fmt(median(enter))}, deleting a line ${fmt(median(paste))} (goal < 5 ms)`);

  gc(); gc();
  const before = process.memoryUsage().heapUsed;
  const held = new EntriesLinter({ format: 'tsv' }).setText(text);
  gc(); gc();
  const retained = process.memoryUsage().heapUsed - before;
  const textHeap = text.length * ([...text.slice(0, 4096)].some((c) => c.charCodeAt(0) > 0xff) ? 2 : 1);
  out.push(`memory: incremental state retains ${(retained / 1048576).toFixed(1)} MiB = ${(retained / corpus.bytes).toFixed(2)}x the UTF-8 text ` +
    `(${(retained / textHeap).toFixed(2)}x its ${(textHeap / 1048576).toFixed(1)} MiB in-heap size) (goal <= 2.5x); lines held: ${held.lineCount}`);
  gc();
  const peakBefore = process.memoryUsage().heapUsed;
  let peak = peakBefore;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().heapUsed); }, 1);
  lintEntries(text, { format: 'tsv' });
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  clearInterval(sampler);
  out.push(`memory: heap growth during one full lint, garbage included: ${((peak - peakBefore) / 1048576).toFixed(1)} MiB = ${((peak - peakBefore) / corpus.bytes).toFixed(2)}x the text`);
  return out;
}
