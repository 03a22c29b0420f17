/** TBX import: TBX v2 (`martif` / `termEntry` / `langSet` / `tig|ntig` / `term`) and TBX v3 (`tbx` / `conceptEntry`
 * / `langSec` / `termSec` / `term`), DCA and DCT styles, any namespace prefix. Streams through saxes, so memory
 * holds the concepts read (their terms), never the file. Pure: no vscode. */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { StreamDecoder } from './decode';
import { internalEntities } from './entities';
import { ImportCancelled, ImportError, type Concept, type Term, type TermStatus } from './model';
import { rootCode } from '../languages';

export interface TermBase {
  version: 2 | 3;
  /** `TBX-Basic`, `TBX-Min`, … when the root names it. */
  dialect?: string;
  title?: string;
  encoding: string;
  concepts: Concept[];
  /** Root codes (lower case) → number of concepts with a term in that language. */
  languages: Map<string, number>;
}

export interface ReadOptions {
  /** Called after each chunk with the bytes read so far. */
  onProgress?(bytesRead: number): void;
  signal?: AbortSignal;
}

/** A string of its own: text from the parser may be a slice of the whole decoded chunk, which would keep the chunk in
 * memory for as long as the slice lives. */
const own = (s: string) => (' ' + s).slice(1);

const local = (name: string) => {
  const i = name.indexOf(':');
  return i === -1 ? name : name.slice(i + 1);
};

const STATUS_TYPES = new Set(['administrativestatus', 'normativeauthorization']);
const isStatusType = (type: string) => type === 'administrativeStatus' || type === 'normativeAuthorization' || STATUS_TYPES.has(type.toLowerCase());
const TERM_GROUPS = new Set(['tig', 'ntig', 'termSec']);

/** Normalises one status value (`preferredTerm-admn-sts`, `Deprecated`, `notRecommended`, …). */
export function statusOf(value: string): TermStatus {
  const v = value.toLowerCase().replace(/[^a-z]/g, '');
  if (/forbidden|rejected/.test(v)) return 'forbidden';
  if (/deprecated|superseded|obsolete|notrecommended/.test(v)) return 'deprecated';
  if (/preferred|standardized|legal|regulated/.test(v)) return 'preferred';
  if (/admitted/.test(v)) return 'admitted';
  return 'unspecified';
}

const RANK: Record<TermStatus, number> = { unspecified: 0, admitted: 1, preferred: 2, deprecated: 3, forbidden: 4 };

/** Several status values on one term: the strongest exclusion wins (a term marked both preferred and deprecated
 * is never imported), else preferred over admitted. */
function combine(values: string[], known: Map<string, TermStatus>): TermStatus {
  let best: TermStatus = 'unspecified';
  for (const v of values) {
    let s = known.get(v);
    if (s === undefined) { s = statusOf(v); if (known.size < 1000) known.set(own(v), s); }
    if (RANK[s] > RANK[best]) best = s;
  }
  return best;
}

/** Reads a TBX file from its byte chunks. Throws ImportError (with the line) for malformed XML, a file that is not
 * TBX, or a refused DOCTYPE; ImportCancelled when the signal aborts. */
