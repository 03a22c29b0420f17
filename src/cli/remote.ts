/** `check` and `push`: the manifest's files against the service, from CI. The repository is the source of truth
 * here (a CI job has no "last synced version"): `check` says, per linked file, whether the service holds the same
 * entries; `push` sends the files that differ, with Push All's guarantees: never a file with error-level findings,
 * the others only with --yes, a missing glossary created once, 4 requests at a time through the client's retry
 * policy (Retry-After honoured on 429), each dictionary sent once. */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ServiceClient, type Glossary, type SpokenTerms } from '../api';
import { entriesForSending, entryChanges, lintLanguagePair, termsOf } from '../core';
import { manifestLinks, resolveManifest, type ManifestLink, type Resolution } from '../core/workspace/manifest';
import { sameEntries, type LinkedKind } from '../core/workspace/syncStatus';
import { forEachBounded } from '../platform/bounded';
import { taggedLogger } from '../platform/logger';
import type { CliFinding, LoadedManifest } from './lintFiles';
import { UsageError } from './lintFiles';
import type { OutputFormat } from './report';

export const KEY_VARIABLE = 'TERMINOLOGY_API_KEY';
const CONCURRENCY = 4;

import type { CliIo } from './main';

export type RemoteState = 'in-sync' | 'differs' | 'not-pushed' | 'ambiguous' | 'missing-file' | 'error';

interface Row { link: ManifestLink; path: string; file: string; kind: LinkedKind; state: RemoteState; detail: string; remoteId?: string; exists: boolean; text?: string }

export function clientFromEnv(env: CliIo['env'], version: string, log?: (m: string) => void): ServiceClient {
  const key = env[KEY_VARIABLE]?.trim();
  if (!key) throw new UsageError(`set ${KEY_VARIABLE} to the service's API key (a CI secret)`);
  const sink = (m: string | Error) => log?.(String(m));
  return new ServiceClient({
    key,
    ...(env.TERMINOLOGY_BASE_URL ? { baseUrl: env.TERMINOLOGY_BASE_URL } : {}),
    ...(env.TERMINOLOGY_FREE_BASE_URL ? { freeBaseUrl: env.TERMINOLOGY_FREE_BASE_URL } : {}),
    userAgent: `terminology-cli/${version}`,
    ...(log ? { logger: taggedLogger({ trace: () => undefined, debug: () => undefined, info: sink, warn: sink, error: sink }, 'api') } : {}),
  });
}

const kindOf = (link: ManifestLink): LinkedKind => link.format === 'terms'
  ? { kind: 'terms' } : { kind: 'entries', format: link.format, sourceLang: link.sourceLang, targetLang: link.targetLang };

