/** Bytes to text, chunk by chunk: the encoding comes from the byte order mark, then the XML declaration (or, for
 * spreadsheets, zero bytes that give UTF-16 away), else UTF-8. Pure: no vscode. */
import { ImportError } from './model';
import { scanUtf8 } from '../textFile';

export type Encoding = string;

/** The encoding the first bytes name: a BOM, `<?xml … encoding="…"?>`, or UTF-16 without a BOM. */
export function sniffEncoding(head: Uint8Array): { encoding: Encoding; bom: boolean; declared?: string } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bom: true };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bom: true };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bom: true };
  if (head.length >= 4 && head[0] === 0x3c && head[1] === 0 && head[2] !== 0 && head[3] === 0) return { encoding: 'utf-16le', bom: false };
  if (head.length >= 4 && head[0] === 0 && head[1] === 0x3c && head[2] === 0 && head[3] !== 0) return { encoding: 'utf-16be', bom: false };
  const ascii = latin1(head.subarray(0, 1024));
  const declared = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(ascii);
  // A declaration read in one byte per character cannot be UTF-16 (or UTF-32) without a BOM: it lies, and the bytes
  // are read as UTF-8 (which then tells a byte that does not decode).
  if (declared && !/^utf-?(16|32)/i.test(declared[1])) return { encoding: declared[1].toLowerCase(), bom: false };
  if (declared) return { encoding: 'utf-8', bom: false, declared: declared[1] };
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

/** What the bytes say of UTF-8, by a validating scan (the WHATWG decoder's rules: no overlong form, no surrogate,
 * nothing past U+10FFFF) that stops at the first sequence UTF-8 cannot have: `utf8` when they hold a multi-byte
 * sequence and none that is invalid, `other` when one is invalid, `ascii` when every byte is ASCII, `incomplete` when
 * the only byte past ASCII starts a sequence the bytes end in the middle of (`at`: where it starts). A sequence cut by
 * the end of the bytes is left for the next chunk to finish. */
export function utf8Verdict(bytes: Uint8Array, from = 0): { verdict: 'utf8' | 'other' | 'ascii' | 'incomplete'; at: number } {
  const { stop, at, multibyte } = scanUtf8(bytes, from);
  if (stop === 'invalid') return { verdict: 'other', at };
  if (stop === 'cut') return { verdict: multibyte ? 'utf8' : 'incomplete', at };
  return { verdict: multibyte ? 'utf8' : 'ascii', at };
}
/** Signatures of binary files a user may take for a term base or a spreadsheet. */
const SIGNATURES: Array<[number[], string]> = [
  [[0x50, 0x4b, 0x03, 0x04], 'a ZIP archive (an .xlsx, .ods, .docx or .sdltb export?)'],
  [[0xd0, 0xcf, 0x11, 0xe0], 'an OLE document (an old Excel .xls or a MultiTerm .mdb?)'],
  [[0x25, 0x50, 0x44, 0x46], 'a PDF document'],
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0x1f, 0x8b], 'a gzip archive'],
  [[0x53, 0x51, 0x4c, 0x69, 0x74, 0x65], 'an SQLite database'],
];

const hex = (b: number) => `0x${b.toString(16).toUpperCase().padStart(2, '0')}`;

/** Refuses a file whose first bytes are those of a binary format, or whose first KiB holds a NUL or several other
 * control bytes no text file has (in an 8-bit encoding; UTF-16 has zero bytes by nature), with the offset of the
 * first such byte. */
function refuseBinary(head: Uint8Array, encoding: Encoding): void {
  for (const [sig, what] of SIGNATURES) {
    if (sig.every((b, i) => head[i] === b)) throw new ImportError(`This is ${what}, not a text file: it cannot be imported. Export the term base as TBX, CSV or TSV and import that.`);
  }
  if (/^utf-?16/.test(encoding)) return;
  // A NUL, or control bytes that are more than a stray one in a phrase (which the entry rules report at its line).
  const n = Math.min(head.length, 1024);
  let first = -1;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const b = head[i];
    if (b < 0x20 && (b < 0x09 || b > 0x0d)) {
      if (first === -1) first = i;
      if (b === 0 || ++count >= 8) {
        throw new ImportError(`This is a binary file, not text: the byte at offset ${b === 0 ? i : first} is ${hex(head[b === 0 ? i : first])}, ` +
          `a control character no term base or spreadsheet holds${b === 0 ? '' : ` (${count} of them in its first ${i + 1} bytes)`}. Export the term base as TBX, CSV or TSV and import that.`);
      }
    }
  }
}

/** The offset in `bytes` of the first byte that `encoding` cannot decode (or of the start of the sequence it breaks),
 * found by decoding ever longer beginnings with a fresh decoder; -1 when all of it decodes. */
