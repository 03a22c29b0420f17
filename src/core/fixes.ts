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

/** A replacement of the text from offset `from` to `to` (UTF-16 units) by `text`. */
export interface Span { from: number; to: number; text: string }

/** The edits that apply, as spans of `text` in ascending order: an edit that overlaps an earlier-listed one is
 * skipped, and so is an insertion where an earlier-listed one inserts; an insertion at the start of a replaced range
 * goes before the replacement. Found by binary search among the spans kept (no edit is compared with every other). */
export function editSpans(text: string, edits: readonly TextEdit[]): Span[] {
  const starts = lineStarts(text);
  const offset = (line: number, col: number) => Math.min((starts[line] ?? text.length) + col, text.length);
  const kept: Span[] = [];
  // Ascending by `from`, an insertion before a replacement that starts where it inserts.
  const before = (x: Span, y: Span) => x.from < y.from || (x.from === y.from && x.from === x.to && y.from !== y.to);
  for (const e of edits) {
    const s = { from: offset(e.line, e.start), to: offset(e.endLine ?? e.line, e.end), text: e.text };
    if (s.to < s.from) continue;
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(kept[mid], s)) lo = mid + 1; else hi = mid;
    }
    const clash = (k: Span | undefined) => k !== undefined && ((s.from < k.to && k.from < s.to) || (s.from === s.to && k.from === k.to && s.from === k.from));
    if (clash(kept[lo - 1]) || clash(kept[lo])) continue;
    kept.splice(lo, 0, s);
  }
  return kept;
}

/** `text` with `spans` (ascending, not overlapping, as editSpans gives them) applied, in one pass. */
export function applySpans(text: string, spans: readonly Span[]): string {
  if (!spans.length) return text;
  const out: string[] = [];
  let at = 0;
  for (const s of spans) {
    out.push(text.slice(at, s.from), s.text);
    at = s.to;
  }
  out.push(text.slice(at));
  return out.join('');
}

/** Applies non-overlapping edits (an edit that overlaps an earlier-listed one is skipped). Returns the text
 * and how many edits were applied. */
export function applyEdits(text: string, edits: readonly TextEdit[]): { text: string; applied: number } {
  const spans = editSpans(text, edits);
  return { text: applySpans(text, spans), applied: spans.length };
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
export function fixAll(text: string, lint: (text: string) => Finding[], maxPasses = 16): { text: string; applied: number } {
  const r = fixAllSpans(text, lint, maxPasses);
  return { text: r.spans ? applySpans(text, r.spans) : r.text, applied: r.applied };
}

/** What Fix All does to `text`, told so that an editor can apply it as small edits: when one pass fixed everything
 * it could (the common case), the spans of `text` it replaced; when a fix made another one possible (more passes),
 * the whole text after them. With the error-level findings left. */
export type FixAllResult = { applied: number; errors: number } & ({ spans: Span[]; text?: undefined } | { spans?: undefined; text: string });

export function fixAllSpans(text: string, lint: (text: string) => Finding[], maxPasses = 16): FixAllResult {
  const errorsOf = (findings: readonly Finding[]) => findings.filter((f) => f.severity === 'error').length;
  let findings = lint(text);
  let first: Span[] | undefined;
  let current = text;
  let applied = 0;
  for (let pass = 0; pass < maxPasses; pass++) {
    const spans = editSpans(current, preferredEdits(findings));
    const next = applySpans(current, spans);
    if (!spans.length || next === current) break;
    if (pass === 0) first = spans;
    else first = undefined;
    current = next;
    applied += spans.length;
    findings = lint(current);
  }
  const errors = errorsOf(findings);
  if (!applied) return { applied, errors, spans: [] };
  return first ? { applied, errors, spans: first } : { applied, errors, text: current };
}
