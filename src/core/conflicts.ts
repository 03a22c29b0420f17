/** Conflict blocks that a merge writes into a document, and the findings that keep them from being pushed. */
import type { Finding, TextEdit } from './findings';

export const CONFLICT_MARKERS = { open: '<<<<<<< yours', middle: '=======', close: '>>>>>>> remote' } as const;

export type MarkerKind = 'open' | 'middle' | 'close';

/** Whether a line is a conflict marker (git's shape: seven characters, then the end or a space). */
export function markerKind(text: string): MarkerKind | undefined {
  const c = text.charCodeAt(0);
  if (c !== 0x3c && c !== 0x3d && c !== 0x3e) return undefined;
  const ch = text[0];
  if (text.length < 7 || text.slice(0, 7) !== ch.repeat(7) || (text.length > 7 && text[7] !== ' ')) return undefined;
  return ch === '<' ? 'open' : ch === '=' ? 'middle' : 'close';
}

export interface ConflictScan {
  findings: Finding[];
  /** Line ranges [open, close] of complete blocks: duplicates inside them are expected, not reported. */
  regions: Array<[number, number]>;
}

function replaceLinesEdit(lineAt: (i: number) => string, lineCount: number, from: number, to: number, kept: string[]): TextEdit {
  // A byte order mark before a marker on the first line belongs to the text: the edit leaves it.
  const start = from === 0 && lineAt(0).charCodeAt(0) === 0xfeff ? 1 : 0;
  if (kept.length) return { line: from, start, endLine: to, end: lineAt(to).length, text: kept.join('\n') };
  if (to + 1 < lineCount) return { line: from, start, endLine: to + 1, end: 0, text: '' };
  if (from === 0) return { line: 0, start, endLine: to, end: lineAt(to).length, text: '' };
  return { line: from - 1, start: lineAt(from - 1).length, endLine: to, end: lineAt(to).length, text: '' };
}

/** Findings for the marker lines of a document, given in ascending order. */
export function scanConflicts(markers: ReadonlyArray<{ line: number; kind: MarkerKind }>, lineAt: (i: number) => string, lineCount: number): ConflictScan {
  const findings: Finding[] = [];
  const regions: Array<[number, number]> = [];
  const stray = (line: number) => findings.push({
    code: 'merge-conflict', severity: 'error', line, start: 0, end: lineAt(line).length,
    message: 'A conflict marker without its block. Remove it once the conflict is resolved.',
    fixes: [{ title: 'Delete the marker line', edits: [replaceLinesEdit(lineAt, lineCount, line, line, [])] }],
  });
  for (let i = 0; i < markers.length; i++) {
    const [a, m, c] = [markers[i], markers[i + 1], markers[i + 2]];
    if (a.kind !== 'open' || m?.kind !== 'middle' || c?.kind !== 'close') { stray(a.line); continue; }
    const lines = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => lineAt(from + k));
    const yours = lines(a.line + 1, m.line);
    const remote = lines(m.line + 1, c.line);
    regions.push([a.line, c.line]);
    findings.push({
      code: 'merge-conflict', severity: 'error', line: a.line, start: 0, end: lineAt(a.line).length,
      message: 'Merge conflict: this entry was changed here and in the remote dictionary. Keep one side, then save to push.',
      related: [{ line: m.line + 1 < c.line ? m.line + 1 : m.line, start: 0, end: lineAt(m.line + 1 < c.line ? m.line + 1 : m.line).length, message: 'the remote version' }],
      fixes: [
        { title: yours.length ? 'Keep your version' : 'Keep your removal', edits: [replaceLinesEdit(lineAt, lineCount, a.line, c.line, yours)] },
        { title: remote.length ? 'Keep the remote version' : 'Keep the remote removal', edits: [replaceLinesEdit(lineAt, lineCount, a.line, c.line, remote)] },
      ],
    });
    i += 2;
  }
  return { findings, regions };
}
