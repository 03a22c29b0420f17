/** The dictionary linter: every violation of the entry rules at once, each at its exact place.
 * `EntriesLinter` keeps per-line state so that an edit re-checks only the lines it touched. */
import { compareFindings, LIMITS, type Finding, type Fix } from './findings';
import { parseLine, type EntriesFormat, type Field } from './fields';
import { checkPhrase } from './phrase';
import { lintLanguagePair, rootCode, sameCode } from './languages';
import { deleteLineEdit, placeFinding } from './place';
import { markerKind, scanConflicts, type MarkerKind } from './conflicts';
import { isTrimmableSpace, MAX_SAFE_UNITS_FOR_PHRASE, splitLines, utf8Length } from './text';

export interface LintEntriesOptions {
  format: EntriesFormat;
  /** The dictionary's language pair, when known: checks the pair and CSV language columns. */
  sourceLang?: string;
  targetLang?: string;
  /** Glossary-capable languages, for `unsupported-language`. */
  languages?: Iterable<string>;
}

interface LineState {
  index: number;
  text: string;
  /** Source phrase, when this line is an entry that takes part in duplicate detection. */
  key: string | undefined;
  /** Findings of this line alone, on line 0 (placed at output). */
  local: Finding[] | undefined;
  /** Set on the marker lines of a merge conflict block. */
  marker?: MarkerKind;
}

const BOM = 0xfeff;

export class EntriesLinter {
  private lines: LineState[] = [];
  private readonly groups = new Map<string, LineState | LineState[]>();
  private readonly dupKeys = new Set<string>();
  private readonly problemLines = new Set<LineState>();
  private readonly markerLines = new Set<LineState>();
  /** Lines that are not entries: blank lines and conflict markers. */
  private otherLines = 0;
  /** Sum over lines of (UTF-8 length + 1): kept up to date by every edit. */
  private rawBytes = 0;
  private readonly pairFindings: Finding[];

  constructor(private readonly options: LintEntriesOptions) {
    const { sourceLang, targetLang } = options;
    this.pairFindings = sourceLang !== undefined && targetLang !== undefined
      ? lintLanguagePair(sourceLang, targetLang, { languages: options.languages }).map((f) => ({
        code: f.code, severity: f.severity, message: f.message, line: 0, start: 0, end: 0,
      }))
      : [];
  }

  /** Entries as the service counts them: the lines that are neither blank nor conflict markers. */
  get entryCount(): number {
    return this.lines.length - this.otherLines;
  }

  get lineCount(): number {
    return this.lines.length;
  }

  /** UTF-8 size of the entries as they would be sent (no byte order mark, one \n per line break). */
  get byteSize(): number {
    const bom = this.lines.length > 0 && this.lines[0].text.charCodeAt(0) === BOM ? 3 : 0;
    return Math.max(0, this.rawBytes - 1 - bom);
  }

  setText(text: string): this {
    this.lines = [];
    this.groups.clear();
    this.dupKeys.clear();
    this.problemLines.clear();
    this.markerLines.clear();
    this.otherLines = 0;
    const texts = splitLines(text);
    const lines = new Array<LineState>(texts.length);
    for (let i = 0; i < texts.length; i++) lines[i] = this.analyze(texts[i], i);
    this.lines = lines;
    this.rawBytes = utf8Length(text) - countChar(text, '\n') - countChar(text, '\r') + texts.length;
    return this;
  }

  /** Applies a text change given in the coordinates of the text before it (as VS Code reports changes). */
  edit(startLine: number, startCol: number, endLine: number, endCol: number, text: string): void {
    const prefix = this.lines[startLine].text.slice(0, startCol);
    const suffix = this.lines[endLine].text.slice(endCol);
    this.replaceLines(startLine, endLine - startLine + 1, splitLines(prefix + text + suffix));
  }

