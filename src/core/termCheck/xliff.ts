/** XLIFF 1.2 and 2.0/2.1: each source and target with the file offset of every character. saxes finds the tags; the
 * text between them is decoded here (entities, CDATA), so that each character keeps its place in the file. Inline
 * markup stays out of the text: paired codes (`<g>`, `<pc>`, `<mrk>`, `<bx/>`, `<ex/>`, `<sc/>`, `<ec/>`, `<bpt>`,
 * `<ept>`) leave nothing, a placeholder (`<x/>`, `<ph>`, `<it>`) leaves one U+FFFC, and the native code inside
 * `<bpt>`/`<ept>`/`<ph>`/`<it>` is not text. Pure. */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { MappedBuilder, PLACEHOLDER, type MappedText } from './mapped';
import { maskPlaceholders } from './placeholders';
import { decodeXmlEntities, joinIgnore, parseIgnoreMark, type ReadResult, type TranslationUnit, type UnitIgnore } from './types';

const local = (name: string) => {
  const i = name.indexOf(':');
  return i === -1 ? name : name.slice(i + 1);
};

/** Leave one placeholder character. */
const PLACEHOLDERS = new Set(['x', 'ph', 'it']);
/** Their content is native code, not text. */
const CODE_CONTENT = new Set(['ph', 'it', 'bpt', 'ept']);
/** XLIFF 1.2 states that ask for work (the translation is not final). */
const UNFINISHED = new Set(['new', 'needs-translation', 'needs-adaptation', 'needs-l10n', 'needs-review-translation', 'needs-review-adaptation', 'needs-review-l10n', 'initial']);

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: '\'' };

/** Decodes file text [from, to) between two tags (entities, CDATA; comments and processing instructions dropped). */
export function decodeXmlText(file: string, from: number, to: number, b: MappedBuilder): void {
  let i = from;
  while (i < to) {
    // The next '&' or '<' before `to` (indexOf would search the rest of the file each time).
    let next = i;
    while (next < to) {
      const c = file.charCodeAt(next);
      if (c === 38 || c === 60) break;
      next++;
    }
    b.verbatim(file, i, next);
    if (next >= to) return;
    const amp = next;
    const lt = next;
    if (file.charCodeAt(next) === 38) {
      const semi = file.indexOf(';', amp);
      const name = semi === -1 || semi > to ? '' : file.slice(amp + 1, semi);
      let ch: string | undefined = NAMED[name];
      if (ch === undefined && name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        if (Number.isFinite(code) && code >= 0 && code <= 0x10ffff) ch = String.fromCodePoint(code);
      }
      if (ch === undefined) { b.verbatim(file, amp, amp + 1); i = amp + 1; continue; }
      b.decoded(ch, amp, semi + 1);
      i = semi + 1;
      continue;
    }
    if (file.startsWith('<![CDATA[', lt)) {
      const end = file.indexOf(']]>', lt + 9);
      const stop = end === -1 || end > to ? to : end;
      b.verbatim(file, lt + 9, stop);
      i = Math.min(to, stop + 3);
    } else if (file.startsWith('<!--', lt)) {
      const end = file.indexOf('-->', lt + 4);
      i = end === -1 || end > to ? to : end + 3;
    } else if (file.startsWith('<?', lt)) {
      const end = file.indexOf('?>', lt + 2);
      i = end === -1 || end > to ? to : end + 2;
    } else { b.verbatim(file, lt, lt + 1); i = lt + 1; }
  }
}

interface Capture { which: 'source' | 'target'; depth: number; b: MappedBuilder; skipDepth: number; placeholderStart: number }

