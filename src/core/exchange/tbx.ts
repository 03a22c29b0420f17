/** TBX import: TBX v2 (`martif` / `termEntry` / `langSet` / `tig|ntig` / `term`) and TBX v3 (`tbx` / `conceptEntry`
 * / `langSec` / `termSec` / `term`), DCA and DCT styles, any namespace prefix. Streams through saxes, so memory
 * holds the concepts read (their terms), never the file. Pure: no vscode. */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { StreamDecoder } from './decode';
import { internalEntities } from './entities';
import { ImportCancelled, ImportError, type TermStatus } from './model';
import { ConceptStore, EXCLUDED, STATUS_NUMBER } from './store';
import { rootCode } from '../languages';

export interface TermBase {
  version: 2 | 3;
  /** `TBX-Basic`, `TBX-Min`, … when the root names it. */
  dialect?: string;
  title?: string;
  encoding: string;
  /** The concepts, in file order (iterable as `Concept` objects; `planConcepts` reads the columns directly). */
  concepts: ConceptStore;
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

/** Normalises one status value (`preferredTerm-admn-sts`, `Deprecated`, `notRecommended`, …). */
export function statusOf(value: string): TermStatus {
  const v = value.toLowerCase().replace(/[^a-z]/g, '');
  if (/forbidden|rejected/.test(v)) return 'forbidden';
  if (/deprecated|superseded|obsolete|notrecommended/.test(v)) return 'deprecated';
  if (/preferred|standardized|legal|regulated/.test(v)) return 'preferred';
  if (/admitted/.test(v)) return 'admitted';
  return 'unspecified';
}

/** Reads a TBX file from its byte chunks. Throws ImportError (with the line) for malformed XML, a file that is not
 * TBX, or a refused DOCTYPE; ImportCancelled when the signal aborts.
 *
 * The handlers allocate nothing per element they pass over: tag names are compared as they come (a prefix is cut
 * only when there is one), attributes are read only on the elements that carry what is kept, text is listened to
 * only inside a term, a status or the title, and a term's text goes into the chunk's pool (see ConceptStore). */
export async function readTbx(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, options: ReadOptions = {}): Promise<TermBase> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const decoder = new StreamDecoder();
  const store = new ConceptStore();
  const languages = new Map<string, number>();
  const langIds = new Map<string, number>();
  const rootIds: number[] = []; // by language id: root id, -1 for ''
  const rootNames: string[] = [];
  const rootCounts: number[] = [];
  const rootStamps: number[] = []; // the last concept counted in that root
  const rootSeen = new Map<string, number>();
  const statuses = new Map<string, TermStatus>();
  const raws = new Map<string, number>();
  let version: 2 | 3 | undefined;
  let dialect: string | undefined;
  let title: string | undefined;
  let rootLang = -1;
  let depth = 0;
  let inConcept = false;
  let lang = -1;
  // The open term group (tig, ntig, termSec; or a <term> outside one: depth -1).
  let group = false;
  let groupDepth = 0;
  let groupLine = 0;
  let groupLang = 0;
  let groupText = false;
  let groupPool = -1;
  let groupStart = 0;
  let groupEnd = 0;
  // Several status values on one term: the strongest exclusion wins (a term marked both preferred and deprecated is
  // never imported), else preferred over admitted; the values as written, joined.
  let groupStatus = 0;
  let groupRaw = '';
  let groupValues = 0;
  let lastValue = '';
  let lastStatus = 0;
  let otherValue = '';
  let otherStatus = 0;
  const statusNumber = (v: string): number => {
    // Most files use two or three values: the last two are compared before the map is asked.
    if (v === lastValue) return lastStatus;
    if (v === otherValue) { otherValue = lastValue; lastValue = v; const n = otherStatus; otherStatus = lastStatus; return lastStatus = n; }
    let s = statuses.get(v);
    if (s === undefined) { s = statusOf(v); if (statuses.size < 1000) statuses.set(own(v), s); }
    otherValue = lastValue;
    otherStatus = lastStatus;
    lastValue = v; // may be a slice of the parser's chunk: keeps at most two chunks
    return lastStatus = STATUS_NUMBER[s];
  };
  // What text is taken: 0 none, 1 a term (into the pool), 2 a status, 3 the title.
  let capture = 0;
  let captureDepth = 0;
  let captureText = '';
  let titleStmt = false;
  // The pool being filled: the texts of this chunk's terms (and concept ids).
  let pending: string[] = [];
  let pendingLength = 0;

