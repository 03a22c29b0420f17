/** The key never follows a redirect to another origin: over real HTTP, the emulator answers 3xx to a second server
 * (another port) that records every header it receives. */
import * as assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServiceClient, ServiceError } from '../../../src/api';
import { taggedLogger } from '../../../src/base/logger';
import { startEmulator, type Emulator } from '../../emulator/server';

const KEY = 'redirect-test-key-0123456789-secret';

describe('ServiceClient and redirects', () => {
  let emu: Emulator;
  let other: Server;
  let otherUrl: string;
  let received: IncomingHttpHeaders[];
  const logged: string[] = [];
  const sink = (m: string | Error) => { logged.push(String(m)); };
  const client = () => new ServiceClient({
    key: KEY, baseUrl: emu.url, freeBaseUrl: emu.freeUrl, userAgent: 'terminology-studio/test',
    logger: taggedLogger({ trace: sink, debug: sink, info: sink, warn: sink, error: sink }, 'api'),
    retry: { baseDelayMs: 1, maxAttempts: 2, random: () => 0.5 },
  });

  beforeEach(async () => {
    emu = await startEmulator({ key: KEY });
    received = [];
    other = createServer((req, res) => {
      received.push(req.headers);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"glossaries": []}');
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
    otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await emu.close();
    await new Promise((r) => other.close(r));
  });

  const noKeyThere = () => {
    for (const h of received) {
      assert.equal(h.authorization, undefined, 'the Authorization header went to the other port');
      assert.ok(!JSON.stringify(h).includes(KEY), 'the key went to the other port');
    }
    assert.ok(!logged.join('\n').includes(KEY), 'the key is in a log line');
  };

  for (const status of [301, 302, 303, 307, 308]) {
    it(`a ${status} to another port does not carry the key there, and the call fails with a clear error`, async () => {
      emu.injectFault({ count: 10, path: '^/v3/glossaries$', status, redirect: `${otherUrl}/v3/glossaries` });
      let error: unknown;
      try { await client().listGlossaries(); } catch (err) { error = err; }
      noKeyThere();
      assert.ok(error instanceof ServiceError, `the call should fail, got ${String(error)}`);
      assert.match(error.message, /redirect/i);
      assert.ok(!error.message.includes(KEY));
      assert.deepEqual(received, [], 'nothing is sent to another origin');
    });
  }

  it('a write redirected to another host is not re-sent there with the key or the entries', async () => {
    emu.injectFault({ count: 10, path: '^/v3/glossaries$', status: 307, redirect: `http://localhost:${new URL(otherUrl).port}/v3/glossaries` });
    await assert.rejects(client().createGlossary('G', [{ sourceLang: 'en', targetLang: 'de', entries: 'a\tb\n', entriesFormat: 'tsv' }]), ServiceError);
    noKeyThere();
    assert.deepEqual(received, []);
  });

  it('a redirect within the same origin is followed, with the key', async () => {
    emu.injectFault({ count: 1, path: '^/v3/glossaries$', status: 307, redirect: `${emu.url}/v3/glossaries` });
    assert.deepEqual(await client().listGlossaries(), []);
    const calls = emu.requests.filter((r) => r.path === '/v3/glossaries');
    assert.deepEqual(calls.map((r) => r.status), [307, 200], 'the second request was authenticated');
  });
});
