/** Fuzz properties of the import readers over hostile files: the TBX reader (and the plan made from what it read), and
 * the spreadsheet import (CSV, TSV, the service's export). Whatever the bytes, a reader returns or throws its own
 * ImportError (the only error it documents, besides ImportCancelled, which needs a signal these never pass), and every
 * case ends within the time bound (see bound.ts). */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  ImportError, planConcepts, planSpreadsheet, readSpreadsheet, readTbx, sheetLanguages, type ColumnMapping, type ImportPlan,
  type Sheet, type TermBase,
} from '../../../src/core/exchange';
import { Bound } from './bound';
import { RUNS } from './arbitraries';

const show = (x: unknown) => JSON.stringify(x, (_, v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString('latin1') : v));

/** An error a reader may throw: its own, with a message and, when it names one, a line from 1. */
function ownError(e: unknown, input: unknown): void {
  if (!(e instanceof ImportError)) {
    assert.fail(`threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)} on ${show(input).slice(0, 2000)}`);
  }
  assert.ok(e.message.length > 0);
  if (e.line !== undefined) assert.ok(Number.isInteger(e.line) && e.line >= 1, `line ${e.line}`);
  if (e.column !== undefined) assert.ok(Number.isInteger(e.column) && e.column >= 1, `column ${e.column}`);
}

/** A plan lists what it keeps and skips with lines from 1. */
function checkPlan(plan: ImportPlan): void {
  for (const p of plan.pairs) {
    for (const e of p.entries) if (!(Number.isInteger(e.line) && e.line >= 1 && e.source !== '' && e.target !== '')) assert.fail(show(e));
    for (const s of p.skipped) if (!(s.line === undefined || s.line >= 1)) assert.fail(show(s));
  }
}

// ---- Bytes ----

type Encoding = 'utf-8' | 'utf-8 BOM' | 'utf-16le' | 'utf-16le BOM' | 'utf-16be' | 'utf-16be BOM' | 'latin1';
const encodingArb = fc.constantFrom<Encoding>('utf-8', 'utf-8', 'utf-8', 'utf-8 BOM', 'utf-16le', 'utf-16le BOM', 'utf-16be', 'utf-16be BOM', 'latin1');

function encode(text: string, encoding: Encoding): Uint8Array {
  const bom = encoding.endsWith('BOM') ? '\uFEFF' : '';
  switch (encoding) {
    case 'utf-8': case 'utf-8 BOM': return Buffer.from(bom + text, 'utf8');
    case 'utf-16le': case 'utf-16le BOM': return Buffer.from(bom + text, 'utf16le');
    case 'utf-16be': case 'utf-16be BOM': return Buffer.from(bom + text, 'utf16le').swap16();
    case 'latin1': return Buffer.from(text, 'latin1');
  }
}

/** Damage to a file's bytes: cut short, a byte changed, bytes put in, taken out or repeated. */
const damage = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), n: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('repeat' as const), at: fc.nat(), n: fc.integer({ min: 1, max: 200 }), to: fc.nat() }),
);
type Damage = typeof damage extends fc.Arbitrary<infer T> ? T : never;

function damaged(bytes: Uint8Array, damages: Damage[]): Uint8Array {
  let b = Buffer.from(bytes);
  for (const d of damages) {
    const at = d.at % (b.length + 1);
    switch (d.kind) {
      case 'truncate': b = b.subarray(0, at); break;
      case 'flip': if (at < b.length) { b = Buffer.from(b); b[at] = d.byte; } break;
      case 'insert': b = Buffer.concat([b.subarray(0, at), d.bytes, b.subarray(at)]); break;
      case 'delete': b = Buffer.concat([b.subarray(0, at), b.subarray(at + d.n)]); break;
      case 'repeat': {
        const piece = b.subarray(at, at + d.n);
        const to = d.to % (b.length + 1);
        b = Buffer.concat([b.subarray(0, to), piece, b.subarray(to)]);
        break;
      }
    }
  }
  return b;
}

/** Bytes as the chunks of a stream: `size` 0 for one chunk. */
function* chunksOf(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  if (size <= 0 || size >= bytes.length) { yield bytes; return; }
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}
const chunkSize = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 64 }), fc.integer({ min: 500, max: 3000 }));

