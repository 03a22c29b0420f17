import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { ServiceClient } from '../../../src/api';
import { startEmulator, type Emulator } from '../../emulator/server';

const KEY = 'upload-memory-key';
const MB = 1024 * 1024;

/** Writes a TMX of about `bytes` bytes, unit by unit. */
async function writeTmx(file: string, bytes: number): Promise<number> {
  const out = createWriteStream(file);
  out.write('<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header srclang="en" segtype="sentence" o-tmf="x" adminlang="en" datatype="plaintext" creationtool="t" creationtoolversion="1"/><body>\n');
  let written = 0;
  let i = 0;
  for (; written < bytes; i++) {
    const unit = `<tu><tuv xml:lang="en"><seg>Segment ${i} of the generated memory, with some ordinary words in it</seg></tuv><tuv xml:lang="de"><seg>Segment ${i} des erzeugten Speichers, mit einigen gewöhnlichen Wörtern darin</seg></tuv></tu>\n`;
    written += Buffer.byteLength(unit);
    if (!out.write(unit)) await once(out, 'drain');
  }
  out.end('</body></tmx>\n');
  await once(out, 'finish');
  return i;
}

describe('ServiceClient: a 20 MB TMX upload is streamed', function () {
  this.timeout(180_000);
  let emu: Emulator;
  let client: ServiceClient;
  let dir: string;
  let file: string;
  let units: number;
  before(async () => {
    emu = await startEmulator({ key: KEY });
    emu.config.jobsPaused = true;
    client = new ServiceClient({ key: KEY, baseUrl: emu.url });
    dir = mkdtempSync(join(tmpdir(), 'tmx-upload-'));
    file = join(dir, 'big.tmx');
    units = await writeTmx(file, 20 * MB);
  });
  after(async () => { await emu.close(); rmSync(dir, { recursive: true, force: true }); });

  /** Uploads the file from a child process; answers its memory growth in bytes, and the job. */
  async function probe(mode: 'rss' | 'retained') {
    const size = statSync(file).size;
    const ticket = await client.startImport({ fileName: 'big.tmx', contentLength: size, displayName: `Big ${mode}` });
    const out = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['--expose-gc', join(__dirname, 'uploadProbe.js'), emu.url, KEY, ticket.uploadUrl, file, mode], { maxBuffer: MB },
        (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout)));
    });
    const r = JSON.parse(out) as { size: number; growth: number; ms: number };
    console.log(`      ${mode}: upload of ${(r.size / MB).toFixed(1)} MiB grew the process by ${(r.growth / MB).toFixed(1)} MiB (${(r.growth / r.size).toFixed(2)}x the file) in ${r.ms} ms`);
    return { ...r, jobId: ticket.jobId };
  }

  // Resident size also counts chunks already sent but not yet collected (reading the same file through a stream and
  // dropping it grows it by ~14 MiB alone), so it varies from run to run (1.7x to 2.4x measured): this bound only
  // catches a gross regression; the next test is the one that tells streamed from whole.
  it('the process\'s resident memory stays within 3x the file, and the import completes', async () => {
    const r = await probe('rss');
    assert.ok(r.growth < 3 * r.size, `grew by ${(r.growth / r.size).toFixed(2)}x`);
    emu.advanceJobs();
    emu.advanceJobs();
    const job = await client.getJob(r.jobId);
    assert.equal(job.status, 'completed', job.errorMessage);
    assert.equal((await client.getTranslationMemory(job.translationMemoryId!)).segmentCount, units);
  });

  it('what the upload holds (after collecting garbage) stays under a quarter of the file: it is never read whole', async () => {
    const r = await probe('retained');
    assert.ok(r.growth < 0.25 * r.size, `held ${(r.growth / r.size).toFixed(2)}x`);
  });
});
