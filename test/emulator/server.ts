/** A local emulator of the language AI service, following the interface document and the service facts.
 * Paid address: http://127.0.0.1:PORT, free address: http://127.0.0.1:PORT/free (keys ending in ":fx"). */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import { HttpError, parseJson, readBody, send } from './http';
import { newAccount, type Account, type State } from './state';
import type { EmulatorConfig, Route } from './router';
import { glossaryRoutes } from './glossaries';
import { spokenTermsRoutes } from './spokenTerms';
import { miscRoutes } from './misc';
import { advanceJobs, memoryRoutes, transfer } from './memories';
import { styleRuleRoutes } from './styleRules';
import { seedStyleRules } from './data';

export const AUTH_SCHEME = 'Service-Auth-Key';

export interface Fault {
  /** How many matching requests get this fault. */
  count: number;
  status?: number;
  /** Seconds for a Retry-After header on the faulted answer. */
  retryAfter?: number;
  /** Answer this much later; the request is read whole first, so it is carried out even if the client gave up. */
  latencyMs?: number;
  /** Close the connection without an answer. */
  drop?: boolean;
  /** Answer 200 with a body that is not JSON. */
  malformed?: boolean;
  /** Only requests whose path matches this regular expression. */
  path?: string;
  /** Only requests with this method (e.g. "POST"), so that a fault meant for a write skips the reads before it. */
  method?: string;
  /** Carry out the request, then close the connection without an answer (a lost response). */
  dropAfter?: boolean;
  /** Carry out the request, then answer `status` (with `retryAfter`, `body`) instead of its result: a service that
   * acted but says it failed (a gateway timing out on a backend that finished, a crash after the commit). Without
   * it, an injected status is answered before the request is carried out (nothing happened). */
  after?: boolean;
  /** Raw body for an injected status ("" for an empty body). */
  body?: string;
  /** Only every Nth matching request (the Nth, 2Nth…) gets the fault; `count` then counts the faulted ones. */
  every?: number;
  /** Answer a redirect (`status`, 307 by default) to this address, for example another port's. */
  redirect?: string;
}

export interface RequestRecord {
  method: string; path: string; status: number; traceId: string; userAgent?: string; query?: string;
  /** Every header as received, Authorization included (the key scans read all but that one). */
  headers: Record<string, string | string[] | undefined>;
  /** The body as received, whether the handler read it or not: UTF-8 text, or base64 (`bodyBase64`) when the bytes
   * are not UTF-8. Bodies that arrive after the answer (a request refused before it was read) are added as they come. */
  body: string;
  bodyBase64?: true;
}

export interface EmulatorOptions {
  port?: number;
  host?: string;
  /** Paid-plan key; made up when absent. */
  key?: string;
  /** Free-plan key (must end in ":fx"); made up when absent. */
  freeKey?: string;
  /** A key that is known but lacks scope (403); made up when absent. */
  noScopeKey?: string;
  glossaryLimit?: number;
  /** Keep state in this JSON file across restarts (written atomically after each change). */
  dataFile?: string;
  /** Seed the paid account with sample data. */
  seed?: (acc: Account) => void;
  /** Generated style rule lists added to the seeded ones (to exercise paging). */
  extraStyleRules?: number;
}

export interface Emulator {
  url: string;
  freeUrl: string;
  port: number;
  keys: { paid: string; free: string; noScope: string };
  state: State;
  config: EmulatorConfig;
  requests: RequestRecord[];
  /** Requests being handled now, and the most at once since `max` was last set (tests set it to 0). */
  concurrency: { readonly current: number; max: number };
  injectFault(f: Fault): void;
  /** Moves every translation memory job that can move one status on (see memories.ts); returns how many moved. */
  advanceJobs(): number;
  clearFaults(): void;
  close(): Promise<void>;
}