export function firstBadByte(bytes: Uint8Array, encoding: Encoding): number {
  const fails = (n: number) => {
    try { new TextDecoder(encoding, { fatal: true }).decode(bytes.subarray(0, n), { stream: true }); return false; } catch { return true; }
  };
  if (!fails(bytes.length)) return -1;
  let lo = 1;
  let hi = bytes.length; // fails(hi); the smallest failing length is in [lo, hi]
  while (lo < hi) { const mid = (lo + hi) >> 1; if (fails(mid)) hi = mid; else lo = mid + 1; }
  let at = lo - 1;
  if (/^utf-?8$/.test(encoding)) {
    // A sequence cut by a byte that cannot continue it: its lead byte is the bad one.
    const b = bytes[at];
    if ((b & 0xc0) !== 0x80 || at === 0) {
      for (let k = at - 1; k >= Math.max(0, at - 3); k--) {
        if ((bytes[k] & 0xc0) === 0xc0) { at = k; break; }
        if ((bytes[k] & 0xc0) !== 0x80) break;
      }
    }
  } else if (/^utf-?16/.test(encoding)) {
    at -= at % 2;
  } else {
    // A multi-byte encoding (Shift_JIS, EUC, GBK, Big5): a byte that cannot continue the sequence before it (often an
    // ASCII one, such as the "<" after a Latin-1 "é" read as a Shift_JIS lead byte) points at that sequence's lead.
    const whole = (n: number) => {
      try { new TextDecoder(encoding, { fatal: true }).decode(bytes.subarray(0, n)); return true; } catch { return false; }
    };
    let k = at;
    while (k > 0 && at - k < 3 && !whole(k)) k--;
    at = k;
  }
  return at;
}

/** The bytes at the end of `bytes` that may be the beginning of a character the next chunk finishes. */
function pendingTail(bytes: Uint8Array, encoding: Encoding, offset: number): Uint8Array {
  if (/^utf-?8$/.test(encoding)) {
    for (let k = bytes.length - 1; k >= Math.max(0, bytes.length - 3); k--) {
      const b = bytes[k];
      if ((b & 0xc0) === 0x80) continue;
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
      return bytes.length - k < need ? bytes.subarray(k) : new Uint8Array(0);
    }
    return new Uint8Array(0);
  }
  if (/^utf-?16/.test(encoding)) {
    const odd = (offset + bytes.length) % 2;
    const end = bytes.length - odd;
    const le = !/be$/.test(encoding);
    const unit = end >= 2 ? (le ? bytes[end - 2] | (bytes[end - 1] << 8) : (bytes[end - 2] << 8) | bytes[end - 1]) : 0;
    return bytes.subarray(unit >= 0xd800 && unit <= 0xdbff ? end - 2 : end);
  }
  return new Uint8Array(0);
}

/** Decodes a stream of byte chunks. The first `push` waits for 1 KiB (or the end) to sniff the encoding. */
export class StreamDecoder {
  private head: Uint8Array[] = [];
  private headBytes = 0;
  private decoder: TextDecoder | undefined;
  private started = false;
  /** A legacy encoding is declared and every byte so far was ASCII: UTF-8 is not ruled out yet. */
  private undecided = false;
  /** The start of a multi-byte sequence that ended an undecided chunk, decoded with the next one. */
  private held: Uint8Array = new Uint8Array(0);
  private offset = 0;
  /** The end of the last chunk decoded, when it may hold a character the chunk being decoded finishes. */
  private tail: Uint8Array = new Uint8Array(0);
  encoding: Encoding | undefined;
  bom = false;
  /** The encoding the declaration names, when the bytes are read in another because they cannot be in that one. */
  declared: string | undefined;

  constructor(private readonly forced?: Encoding) {}

