/** Generated hostile files for the import (issue #29): entity amplification at three sizes, deep nesting, many
 * attributes, huge terms, truncated and binary files, encoding declarations that lie. Each is made in memory (or,
 * for the big ones, streamed to a file) so nothing of the kind is committed. */
import * as fs from 'node:fs';

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const BODY_OPEN = '<martif type="TBX-Basic" xml:lang="en"><text><body>\n';
const BODY_CLOSE = '</body></text></martif>\n';

/** One internal entity of `entityChars` characters referenced `refs` times in each of `terms` terms: the file of the
 * issue (4 000 characters, 100 000 references, 12 terms: 7.2 MB; 64 KB and 454 KB make 80 MB and 600 MB phrases). */
export function amplification(terms: number, refs: number, entityChars = 4000): Uint8Array {
  const ref = '&lol1;';
  const parts: string[] = [HEAD, `<!DOCTYPE martif [\n<!ENTITY lol1 "${'x'.repeat(entityChars)}">\n]>\n`, BODY_OPEN];
  const many = ref.repeat(refs);
  for (let i = 0; i < terms; i++) {
    parts.push(`<termEntry id="t${i}"><langSet xml:lang="en"><tig><term>${many}</term></tig></langSet>` +
      `<langSet xml:lang="de"><tig><term>de ${i}</term></tig></langSet></termEntry>\n`);
  }
  parts.push(BODY_CLOSE);
  return Buffer.from(parts.join(''), 'utf8');
}

/** The amplification file cut to about `bytes` (a single term whose references fill it). */
export function amplificationOfSize(bytes: number): Uint8Array {
  const overhead = amplification(1, 0).length;
  return amplification(1, Math.max(1, Math.floor((bytes - overhead) / 6)));
}

/** An attribute whose value is references to the entity, not text (saxes expands those into the value). */
export function attributeAmplification(refs: number): Uint8Array {
  return Buffer.from(`${HEAD}<!DOCTYPE martif [<!ENTITY a "${'y'.repeat(4000)}">]>\n${BODY_OPEN}` +
    `<termEntry id="${'&a;'.repeat(refs)}"><langSet xml:lang="en"><tig><term>x</term></tig></langSet></termEntry>\n${BODY_CLOSE}`, 'utf8');
}

/** `depth` nested elements inside a concept. */
export function deepNesting(depth: number): Uint8Array {
  return Buffer.from(`${HEAD}${BODY_OPEN}<termEntry>${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</termEntry>\n${BODY_CLOSE}`, 'utf8');
}

/** One element with `count` attributes. */
export function manyAttributes(count: number): Uint8Array {
  const attrs: string[] = [];
  for (let i = 0; i < count; i++) attrs.push(`a${i}="v"`);
  return Buffer.from(`${HEAD}${BODY_OPEN}<termEntry ${attrs.join(' ')}><langSet xml:lang="en"><tig><term>x</term></tig></langSet></termEntry>\n${BODY_CLOSE}`, 'utf8');
}

/** A term of `chars` characters of plain text (no entity), between two ordinary concepts. */
export function hugeTerm(chars: number, char = 'z'): Uint8Array {
  const ok = (i: number) => `<termEntry id="c${i}"><langSet xml:lang="en"><tig><term>ok ${i}</term></tig></langSet><langSet xml:lang="de"><tig><term>gut ${i}</term></tig></langSet></termEntry>\n`;
  return Buffer.from(`${HEAD}${BODY_OPEN}${ok(1)}<termEntry id="big"><langSet xml:lang="en"><tig><term>${char.repeat(chars)}</term></tig></langSet>` +
    `<langSet xml:lang="de"><tig><term>lang</term></tig></langSet></termEntry>\n${ok(2)}${BODY_CLOSE}`, 'utf8');
}

