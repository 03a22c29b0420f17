/** `status` (and the second half of `check`): each linked file's state against the lock and the service, the states
 * of the editor's Repository Sync view. Sends nothing, writes nothing. Exit 1 unless every file is in sync. */
import { diffCounts, diffEntries } from '../core/workspace/entryDiff';
import { serviceKind } from '../core/workspace/lock';
import { describeSides, pushDiff } from './changes';
import { baseFromGit } from './gitBase';
import type { RemoteContext } from './push';
import { formatRows, type RowLine } from './rows';
import { appendStepSummary, rowsMarkdown } from './stepSummary';
import { linkedRows, listService, STATE_WORDS, syncRows, type SyncRow } from './sync';

function detail(row: SyncRow, dir: string): string {
  const terms = row.kind.kind === 'terms';
  switch (row.status!.state) {
    case 'local-changes': return `push would: ${diffCounts(pushDiff(row), terms)}`;
    case 'remote-changes': return `pull would take: ${diffCounts(diffEntries(row.local!.text, row.kind, row.remote!, serviceKind(row.kind)), terms)}`;
    case 'both-changed': {
      const sides = describeSides(row, baseFromGit(dir, row.entry, row.kind));
      return sides ?? `${row.entry ? 'both changed since the last sync' : 'never synced, and they differ'}: the service against the file, ${diffCounts(pushDiff(row), terms)}; pull merges them`;
    }
    case 'remote-missing': return 'deleted on the service since the last sync';
    case 'not-pushed': return 'not on the service yet';
    case 'local-missing': return row.remoteExists ? 'pull writes it' : 'the file does not exist';
    default: return '';
  }
}

export async function status(ctx: RemoteContext): Promise<number> {
  const { client, m, lf, io } = ctx;
  for (const p of lf.problems) io.err(`${lf.path}: ${p}\n`);
  const listing = await listService(client, m);
  const rows = linkedRows(m, listing, lf, ctx.cwd);
  await syncRows(client, rows);
  const lines: RowLine[] = rows.map((row) => {
    if (row.problem) return { path: row.path, text: `unknown: ${row.problem}`, level: 'error' };
    const state = row.status!.state;
    const d = detail(row, m.dir);
    return { path: row.path, text: `${STATE_WORDS[state]}${d ? ` (${d})` : ''}`, level: state === 'in-sync' ? 'notice' : state === 'local-changes' || state === 'not-pushed' ? 'warning' : 'error' };
  });
  const shown = formatRows(lines, ctx.format);
  io.out(shown.out);
  io.err(shown.err);
  const out = rows.filter((r) => r.problem || r.status?.state !== 'in-sync').length;
  const footer = `${rows.length - out} of ${rows.length} linked file(s) in sync with the service`;
  io.err(`${footer}\n`);
  appendStepSummary(ctx.env, rowsMarkdown('Terminology status', lines, footer));
  return out ? 1 : 0;
}
