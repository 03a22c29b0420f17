/** Child process of uploadMemory.test: uploads a file through the client, streamed from disk, and prints how much
 * its memory grew. Mode "rss": the peak resident size (sampled every 2 ms), what the user's machine feels. Mode
 * "retained" (needs --expose-gc): a full collection before each sample (every 10 ms), so garbage not yet collected
 * does not count and what remains is what the upload holds. PROBE_WHOLE=1 reads the whole file first, for
 * comparison. */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { ServiceClient } from '../../../src/api';

async function main(): Promise<void> {
  const [baseUrl, key, uploadUrl, file, mode] = process.argv.slice(2);
  const size = statSync(file).size;
  const client = new ServiceClient({ key, baseUrl });
  await client.getUsage().catch(() => undefined); // warm up fetch, so that its own start-up is not counted
  const gc = global.gc;
  const retained = mode === 'retained';
  if (retained && !gc) throw new Error('mode "retained" needs --expose-gc');
  const measure = () => {
    if (retained) gc!();
    const m = process.memoryUsage();
    return retained ? m.heapUsed + m.external : m.rss;
  };
  const base = measure();
  let peak = base;
  const timer = setInterval(() => { peak = Math.max(peak, measure()); }, retained ? 10 : 2);
  const started = Date.now();
  if (process.env.PROBE_WHOLE) {
    const whole = readFileSync(file);
    await client.uploadTmx(uploadUrl, async function* () { yield whole; }, size);
  } else {
    await client.uploadTmx(uploadUrl, () => createReadStream(file, { highWaterMark: 64 * 1024 }), size);
  }
  clearInterval(timer);
  peak = Math.max(peak, measure());
  process.stdout.write(JSON.stringify({ size, growth: peak - base, ms: Date.now() - started }));
}

main().catch((err) => { process.stderr.write(String(err?.stack ?? err)); process.exit(1); });
