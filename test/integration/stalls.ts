// The benchmark's stall monitor, and who a stall belongs to.
// A stall of the extension host's event loop holds every extension in it; the monitor (5 ms ticks) sees how long,
// not whose work it was. A CPU profile of the same run does: each sample inside a stall's window is attributed by
// its stack. A sample with a frame of the extension's bundle on its stack is ours (our code, and what it calls
// synchronously, `getText()` included); one with a frame of the benchmark's own code is the benchmark's (of the two,
// the frame nearer the leaf decides: a listener of the benchmark called by our event is the benchmark's); any other
// is VS Code's (receiving a document, its built-in extensions such as merge-conflict and link detection, the
// runtime's native work and garbage collection).
// Both are wall-clock: on a machine with more runnable threads than cores the kernel may take the core from the
// extension host in the middle of a slice, and that wait counts as a stall (and, in the profile, as the time of
// whatever function was running). So each stall also records how long the thread really ran in it (its own CPU time,
// process.threadCpuUsage, Node 23.9+), and the hold is given both ways.
import * as inspector from 'node:inspector';

/** A stall: the event loop did not run a 5 ms tick between `from` and `to` (µs of the monotonic clock); `cpuMs`:
 * how long the thread ran on a core in that window (undefined where the runtime cannot say). */
export interface Stall { from: number; to: number; cpuMs?: number }

/** The thread's own CPU time in µs, where the runtime gives it (Node 23.9+; the extension host of VS Code 1.10x). */
const threadCpuUs: (() => number) | undefined = (() => {
  const f = (process as { threadCpuUsage?: () => { user: number; system: number } }).threadCpuUsage;
  return typeof f === 'function' ? () => { const u = f.call(process); return u.user + u.system; } : undefined;
})();

export interface Monitored<T> { result: T; maxStallMs: number; ms: number; stalls: Stall[] }

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/** Stalls shorter than this are not kept for attribution (the longest one is always measured). */
const KEEP_ABOVE_MS = 15;

/** Runs `work`, watching the event loop: the longest gap between 5 ms ticks beyond the 5 ms, and every gap over
 * 15 ms with its window, for attribution by the profile. */
export async function withStallMonitor<T>(work: () => Promise<T>): Promise<Monitored<T>> {
  let last = nowUs();
  let lastCpu = threadCpuUs?.();
  let maxStallMs = 0;
  const stalls: Stall[] = [];
  const tick = () => {
    const now = nowUs();
    const cpu = threadCpuUs?.();
    const stall = (now - last) / 1000 - 5;
    maxStallMs = Math.max(maxStallMs, stall);
    if (stall > KEEP_ABOVE_MS) stalls.push({ from: last, to: now, ...(cpu !== undefined && lastCpu !== undefined ? { cpuMs: (cpu - lastCpu) / 1000 } : {}) });
    last = now;
    lastCpu = cpu;
  };
  const timer = setInterval(tick, 5);
  const t0 = performance.now();
  try {
    const result = await work();
    tick();
    return { result, maxStallMs, ms: performance.now() - t0, stalls };
  } finally {
    clearInterval(timer);
  }
}

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] }

/** What the samples in one stall were doing, in ms. `cpuMs`: how long the thread ran on a core in the window from
 * the tick before the stall to the one that ended it (measured); `oursOnCore`: our share of it, estimated as our
 * samples' share of the window's samples times `cpuMs` (the waits for a core taken as spread evenly). */
export interface Attribution { stallMs: number; ours: number; vscode: number; bench: number; gc: number; top: string; cpuMs?: number; oursOnCore?: number }

/** A CPU profile of the extension host (its main thread) while the benchmark runs. */
export class Profiler {
  private readonly session = new inspector.Session();
  private profile: Profile | undefined;
  private parent = new Map<number, number>();
  private byId = new Map<number, ProfileNode>();
  private times: number[] = [];

  constructor(private readonly ourBundle: (url: string) => boolean, private readonly benchCode: (url: string) => boolean) {}

