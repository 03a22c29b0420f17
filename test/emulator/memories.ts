/** Translation memories: list, retrieve, segments (cursor paging, filter), import and export as background jobs,
 * delete. Jobs move awaiting_input → processing → completed | failed, or expire, one step per poll once
 * `config.jobStepMs` has passed in a status (never while `config.jobsPaused`); `advanceJobs()` forces a step.
 * Uploads and downloads go to pre-signed addresses outside /v3 that refuse an Authorization header. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { HttpError, send, str } from './http';
import { newId, type Account, type JobStatus, type Memory, type Segment, type State, type TmJob } from './state';
import { readTmx, TmxError, writeTmx } from './tmx';
import type { EmulatorConfig, Route } from './router';

export const UPLOAD_PREFIX = '/__tm-upload/';
export const DOWNLOAD_PREFIX = '/__tm-download/';
export const TMX_LIMIT = 100 * 1024 * 1024;

const DEFAULTS = { jobStepMs: 1500, uploadTtlMs: 15 * 60_000, downloadTtlMs: 60 * 60_000, exportReuseMs: 10 * 60_000 };
const setting = (config: EmulatorConfig, k: keyof typeof DEFAULTS): number => (config as unknown as Record<string, number | undefined>)[k] ?? DEFAULTS[k];
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

const memories = (acc: Account) => (acc.memories ??= []);
const jobs = (acc: Account) => (acc.tmJobs ??= []);

export function memoryJson(m: Memory, full = false) {
  return {
    translation_memory_id: m.translation_memory_id, name: m.name, source_language: m.source_language,
    target_languages: m.target_languages, segment_count: m.segments.length,
    ...(full ? { creation_time: m.creation_time, updated_time: m.updated_time } : {}),
  };
}

function findMemory(acc: Account, id: string): Memory {
  const m = memories(acc).find((x) => x.translation_memory_id === id);
  if (!m) throw new HttpError(404, 'Not found', `Translation memory ${id} not found`);
  return m;
}

function intParam(q: URLSearchParams, name: string, dflt: number, min: number, max: number): number {
  const raw = q.get(name);
  const v = raw === null ? dflt : Number(raw);
  if (!Number.isInteger(v) || v < min || v > max) throw new HttpError(400, 'Bad request', `${name} must be an integer from ${min} to ${max}`);
  return v;
}

function setStatus(job: TmJob, status: JobStatus, at = Date.now()): void {
  job.status = status;
  job.since = at;
  job.updated_time = iso(at);
}

/** One step of a job: forced (advanceJobs) or because its step time has passed. Returns whether it moved. */
export function stepJob(acc: Account, job: TmJob, config: EmulatorConfig, force: boolean, at = Date.now()): boolean {
  const due = force || (!config.jobsPaused && at - job.since >= setting(config, 'jobStepMs'));
  if (job.status === 'awaiting_input') {
    if (!job.uploaded) {
      if (job.upload_expires_at && at >= Date.parse(job.upload_expires_at)) { setStatus(job, 'expired', at); return true; }
      return false;
    }
    if (due) { setStatus(job, 'processing', at); return true; }
    return false;
  }
  if (job.status === 'processing' && due) {
    if (job.operation === 'import') {
      if (job.upload_error || !job.pending) {
        job.error = job.upload_error ?? 'The upload could not be read';
        setStatus(job, 'failed', at);
      } else {
        const t = iso(at);
        const bySource = new Map<string, Segment>();
        for (const u of job.pending.units) {
          let seg = bySource.get(u.source);
          if (!seg) {
            seg = { source_segment_id: newId(), source_text: u.source, creation_time: t, updated_time: t, targets: [] };
            bySource.set(u.source, seg);
          }
          for (const target of u.targets) {
            const existing = seg.targets.find((x) => x.target_language === target.lang);
            if (existing) existing.target_text = target.text;
            else seg.targets.push({ target_segment_id: newId(), target_language: target.lang, target_text: target.text, creation_time: t, updated_time: t });
          }
        }
        const m: Memory = {
          translation_memory_id: newId(), name: job.parameters.display_name, source_language: job.pending.source_language,
          target_languages: job.pending.target_languages, creation_time: t, updated_time: t, segments: [...bySource.values()],
        };
        memories(acc).push(m);
        job.translation_memory_id = m.translation_memory_id;
        setStatus(job, 'completed', at);
      }
      delete job.pending;
    } else {
      job.download_token = randomBytes(18).toString('base64url');
      job.download_expires_at = iso(at + setting(config, 'downloadTtlMs'));
      setStatus(job, 'completed', at);
    }
    return true;
  }
  if (job.status === 'completed' && job.operation === 'export' && job.download_expires_at && at >= Date.parse(job.download_expires_at)) {
    setStatus(job, 'expired', at);
    return true;
  }
  return false;
}

