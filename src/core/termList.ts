/** The Spoken Terms list linter: one term per line, at most 300 characters in all. */
import { compareFindings, LIMITS, type Finding } from './findings';
import { checkPhrase } from './phrase';
import { deleteLineEdit, placeFinding } from './place';
import { splitLines } from './text';

export interface LintTermListOptions {
  /** The list's language (informational; terms are checked the same in every language). */
  lang?: string;
}

/** Characters of a term as the budget counts them: Unicode code points. */
export function termChars(term: string): number {
  let n = term.length;
  for (let i = 0; i < term.length; i++) {
    const c = term.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && (term.charCodeAt(i + 1) & 0xfc00) === 0xdc00) { n--; i++; }
  }
  return n;
}

/** The terms as the service would receive them: one per line, blank lines dropped, no BOM. */
export function termsOf(text: string): string[] {
  return splitLines(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).filter((t) => t !== '');
}

/** Total characters of a list's terms, separators not counted. */
export function termListChars(text: string): number {
  return termsOf(text).reduce((n, t) => n + termChars(t), 0);
}

export function lintTermList(text: string, _options: LintTermListOptions = {}): Finding[] {
  const lines = splitLines(text);
  const out: Finding[] = [];
  const first = new Map<string, number>();
  let total = 0;
  let over = false;
  const last = lines.length - 1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const from = i === 0 && line.charCodeAt(0) === 0xfeff ? 1 : 0;
    if (line.length === from) {
      if (i === last) continue; // the end of a file that ends with a line break
      out.push({
        code: 'empty-term', severity: 'error', line: i, start: 0, end: 0,
        message: 'Empty line: terms must not be empty.',
        fixes: [{ title: 'Delete the empty line', preferred: true, edits: [deleteLineEdit(lines, i, lines.length)] }],
      });
      continue;
    }
    const field = { value: line.slice(from), start: from, end: line.length, contentStart: from, contentEnd: line.length, quoted: false };
    const local: Finding[] = [];
    checkPhrase(line, field, 'term', local, false);
    for (const f of local) out.push(placeFinding(f, i));
    const chars = termChars(field.value);
    total += chars;
    if (!over && total > LIMITS.termListChars) {
      over = true;
      out.push({
        code: 'term-list-too-long', severity: 'error', line: i, start: from, end: line.length,
        message: `The list is ${termListChars(text)} characters long; a term list holds at most ${LIMITS.termListChars}. ` +
          `This term (${chars} characters) is the first past the budget.`,
      });
    }
    const seen = first.get(field.value);
    if (seen === undefined) first.set(field.value, i);
    else {
      out.push({
        code: 'duplicate-term', severity: 'error', line: i, start: from, end: line.length,
        message: `The term "${field.value}" is already on line ${seen + 1}. Terms are case-sensitive and must be unique.`,
        related: [{ line: seen, start: seen === 0 && lines[0].charCodeAt(0) === 0xfeff ? 1 : 0, end: lines[seen].length, message: 'first occurrence' }],
        fixes: [{ title: 'Delete the duplicate term', preferred: true, edits: [deleteLineEdit(lines, i, lines.length)] }],
      });
    }
  }
  return out.sort(compareFindings);
}