  /** Replaces `deleteCount` lines from `start` with `texts`. */
  replaceLines(start: number, deleteCount: number, texts: string[]): void {
    for (let i = start; i < start + deleteCount; i++) {
      const old = this.lines[i];
      this.detach(old);
      this.rawBytes -= utf8Length(old.text) + 1;
    }
    const added = new Array<LineState>(texts.length);
    for (let k = 0; k < texts.length; k++) {
      added[k] = this.analyze(texts[k], start + k);
      this.rawBytes += utf8Length(texts[k]) + 1;
    }
    if (added.length < 10_000) this.lines.splice(start, deleteCount, ...added);
    else this.lines = this.lines.slice(0, start).concat(added, this.lines.slice(start + deleteCount));
    if (texts.length !== deleteCount) {
      for (let i = start + texts.length; i < this.lines.length; i++) this.lines[i].index = i;
    }
  }

  /** All findings, sorted by position. Cost grows with the number of findings, not with the text. */
  findings(): Finding[] {
    const out: Finding[] = [];
    const last = this.lines.length - 1;
    for (const s of this.problemLines) {
      for (const f of s.local!) {
        if (f.code === 'blank-line') {
          if (s.index === last && s.text === '') continue; // the end of a file that ends with a line break
          const edit = deleteLineEdit((i) => this.lines[i].text, s.index, this.lines.length);
          out.push({ ...placeFinding(f, s.index), fixes: [{ title: 'Delete the blank line', edits: [edit] }] });
          continue;
        }
        out.push(placeFinding(f, s.index));
      }
    }
    let inConflict = (_line: number) => false;
    if (this.markerLines.size) {
      const markers = [...this.markerLines].map((s) => ({ line: s.index, kind: s.marker! })).sort((a, b) => a.line - b.line);
      const scan = scanConflicts(markers, (i) => this.lines[i].text, this.lines.length);
      out.push(...scan.findings);
      inConflict = (line) => scan.regions.some(([a, b]) => line > a && line < b);
    }
    const dups: Finding[] = [];
    for (const key of this.dupKeys) this.duplicateFindings(this.groups.get(key) as LineState[], dups);
    for (const f of dups) if (!inConflict(f.line)) out.push(f);
    if (this.byteSize > LIMITS.dictionaryBytes) out.push(this.tooLarge());
    out.push(...this.pairFindings);
    return out.sort(compareFindings);
  }

  private fields(s: LineState): Field[] {
    const from = s.index === 0 && s.text.charCodeAt(0) === BOM ? 1 : 0;
    return parseLine(s.text, this.options.format, from).fields;
  }

  private duplicateFindings(group: LineState[], out: Finding[]): void {
    let first = group[0];
    for (const s of group) if (s.index < first.index) first = s;
    const firstFields = this.fields(first);
    const src = firstFields[0];
    for (const s of group) {
      if (s === first) continue;
      const fields = this.fields(s);
      const identical = fields.length === firstFields.length && fields.every((f, i) => f.value === firstFields[i].value);
      const f: Finding = {
        code: 'duplicate-source', severity: 'error', line: s.index, start: fields[0].start, end: fields[0].end,
        message: identical
          ? `This entry repeats line ${first.index + 1} exactly. Duplicate source entries are not allowed.`
          : `The source phrase "${truncate(fields[0].value)}" is already defined on line ${first.index + 1}. Duplicate source entries are not allowed.`,
        related: [{ line: first.index, start: src.start, end: src.end, message: 'first definition' }],
      };
      if (identical) {
        f.fixes = [{ title: 'Delete the duplicate line', preferred: true, edits: [deleteLineEdit((i) => this.lines[i].text, s.index, this.lines.length)] }];
      }
      out.push(f);
    }
  }

  private tooLarge(): Finding {
    let total = 0;
    let line = 0;
    for (; line < this.lines.length; line++) {
      total += utf8Length(this.lines[line].text) + 1;
      if (total > LIMITS.dictionaryBytes) break;
    }
    line = Math.min(line, this.lines.length - 1);
    const bytes = this.byteSize;
    const mib = (bytes / 1048576).toFixed(2);
    return {
      code: 'dictionary-too-large', severity: 'error', line, start: 0, end: this.lines[line].text.length,
      message: `The entries are ${mib} MiB (${bytes} bytes); a dictionary holds at most 10 MiB (${LIMITS.dictionaryBytes} bytes). This line crosses the limit.`,
    };
  }

