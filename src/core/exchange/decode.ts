/** Bytes to text, chunk by chunk: the encoding comes from the byte order mark, then the XML declaration (or, for
 * spreadsheets, zero bytes that give UTF-16 away), else UTF-8. Pure: no vscode. */
import { ImportError } from './model';

export type Encoding = string;

/** The encoding the first bytes name: a BOM, `<?xml … encoding="…"?>`, or UTF-16 without a BOM. */
export function sniffEncoding(head: Uint8Array): { encoding: Encoding; bom: boolean } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bom: true };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bom: true };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bom: true };
  if (head.length >= 4 && head[0] === 0x3c && head[1] === 0 && head[2] !== 0 && head[3] === 0) return { encoding: 'utf-16le', bom: false };
  if (head.length >= 4 && head[0] === 0 && head[1] === 0x3c && head[2] === 0 && head[3] !== 0) return { encoding: 'utf-16be', bom: false };
  const ascii = latin1(head.subarray(0, 1024));
  const declared = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(ascii);
  if (declared) return { encoding: declared[1].toLowerCase(), bom: false };
  // Text without a BOM whose every other byte is zero is UTF-16 (Excel's "Unicode text" always has a BOM, others not).
  let evenZeros = 0;
  let oddZeros = 0;
  const n = Math.min(head.length, 512) & ~1;
  for (let i = 0; i < n; i += 2) {
    if (head[i] === 0) evenZeros++;
    if (head[i + 1] === 0) oddZeros++;
  }
  // Mostly: a character whose other byte is zero (U+0100, 一 U+4E00, an emoji's low surrogate U+DE00) may occur.
  if (n >= 4 && oddZeros > n / 4 && evenZeros * 8 < oddZeros) return { encoding: 'utf-16le', bom: false };
  if (n >= 4 && evenZeros > n / 4 && oddZeros * 8 < evenZeros) return { encoding: 'utf-16be', bom: false };
  return { encoding: 'utf-8', bom: false };
}

function latin1(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
  return s;
}

/** Decodes a stream of byte chunks. The first `push` waits for 1 KiB (or the end) to sniff the encoding. */
export class StreamDecoder {
  private head: Uint8Array[] = [];
  private headBytes = 0;
  private decoder: TextDecoder | undefined;
  private offset = 0;
  encoding: Encoding | undefined;
  bom = false;

  constructor(private readonly forced?: Encoding) {}

  push(chunk: Uint8Array): string {
    if (!this.decoder) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes < 1024) return '';
      return this.start(false);
    }
    return this.decode(chunk, true);
  }

  end(): string {
    if (!this.decoder) return this.start(true);
    return this.decode(new Uint8Array(0), false);
  }

  private start(final: boolean): string {
    const all = concat(this.head, this.headBytes);
    this.head = [];
    const sniffed = sniffEncoding(all);
    this.encoding = this.forced ?? sniffed.encoding;
    this.bom = sniffed.bom;
    try {
      this.decoder = new TextDecoder(this.encoding, { fatal: true });
    } catch {
      throw new ImportError(`The file's encoding "${this.encoding}" is not one this reader knows. Save the file as UTF-8 and import it again.`);
    }
    return this.decode(all, !final);
  }

  private decode(bytes: Uint8Array, stream: boolean): string {
    try {
      const text = this.decoder!.decode(bytes, { stream });
      this.offset += bytes.length;
      return text;
    } catch {
      throw new ImportError(`The file is not valid ${this.encoding!.toUpperCase()} (a byte that does not decode, after byte ${this.offset}). ` +
        'Save it in the encoding its declaration names, or as UTF-8.');
    }
  }
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

/** Decodes a whole file at once (spreadsheets). */
export function decodeBytes(bytes: Uint8Array, forced?: Encoding): { text: string; encoding: Encoding; bom: boolean } {
  const d = new StreamDecoder(forced);
  const text = d.push(bytes) + d.end();
  return { text, encoding: d.encoding!, bom: d.bom };
}
