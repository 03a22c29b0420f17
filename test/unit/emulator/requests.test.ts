/** The emulator's request log keeps every header and the whole body of each request, for the key scans: also the
 * body of a request refused before it was read, and bodies that are not UTF-8 (as base64). */
import * as assert from 'node:assert/strict';
import { request } from 'node:http';
import { caller, dict, withEmulator } from './harness';

describe('emulator: the request log', () => {
  const ctx = withEmulator();

  it('keeps the headers (Authorization too) and the body of an answered request', async () => {
    const r = await ctx.call('POST', '/v3/glossaries', { name: 'Logged', dictionaries: [dict('a\tb')] }, { 'X-Extra': 'seen' });
    assert.equal(r.status, 201);
    const rec = ctx.emu.requests.at(-1)!;
    assert.equal(rec.headers.authorization, `Service-Auth-Key ${ctx.emu.keys.paid}`);
    assert.equal(rec.headers['x-extra'], 'seen');
    assert.equal(JSON.parse(rec.body).name, 'Logged');
    assert.equal(rec.bodyBase64, undefined);
  });

  it('keeps the body of a request refused before its body was read (a wrong key), and with a latency fault', async () => {
    const body = { name: 'x'.repeat(200_000) };
    assert.equal((await caller(ctx.emu, 'wrong-key')('POST', '/v3/glossaries', body)).status, 401);
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(ctx.emu.requests.at(-1)!.body, JSON.stringify(body));
    await ctx.call('POST', '/v3/glossaries', { name: 'Slow' }, { 'X-Emulator-Fault': 'latency=10' });
    assert.equal(JSON.parse(ctx.emu.requests.at(-1)!.body).name, 'Slow');
  });

  it('keeps a body that is not UTF-8 as base64, and an empty body as ""', async () => {
    const bytes = Buffer.from([0xff, 0xfe, 0x41, 0x00, 0xc3]);
    await new Promise<void>((resolve, reject) => {
      const req = request(`${ctx.emu.url}/v3/glossaries`, { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' } }, (res) => { res.resume(); res.on('end', resolve); });
      req.on('error', reject);
      req.end(bytes);
    });
    const rec = ctx.emu.requests.at(-1)!;
    assert.equal(rec.bodyBase64, true);
    assert.deepEqual(Buffer.from(rec.body, 'base64'), bytes);
    await ctx.call('GET', '/v2/usage');
    assert.equal(ctx.emu.requests.at(-1)!.body, '');
  });
});