const randomBytes = fc.oneof(
  fc.uint8Array({ maxLength: 3000 }),
  // Random bytes after the start of a TBX file, so that the parser gets past its first check.
  fc.tuple(fc.constantFrom('<martif>', '<tbx>', '<?xml version="1.0"?><martif><text><body><termEntry>', '\uFEFF<tbx ', '<!DOCTYPE martif ['),
    fc.uint8Array({ maxLength: 1500 })).map(([head, tail]) => Buffer.concat([Buffer.from(head), tail])),
);

// ---- XML built from TBX's element names ----

const TBX_NAMES = ['martif', 'tbx', 'martifHeader', 'tbxHeader', 'fileDesc', 'titleStmt', 'title', 'sourceDesc', 'text', 'body',
  'termEntry', 'conceptEntry', 'langSet', 'langSec', 'tig', 'ntig', 'termGrp', 'termSec', 'term', 'termNote', 'descrip', 'admin',
  'administrativeStatus', 'normativeAuthorization', 'hi', 'ph', 'note', 'p'];
const elementName = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom(...TBX_NAMES) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom('basic', 'tbx', 'min', 'a:b', ''), fc.constantFrom(...TBX_NAMES)).map(([p, n]) => `${p}:${n}`) },
  { weight: 1, arbitrary: fc.constantFrom('Term', 'TERM', 'termentry', '1bad', '-x', 'a b', 'é', 'x'.repeat(300), ':', 'term:') },
);
const attrName = fc.constantFrom('xml:lang', 'xml:lang', 'type', 'type', 'id', 'xmlns', 'xmlns:basic', 'style', 'lang', 'xml:space', 'ID', 'a:b:c');
/** Texts that break XML readers and what is read from them: references of every kind (out of range, surrogates, NUL,
 * undefined, named like Object's properties), markup pieces, CDATA, comments, processing instructions, control
 * characters, statuses and language codes. */
const xmlPiece = fc.constantFrom(
  'cloud', 'Wolke', 'a', ' ', '  ', '\n', '\r\n', '\r', '\t', 'é', 'クラウド', '😀', '\uFEFF', '\u0000', '\u0001', '\u0085', '\u2028', '\uFFFE', '\uD800',
  '&amp;', '&lt;', '&gt;', '&quot;', '&apos;', '&#233;', '&#xE9;', '&#x110000;', '&#1114112;', '&#0;', '&#xD800;', '&#x;', '&#;', '&#-1;',
  '&#99999999999999999999;', '&#x7FFFFFFF;', '&e;', '&a;', '&undefinedEntity;', '&constructor;', '&__proto__;', '&toString;', '&', '&amp',
  '<![CDATA[a <b> ]]>', '<![CDATA[', ']]>', '<!-- c -->', '<!--', '-->', '<?pi x?>', '<?xml version="1.0"?>', '<', '>', '</', '/>', '"', "'", '=',
  'preferredTerm-admn-sts', 'deprecatedTerm-admn-sts', 'forbidden', 'admitted', 'en', 'de', 'EN-US', 'x'.repeat(1100),
);
const xmlText = fc.array(xmlPiece, { maxLength: 6 }).map((p) => p.join(''));
const attrValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('en', 'de', 'fr', 'EN-US', 'de_DE', 'zh-Hant-TW', 'th', 'ja', 'i-klingon', '', '  ', '*', 'xx-yy-zz-ww',
    'administrativeStatus', 'normativeAuthorization', 'ADMINISTRATIVESTATUS', 'TBX-Basic', 'dct', 'dca', 'c1', 'c1') },
  { weight: 1, arbitrary: xmlText },
);
const attr = fc.tuple(attrName, attrValue, fc.constantFrom('"', "'")).map(([n, v, q]) => ` ${n}=${q}${v}${q}`);