  push(chunk: Uint8Array): string {
    if (!this.started) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes < 1024) return '';
      return this.start(false);
    }
    return this.undecided ? this.decideAndDecode(chunk, true) : this.decode(chunk, true);
  }

  /** A whole file at once: decoded in one call without `stream`, which gives V8's own string (one byte per character
   * when every character is Latin-1) where a streaming call gives an external one of two bytes per character: a
   * 20 MB sheet's text costs 20 MB, not 40. */
  whole(bytes: Uint8Array): string {
    this.head = [bytes];
    this.headBytes = bytes.length;
    return this.start(true);
  }

  end(): string {
    if (!this.started) return this.start(true);
    return this.undecided ? this.decideAndDecode(new Uint8Array(0), false) : this.decode(new Uint8Array(0), false);
  }

  private start(final: boolean): string {
    this.started = true;
    const all = concat(this.head, this.headBytes);
    this.head = [];
    const sniffed = sniffEncoding(all);
    this.encoding = this.forced ?? sniffed.encoding;
    this.bom = sniffed.bom;
    this.declared = this.forced ? undefined : sniffed.declared;
    // A declaration of a legacy encoding over bytes that are UTF-8 (every byte past ASCII part of a UTF-8 sequence, as
    // a Latin-1, Windows, KOI8, Shift_JIS or GBK text almost never is) lies: they are read as UTF-8. (Shift_JIS, GBK
    // and KOI8-R decode UTF-8's bytes without an error, into other characters: café as cafﾃｩ.) Every byte at hand is
    // looked at (a whole file: all of it); a stream that is ASCII so far is decided at its first byte past ASCII.
    const legacy = !this.forced && !this.bom && !/^utf-?(8|16|32)/.test(this.encoding);
    if (!sniffed.bom) refuseBinary(all, this.encoding);
    try {
      this.decoder = new TextDecoder(this.encoding, { fatal: true });
    } catch {
      // A name no decoder knows over bytes that are UTF-8 is still read as UTF-8.
      if (!legacy || utf8Verdict(all).verdict !== 'utf8') {
        throw new ImportError(`The file's encoding "${this.encoding}" is not one this reader knows. Save the file as UTF-8 and import it again.`);
      }
    }
    if (legacy) {
      this.undecided = true;
      return this.decideAndDecode(all, !final);
    }
    return this.decode(all, !final);
  }

  /** Bytes of a stream whose declaration names a legacy encoding, while every byte before them was ASCII: their first
   * byte past ASCII decides between UTF-8 and the declared encoding (a sequence the chunk ends in the middle of is held
   * for the next one). */
  private decideAndDecode(bytes: Uint8Array, stream: boolean): string {
    if (this.held.length) {
      const both = new Uint8Array(this.held.length + bytes.length);
      both.set(this.held);
      both.set(bytes, this.held.length);
      this.offset -= this.held.length;
      this.held = new Uint8Array(0);
      bytes = both;
    }
    const { verdict, at } = utf8Verdict(bytes);
    if (verdict === 'utf8') {
      this.undecided = false;
      this.declared = this.encoding;
      this.encoding = 'utf-8';
      this.decoder = new TextDecoder('utf-8', { fatal: true });
    } else if (verdict === 'other' || (!stream && verdict === 'incomplete')) {
      this.undecided = false;
    } else if (verdict === 'incomplete') {
      // ASCII up to a sequence cut by the chunk's end: the ASCII now, the rest with the next chunk.
      const text = this.decode(bytes.subarray(0, at), true);
      this.held = bytes.slice(at);
      this.offset += this.held.length;
      return text;
    }
    // ASCII (still undecided), or decided: decoded as such.
    return this.decode(bytes, stream);
  }

  private decode(bytes: Uint8Array, stream: boolean): string {
    try {
      const text = this.decoder!.decode(bytes, { stream });
      this.tail = pendingTail(bytes, this.encoding!, this.offset);
      this.offset += bytes.length;
      return text;
    } catch {
      // Where: the chunk decoded again from the character the last one left open; a sequence the file ends in the
      // middle of is the one at the end.
      const tail = this.tail;
      const both = new Uint8Array(tail.length + bytes.length);
      both.set(tail);
      both.set(bytes, tail.length);
      const bad = firstBadByte(both, this.encoding!);
      const name = this.encoding!.toUpperCase();
      const fix = 'Save it in the encoding its declaration names, or as UTF-8.';
      if (bad === -1) {
        const at = this.offset - tail.length + both.length - pendingTail(both, this.encoding!, this.offset - tail.length).length;
        throw new ImportError(`The file is not valid ${name}: it ends in the middle of a character (the one that starts at offset ${at}). ${fix}`);
      }
      throw new ImportError(`The file is not valid ${name}: the byte at offset ${this.offset - tail.length + bad} (${hex(both[bad])}) does not decode. ${fix}`);
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

/** A whole file's text, with the encoding it was read in and whether a byte order mark came first. */
export interface DecodedText { text: string; encoding: Encoding; bom: boolean }

/** Decodes a whole file at once (spreadsheets). */
export function decodeBytes(bytes: Uint8Array, forced?: Encoding): DecodedText {
  const d = new StreamDecoder(forced);
  const text = d.whole(bytes);
  return { text, encoding: d.encoding!, bom: d.bom };
}

/** decodeBytes for bytes handed over (a file read for this alone, which nothing else holds): once the text is made,
 * their buffer is detached, which gives its memory back at once instead of at the collector's next full pass, so that
 * a sheet is read without its bytes beside its text. Detaching needs `ArrayBuffer.prototype.transfer` (every VS Code's
 * engine; Node 20 only with --harmony-rab-gsab-transfer); without it the bytes wait for the collector. Bytes that are a
 * view of part of a larger buffer are never detached. */
export function decodeOwnedBytes(bytes: Uint8Array, forced?: Encoding): DecodedText {
  const decoded = decodeBytes(bytes, forced);
  releaseBytes(bytes);
  return decoded;
}

/** Detaches the buffer `bytes` is the whole of, when the engine can; whether it did. */
export function releaseBytes(bytes: Uint8Array): boolean {
  const buffer = bytes.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };
  if (typeof buffer.transfer !== 'function' || bytes.byteOffset !== 0 || bytes.byteLength !== buffer.byteLength) return false;
  buffer.transfer(0);
  return true;
}

