/**
 * gettext PO: each msgid / msgid_plural and msgstr / msgstr[n], with the file offset of every character.
 *
 * A scanner of its own, not gettext-parser (the maintained reader on npm, 10.0.0): that one returns the strings
 * without their places in the file, and the term check must put each finding on its characters. The format is
 * line-based and small: keywords, adjacent quoted pieces, C escapes, `#` comments. Obsolete entries (`#~`) are not
 * shipped and are skipped; `#, fuzzy` marks the entry. Pure.
 */
import { MappedBuilder, type MappedText } from './mapped';
import { maskPlaceholders } from './placeholders';
import { joinIgnore, parseIgnoreMark, type ReadResult, type TranslationUnit, type UnitIgnore } from './types';

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\', a: '\x07', b: '\b', f: '\f', v: '\v', '?': '?', '\'': '\'' };

/** Decodes one quoted piece `"…"` starting at `quote` (the opening quote) into `b`; returns the offset after it. */
function piece(file: string, quote: number, lineEnd: number, b: MappedBuilder): number {
  let i = quote + 1;
  let run = i;
  while (i < lineEnd) {
    const c = file.charCodeAt(i);
    if (c === 34 /* " */) { b.verbatim(file, run, i); return i + 1; }
    if (c === 92 /* \ */ && i + 1 < lineEnd) {
      b.verbatim(file, run, i);
      const e = file[i + 1];
      if (e === 'x') {
        const m = /^[0-9a-fA-F]{1,2}/.exec(file.slice(i + 2, i + 4));
        if (m) { b.decoded(String.fromCharCode(parseInt(m[0], 16)), i, i + 2 + m[0].length); i += 2 + m[0].length; run = i; continue; }
      }
      if (e >= '0' && e <= '7') {
        const m = /^[0-7]{1,3}/.exec(file.slice(i + 1, i + 4))!;
        b.decoded(String.fromCharCode(parseInt(m[0], 8)), i, i + 1 + m[0].length);
        i += 1 + m[0].length;
        run = i;
        continue;
      }
      b.decoded(ESCAPES[e] ?? e, i, i + 2);
      i += 2;
      run = i;
      continue;
    }
    i++;
  }
  b.verbatim(file, run, lineEnd); // an unclosed quote: the rest of the line
  return lineEnd;
}

type Keyword = 'msgctxt' | 'msgid' | 'msgid_plural' | 'msgstr';

interface Entry {
  ctxt?: MappedText;
  id?: MappedText;
  plural?: MappedText;
  strs: MappedText[];
  fuzzy: boolean;
  /** A translator comment `# terminology-ignore: …` of the entry ("Ignore here"). */
  ignore?: UnitIgnore;
}

export function readPo(file: string): ReadResult {
  const result: ReadResult = { format: 'po', units: [], problems: [] };
  let entry: Entry = { strs: [], fuzzy: false };
  let current: MappedBuilder | undefined;
  let currentKey: { kw: Keyword; index: number } | undefined;
  let currentEnd = 0;

  const close = () => {
    if (!current || !currentKey) return;
    const text = current.build(currentEnd);
    if (currentKey.kw === 'msgctxt') entry.ctxt = text;
    else if (currentKey.kw === 'msgid') entry.id = text;
    else if (currentKey.kw === 'msgid_plural') entry.plural = text;
    else entry.strs[currentKey.index] = text;
    current = undefined;
    currentKey = undefined;
  };
  const finish = () => {
    close();
    const e = entry;
    entry = { strs: [], fuzzy: false };
    if (!e.id) return;
    if (e.id.text === '' && !e.ctxt) {
      // The header: its Language field names the target language.
      const lang = /^Language:\s*([^\s\\]+)/m.exec(e.strs[0]?.text ?? '');
      if (lang) result.targetLang = lang[1].replace('_', '-');
      return;
    }
    const base = (e.ctxt ? `${e.ctxt.text}\u0004` : '') + e.id.text;
    e.strs.forEach((str, n) => {
      if (!str) return;
      const source = e.plural && n > 0 ? e.plural : e.id!;
      const u: TranslationUnit = { id: e.plural ? `${base}[${n}]` : base, source: maskPlaceholders(source), target: maskPlaceholders(str) };
      if (e.fuzzy) u.fuzzy = true;
      if (e.ignore) u.ignore = e.ignore;
      result.units.push(u);
    });
  };

  let pos = 0;
  const n = file.length;
  if (file.charCodeAt(0) === 0xfeff) pos = 1;
  while (pos < n) {
    let lineEnd = file.indexOf('\n', pos);
    if (lineEnd === -1) lineEnd = n;
    const next = lineEnd + 1;
    let end = lineEnd;
    if (end > pos && file.charCodeAt(end - 1) === 13) end--;
    let i = pos;
    while (i < end && (file.charCodeAt(i) === 32 || file.charCodeAt(i) === 9)) i++;
    const c = file[i];
    // A blank line ends nothing: PO is a sequence of tokens (msgfmt reads quoted pieces after a blank line as the
    // string's continuation, and real headers have them); an entry ends where the next comment or keyword starts.
    if (i === end) { pos = next; continue; }
    if (c === '#') {
      // A comment starts a new entry when strings were read already.
      if (entry.id || current) finish();
      if (file[i + 1] === ',' && /(^|[\s,])fuzzy([\s,]|$)/.test(file.slice(i + 2, end))) entry.fuzzy = true;
      // A translator comment ("# " then text) may say which terms not to check in this entry.
      if (file[i + 1] === ' ' || file[i + 1] === '\t' || i + 1 === end) entry.ignore = joinIgnore(entry.ignore, parseIgnoreMark(file.slice(i + 1, end)));
      pos = next;
      continue;
    }
    if (c === '"') {
      if (current) { piece(file, i, end, current); currentEnd = end; }
      else result.problems.push({ message: 'A quoted string outside of any msgid or msgstr.', offset: i });
      pos = next;
      continue;
    }
    const m = /^(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])?[ \t]*/.exec(file.slice(i, Math.min(end, i + 40)));
    if (!m) {
      result.problems.push({ message: `Not a PO line: ${file.slice(i, Math.min(end, i + 30))}`, offset: i });
      pos = next;
      continue;
    }
    const kw = m[1] as Keyword;
    // A msgctxt or msgid after a msgstr starts the next entry (entries without a blank line between them).
    if ((kw === 'msgctxt' || kw === 'msgid') && (entry.id || entry.strs.length)) finish();
    else close();
    current = new MappedBuilder();
    currentKey = { kw, index: m[2] ? Number(m[2]) : 0 };
    const q = i + m[0].length;
    if (file[q] === '"') piece(file, q, end, current);
    currentEnd = end;
    pos = next;
  }
  finish();
  return result;
}
