/** What changed on each side of a linked file, in words: for `push --dry-run`, a refused push, `push --force` and
 * `status`. */
import { diffCounts, diffEntries, isEmptyDiff, listEntries, type EntryDiff } from '../core/workspace/entryDiff';
import { serviceKind } from '../core/workspace/lock';
import type { SyncRow } from './sync';

/** What replacing the service's entries with the file's does: added, changed, removed (and which were removed or
 * changed, since those are what the service loses). */
export function pushDiff(row: SyncRow): EntryDiff {
  return diffEntries(row.remote ?? '', serviceKind(row.kind), row.local?.text ?? '', row.kind);
}

export function describePush(d: EntryDiff, terms: boolean): string {
  const lost = [
    d.removed.length ? `removes ${listEntries(d.removed, 10, terms)}` : '',
    d.changed.length ? `changes ${listEntries(d.changed, 10, terms)}` : '',
  ].filter(Boolean).join('; ');
  return `${diffCounts(d, terms)}${lost ? `: ${lost}` : ''}`;
}

/** Each side's changes since the last sync, when the base is known (the lock's git blob, in this repository). */
export function describeSides(row: SyncRow, base: string | undefined): string | undefined {
  if (base === undefined || !row.local || row.remote === undefined) return undefined;
  const terms = row.kind.kind === 'terms';
  const kind = serviceKind(row.kind);
  const mine = diffEntries(base, kind, row.local.text, row.kind);
  const theirs = diffEntries(base, kind, row.remote, kind);
  const side = (d: EntryDiff) => isEmptyDiff(d) ? 'no change' : describeChanges(d, terms);
  return `in the file: ${side(mine)}; on the service: ${side(theirs)}`;
}

function describeChanges(d: EntryDiff, terms: boolean): string {
  const parts = [
    d.added.length ? `added ${listEntries(d.added, 5, terms)}` : '',
    d.changed.length ? `changed ${listEntries(d.changed, 5, terms)}` : '',
    d.removed.length ? `removed ${listEntries(d.removed, 5, terms)}` : '',
  ].filter(Boolean);
  return parts.join('; ');
}