  const langId = (code: string): number => {
    const known = store.langs;
    for (let i = 0; i < known.length && i < 12; i++) if (known[i] === code) return i; // a few codes, short: faster than hashing
    let id = langIds.get(code);
    if (id === undefined) {
      const kept = own(code);
      id = store.langs.length;
      langIds.set(kept, id);
      store.langs.push(kept);
      const root = rootCode(kept);
      store.langRoots.push(root);
      let r = -1;
      if (root !== '') {
        r = rootSeen.get(root) ?? -1;
        if (r === -1) { r = rootNames.length; rootSeen.set(root, r); rootNames.push(root); rootCounts.push(0); rootStamps.push(-1); }
      }
      rootIds.push(r);
    }
    return id;
  };
  const take = (text: string) => {
    pending.push(text);
    pendingLength += text.length;
  };
  const flush = () => {
    if (!pending.length) return;
    // join copies the texts out of the parser's chunk (one text alone would be returned as it is: copied apart).
    store.pools.push(pending.length === 1 ? own(pending[0]) : pending.join(''));
    pending = [];
    pendingLength = 0;
  };
  const startCapture = (kind: number) => {
    capture = kind;
    captureDepth = depth;
    captureText = '';
    handlers.textHandler = handlers.cdataHandler = onText;
  };
  const endGroup = () => {
    if (!group || !inConcept) return;
    let raw = -1;
    // The status as written is kept for the preview's list of terms left out.
    if (groupStatus >= EXCLUDED) {
      raw = raws.get(groupRaw) ?? -1;
      if (raw === -1) { raw = store.raws.length; const kept = own(groupRaw); store.raws.push(kept); raws.set(kept, raw); }
    }
    const status = groupStatus;
    groupStatus = 0;
    groupRaw = '';
    groupValues = 0;
    if (groupText && groupEnd > groupStart) store.addTerm(groupPool, groupStart, groupEnd, groupLang, status, raw, groupLine);
    else store.addTerm(-1, 0, 0, groupLang, status, raw, groupLine);
    group = false;
    groupText = false;
  };
  const endConcept = () => {
    endGroup();
    // Counted once per concept and language.
    const i = store.length - 1;
    for (let t = store.firstTerm(i), end = store.termCount; t < end; t++) {
      const r = rootIds[store.termLang(t)];
      if (r !== -1 && rootStamps[r] !== i) {
        rootStamps[r] = i;
        if (rootCounts[r]++ === 0) languages.set(rootNames[r], 0);
      }
    }
    inConcept = false;
  };