interface XmlNode { text?: string; element?: { name: string; attrs: string[]; children: XmlNode[]; selfClose: boolean; closeAs: string | null } }
const xmlTree = fc.letrec<{ node: XmlNode; element: XmlNode }>((tie) => ({
  node: fc.oneof({ maxDepth: 7, depthSize: 'small' },
    { weight: 2, arbitrary: xmlText.map((text) => ({ text })) },
    { weight: 3, arbitrary: tie('element') }),
  element: fc.record({
    name: elementName,
    attrs: fc.array(attr, { maxLength: 3 }),
    children: fc.array(tie('node'), { maxLength: 5 }),
    selfClose: fc.boolean(),
    closeAs: fc.option(elementName, { freq: 15 }), // now and then closed by another name
  }).map((element) => ({ element })),
}));
function writeXml(n: XmlNode): string {
  if (n.text !== undefined) return n.text;
  const e = n.element!;
  const open = `<${e.name}${e.attrs.join('')}`;
  if (e.selfClose && !e.children.length) return `${open}/>`;
  return `${open}>${e.children.map(writeXml).join('')}</${e.closeAs ?? e.name}>`;
}

const xmlDecl = fc.option(fc.record({
  lead: fc.constantFrom('', '', ' ', '\n', '\uFEFF'),
  version: fc.constantFrom('1.0', '1.0', '1.1', '2.0', ''),
  encoding: fc.option(fc.constantFrom('UTF-8', 'utf-8', 'utf8', 'UTF-16', 'utf-16le', 'UTF-16BE', 'ucs-2', 'ISO-8859-1', 'latin1', 'windows-1252',
    'Shift_JIS', 'EUC-JP', 'GB18030', 'IBM037', 'UTF-32', 'UTF-7', 'x-user-defined', 'nope', '', 'utf-8 ')),
  standalone: fc.option(fc.constantFrom('yes', 'no', 'maybe')),
  q: fc.constantFrom('"', "'"),
}), { freq: 3 }).map((d) => d === null ? '' :
  `${d.lead}<?xml version=${d.q}${d.version}${d.q}${d.encoding === null ? '' : ` encoding=${d.q}${d.encoding}${d.q}`}${d.standalone === null ? '' : ` standalone=${d.q}${d.standalone}${d.q}`}?>\n`);

/** Entity declarations: plain ones (what the reader accepts), and each kind it must refuse or leave alone. */
const entityName = fc.constantFrom('e', 'a', 'b', 'lol', 'amp', 'lt', 'constructor', '__proto__', 'toString', 'x1', 'é', '1bad', 'a:b');
const entityValue = fc.array(fc.constantFrom('text', 'é', '&#233;', '&#x43;', '&#x110000;', '&#1114112;', '&#99999999999;', '&#xD800;', '&#0;',
  '&#x;', '&e;', '&amp;', '%', '%p;', '<', '<b/>', '>', "'", ' ', 'x'.repeat(100)), { maxLength: 5 }).map((p) => p.join(''));
const entityDecl = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(entityName, entityValue, fc.constantFrom('"', "'")).map(([n, v, q]) => `<!ENTITY ${n} ${q}${v}${q}>`) },
  { weight: 2, arbitrary: fc.constantFrom('<!ENTITY % p "x">', '<!ENTITY ext SYSTEM "http://example.com/x">', '<!ENTITY pub PUBLIC "-//x" "y.dtd">',
    '<!ENTITY broken', '<!ENTITY>', `<!ENTITY big "${'x'.repeat(4096)}">`, `<!ENTITY huge "${'x'.repeat(4097)}">`, '<!ELEMENT term (#PCDATA)>',
    '<!ATTLIST term id ID #IMPLIED>', '<!-- ]> -->', '<!-- <!ENTITY c "d"> -->', ']', '[', '<?pi?>') },
);
const doctype = fc.option(fc.record({
  root: fc.constantFrom('martif', 'tbx', 'x'),
  external: fc.constantFrom('', ' SYSTEM "TBXcoreStructV02.dtd"', ' PUBLIC "ISO 30042:2008A//DTD TBX core//EN" "TBXcoreStructV02.dtd"', ' SYSTEM'),
  subset: fc.option(fc.array(entityDecl, { maxLength: 5 }), { freq: 2 }),
}), { freq: 2 }).map((d) => d === null ? '' : `<!DOCTYPE ${d.root}${d.external}${d.subset === null ? '' : ` [\n${d.subset.join('\n')}\n]`}>\n`);