/** A comment, CDATA section outside a term, attribute value or processing instruction of `chars` characters. */
export function hugeMarkup(kind: 'comment' | 'cdata' | 'attribute' | 'pi', chars: number): Uint8Array {
  const x = ']x'.repeat(chars >> 1);
  const inner = kind === 'comment' ? `<!--${x.replace(/]/g, '-').replace(/--/g, '-a')}-->`
    : kind === 'cdata' ? `<note><![CDATA[${x}]]></note>`
      : kind === 'attribute' ? `<note a="${x}"/>` : `<?pi ${x}?>`;
  return Buffer.from(`${HEAD}${BODY_OPEN}<termEntry id="c1">${inner}<langSet xml:lang="en"><tig><term>a</term></tig></langSet>` +
    `<langSet xml:lang="de"><tig><term>b</term></tig></langSet></termEntry>\n${BODY_CLOSE}`, 'utf8');
}

/** A good file cut at `fraction` of its bytes (inside a tag, a term, a multi-byte character…). */
export function truncated(text: string, fraction: number): Uint8Array {
  const b = Buffer.from(text, 'utf8');
  return b.subarray(0, Math.floor(b.length * fraction));
}

/** Binary bytes after `prefix` (a ZIP, a PNG, an Excel file renamed .tbx/.csv). */
export function binary(prefix: string, seed = 1, length = 4096): Uint8Array {
  let s = seed;
  const out = Buffer.alloc(Buffer.byteLength(prefix) + length);
  out.write(prefix, 'latin1');
  for (let i = Buffer.byteLength(prefix); i < out.length; i++) { s = (s * 1103515245 + 12345) >>> 0; out[i] = s >>> 24; }
  return out;
}

/** A TBX whose declaration names `declared` while its bytes are `actual`. */
export function lyingEncoding(declared: string, actual: 'utf8' | 'latin1' | 'utf16le'): Uint8Array {
  const text = `<?xml version="1.0" encoding="${declared}"?>\n${BODY_OPEN}<termEntry id="c1"><langSet xml:lang="en"><tig><term>café</term></tig></langSet>` +
    `<langSet xml:lang="de"><tig><term>Straße</term></tig></langSet></termEntry>\n${BODY_CLOSE}`;
  return Buffer.from(text, actual);
}

/** Streams a TBX v2 file of about `bytes` to `file` (5 languages, concepts with synonyms): the 200 MB file. */
export function writeBigTbx(file: string, bytes: number): number {
  const fd = fs.openSync(file, 'w');
  let written = 0;
  let buf = HEAD + '<!DOCTYPE martif SYSTEM "TBXcoreStructV02.dtd">\n' + BODY_OPEN;
  const langs = ['en', 'de', 'fr', 'ja', 'ru'];
  const words = ['cloud', 'Wolke', 'nuage', 'クラウド', 'облако'];
  for (let i = 0; written + buf.length < bytes; i++) {
    buf += `<termEntry id="c${i}">`;
    for (let l = 0; l < langs.length; l++) buf += `<langSet xml:lang="${langs[l]}"><tig><term>${words[l]} ${i}</term><termNote type="administrativeStatus">preferredTerm-admn-sts</termNote></tig></langSet>`;
    buf += '</termEntry>\n';
    if (buf.length > 1 << 20) { const b = Buffer.from(buf, 'utf8'); fs.writeSync(fd, b); written += b.length; buf = ''; }
  }
  const b = Buffer.from(buf + BODY_CLOSE, 'utf8');
  fs.writeSync(fd, b);
  written += b.length;
  fs.closeSync(fd);
  return written;
}

/** Streams a TBX of about `bytes` whose bulk is one text outside any term (a definition of hundreds of MB): text the
 * import does not keep, which must not be held either. */
export function writeHugeNote(file: string, bytes: number): number {
  const fd = fs.openSync(file, 'w');
  let written = 0;
  const put = (s: string) => { const b = Buffer.from(s, 'utf8'); fs.writeSync(fd, b); written += b.length; };
  put(`${HEAD}${BODY_OPEN}<termEntry id="c1"><descrip type="definition">`);
  const block = 'a definition that never ends, '.repeat(32 * 1024);
  while (written + block.length < bytes) put(block);
  put('</descrip><langSet xml:lang="en"><tig><term>a</term></tig></langSet><langSet xml:lang="de"><tig><term>b</term></tig></langSet></termEntry>\n' + BODY_CLOSE);
  fs.closeSync(fd);
  return written;
}