  private post(method: string, params?: object): Promise<unknown> {
    return new Promise((resolve, reject) => this.session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))));
  }

  async start(): Promise<void> {
    this.session.connect();
    await this.post('Profiler.enable');
    await this.post('Profiler.setSamplingInterval', { interval: 500 });
    await this.post('Profiler.start');
  }

  async stop(): Promise<Profile> {
    const { profile } = await this.post('Profiler.stop') as { profile: Profile };
    this.session.disconnect();
    this.profile = profile;
    for (const n of profile.nodes) {
      this.byId.set(n.id, n);
      for (const c of n.children ?? []) this.parent.set(c, n.id);
    }
    let t = profile.startTime;
    this.times = profile.timeDeltas.map((d) => (t += d));
    return profile;
  }

  /** The samples inside `stall`, by whose work they were. */
  attribute(stall: Stall): Attribution {
    const p = this.profile!;
    const a: Attribution = { stallMs: (stall.to - stall.from) / 1000 - 5, ours: 0, vscode: 0, bench: 0, gc: 0, top: '' };
    const tops = new Map<string, number>();
    // The samples are in time order: find the first inside the window.
    let lo = 0;
    let hi = this.times.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (this.times[mid] < stall.from) lo = mid + 1; else hi = mid; }
    for (let i = lo; i < this.times.length && this.times[i] <= stall.to; i++) {
      const dt = ((i + 1 < this.times.length ? Math.min(this.times[i + 1], stall.to) : stall.to) - this.times[i]) / 1000;
      const leaf = this.byId.get(p.samples[i])!.callFrame;
      if (leaf.functionName === '(idle)') continue;
      if (leaf.functionName === '(garbage collector)') { a.gc += dt; continue; }
      let who: 'ours' | 'bench' | 'vscode' = 'vscode';
      let ourFrame: string | undefined;
      for (let id: number | undefined = p.samples[i]; id !== undefined; id = this.parent.get(id)) {
        const f = this.byId.get(id)!.callFrame;
        // The frame nearest the leaf that is ours or the benchmark's decides: the benchmark's listener of our event
        // (it counts our diagnostics) runs inside our code's stack, and is not our work.
        if (who !== 'vscode') break;
        if (this.ourBundle(f.url)) { who = 'ours'; ourFrame = f.functionName || `(anonymous) ${f.url.split('/').pop()}:${f.lineNumber + 1}`; }
        else if (this.benchCode(f.url)) who = 'bench';
      }
      a[who] += dt;
      const name = who === 'ours' ? `ours: ${ourFrame}${leaf.functionName && leaf.functionName !== ourFrame ? ` → ${leaf.functionName}` : ''}`
        : `${leaf.functionName || '(anonymous)'} (${leaf.url.split('/').pop() || 'native'})`;
      tops.set(name, (tops.get(name) ?? 0) + dt);
    }
    a.top = [...tops].sort((x, y) => y[1] - x[1]).slice(0, 3).map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ');
    if (stall.cpuMs !== undefined) {
      a.cpuMs = stall.cpuMs;
      const sampled = a.ours + a.vscode + a.bench + a.gc;
      a.oursOnCore = sampled > 0 ? Math.min(a.ours, stall.cpuMs * a.ours / sampled) : 0;
    }
    return a;
  }

  /** Of an operation's stalls: the longest one, the one in which our own work held the loop longest (wall clock), and
   * the one in which our own work ran longest on a core (when the runtime gives the thread's CPU time). */
  summarize(stalls: Stall[]): { longest?: Attribution; oursLongest?: Attribution; oursLongestOnCore?: Attribution } {
    const all = stalls.map((s) => this.attribute(s));
    if (!all.length) return {};
    const longest = all.reduce((x, y) => (y.stallMs > x.stallMs ? y : x));
    const oursLongest = all.reduce((x, y) => (y.ours > x.ours ? y : x));
    const onCore = all.filter((a) => a.oursOnCore !== undefined);
    const oursLongestOnCore = onCore.length ? onCore.reduce((x, y) => (y.oursOnCore! > x.oursOnCore! ? y : x)) : undefined;
    return { longest, oursLongest, ...(oursLongestOnCore ? { oursLongestOnCore } : {}) };
  }
}

/** "54.8 ms (on a core 21.0 ms)": a hold by the wall clock, and how long the thread really ran in it. */
export function holdText(a: Attribution | undefined, ms: (x: number) => string): string {
  if (!a) return ms(0);
  return a.cpuMs === undefined ? ms(a.ours) : `${ms(a.ours)} (on a core ≈${ms(a.oursOnCore ?? 0)})`;
}

/** ", on a core 21.0 ms" for a stall whose thread CPU time is known. */
export function onCore(a: Attribution): string {
  return a.cpuMs === undefined ? '' : `, on a core ${a.cpuMs.toFixed(1)} ms`;
}

/** "; our longest hold on a core 21.0 ms (…)" when that stall is another than the longest hold by the wall clock. */
export function onCoreText(o: { oursLongest?: Attribution; oursLongestOnCore?: Attribution }): string {
  const a = o.oursLongestOnCore;
  if (!a || a === o.oursLongest) return '';
  return `; our longest hold on a core ≈${(a.oursOnCore ?? 0).toFixed(1)} ms (in a stall of ${a.stallMs.toFixed(1)} ms)`;
}
