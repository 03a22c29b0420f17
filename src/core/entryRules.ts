/** The entry rules of a dictionary line (the full parser: exactly what is wrong, and where), and the findings of the
 * whole text assembled from what the scan or the incremental state holds (duplicates, size, the language pair). */
import { compareFindings, LIMITS, type Finding, type Fix } from './findings';
import { parseLine, type EntriesFormat, type Field } from './fields';
import { checkPhrase } from './phrase';
import { lintLanguagePair, rootCode, sameCode } from './languages';
import { deleteLineEdit, placeFinding } from './place';
import { markerKind, scanConflicts, type MarkerKind } from './conflicts';
import { utf8Length } from './text';
import { BOM } from './entryScan';

export interface LintEntriesOptions {
  format: EntriesFormat;
  /** The dictionary's language pair, when known: checks the pair and CSV language columns. */
  sourceLang?: string;
  targetLang?: string;
  /** Glossary-capable languages, for `unsupported-language`. */
  languages?: Iterable<string>;
}

// ---- the full rules for one line -----------------------------------------------------------------------------

interface Analysis {
  marker?: MarkerKind;
  blank?: boolean;
  /** Findings of this line alone, on line 0 (placed at output). */
  local?: Finding[];
  /** The source phrase, when the line is an entry that takes part in duplicate detection. */
  key?: string;
}

const BLANK: Finding = { code: 'blank-line', severity: 'info', line: 0, start: 0, end: 0, message: 'Blank line: the service skips it.' };

export function analyzeLine(text: string, from: number, options: LintEntriesOptions): Analysis {
  const marker = markerKind(from ? text.slice(from) : text);
  if (marker) return { marker };
  if (isBlank(text, from)) return { blank: true, local: [{ ...BLANK, end: text.length }] };
  const format = options.format;
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
  if (format === 'csv' && n === 4) ignored = checkLanguageColumns(options, fields[2], fields[3], out);
  const a: Analysis = {};
  if (structural && !ignored && fields[0].value !== '') a.key = fields[0].value;
  if (out.length) a.local = out;
  return a;
}

/** Returns true when the service would ignore the entry (its languages differ from the dictionary's). */
function checkLanguageColumns(options: LintEntriesOptions, src: Field, tgt: Field, out: Finding[]): boolean {
  const { sourceLang, targetLang } = options;
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

export function pairFindingsOf(options: LintEntriesOptions): Finding[] {
  const { sourceLang, targetLang } = options;
  return sourceLang !== undefined && targetLang !== undefined
    ? lintLanguagePair(sourceLang, targetLang, { languages: options.languages }).map((f) => ({
      code: f.code, severity: f.severity, message: f.message, line: 0, start: 0, end: 0,
    }))
    : [];
}

// ---- findings of the whole text, from what the scan or the incremental state holds ----------------------------

export interface Gathered {
  format: EntriesFormat;
  lineCount: number;
  lineAt(i: number): string;
  /** Per line with findings of its own: the line and its findings (on line 0). */
  problems: Iterable<[number, Finding[]]>;
  markers: Array<{ line: number; kind: MarkerKind }>;
  /** Lines whose source phrases have the same hash: each group holds one or more real duplicates, or a collision. */
  hashGroups: Iterable<number[]>;
  byteSize: number;
  pairFindings: Finding[];
}

function fieldsAt(g: Pick<Gathered, 'format' | 'lineAt'>, line: number): Field[] {
  const text = g.lineAt(line);
  return parseLine(text, g.format, line === 0 && text.charCodeAt(0) === BOM ? 1 : 0).fields;
}

export function assemble(g: Gathered): Finding[] {
  const out: Finding[] = [];
  const last = g.lineCount - 1;
  for (const [line, local] of g.problems) {
    for (const f of local) {
      if (f.code === 'blank-line') {
        if (line === last && g.lineAt(line) === '') continue; // the end of a file that ends with a line break
        const edit = deleteLineEdit((i) => g.lineAt(i), line, g.lineCount);
        out.push({ ...placeFinding(f, line), fixes: [{ title: 'Delete the blank line', edits: [edit] }] });
        continue;
      }
      out.push(placeFinding(f, line));
    }
  }
  let inConflict = (_line: number) => false;
  if (g.markers.length) {
    const markers = [...g.markers].sort((a, b) => a.line - b.line);
    const scan = scanConflicts(markers, (i) => g.lineAt(i), g.lineCount);
    out.push(...scan.findings);
    inConflict = (line) => scan.regions.some(([a, b]) => line > a && line < b);
  }
  const dups: Finding[] = [];
  for (const group of g.hashGroups) {
    // The same hash: usually the same phrase; split the group by the phrases themselves.
    const byKey = new Map<string, Array<{ line: number; fields: Field[] }>>();
    for (const line of group) {
      const fields = fieldsAt(g, line);
      const same = byKey.get(fields[0].value);
      if (same) same.push({ line, fields });
      else byKey.set(fields[0].value, [{ line, fields }]);
    }
    for (const lines of byKey.values()) if (lines.length > 1) duplicateFindings(g, lines, dups);
  }
  for (const f of dups) if (!inConflict(f.line)) out.push(f);
  if (g.byteSize > LIMITS.dictionaryBytes) out.push(tooLarge(g));
  out.push(...g.pairFindings);
  return out.sort(compareFindings);
}

function duplicateFindings(g: Gathered, group: Array<{ line: number; fields: Field[] }>, out: Finding[]): void {
  let first = group[0];
  for (const s of group) if (s.line < first.line) first = s;
  const firstFields = first.fields;
  const src = firstFields[0];
  for (const s of group) {
    if (s === first) continue;
    const fields = s.fields;
    const identical = fields.length === firstFields.length && fields.every((f, i) => f.value === firstFields[i].value);
    const f: Finding = {
      code: 'duplicate-source', severity: 'error', line: s.line, start: fields[0].start, end: fields[0].end,
      message: identical
        ? `This entry repeats line ${first.line + 1} exactly. Duplicate source entries are not allowed.`
        : `The source phrase "${truncate(fields[0].value)}" is already defined on line ${first.line + 1}. Duplicate source entries are not allowed.`,
      related: [{ line: first.line, start: src.start, end: src.end, message: 'first definition' }],
    };
    if (identical) {
      f.fixes = [{ title: 'Delete the duplicate line', preferred: true, edits: [deleteLineEdit((i) => g.lineAt(i), s.line, g.lineCount)] }];
    }
    out.push(f);
  }
}

function tooLarge(g: Gathered): Finding {
  let total = 0;
  let line = 0;
  for (; line < g.lineCount; line++) {
    total += utf8Length(g.lineAt(line)) + 1;
    if (total > LIMITS.dictionaryBytes) break;
  }
  line = Math.min(line, g.lineCount - 1);
  const bytes = g.byteSize;
  const mib = (bytes / 1048576).toFixed(2);
  return {
    code: 'dictionary-too-large', severity: 'error', line, start: 0, end: g.lineAt(line).length,
    message: `The entries are ${mib} MiB (${bytes} bytes); a dictionary holds at most 10 MiB (${LIMITS.dictionaryBytes} bytes). This line crosses the limit.`,
  };
}

function isBlank(text: string, from = 0): boolean {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0xa0 && c !== 0x3000 && c !== BOM) return false;
  }
  return true;
}

function truncate(s: string, max = 60): string {
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
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