/** A document of TBX-named elements, shaped at random. */
const hostileXml = fc.record({
  decl: xmlDecl,
  doctype,
  root: fc.constantFrom('martif', 'tbx', 'martif', 'tbx', 'basic:tbx', 'html', ''),
  rootAttrs: fc.array(attr, { maxLength: 3 }),
  body: fc.array(xmlTree.node, { maxLength: 4 }),
  after: fc.constantFrom('', '', '\n', '<!-- end -->', '<martif/>', 'junk', '<?pi?>'),
}).map((d) => `${d.decl}${d.doctype}${d.root ? `<${d.root}${d.rootAttrs.join('')}>${d.body.map(writeXml).join('')}</${d.root}>` : d.body.map(writeXml).join('')}${d.after}`);

/** A well-formed TBX file (v2 or v3) with nasty terms: the start of the damaged ones. */
const termText = fc.constantFrom('cloud', 'Wolke', 'dup', ' server ', 'a &amp; b', 'x &lt; y', '', 'クラウド', 'tab\there', 'two&#10;lines', 'u\u2028v',
  '\u00a0nbsp', '😀', '<![CDATA[c <d>]]>', 'x<hi>y</hi>z', 'long '.repeat(250), '&#xE9;', '\u0007bell');
const tbxDoc = fc.record({
  v3: fc.boolean(),
  rootLang: fc.constantFrom('en', 'de', 'fr-CA', ''),
  title: fc.option(termText),
  concepts: fc.array(fc.record({
    id: fc.option(fc.constantFrom('c1', 'c2', '1', '&amp;', '')),
    langs: fc.array(fc.record({
      lang: fc.constantFrom('en', 'de', 'fr', 'EN-US', 'de-AT', 'ja', 'th', '', 'zz'),
      terms: fc.array(fc.record({
        text: termText, bare: fc.boolean(),
        status: fc.option(fc.constantFrom('preferredTerm-admn-sts', 'admittedTerm-admn-sts', 'deprecatedTerm-admn-sts', 'forbidden', ' Preferred ', 'other')),
        note: fc.constantFrom('termNote', 'descrip', 'admin', 'basic:administrativeStatus'),
      }), { minLength: 1, maxLength: 3 }),
    }), { maxLength: 4 }),
  }), { maxLength: 12 }),
}).map((d) => {
  const [root, entry, ls, grp] = d.v3 ? ['tbx', 'conceptEntry', 'langSec', 'termSec'] : ['martif', 'termEntry', 'langSet', 'tig'];
  const header = d.title === null ? '' : `<${d.v3 ? 'tbxHeader' : 'martifHeader'}><fileDesc><titleStmt><title>${d.title}</title></titleStmt></fileDesc></${d.v3 ? 'tbxHeader' : 'martifHeader'}>`;
  let s = `<?xml version="1.0" encoding="UTF-8"?>\n<${root} type="TBX-Basic"${d.rootLang ? ` xml:lang="${d.rootLang}"` : ''}>${header}<text><body>\n`;
  for (const c of d.concepts) {
    s += `<${entry}${c.id === null ? '' : ` id="${c.id}"`}>\n`;
    for (const l of c.langs) {
      s += `<${ls}${l.lang ? ` xml:lang="${l.lang}"` : ''}>`;
      for (const t of l.terms) {
        const status = t.status === null ? '' : t.note.includes(':') ? `<${t.note}>${t.status}</${t.note}>` : `<${t.note} type="administrativeStatus">${t.status}</${t.note}>`;
        s += t.bare ? `<term>${t.text}</term>${status}\n` : `<${grp}><term>${t.text}</term>${status}</${grp}>\n`;
      }
      s += `</${ls}>\n`;
    }
    s += `</${entry}>\n`;
  }
  return `${s}</body></text></${root}>\n`;
});

