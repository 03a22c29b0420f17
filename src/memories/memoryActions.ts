/** What the translation memory commands do, with plain values (the commands gather them; tests call these). */
import * as vscode from 'vscode';
import { createReadStream, createWriteStream, promises as fsp } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { MemoryJob, ServiceClient } from '../api';
import { clientOrThrow, type CommandContext } from '../trees/commandContext';
import type { MemoriesTree } from './memoriesTree';
import { SEGMENTS_SCHEME, type SegmentFilter, type SegmentsDocuments } from './segmentsDocument';
import { closeDeleted } from '../platform/tabs';

export interface JobProgress {
  /** uploading → waiting (awaiting_input after the upload) → processing → done; or downloading for an export. */
  phase: 'uploading' | 'awaiting_input' | 'processing' | 'downloading' | 'done';
  /** Bytes sent or received so far, and in all when known. */
  bytes?: number; total?: number;
  job?: MemoryJob;
}

export interface TransferOptions {
  signal?: AbortSignal;
  onProgress?: (p: JobProgress) => void;
  /** First wait between two polls of the job (1 s); it grows to 5 s. */
  pollIntervalMs?: number;
}

export interface MemoryActions {
  /** Imports a TMX file as a new memory named `name`: starts the job, uploads the file streamed, follows the job.
   * Resolves with the job as it ended (completed, failed with the service's message, or expired). Aborting stops the
   * upload or the following, not the service's job. */
  importTmx(file: vscode.Uri, name: string, options?: TransferOptions): Promise<MemoryJob>;
  /** Exports a memory to `target` (written whole or not at all). */
  exportTmx(memoryId: string, target: vscode.Uri, options?: TransferOptions): Promise<{ job: MemoryJob; reused: boolean; bytes: number }>;
  deleteMemory(memoryId: string, signal?: AbortSignal): Promise<void>;
  /** Opens the segments document of a memory (first page loaded). `afterAnswerMs`: from the service's answer to the
   * document shown. */
  browseSegments(memoryId: string, filter?: SegmentFilter, signal?: AbortSignal): Promise<{ uri: vscode.Uri; afterAnswerMs: number }>;
  /** Sets the filter of an open segments document (2 characters or more; '' clears it). */
  filterSegments(uri: vscode.Uri, filter: SegmentFilter, signal?: AbortSignal): Promise<void>;
}

/** A job's status in words (the raw ids such as `awaiting_input` never reach the user). */
export function jobStatusWords(status: MemoryJob['status']): string {
  switch (status) {
    case 'awaiting_input': return vscode.l10n.t('waiting for the file');
    case 'processing': return vscode.l10n.t('processing');
    case 'completed': return vscode.l10n.t('completed');
    case 'failed': return vscode.l10n.t('failed');
    case 'expired': return vscode.l10n.t('expired');
    case 'downloaded': return vscode.l10n.t('downloaded');
    default: return status.replace(/[_-]+/g, ' ');
  }
}

export class JobFailedError extends Error {
  constructor(message: string, readonly job: MemoryJob) { super(message); }
}

async function fileSize(uri: vscode.Uri): Promise<number> {
  return (await vscode.workspace.fs.stat(uri)).size;
}

/** The file's bytes chunk by chunk: streamed from disk for local files; other file systems are read whole. */
function opener(uri: vscode.Uri): () => AsyncIterable<Uint8Array> {
  if (uri.scheme === 'file') return () => createReadStream(uri.fsPath, { highWaterMark: 256 * 1024 });
  return () => (async function* () { yield await vscode.workspace.fs.readFile(uri); })();
}

async function follow(client: ServiceClient, jobId: string, o: TransferOptions): Promise<MemoryJob> {
  return client.waitForJob(jobId, {
    signal: o.signal, intervalMs: o.pollIntervalMs,
    onUpdate: (job) => o.onProgress?.({ phase: job.status === 'awaiting_input' ? 'awaiting_input' : job.status === 'processing' ? 'processing' : 'done', job }),
  });
}