async function compare(client: ServiceClient, m: LoadedManifest, cwd: string): Promise<{ rows: Row[]; resolutions: Resolution[] }> {
  const man = m.manifest;
  const [glossaries, collections] = await Promise.all([
    man.glossaries.length ? client.listGlossaries() : Promise.resolve([] as Glossary[]),
    man.spokenTerms.length ? client.listSpokenTerms() : Promise.resolve([] as SpokenTerms[]),
  ]);
  const resolutions = resolveManifest(man, {
    glossaries: glossaries.map((g) => ({ id: g.glossaryId, name: g.name })),
    spokenTerms: collections.map((c) => ({ id: c.spokenTermsId, name: c.name })),
  });
  const rows: Row[] = manifestLinks(man).map((link) => {
    const file = join(m.dir, link.path);
    const path = relative(cwd, file).split(sep).join('/');
    const r = resolutions.find((x) => x.area === link.area && x.index === link.owner);
    const base = { link, path, file, kind: kindOf(link), remoteId: r?.id, exists: false };
    if (!existsSync(file)) return { ...base, state: 'missing-file' as const, detail: 'the file does not exist' };
    if (r?.state === 'ambiguous') return { ...base, state: 'ambiguous' as const, detail: `${r.candidates?.length} resources on the service are named "${r.name}"` };
    let exists = false;
    if (r?.id && link.area === 'glossaries') {
      exists = Boolean(glossaries.find((g) => g.glossaryId === r.id)?.dictionaries.some((d) => d.sourceLang.toLowerCase() === link.sourceLang && d.targetLang.toLowerCase() === link.targetLang));
    } else if (r?.id) {
      exists = Boolean(collections.find((c) => c.spokenTermsId === r.id)?.termLists.some((l) => l.lang.toLowerCase() === link.sourceLang));
    }
    const text = readFileSync(file, 'utf8');
    if (!exists) return { ...base, text, state: 'not-pushed' as const, detail: r?.state === 'missing' ? `not on the service yet (no ${link.area === 'glossaries' ? 'glossary' : 'collection'} "${r.name}")` : 'not on the service yet' };
    return { ...base, text, exists: true, state: 'in-sync' as const, detail: '' };
  });
  await forEachBounded(rows.filter((r) => r.exists), CONCURRENCY, async (row) => {
    try {
      const remote = row.link.area === 'glossaries'
        ? await client.getDictionaryEntries(row.remoteId!, row.link.sourceLang, row.link.targetLang!)
        : await client.getTermListEntries(row.remoteId!, row.link.sourceLang);
      if (sameEntries(row.text!, row.kind, remote)) return;
      row.state = 'differs';
      if (row.kind.kind === 'entries') {
        const c = entryChanges(remote, row.text!, { format: row.kind.format, mode: 'replace', sourceLang: row.link.sourceLang, targetLang: row.link.targetLang });
        row.detail = `differs from the service: pushing would add ${c.added}, change ${c.changed} and remove ${c.removed} entries`;
      } else {
        const mine = new Set(termsOf(row.text!));
        const theirs = new Set(termsOf(remote));
        row.detail = `differs from the service: pushing would add ${[...mine].filter((t) => !theirs.has(t)).length} and remove ${[...theirs].filter((t) => !mine.has(t)).length} terms`;
      }
    } catch (err) {
      row.state = 'error';
      row.detail = (err as Error).message;
    }
  });
  return { rows, resolutions };
}

type Level = 'notice' | 'warning' | 'error';
const stateLevel = (r: Row): Level => r.state === 'in-sync' ? 'notice' : r.state === 'error' || r.state === 'ambiguous' ? 'error' : 'warning';

function printRows(rows: Row[], format: OutputFormat, io: CliIo, label: (r: Row) => string, levelOf: (r: Row) => Level = stateLevel): void {
  for (const r of rows) {
    const text = `${r.path}: ${label(r)}`;
    if (format === 'github') {
      const level = levelOf(r);
      io.out(`::${level} file=${r.path.replace(/%/g, '%25').replace(/:/g, '%3A').replace(/,/g, '%2C')}::${label(r).replace(/%/g, '%25').replace(/\r?\n/g, '%0A')}\n`);
    } else if (format === 'sarif') io.err(`${text}\n`); // stdout holds the SARIF log alone
    else io.out(`${text}\n`);
  }
}

const STATE_WORDS: Record<RemoteState, string> = {
  'in-sync': 'in sync', 'differs': 'differs', 'not-pushed': 'not pushed yet', 'ambiguous': 'ambiguous', 'missing-file': 'file missing', 'error': 'error',
};

/** `check`: lint findings (as `lint` prints them), then the sync status of each linked file. Exit 1 when a finding
 * is an error or a file is not in sync with the service. */
export async function check(findings: CliFinding[], m: LoadedManifest, format: OutputFormat, io: CliIo, render: (f: CliFinding[]) => string, version: string): Promise<number> {
  const client = clientFromEnv(io.env, version);
  io.out(render(findings));
  const { rows } = await compare(client, m, io.cwd);
  printRows(rows, format, io, (r) => `${STATE_WORDS[r.state]}${r.detail ? ` (${r.detail})` : ''}`);
  const errors = findings.some((f) => f.severity === 'error');
  const out = rows.filter((r) => r.state !== 'in-sync').length;
  io.err(`${rows.length - out} of ${rows.length} linked file(s) in sync with the service\n`);
  return errors || out ? 1 : 0;
}

/** `push`: sends every linked file that differs from the service (or is not there yet). Files with error-level
 * findings are never sent; the others only with `yes`. Exit 1 when a file was blocked or failed. */
