/** The emulator's own TMX reading and writing (independent of the extension, which never parses TMX: the service
 * does). Reads what real TMX files hold (exchange-formats.md): UTF-8 or UTF-16 with a BOM, upper-case element names,
 * language codes in any case, the target `tuv` before the source, inline codes inside `seg`. */
import sax from 'sax';
import { GLOSSARY_LANGUAGES } from './data';

export interface TmxUnit { source: string; targets: Array<{ lang: string; text: string }> }
export interface TmxContent { sourceLang: string; targetLangs: string[]; units: TmxUnit[]; skipped: number }

/** A TMX the service refuses; the message is what the job's `error.message` says. */
export class TmxError extends Error {}

/** Decodes by the BOM (UTF-16LE/BE, UTF-8), else as UTF-8. */
export function decodeXml(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

const INLINE_CODES = new Set(['bpt', 'ept', 'it', 'ph', 'ut']);

/** A language code the service knows: a known root, optionally with a region or script (`en-US`, `zh-Hans`). */
export function normalLang(code: string): string | undefined {
  const m = /^([a-z]{2,3})(?:[-_]([a-z0-9]{2,8}))?$/i.exec(code.trim());
  if (!m || !GLOSSARY_LANGUAGES.includes(m[1].toLowerCase())) return undefined;
  return m[2] ? `${m[1].toLowerCase()}-${m[2].toLowerCase()}` : m[1].toLowerCase();
}
const root = (code: string) => code.split('-')[0];

/** Checks a TMX and reads its units. Throws TmxError with a message that names what is wrong and where. */
export function readTmx(bytes: Buffer): TmxContent {
  const text = decodeXml(bytes);
  const parser = sax.parser(true, { xmlns: false, position: true });
  const stack: string[] = [];
  let headerSrc: string | undefined;
  let sawRoot = false;
  let unitLine = 0;
  let unit: { srclang?: string; tuvs: Array<{ lang: string; text: string; line: number }> } | undefined;
  let tuv: { lang: string; text: string; line: number; segs: number } | undefined;
  let inSeg = 0;
  let inlineDepth = 0;
  const units: TmxUnit[] = [];
  const targetLangs = new Set<string>();
  let skipped = 0;
  let sourceLang: string | undefined;
  const fail = (message: string, line = parser.line + 1): never => { throw new TmxError(`${message} (line ${line})`); };
  const attr = (node: sax.Tag | sax.QualifiedTag, name: string) => {
    for (const [k, v] of Object.entries(node.attributes)) if (k.toLowerCase() === name) return String(v);
    return undefined;
  };

  parser.onerror = (err) => { throw new TmxError(`The file is not well-formed XML: ${err.message.split('\n')[0]} (line ${parser.line + 1})`); };
  parser.onopentag = (node) => {
    const name = node.name.toLowerCase();
    const parent = stack[stack.length - 1];
    stack.push(name);
    if (!sawRoot) {
      sawRoot = true;
      if (name !== 'tmx') fail(`The root element is <${node.name}>, not <tmx>`);
      return;
    }
    if (inSeg) {
      if (INLINE_CODES.has(name)) inlineDepth++;
      return;
    }
    if (name === 'header' && parent === 'tmx') {
      const src = attr(node, 'srclang');
      if (src && src.toLowerCase() !== '*all*') {
        headerSrc = normalLang(src);
        if (!headerSrc) fail(`The header's srclang "${src}" is not a language the service supports`);
      }
    } else if (name === 'tu') {
      if (parent !== 'body') fail('A <tu> must be inside <body>');
      unitLine = parser.line + 1;
      const src = attr(node, 'srclang');
      unit = { srclang: src ? normalLang(src) ?? fail(`The unit's srclang "${src}" is not a language the service supports`) : undefined, tuvs: [] };
    } else if (name === 'tuv') {
      if (parent !== 'tu' || !unit) fail('A <tuv> must be inside <tu>');
      const code = attr(node, 'xml:lang') ?? attr(node, 'lang');
      if (!code) fail('A <tuv> has no xml:lang');
      const lang = normalLang(code!) ?? fail(`The language "${code}" is not a language the service supports`);
      tuv = { lang, text: '', line: parser.line + 1, segs: 0 };
    } else if (name === 'seg') {
      if (parent !== 'tuv' || !tuv) fail('A <seg> must be inside <tuv>');
      tuv!.segs++;
      inSeg = 1;
    } else if (name === 'body' && parent !== 'tmx') {
      fail('<body> must be inside <tmx>');
    }
  };
  parser.onclosetag = () => {
    const name = stack.pop();
    if (inSeg) {
      if (name === 'seg') inSeg = 0;
      else if (name && INLINE_CODES.has(name)) inlineDepth--;
      return;
    }
    if (name === 'tuv' && tuv && unit) {
      if (tuv.segs !== 1) fail(`A <tuv> must hold exactly one <seg>, this one holds ${tuv.segs}`, tuv.line);
      unit.tuvs.push(tuv);
      tuv = undefined;
    } else if (name === 'tu' && unit) {
      const src = unit.srclang ?? headerSrc;
      if (!src) fail('Neither the header nor the unit names a source language (srclang)', unitLine);
      sourceLang ??= root(src!);
      if (root(src!) !== sourceLang) fail(`A unit's source language ${src} differs from the memory's ${sourceLang}`, unitLine);
      const source = unit.tuvs.find((t) => root(t.lang) === sourceLang && t.text.trim());
      const targets = new Map<string, string>();
      for (const t of unit.tuvs) {
        if (root(t.lang) === sourceLang || !t.text.trim() || targets.has(t.lang)) continue;
        targets.set(t.lang, t.text.trim());
      }
      if (!source || !targets.size) skipped++;
      else {
        units.push({ source: source.text.trim(), targets: [...targets].map(([lang, text]) => ({ lang, text })) });
        for (const lang of targets.keys()) targetLangs.add(lang);
      }
      unit = undefined;
    }
  };
  const onText = (t: string) => { if (inSeg && !inlineDepth && tuv) tuv.text += t; };
  parser.ontext = onText;
  parser.oncdata = onText;
  parser.write(text).close();
  if (!sawRoot) throw new TmxError('The file holds no XML element');
  if (!units.length) throw new TmxError(skipped ? `None of the ${skipped} translation units holds both a source and a target segment` : 'The file holds no translation units (<tu>)');
  return { sourceLang: sourceLang!, targetLangs: [...targetLangs].sort(), units, skipped };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** TMX 1.4, UTF-8, from a memory's segments. */
export function writeTmx(sourceLang: string, segments: Array<{ source_text: string; targets: Array<{ target_language: string; target_text: string }> }>): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<tmx version="1.4">',
    `  <header creationtool="emulator" creationtoolversion="1" segtype="sentence" o-tmf="emulator" adminlang="en" srclang="${esc(sourceLang)}" datatype="plaintext"/>`,
    '  <body>',
  ];
  for (const s of segments) {
    out.push('    <tu>', `      <tuv xml:lang="${esc(sourceLang)}"><seg>${esc(s.source_text)}</seg></tuv>`);
    for (const t of s.targets) out.push(`      <tuv xml:lang="${esc(t.target_language)}"><seg>${esc(t.target_text)}</seg></tuv>`);
    out.push('    </tu>');
  }
  out.push('  </body>', '</tmx>', '');
  return out.join('\n');
}
