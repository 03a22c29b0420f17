/** The key scans' matcher finds a key however it was written down, and nothing else. */
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { KeyScanner } from '../../keyscan/forms';

const KEYS = { paid: 'unit-paid-key', free: 'unit-free-key:fx' };

describe('key scan matcher', () => {
  it('finds each key plain, URI-encoded, as hex, as UTF-16LE bytes and inside base64 at every alignment', () => {
    for (const [name, key] of Object.entries(KEYS)) {
      for (let pad = 0; pad < 6; pad++) {
        const around = (s: string) => `${'x'.repeat(pad)}${s}${'y'.repeat(pad)}`;
        const cases: Array<[string, string | Uint8Array]> = [
          ['plain', `log line ${key} end`],
          ['URI-encoded', `https://h/?k=${encodeURIComponent(around(key))}`],
          ['hex', Buffer.from(around(key)).toString('hex')],
          ['UTF-16LE', Buffer.from(around(key), 'utf16le')],
          ['base64', `"v":"${Buffer.from(around(key)).toString('base64')}"`],
          ['base64url', Buffer.from(around(key)).toString('base64url')],
          ['base64 of UTF-16LE', Buffer.from(around(key), 'utf16le').toString('base64')],
        ];
        for (const [form, text] of cases) {
          const scan = new KeyScanner(KEYS);
          scan.see('s', text);
          assert.ok(scan.found.some((f) => f.key === name && f.source === 's'), `${name} ${form} with ${pad} bytes around: ${scan.report()}`);
          assert.ok(!scan.report().includes(key), 'the report masks the key');
        }
      }
    }
  });

  it('finds nothing in random bytes, base64 and text without the key, and counts what it read', () => {
    const scan = new KeyScanner(KEYS);
    for (let i = 0; i < 50; i++) {
      const bytes = randomBytes(4096);
      scan.see('bytes', bytes);
      scan.see('base64', bytes.toString('base64'));
      scan.see('text', `unit-paid-ke unit-free-key:f unit-paid-kez ${bytes.toString('hex')}`);
    }
    assert.deepEqual(scan.found, []);
    assert.equal(scan.read.get('bytes'), 50 * 4096);
    assert.ok(scan.summary().startsWith('bytes: 204800; base64: '));
  });

  it('refuses keys too short to look for', () => {
    assert.throws(() => new KeyScanner({ paid: 'short' }), /too short/);
  });
});