  private analyze(text: string, index: number): LineState {
    const state: LineState = { index, text, key: undefined, local: undefined };
    const from = index === 0 && text.charCodeAt(0) === BOM ? 1 : 0;
    const marker = markerKind(from ? text.slice(from) : text);
    if (marker) {
      state.marker = marker;
      this.markerLines.add(state);
      this.otherLines++;
      return state;
    }
    if (isBlank(text, from)) {
      this.otherLines++;
      state.local = [{ code: 'blank-line', severity: 'info', line: 0, start: 0, end: text.length, message: 'Blank line: the service skips it.' }];
      this.problemLines.add(state);
      return state;
    }
    const format = this.options.format;
    const key = cleanEntryKey(text, from, format);
    if (key !== undefined) {
      state.key = key;
      this.attach(state);
      return state;
    }
    const parsed = parseLine(text, format, from);
    const out: Finding[] = parsed.problems ?? [];
    const fields = parsed.fields;
    const n = fields.length;
    let structural = true;
    if (n === 1) {
      structural = false;
    }
    if (n === 1 && !parsed.problems?.some((p) => p.code === 'unclosed-quote')) {
      const fix = format === 'tsv' ? tabForSpaces(text, from) : undefined;
      out.push({
        code: 'missing-separator', severity: 'error', line: 0, start: from, end: text.length,
        message: format === 'tsv'
          ? 'This line has no tab. An entry is a source phrase, a tab, and a target phrase.'
          : 'This record has one field. An entry is a source phrase, a comma, and a target phrase.',
        ...(fix ? { fixes: [fix] } : {}),
      });
    } else if (format === 'tsv' && n > 2) {
      structural = false;
      out.push({
        code: 'extra-separator', severity: 'error', line: 0, start: fields[2].start - 1, end: text.length,
        message: `This line has ${n - 1} tabs; an entry has exactly one, between source and target.`,
      });
    } else if (format === 'csv' && (n === 3 || n > 4)) {
      structural = false;
      const from2 = n === 3 ? fields[2].start - 1 : fields[4].start - 1;
      out.push({
        code: 'extra-separator', severity: 'error', line: 0, start: from2, end: text.length,
        message: n === 3
          ? 'This record has 3 fields. After the two phrases come either no language columns or both (source and target).'
          : `This record has ${n} fields; at most 4 are allowed: source, target, source language, target language.`,
      });
    }
    checkPhrase(text, fields[0], 'source', out);
    if (n >= 2) checkPhrase(text, fields[1], 'target', out);
    let ignored = false;
    if (format === 'csv' && n === 4) ignored = this.checkLanguageColumns(fields[2], fields[3], out);
    if (structural && !ignored && fields[0].value !== '') {
      state.key = fields[0].value;
      this.attach(state);
    }
    if (out.length) {
      state.local = out;
      this.problemLines.add(state);
    }
    return state;
  }

  /** Returns true when the service would ignore the entry (its languages differ from the dictionary's). */
  private checkLanguageColumns(src: Field, tgt: Field, out: Finding[]): boolean {
    const { sourceLang, targetLang } = this.options;
    let ignored = false;
    const check = (field: Field, expected: string | undefined, side: 'source' | 'target') => {
      if (expected === undefined || sameCode(field.value, expected)) return;
      ignored = true;
      const want = expected.toUpperCase();
      const variantOfExpected = rootCode(field.value) === expected.toLowerCase();
      out.push({
        code: 'language-mismatch', severity: 'warning', line: 0, start: field.start, end: field.end,
        message: `The ${side} language ${field.value.toUpperCase() || '(empty)'} does not match the dictionary's ${want}: the service ignores this entry.`,
        fixes: [{ title: `Replace with ${want}`, preferred: variantOfExpected, edits: [{ line: 0, start: field.start, end: field.end, text: want }] }],
      });
    };
    check(src, sourceLang, 'source');
    check(tgt, targetLang, 'target');
    if (sourceLang === undefined && targetLang === undefined) {
      for (const f of lintLanguagePair(src.value, tgt.value)) {
        const field = f.field === 'source' ? src : tgt;
        out.push({
          code: f.code, severity: f.severity, message: f.message, line: 0, start: field.start, end: field.end,
          ...(f.replacement ? { fixes: [{ title: `Use ${f.replacement}`, preferred: true, edits: [{ line: 0, start: field.start, end: field.end, text: f.replacement }] }] } : {}),
        });
      }
    }
    return ignored;
  }

