import { startEmulator, type Emulator, type EmulatorOptions } from '../../emulator/server';

export interface Call { status: number; body: any; text: string; headers: Headers } // eslint-disable-line @typescript-eslint/no-explicit-any

/** Raw HTTP against the emulator (the emulator's own conformance tests do not go through the client). */
export function caller(emu: Emulator, key = emu.keys.paid, base = emu.url) {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Call> => {
    const res = await fetch(base + path, {
      method,
      headers: {
        Authorization: `Service-Auth-Key ${key}`,
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown;
    try { parsed = text ? JSON.parse(text) : undefined; } catch { parsed = undefined; }
    return { status: res.status, body: parsed, text, headers: res.headers };
  };
}

export function withEmulator(options: EmulatorOptions = {}) {
  const ctx = {} as { emu: Emulator; call: ReturnType<typeof caller> };
  beforeEach(async () => {
    ctx.emu = await startEmulator(options);
    ctx.call = caller(ctx.emu);
  });
  afterEach(async () => ctx.emu.close());
  return ctx;
}

export const dict = (entries: string, source = 'en', target = 'de', format = 'tsv') =>
  ({ source_lang: source, target_lang: target, entries, entries_format: format });