const routes: Route[] = [...glossaryRoutes, ...spokenTermsRoutes, ...memoryRoutes, ...styleRuleRoutes, ...miscRoutes];

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const keys = {
    paid: options.key ?? `emu-${randomBytes(12).toString('hex')}`,
    free: options.freeKey ?? `emu-${randomBytes(12).toString('hex')}:fx`,
    noScope: options.noScopeKey ?? `emu-noscope-${randomBytes(8).toString('hex')}`,
  };
  let state: State;
  if (options.dataFile) removeStaleTemps(options.dataFile);
  if (options.dataFile && existsSync(options.dataFile)) {
    state = JSON.parse(readFileSync(options.dataFile, 'utf8')) as State;
  } else {
    const paid = newAccount('paid', options.glossaryLimit);
    options.seed?.(paid);
    state = { accounts: {} };
    state.accounts[keys.paid] = paid;
  }
  state.accounts[keys.paid] ??= newAccount('paid', options.glossaryLimit);
  state.accounts[keys.free] ??= newAccount('free');
  state.accounts[keys.noScope] ??= { ...newAccount('paid'), noScope: true };

  const config: EmulatorConfig = { bareEntries: false };
  // Each account has its own style rule lists (editable on the paid plan), the seeded ones to begin with.
  const styleRules = seedStyleRules();
  for (let i = 0; i < (options.extraStyleRules ?? 0); i++) {
    styleRules.push({ ...styleRules[i % 3], style_id: `4c1d2e3f-0000-4000-8000-${(0x100 + i).toString(16).padStart(12, '0')}`, name: `Generated list ${i + 1}`, version: 1 });
  }
  for (const acc of Object.values(state.accounts)) acc.styleRules ??= structuredClone(styleRules);
  const faults: Fault[] = [];
  const requests: RequestRecord[] = [];
  const seen = new Map<Fault, number>();
  const concurrency = { current: 0, max: 0 };
  const sockets = new Set<Socket>();
  let port = 0;

  const persist = () => {
    if (options.dataFile) writeAtomically(options.dataFile, JSON.stringify(state));
  };

  const takeFault = (req: IncomingMessage, path: string): Fault | undefined => {
    const header = req.headers['x-emulator-fault'];
    if (typeof header === 'string' && header) {
      if (header === 'drop') return { count: 1, drop: true };
      if (header === 'malformed') return { count: 1, malformed: true };
      if (header === 'drop-after') return { count: 1, dropAfter: true };
      const after = /^(\d{3})-after$/.exec(header);
      if (after) return { count: 1, status: Number(after[1]), after: true };
      const latency = /^latency=(\d+)$/.exec(header);
      if (latency) return { count: 1, latencyMs: Number(latency[1]) };
      return { count: 1, status: Number(header) };
    }
    const i = faults.findIndex((f) => {
      if (f.path && !new RegExp(f.path).test(path)) return false;
      if (f.method && f.method.toUpperCase() !== req.method) return false;
      if (!f.every) return true;
      seen.set(f, (seen.get(f) ?? 0) + 1);
      return seen.get(f)! % f.every === 0;
    });
    if (i === -1) return undefined;
    const f = faults[i];
    if (--f.count <= 0) faults.splice(i, 1);
    return f;
  };

  const admin = async (req: IncomingMessage, res: ServerResponse, path: string, traceId: string) => {
    const body = parseJson(await readBody(req), req);
    if (req.method === 'POST' && path === '/__admin/faults') { faults.push({ count: 1, ...(body as Partial<Fault>) }); return send(res, 204, undefined, { 'X-Trace-ID': traceId }); }
    if (req.method === 'DELETE' && path === '/__admin/faults') { faults.length = 0; return send(res, 204, undefined, { 'X-Trace-ID': traceId }); }
    if (req.method === 'POST' && path === '/__admin/config') { Object.assign(config, body); return send(res, 200, config, { 'X-Trace-ID': traceId }); }
    if (req.method === 'GET' && path === '/__admin/requests') return send(res, 200, requests, { 'X-Trace-ID': traceId });
    if (req.method === 'POST' && path === '/__admin/jobs/advance') { const moved = advanceJobs(state, config); persist(); return send(res, 200, { moved }, { 'X-Trace-ID': traceId }); }
    throw new HttpError(404, 'Not found', `No admin route ${req.method} ${path}`);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const traceId = randomUUID();
    const url = new URL(req.url ?? '/', 'http://emulator');
    let path = url.pathname;
    let entry: RequestRecord | undefined;
    const body = tapBody(req, () => { if (entry) setBody(entry, body()); });
    const record = (status: number) => {
      entry = { method: req.method ?? '', path, status, traceId, userAgent: req.headers['user-agent'], ...(url.search ? { query: url.search.slice(1) } : {}), headers: { ...req.headers }, body: '' };
      setBody(entry, body());
      requests.push(entry);
    };
    // In flight until the answer is out (or the client is gone) AND the handler is done: a slow service goes on with
    // a request whose client gave up (a timeout), and carries it out all the same.
    let answered = false;
    let handled = false;
    const leave = () => { if (answered && handled) { answered = handled = false; concurrency.current--; } };
    try {
      if (path.startsWith('/__admin/')) return await admin(req, res, path, traceId);
      concurrency.max = Math.max(concurrency.max, ++concurrency.current);
      const out = () => { answered = true; leave(); };
      res.once('close', out);
      res.once('finish', out);
      const freeAddress = path === '/free' || path.startsWith('/free/');
      if (freeAddress) path = path.slice('/free'.length) || '/';
      const fault = takeFault(req, path);
      // A slow service has the whole request before it is slow: it acts even when the client gave up meanwhile.
      const received = fault?.latencyMs ? await readBody(req) : undefined;
      if (fault?.latencyMs) await new Promise((r) => setTimeout(r, fault.latencyMs));
      if (fault?.drop) { record(0); req.socket.destroy(); return; }
      if (fault?.malformed) { await drain(req); record(200); res.writeHead(200, { 'Content-Type': 'application/json', 'X-Trace-ID': traceId }); res.end('{"glossaries": [ this is not JSON'); return; }
      if (fault?.redirect) {
        await drain(req);
        record(fault.status ?? 307);
        res.writeHead(fault.status ?? 307, { Location: fault.redirect, 'X-Trace-ID': traceId, 'Content-Length': 0 });
        res.end();
        return;
      }
      const before = fault?.after ? undefined : fault;
      if (before?.status && before.body !== undefined) {
        await drain(req);
        answerFault(before, res, traceId, record);
        return;
      }
      if (before?.status) throw faultError(before);
      // The pre-signed upload and download addresses of translation memory jobs carry no key.
      const transferred = await transfer(state, config, req, res, path, traceId, persist);
      if (transferred !== false) { record(transferred); return; }
      // Authentication: "Authorization: Service-Auth-Key <key>".
      const auth = req.headers.authorization ?? '';
      const m = /^(\S+) (.+)$/.exec(auth);
      if (!m || m[1] !== AUTH_SCHEME) throw new HttpError(401, 'Unauthorized', m ? `Unknown authorization scheme "${m[1]}"` : 'Missing Authorization header');
      const acc = state.accounts[m[2]];
      if (!acc) throw new HttpError(401, 'Unauthorized', 'Invalid authentication key');
      if (acc.noScope) throw new HttpError(403, 'Forbidden', 'The key lacks the scope needed for this endpoint');
      if ((acc.plan === 'free') !== freeAddress) {
        throw new HttpError(403, 'Wrong endpoint', acc.plan === 'free' ? 'Free-plan keys must use the free address' : 'Paid-plan keys must use the paid address');
      }
      const route = routes.find(([method, re]) => method === req.method && re.test(path));
      if (!route) throw new HttpError(404, 'Not found', `No endpoint ${req.method} ${path}`);
      const params = route[1].exec(path)!.slice(1).map(decodeURIComponent);
      const bodyText = received ?? await readBody(req);
      const body = req.method === 'GET' || req.method === 'DELETE' ? {} : parseJson(bodyText, req);
      const result = route[2]({ acc, body, params, query: url.searchParams, emulator: { port, config, styleRules: acc.styleRules ??= structuredClone(styleRules) } });
      if (result.mutated) persist();
      if (fault?.dropAfter) { record(0); req.socket.destroy(); return; }
      // Carried out (and kept), then answered with the injected status: the client cannot tell that it happened.
      if (fault?.after && fault.status) {
        if (fault.body !== undefined) answerFault(fault, res, traceId, record);
        else throw faultError(fault);
        return;
      }
      record(result.status);
      send(res, result.status, result.body, { 'X-Trace-ID': traceId });
    } catch (err) {
      const e = err instanceof HttpError ? err : new HttpError(500, 'Internal server error', String((err as Error)?.message ?? err));
      // A request refused before its body was read: the rest of the body first, so that the log holds it all.
      await drain(req);
      record(e.status);
      if (!res.headersSent) send(res, e.status, { message: e.message, ...(e.detail ? { detail: e.detail } : {}) }, { 'X-Trace-ID': traceId, ...e.headers });
    } finally {
      handled = true;
      leave();
    }
  };

  const server: Server = createServer((req, res) => { void handle(req, res); });
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url, freeUrl: `${url}/free`, port, keys, state, config, requests, concurrency,
    injectFault: (f) => faults.push({ ...f }),
    clearFaults: () => { faults.length = 0; },
    advanceJobs: () => { const moved = advanceJobs(state, config); persist(); return moved; },
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