/** Deep nesting, many attributes, many entities: the shapes that cost a reader most per byte. */
const costlyXml = fc.oneof(
  fc.record({ name: fc.constantFrom('hi', 'term', 'termEntry', 'langSet', 'tig', 'x', 'basic:hi'), depth: fc.integer({ min: 1, max: 5000 }), closed: fc.boolean(), inTerm: fc.boolean() })
    .map(({ name, depth, closed, inTerm }) => {
      const nest = `<${name}>`.repeat(depth) + 'deep' + (closed ? `</${name}>`.repeat(depth) : '');
      const inner = inTerm ? `<langSet xml:lang="en"><tig><term>${nest}</term></tig></langSet>` : nest;
      return `<martif><text><body><termEntry>${inner}</termEntry></body></text></martif>`;
    }),
  fc.record({ n: fc.integer({ min: 1, max: 400 }), names: fc.array(attrName, { minLength: 1, maxLength: 5 }), value: attrValue, where: fc.constantFrom('martif', 'termEntry', 'langSet', 'tig', 'termNote') })
    .map(({ n, names, value, where }) => {
      const attrs = Array.from({ length: n }, (_, i) => ` ${names[i % names.length]}${i >= names.length ? i : ''}="${value}"`).join('');
      const el = (name: string, body: string) => `<${name}${name === where ? attrs : ''}>${body}</${name}>`;
      return el('martif', el('text', el('body', el('termEntry', el('langSet', el('tig', `<term>t</term>${el('termNote', 'preferred')}`))))));
    }),
  // An entity defined once and referred to many times (bounded: at most 4096 characters, 2000 references).
  fc.record({ length: fc.integer({ min: 0, max: 4096 }), refs: fc.integer({ min: 0, max: 2000 }), inTerm: fc.boolean() })
    .map(({ length, refs, inTerm }) => {
      const text = '&e;'.repeat(refs);
      const body = inTerm ? `<langSet xml:lang="en"><tig><term>${text}</term></tig></langSet><langSet xml:lang="de"><tig><term>x</term></tig></langSet>` : `<note>${text}</note>`;
      return `<!DOCTYPE martif [<!ENTITY e "${'x'.repeat(length)}">]><martif><text><body><termEntry>${body}</termEntry></body></text></martif>`;
    }),
  // Many entities.
  fc.integer({ min: 1, max: 1100 }).map((n) => `<!DOCTYPE martif [${Array.from({ length: n }, (_, i) => `<!ENTITY e${i} "v${i}">`).join('')}]><martif>&e0;</martif>`),
);

/** Reads the bytes in chunks of `size`: the term base, or the ImportError it threw (any other throw fails). */
async function read(bytes: Uint8Array, size: number): Promise<TermBase | ImportError> {
  try {
    return await readTbx(chunksOf(bytes, size));
  } catch (e) {
    ownError(e, bytes);
    return e as ImportError;
  }
}

/** What was read, as plain data (the concepts made objects). Of a file with two faults, a stream meets first the one
 * that comes first in its chunks: a byte that does not decode after malformed XML may be all a whole read reports
 * (it decodes before it parses). So an error is compared as an error, not by its message. */
const readBack = (r: TermBase | ImportError) => r instanceof ImportError ? 'ImportError'
  : { version: r.version, dialect: r.dialect, title: r.title, encoding: r.encoding, languages: [...r.languages], concepts: [...r.concepts] };

/** The property every TBX input must meet: read in chunks of any size, it gives a term base or an ImportError; a term
 * base plans (for its languages and one it lacks) without throwing. */
async function tbxProperty(bytes: Uint8Array, size: number): Promise<void> {
  const r = await read(bytes, size);
  if (r instanceof ImportError) return;
  assert.ok(r.version === 2 || r.version === 3);
  for (const [lang, n] of r.languages) if (!(lang !== '' && Number.isInteger(n) && n >= 1 && n <= r.concepts.length)) assert.fail(show([lang, n]));
  const langs = [...r.languages.keys()].slice(0, 3);
  for (const source of [...langs, 'en', 'zz']) checkPlan(planConcepts(r.concepts, source, { format: `tbx-v${r.version}`, title: r.title }));
}

