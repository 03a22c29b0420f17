/** Import speed and memory against the file's size (issue #29): MB/s and peak RSS per MB of a 50 MB and a 200 MB TBX
 * read to the preview, against saxes alone parsing the same file; then the hostile set (generated, never committed),
 * each file imported once in a fresh process with its outcome, time and peak RSS. The goal: peak memory at most 2x the
 * file plus a fixed allowance, whatever the file. `TERMINOLOGY_BENCH_BIG=0` leaves out the 200 MB file. */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ENGINE_FLAGS, makeTbx, rssOf } from './exchange.bench';
import * as hostile from '../unit/exchange/hostile';
import { planConcepts, readTbx } from '../../src/core/exchange';

const MB = 1e6;
const MiB = 1048576;

/** The allowance the goal grants on top of 2x the file: the Node runtime's own growth while it reads (code, the
 * parser's buffers, a 256 KiB chunk and its decoded text, collector slack). */
export const FIXED_ALLOWANCE = 64 * MiB;

function speed(label: string, file: string, bytes: number): string {
  const ours = rssOf('rss', file);
  const alone = rssOf('rss-alone', file);
  const goal = 2 * bytes + FIXED_ALLOWANCE;
  return `${label} (${(bytes / MB).toFixed(1)} MB): import to the preview ${(bytes / MB / (ours[1] / 1000)).toFixed(1)} MB/s, peak RSS +${(ours[0] / MiB).toFixed(0)} MiB = ` +
    `${(ours[0] / MiB / (bytes / MB)).toFixed(2)} MiB per MB; saxes alone ${(bytes / MB / (alone[1] / 1000)).toFixed(1)} MB/s, ` +
    `${(alone[0] / MiB / (bytes / MB)).toFixed(2)} MiB per MB -> speed ratio ${(ours[1] / alone[1]).toFixed(2)}x; ` +
    `goal 2x the file + ${FIXED_ALLOWANCE / MiB} MiB = ${(goal / MiB).toFixed(0)} MiB: ${ours[0] <= goal ? 'met' : 'MISSED'}`;
}

/** A three-language CSV of about `bytes`, every second phrase quoted with a comma inside. */
function writeCsv(file: string, bytes: number): number {
  const parts = ['English,Deutsch,Français\n'];
  let n = parts[0].length;
  for (let i = 0; n < bytes; i++) {
    const l = i % 2 ? `cloud server ${i},"Wolke, Server ${i}",nuage serveur ${i}\n` : `cloud ${i},Wolke ${i},nuage ${i}\n`;
    parts.push(l);
    n += l.length;
  }
  fs.writeFileSync(file, parts.join(''));
  return n;
}

function sheetSpeed(file: string, bytes: number): string {
  const ours = rssOf('rss-sheet', file);
  const alone = rssOf('rss-csv-parse', file);
  const goal = 2 * bytes + FIXED_ALLOWANCE;
  return `CSV, 3 languages (${(bytes / MB).toFixed(1)} MB, read whole): import to the plan ${(bytes / MB / (ours[1] / 1000)).toFixed(1)} MB/s, peak RSS +${(ours[0] / MiB).toFixed(0)} MiB = ` +
    `${(ours[0] / MiB / (bytes / MB)).toFixed(2)} MiB per MB; csv-parse alone ${(bytes / MB / (alone[1] / 1000)).toFixed(1)} MB/s, ${(alone[0] / MiB / (bytes / MB)).toFixed(2)} MiB per MB; ` +
    `goal 2x the file + ${FIXED_ALLOWANCE / MiB} MiB = ${(goal / MiB).toFixed(0)} MiB: ${ours[0] <= goal ? 'met' : 'MISSED'}`;
}

interface Outcome { outcome: string; ms: number; rss: number; size: number }

/** One hostile file imported in a fresh process: a TBX (`hostile`) or a spreadsheet (`hostile-sheet`, named `.csv`
 * or `.tsv` by `ext`). */
