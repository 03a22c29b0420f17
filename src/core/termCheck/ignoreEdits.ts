/** "Ignore here": the edit that writes a term check's ignore mark where the file's format allows one, as one text
 * replacement: a translator comment above a PO entry, a note in an XLIFF unit, or the manifest's "termIgnore" for
 * the files without comments of their own (see TranslationUnit.ignore). Each keeps what is there: a mark that
 * exists gets the term added, a mark that ignores every term already is left alone (undefined). Pure. */
import { applyEdits, modify, parseTree, findNodeAtLocation } from 'jsonc-parser';
import { encodeField, parseEntries } from '../serialize';
import { decodeXmlEntities, IGNORE_MARK, parseIgnoreMark } from './types';

/** Replace text[start, end) with `text`. */
export interface TextEdit { start: number; end: number; text: string }

const eolOf = (text: string) => (text.includes('\r\n') ? '\r\n' : '\n');
const lineStart = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1;
const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A mark's text with `term` added (undefined: it covers the term already). */
function withTerm(mark: string, term: string): string | undefined {
  const m = parseIgnoreMark(mark);
  if (!m) return undefined;
  if (m.all || m.terms.some((t) => t.toLowerCase() === term.toLowerCase())) return undefined;
  return `${IGNORE_MARK}: ${[...m.terms, term].join(', ')}`;
}

/** PO: the entry around `offset` (a place in its msgstr) gets `# terminology-ignore: term` above its comments. */
export function poIgnoreEdit(text: string, offset: number, term: string): TextEdit | undefined {
  // Up from the line of `offset` to the entry's msgid, then over its msgctxt and comments.
  let at = lineStart(text, offset);
  for (;;) {
    const line = text.slice(at, text.indexOf('\n', at) === -1 ? text.length : text.indexOf('\n', at)).trimStart();
    if (line.startsWith('msgid ') || line.startsWith('msgid"')) break;
    if (at === 0) return undefined;
    at = lineStart(text, at - 1);
  }
  let top = at;
  while (top > 0) {
    const prev = lineStart(text, top - 1);
    const line = text.slice(prev, top).trim();
    if ((line.startsWith('#') && !line.startsWith('#~')) || line.startsWith('msgctxt')) { top = prev; continue; }
    if (!line.startsWith('"')) break;
    // Quoted lines above the msgid belong to the entry only as the continuation of its msgctxt (otherwise they end the
    // entry before it).
    let k = prev;
    while (k > 0 && text.slice(lineStart(text, k - 1), k).trim().startsWith('"')) k = lineStart(text, k - 1);
    const keyword = k > 0 ? lineStart(text, k - 1) : -1;
    if (keyword >= 0 && text.slice(keyword, k).trim().startsWith('msgctxt')) { top = keyword; continue; }
    break;
  }
  // A mark in the entry's comments: the term added to it.
  for (let l = top; l < at;) {
    const end = text.indexOf('\n', l);
    const raw = text.slice(l, end === -1 ? text.length : end).replace(/\r$/, '');
    if (/^#[ \t]/.test(raw) && parseIgnoreMark(raw.slice(1))) {
      const next = withTerm(raw.slice(1), term);
      return next === undefined ? undefined : { start: l, end: l + raw.length, text: `# ${next}` };
    }
    l = end === -1 ? text.length : end + 1;
  }
  return { start: top, end: top, text: `# ${IGNORE_MARK}: ${term}${eolOf(text)}` };
}

/** XLIFF: the unit around `offset` gets `<note>terminology-ignore: term</note>` (1.2: before `</trans-unit>`; 2.x:
 * in the unit's `<notes>`, made first in the unit when it has none). */
export function xliffIgnoreEdit(text: string, offset: number, term: string): TextEdit | undefined {
  const v2 = /<xliff\b[^>]*\bversion\s*=\s*["']2/.test(text.slice(0, 4096));
  const open = v2 ? text.lastIndexOf('<unit', offset) : text.lastIndexOf('<trans-unit', offset);
  if (open === -1) return undefined;
  const close = text.indexOf(v2 ? '</unit>' : '</trans-unit>', offset);
  if (close === -1) return undefined;
  // A mark in one of the unit's notes: the term added to it.
  const notes = /<note\b[^>]*>([^<]*)<\/note>/g;
  notes.lastIndex = open;
  for (let m = notes.exec(text); m && m.index < close; m = notes.exec(text)) {
    const note = decodeXmlEntities(m[1]);
    if (!parseIgnoreMark(note)) continue;
    const next = withTerm(note, term);
    const start = m.index + m[0].indexOf('>') + 1;
    return next === undefined ? undefined : { start, end: start + m[1].length, text: xmlText(next) };
  }
  const note = `<note${v2 ? ' category="terminology"' : ''}>${xmlText(`${IGNORE_MARK}: ${term}`)}</note>`;
  if (!v2) return { start: close, end: close, text: note };
  const tagEnd = text.indexOf('>', open) + 1;
  const notesAt = /^\s*<notes\s*>/.exec(text.slice(tagEnd, close));
  if (notesAt) { const at = tagEnd + notesAt[0].length; return { start: at, end: at, text: note }; }
  return { start: tagEnd, end: tagEnd, text: `<notes>${note}</notes>` };
}

/** The manifest's text with `term` ignored in string `key` of `file` (its path from the manifest's folder), through
 * jsonc-parser's edits (its other values as they were; jsonc-parser may lay out the object it inserts into anew);
 * undefined when it is ignored there already. */
export function manifestIgnoreEdit(text: string, file: string, key: string, term: string): TextEdit | undefined {
  const root = parseTree(text);
  const node = root && findNodeAtLocation(root, ['termIgnore', file, key]);
  if (node?.type === 'string' && node.value === '*') return undefined;
  const terms = node?.type === 'array' ? (node.children ?? []).map((c) => String(c.value)) : [];
  if (terms.some((t) => t.toLowerCase() === term.toLowerCase())) return undefined;
  const edits = modify(text, ['termIgnore', file, key], [...terms, term], { formattingOptions: { insertSpaces: true, tabSize: 2, eol: eolOf(text) } });
  if (!edits.length) return undefined;
  // One replacement covering every edit jsonc-parser made.
  const start = Math.min(...edits.map((e) => e.offset));
  const end = Math.max(...edits.map((e) => e.offset + e.length));
  const after = applyEdits(text, edits);
  return { start, end, text: after.slice(start, after.length - (text.length - end)) };
}

/** "Add this rendering to the glossary": the dictionary's line for `source` with `rendering` as its target (the line
 * `line` when its source is that phrase, else the first line that has it), or a new line at the end when the
 * dictionary has no such line. `{ line, text }`: the 0-based line to replace, or past the last line to add. */
export function renderingEdit(dictionary: string, format: 'tsv' | 'csv', line: number | undefined, source: string, rendering: string): { line: number; text: string; replaced?: string } {
  const entries = parseEntries(dictionary, format).entries;
  const fold = (s: string) => s.trim().toLowerCase();
  const hit = entries.find((e) => e.line === line && fold(e.source) === fold(source)) ?? entries.find((e) => fold(e.source) === fold(source));
  const sep = format === 'csv' ? ',' : '\t';
  const lines = dictionary.split('\n');
  const text = `${encodeField(hit?.source ?? source, format)}${sep}${encodeField(rendering, format)}`;
  if (hit) return { line: hit.line, text: lines[hit.line].endsWith('\r') ? `${text}\r` : text, replaced: hit.target };
  // After the last line with text (a final line break stays last).
  let last = lines.length - 1;
  while (last > 0 && lines[last].trim() === '') last--;
  return { line: last + 1, text };
}