describe('fuzz: TBX reader', () => {
  const cases: Array<[string, fc.Arbitrary<Uint8Array>]> = [
    ['random bytes', randomBytes],
    ['random XML of TBX element names, any declaration, DOCTYPE and encoding', fc.tuple(hostileXml, encodingArb).map(([x, e]) => encode(x, e))],
    ['TBX files cut short or damaged', fc.tuple(tbxDoc, encodingArb, fc.array(damage, { minLength: 1, maxLength: 3 })).map(([x, e, d]) => damaged(encode(x, e), d))],
    ['deep nesting, many attributes, entities referred to many times', fc.tuple(costlyXml, fc.array(damage, { maxLength: 1 })).map(([x, d]) => damaged(encode(x, 'utf-8'), d))],
  ];
  for (const [what, input] of cases) {
    const title = `readTbx returns or throws ImportError, in time: ${what} (${RUNS} cases)`;
    it(title, async () => {
      const bound = new Bound(title);
      await fc.assert(fc.asyncProperty(input, chunkSize, bound.async(tbxProperty)), bound.params);
      bound.report();
    });
  }

  const title = `the same bytes read whole or in chunks of any size give the same result (${RUNS} cases)`;
  it(title, async () => {
    const bytes = fc.oneof(
      fc.tuple(tbxDoc, encodingArb).map(([x, e]) => encode(x, e)),
      fc.tuple(tbxDoc, encodingArb, fc.array(damage, { minLength: 1, maxLength: 2 })).map(([x, e, d]) => damaged(encode(x, e), d)),
      fc.tuple(hostileXml, encodingArb).map(([x, e]) => encode(x, e)),
    );
    const bound = new Bound(title);
    await fc.assert(fc.asyncProperty(bytes, fc.integer({ min: 1, max: 200 }), bound.async(async (b, size) => {
      assert.deepEqual(readBack(await read(b, size)), readBack(await read(b, 0)), show(b).slice(0, 2000));
    })), bound.params);
    bound.report();
  });
});

// ---- Spreadsheets ----

/** Cells that break CSV readers and the sheet's analysis: quotes (doubled, unbalanced, inside), every delimiter, line
 * breaks (in quoted fields too), BOMs, NUL, language codes and names (so that headers and the service's layout are
 * taken), column words, forbidden marks. */