function jobJson(job: TmJob, port: number) {
  const result: Record<string, unknown> = { status: job.status };
  if (job.status === 'awaiting_input' && !job.uploaded) result.status_metadata = { required_action: 'upload_source_file' };
  if (job.operation === 'export' && job.status === 'completed') {
    result.download_url = `http://127.0.0.1:${port}${DOWNLOAD_PREFIX}${job.download_token}`;
    result.expires_at = job.download_expires_at;
  }
  if (job.status === 'awaiting_input' && !job.uploaded) result.expires_at = job.upload_expires_at;
  if (job.translation_memory_id && job.status === 'completed') result.translation_memory_id = job.translation_memory_id;
  if (job.operation === 'import' && job.status === 'completed') result.skipped_segment_count = job.skipped_segment_count ?? 0;
  if (job.status === 'failed') result.error = { message: job.error };
  return {
    job_id: job.job_id, product: 'translation_memory', operation: job.operation, creation_time: job.creation_time,
    updated_time: job.updated_time, ...(job.source_file ? { source_file: job.source_file } : {}), parameters: job.parameters, results: [result],
  };
}

interface Cursor { o: number; f: string; c: boolean }
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(raw: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (Number.isInteger(c.o) && c.o >= 0 && typeof c.f === 'string' && typeof c.c === 'boolean') return c;
  } catch { /* below */ }
  throw new HttpError(400, 'Bad request', 'page_cursor is not a cursor this endpoint returned');
}

function segmentJson(s: Segment) {
  return {
    source_segment_id: s.source_segment_id, source_text: s.source_text, creation_time: s.creation_time, updated_time: s.updated_time,
    ...(s.last_used_time ? { last_used_time: s.last_used_time } : {}),
    targets: s.targets.map((t) => ({
      target_segment_id: t.target_segment_id, target_language: t.target_language, target_text: t.target_text,
      creation_time: t.creation_time, updated_time: t.updated_time, ...(t.last_used_time ? { last_used_time: t.last_used_time } : {}),
    })),
  };
}