function runOne(dir: string, name: string, bytes: Uint8Array | ((file: string) => number), mode: 'hostile' | 'hostile-sheet' = 'hostile', ext = 'tbx'): Outcome {
  const file = path.join(dir, `${name.replace(/[^A-Za-z0-9]+/g, '-')}.${ext}`);
  let size: number;
  if (typeof bytes === 'function') size = bytes(file);
  else { fs.writeFileSync(file, bytes); size = bytes.length; }
  let line: string;
  try {
    line = execFileSync(process.execPath, [...ENGINE_FLAGS, '--max-old-space-size=3072', path.join(__dirname, 'exchange.child.js'), mode, file], { encoding: 'utf8' }).trim().split('\n').pop() ?? '';
  } catch (e) {
    line = JSON.stringify({ outcome: `process died: ${(e as Error).message.split('\n')[0]}`, ms: NaN, rss: NaN });
  }
  fs.rmSync(file, { force: true });
  return { ...(JSON.parse(line) as { outcome: string; ms: number; rss: number }), size };
}

function hostileOne(dir: string, name: string, bytes: Uint8Array | ((file: string) => number), mode: 'hostile' | 'hostile-sheet' = 'hostile', ext = 'tbx'): string {
  const r = runOne(dir, name, bytes, mode, ext);
  const size = r.size;
  const goal = 2 * size + FIXED_ALLOWANCE;
  const outcome = r.outcome.length > 110 ? `${r.outcome.slice(0, 110)}…` : r.outcome;
  return `  ${name} (${size >= MB ? `${(size / MB).toFixed(1)} MB` : `${(size / 1024).toFixed(0)} KB`}): ${r.ms.toFixed(0)} ms, peak RSS +${(r.rss / MiB).toFixed(0)} MiB ` +
    `(${r.rss <= goal ? 'within' : 'OVER'} 2x + ${FIXED_ALLOWANCE / MiB} MiB) — ${outcome}`;
}

