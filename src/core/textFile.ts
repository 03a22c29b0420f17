/** One encoding policy for the files of a glossary repository, wherever they are read (the CLI, and the editor's
 * Push File, Link and Pull): UTF-8 with or without a byte order mark is read; UTF-16 with a byte order mark is
 * decoded; anything else (Latin-1, Windows-1252, UTF-16 without a BOM, a binary file) is refused with one message
 * naming the first byte that does not decode and its line, so that it is never pushed as U+FFFD or U+0000.
 * Pure: bytes in, text out; no vscode, no I/O. */

export type TextEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be';

export interface DecodedFile {
  /** The text, without the byte order mark. */
  text: string;
  /** How the bytes were written, to write them back the same way (a pull, a fix). */
  encoding: TextEncoding;
}

/** Bytes that the policy refuses: where the first bad byte is (0-based line and UTF-16 column of the text before it). */
export class EncodingError extends Error {
  constructor(
    /** Offset of the first bad byte in the file. */
    readonly byteOffset: number,
    /** The bad byte's value. */
    readonly byteValue: number,
    /** 0-based line of the bad byte. */
    readonly line: number,
    /** 0-based UTF-16 column of the bad byte on its line (counting the valid text before it). */
    readonly column: number,
    message: string,
  ) {
    super(message);
    this.name = 'EncodingError';
  }
}

const hex = (b: number) => `0x${b.toString(16).toUpperCase().padStart(2, '0')}`;

/** Decodes a file's bytes by the policy; throws EncodingError. */
export function decodeTextFile(bytes: Uint8Array): DecodedFile {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: decodeUtf16(bytes, 'utf-16le'), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: decodeUtf16(bytes, 'utf-16be'), encoding: 'utf-16be' };
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  let text = lenientUtf8(body);
  // A decoder that replaces bad bytes with U+FFFD says the bytes were valid when none appears (Node's is the fastest
  // way to a string); a text that holds U+FFFD itself, or no Node, takes the strict decoder.
  if (text !== undefined && text.indexOf('\uFFFD') !== -1) text = undefined;
  if (text === undefined) {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
    } catch { /* located below */ }
  }
  const nul = body.indexOf(0);
  const bad = text === undefined ? firstInvalidUtf8(body) : -1;
  // Whichever comes first: a NUL byte is valid UTF-8 but never text (UTF-16 without a BOM, or a binary file).
  const at = nul !== -1 && (bad === -1 || nul < bad) ? nul : bad;
  if (at === -1) return { text: text!, encoding: bom ? 'utf-8-bom' : 'utf-8' };
  const offset = at + (bom ? 3 : 0);
  const { line, column } = positionOfByte(body, at);
  const value = body[at];
  const why = value === 0
    ? `a NUL byte (${hex(0)}): UTF-16 without a byte order mark, or not a text file`
    : `byte ${hex(value)} does not decode as UTF-8 (Latin-1 or Windows-1252?)`;
  throw new EncodingError(offset, value, line, column,
    `not UTF-8: ${why}, on line ${line + 1}. Save the file as UTF-8 (UTF-16 is read only with a byte order mark).`);
}

/** Node's Buffer decoding (U+FFFD for bad bytes), or undefined where there is no Buffer. */
function lenientUtf8(bytes: Uint8Array): string | undefined {
  const B = (globalThis as { Buffer?: { from(a: ArrayBufferLike, offset: number, length: number): { toString(enc: 'utf8'): string } } }).Buffer;
  return B ? B.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8') : undefined;
}

