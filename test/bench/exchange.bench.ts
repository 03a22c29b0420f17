/** Import and export at size: a generated 50 MB TBX with 5 languages read to the preview, against saxes alone on the
 * same file (time) and the file size (peak memory); 5 × 10 MiB dictionaries exported to TBX, against writing the same
 * bytes with a plain loop. Ratios are measured in the same run. */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SaxesParser } from 'saxes';
import { planConcepts, previewPlan, readTbx, writeTbx, xmlEscape, type ExportDictionary } from '../../src/core/exchange';
import { fmt, gc, median } from './stats';

const LANGS = ['en', 'de', 'fr', 'ja', 'ru'];
const WORDS: Record<string, string[]> = {
  en: ['cloud', 'server', 'network', 'storage', 'policy', 'account', 'invoice', 'customer', 'release', 'pipeline', 'R&D', 'a < b'],
  de: ['Wolke', 'Server', 'Netzwerk', 'Speicher', 'Richtlinie', 'Konto', 'Rechnung', 'Kunde', 'Straße', 'Größe'],
  fr: ['nuage', 'serveur', 'réseau', 'stockage', 'politique', 'compte', 'facture', 'client', 'publication', 'élément'],
  ja: ['クラウド', 'サーバー', 'ネットワーク', 'ストレージ', '請求書', '顧客', '決済', '報告書', '地域', '遅延'],
  ru: ['облако', 'сервер', 'сеть', 'хранилище', 'политика', 'счёт', 'клиент', 'отчёт', 'регион', 'задержка'],
};

/** Writes a TBX v3 (DCA) file of about `bytes`: concepts in 5 languages, some with a deprecated synonym. */
export function makeTbx(file: string, bytes: number): number {
  const fd = fs.openSync(file, 'w');
  let written = 0;
  const put = (s: string) => { const b = Buffer.from(s, 'utf8'); fs.writeSync(fd, b); written += b.length; };
  put('<?xml version="1.0" encoding="UTF-8"?>\n<tbx style="dca" type="TBX-Basic" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2">\n' +
    '<tbxHeader><fileDesc><titleStmt><title>Bench</title></titleStmt></fileDesc></tbxHeader>\n<text><body>\n');
  let i = 0;
  let buf = '';
  while (written + buf.length < bytes) {
    let c = `<conceptEntry id="c${i}">\n`;
    for (const l of LANGS) {
      const w = WORDS[l];
      const term = `${w[i % w.length]} ${w[(i * 7) % w.length]} ${i}`;
      c += `  <langSec xml:lang="${l}">\n    <termSec>\n      <term>${xmlEscape(term)}</term>\n      <termNote type="administrativeStatus">preferredTerm-admn-sts</termNote>\n    </termSec>\n`;
      if (i % 5 === 0) c += `    <termSec>\n      <term>${xmlEscape(term)} old</term>\n      <termNote type="administrativeStatus">deprecatedTerm-admn-sts</termNote>\n    </termSec>\n`;
      c += '  </langSec>\n';
    }
    buf += c + '</conceptEntry>\n';
    i++;
    if (buf.length > 1 << 20) { put(buf); buf = ''; }
  }
  put(buf + '</body></text>\n</tbx>\n');
  fs.closeSync(fd);
  return written;
}

const CHUNK = 256 * 1024;
const chunks = (file: string) => fs.createReadStream(file, { highWaterMark: CHUNK });

/** saxes alone: decode and parse, with (`events`) or without no-op handlers for tags and text. */
export async function parserAlone(file: string, events = false): Promise<void> {
  const p = new SaxesParser({ xmlns: false, position: true });
  if (events) {
    const count = { n: 0 };
    p.on('opentag', () => { count.n++; });
    p.on('closetag', () => { count.n++; });
    p.on('text', () => { count.n++; });
  }
  const dec = new TextDecoder('utf-8');
  for await (const c of chunks(file)) p.write(dec.decode(c as Buffer, { stream: true }));
  p.close();
}

export async function toPreview(file: string, onSample: (read?: number) => void): Promise<number> {
  const tb = await readTbx(chunks(file), { onProgress: (n) => onSample(n) });
  onSample();
  const plan = planConcepts(tb.concepts, 'en', { format: 'tbx-v3' });
  onSample();
  const previews = previewPlan(plan, () => undefined, 'new');
  onSample();
  return previews.reduce((n, p) => n + p.added, 0);
}

/** The baseline: a plain loop that writes the same TBX from the same texts (split lines, cut at the tab, a Map per
 * source phrase, template strings, one write per 64 KiB). */