export const memoryRoutes: Route[] = [
  ['GET', /^\/v3\/translation_memories$/, ({ acc, query }) => {
    const page = intParam(query, 'page', 0, 0, Number.MAX_SAFE_INTEGER);
    const size = intParam(query, 'page_size', 10, 1, 25);
    const all = memories(acc);
    return { status: 200, body: { translation_memories: all.slice(page * size, page * size + size).map((m) => memoryJson(m)), total_count: all.length } };
  }],
  ['GET', /^\/v3\/translation_memories\/jobs\/([^/]+)$/, ({ acc, params, emulator }) => {
    const job = jobs(acc).find((j) => j.job_id === params[0]);
    if (!job) throw new HttpError(404, 'Not found', `Job ${params[0]} not found`);
    const moved = stepJob(acc, job, emulator.config, false);
    return { status: 200, body: jobJson(job, emulator.port), mutated: moved };
  }],
  ['POST', /^\/v3\/translation_memories\/import$/, ({ acc, body, emulator }) => {
    const file = body.source_file as Record<string, unknown> | undefined;
    const parameters = body.parameters as Record<string, unknown> | undefined;
    if (!file || typeof file !== 'object') throw new HttpError(400, 'Bad request', 'Missing parameter "source_file"');
    if (!parameters || typeof parameters !== 'object') throw new HttpError(400, 'Bad request', 'Missing parameter "parameters"');
    const fileName = str(file, 'file_name')!;
    const contentType = str(file, 'content_type', false) ?? 'application/xml';
    const length = file.content_length;
    if (!Number.isInteger(length) || (length as number) <= 0) throw new HttpError(400, 'Bad request', 'source_file.content_length must be a positive integer');
    if ((length as number) > TMX_LIMIT) throw new HttpError(413, 'Request entity too large', `A TMX file may hold at most ${TMX_LIMIT} bytes`);
    if (!/\.tmx$/i.test(fileName)) throw new HttpError(400, 'Bad request', 'Only TMX files (.tmx) can be imported');
    const name = str(parameters, 'display_name')!;
    if (!name.trim()) throw new HttpError(400, 'Bad request', 'parameters.display_name must not be empty');
    if (Buffer.byteLength(name) > 1024) throw new HttpError(400, 'Bad request', 'parameters.display_name is longer than 1024 UTF-8 bytes');
    const at = Date.now();
    const job: TmJob = {
      job_id: newId(), operation: 'import', creation_time: iso(at), updated_time: iso(at), status: 'awaiting_input', since: at,
      source_file: { file_name: fileName, content_type: contentType, content_length: length as number },
      parameters: { display_name: name }, upload_token: randomBytes(18).toString('base64url'),
    };
    return { status: 201, body: importAnswer(acc, job, emulator.config, emulator.port), mutated: true };
  }],
  ['GET', /^\/v3\/translation_memories\/([^/]+)$/, ({ acc, params }) => ({ status: 200, body: memoryJson(findMemory(acc, params[0]), true) })],
  ['GET', /^\/v3\/translation_memories\/([^/]+)\/segments$/, ({ acc, params, query }) => {
    const m = findMemory(acc, params[0]);
    const size = intParam(query, 'page_size', 50, 1, 100);
    const filter = query.get('filter_text') ?? '';
    if (filter && [...filter].length < 2) throw new HttpError(400, 'Bad request', 'filter_text must hold at least 2 characters');
    const raw = query.get('filter_case_sensitive');
    if (raw !== null && raw !== 'true' && raw !== 'false') throw new HttpError(400, 'Bad request', 'filter_case_sensitive must be true or false');
    const cs = raw === 'true';
    const cursorText = query.get('page_cursor');
    const cursor = cursorText ? decodeCursor(cursorText) : { o: 0, f: filter, c: cs };
    if (cursor.f !== filter || cursor.c !== cs) throw new HttpError(400, 'Bad request', 'page_cursor belongs to another filter');
    const needle = cs ? filter : filter.toLowerCase();
    const has = (text: string) => (cs ? text : text.toLowerCase()).includes(needle);
    const matching = filter ? m.segments.filter((s) => has(s.source_text) || s.targets.some((t) => has(t.target_text))) : m.segments;
    const page = matching.slice(cursor.o, cursor.o + size);
    const next = cursor.o + size < matching.length ? encodeCursor({ o: cursor.o + size, f: filter, c: cs }) : undefined;
    return { status: 200, body: { segments: page.map(segmentJson), segment_count: m.segments.length, ...(next ? { next_page_cursor: next } : {}) } };
  }],
  ['POST', /^\/v3\/translation_memories\/([^/]+)\/export$/, ({ acc, params, emulator }) => {
    const m = findMemory(acc, params[0]);
    const at = Date.now();
    const mine = jobs(acc).filter((j) => j.operation === 'export' && j.parameters.translation_memory_id === m.translation_memory_id);
    for (const j of mine) stepJob(acc, j, emulator.config, false, at);
    if (mine.some((j) => j.status === 'processing')) {
      throw new HttpError(409, 'Conflict', `An export of translation memory ${m.translation_memory_id} is already running; poll its job or try again when it has completed`);
    }
    const recent = mine.find((j) => j.status === 'completed' && Date.parse(j.creation_time) >= Date.parse(m.updated_time) && at - Date.parse(j.creation_time) < setting(emulator.config, 'exportReuseMs'));
    if (recent) return { status: 200, body: { job_id: recent.job_id, parameters: recent.parameters } };
    const job: TmJob = {
      job_id: newId(), operation: 'export', creation_time: iso(at), updated_time: iso(at), status: 'processing', since: at,
      parameters: { translation_memory_id: m.translation_memory_id },
    };
    jobs(acc).push(job);
    return { status: 202, body: { job_id: job.job_id, parameters: job.parameters }, mutated: true };
  }],
  ['DELETE', /^\/v3\/translation_memories\/([^/]+)$/, ({ acc, params }) => {
    const m = findMemory(acc, params[0]);
    memories(acc).splice(memories(acc).indexOf(m), 1);
    return { status: 204, mutated: true };
  }],
];