export async function push(findings: CliFinding[], m: LoadedManifest, format: OutputFormat, yes: boolean, io: CliIo, render: (f: CliFinding[]) => string, version: string): Promise<number> {
  const client = clientFromEnv(io.env, version, (line) => { if (/Retry|->\s*(429|5\d\d)/.test(line)) io.err(`${line}\n`); });
  io.out(render(findings));
  const erroneous = new Set(findings.filter((f) => f.severity === 'error').map((f) => f.path));
  const manifestPath = relative(io.cwd, m.file).split(sep).join('/');
  if (erroneous.has(manifestPath)) {
    io.err('The manifest has errors: nothing was pushed.\n');
    return 1;
  }
  const { rows, resolutions } = await compare(client, m, io.cwd);
  const blocked = rows.filter((r) => erroneous.has(r.path));
  if (blocked.length && !yes) {
    io.err(`${blocked.length} file(s) have errors and cannot be pushed: ${blocked.map((r) => r.path).join(', ')}. Nothing was pushed; --yes pushes the others.\n`);
    return 1;
  }
  const todo = rows.filter((r) => !erroneous.has(r.path) && (r.state === 'differs' || r.state === 'not-pushed'));
  const results = new Map<Row, string>();
  for (const r of rows) {
    if (erroneous.has(r.path)) results.set(r, 'not pushed: it has errors');
    else if (r.state === 'in-sync') results.set(r, 'in sync, nothing to push');
    else if (!todo.includes(r)) results.set(r, `not pushed: ${r.detail}`);
  }
  let failed = 0;
  const send = async (r: Row, id: string) => {
    const text = r.text!;
    if (r.link.area === 'glossaries') {
      const format = (r.kind as Extract<LinkedKind, { kind: 'entries' }>).format;
      const info = await client.replaceDictionary(id, { sourceLang: r.link.sourceLang, targetLang: r.link.targetLang!, entries: entriesForSending(text), entriesFormat: format });
      return info.entryCount;
    }
    return (await client.replaceTermList(id, { lang: r.link.sourceLang, entries: termsOf(text).join('\n') })).entryCount;
  };
  // A glossary or collection the service lacks is created once, with its first file; its other files follow.
  const created = new Map<string, string>();
  const queue: Row[] = [];
  for (const r of todo) {
    const res = resolutions.find((x) => x.area === r.link.area && x.index === r.link.owner)!;
    const ownerKey = `${r.link.area}/${r.link.owner}`;
    if (res.state !== 'missing' || created.has(ownerKey)) { queue.push(r); continue; }
    const owner = m.manifest[r.link.area].find((o) => o.index === r.link.owner)!;
    try {
      if (r.link.area === 'glossaries') {
        if (lintLanguagePair(r.link.sourceLang, r.link.targetLang!).length) throw new Error('the language pair is refused');
        const format = (r.kind as Extract<LinkedKind, { kind: 'entries' }>).format;
        const g = await client.createGlossary(owner.name, [{ sourceLang: r.link.sourceLang, targetLang: r.link.targetLang!, entries: entriesForSending(r.text!), entriesFormat: format }]);
        created.set(ownerKey, g.glossaryId);
      } else {
        const c = await client.createSpokenTerms(owner.name, [{ lang: r.link.sourceLang, entries: termsOf(r.text!).join('\n') }]);
        created.set(ownerKey, c.spokenTermsId);
      }
      results.set(r, `pushed (created ${r.link.area === 'glossaries' ? 'glossary' : 'collection'} "${owner.name}")`);
    } catch (err) {
      failed++;
      results.set(r, `failed: ${(err as Error).message}`);
    }
  }
  await forEachBounded(queue, CONCURRENCY, async (r) => {
    const id = created.get(`${r.link.area}/${r.link.owner}`) ?? r.remoteId;
    if (!id) { failed++; results.set(r, 'failed: its glossary could not be created'); return; }
    try {
      const count = await send(r, id);
      const noun = r.link.area === 'glossaries' ? (count === 1 ? 'entry' : 'entries') : (count === 1 ? 'term' : 'terms');
      results.set(r, `pushed (${count} ${noun})`);
    } catch (err) {
      failed++;
      results.set(r, `failed: ${(err as Error).message}`);
    }
  });
  const label = (r: Row) => results.get(r) ?? r.detail;
  printRows(rows, format, io, label, (r) => label(r).startsWith('failed') ? 'error' : label(r).startsWith('not pushed') ? 'warning' : 'notice');
  const pushed = [...results.values()].filter((v) => v.startsWith('pushed')).length;
  io.err(`pushed ${pushed} file(s); ${blocked.length} blocked by errors; ${failed} failed\n`);
  return blocked.length || failed ? 1 : 0;
}