function plainLoop(file: string, texts: string[], targets: string[]): void {
  const esc = (x: string) => x.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const concepts = new Map<string, string[]>();
  texts.forEach((text, g) => {
    for (const line of text.split('\n')) {
      const tab = line.indexOf('\t');
      if (tab === -1) continue;
      const src = line.slice(0, tab);
      let t = concepts.get(src);
      if (!t) { t = new Array(texts.length); concepts.set(src, t); }
      t[g] ??= line.slice(tab + 1);
    }
  });
  const fd = fs.openSync(file, 'w');
  let buf = '<?xml version="1.0" encoding="UTF-8"?>\n<tbx style="dca" type="TBX-Basic" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2">\n' +
    '  <tbxHeader>\n    <fileDesc>\n      <titleStmt>\n        <title>Bench</title>\n      </titleStmt>\n' +
    '      <sourceDesc>\n        <p>Exported by Terminology Studio</p>\n      </sourceDesc>\n    </fileDesc>\n  </tbxHeader>\n  <text>\n    <body>\n';
  let id = 0;
  for (const [src, t] of concepts) {
    buf += `      <conceptEntry id="c${++id}">\n        <langSec xml:lang="en">\n          <termSec>\n            <term>${esc(src)}</term>\n          </termSec>\n        </langSec>\n`;
    for (let g = 0; g < t.length; g++) {
      if (t[g] !== undefined) buf += `        <langSec xml:lang="${targets[g]}">\n          <termSec>\n            <term>${esc(t[g])}</term>\n          </termSec>\n        </langSec>\n`;
    }
    buf += '      </conceptEntry>\n';
    if (buf.length >= 65536) { fs.writeSync(fd, buf); buf = ''; }
  }
  fs.writeSync(fd, buf + '    </body>\n  </text>\n</tbx>\n');
  fs.closeSync(fd);
}

/** Peak RSS above the start (bytes) and milliseconds of one import (`rss`) or one parse by saxes alone (`rss-alone`)
 * in a fresh process. */
/** Node flags that give a child the engine VS Code's extension host has: `ArrayBuffer.prototype.transfer`, with which
 * an import gives a file's bytes back once their text is made (decodeOwnedBytes), is on by default in every VS Code's
 * V8 but behind a flag in Node 20's. */
export const ENGINE_FLAGS: string[] = typeof (ArrayBuffer.prototype as { transfer?: unknown }).transfer === 'function' ? [] : ['--harmony-rab-gsab-transfer'];

export function rssOf(what: 'rss' | 'rss-alone' | 'rss-sheet' | 'rss-csv-parse', file: string): [number, number] {
  const out = execFileSync(process.execPath, [...ENGINE_FLAGS, path.join(__dirname, 'exchange.child.js'), what, file], { encoding: 'utf8' }).trim().split('\n').pop() ?? '';
  const [rss, ms] = out.split(' ').map(Number);
  if (!Number.isFinite(rss) || !Number.isFinite(ms)) throw new Error(`exchange.child ${what}: ${out}`);
  return [rss, ms];
}

const time = async (fn: () => Promise<unknown>) => { const t = process.hrtime.bigint(); await fn(); return Number(process.hrtime.bigint() - t) / 1e6; };

/** Timings in a fresh Node process (`exchange.child.ts`) of the parse alone, with no-op handlers, or ours: the
 * first run (cold: V8 compiles as it goes, the heap grows) and a second in the same process (warm), each process
 * running one of the three only, as an extension host runs only its own parser. In one process, runs of the parser
 * with and without handlers alternating make V8 re-optimise saxes's functions over and over after a few rounds (the
 * CPU time of the runs with handlers, ours and the no-op ones alike, triples from the third round on); that figure
 * is printed too, but it measures the mix, not the import. */
function timeInChild(what: 'alone' | 'events' | 'ours', file: string): { cold: number; warm: number } {
  const out = execFileSync(process.execPath, ['--expose-gc', path.join(__dirname, 'exchange.child.js'), what, file], { encoding: 'utf8' });
  const [cold, warm] = (out.trim().split('\n').pop() ?? '').split(' ').map(Number);
  if (!Number.isFinite(cold) || !Number.isFinite(warm)) throw new Error(`exchange.child ${what}: ${out}`);
  return { cold, warm };
}

