/** Maps a validation error from the service back to a finding on the right line.
 * Example detail: "Key with the index 1 (starting at position 13) duplicates key with the index 0 (starting at position 0)".
 * The index is the 0-based entry number; the position is a character offset into the entries text sent. */
import type { Finding, RelatedLocation } from './findings';
import { lineStarts } from './fixes';
import { splitLines } from './text';

interface Ref { index: number; position?: number }

function refs(detail: string): Ref[] {
  const out: Ref[] = [];
  const re = /index (\d+)(?:\s*\(starting at position (\d+)\))?/gi;
  for (let m = re.exec(detail); m; m = re.exec(detail)) {
    out.push({ index: Number(m[1]), ...(m[2] !== undefined ? { position: Number(m[2]) } : {}) });
  }
  return out;
}

/**
 * `sent` is the entries text exactly as it was sent (see entriesForSending); `document` is the text shown to
 * the user, whose lines match `sent` line for line (only a BOM and line-break style may differ).
 * Returns undefined when the error names no entry.
 */
export function findingFromServerError(
  error: { message?: string; detail?: string },
  sent: string,
  document: string = sent,
): Finding | undefined {
  const detail = `${error.detail ?? ''}`;
  const found = refs(detail);
  if (!found.length) return undefined;
  const starts = lineStarts(sent);
  const docLines = splitLines(document);
  const bomShift = document.charCodeAt(0) === 0xfeff ? 1 : 0;
  const entryLines: number[] = [];
  const sentLines = splitLines(sent);
  for (let i = 0; i < sentLines.length; i++) if (sentLines[i].trim() !== '') entryLines.push(i);
  const locate = (r: Ref) => {
    let line: number;
    if (r.position !== undefined) {
      line = 0;
      while (line + 1 < starts.length && starts[line + 1] <= r.position) line++;
    } else {
      line = entryLines[Math.min(r.index, entryLines.length - 1)] ?? 0;
    }
    line = Math.min(line, Math.max(0, docLines.length - 1));
    const text = docLines[line] ?? '';
    const start = line === 0 ? bomShift : 0;
    const sep = text.search(/[\t,]/);
    return { line, start, end: sep > start ? sep : text.length };
  };
  const at = locate(found[0]);
  const related: RelatedLocation[] = found.slice(1).map((r) => ({ ...locate(r), message: `entry ${r.index} named by the service` }));
  const duplicate = /duplicat/i.test(detail) || /duplicat/i.test(error.message ?? '');
  return {
    code: duplicate ? 'duplicate-source' : 'server-rejected',
    severity: 'error',
    line: at.line,
    start: at.start,
    end: at.end,
    message: `The service rejected this entry: ${error.message ?? 'invalid entries'}${detail ? ` (${detail})` : ''}.`,
    ...(related.length ? { related } : {}),
  };
}
