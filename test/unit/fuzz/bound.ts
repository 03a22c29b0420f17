/** A time bound on every case of a fuzz property, and a watchdog that turns a case that never returns into a failure.
 *
 * A case over `CASE_MS` (TERMINOLOGY_FUZZ_CASE_MS, 2 s by default: far above what any case takes, so that a busy
 * machine does not fail it) fails its property, and fast-check shrinks it like any failure. A case stuck in a loop
 * never returns to be measured: a watchdog thread then writes which property hung and the seed to replay it with, and
 * kills the process, so that `npm test` and `npm run fuzz` fail instead of waiting forever. */
import * as assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import type fc from 'fast-check';
import { fuzz } from './arbitraries';

const fromEnv = Number(process.env.TERMINOLOGY_FUZZ_CASE_MS);
export const CASE_MS = Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : 2000;
/** A case still running after this long is a hang. */
const HANG_MS = Math.max(30_000, CASE_MS * 10);

// When the running case started (Date.now(), shared with the watchdog thread); 0 between cases.
const started = new Float64Array(new SharedArrayBuffer(8));
let watchdog: Worker | undefined;

const WATCHDOG = `
const { parentPort, workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const started = new Float64Array(workerData.started);
let what = '';
parentPort.on('message', (m) => { what = m; });
setInterval(() => {
  const t = started[0];
  if (t !== 0 && Date.now() - t > workerData.hangMs) {
    writeSync(2, '\\nfuzz: a case of ' + what + ' ran for ' + (Date.now() - t) + ' ms without returning: a hang. The process is stopped.\\n');
    process.kill(process.pid, 'SIGKILL');
  }
}, 250);
`;

function watch(what: string): void {
  if (!watchdog) {
    watchdog = new Worker(WATCHDOG, { eval: true, workerData: { started: started.buffer, hangMs: HANG_MS } });
    watchdog.unref();
  }
  watchdog.postMessage(what);
}

/** The time of each case of one property. */
export class Bound {
  max = 0;
  cases = 0;
  /** The options for fc.assert: the case count, and a seed (TERMINOLOGY_FUZZ_SEED, else a random one the watchdog can
   * name). */
  readonly params: fc.Parameters<unknown>;

  constructor(readonly title: string) {
    const params = fuzz();
    const seed = params.seed ?? ((Date.now() ^ (Math.random() * 0x100000000)) | 0);
    this.params = { ...params, seed };
    watch(`"${title}" (replay: TERMINOLOGY_FUZZ_SEED=${seed} TERMINOLOGY_TEST_GREP=${JSON.stringify(title)})`);
  }

  private done(t0: number): void {
    const ms = performance.now() - t0;
    started[0] = 0;
    this.cases++;
    if (ms > this.max) this.max = ms;
    assert.ok(ms <= CASE_MS, `the case took ${ms.toFixed(0)} ms, over the bound of ${CASE_MS} ms`);
  }

  /** A synchronous property's body, timed. */
  sync<A extends unknown[]>(body: (...args: A) => void): (...args: A) => void {
    return (...args: A) => {
      started[0] = Date.now();
      const t0 = performance.now();
      try { body(...args); } finally { started[0] = 0; }
      this.done(t0);
    };
  }

  /** An asynchronous property's body, timed. */
  async<A extends unknown[]>(body: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
    return async (...args: A) => {
      started[0] = Date.now();
      const t0 = performance.now();
      try { await body(...args); } finally { started[0] = 0; }
      this.done(t0);
    };
  }

  /** One line for the run's log: cases and the slowest, when TERMINOLOGY_FUZZ_TIMES is set (npm run fuzz sets it). */
  report(): void {
    if (process.env.TERMINOLOGY_FUZZ_TIMES) console.log(`        ${this.cases} cases, slowest ${this.max.toFixed(1)} ms`);
  }
}