/** The typed error of an injected status, with its Retry-After. */
/** Keeps the chunks of `req`'s body as the parser hands them over (before any reader takes them), calling `more`
 * after each; returns the body so far. Installed before the handler's first await, so no chunk passes unseen. */
function tapBody(req: IncomingMessage, more: () => void): () => Buffer {
  const chunks: Buffer[] = [];
  const push = req.push;
  req.push = function (this: IncomingMessage, chunk: unknown, encoding?: BufferEncoding) {
    if (chunk !== null && chunk !== undefined) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding));
      queueMicrotask(more);
    }
    return push.call(this, chunk, encoding);
  };
  return () => (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
}

/** Reads what is left of a request's body (nothing when it was read, or the client went away). */
function drain(req: IncomingMessage): Promise<void> {
  if (req.complete || req.readableEnded || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    req.once('end', resolve);
    req.once('close', resolve);
    req.once('error', resolve);
    req.resume();
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function setBody(entry: RequestRecord, bytes: Buffer): void {
  try {
    entry.body = utf8.decode(bytes);
    delete entry.bodyBase64;
  } catch {
    entry.body = bytes.toString('base64');
    entry.bodyBase64 = true;
  }
}

function faultError(f: Fault): HttpError {
  const status = f.status!;
  return new HttpError(status, status === 529 ? 'Too many requests' : status === 456 ? 'Quota exceeded' : STATUS_CODES[status] ?? 'Injected error',
    'Injected by the emulator', f.retryAfter !== undefined ? { 'Retry-After': String(f.retryAfter) } : {});
}

/** An injected status with a raw body (`body`, "" for none). */
function answerFault(f: Fault, res: ServerResponse, traceId: string, record: (status: number) => void): void {
  record(f.status!);
  res.writeHead(f.status!, {
    'X-Trace-ID': traceId, 'Content-Length': Buffer.byteLength(f.body!), ...(f.body ? { 'Content-Type': 'text/plain' } : {}),
    ...(f.retryAfter !== undefined ? { 'Retry-After': String(f.retryAfter) } : {}),
  });
  res.end(f.body);
}

/**
 * Replaces `file` with `text` so that a crash at any moment (kill -9, power loss) leaves the old content or the new,
 * never a mix: write a temporary file beside it, flush it to disk, rename it over the file (atomic), flush the folder.
 */
export function writeAtomically(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  try {
    const dir = openSync(dirname(file), 'r');
    try { fsyncSync(dir); } finally { closeSync(dir); }
  } catch {
    // Some platforms cannot open or flush a folder; the rename is atomic all the same.
  }
}

/** Temporary files that a killed emulator left behind (`FILE.<pid>.tmp`): never the state, so they go. */
function removeStaleTemps(file: string): void {
  const dir = dirname(file);
  const prefix = `${basename(file)}.`;
  let names: string[];
  try { names = readdirSync(dir); } catch { return; }
  for (const name of names) {
    if (name.startsWith(prefix) && /^\d+\.tmp$/.test(name.slice(prefix.length))) rmSync(join(dir, name), { force: true });
  }
}