/** Writes the chunks to `target`: a local file through a temporary file beside it, renamed at the end, so that a
 * failed download never leaves half a file (nor replaces a good one). */
async function writeTarget(target: vscode.Uri, chunks: AsyncIterable<Uint8Array>, onBytes: (n: number) => void, signal?: AbortSignal): Promise<number> {
  let bytes = 0;
  const counted = async function* () {
    for await (const c of chunks) {
      bytes += c.byteLength;
      onBytes(bytes);
      yield c;
    }
  };
  if (target.scheme === 'file') {
    const tmp = join(dirname(target.fsPath), `.${basename(target.fsPath)}.${process.pid}.part`);
    try {
      await pipeline(Readable.from(counted()), createWriteStream(tmp), { signal });
      await fsp.rename(tmp, target.fsPath);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
    return bytes;
  }
  const parts: Uint8Array[] = [];
  for await (const c of counted()) parts.push(c);
  await vscode.workspace.fs.writeFile(target, Buffer.concat(parts));
  return bytes;
}

export function memoryActions(ctx: CommandContext, tree: MemoriesTree, segments: SegmentsDocuments): MemoryActions {
  return {
    async importTmx(file, name, o = {}) {
      const client = await clientOrThrow(ctx);
      const size = await fileSize(file);
      if (!size) throw new Error(vscode.l10n.t('{0} is empty.', basename(file.path)));
      const ticket = await client.startImport({ fileName: basename(file.path), contentLength: size, displayName: name }, o.signal);
      ctx.log.info(`memories: import job ${ticket.jobId} for ${basename(file.path)} (${size} bytes)`);
      o.onProgress?.({ phase: 'uploading', bytes: 0, total: size });
      await client.uploadTmx(ticket.uploadUrl, opener(file), size, { signal: o.signal, onProgress: (bytes) => o.onProgress?.({ phase: 'uploading', bytes, total: size }) });
      const job = await follow(client, ticket.jobId, o);
      if (job.status === 'completed') {
        tree.refresh();
        await tree.items();
      }
      return job;
    },
    async exportTmx(memoryId, target, o = {}) {
      const client = await clientOrThrow(ctx);
      const ticket = await client.startExport(memoryId, o.signal);
      const job = await follow(client, ticket.jobId, o);
      if (job.status !== 'completed' || !job.downloadUrl) {
        throw new JobFailedError(job.status === 'failed'
          ? vscode.l10n.t('The export failed: {0}', job.errorMessage ?? vscode.l10n.t('the service gave no reason'))
          : vscode.l10n.t('The export ended as "{0}" without a file. Try again.', jobStatusWords(job.status)), job);
      }
      const { contentLength, chunks } = await client.downloadExport(job.downloadUrl, o.signal);
      const bytes = await writeTarget(target, chunks, (n) => o.onProgress?.({ phase: 'downloading', bytes: n, total: contentLength }), o.signal);
      return { job, reused: ticket.reused, bytes };
    },
    async deleteMemory(memoryId, signal) {
      try {
        await (await clientOrThrow(ctx)).deleteTranslationMemory(memoryId, signal);
      } finally {
        tree.refresh();
      }
      await closeDeleted((uri) => uri.scheme === SEGMENTS_SCHEME && uri.query === memoryId,
        (uri) => vscode.l10n.t('The translation memory "{0}"', uri.path.slice(1).replace(/\.segments\.txt$/, '')));
    },
    async browseSegments(memoryId, filter, signal) {
      const client = await clientOrThrow(ctx);
      const memory = tree.find(memoryId) ?? await client.getTranslationMemory(memoryId, signal);
      const uri = await segments.open(memory, filter, signal);
      const answered = performance.now();
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc, { preview: false });
      return { uri, afterAnswerMs: performance.now() - answered };
    },
    filterSegments: (uri, filter, signal) => segments.setFilter(uri, filter, signal),
  };
}
