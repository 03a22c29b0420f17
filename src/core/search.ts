/** Finding a phrase in the entries of a dictionary (TSV, as the service returns them). Pure: no `vscode`. */
import { splitLines } from './text';

export interface PhraseSearchOptions {
  /** Match upper and lower case exactly; by default case is ignored. */
  caseSensitive?: boolean;
}

/** One entry whose source or target phrase contains the query. Lines and columns are 0-based (UTF-16 units). */
export interface EntryMatch {
  line: number;
  source: string;
  target: string;
  /** Where the (first) match is: in the source phrase, or only in the target. */
  field: 'source' | 'target';
  /** Column range of the match within the line. */
  start: number;
  end: number;
}

/** A reusable matcher for `query`; indices always refer to the original text (case folding never shifts them). */
export function phraseMatcher(query: string, options: PhraseSearchOptions = {}): ((text: string) => { start: number; end: number } | undefined) | undefined {
  if (!query) return undefined;
  if (options.caseSensitive) {
    return (text) => {
      const i = text.indexOf(query);
      return i === -1 ? undefined : { start: i, end: i + query.length };
    };
  }
  // A case-insensitive regular expression (Unicode simple case folding) matches in the original string, so
  // the reported range stays exact even where lower-casing would change a string's length (İ, ß…).
  const re = new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'iu');
  return (text) => {
    const m = re.exec(text);
    return m ? { start: m.index, end: m.index + m[0].length } : undefined;
  };
}

/** Every entry line of `tsv` whose source or target phrase contains `query` (substring), one match per line,
 * in line order. A line without a tab counts as a source phrase; blank lines are skipped. */
export function findInEntries(tsv: string, query: string, options: PhraseSearchOptions = {}): EntryMatch[] {
  const match = phraseMatcher(query, options);
  if (!match) return [];
  const out: EntryMatch[] = [];
  const lines = splitLines(tsv);
  for (let line = 0; line < lines.length; line++) {
    const text = lines[line];
    if (!text.trim()) continue;
    const tab = text.indexOf('\t');
    const source = tab === -1 ? text : text.slice(0, tab);
    const target = tab === -1 ? '' : text.slice(tab + 1);
    const inSource = match(source);
    if (inSource) {
      out.push({ line, source, target, field: 'source', start: inSource.start, end: inSource.end });
      continue;
    }
    const inTarget = tab === -1 ? undefined : match(target);
    if (inTarget) out.push({ line, source, target, field: 'target', start: tab + 1 + inTarget.start, end: tab + 1 + inTarget.end });
  }
  return out;
}

/** Where a match found in an earlier version of the text is now: the same line when it still holds that entry,
 * otherwise the match with the same source phrase nearest to the old line, otherwise the nearest match. */
export function relocateMatch(tsv: string, query: string, found: EntryMatch, options: PhraseSearchOptions = {}): EntryMatch | undefined {
  const now = findInEntries(tsv, query, options);
  const same = now.find((m) => m.line === found.line && m.source === found.source);
  if (same) return same;
  const nearest = (ms: EntryMatch[]) => ms.reduce<EntryMatch | undefined>((best, m) =>
    (!best || Math.abs(m.line - found.line) < Math.abs(best.line - found.line) ? m : best), undefined);
  return nearest(now.filter((m) => m.source === found.source)) ?? nearest(now);
}
