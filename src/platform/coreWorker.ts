/** The worker thread behind `offload`: runs the pure core's whole-text work (JSON of 10 MiB, linting, comparing,
 * merging) away from the extension host's event loop. Bundled as dist/coreWorker.js; no vscode import. */
import { parentPort } from 'node:worker_threads';
import { commonEnds, countEntries, gridChanges, gridEntryCount, joinGridTexts, lintEntries, lintGrid, sameGrid, lintTermList, mergeEntries, mergeTerms, sameContent, type LintEntriesOptions } from '../core';
import { findInEntries } from '../core/search';
import type { OffloadRequest } from './offloadProtocol';

const decoder = new TextDecoder();
const encoder = new TextEncoder();

function run(req: OffloadRequest): { value: unknown; transfer?: ArrayBuffer[] } {
  switch (req.op) {
    case 'parseJson': return { value: JSON.parse(decoder.decode(req.bytes)) };
    case 'encodeJson': {
      const bytes = encoder.encode(JSON.stringify(req.value));
      return { value: bytes, transfer: [bytes.buffer as ArrayBuffer] };
    }
    case 'errorCount': {
      const findings = req.kind === 'terms' ? lintTermList(req.text, { lang: req.lang })
        : req.kind === 'glossary' ? lintGrid(req.text) : lintEntries(req.text, req.options as LintEntriesOptions);
      return { value: findings.filter((f) => f.severity === 'error').length };
    }
    case 'sameContent': return { value: sameContent(req.a, req.b, req.kind) };
    case 'merge': return { value: req.kind === 'terms' ? mergeTerms(req.base, req.ours, req.theirs) : mergeEntries(req.base, req.ours, req.theirs) };
    case 'countEntries': return { value: countEntries(req.text) };
    case 'gridEntryCount': return { value: gridEntryCount(req.text) };
    case 'gridChanges': return { value: gridChanges(req.text, req.remote) };
    case 'sameGrid': return { value: sameGrid(req.a, req.b) };
    case 'joinGrid': return { value: joinGridTexts(req.sourceLang, req.dictionaries) };
    case 'encodeText': {
      const bytes = encoder.encode(req.text);
      return { value: bytes, transfer: [bytes.buffer as ArrayBuffer] };
    }
    case 'decodeText': return { value: decoder.decode(req.bytes) };
    case 'commonEnds': return { value: commonEnds(req.a, req.b) };
    case 'findInEntries': return { value: findInEntries(req.text, req.query, req.options) };
  }
}

/** Large strings of a request sent ahead, one per message (see Offload.send). */
const parts = new Map<number, string>();

parentPort?.on('message', (msg: { id: number; req: OffloadRequest } | { part: number; text: string }) => {
  if ('part' in msg) { parts.set(msg.part, msg.text); return; }
  try {
    const req = { ...msg.req } as Record<string, unknown>;
    for (const [field, v] of Object.entries(req)) {
      const part = (v as { $part?: unknown } | null)?.$part;
      if (typeof part === 'number') { req[field] = parts.get(part); parts.delete(part); }
    }
    const { value, transfer } = run(req as OffloadRequest);
    parentPort!.postMessage({ id: msg.id, value }, transfer ?? []);
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
  }
});