/** The declarations of the hostile set's matrix: Unicode, the ISO/Windows families, the East Asian multi-byte ones,
 * KOI8, EBCDIC (which no decoder here knows) and a name that is no encoding. Each goes over bytes in UTF-8, Latin-1,
 * UTF-16LE and UTF-16BE (no BOM). */
export const DECLARATIONS = ['UTF-8', 'UTF-16', 'UTF-16BE', 'UTF-32', 'ISO-8859-1', 'ISO-8859-15', 'windows-1252', 'windows-1251', 'US-ASCII',
  'Shift_JIS', 'EUC-JP', 'EUC-KR', 'GB2312', 'GBK', 'Big5', 'KOI8-R', 'IBM037', 'x-no-such-encoding'];
export const BYTE_ENCODINGS = ['utf8', 'latin1', 'utf16le', 'utf16be'] as const;

/** lyingEncoding, with UTF-16BE bytes too. */
export function declaredOver(declared: string, actual: typeof BYTE_ENCODINGS[number]): Uint8Array {
  return actual === 'utf16be' ? Buffer.from(lyingEncoding(declared, 'utf16le')).swap16() : lyingEncoding(declared, actual);
}

/** Hostile spreadsheets. A CSV whose first quote never closes: the whole file one field of `bytes`. */
export function sheetUnclosedQuote(bytes: number): Uint8Array {
  return Buffer.from(`en,de\n"${'never closed, '.repeat(Math.ceil(bytes / 14))}`.slice(0, bytes), 'utf8');
}

/** A CSV whose second row has `columns` cells. */
export function sheetManyColumns(columns: number): Uint8Array {
  return Buffer.from(`en,de\ncloud,${'Wolke,'.repeat(columns - 1)}\nserver,Server\n`, 'utf8');
}

/** A CSV of `lines` line breaks and two entries. */
export function sheetEmptyLines(lines: number): Uint8Array {
  return Buffer.from(`en,de\ncloud,Wolke\n${'\n'.repeat(lines)}server,Server\n`, 'utf8');
}

/** A TSV with one cell of `bytes` (a phrase far past the service's limit, read whole as a sheet is). */
export function sheetHugeCell(bytes: number): Uint8Array {
  return Buffer.from(`en\tde\ncloud\tWolke\nlong\t${'z'.repeat(bytes)}\n`, 'utf8');
}

/** Streams a three-language CSV of about `bytes` (every second phrase quoted with a comma inside). */
export function writeBigSheet(file: string, bytes: number): number {
  const fd = fs.openSync(file, 'w');
  let written = 0;
  let buf = 'English,Deutsch,Français\n';
  for (let i = 0; written + buf.length < bytes; i++) {
    buf += i % 2 ? `cloud server ${i},"Wolke, Server ${i}",nuage serveur ${i}\n` : `cloud ${i},Wolke ${i},nuage ${i}\n`;
    if (buf.length > 1 << 20) { const b = Buffer.from(buf, 'utf8'); fs.writeSync(fd, b); written += b.length; buf = ''; }
  }
  const b = Buffer.from(buf, 'utf8');
  fs.writeSync(fd, b);
  fs.closeSync(fd);
  return written + b.length;
}

/** Streams a CSV in the service's own layout (source, target, source language, target language) of about `bytes`,
 * every second source quoted with a comma inside. */
export function writeBigServiceSheet(file: string, bytes: number): number {
  const fd = fs.openSync(file, 'w');
  let written = 0;
  let buf = '';
  for (let i = 0; written + buf.length < bytes; i++) {
    buf += i % 2 ? `cloud server ${i},"Wolke, Server ${i}",en,de\n` : `cloud ${i},Wolke ${i},en,de\n`;
    if (buf.length > 1 << 20) { const b = Buffer.from(buf, 'utf8'); fs.writeSync(fd, b); written += b.length; buf = ''; }
  }
  const b = Buffer.from(buf, 'utf8');
  fs.writeSync(fd, b);
  fs.closeSync(fd);
  return written + b.length;
}
