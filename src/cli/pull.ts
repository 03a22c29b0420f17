/** `pull`: the service's changes into the linked files, with the editor's three-way merge (by source phrase; entries
 * both sides changed become conflict blocks, `merge-conflict` findings until resolved). The base is the version the
 * lock names: the file itself when only the service moved, else the lock's git blob from the repository's history;
 * without one, every entry that differs is a conflict (nothing is lost, nothing is taken silently). The lock then
 * records the service's version. Exit 1 when a file was not pulled or a conflict was written. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { encodeTextFile, mergeEntries, mergeTerms } from '../core';
import { diffCounts, diffEntries } from '../core/workspace/entryDiff';
import { entriesFingerprint, gitBlobId, lockRemote } from '../core/workspace/lock';
import { localText, serviceText } from '../core/workspace/serviceText';
import { writeFileAtomic } from './files';
import { baseFromGit } from './gitBase';
import { writeLockFile } from './lockFile';
import type { RemoteContext } from './push';
import { formatRows, type RowLevel, type RowLine } from './rows';
import { appendStepSummary, rowsMarkdown } from './stepSummary';
import { linkedRows, listService, syncRows, type SyncRow } from './sync';

interface Outcome { text: string; level: RowLevel; notPulled?: boolean; pulled?: boolean; conflicts?: number }

export async function pull(ctx: RemoteContext): Promise<number> {
  const { client, m, lf, io } = ctx;
  const listing = await listService(client, m);
  const rows = linkedRows(m, listing, lf, ctx.cwd);
  await syncRows(client, rows);
  const lines: RowLine[] = [];
  const outcomes: Outcome[] = [];
  for (const row of rows) {
    const o = pullOne(row);
    outcomes.push(o);
    lines.push({ path: row.path, text: o.text, level: o.level });
  }

  /** Writes `text` in the file's encoding and records the service's version in the lock. */
  function write(row: SyncRow, text: string): void {
    const bytes = encodeTextFile(text, row.local?.encoding ?? 'utf-8');
    mkdirSync(dirname(row.file), { recursive: true });
    writeFileAtomic(row.file, bytes);
    record(row, text, bytes);
  }

  function record(row: SyncRow, text: string, bytes: Uint8Array): void {
    const remote = row.status!.remote!;
    // The file is a base for later merges only when it holds exactly the service's entries.
    const exact = entriesFingerprint(text, row.kind).sha256 === remote.sha256;
    lf.lock.files[row.link.path] = { entries: remote.entries, sha256: remote.sha256, ...(exact ? { gitBlob: gitBlobId(bytes) } : {}), remote: lockRemote(row.link.area, row.remoteId!, row.link) };
  }

  function pullOne(row: SyncRow): Outcome {
    if (row.problem) return { text: `not pulled: ${row.problem}`, level: 'error', notPulled: true };
    const state = row.status!.state;
    const terms = row.kind.kind === 'terms';
    const remote = row.remote;
    switch (state) {
      case 'not-pushed': return { text: 'not on the service yet, nothing to pull (push it)', level: 'notice' };
      case 'local-changes': return { text: 'local changes, nothing to pull (push them)', level: 'notice' };
      case 'remote-missing': return { text: 'not pulled: deleted on the service since the last sync ("terminology push --force" creates it again; or unlink the file)', level: 'error', notPulled: true };
      case 'local-missing':
        if (remote === undefined) return { text: 'not pulled: the file does not exist and the service has no such dictionary', level: 'error', notPulled: true };
        write(row, localText(remote, row.kind));
        return { text: `pulled (written: ${row.status!.remote!.entries} ${terms ? 'terms' : 'entries'})`, level: 'notice', pulled: true };
      case 'in-sync':
        if (!row.entry || row.entry.sha256 !== row.status!.remote!.sha256) record(row, row.local!.text, row.local!.bytes);
        return { text: 'in sync, nothing to pull', level: 'notice' };
      default: break;
    }
    const local = row.local!.text;
    // Only the service moved: the file is the base. Both moved: the lock's blob, if the history has it.
    const base = state === 'remote-changes' ? serviceText(local, row.kind) : baseFromGit(m.dir, row.entry, row.kind);
    const k = row.kind;
    const merged = k.kind === 'terms' ? mergeTerms(base ?? '', local, remote!) : mergeEntries(base ?? '', local, remote!, k.format);
    const taken = diffCounts(diffEntries(local, k, merged.text, k), terms);
    write(row, merged.text);
    const noBase = base === undefined ? ` (no base: ${row.entry ? 'the lock\'s version is not in this repository\'s history' : 'never synced'}, so every entry that differs is a conflict)` : '';
    if (merged.conflicts) {
      return { text: `pulled with ${merged.conflicts} conflict block(s)${noBase}: resolve them (merge-conflict), then push. Taken: ${taken}`, level: 'error', pulled: true, conflicts: merged.conflicts };
    }
    return { text: `pulled (${taken})${state === 'both-changed' ? '; your changes are kept: push them' : ''}${noBase}`, level: 'notice', pulled: true };
  }

  const shown = formatRows(lines, ctx.format);
  io.out(shown.out);
  io.err(shown.err);
  const notPulled = outcomes.filter((o) => o.notPulled).length;
  const conflicts = outcomes.reduce((n, o) => n + (o.conflicts ?? 0), 0);
  const wrote = writeLockFile(lf, m);
  const footer = `pulled ${outcomes.filter((o) => o.pulled).length} file(s); ${conflicts} conflict block(s); ${notPulled} not pulled`;
  io.err(`${footer}\n`);
  const commit = wrote ? `${lf.path} updated: commit it with the files (git add ${lf.path})` : '';
  if (commit) io.err(`${commit}\n`);
  appendStepSummary(ctx.env, rowsMarkdown('Terminology pull', lines, commit ? `${footer}. ${commit}.` : footer));
  return notPulled || conflicts ? 1 : 0;
}
