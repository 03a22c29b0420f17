/** Applying the edits of fixes to a text, and "Fix All". */
import type { Finding, TextEdit } from './findings';

/** Offsets of the start of each line (line breaks: \r\n, \n, \r). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/** Applies non-overlapping edits (an edit that overlaps an earlier-listed one is skipped). Returns the text
 * and how many edits were applied. */
export function applyEdits(text: string, edits: readonly TextEdit[]): { text: string; applied: number } {
  const starts = lineStarts(text);
  const offset = (line: number, col: number) => Math.min((starts[line] ?? text.length) + col, text.length);
  const spans = edits.map((e) => ({ from: offset(e.line, e.start), to: offset(e.endLine ?? e.line, e.end), text: e.text }));
  const kept: typeof spans = [];
  for (const s of spans) {
    if (kept.some((k) => s.from < k.to && k.from < s.to || (s.from === s.to && s.from === k.from && k.from === k.to))) continue;
    kept.push(s);
  }
  kept.sort((a, b) => b.from - a.from);
  let out = text;
  for (const s of kept) out = out.slice(0, s.from) + s.text + out.slice(s.to);
  return { text: out, applied: kept.length };
}

/** The edits of every preferred fix, in order, the way "Fix All" applies them. */
export function preferredEdits(findings: readonly Finding[]): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const f of findings) {
    const fix = f.fixes?.find((x) => x.preferred);
    if (fix) edits.push(...fix.edits);
  }
  return edits;
}

/** Applies every preferred fix, re-linting until nothing changes (at most `maxPasses` times). */
export function fixAll(text: string, lint: (text: string) => Finding[], maxPasses = 5): { text: string; applied: number } {
  let applied = 0;
  for (let pass = 0; pass < maxPasses; pass++) {
    const edits = preferredEdits(lint(text));
    if (!edits.length) break;
    const r = applyEdits(text, edits);
    if (r.text === text) break;
    text = r.text;
    applied += r.applied;
  }
  return { text, applied };
}