export function readXliff(file: string): ReadResult {
  const result: ReadResult = { format: 'xliff-1.2', units: [], problems: [] };
  // A plain parser with its handlers set through on(): measured on a 50 000-unit file, a subclass that declares the
  // handler properties in its constructor (as src/core/exchange/tbx.ts does) made saxes' own loop three times slower
  // here (815 ms against 280 ms).
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: string[] = [];
  let version2 = false;
  let unitId = '';
  let unitTranslate = true;
  let segmentIndex = 0;
  let segmentId: string | undefined;
  let segmentState: string | undefined;
  let source: MappedText | undefined;
  let target: MappedText | undefined;
  let targetState: string | undefined;
  let capture: Capture | undefined;
  /** The unit's notes that say which terms not to check ("Ignore here": `<note>terminology-ignore: cloud</note>`),
   * and where the note being read starts. */
  let unitIgnore: UnitIgnore | undefined;
  let noteFrom = -1;
  /** Where the text after the last tag starts. */
  let textFrom = 0;
  let tagStart = 0;

  const flush = (to: number) => {
    if (capture && capture.skipDepth === 0 && to > textFrom) decodeXmlText(file, textFrom, to, capture.b);
  };
  const emit = () => {
    if (!source || !unitTranslate) return;
    const id = version2 ? `${unitId}#${segmentId ?? segmentIndex}` : unitId;
    const state = version2 ? segmentState : targetState;
    const u: TranslationUnit = { id, source: maskPlaceholders(source), ...(target ? { target: maskPlaceholders(target) } : {}), ...(state ? { state } : {}) };
    if (state && (UNFINISHED.has(state) || state === 'initial')) u.fuzzy = true;
    if (unitIgnore) u.ignore = unitIgnore;
    result.units.push(u);
  };

  parser.on('opentagstart', () => {
    tagStart = file.lastIndexOf('<', parser.position - 1);
    flush(tagStart);
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = local(tag.name);
    const a = tag.attributes as Record<string, string>;
    const parent = stack[stack.length - 1];
    stack.push(name);
    const end = parser.position;
    textFrom = end;
    if (capture) {
      if (capture.skipDepth > 0) { if (!tag.isSelfClosing) capture.skipDepth++; return; }
      if (PLACEHOLDERS.has(name) || CODE_CONTENT.has(name)) {
        if (tag.isSelfClosing) { if (PLACEHOLDERS.has(name)) capture.b.decoded(PLACEHOLDER, tagStart, end); return; }
        capture.skipDepth = 1;
        capture.placeholderStart = PLACEHOLDERS.has(name) ? tagStart : -1;
      }
      return;
    }
    switch (name) {
      case 'xliff':
        version2 = (a.version ?? '').startsWith('2') || /xliff:document:2/.test(a.xmlns ?? '');
        result.format = version2 ? 'xliff-2' : 'xliff-1.2';
        if (version2) { result.sourceLang = a.srcLang; result.targetLang = a.trgLang; }
        return;
      case 'file':
        if (!version2) {
          result.sourceLang ??= a['source-language'];
          result.targetLang ??= a['target-language'];
        }
        return;
      case 'trans-unit':
      case 'unit':
        unitId = a.id ?? a.name ?? '';
        unitTranslate = a.translate !== 'no';
        segmentIndex = 0;
        source = target = undefined;
        targetState = undefined;
        unitIgnore = undefined;
        return;
      case 'note':
        // A unit's note (XLIFF 1.2: in <trans-unit>; 2.x: in the unit's <notes>).
        if (!tag.isSelfClosing && (parent === 'trans-unit' || (parent === 'notes' && stack[stack.length - 3] === 'unit'))) noteFrom = end;
        return;
      case 'segment':
        segmentIndex++;
        segmentId = a.id;
        segmentState = a.state;
        source = target = undefined;
        return;
      case 'source':
      case 'target': {
        // Only the unit's own source and target: not those of <alt-trans>, <seg-source> or a matches module.
        if (parent !== (version2 ? 'segment' : 'trans-unit')) return;
        if (name === 'target') targetState = a.state;
        if (tag.isSelfClosing) {
          const empty = new MappedBuilder().build(end);
          if (name === 'source') source = empty; else target = empty;
          return;
        }
        capture = { which: name, depth: stack.length, b: new MappedBuilder(), skipDepth: 0, placeholderStart: -1 };
        return;
      }
    }
  });
  parser.on('closetag', (tag: SaxesTagPlain) => {
    const name = local(tag.name);
    stack.pop();
    if (tag.isSelfClosing) return;
    const end = parser.position;
    const start = file.lastIndexOf('<', end - 1);
    if (capture) {
      if (capture.skipDepth > 0) {
        if (--capture.skipDepth === 0 && capture.placeholderStart >= 0) capture.b.decoded(PLACEHOLDER, capture.placeholderStart, end);
        textFrom = end;
        return;
      }
      flush(start);
      textFrom = end;
      if (stack.length < capture.depth) {
        const text = capture.b.build(start);
        if (capture.which === 'source') source = text; else target = text;
        capture = undefined;
      }
      return;
    }
    textFrom = end;
    if (name === 'note' && noteFrom >= 0) {
      unitIgnore = joinIgnore(unitIgnore, parseIgnoreMark(decodeXmlEntities(file.slice(noteFrom, start))));
      noteFrom = -1;
    }
    if (name === (version2 ? 'segment' : 'trans-unit')) emit();
  });
  parser.on('error', (err: Error) => {
    throw err;
  });
  try {
    parser.write(file).close();
  } catch (err) {
    result.problems.push({ message: `Not well-formed XML: ${(err as Error).message}`, offset: parser.position });
  }
  return result;
}
