/** Requests the core worker answers (see coreWorker.ts and offload.ts). */
import { entriesText } from '../api/wire';
import { fixAllSpans, joinGridTexts, linterFor, type FixAllResult, type LintEntriesOptions, type LintKind } from '../core';
import { applyRuleSettings, type RuleSettings } from '../core/ruleSettings';
import type { PackedCandidateRequest } from '../core/termCheck/candidates';
import type { FileCheckRequest, GlossaryIndexInput } from '../core/termCheck/glossaryIndex';
import type { RowParts } from '../core/tableRows';

export type OffloadRequest =
  | { op: 'parseJson'; bytes: Uint8Array }
  | { op: 'encodeJson'; value: unknown }
  | { op: 'errorCount'; kind: 'entries'; text: string; options: Omit<LintEntriesOptions, 'languages'> & { languages?: string[] } }
  | { op: 'errorCount'; kind: 'terms'; text: string; lang?: string }
  | { op: 'errorCount'; kind: 'glossary'; text: string }
  | { op: 'sameContent'; a: string; b: string; kind: 'entries' | 'terms' }
  | { op: 'merge'; kind: 'entries' | 'terms' | 'grid'; base: string; ours: string; theirs: string }
  | { op: 'countEntries'; text: string }
  | { op: 'gridEntryCount'; text: string }
  | { op: 'gridChanges'; text: string; remote?: string }
  | { op: 'sameGrid'; a: string; b: string }
  | { op: 'joinGridAnswers'; sourceLang: string; dictionaries: GridAnswer[] }
  | { op: 'entriesAnswer'; answer: GridAnswer }
  | { op: 'encodeText'; text: string }
  | { op: 'encodeRows'; text: string }
  | { op: 'commonEnds'; a: string; b: string }
  | { op: 'findInEntries'; text: string; query: string; options: { caseSensitive: boolean } }
  | { op: 'decodeText'; bytes: Uint8Array }
  | { op: 'saveChecks'; bytes: Uint8Array; base?: string; kind: 'entries' | 'terms'; options?: Omit<LintEntriesOptions, 'languages'> & { languages?: string[] }; lang?: string; lint: boolean }
  | { op: 'fixAll'; lint: LintKind; pieces: string[]; rules?: RuleSettings }
  | { op: 'keepEntries'; keep: number; answer: GridAnswer }
  | { op: 'findInKept'; keep: number; query: string; options: { caseSensitive: boolean } }
  | { op: 'release'; keep: number }
  | { op: 'keptEquals'; keep: number; text: string }
  | { op: 'keptEquals'; keep: number; other: number }
  | { op: 'saveAhead'; pieces: string[]; base?: string; keepBase: number; kind: 'entries' | 'terms'; options?: Omit<LintEntriesOptions, 'languages'> & { languages?: string[] }; lang?: string; body?: Record<string, unknown>; errors?: number }
  | { op: 'takeKept'; keep: number }
  /** Builds a table's rows and keeps them as `keep`, for their orders by each column (tableOrder). */
  | ({ op: 'tableRows'; keep: number } & TableOrdersRequest)
  /** The order by `column` of the rows kept as `keep` (undefined once they are gone); `last`: then let them go. */
  | { op: 'tableOrder'; keep: number; column: number; last: boolean }
  | ({ op: 'findCandidates' } & PackedCandidateRequest)
  | { op: 'keepTermIndex'; keep: number; input: GlossaryIndexInput }
  | { op: 'checkTermFile'; keep: number; file: string; req: FileCheckRequest }
  | { op: 'termInconsistencies'; keep: number; files: string[] }
  | { op: 'termForget'; keep: number; file: string };

/** Fix All of a text of the kind `lint` says (see fixAllSpans), with the manifest's rule settings (a rule turned off
 * is not fixed, as with the CLI's --fix). */
export function fixAllOf(lint: LintKind, text: string, rules?: RuleSettings): FixAllResult {
  const linter = linterFor(lint);
  return fixAllSpans(text, rules && Object.keys(rules).length ? (t) => applyRuleSettings(linter(t), rules) : linter);
}

/** A table's rows as its webview gets them (the first screen as text, the rest as UTF-8 bytes, each with the cells of
 * its lines that have quotes), for the order of all rows by each of the first `columns` columns (see FoldedRows). */
export interface TableOrdersRequest extends RowParts { columns: number; languages?: string[] }

/** One dictionary of a glossary being opened: the service's entries answer as its JSON bytes, or its entries text. */
export type GridAnswer = { sourceLang: string; targetLang: string } & ({ bytes: Uint8Array } | { text: string });

/** The multilingual text of a glossary's dictionaries given as the service's answers, and its UTF-8 bytes (what
 * readFile hands to VS Code): on the worker, the answers' bytes are parsed there and no entries text crosses. */