const cellPiece = fc.constantFrom(
  'cloud', 'Wolke', 'a', ' ', '', 'é', '中文', '😀', '\uFEFF', '\u0000', '\u0085', '\u2028', '"', '""', '"a"', 'a"b', ',', ';', '\t', '\n', '\r\n', '\r',
  'en', 'EN', 'de', 'DE-de', 'en_US', 'fr', 'th', 'zz', 'English', 'Deutsch', 'German (Germany)', 'source', 'target', 'source_lang', 'forbidden',
  'yes', 'x', '1', '#', '=1+1', 'x'.repeat(1100),
);
const cellArb = fc.array(cellPiece, { maxLength: 4 }).map((p) => p.join(''));
const sheetText = fc.record({
  delimiter: fc.constantFrom(',', ';', '\t', '|'),
  quoteAll: fc.constantFrom('never', 'needed', 'always', 'random'),
  eol: fc.constantFrom('\n', '\r\n', '\r'),
  rows: fc.array(fc.array(fc.tuple(cellArb, fc.boolean()), { maxLength: 6 }), { maxLength: 12 }),
  header: fc.option(fc.array(fc.constantFrom('en', 'de', 'fr', 'ja', 'English', 'Deutsch', 'source', 'target', 'source_lang', 'target_lang', 'forbidden', 'notes', 'EN-US', 'th', ''), { maxLength: 6 })),
  finalBreak: fc.boolean(),
}).map((d) => {
  const field = ([v, q]: [string, boolean]) => {
    const needs = /["\r\n]/.test(v) || v.includes(d.delimiter);
    const quote = d.quoteAll === 'always' || (d.quoteAll === 'needed' && needs) || (d.quoteAll === 'random' && q);
    return quote ? `"${v.replace(/"/g, '""')}"` : v;
  };
  const rows = [...(d.header ? [d.header.map((h) => [h, false] as [string, boolean])] : []), ...d.rows];
  return rows.map((r) => r.map(field).join(d.delimiter)).join(d.eol) + (d.finalBreak ? d.eol : '');
});
/** The service's own CSV export, as the start of the damaged files. */
const serviceExport = fc.array(fc.tuple(cellArb, cellArb, fc.constantFrom('EN', 'en', 'DE', 'fr', 'FR-CA', 'th'), fc.constantFrom('DE', 'de', 'EN', 'ja', 'ZH')), { maxLength: 10 })
  .map((rows) => rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\n') + '\n');
const fileName = fc.constantFrom(undefined, 'terms.csv', 'terms.tsv', 'terms.txt', 'en-de.glossary.tsv', 'terms_EN_FR.csv', 'Glossary.en-de.tsv', 'de-de.csv', 'x', '/a/b\\c.TSV');
const delimiterOption = fc.constantFrom(undefined, undefined, ',' as const, ';' as const, '\t' as const);
const sheetBytes = fc.oneof(
  { weight: 1, arbitrary: randomBytes },
  { weight: 3, arbitrary: fc.tuple(sheetText, encodingArb).map(([t, e]) => encode(t, e)) },
  { weight: 2, arbitrary: fc.tuple(fc.oneof(sheetText, serviceExport), encodingArb, fc.array(damage, { minLength: 1, maxLength: 3 })).map(([t, e, d]) => damaged(encode(t, e), d)) },
);
/** A mapping as the user may pick it: columns up to `columns`, languages from codes. */
const userMapping = (columns: number): fc.Arbitrary<ColumnMapping> => {
  const col = fc.nat({ max: columns });
  return fc.oneof(
    fc.record({ kind: fc.constant('pairs' as const), source: col, target: col, sourceLang: col, targetLang: col }),
    fc.record({
      kind: fc.constant('languages' as const),
      columns: fc.array(fc.record({ index: col, lang: fc.constantFrom('en', 'de', 'fr', 'th', 'zz', '') }), { maxLength: 4 }),
      forbidden: fc.option(col, { nil: undefined }),
    }).map((m) => (m.forbidden === undefined ? { kind: m.kind, columns: m.columns } : m)),
  );
};

/** A sheet's rows count lines from 1 and its mapping names columns it has. */
function checkSheet(sheet: Sheet): void {
  for (const r of sheet.rows) {
    if (!(Number.isInteger(r.line) && r.line >= 1 && r.endLine >= r.line)) assert.fail(show(r));
    assert.ok(r.cells.length <= sheet.columnCount);
  }
  const m = sheet.mapping;
  const cols = !m ? [] : m.kind === 'pairs' ? [m.source, m.target, m.sourceLang, m.targetLang] : [...m.columns.map((c) => c.index), ...(m.forbidden === undefined ? [] : [m.forbidden])];
  for (const c of cols) assert.ok(c >= 0 && c < Math.max(1, sheet.columnCount), show(m));
}

function plans(sheet: Sheet, mapping: ColumnMapping, source: string | undefined): void {
  try {
    checkPlan(planSpreadsheet(sheet, mapping, source));
  } catch (e) {
    ownError(e, { rows: sheet.rows, mapping, source });
  }
}

describe('fuzz: spreadsheet import', () => {
  const title = `readSpreadsheet and planSpreadsheet return or throw ImportError, in time, for the guessed and any picked mapping (${RUNS} cases)`;
  it(title, () => {
    // Picked columns up to 6: past the end of most sheets, as a mapping kept from another file would be.
    const input = fc.tuple(sheetBytes, fileName, delimiterOption, userMapping(6), fc.constantFrom(undefined, 'en', 'de', 'zz'));
    const bound = new Bound(title);
    fc.assert(fc.property(input, bound.sync(([bytes, name, delimiter, picked, source]) => {
      let sheet: Sheet;
      try {
        sheet = readSpreadsheet(bytes, { fileName: name, delimiter });
      } catch (e) {
        ownError(e, bytes);
        return;
      }
      checkSheet(sheet);
      if (sheet.mapping) {
        for (const lang of [undefined, ...sheetLanguages(sheet, sheet.mapping).slice(0, 2)]) plans(sheet, sheet.mapping, lang);
      }
      sheetLanguages(sheet, picked);
      plans(sheet, picked, source);
    })), bound.params);
    bound.report();
  });
});
