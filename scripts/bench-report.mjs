// Writes the figures a full benchmark run printed into docs/performance.md, between the markers of its section:
// `<!-- bench:core -->` … `<!-- /bench:core -->` (npm run bench:core) and `<!-- bench:editor -->` … (npm run
// bench:editor). Only the latest run is kept there; earlier ones are in the file's git history.
//   node scripts/bench-report.mjs <core|editor> <file with the printed lines>
// Also imported by test/runner/offline.mjs (writeBenchSection).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const doc = join(repo, 'docs', 'performance.md');

function commit() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no', '--', '.', ':!docs'], { cwd: repo, encoding: 'utf8' }).trim();
    return dirty ? `${head} with uncommitted changes` : head;
  } catch {
    return 'an unknown commit';
  }
}

/** Replaces the section's block in docs/performance.md with `lines` (the bench's own output, as printed). */
export function writeBenchSection(section, lines, loadAtStart) {
  const open = `<!-- bench:${section} -->`;
  const close = `<!-- /bench:${section} -->`;
  const text = readFileSync(doc, 'utf8');
  const from = text.indexOf(open);
  const to = text.indexOf(close);
  if (from < 0 || to < from) throw new Error(`docs/performance.md has no ${open} … ${close} block`);
  const load = (loadAtStart ?? loadavg()).map((l) => l.toFixed(2)).join(' ');
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const kept = lines.map((l) => l.replace(/\s+$/, '')).filter((l, i, all) => l || (i > 0 && all[i - 1]));
  while (kept.length && !kept[kept.length - 1]) kept.pop();
  const body = [
    open,
    `Written by \`npm run bench:${section}\` on ${when} UTC, ${commit()}, ${cpus().length} cores, load average ${load} at the start.`,
    '',
    '```text',
    ...kept,
    '```',
    '',
  ].join('\n');
  writeFileSync(doc, text.slice(0, from) + body + text.slice(to));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [section, file] = process.argv.slice(2);
  if (!section || !file) {
    console.error('usage: node scripts/bench-report.mjs <core|editor> <file>');
    process.exit(2);
  }
  writeBenchSection(section, readFileSync(file, 'utf8').split('\n'));
  console.log(`bench-report: docs/performance.md, section ${section}, written`);
}
