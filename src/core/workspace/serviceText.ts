/** A linked file's text and the service's form of it, both ways. Pure: the editor's Repository Sync and the CLI
 * share it. */
import { parseEntries, serializeEntries } from '../serialize';
import { termsOf } from '../termList';
import type { LinkedKind } from './syncStatus';

/** The service's form of a local text: TSV of the entries it would keep, or the terms one per line. */
export function serviceText(text: string, kind: LinkedKind): string {
  if (kind.kind === 'terms') return termsOf(text).join('\n');
  const entries = parseEntries(text, kind.format).entries.filter((e) => e.sourceLang === undefined || !kind.sourceLang ||
    (e.sourceLang.toLowerCase() === kind.sourceLang && e.targetLang?.toLowerCase() === kind.targetLang));
  return serializeEntries(entries, 'tsv');
}

/** The service's text in the file's format (a CSV file gets CSV). */
export function localText(remote: string, kind: LinkedKind): string {
  if (kind.kind === 'terms') return remote === '' || remote.endsWith('\n') ? remote : remote + '\n';
  if (kind.format === 'tsv') return remote === '' || remote.endsWith('\n') ? remote : remote + '\n';
  return serializeEntries(parseEntries(remote, 'tsv').entries, 'csv');
}