export async function benchExchange(runs = 3): Promise<string[]> {
  const out: string[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'terminology-bench-'));
  try {
    const file = path.join(dir, 'big.tbx');
    const size = makeTbx(file, 50 * 1000 * 1000);
    out.push(`TBX: ${(size / 1e6).toFixed(1)} MB, 5 languages`);
    const base: Array<{ cold: number; warm: number }> = [];
    const withEvents: Array<{ cold: number; warm: number }> = [];
    const ours: Array<{ cold: number; warm: number }> = [];
    const rounds = Math.max(runs, 5);
    for (let r = 0; r < rounds; r++) {
      base.push(timeInChild('alone', file));
      withEvents.push(timeInChild('events', file));
      ours.push(timeInChild('ours', file));
    }
    const entries = await toPreview(file, () => undefined);
    const list = (xs: number[]) => xs.map((x) => (x / 1000).toFixed(2)).join(' ');
    for (const when of ['warm', 'cold'] as const) {
      const b = median(base.map((x) => x[when]));
      const o = median(ours.map((x) => x[when]));
      const w = median(withEvents.map((x) => x[when]));
      out.push(`import to the preview, ${when} (a fresh process per kind and round, ${rounds} rounds alternating): median ${fmt(o)} vs saxes alone ${fmt(b)} -> ratio ${(o / b).toFixed(2)}x (goal < 2x); ` +
        `vs saxes with no-op tag and text handlers ${fmt(w)} -> ${(o / w).toFixed(2)}x; ${entries} entries in 4 dictionaries ` +
        `[runs in s: ours ${list(ours.map((x) => x[when]))}; alone ${list(base.map((x) => x[when]))}; no-op ${list(withEvents.map((x) => x[when]))}]`);
    }
    // The same in this one process, as before (see timeInChild for why it is not the figure).
    const base1: number[] = [];
    const ours1: number[] = [];
    for (let r = 0; r < runs; r++) {
      gc();
      base1.push(await time(() => parserAlone(file)));
      gc();
      ours1.push(await time(() => toPreview(file, () => undefined)));
    }
    out.push(`  the same in one process, alternating: ours ${list(ours1)} s, saxes alone ${list(base1)} s -> ratio of medians ${(median(ours1) / median(base1)).toFixed(2)}x`);
    // Memory: the live heap (after a collection) every 5 MB of the file and after each step, and the process's peak RSS.
    gc(); gc();
    const m0 = process.memoryUsage();
    const start = m0.heapUsed + m0.arrayBuffers;
    let peak = 0;
    let nextAt = 0;
    const sample = (read?: number) => {
      if (read !== undefined && read < nextAt) return;
      nextAt = (read ?? 0) + 5e6;
      gc();
      const m = process.memoryUsage();
      peak = Math.max(peak, m.heapUsed + m.arrayBuffers - start);
    };
    await toPreview(file, sample);
    // The peak RSS in a fresh process that runs one import only (in this one, the runs above set the high-water mark).
    const [rssPeak] = rssOf('rss', file);
    out.push(`memory while importing: live heap + buffers at most ${(peak / 1048576).toFixed(1)} MiB above the start = ${(peak / size).toFixed(2)}x the file (goal < 3x); ` +
      `peak RSS of a fresh process running one import, above its RSS before: ${(rssPeak / 1048576).toFixed(0)} MiB = ${(rssPeak / size).toFixed(2)}x (garbage not yet collected included)`);

    // Export: 5 dictionaries of 10 MiB each (as the service answers them: precomputed), the same source phrases.
    const targets = ['de', 'fr', 'ja', 'ru', 'zh'];
    WORDS.zh = ['云', '服务器', '网络', '存储', '策略', '账户', '发票', '客户', '发布', '区域'];
    const texts = targets.map((t, d) => {
      const parts: string[] = [];
      let bytes = 0;
      for (let i = 0; bytes < 10 * 1024 * 1024; i++) {
        const line = `${WORDS.en[i % 12]} ${WORDS.en[(i * 5) % 12]} ${i}\t${WORDS[t][(i + d) % WORDS[t].length]} ${i}\n`;
        parts.push(line);
        bytes += Buffer.byteLength(line);
      }
      return parts.join('');
    });
    const dicts: ExportDictionary[] = targets.map((t, d) => ({ sourceLang: 'en', targetLang: t, entries: async () => texts[d] }));
    const target = path.join(dir, 'out.tbx');
    const plain = path.join(dir, 'plain.tbx');
    const exp: number[] = [];
    const loop: number[] = [];
    for (let r = 0; r < runs; r++) {
      gc();
      exp.push(await time(async () => {
        const fd = fs.openSync(target, 'w');
        await writeTbx(3, 'Bench', dicts, (c) => { fs.writeSync(fd, c); });
        fs.closeSync(fd);
      }));
      gc();
      loop.push(await time(async () => plainLoop(plain, texts, targets)));
    }
    const same = fs.readFileSync(target).equals(fs.readFileSync(plain));
    const outBytes = fs.statSync(target).size;
    const e = median(exp);
    const l = median(loop);
    out.push(`export of 5 x 10 MiB dictionaries to TBX v3 (${(outBytes / 1048576).toFixed(0)} MiB${same ? ', byte-identical to the loop\'s' : ', DIFFERENT from the loop\'s'}): ` +
      `median ${fmt(e)} vs a plain loop writing the same bytes ${fmt(l)} -> ratio ${(e / l).toFixed(2)}x (goal <= 1.5x)`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return out;
}
