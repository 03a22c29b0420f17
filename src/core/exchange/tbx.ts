/** TBX import: TBX v2 (`martif` / `termEntry` / `langSet` / `tig|ntig` / `term`) and TBX v3 (`tbx` / `conceptEntry`
 * / `langSec` / `termSec` / `term`), DCA and DCT styles, any namespace prefix. Streams through saxes, so memory
 * holds the concepts read (their terms), never the file. Pure: no vscode. */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { StreamDecoder } from './decode';
import { internalEntities } from './entities';
import { ImportCancelled, ImportError, type TermStatus } from './model';
import { ConceptStore, EXCLUDED, STATUS_NUMBER, TOO_LONG } from './store';
import { normalizeLanguage } from '../languages';
import { LIMITS } from '../findings';

export interface TermBase {
  version: 2 | 3;
  /** `TBX-Basic`, `TBX-Min`, … when the root names it. */
  dialect?: string;
  title?: string;
  encoding: string;
  /** The encoding the file's declaration names, when the bytes were read in another (a declaration that lies). */
  declaredEncoding?: string;
  /** The concepts, in file order (iterable as `Concept` objects; `planConcepts` reads the columns directly). */
  concepts: ConceptStore;
  /** Root codes (lower case) → number of concepts with a term in that language. */
  languages: Map<string, number>;
  /** The language the file declares as its own (the root element's `xml:lang`), as a root code. */
  declaredLang?: string;
  /** langSet / langSec elements that name their language with a bare `lang` attribute, which TBX does not read (it
   * is `xml:lang`): what a message about a file with no language points at. */
  bareLangAttributes?: number;
}

/** The file's languages in the order to offer them as the source: the declared one first (when it has terms), then
 * by number of concepts (file order on a tie). The first is the default. */
export function sourceLanguages(tb: Pick<TermBase, 'languages' | 'declaredLang'>): Array<{ lang: string; concepts: number; declared: boolean }> {
  const all = [...tb.languages].map(([lang, concepts], order) => ({ lang, concepts, declared: lang === tb.declaredLang, order }));
  all.sort((a, b) => Number(b.declared) - Number(a.declared) || b.concepts - a.concepts || a.order - b.order);
  return all.map(({ lang, concepts, declared }) => ({ lang, concepts, declared }));
}

export interface ReadOptions {
  /** Called after each chunk with the bytes read so far. */
  onProgress?(bytesRead: number): void;
  signal?: AbortSignal;
}

/** Bounds on the work any file can cause, whatever its size (issue #29): what internal entities may expand to in all
 * (their references are counted, wherever they are: a term, an attribute, text that is not kept), how deep elements
 * may nest, how many attributes one element may have, how long a comment, processing instruction, CDATA section,
 * attribute value or DOCTYPE may be, how many language codes a file may use. Past any of them the file is refused
 * with an ImportError that says which; a term longer than the service's phrase limit is not an error: it is left out
 * with its line as soon as its text passes the limit, and never kept whole. */
export const READ_LIMITS = {
  expandedChars: 8 * 1024 * 1024,
  depth: 1000,
  attributes: 1000,
  markupChars: 1024 * 1024,
  languages: 1000,
  /** UTF-16 units of a term's text (without the spaces around it) past which it is too long: a text of more units
   * than the limit has bytes UTF-8 holds more of. Shorter ones the entry rules check by their bytes. */
  termUnits: LIMITS.phraseBytes,
  /** Characters kept of a status value, a title or a concept id (the rest is dropped). */
  shortText: 1024,
} as const;

/** Text is given to the parser in slices of at most this many characters, so that what one write can build before the
 * bounds are checked again stays small. */
const WRITE_SLICE = 256 * 1024;

// saxes's states in which its `text` holds character data (text, an entity reference in it, CDATA): see saxes.js.
const S_TEXT = 13;
const S_ENTITY = 14;
const S_CDATA = 20;
const S_CDATA_ENDING_2 = 22;
const isWhite = (c: number) => c === 32 || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(String.fromCharCode(c)));

/** saxes adds a handler as a property of the parser when one is set; past a dozen properties added after its
 * constructor, V8 turns the object into a dictionary and every property read of the parser's hot loop becomes a hash
 * look-up (three times slower in all). So every handler this reader sets is made in the constructor. */
