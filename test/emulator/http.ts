/** Request/response helpers of the emulator. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly detail?: string, readonly headers: Record<string, string> = {}) {
    super(message);
  }
}

export const BODY_LIMIT = 64 * 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) throw new HttpError(413, 'Request entity too large', `The body exceeds ${BODY_LIMIT} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function parseJson(body: string, req: IncomingMessage): Record<string, unknown> {
  if (!body) return {};
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new HttpError(415, 'Unsupported media type', 'Requests with a body must use Content-Type: application/json');
  }
  try {
    const v = JSON.parse(body);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('not an object');
    return v as Record<string, unknown>;
  } catch {
    throw new HttpError(400, 'Bad request', 'The body is not a JSON object');
  }
}

export function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { ...(text ? { 'Content-Type': 'application/json; charset=utf-8' } : {}), 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function str(body: Record<string, unknown>, key: string, required = true): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) {
    if (required) throw new HttpError(400, 'Bad request', `Missing parameter "${key}"`);
    return undefined;
  }
  if (typeof v !== 'string') throw new HttpError(400, 'Bad request', `Parameter "${key}" must be a string`);
  return v;
}
