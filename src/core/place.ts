/** Findings are built on line 0 of the line they belong to, then placed on their real line. */
import type { Finding } from './findings';

export function placeFinding(f: Finding, line: number): Finding {
  const placed: Finding = { ...f, line: f.line + line };
  if (f.fixes) {
    placed.fixes = f.fixes.map((fix) => ({
      ...fix,
      edits: fix.edits.map((e) => ({ ...e, line: e.line + line, ...(e.endLine !== undefined ? { endLine: e.endLine + line } : {}) })),
    }));
  }
  if (f.related) placed.related = f.related.map((r) => ({ ...r, line: r.line + line }));
  return placed;
}

/** An edit that deletes a whole line, with its line break (or the one before it, on the last line). */
export function deleteLineEdit(lines: readonly string[] | ((i: number) => string), line: number, lineCount: number) {
  const at = typeof lines === 'function' ? lines : (i: number) => lines[i];
  if (line + 1 < lineCount) return { line, start: 0, endLine: line + 1, end: 0, text: '' };
  if (line === 0) return { line, start: 0, end: at(line).length, text: '' };
  return { line: line - 1, start: at(line - 1).length, endLine: line, end: at(line).length, text: '' };
}
