/** The key scans' matcher: the forms an API key can take in a log, a file, a browser's storage or a message, and a
 * scanner that reads sources one by one and keeps only what it found (not the text, so that it can read everything
 * the suite shows, posts and sends without holding it). Used by the integration suite's key scan
 * (test/integration/zz-keyscan.test.ts) and the UI suite's (test/ui/keyscan.mjs). */

export interface KeyForm {
  /** The name of the key ("paid", "free"). */
  key: string;
  /** How it is written: "plain", "URI-encoded", "base64", "base64url", "UTF-16LE", "base64 of UTF-16LE", "hex". */
  form: string;
  text: string;
}

/** The part of base64(`bytes` after `offset` bytes of anything) that depends on `bytes` only: found inside any
 * base64 text that holds `bytes` at a position ≡ offset (mod 3). */
function base64Core(bytes: Buffer, offset: number): string {
  const b64 = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
  return b64.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
}

/** Every form of every key; each a string to look for in text, or in bytes read as latin1 (one char per byte). */
export function keyForms(keys: Readonly<Record<string, string>>): KeyForm[] {
  const forms: KeyForm[] = [];
  for (const [key, value] of Object.entries(keys)) {
    if (value.length < 8) throw new Error(`the ${key} key is too short to be looked for without false finds`);
    const utf8 = Buffer.from(value, 'utf8');
    const utf16 = Buffer.from(value, 'utf16le');
    const add = (form: string, text: string) => {
      if (!forms.some((f) => f.key === key && f.text === text)) forms.push({ key, form, text });
    };
    add('plain', value);
    add('URI-encoded', encodeURIComponent(value));
    add('UTF-16LE', utf16.toString('latin1'));
    add('hex', utf8.toString('hex'));
    for (let offset = 0; offset < 3; offset++) {
      const core = base64Core(utf8, offset);
      add('base64', core);
      add('base64url', core.replace(/\+/g, '-').replace(/\//g, '_'));
      add('base64 of UTF-16LE', base64Core(utf16, offset));
    }
  }
  return forms;
}

export interface KeyFind {
  source: string;
  key: string;
  form: string;
  /** Up to 40 characters either side of the find, with the key masked. */
  context: string;
}

/** Reads sources and keeps, per source, how many bytes it read and where it found a key. */
export class KeyScanner {
  readonly forms: KeyForm[];
  readonly found: KeyFind[] = [];
  /** Bytes (or UTF-16 code units of strings) read per source. */
  readonly read = new Map<string, number>();

  constructor(keys: Readonly<Record<string, string>>) {
    this.forms = keyForms(keys);
  }

  /** Scans `text` (a string, or bytes) as part of `source`. */
  see(source: string, text: string | Uint8Array): void {
    const s = typeof text === 'string' ? text : Buffer.from(text.buffer, text.byteOffset, text.byteLength).toString('latin1');
    this.read.set(source, (this.read.get(source) ?? 0) + s.length);
    for (const f of this.forms) {
      const at = s.indexOf(f.text);
      if (at < 0) continue;
      if (this.found.some((x) => x.source === source && x.key === f.key && x.form === f.form)) continue;
      const context = (s.slice(Math.max(0, at - 40), at) + '‹key›' + s.slice(at + f.text.length, at + f.text.length + 40)).replace(/[^\x20-\x7e‹›]/g, '.');
      this.found.push({ source, key: f.key, form: f.form, context });
    }
  }

  /** The sources read, with their size, in the order first read. */
  summary(): string {
    return [...this.read].map(([name, n]) => `${name}: ${n}`).join('; ');
  }

  /** What was found, one line each; '' when nothing. */
  report(): string {
    return this.found.map((f) => `the ${f.key} key (${f.form}) in ${f.source}: …${f.context}…`).join('\n');
  }
}