function decodeUtf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be'): string {
  const body = bytes.subarray(2);
  try {
    if (body.length % 2) throw new Error('odd length');
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    // Locate the first unit that does not decode: an unpaired surrogate, or a last odd byte.
    const le = encoding === 'utf-16le';
    const unit = (i: number) => le ? body[i] | (body[i + 1] << 8) : (body[i] << 8) | body[i + 1];
    let line = 0;
    let column = 0;
    let at = body.length - 1;
    for (let i = 0; i + 1 < body.length; i += 2) {
      const u = unit(i);
      if (u >= 0xd800 && u <= 0xdbff) {
        const next = i + 3 < body.length ? unit(i + 2) : -1;
        if (next >= 0xdc00 && next <= 0xdfff) { i += 2; column += 2; continue; }
        at = i;
        break;
      }
      if (u >= 0xdc00 && u <= 0xdfff) { at = i; break; }
      if (u === 10 || (u === 13 && (i + 3 >= body.length || unit(i + 2) !== 10))) { line++; column = 0; } else column++;
    }
    throw new EncodingError(at + 2, body[at], line, column,
      `not valid ${encoding.toUpperCase()}: an unpaired surrogate or a truncated character at byte ${at + 2}, on line ${line + 1}. Save the file as UTF-8.`);
  }
}

/** A validating UTF-8 scan from `from` (the WHATWG decoder's rules: no overlong form, no surrogate, nothing past
 * U+10FFFF), stopping at the first sequence UTF-8 cannot have (`invalid`) or at one the bytes end in the middle of
 * (`cut`; its bytes so far are valid); `end` when every byte was read. `at`: where it stopped (the start of that
 * sequence, or the length); `multibyte`: whether a multi-byte sequence was read before it. */
export function scanUtf8(b: Uint8Array, from = 0): { stop: 'end' | 'invalid' | 'cut'; at: number; multibyte: boolean } {
  const n = b.length;
  let i = from;
  let multibyte = false;
  while (i < n) {
    const c = b[i];
    if (c < 0x80) { i++; continue; }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) { need = 2; if (c === 0xe0) lo = 0xa0; else if (c === 0xed) hi = 0x9f; }
    else if (c >= 0xf0 && c <= 0xf4) { need = 3; if (c === 0xf0) lo = 0x90; else if (c === 0xf4) hi = 0x8f; }
    else return { stop: 'invalid', at: i, multibyte };
    for (let k = 1; k <= need; k++) {
      if (i + k >= n) return { stop: 'cut', at: i, multibyte };
      const d = b[i + k];
      if (d < (k === 1 ? lo : 0x80) || d > (k === 1 ? hi : 0xbf)) return { stop: 'invalid', at: i, multibyte };
    }
    multibyte = true;
    i += need + 1;
  }
  return { stop: 'end', at: n, multibyte };
}

/** Offset of the first byte that is not part of a well-formed UTF-8 sequence (a sequence cut by the end counts), or -1. */
export function firstInvalidUtf8(b: Uint8Array): number {
  const r = scanUtf8(b);
  return r.stop === 'end' ? -1 : r.at;
}

/** 0-based line and UTF-16 column of a byte of valid UTF-8 text before it (\r\n, \r and \n end lines, as the core's). */
function positionOfByte(b: Uint8Array, at: number): { line: number; column: number } {
  let line = 0;
  let start = 0;
  for (let i = 0; i < at; i++) {
    const c = b[i];
    if (c === 10 || (c === 13 && b[i + 1] !== 10)) { line++; start = i + 1; }
  }
  const column = new TextDecoder('utf-8').decode(b.subarray(start, at)).length;
  return { line, column };
}

/** The bytes of a text written in `encoding` (the BOM included where it has one). */
export function encodeTextFile(text: string, encoding: TextEncoding): Uint8Array {
  if (encoding === 'utf-8') return new TextEncoder().encode(text);
  if (encoding === 'utf-8-bom') return new TextEncoder().encode('\uFEFF' + text);
  const out = new Uint8Array(2 + text.length * 2);
  const le = encoding === 'utf-16le';
  out[0] = le ? 0xff : 0xfe;
  out[1] = le ? 0xfe : 0xff;
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    out[2 + 2 * i] = le ? u & 0xff : u >> 8;
    out[3 + 2 * i] = le ? u >> 8 : u & 0xff;
  }
  return out;
}