/** Registers the import job and answers with its pre-signed upload address. */
function importAnswer(acc: Account, job: TmJob, config: EmulatorConfig, port: number) {
  job.upload_expires_at = iso(Date.now() + setting(config, 'uploadTtlMs'));
  jobs(acc).push(job);
  return { job_id: job.job_id, upload_url: `http://127.0.0.1:${port}${UPLOAD_PREFIX}${job.upload_token}`, expires_at: job.upload_expires_at };
}

/** Forces one step of every job of every account that can move; returns how many moved. */
export function advanceJobs(state: State, config: EmulatorConfig): number {
  let moved = 0;
  for (const acc of Object.values(state.accounts)) for (const j of acc.tmJobs ?? []) if (stepJob(acc, j, config, true)) moved++;
  return moved;
}

function findByToken(state: State, kind: 'upload_token' | 'download_token', token: string): [Account, TmJob] | undefined {
  for (const acc of Object.values(state.accounts)) {
    const job = (acc.tmJobs ?? []).find((j) => j[kind] === token);
    if (job) return [acc, job];
  }
  return undefined;
}

/**
 * The pre-signed upload and download addresses. They carry their own authorization (the token in the path), and
 * like a storage service they refuse a request that also carries an Authorization header. Returns false when the
 * path is not one of them.
 */