export async function readTbx(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, options: ReadOptions = {}): Promise<TermBase> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const decoder = new StreamDecoder();
  const concepts: Concept[] = [];
  const languages = new Map<string, number>();
  const langCodes = new Map<string, string>(); // interned
  const statuses = new Map<string, TermStatus>();
  const roots = new Map<string, string>();
  let version: 2 | 3 | undefined;
  let dialect: string | undefined;
  let title: string | undefined;
  let rootLang = '';
  let depth = 0;
  let concept: Concept | undefined;
  let lang: string | undefined;
  let group: { text?: string; line: number; statuses: string[]; lang: string } | undefined;
  let groupDepth = 0;
  let capture: { kind: 'term' | 'status' | 'title'; depth: number; text: string; line: number } | undefined;
  let titleStmt = false;

  const intern = (code: string) => {
    let c = langCodes.get(code);
    if (c === undefined) { c = own(code); langCodes.set(c, c); }
    return c;
  };
  const endGroup = () => {
    if (!group || !concept) return;
    const status = group.statuses.length ? combine(group.statuses, statuses) : 'unspecified';
    const term: Term = { text: group.text ?? '', lang: group.lang, status, line: group.line };
    // The status as written is kept for the preview's list of terms left out.
    if (status === 'deprecated' || status === 'forbidden') term.rawStatus = own(group.statuses.join(', '));
    concept.terms.push(term);
    group = undefined;
  };

  parser.on('doctype', (text) => {
    Object.assign(parser.ENTITIES, internalEntities(text, parser.line)); // keeps the predefined ones (&amp; …)
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    depth++;
    const name = local(tag.name);
    const a = tag.attributes;
    if (depth === 1) {
      if (name === 'martif') version = 2;
      else if (name === 'tbx') version = 3;
      else throw new ImportError(`This is not a TBX file: its root element is <${tag.name}>, where TBX has <martif> (TBX v2) or <tbx> (TBX v3).`, parser.line);
      dialect = a.type || undefined;
      rootLang = a['xml:lang'] ?? '';
      return;
    }
    if (capture) return; // markup inside a term or a status (<hi>, <ph>): its text is taken with the rest
    if (name === 'titleStmt') { titleStmt = true; return; }
    if (name === 'title' && titleStmt && title === undefined) { capture = { kind: 'title', depth, text: '', line: parser.line }; listen(true); return; }
    if (name === 'termEntry' || name === 'conceptEntry') {
      concept = { line: parser.line, terms: [] };
      if (a.id) concept.id = own(a.id);
      return;
    }
    if (!concept) return;
    if (name === 'langSet' || name === 'langSec') { lang = intern(a['xml:lang'] ?? rootLang); return; }
    if (TERM_GROUPS.has(name) && !group) {
      group = { line: parser.line, statuses: [], lang: intern(a['xml:lang'] ?? lang ?? rootLang) };
      groupDepth = depth;
      return;
    }
    if (name === 'term') {
      if (!group) { group = { line: parser.line, statuses: [], lang: lang ?? rootLang }; groupDepth = -1; }
      if (group.text === undefined) { group.line = parser.line; capture = { kind: 'term', depth, text: '', line: parser.line }; listen(true); }
      return;
    }
    if (group && (((name === 'termNote' || name === 'descrip' || name === 'admin') && a.type !== undefined && isStatusType(a.type)) ||
      name === 'administrativeStatus' || name === 'normativeAuthorization')) {
      capture = { kind: 'status', depth, text: '', line: parser.line };
      listen(true);
    }
  });
  // Text is only listened to inside a term, a status or the title: saxes then skips building the text between tags.
  const onText = (t: string) => { if (capture) capture.text += t; };
  const handlers = parser as unknown as { textHandler?: (t: string) => void; cdataHandler?: (t: string) => void };
  const listen = (on: boolean) => { // what parser.on/off('text'|'cdata') do, without their lookup
    handlers.textHandler = handlers.cdataHandler = on ? onText : undefined;
  };
  parser.on('closetag', (tag) => {
    const name = local(tag.name);
    if (capture && depth === capture.depth) {
      listen(false);
      // A copy: a slice of the parser's chunk would keep the whole chunk in memory for as long as the term lives.
      if (capture.kind === 'term') group!.text = own(capture.text);
      else if (capture.kind === 'status') group!.statuses.push(capture.text.trim());
      else title = own(capture.text.trim());
      capture = undefined;
      if (name === 'term' && groupDepth === -1) endGroup();
    } else if (!capture) {
      if (name === 'titleStmt') titleStmt = false;
      else if (group && depth === groupDepth) endGroup();
      else if (name === 'langSet' || name === 'langSec') lang = undefined;
      else if (concept && (name === 'termEntry' || name === 'conceptEntry')) {
        endGroup();
        concepts.push(concept);
        // Counted once per concept and language (roots cached per written code).
        const terms = concept.terms;
        for (let i = 0; i < terms.length; i++) {
          let r = roots.get(terms[i].lang);
          if (r === undefined) { r = rootCode(terms[i].lang); roots.set(terms[i].lang, r); }
          let first = r !== '';
          for (let j = 0; j < i && first; j++) if (roots.get(terms[j].lang) === r) first = false;
          if (first) languages.set(r, (languages.get(r) ?? 0) + 1);
        }
        concept = undefined;
      }
    }
    depth--;
  });
  parser.on('error', (e) => {
    if (/must contain a root element/.test(e.message)) throw new ImportError('This file is empty or holds no XML element; a TBX file starts with <martif> or <tbx>.');
    const m = /^(\d+):(\d+): (.*)$/s.exec(e.message);
    if (m) throw new ImportError(`The XML is malformed at line ${m[1]}, column ${Number(m[2]) + 1}: ${m[3]}`, Number(m[1]), Number(m[2]) + 1);
    throw new ImportError(`The XML is malformed: ${e.message}`);
  });

  let bytes = 0;
  const write = (text: string) => {
    try {
      if (text) parser.write(text);
    } catch (e) {
      if (e instanceof ImportError && e.line === undefined && !/^The XML/.test(e.message)) throw new ImportError(e.message, parser.line);
      throw e;
    }
  };
  for await (const chunk of chunks) {
    if (options.signal?.aborted) throw new ImportCancelled();
    bytes += chunk.length;
    write(decoder.push(chunk));
    options.onProgress?.(bytes);
  }
  write(decoder.end());
  if (options.signal?.aborted) throw new ImportCancelled();
  try {
    parser.close();
  } catch (e) {
    if (e instanceof ImportError) throw e;
    throw new ImportError(`The XML ends too early: ${(e as Error).message}`, parser.line);
  }
  if (version === undefined) throw new ImportError('This file is empty or holds no XML element; a TBX file starts with <martif> or <tbx>.');
  const result: TermBase = { version, encoding: decoder.encoding ?? 'utf-8', concepts, languages };
  if (dialect) result.dialect = dialect;
  if (title) result.title = title;
  return result;
}
