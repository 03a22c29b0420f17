/** What changes between two versions of a linked file's entries, by source phrase (term lists: by term): what a push
 * would add, change and remove on the service, or what changed on one side since the last sync. Pure. */
import { parseEntries } from '../serialize';
import { termsOf } from '../termList';
import type { LinkedKind } from './syncStatus';

export interface EntryChange { source: string; target: string }

export interface EntryDiff {
  added: EntryChange[];
  /** `target` is the new target, `was` the old one. */
  changed: Array<EntryChange & { was: string }>;
  removed: EntryChange[];
}

/** Entries of a text by source phrase, as the service keeps them (CSV lines for another pair left out; the first of
 * duplicate sources). Term lists: each term, with an empty target. */
function entriesBySource(text: string, kind: LinkedKind): Map<string, string> {
  const out = new Map<string, string>();
  if (kind.kind === 'terms') {
    for (const t of termsOf(text)) out.set(t, '');
    return out;
  }
  const { sourceLang, targetLang } = kind;
  for (const e of parseEntries(text, kind.format).entries) {
    if (e.sourceLang !== undefined && sourceLang && targetLang &&
      (e.sourceLang.toLowerCase() !== sourceLang.toLowerCase() || e.targetLang?.toLowerCase() !== targetLang.toLowerCase())) continue;
    if (!out.has(e.source)) out.set(e.source, e.target);
  }
  return out;
}

/** From `from` to `to`: each text with its kind (the service's text is TSV, or terms). */
export function diffEntries(from: string, fromKind: LinkedKind, to: string, toKind: LinkedKind): EntryDiff {
  const a = entriesBySource(from, fromKind);
  const b = entriesBySource(to, toKind);
  const diff: EntryDiff = { added: [], changed: [], removed: [] };
  for (const [source, target] of b) {
    const was = a.get(source);
    if (was === undefined) diff.added.push({ source, target });
    else if (was !== target) diff.changed.push({ source, target, was });
  }
  for (const [source, target] of a) if (!b.has(source)) diff.removed.push({ source, target });
  return diff;
}

export const isEmptyDiff = (d: EntryDiff) => !d.added.length && !d.changed.length && !d.removed.length;

/** The counts in words: "2 added, 1 changed, 3 removed" (term lists: added and removed). */
export function diffCounts(d: EntryDiff, terms = false): string {
  return terms ? `${d.added.length} added, ${d.removed.length} removed`
    : `${d.added.length} added, ${d.changed.length} changed, ${d.removed.length} removed`;
}

/** Entries named in a message: `"cloud" → "Wolke"`, the first `max` of them and how many more. */
export function listEntries(list: ReadonlyArray<EntryChange & { was?: string }>, max = 10, terms = false): string {
  const shown = list.slice(0, max).map((e) => terms ? JSON.stringify(e.source)
    : e.was !== undefined ? `${JSON.stringify(e.source)}: ${JSON.stringify(e.was)} → ${JSON.stringify(e.target)}` : `${JSON.stringify(e.source)} → ${JSON.stringify(e.target)}`);
  return shown.join(', ') + (list.length > max ? ` and ${list.length - max} more` : '');
}