export async function benchHostile(): Promise<string[]> {
  const out: string[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'terminology-hostile-'));
  try {
    const file = path.join(dir, 'big50.tbx');
    out.push(speed('TBX v3, 5 languages', file, makeTbx(file, 50 * MB)));
    fs.rmSync(file);
    if (process.env.TERMINOLOGY_BENCH_BIG !== '0') {
      const big = path.join(dir, 'big200.tbx');
      const size = hostile.writeBigTbx(big, 200 * MB);
      out.push(speed('TBX v2, 5 languages', big, size));
      fs.rmSync(big);
    }
    const csv = path.join(dir, 'big.csv');
    out.push(sheetSpeed(csv, writeCsv(csv, 20 * MB)));
    fs.rmSync(csv);
    out.push('hostile files, each imported once in a fresh process (outcome, time, peak RSS above the start):');
    const good = Buffer.from(hostile.hugeTerm(10)).toString('utf8');
    const cases: Array<[string, Uint8Array | ((file: string) => number)]> = [
      ['entity amplification 64 KB', hostile.amplificationOfSize(64 * 1024)],
      ['entity amplification 454 KB', hostile.amplificationOfSize(454 * 1024)],
      ['entity amplification 7.2 MB', hostile.amplification(12, 100_000)],
      ['entities in an attribute', hostile.attributeAmplification(100_000)],
      ['deep nesting (1 000 000)', hostile.deepNesting(1_000_000)],
      ['100 000 attributes', hostile.manyAttributes(100_000)],
      ['a 50 MB term', hostile.hugeTerm(50_000_000)],
      ['a 3 MB comment', hostile.hugeMarkup('comment', 3_000_000)],
      ['a 3 MB CDATA section', hostile.hugeMarkup('cdata', 3_000_000)],
      ['a 3 MB attribute value', hostile.hugeMarkup('attribute', 3_000_000)],
      ['a 3 MB processing instruction', hostile.hugeMarkup('pi', 3_000_000)],
      ['truncated at 50 %', hostile.truncated(good, 0.5)],
      ['binary (ZIP)', hostile.binary('PK\u0003\u0004', 1, 1 << 20)],
      ['binary (random)', hostile.binary('', 7, 1 << 20)],
      ['declares UTF-8, bytes Latin-1', hostile.lyingEncoding('UTF-8', 'latin1')],
      ['declares UTF-16, bytes UTF-8', hostile.lyingEncoding('UTF-16', 'utf8')],
      ['declares ISO-8859-1, bytes UTF-8', hostile.lyingEncoding('ISO-8859-1', 'utf8')],
      ['declares UTF-8, bytes UTF-16LE', hostile.lyingEncoding('UTF-8', 'utf16le')],
    ];
    if (process.env.TERMINOLOGY_BENCH_BIG !== '0') cases.push(['200 MB of a definition (text outside any term)', (f) => hostile.writeHugeNote(f, 200 * MB)]);
    cases.push(['truncated after 1 byte', hostile.truncated(good, 1 / Buffer.byteLength(good))]);
    cases.push(['truncated inside a character', Buffer.from('<martif><text><body><termEntry><langSet xml:lang="de"><tig><term>Grö', 'utf8').subarray(0, -1)]);
    for (const [name, bytes] of cases) out.push(hostileOne(dir, name, bytes));
    // Every declaration over bytes in four encodings: what each gives (read right, refused, or read WRONG).
    out.push('encoding declarations that lie: each declaration over the same entry (café → Straße) in UTF-8, Latin-1, UTF-16LE and UTF-16BE bytes:');
    for (const declared of hostile.DECLARATIONS) {
      const runs = hostile.BYTE_ENCODINGS.map((actual) => ({ actual, r: runOne(dir, `declared ${declared} ${actual}`, hostile.declaredOver(declared, actual)) }));
      const said: string[] = [];
      for (const { actual, r } of runs) {
        // What was read, in this process (the child gives the count only): the entry itself, right or not.
        let what: string;
        try {
          const tb = await readTbx([hostile.declaredOver(declared, actual)]);
          const e = planConcepts(tb.concepts, 'en', { format: 'tbx-v2' }).pairs[0]?.entries[0];
          what = e && e.source === 'café' && e.target === 'Straße' ? 'read right' : `read WRONG (${e ? `${e.source} → ${e.target}` : 'no entry'})`;
        } catch (e) {
          what = `refused: ${(e as Error).message.replace(/^The file (is )?/, '').replace(/\. Save it.*$/, '').slice(0, 60)}`;
        }
        said.push(`${actual}: ${what}${/^read/.test(r.outcome) === /^read/.test(what) ? '' : ' (the child process: ' + r.outcome.slice(0, 60) + ')'}`);
      }
      out.push(`  ${declared}: ${said.join('; ')} (at most ${Math.max(...runs.map((x) => x.r.ms)).toFixed(0)} ms, +${(Math.max(...runs.map((x) => x.r.rss)) / MiB).toFixed(0)} MiB)`);
    }
    out.push('hostile spreadsheets (read whole, as the import reads one; planned with the mapping found or offered):');
    const sheets: Array<[string, Uint8Array | ((file: string) => number), string]> = [
      ['a quote never closed (5 MB)', hostile.sheetUnclosedQuote(5 * MB), 'csv'],
      ['100 000 columns in a row', hostile.sheetManyColumns(100_000), 'csv'],
      ['1 000 000 empty lines', hostile.sheetEmptyLines(1_000_000), 'csv'],
      ['a 50 MB cell', hostile.sheetHugeCell(50 * MB), 'tsv'],
      ['binary (ZIP) named .csv', hostile.binary('PK\u0003\u0004', 1, 1 << 20), 'csv'],
      ['binary (random) named .csv', hostile.binary('', 7, 1 << 20), 'csv'],
      ['UTF-16 with an odd byte at the end', Buffer.concat([Buffer.from('\ufeffen\tde\ncloud\tWolke\n', 'utf16le'), Buffer.from([0x41])]), 'tsv'],
      ['UTF-8 cut inside a character', Buffer.from('en,de\ncloud,Größe\n', 'utf8').subarray(0, 15), 'csv'],
      ['a 120 MB sheet (over the limit)', (f) => hostile.writeBigSheet(f, 120 * MB), 'csv'],
    ];
    if (process.env.TERMINOLOGY_BENCH_BIG !== '0') {
      sheets.push(['a 90 MB sheet (under the limit)', (f) => hostile.writeBigSheet(f, 90 * MB), 'csv']);
      sheets.push(['a 90 MB sheet in the service\'s layout', (f) => hostile.writeBigServiceSheet(f, 90 * MB), 'csv']);
    }
    for (const [name, bytes, ext] of sheets) out.push(hostileOne(dir, name, bytes, 'hostile-sheet', ext));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return out;
}