class Parser extends SaxesParser {
  constructor() {
    super({ xmlns: false, position: true });
    const self = this as unknown as Record<string, unknown>;
    for (const name of ['textHandler', 'cdataHandler', 'doctypeHandler', 'commentHandler', 'piHandler', 'attributeHandler', 'openTagHandler', 'closeTagHandler', 'errorHandler']) {
      self[name] = undefined;
    }
  }
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
/** Notes that mark a term by a yes/no value rather than name its status: Phrase (Memsource) writes
 * `<termNote type="forbidden">true</termNote>` and `<termNote type="preferred">false</termNote>` on every term. */
const FLAG_TYPES = new Set(['forbidden', 'preferred']);
const FLAG_TRUE = /^(true|yes|1)$/i;

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
  const parser = new Parser();
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
  let bareLang = 0;
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
  /** The status note being read is a yes/no flag of this status (FLAG_TYPES), or '' for one that names its status. */
  let flagType = '';
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
  // What text is taken: 0 none, 1 a term (into the pool), 2 a status, 3 the title, 4 a term past the phrase limit
  // (its text is dropped as it comes).
  let capture = 0;
  let captureDepth = 0;
  let captureText = '';
  // The term being read: its units taken so far, and whether it passed the limit (then its line is kept, no text).
  let termUnits = 0;
  let groupTooLong = false;
  // Characters the file's internal entities expanded to so far (READ_LIMITS.expandedChars).
  let expanded = 0;
  let attributes = 0;
  let titleStmt = false;
  // The pool being filled: the texts of this chunk's terms (and concept ids).
  let pending: string[] = [];
  let pendingLength = 0;

