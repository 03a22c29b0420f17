/** The CLI's lint of a 10 MiB dictionary (the built dist/cli.js, a child process as CI runs it) against Node reading
 * the same file and splitting it into lines, also a child process: both pay Node's start-up. Goal: at most 1.3×. */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { makeCorpus } from './corpus';
import { fmt, median } from './stats';

const repo = path.join(__dirname, '..', '..', '..');

function timeChild(args: string[], cwd: string): number {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd, stdio: 'ignore' });
  if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(' ')} exited ${r.status}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
}

export function benchCli(runs = 7): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'terminology-cli-bench-'));
  try {
    const corpus = makeCorpus(10 * 1024 * 1024 - 64 * 1024, 42, true);
    fs.writeFileSync(path.join(dir, 'en-de.tsv'), corpus.text);
    fs.writeFileSync(path.join(dir, 'terminology.json'), JSON.stringify({ glossaries: [{ name: 'Bench', dictionaries: { 'en-de': 'en-de.tsv' } }] }));
    const cli = path.join(repo, 'dist', 'cli.js');
    const split = ['-e', 'const t = require("fs").readFileSync("en-de.tsv", "utf8"); const n = t.split("\\n").length; if (!n) process.exit(2);'];
    const lint: number[] = [];
    const base: number[] = [];
    for (let i = 0; i < runs; i++) { // alternating, so that a busy moment hurts both
      base.push(timeChild(split, dir));
      lint.push(timeChild([cli, 'lint'], dir));
    }
    const l = median(lint);
    const b = median(base);
    return [
      `terminology lint of ${(corpus.bytes / 1048576).toFixed(1)} MiB (${corpus.entries} entries): ${fmt(l)}; node reading and splitting it: ${fmt(b)}; ratio ${(l / b).toFixed(2)}× (goal ≤ 1.3×), median of ${runs}`,
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
