/** `push`: the linked files to the service, never over a change it has not seen. Per file, against the lock (the
 * last synced state, committed beside the manifest): local changes are pushed; a service that moved since the last
 * sync (or, without a lock entry, one that holds other entries) is refused with what changed on each side, until
 * `pull` merges it or `--force` overwrites it (and says what it overwrote); `--dry-run` prints the plan and sends
 * nothing. Never a file with error-level findings; the others only with `--yes` while one exists. After the push the
 * lock is written, to be committed. Exit 1 when anything was not pushed. */
import { ServiceError, type ServiceClient } from '../api';
import { entriesForSending, lintLanguagePair, termsOf } from '../core';
import { diffCounts } from '../core/workspace/entryDiff';
import { entriesFingerprint, gitBlobId, lockedSyncStatus, lockRemote, serviceKind, type LockEntry } from '../core/workspace/lock';
import type { EntriesFormat } from '../core/fields';
import { describePush, describeSides, pushDiff } from './changes';
import { baseFromGit } from './gitBase';
import type { CliFinding, LoadedManifest } from './lintFiles';
import { writeLockFile, type LockFile } from './lockFile';
import { formatRows, type RowLevel, type RowLine } from './rows';
import { appendStepSummary, rowsMarkdown } from './stepSummary';
import { failureMessage } from './service';
import { linkedRows, listService, syncRows, type SyncRow } from './sync';
import type { OutputFormat } from './report';

export interface SyncIo { out: (s: string) => void; err: (s: string) => void }
export interface PushOptions { yes: boolean; force: boolean; dryRun: boolean }
export interface RemoteContext { client: ServiceClient; m: LoadedManifest; lf: LockFile; cwd: string; io: SyncIo; format: OutputFormat; env: Record<string, string | undefined> }

interface Outcome { text: string; level: RowLevel; notPushed?: boolean; pushed?: boolean }

const format = (row: SyncRow): EntriesFormat => (row.kind.kind === 'entries' ? row.kind.format : 'tsv');
const noun = (row: SyncRow, n: number) => row.kind.kind === 'terms' ? (n === 1 ? 'term' : 'terms') : (n === 1 ? 'entry' : 'entries');

function lockEntryOf(row: SyncRow, id: string): LockEntry {
  const fp = entriesFingerprint(row.local!.text, row.kind);
  return { entries: fp.entries, sha256: fp.sha256, gitBlob: gitBlobId(row.local!.bytes), remote: lockRemote(row.link.area, id, row.link) };
}

