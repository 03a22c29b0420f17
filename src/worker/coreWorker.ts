/** The worker thread behind `offload`: runs the pure core's whole-text work (JSON of 10 MiB, linting, comparing,
 * merging) away from the extension host's event loop. Bundled as dist/coreWorker.js; no vscode import. */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { deflateRawSync } from 'node:zlib';
import { parentPort, workerData } from 'node:worker_threads';
import { commonEnds, countEntries, entriesForSending, gridChanges, gridEntryCount, lintEntries, lintGrid, sameGrid, lintTermList, mergeOf, sameContent, type LintEntriesOptions } from '../core';
import { findInEntries } from '../core/search';
import { findCandidatesPacked } from '../core/termCheck/candidates';
import { GlossaryIndex } from '../core/termCheck/glossaryIndex';
import { FoldedRows, type ColumnOrder } from '../core/tableRows';
import { CHUNK_UNITS, chunksOf, entriesAnswer, entriesAnswerText, fixAllOf, fromParts, KEPT_GONE, joinGridAnswers, withParts, type EncodedRows, type OffloadRequest, type SaveAheadAnswer, type SaveChecks } from './offloadProtocol';

const decoder = new TextDecoder();
/** Texts kept here for later requests (a search's dictionaries: see Offload.keepEntries), by the host's number. */
const kept = new Map<number, string>();
/** The term check's index of each glossary version the host holds (see Offload.keepTermIndex), by the host's number. */
const termIndexes = new Map<number, GlossaryIndex>();
/** The rows of the tables whose orders are being made, one column per request (see Offload.tableOrders). */
const tables = new Map<number, FoldedRows>();
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
    case 'merge': return { value: mergeOf(req.kind, req.base, req.ours, req.theirs) };
    case 'countEntries': return { value: countEntries(req.text) };
    case 'gridEntryCount': return { value: gridEntryCount(req.text) };
    case 'gridChanges': return { value: gridChanges(req.text, req.remote) };
    case 'sameGrid': return { value: sameGrid(req.a, req.b) };
    case 'joinGridAnswers': {
      const joined = joinGridAnswers(req.sourceLang, req.dictionaries);
      return { value: joined, transfer: [joined.bytes.buffer as ArrayBuffer] };
    }
    case 'entriesAnswer': {
      const entries = entriesAnswer(req.answer);
      return { value: entries, transfer: [entries.bytes.buffer as ArrayBuffer] };
    }
    case 'encodeText': {
      const bytes = encoder.encode(req.text);
      return { value: bytes, transfer: [bytes.buffer as ArrayBuffer] };
    }
    case 'encodeRows': {
      const rows = encodeRows(req.text);
      return { value: rows, transfer: [rows.bytes.buffer as ArrayBuffer, ...(rows.deflated ? [rows.deflated.buffer as ArrayBuffer] : [])] };
    }
    case 'decodeText': return { value: decoder.decode(req.bytes) };
    case 'saveChecks': return { value: saveChecks(req) };
    case 'commonEnds': return { value: commonEnds(req.a, req.b) };
    case 'fixAll': return { value: fixAllOf(req.lint, req.pieces.join(''), req.rules) };
    case 'keepEntries': {
      const text = entriesAnswerText(req.answer);
      kept.set(req.keep, text);
      return { value: text.length };
    }
    case 'findInKept': {
      const text = kept.get(req.keep);
      if (text === undefined) throw new Error(KEPT_GONE);
      return { value: findInEntries(text, req.query, req.options) };
    }
    case 'release': kept.delete(req.keep); termIndexes.delete(req.keep); tables.delete(req.keep); return { value: undefined };
    case 'keptEquals': {
      const text = kept.get(req.keep);
      const other = 'other' in req ? kept.get(req.other) : req.text;
      if (text === undefined || other === undefined) throw new Error(KEPT_GONE);
      return { value: text === other };
    }
    case 'saveAhead': {
      const ahead = saveAhead(req);
      if (req.base !== undefined) kept.set(req.keepBase, req.base);
      return { value: ahead, transfer: [ahead.bytes.buffer as ArrayBuffer, ...(ahead.body ? [ahead.body.buffer as ArrayBuffer] : [])] };
    }
    case 'takeKept': {
      const text = kept.get(req.keep);
      if (text === undefined) throw new Error(KEPT_GONE);
      kept.delete(req.keep);
      return { value: text };
    }
    case 'findInEntries': return { value: findInEntries(req.text, req.query, req.options) };
    case 'findCandidates': return { value: findCandidatesPacked(req) };
    case 'keepTermIndex': {
      const index = new GlossaryIndex(req.input);
      termIndexes.set(req.keep, index);
      return { value: index.summary };
    }
    case 'checkTermFile': return { value: termIndex(req.keep).checkFile(req.file, req.req) };
    case 'termInconsistencies': return { value: termIndex(req.keep).inconsistencies(req.files) };
    case 'termForget': termIndexes.get(req.keep)?.forget(req.file); return { value: undefined };
    case 'tableRows':
      tables.set(req.keep, new FoldedRows(req, req.columns, req.languages));
      return { value: undefined };
    case 'tableOrder': return tableOrder(req.keep, req.column, req.last);
  }
}

/** The order of a kept table's rows by one column, its arrays handed over (not copied). */
function tableOrder(keep: number, column: number, last: boolean): { value: ColumnOrder | undefined; transfer?: ArrayBuffer[] } {
  const rows = tables.get(keep);
  if (last) tables.delete(keep);
  const order = rows?.orderBy(column);
  return order ? { value: order, transfer: [order.lines.buffer as ArrayBuffer, order.ties.buffer as ArrayBuffer] } : { value: undefined };
}

