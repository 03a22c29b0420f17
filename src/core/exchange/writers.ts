/** Export writers: TBX v3 (TBX-Basic, DCA style), TBX v2 (martif), CSV with language columns (what
 * the service imports) and TSV per pair. They write through `sink` chunk by chunk and fetch one dictionary at a
 * time. Pure: no vscode. */
import { forEachTsvEntry } from '../serialize';
import { quoteCsv } from '../fields';

export { forEachTsvEntry };
import { ImportCancelled } from './model';

export type ExportFormat = 'tbx3' | 'tbx2' | 'csv' | 'tsv';

export interface ExportDictionary {
  sourceLang: string;
  targetLang: string;
  /** Fetches the dictionary's entries (the service's TSV). Called once, when the writer reaches it. */
  entries(): Promise<string>;
}

export interface ExportOptions {
  signal?: AbortSignal;
  /** Called after each dictionary was written, with how many of `total` are done. */
  onProgress?(done: number, total: number, dictionary: ExportDictionary): void;
}

/** Writes `chunk`; may wait (back-pressure). */
export type Sink = (chunk: string) => void | Promise<void>;

const CHUNK = 64 * 1024;

const XML_SPECIAL = /[&<>"\t\n\r]/;

/** Escapes text for XML content and attributes; tabs and line breaks as character references so they read back. */
export function xmlEscape(s: string): string {
  if (!XML_SPECIAL.test(s)) return s;
  return s.replace(/[&<>"\t\n\r]/g, (c) => c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : `&#${c.charCodeAt(0)};`);
}

/** Buffers small writes into chunks of about 64 KiB. */
class Chunker {
  private buf = '';
  constructor(private readonly sink: Sink) {}
  async write(s: string): Promise<void> {
    this.buf += s;
    if (this.buf.length >= CHUNK) await this.flush();
  }
  async flush(): Promise<void> {
    if (!this.buf) return;
    const b = this.buf;
    this.buf = '';
    await this.sink(b);
  }
}

const check = (signal?: AbortSignal) => { if (signal?.aborted) throw new ImportCancelled(); };

/** What a format cannot carry of these dictionaries, said before anything is written: one line each, [] when the
 * export comes back unchanged. A TBX concept has no direction: imported again, one language is the source and every
 * other a target, so dictionaries of several source languages in one TBX come back as others (DE → EN read as
 * EN → DE, DE → FR made of concepts that held DE and FR only as targets of EN), and a pair with its reverse mixes the
 * entries only one direction holds. CSV with language columns and TSV per pair carry every entry with its pair. */
export function exportLosses(format: ExportFormat, dictionaries: ReadonlyArray<{ sourceLang: string; targetLang: string }>): string[] {
  if (format !== 'tbx2' && format !== 'tbx3') return [];
  const sources = [...new Set(dictionaries.map((d) => d.sourceLang.toLowerCase()))];
  if (sources.length < 2) return [];
  const up = (s: string) => s.toUpperCase();
  const out = [`The dictionaries have ${sources.length} source languages (${sources.map(up).join(', ')}); a TBX concept has no direction, so the file, ` +
    `imported again with one of them as the source, would not give back ${dictionaries.filter((d) => d.sourceLang.toLowerCase() !== sources[0]).map((d) => `${up(d.sourceLang)} → ${up(d.targetLang)}`).join(', ')}.`];
  const key = (a: string, b: string) => `${a.toLowerCase()}-${b.toLowerCase()}`;
  const pairs = new Set(dictionaries.map((d) => key(d.sourceLang, d.targetLang)));
  const both = dictionaries.filter((d) => d.sourceLang.toLowerCase() < d.targetLang.toLowerCase() && pairs.has(key(d.targetLang, d.sourceLang)));
  if (both.length) {
    out.push(`${both.map((d) => `${up(d.sourceLang)} ↔ ${up(d.targetLang)}`).join(', ')}: both directions exist; in one TBX an entry that only one of them holds ` +
      'would come back in the other direction too.');
  }
  return out;
}

/** The source languages of the dictionaries, in first-seen order: one TBX each keeps every dictionary. */
export function sourceLanguagesOf(dictionaries: ReadonlyArray<{ sourceLang: string }>): string[] {
  return [...new Set(dictionaries.map((d) => d.sourceLang.toLowerCase()))];
}

/** The file of one source language beside the file asked for: `Product.tbx` → `Product.en.tbx`. */
export function tbxFileNameFor(fileName: string, sourceLang: string): string {
  const dot = fileName.lastIndexOf('.');
  const slash = Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\'));
  const lang = sourceLang.toLowerCase();
  // A dot that starts the name (".tbx") or none: the language and .tbx go at the end.
  return dot > slash + 1 ? `${fileName.slice(0, dot)}.${lang}${fileName.slice(dot)}` : `${fileName}.${lang}.tbx`;
}

/** Groups dictionaries by source language, in first-seen order. */
function bySource(dictionaries: readonly ExportDictionary[]): Map<string, ExportDictionary[]> {
  const out = new Map<string, ExportDictionary[]>();
  for (const d of dictionaries) {
    const k = d.sourceLang.toLowerCase();
    const list = out.get(k);
    if (list) list.push(d); else out.set(k, [d]);
  }
  return out;
}

/**
 * TBX: one concept per source phrase of a source language, holding the targets of every dictionary with that source
 * language. The dictionaries of one source language are fetched one after another; each one's text is parsed into
 * its entries and dropped before the next is fetched.
 */
export async function writeTbx(version: 2 | 3, name: string, dictionaries: readonly ExportDictionary[], sink: Sink, options: ExportOptions = {}): Promise<void> {
  const out = new Chunker(sink);
  const groups = bySource(dictionaries);
  const rootLang = dictionaries[0]?.sourceLang.toLowerCase() ?? 'en';
  const title = xmlEscape(name);
  if (version === 3) {
    await out.write('<?xml version="1.0" encoding="UTF-8"?>\n' +
      `<tbx style="dca" type="TBX-Basic" xml:lang="${xmlEscape(rootLang)}" xmlns="urn:iso:std:iso:30042:ed-2">\n` +
      `  <tbxHeader>\n    <fileDesc>\n      <titleStmt>\n        <title>${title}</title>\n      </titleStmt>\n` +
      '      <sourceDesc>\n        <p>Exported by Terminology Studio</p>\n      </sourceDesc>\n    </fileDesc>\n  </tbxHeader>\n  <text>\n    <body>\n');
  } else {
    await out.write('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE martif SYSTEM "TBXcoreStructV02.dtd">\n' +
      `<martif type="TBX-Basic" xml:lang="${xmlEscape(rootLang)}">\n  <martifHeader>\n    <fileDesc>\n      <titleStmt>\n        <title>${title}</title>\n      </titleStmt>\n` +
      '      <sourceDesc>\n        <p>Exported by Terminology Studio</p>\n      </sourceDesc>\n    </fileDesc>\n  </martifHeader>\n  <text>\n    <body>\n');
  }
  const [conceptTag, langTag, termTag] = version === 3 ? ['conceptEntry', 'langSec', 'termSec'] : ['termEntry', 'langSet', 'tig'];
  // Ids are XML names in both versions (an ID cannot start with a digit: `id="1"` is invalid against the DTD the
  // file declares).
  let id = 0;
  let done = 0;
  for (const [source, group] of groups) {
    // Source phrase → targets per dictionary of the group, in the order phrases first appear.
    const concepts = new Map<string, Array<string | undefined>>();
    for (let g = 0; g < group.length; g++) {
      check(options.signal);
      forEachTsvEntry(await group[g].entries(), (source, target) => {
        let targets = concepts.get(source);
        if (!targets) { targets = new Array(group.length); concepts.set(source, targets); }
        if (targets[g] === undefined) targets[g] = target;
      });
      options.onProgress?.(++done, dictionaries.length, group[g]);
    }
    const langs = group.map((d) => xmlEscape(d.targetLang.toLowerCase()));
    const src = xmlEscape(source);
    for (const [phrase, targets] of concepts) {
      id++;
      let s = `      <${conceptTag} id="c${id}">\n` +
        `        <${langTag} xml:lang="${src}">\n          <${termTag}>\n            <term>${xmlEscape(phrase)}</term>\n          </${termTag}>\n        </${langTag}>\n`;
      for (let g = 0; g < group.length; g++) {
        const t = targets[g];
        if (t === undefined) continue;
        s += `        <${langTag} xml:lang="${langs[g]}">\n          <${termTag}>\n            <term>${xmlEscape(t)}</term>\n          </${termTag}>\n        </${langTag}>\n`;
      }
      await out.write(s + `      </${conceptTag}>\n`);
    }
    concepts.clear();
  }
  // A body holds one concept at least (TBX v2's DTD and v3's schema alike): an export of nothing is refused, and
  // the caller's file is not made (it is written to a temporary one first).
  if (id === 0) throw new Error('The dictionaries hold no entry: a TBX file needs one concept at least. Nothing was exported.');
  await out.write(version === 3 ? '    </body>\n  </text>\n</tbx>\n' : '    </body>\n  </text>\n</martif>\n');
  await out.flush();
}

/** A CSV field as the service reads it; a semicolon or tab is quoted too, so a spreadsheet reader that detects the
 * delimiter sees only commas outside quotes. */
function csvField(v: string): string {
  return /[",;\t]/.test(v) || v.charCodeAt(0) === 0xfeff ? quoteCsv(v) : v;
}

/** CSV with language columns: `source,target,SOURCE_LANG,TARGET_LANG` per entry, every dictionary in turn. */
export async function writeCsv(dictionaries: readonly ExportDictionary[], sink: Sink, options: ExportOptions = {}): Promise<void> {
  const out = new Chunker(sink);
  let done = 0;
  for (const d of dictionaries) {
    check(options.signal);
    const text = await d.entries();
    const sourceLang = d.sourceLang.toUpperCase();
    const targetLang = d.targetLang.toUpperCase();
    let rows = '';
    let pending = 0;
    const rowsOf: string[] = [];
    forEachTsvEntry(text, (source, target) => {
      rows += `${csvField(source)},${csvField(target)},${sourceLang},${targetLang}\n`;
      if (++pending === 1000) { rowsOf.push(rows); rows = ''; pending = 0; }
    });
    if (rows) rowsOf.push(rows);
    for (const r of rowsOf) await out.write(r);
    options.onProgress?.(++done, dictionaries.length, d);
  }
  await out.flush();
}

/** One dictionary as the service's TSV (one file per pair). */
export async function writeTsv(dictionary: ExportDictionary, sink: Sink, options: ExportOptions = {}): Promise<void> {
  check(options.signal);
  const text = await dictionary.entries();
  const out = new Chunker(sink);
  for (let i = 0; i < text.length; i += CHUNK) await out.write(text.slice(i, i + CHUNK));
  if (text && !text.endsWith('\n')) await out.write('\n');
  await out.flush();
  options.onProgress?.(1, 1, dictionary);
}

/** A file name for one dictionary of a glossary: `Name.en-de.glossary.tsv` (linted as a glossary when opened). */
export function tsvFileName(glossaryName: string, sourceLang: string, targetLang: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are not allowed in file names
  const safe = glossaryName.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim() || 'glossary';
  return `${safe}.${sourceLang.toLowerCase()}-${targetLang.toLowerCase()}.glossary.tsv`;
}