export async function transfer(state: State, config: EmulatorConfig, req: IncomingMessage, res: ServerResponse, path: string, traceId: string, persist: () => void): Promise<number | false> {
  const headers = { 'X-Trace-ID': traceId };
  const refuse = (status: number, message: string, detail: string) => { send(res, status, { message, detail }, headers); return status; };
  const isUpload = path.startsWith(UPLOAD_PREFIX);
  if (!isUpload && !path.startsWith(DOWNLOAD_PREFIX)) return false;
  const token = decodeURIComponent(path.slice((isUpload ? UPLOAD_PREFIX : DOWNLOAD_PREFIX).length));
  if (req.headers.authorization !== undefined) {
    req.resume();
    return refuse(400, 'Invalid argument', 'Only one authorization mechanism is allowed: this address is pre-signed, so the request must not carry an Authorization header');
  }
  const found = findByToken(state, isUpload ? 'upload_token' : 'download_token', token);
  if (!found) { req.resume(); return refuse(403, 'Access denied', 'The address is not valid'); }
  const [acc, job] = found;
  if (!isUpload) {
    if (req.method !== 'GET') return refuse(405, 'Method not allowed', 'Use GET');
    stepJob(acc, job, config, false);
    if (job.status !== 'completed') return refuse(403, 'Access denied', 'The download address has expired');
    const m = (acc.memories ?? []).find((x) => x.translation_memory_id === job.parameters.translation_memory_id);
    if (!m) return refuse(404, 'Not found', 'The translation memory was deleted');
    const body = Buffer.from(writeTmx(m.source_language, m.segments), 'utf8');
    res.writeHead(200, { ...headers, 'Content-Type': 'application/xml', 'Content-Length': body.length, 'Content-Disposition': `attachment; filename="${m.name.replace(/[^\w.-]+/g, '_')}.tmx"` });
    res.end(body);
    return 200;
  }
  if (req.method !== 'PUT') { req.resume(); return refuse(405, 'Method not allowed', 'Use PUT'); }
  stepJob(acc, job, config, false);
  if (job.status === 'expired') { req.resume(); return refuse(403, 'Access denied', 'Request has expired'); }
  if (job.uploaded) { req.resume(); return refuse(409, 'Conflict', 'The file was already uploaded for this job'); }
  const chunks: Buffer[] = [];
  let size = 0;
  const declared = job.source_file!.content_length;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > declared) {
      req.resume();
      return refuse(400, 'Bad request', `The upload is longer than the content_length declared when the job was created (${declared} bytes)`);
    }
    chunks.push(chunk as Buffer);
  }
  if (size !== declared) return refuse(400, 'Bad request', `The upload holds ${size} bytes, but ${declared} were declared when the job was created`);
  job.uploaded = true;
  job.since = Date.now();
  job.updated_time = iso(job.since);
  try {
    const tmx = readTmx(Buffer.concat(chunks));
    job.pending = { source_language: tmx.sourceLang, target_languages: tmx.targetLangs, units: tmx.units };
    job.skipped_segment_count = tmx.skipped;
  } catch (err) {
    if (!(err instanceof TmxError)) throw err;
    job.upload_error = `The TMX file could not be imported: ${err.message}`;
  }
  persist();
  res.writeHead(200, { ...headers, 'Content-Length': 0 });
  res.end();
  return 200;
}

/** Translation with a memory: the memory must exist and cover the pair (404 otherwise, as the service says). */
export function memoryFor(acc: Account, id: string, source: string | undefined, target: string): Memory {
  const m = (acc.memories ?? []).find((x) => x.translation_memory_id === id);
  const root = target.split('-')[0].toLowerCase();
  if (!m || (source && m.source_language !== source.toLowerCase()) || !m.target_languages.some((t) => t.split('-')[0] === root)) {
    throw new HttpError(404, 'Not found', `Translation memory ${id} does not exist or does not cover the language pair`);
  }
  return m;
}

/** Similarity in percent of two texts (100 = equal ignoring case and surrounding space), by edit distance. */
export function similarity(a: string, b: string): number {
  const x = a.trim().toLowerCase();
  const y = b.trim().toLowerCase();
  if (x === y) return 100;
  const n = x.length;
  const mm = y.length;
  if (!n || !mm) return 0;
  let prev = Array.from({ length: mm + 1 }, (_, j) => j);
  for (let i = 1; i <= n; i++) {
    const cur = [i];
    for (let j = 1; j <= mm; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = cur;
  }
  return Math.floor(100 * (1 - prev[mm] / Math.max(n, mm)));
}

/** The best segment of the memory for `text` at or above `threshold`, with its target in `target`. */
export function bestMatch(m: Memory, text: string, target: string, threshold: number): { score: number; text: string } | undefined {
  const root = target.split('-')[0].toLowerCase();
  let best: { score: number; text: string } | undefined;
  for (const s of m.segments) {
    const t = s.targets.find((x) => x.target_language === target.toLowerCase()) ?? s.targets.find((x) => x.target_language.split('-')[0] === root);
    if (!t) continue;
    const score = similarity(text, s.source_text);
    if (score >= threshold && (!best || score > best.score)) best = { score, text: t.target_text };
  }
  return best;
}
