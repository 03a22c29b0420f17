// The one shared client: every call made while the key is still being read waits for it. At activation after a window
// reload, a restored multilingual glossary asks for its reverse dictionaries (for reverse-mismatch) at once, along
// with the views; a call made while the first was still reading the key used to get "No API key is set", and the
// restored document kept no checks across dictionaries until it was opened again.
import * as assert from 'node:assert/strict';
import { ClientProvider } from '../../src/platform/clientProvider';
import type { KeyStore } from '../../src/platform/keyStore';
import { silentLogger } from '../../src/base/logger';
import { Offload } from '../../src/worker/offload';
import { PAID_KEY } from './service';

/** A key store whose reads wait until `release()`; `reads` counts them; `change()` fires onDidChange. */
function slowKeys(key: string | undefined) {
  const listeners: Array<() => void> = [];
  let release!: () => void;
  let gate = new Promise<void>((r) => { release = r; });
  let current = key;
  const store = {
    reads: 0,
    async get() { store.reads++; await gate; return current; },
    onDidChange(l: () => void) { listeners.push(l); return { dispose() { /* kept */ } }; },
  };
  return {
    store, keys: store as unknown as KeyStore,
    release: () => release(),
    change(next: string | undefined) { current = next; gate = new Promise<void>((r) => { release = r; }); listeners.forEach((l) => l()); },
  };
}

describe('client provider', () => {
  const offload = new Offload();
  after(() => offload.dispose());

  it('calls made while the key is still being read all get the client, from one read', async () => {
    const k = slowKeys(PAID_KEY);
    const provider = new ClientProvider(k.keys, silentLogger, 'test', offload);
    try {
      const calls = [provider.get(), provider.get(), provider.get()];
      k.release();
      const clients = await Promise.all(calls);
      assert.ok(clients[0], 'the first call gets a client');
      assert.ok(clients.every((c) => c === clients[0]), 'every call made meanwhile gets the same client, none "no key"');
      assert.equal(k.store.reads, 1, 'the key is read once');
      assert.equal(await provider.get(), clients[0], 'a later call gets it at once');
    } finally {
      provider.dispose();
    }
  });

  it('a changed key builds a new client; no key gives undefined', async () => {
    const k = slowKeys(PAID_KEY);
    const provider = new ClientProvider(k.keys, silentLogger, 'test', offload);
    try {
      k.release();
      const first = await provider.get();
      assert.ok(first);
      k.change(undefined);
      const pending = [provider.get(), provider.get()];
      k.release();
      assert.deepEqual(await Promise.all(pending), [undefined, undefined], 'without a key: undefined for every call');
      k.change(PAID_KEY);
      k.release();
      const again = await provider.get();
      assert.ok(again && again !== first, 'the key back: a new client');
    } finally {
      provider.dispose();
    }
  });
});