  private attach(s: LineState): void {
    const key = s.key!;
    const g = this.groups.get(key);
    if (g === undefined) this.groups.set(key, s);
    else if (Array.isArray(g)) g.push(s);
    else {
      this.groups.set(key, [g, s]);
      this.dupKeys.add(key);
    }
  }

  private detach(s: LineState): void {
    if (s.marker) { this.markerLines.delete(s); this.otherLines--; }
    else if (s.local?.[0]?.code === 'blank-line') this.otherLines--;
    this.problemLines.delete(s);
    if (s.key === undefined) return;
    const g = this.groups.get(s.key)!;
    if (!Array.isArray(g)) { this.groups.delete(s.key); return; }
    g.splice(g.indexOf(s), 1);
    if (g.length === 1) {
      this.groups.set(s.key, g[0]);
      this.dupKeys.delete(s.key);
    }
  }
}

function isBlank(text: string, from = 0): boolean {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0xa0 && c !== 0x3000 && c !== BOM) return false;
  }
  return true;
}

// eslint-disable-next-line no-control-regex -- control characters other than the separator
const SUSPICIOUS_TSV_LINE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029"]/;
// eslint-disable-next-line no-control-regex -- control characters, and quotes, which need the full parser
const SUSPICIOUS_CSV_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029"]/;

/**
 * Fast path for the common case: a plain two-phrase entry with nothing to report. Returns its source phrase,
 * or undefined when the line needs the full parser and rules (which then find exactly what is wrong).
 */
function cleanEntryKey(text: string, from: number, format: EntriesFormat): string | undefined {
  const sep = format === 'tsv' ? '\t' : ',';
  const a = text.indexOf(sep, from);
  if (a <= from || a === text.length - 1 || text.indexOf(sep, a + 1) !== -1) return undefined;
  if (a - from > MAX_SAFE_UNITS_FOR_PHRASE || text.length - a - 1 > MAX_SAFE_UNITS_FOR_PHRASE) return undefined;
  if (isTrimmableSpace(text.charCodeAt(from)) || isTrimmableSpace(text.charCodeAt(a - 1)) ||
    isTrimmableSpace(text.charCodeAt(a + 1)) || isTrimmableSpace(text.charCodeAt(text.length - 1))) return undefined;
  if ((format === 'tsv' ? SUSPICIOUS_TSV_LINE : SUSPICIOUS_CSV_LINE).test(text)) return undefined;
  return text.slice(from, a);
}

function countChar(text: string, ch: string): number {
  let n = 0;
  for (let i = text.indexOf(ch); i !== -1; i = text.indexOf(ch, i + 1)) n++;
  return n;
}

function truncate(s: string, max = 60): string {
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

/** Lints a whole dictionary text once. */
export function lintEntries(text: string, options: LintEntriesOptions): Finding[] {
  return new EntriesLinter(options).setText(text).findings();
}

/** A fix for a TSV line typed with spaces where the tab belongs (an editor that inserts spaces for Tab): the one
 * run of two or more spaces, or else the only single space, becomes a tab. Undefined when that is ambiguous. */
export function tabForSpaces(text: string, from = 0): Fix | undefined {
  const body = text.slice(from).replace(/[ \t]+$/, '');
  const runs = [...body.matchAll(/ {2,}/g)].filter((m) => m.index !== 0);
  const singles = [...body.matchAll(/(?<! ) (?! )/g)].filter((m) => m.index !== 0);
  const pick = runs.length === 1 ? runs[0] : runs.length === 0 && singles.length === 1 ? singles[0] : undefined;
  if (!pick || pick.index === undefined) return undefined;
  const start = from + pick.index;
  return {
    title: pick[0].length > 1 ? `Replace the ${pick[0].length} spaces with a tab` : 'Replace the space with a tab',
    edits: [{ line: 0, start, end: start + pick[0].length, text: '\t' }],
    preferred: runs.length === 1,
  };
}