  // Every handler field is set before the first byte, in one order, so the parser keeps one shape while it runs
  // (saxes adds them as properties when asked; one added midway would make its hot functions polymorphic).
  const handlers = parser as unknown as { textHandler?: (t: string) => void; cdataHandler?: (t: string) => void };
  handlers.textHandler = undefined;
  handlers.cdataHandler = undefined;
  parser.on('doctype', (text) => {
    Object.assign(parser.ENTITIES, internalEntities(text, parser.line)); // keeps the predefined ones (&amp; …)
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    depth++;
    if (capture !== 0) return; // markup inside a term or a status (<hi>, <ph>): its text is taken with the rest
    const name = tag.name.indexOf(':') === -1 ? tag.name : local(tag.name);
    if (depth === 1) {
      const a = tag.attributes;
      if (name === 'martif') version = 2;
      else if (name === 'tbx') version = 3;
      else throw new ImportError(`This is not a TBX file: its root element is <${tag.name}>, where TBX has <martif> (TBX v2) or <tbx> (TBX v3).`, parser.line);
      dialect = a.type || undefined;
      rootLang = langId(a['xml:lang'] ?? '');
      return;
    }
    switch (name) {
      case 'term':
        if (!inConcept) return;
        if (!group) { group = true; groupDepth = -1; groupLang = lang !== -1 ? lang : rootLang; groupText = false; }
        if (!groupText) {
          groupLine = parser.line;
          groupPool = store.pools.length;
          groupStart = pendingLength;
          startCapture(1);
        }
        return;
      case 'termSec': case 'tig': case 'ntig':
        if (!inConcept || group) return;
        {
          const l = tag.attributes['xml:lang'];
          group = true;
          groupDepth = depth;
          groupLine = parser.line;
          groupLang = l !== undefined ? langId(l) : lang !== -1 ? lang : rootLang;
          groupText = false;
        }
        return;
      case 'termNote': case 'descrip': case 'admin':
        if (group) {
          const type = tag.attributes.type;
          if (type !== undefined && isStatusType(type)) startCapture(2);
        }
        return;
      case 'administrativeStatus': case 'normativeAuthorization':
        if (group) startCapture(2);
        return;
      case 'langSet': case 'langSec':
        if (inConcept) { const l = tag.attributes['xml:lang']; lang = l !== undefined ? langId(l) : rootLang; }
        return;
      case 'termEntry': case 'conceptEntry': {
        const id = tag.attributes.id;
        if (id) { store.addConcept(parser.line, store.pools.length, pendingLength, pendingLength + id.length); take(id); }
        else store.addConcept(parser.line, -1, 0, 0);
        inConcept = true;
        return;
      }
      case 'titleStmt':
        titleStmt = true;
        return;
      case 'title':
        if (titleStmt && title === undefined) startCapture(3);
        return;
    }
  });
  // Text is only listened to inside a term, a status or the title: saxes then skips building the text between tags.
  const onText = (t: string) => { if (capture === 1) take(t); else captureText += t; };
  parser.on('closetag', (tag) => {
    if (capture !== 0) {
      if (depth === captureDepth) {
        handlers.textHandler = handlers.cdataHandler = undefined; // what parser.off('text'|'cdata') does, without its lookup
        if (capture === 1) { groupText = true; groupEnd = pendingLength; }
        else if (capture === 2) {
          const v = captureText.trim();
          const n = statusNumber(v);
          if (n > groupStatus) groupStatus = n;
          groupRaw = groupValues++ === 0 ? v : `${groupRaw}, ${v}`;
        }
        else title = own(captureText.trim());
        const wasTerm = capture === 1;
        capture = 0;
        captureText = '';
        if (wasTerm && groupDepth === -1) endGroup();
      }
    } else if (group && depth === groupDepth) endGroup();
    else {
      const name = tag.name.indexOf(':') === -1 ? tag.name : local(tag.name);
      switch (name) {
        case 'titleStmt': titleStmt = false; break;
        case 'langSet': case 'langSec': lang = -1; break;
        case 'termEntry': case 'conceptEntry': if (inConcept) endConcept(); break;
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
    if (capture !== 1) flush();
    options.onProgress?.(bytes);
  }
  write(decoder.end());
  flush();
  if (options.signal?.aborted) throw new ImportCancelled();
  try {
    parser.close();
  } catch (e) {
    if (e instanceof ImportError) throw e;
    throw new ImportError(`The XML ends too early: ${(e as Error).message}`, parser.line);
  }
  if (version === undefined) throw new ImportError('This file is empty or holds no XML element; a TBX file starts with <martif> or <tbx>.');
  for (const [root] of languages) languages.set(root, rootCounts[rootSeen.get(root)!]);
  const result: TermBase = { version, encoding: decoder.encoding ?? 'utf-8', concepts: store, languages };
  if (dialect) result.dialect = dialect;
  if (title) result.title = title;
  return result;
}