export function joinGridAnswers(sourceLang: string, dictionaries: readonly GridAnswer[]): { text: string; bytes: Uint8Array } {
  const decoder = new TextDecoder();
  const texts = dictionaries.map((d) => {
    if ('text' in d) return { targetLang: d.targetLang, text: d.text };
    return { targetLang: d.targetLang, text: entriesOf(d, decoder) };
  });
  const text = joinGridTexts(sourceLang, texts);
  return { text, bytes: new TextEncoder().encode(text) };
}

/** A table's rows for its webview: their UTF-8 bytes (for the sort orders) and the same bytes deflated (raw
 * DEFLATE, level 1), which is what crosses to the webview, when that is smaller. */
export interface EncodedRows { bytes: Uint8Array; deflated?: Uint8Array }

/** One dictionary's entries text from the service's entries answer (its JSON bytes parsed here), with the text's UTF-8
 * bytes (what readFile hands to VS Code): on the worker, the text crosses back once and is never sent to be encoded. */
export function entriesAnswer(answer: GridAnswer): { text: string; bytes: Uint8Array } {
  const text = entriesAnswerText(answer);
  return { text, bytes: new TextEncoder().encode(text) };
}

/** One dictionary's entries text from the service's entries answer. */
export function entriesAnswerText(answer: GridAnswer): string {
  return 'text' in answer ? answer.text : entriesOf(answer, new TextDecoder());
}

function entriesOf(d: GridAnswer & { bytes: Uint8Array }, decoder: TextDecoder): string {
  let body: unknown;
  try { body = JSON.parse(decoder.decode(d.bytes)); } catch (err) {
    throw new Error(`The entries response of ${d.sourceLang.toUpperCase()} → ${d.targetLang.toUpperCase()} is not JSON: ${(err as Error).message}`, { cause: err });
  }
  return entriesText(body, d.sourceLang, d.targetLang);
}

/** What a save checks in the bytes VS Code hands over: their text, whether it holds the same entries as the base,
 * and (unless the same, or not asked for) how many error-level findings it has. */
export interface SaveChecks { text: string; same: boolean; errors: number }

/** A save's checks made ahead from the document's text (see Offload.saveAhead): the text a save of its UTF-8 bytes
 * pushes (what decoding them gives), those bytes, the checks of SaveChecks, and, when it may be pushed, the request
 * body (the template given with its `entries` filled in) as JSON in UTF-8. */
export interface SaveAhead extends SaveChecks { bytes: Uint8Array; body?: Uint8Array }

/** SaveAhead as the worker answers it: the text only when it is not the pieces joined (the main thread has those). */
export type SaveAheadAnswer = Omit<SaveAhead, 'text'> & { text?: string };

/** The error a request about a kept text answers when the worker no longer holds it. */
export const KEPT_GONE = 'the text kept on the core worker is gone';

/** A large string travels between the threads in chunks of this many UTF-16 units, one chunk per message, each
 * posted (main thread → worker) or received (worker → main thread, one at a time, each acknowledged) in a task of
 * its own: copying 10 MiB in one message holds the sending or the receiving event loop for tens of milliseconds. */
export const CHUNK_UNITS = 1 << 20;
/** Strings at least this long in a request or an answer travel in chunks. */
export const CHUNKED_ABOVE = 256 * 1024;

/** Where a string sent in chunks goes back in its message. */
export interface PartRef { $part: number }

/** The chunks of `text`, cut so that no surrogate pair is split. */
export function chunksOf(text: string, units: number): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length;) {
    let end = Math.min(text.length, at + units);
    const c = text.charCodeAt(end - 1);
    if (end < text.length && c >= 0xd800 && c <= 0xdbff) end++;
    out.push(text.slice(at, end));
    at = end;
  }
  return out;
}

/** A copy of `value` with every long string (in plain objects and arrays, a few levels deep) replaced by a
 * `PartRef`; `take` receives each string and returns its part number. */
export function withParts(value: unknown, take: (text: string) => number, depth = 4): unknown {
  if (typeof value === 'string') return value.length >= CHUNKED_ABOVE ? { $part: take(value) } : value;
  if (depth === 0 || value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) return value.map((v) => withParts(v, take, depth - 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = withParts(v, take, depth - 1);
  return out;
}

/** `value` with every `PartRef` (as `withParts` left them) replaced by its string. */
export function fromParts(value: unknown, get: (part: number) => string, depth = 4): unknown {
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value;
  const part = (value as Partial<PartRef>).$part;
  if (typeof part === 'number' && Object.keys(value).length === 1) return get(part);
  if (depth === 0) return value;
  if (Array.isArray(value)) return value.map((v) => fromParts(v, get, depth - 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = fromParts(v, get, depth - 1);
  return out;
}