  const langId = (code: string): number => {
    const known = store.langs;
    for (let i = 0; i < known.length && i < 12; i++) if (known[i] === code) return i; // a few codes, short: faster than hashing
    let id = langIds.get(code);
    if (id === undefined) {
      if (langIds.size >= READ_LIMITS.languages) {
        throw new ImportError(`Refused: the file uses more than ${READ_LIMITS.languages} different language codes (the last one "${code.slice(0, 40)}"). A term base holds a few dozen.`, parser.line);
      }
      const kept = own(code.length > 64 ? code.slice(0, 64) : code);
      id = store.langs.length;
      langIds.set(kept, id);
      store.langs.push(kept);
      // A code that names no language (`---`) has no root: its terms are no language's.
      const n = normalizeLanguage(kept);
      const root = n.invalid ? '' : n.code;
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
  /** The term's pieces (from groupStart on) put back to `text`. */
  const retake = (text: string) => {
    while (pendingLength > groupStart) pendingLength -= pending.pop()!.length;
    if (text) take(text);
  };
  /** A term's text passed READ_LIMITS.termUnits: is it too long once the spaces around it are cut? If so, its text is
   * dropped and the rest of it will be too; if not (spaces), it is kept as one piece, with one space for those cut
   * (so the planner still says that it removed spaces around it). */
  const checkTermLength = () => {
    const all = pending.slice(pending.length - countPieces()).join('');
    let a = 0;
    let b = all.length;
    while (a < b && isWhite(all.charCodeAt(a))) a++;
    while (b > a && isWhite(all.charCodeAt(b - 1))) b--;
    if (b - a > READ_LIMITS.termUnits) {
      retake('');
      capture = 4;
      handlers.textHandler = undefined; // the parser stops building the rest of its text
      groupTooLong = true;
      termUnits = 0;
      return;
    }
    const kept = (a > 0 ? ' ' : '') + all.slice(a, b) + (b < all.length ? ' ' : '');
    retake(own(kept));
    termUnits = kept.length;
  };
  /** How many pieces of `pending` belong to the term being read. */
  const countPieces = () => {
    let n = 0;
    for (let len = pendingLength; len > groupStart; n++) len -= pending[pending.length - 1 - n].length;
    return n;
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
    termUnits = 0;
    handlers.textHandler = onText;
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
    if (groupTooLong) store.addTerm(TOO_LONG, 0, 0, groupLang, status, raw, groupLine);
    else if (groupText && groupEnd > groupStart) store.addTerm(groupPool, groupStart, groupEnd, groupLang, status, raw, groupLine);
    else store.addTerm(-1, 0, 0, groupLang, status, raw, groupLine);
    group = false;
    groupText = false;
    groupTooLong = false;
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

  // Every handler field exists from the constructor (see Parser), so the parser keeps one shape while it runs. The
  // text handler is set and unset directly; `text`, `state` and `attribList` are read after each write (bound()).
  const handlers = parser as unknown as { textHandler?: (t: string) => void; text: string; state: number; attribList: unknown[] };
  const tooLongMarkup = (what: string, length: number) => {
    if (length > READ_LIMITS.markupChars) {
      throw new ImportError(`Refused: ${what} of more than ${READ_LIMITS.markupChars} characters, which a term base does not hold (near line ${parser.line}).`, parser.line);
    }
  };
  parser.on('doctype', (text) => {
    tooLongMarkup('a DOCTYPE', text.length);
    // The predefined entities (&amp; …) stay; each internal one counts what it expands to, wherever it is referred to.
    for (const [name, value] of Object.entries(internalEntities(text, parser.line))) {
      Object.defineProperty(parser.ENTITIES, name, {
        enumerable: true,
        get: () => {
          expanded += value.length;
          if (expanded > READ_LIMITS.expandedChars) {
            throw new ImportError(`Refused: the file's entities expand to more than ${READ_LIMITS.expandedChars} characters (the entity "${name}", ` +
              `${value.length} characters, is referred to over and over: the pattern of an entity-expansion attack, which would use up memory). ` +
              'Remove the internal DTD subset, or write the text out, and import again.', parser.line);
          }
          return value;
        },
      });
    }
  });
  parser.on('comment', (text) => tooLongMarkup('a comment', text.length));
  parser.on('processinginstruction', (pi) => tooLongMarkup('a processing instruction', pi.body.length));
  // CDATA is text like any other inside a term, a status or the title; elsewhere it is only measured.
  parser.on('cdata', (text) => { if (capture !== 0) onText(text); else tooLongMarkup('a CDATA section', text.length); });
  parser.on('attribute', (a) => {
    if (++attributes > READ_LIMITS.attributes) throw new ImportError(`Refused: an element with more than ${READ_LIMITS.attributes} attributes (line ${parser.line}).`, parser.line);
    tooLongMarkup(`the attribute ${a.name.slice(0, 40)}`, a.value.length);
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    attributes = 0;
    if (++depth > READ_LIMITS.depth) throw new ImportError(`Refused: elements nested more than ${READ_LIMITS.depth} deep (line ${parser.line}); a term base nests about ten.`, parser.line);
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
          if (type !== undefined && isStatusType(type)) { flagType = ''; startCapture(2); }
          else if (type !== undefined && FLAG_TYPES.has(type.toLowerCase())) { flagType = type.toLowerCase(); startCapture(2); }
        }
        return;
      case 'administrativeStatus': case 'normativeAuthorization':
        if (group) { flagType = ''; startCapture(2); }
        return;
      case 'langSet': case 'langSec':
        if (inConcept) {
          const l = tag.attributes['xml:lang'];
          lang = l !== undefined ? langId(l) : rootLang;
          if (l === undefined && tag.attributes.lang !== undefined) bareLang++;
        }
        return;
      case 'termEntry': case 'conceptEntry': {
        let id = tag.attributes.id;
        if (id && id.length > READ_LIMITS.shortText) id = id.slice(0, READ_LIMITS.shortText);
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
  const onText = (t: string) => {
    if (capture === 1) {
      take(t);
      termUnits += t.length;
      if (termUnits > READ_LIMITS.termUnits) checkTermLength();
    } else if (capture === 2 || capture === 3) {
      // The first characters only, however the text comes in pieces.
      if (captureText.length < READ_LIMITS.shortText) {
        captureText += t;
        if (captureText.length > READ_LIMITS.shortText) captureText = captureText.slice(0, READ_LIMITS.shortText);
      }
    }
  };
  parser.on('closetag', (tag) => {
    if (capture !== 0) {
      if (depth === captureDepth) {
        handlers.textHandler = undefined; // what parser.off('text') does, without its lookup
        if (capture === 1 || capture === 4) { groupText = true; groupEnd = pendingLength; }
        else if (capture === 2) {
          const written = captureText.trim();
          // A flag note says its status only when it is true ("forbidden: true"); false says nothing.
          const v = flagType === '' ? written : FLAG_TRUE.test(written) ? `${flagType}: ${written}` : '';
          if (v !== '') {
            const n = statusNumber(flagType === '' ? v : flagType);
            if (n > groupStatus) groupStatus = n;
            groupRaw = groupValues++ === 0 ? v : `${groupRaw}, ${v}`;
          }
        }
        else title = own(captureText.trim());
        const wasTerm = capture === 1 || capture === 4;
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
  /** After each write: text the parser holds for what is being read. In a term, a status or the title it is taken now
   * (so a term passes the phrase limit as soon as its text does, even before its end tag); anything else (an attribute
   * value, a comment, a DOCTYPE…) is measured. */
  const bound = () => {
    const held = handlers.text;
    if (held.length === 0) return;
    const state = handlers.state;
    if (capture !== 0 && (state === S_TEXT || state === S_ENTITY || (state >= S_CDATA && state <= S_CDATA_ENDING_2))) {
      handlers.text = '';
      onText(held);
    } else {
      tooLongMarkup('markup (a DOCTYPE, comment, CDATA section, processing instruction or attribute value)', held.length);
    }
    if (handlers.attribList.length > READ_LIMITS.attributes) throw new ImportError(`Refused: an element with more than ${READ_LIMITS.attributes} attributes (line ${parser.line}).`, parser.line);
  };
  const write = (text: string) => {
    try {
      for (let i = 0; i < text.length; i += WRITE_SLICE) {
        parser.write(text.length <= WRITE_SLICE ? text : text.slice(i, i + WRITE_SLICE));
        bound();
      }
    } catch (e) {
      if (e instanceof ImportError) {
        if (e.line === undefined && !/^The XML/.test(e.message)) throw new ImportError(e.message, parser.line);
        throw e;
      }
      // Nothing else should come out of the parser; if it does (a string too long, a state saxes calls impossible),
      // it is still the file's fault, said as this reader's error.
      throw new ImportError(`The file cannot be read (near line ${parser.line}): ${(e as Error).message}`, parser.line);
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
  if (decoder.declared) result.declaredEncoding = decoder.declared;
  const declared = rootLang === -1 ? '' : store.langRoots[rootLang];
  if (declared && languages.has(declared)) result.declaredLang = declared;
  if (dialect) result.dialect = dialect;
  if (title) result.title = title;
  if (bareLang) result.bareLangAttributes = bareLang;
  return result;
}