function termIndex(keep: number): GlossaryIndex {
  const index = termIndexes.get(keep);
  if (!index) throw new Error(KEPT_GONE);
  return index;
}

/** The rows' bytes, and the same deflated when that saves at least a quarter: the bytes cross from the extension host
 * to the webview through VS Code (over its connection to the window), which takes far longer than level-1 DEFLATE of
 * them here and the browser's native inflate there. */
export function encodeRows(text: string): EncodedRows {
  const bytes = encoder.encode(text);
  const packed = deflateRawSync(bytes, { level: 1 });
  if (packed.byteLength > bytes.byteLength * 0.75) return { bytes };
  // A Buffer may share a pooled ArrayBuffer: the answer transfers a buffer of its own.
  const deflated = packed.byteOffset === 0 && packed.byteLength === packed.buffer.byteLength ? new Uint8Array(packed.buffer) : new Uint8Array(packed);
  return { bytes, deflated };
}

/** Decodes the bytes of a save, compares them with the base, and lints them: the text crosses to this thread
 * once (as bytes) for all three. */
export function saveChecks(req: Extract<OffloadRequest, { op: 'saveChecks' }>): SaveChecks {
  return checksOf(decoder.decode(req.bytes), req.base, req, req.lint);
}

function checksOf(text: string, base: string | undefined, check: { kind: 'entries' | 'terms'; options?: unknown; lang?: string }, lint: boolean): SaveChecks {
  const same = base !== undefined && (base === text || sameContent(base, text, check.kind));
  const errors = same || !lint ? 0
    : (check.kind === 'terms' ? lintTermList(text, { lang: check.lang }) : lintEntries(text, check.options as LintEntriesOptions)).filter((f) => f.severity === 'error').length;
  return { text, same, errors };
}

/** The checks of a save made from the document's text before VS Code hands its bytes over: the save takes them when
 * its bytes are these bytes. The text is what decoding the bytes gives (a save pushes that): the joined pieces
 * themselves unless they hold a lone surrogate or start with a byte order mark, which decoding would not give back. */
export function saveAhead(req: Extract<OffloadRequest, { op: 'saveAhead' }>): SaveAheadAnswer {
  const joined = req.pieces.length === 1 ? req.pieces[0] : req.pieces.join('');
  const bytes = encoder.encode(joined);
  const wellFormed = (joined as { isWellFormed?: () => boolean }).isWellFormed?.() ?? false;
  const text = wellFormed && joined.charCodeAt(0) !== 0xfeff ? joined : decoder.decode(bytes);
  // The error count the editor's own linter has for the document's text, when it has one: not linted again, unless
  // the text pushed is not that text (decoding gave another).
  const known = text === joined ? req.errors : undefined;
  const checks = checksOf(text, req.base, req, known === undefined);
  if (known !== undefined && !checks.same) checks.errors = known;
  // The text goes back only when it is not the pieces the main thread sent (10 MiB less to send and join there).
  const answer: SaveAheadAnswer = { same: checks.same, errors: checks.errors, bytes, ...(text === joined ? {} : { text }) };
  if (checks.same || checks.errors || !req.body) return answer;
  return { ...answer, body: encoder.encode(JSON.stringify({ ...req.body, entries: entriesForSending(text) })) };
}

const chunkUnits: number = (workerData as { chunkUnits?: number } | null)?.chunkUnits ?? CHUNK_UNITS;
const nice: number = (workerData as { nice?: number } | null)?.nice ?? 0;
if (nice) {
  // A background worker lowers its own thread's priority. On Linux a thread has its own nice value, set through its
  // thread id (/proc/thread-self); elsewhere it runs at the host's priority.
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (tid > 0) setPriority(tid, nice);
  } catch { /* not Linux, or not allowed: the host's priority */ }
}
/** Chunks of the large strings of requests, sent ahead (see Offload.send), by part number. */
const parts = new Map<number, string[]>();
/** Chunks of answers sent and not yet acknowledged: the next one goes when the main thread has taken this one. */
const acks = new Map<number, () => void>();
let nextPart = 1;

/** Posts the answer; its large strings go ahead in chunks, each once the main thread acknowledged the one before. */
async function answer(id: number, value: unknown, transfer: ArrayBuffer[]): Promise<void> {
  const large: Array<[number, string]> = [];
  const message = withParts(value, (text) => {
    const part = nextPart++;
    large.push([part, text]);
    return part;
  });
  for (const [part, text] of large) {
    for (const chunk of chunksOf(text, chunkUnits)) {
      const taken = new Promise<void>((resolve) => acks.set(part, resolve));
      parentPort!.postMessage({ part, chunk });
      await taken;
    }
  }
  parentPort!.postMessage({ id, value: message }, transfer);
}

parentPort?.on('message', (msg: { id: number; req: OffloadRequest } | { part: number; chunk: string } | { ack: number }) => {
  if ('ack' in msg) { const done = acks.get(msg.ack); acks.delete(msg.ack); done?.(); return; }
  if ('part' in msg) {
    const chunks = parts.get(msg.part);
    if (chunks) chunks.push(msg.chunk);
    else parts.set(msg.part, [msg.chunk]);
    return;
  }
  let result: { value: unknown; transfer?: ArrayBuffer[] };
  try {
    const req = fromParts(msg.req, (part) => {
      const text = (parts.get(part) ?? []).join('');
      parts.delete(part);
      return text;
    }) as OffloadRequest;
    result = run(req);
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
    return;
  }
  answer(msg.id, result.value, result.transfer ?? []).catch((err: unknown) => {
    parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
  });
});