export async function push(ctx: RemoteContext, findings: CliFinding[], o: PushOptions): Promise<number> {
  const { client, m, lf, io } = ctx;
  const erroneous = new Set<string>();
  for (const f of findings) if (f.severity === 'error') erroneous.add(f.file);
  if (erroneous.has(m.file)) { io.err('The manifest has errors: nothing was pushed.\n'); return 1; }
  const listing = await listService(client, m);
  const rows = linkedRows(m, listing, lf, ctx.cwd);
  const blocked = rows.filter((r) => erroneous.has(r.file));
  if (blocked.length && !o.yes) {
    io.err(`${blocked.length} file(s) have errors and cannot be pushed: ${blocked.map((r) => r.path).join(', ')}. Nothing was pushed; --yes pushes the others.\n`);
    return 1;
  }
  const outcomes = new Map<SyncRow, Outcome>();
  for (const r of blocked) outcomes.set(r, { text: 'not pushed: it has errors', level: 'error', notPushed: true });
  const verb = o.dryRun ? 'would push' : 'pushed';
  const send = async (row: SyncRow, id: string) => {
    const text = row.local!.text;
    let count: number;
    try {
      count = row.link.area === 'glossaries'
        ? (await client.replaceDictionary(id, { sourceLang: row.link.sourceLang, targetLang: row.link.targetLang!, entries: entriesForSending(text), entriesFormat: format(row) })).entryCount
        : (await client.replaceTermList(id, { lang: row.link.sourceLang, entries: termsOf(text).join('\n') })).entryCount;
    } catch (err) {
      // A lost answer (a dropped connection, a timeout, a 5xx after the retries) may hide a replacement that was
      // made: ask the service which entries it holds, so that the lock says what is there, never a guess.
      const applied = await landed(row, id, err);
      if (applied === undefined) throw err;
      count = applied;
    }
    lf.lock.files[row.link.path] = lockEntryOf(row, id);
    return count;
  };
  /** After an ambiguous failure: the entry count when the service holds exactly the file's entries, else undefined. */
  const landed = async (row: SyncRow, id: string, err: unknown): Promise<number | undefined> => {
    if (!(err instanceof ServiceError) || !err.transient) return undefined;
    try {
      const remote = row.link.area === 'glossaries'
        ? await client.getDictionaryEntries(id, row.link.sourceLang, row.link.targetLang!)
        : await client.getTermListEntries(id, row.link.sourceLang);
      const now = entriesFingerprint(remote, serviceKind(row.kind));
      return now.sha256 === entriesFingerprint(row.local!.text, row.kind).sha256 ? now.entries : undefined;
    } catch {
      return undefined;
    }
  };

  // A glossary or collection the service lacks is created once, with the first of its files that may be pushed.
  const created = new Map<string, string>();
  const failedOwners = new Map<string, string>();
  const ownerKey = (r: SyncRow) => `${r.link.area}/${r.link.owner}`;
  for (const row of rows) {
    if (outcomes.has(row) || row.problem || !row.local || row.resolution?.state !== 'missing' || created.has(ownerKey(row)) || failedOwners.has(ownerKey(row))) continue;
    row.status = lockedSyncStatus({ local: row.local.text, kind: row.kind, entry: row.entry, remote: undefined });
    if (row.status.state === 'remote-missing' && !o.force) continue; // said below, with the other files
    const kindWord = row.link.area === 'glossaries' ? 'glossary' : 'collection';
    if (o.dryRun) {
      created.set(ownerKey(row), '');
      outcomes.set(row, { text: `would push, creating ${kindWord} "${row.owner.name}" (${row.status.local!.entries} ${noun(row, row.status.local!.entries)})`, level: 'notice' });
      continue;
    }
    try {
      let id: string;
      if (row.link.area === 'glossaries') {
        if (lintLanguagePair(row.link.sourceLang, row.link.targetLang!).length) throw new Error('the language pair is refused');
        id = (await client.createGlossary(row.owner.name, [{ sourceLang: row.link.sourceLang, targetLang: row.link.targetLang!, entries: entriesForSending(row.local.text), entriesFormat: format(row) }])).glossaryId;
      } else {
        id = (await client.createSpokenTerms(row.owner.name, [{ lang: row.link.sourceLang, entries: termsOf(row.local.text).join('\n') }])).spokenTermsId;
      }
      created.set(ownerKey(row), id);
      lf.lock.files[row.link.path] = lockEntryOf(row, id);
      outcomes.set(row, { text: `pushed (created ${kindWord} "${row.owner.name}")`, level: 'notice', pushed: true });
    } catch (err) {
      failedOwners.set(ownerKey(row), failureMessage(err));
      outcomes.set(row, { text: `failed: ${failureMessage(err)}`, level: 'error', notPushed: true });
    }
  }
  for (const row of rows) {
    if (outcomes.has(row)) continue;
    const id = created.get(ownerKey(row));
    if (id !== undefined) { row.remoteId = id; row.remoteExists = false; row.entry = undefined; } // a new glossary: nothing to overwrite
    else if (failedOwners.has(ownerKey(row))) outcomes.set(row, { text: `not pushed: its ${row.link.area === 'glossaries' ? 'glossary' : 'collection'} could not be created`, level: 'error', notPushed: true });
  }

  let done = 0;
  const todo = rows.filter((r) => !outcomes.has(r));
  const progress = todo.length >= 10 && !o.dryRun;
  await syncRows(client, todo, async (row) => {
    outcomes.set(row, await decide(row));
    if (progress) io.err(`push: ${++done} of ${todo.length} files\n`);
  });

  async function decide(row: SyncRow): Promise<Outcome> {
    if (row.problem) return { text: `not pushed: ${row.problem}`, level: 'error', notPushed: true };
    const state = row.status!.state;
    const terms = row.kind.kind === 'terms';
    if (state === 'local-missing') return { text: 'not pushed: the file does not exist (pull writes it)', level: 'error', notPushed: true };
    if (state === 'in-sync') {
      // Synced by someone else, or never recorded: the lock learns it (nothing is sent).
      const id = row.remoteId!;
      if (!o.dryRun && (!row.entry || row.entry.sha256 !== row.status!.local!.sha256)) lf.lock.files[row.link.path] = lockEntryOf(row, id);
      return { text: 'in sync, nothing to push', level: 'notice' };
    }
    if (!row.remoteId) return { text: 'not pushed: its glossary or collection is not on the service', level: 'error', notPushed: true };
    if (state === 'remote-missing' && !o.force) {
      return { text: 'not pushed: deleted on the service since the last sync. "terminology push --force" creates it again; or unlink the file', level: 'error', notPushed: true };
    }
    const diff = pushDiff(row);
    if ((state === 'remote-changes' || state === 'both-changed') && !o.force) {
      const why = state === 'remote-changes' ? 'changed on the service since the last sync'
        : row.entry ? 'changed in the file and on the service since the last sync' : 'never synced (no entry in the lock), and the service holds other entries';
      const sides = describeSides(row, baseFromGit(ctx.m.dir, row.entry, row.kind));
      return {
        text: `not pushed: ${why}${sides ? ` (${sides})` : ''}; pushing now: ${describePush(diff, terms)}. Run "terminology pull" to merge the service's changes into the file, or "terminology push --force" to overwrite them`,
        level: 'error', notPushed: true,
      };
    }
    const forced = state === 'remote-changes' || state === 'both-changed' || (state === 'remote-missing' && row.entry !== undefined);
    if (o.dryRun) return { text: `${verb}${forced ? ' with --force, overwriting the service\'s changes' : ''}: ${describePush(diff, terms)}`, level: forced ? 'warning' : 'notice' };
    try {
      const count = await send(row, row.remoteId);
      return forced
        ? { text: `pushed with --force (${count} ${noun(row, count)}), overwriting the service's changes: ${describePush(diff, terms)}`, level: 'warning', pushed: true }
        : { text: `pushed (${count} ${noun(row, count)}: ${diffCounts(diff, terms)})`, level: 'notice', pushed: true };
    } catch (err) {
      return { text: `failed: ${failureMessage(err)}`, level: 'error', notPushed: true };
    }
  }

  const lines: RowLine[] = rows.map((r) => ({ path: r.path, ...outcomes.get(r)! }));
  const shown = formatRows(lines, ctx.format);
  io.out(shown.out);
  io.err(shown.err);
  const all = [...outcomes.values()];
  const notPushed = all.filter((x) => x.notPushed).length;
  const pushed = all.filter((x) => x.pushed).length;
  if (o.dryRun) {
    const footer = `dry run: nothing was sent; ${notPushed} file(s) would not be pushed`;
    io.err(`${footer}\n`);
    appendStepSummary(ctx.env, rowsMarkdown('Terminology push (dry run)', lines, footer));
    return notPushed ? 1 : 0;
  }
  const wrote = writeLockFile(lf, m);
  const footer = `pushed ${pushed} file(s); ${all.length - pushed - notPushed} in sync; ${notPushed} not pushed`;
  io.err(`${footer}\n`);
  const commit = wrote ? `${lf.path} updated: commit it with the glossaries (git add ${lf.path}), so that every clone and CI job knows what was synced` : '';
  if (commit) io.err(`${commit}\n`);
  appendStepSummary(ctx.env, rowsMarkdown('Terminology push', lines, commit ? `${footer}. ${commit}.` : footer));
  return notPushed ? 1 : 0;
}
