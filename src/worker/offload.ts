/** Whole-text work of 10 MiB (JSON, linting, comparing, merging) on a worker thread, so that the extension host's
 * event loop never stalls on it: other extensions and our own views keep answering. Small inputs run inline (a
 * round trip would cost more than the work). When no worker can be started (a host without worker threads), or
 * the worker fails, everything runs inline: slower to answer, never wrong. No vscode import. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { commonEnds, countEntries, type FixAllResult, type LintKind, gridChanges, gridEntryCount, type GridChanges, lintEntries, lintGrid, sameGrid, lintTermList, mergeOf, sameContent, type LintEntriesOptions, type MergeResult } from '../core';
import { findInEntries, type EntryMatch, type PhraseSearchOptions } from '../core/search';
import type { ColumnOrder } from '../core/tableRows';
import type { RuleSettings } from '../core/ruleSettings';
import type { Candidate, PackedCandidateRequest } from '../core/termCheck/candidates';
import type { FileCheckRequest, GlossaryIndexInput, GlossarySummary, TalliedCheckResult } from '../core/termCheck/glossaryIndex';
import type { TermFinding } from '../core/termCheck/check';
import { CHUNK_UNITS, chunksOf, entriesAnswer, entriesAnswerText, fixAllOf, fromParts, KEPT_GONE, joinGridAnswers, withParts, type EncodedRows, type GridAnswer, type OffloadRequest, type SaveAhead, type SaveAheadAnswer, type SaveChecks, type TableOrdersRequest } from './offloadProtocol';

/** Inputs of at least this many UTF-16 units (or bytes) go to the worker. */
export const OFFLOAD_ABOVE = 256 * 1024;
/** The nice value of the worker for work nobody waits on yet (a table's sort orders): it takes the cores the
 * extension host, VS Code and the webview leave idle, so that it never slows what the user waits for. */
export const BACKGROUND_NICE = 19;

type Pending = { resolve(v: unknown): void; reject(e: Error): void };

export class Offload {
  private worker: Worker | undefined;
  private failed = false;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** Chunks of the large strings of answers, by the worker's part number, until the answer that uses them. */
  private readonly incoming = new Map<number, string[]>();

  /** `script`: the worker's file (dist/coreWorker.js next to the bundle); inline only when it is missing.
   * `chunkUnits`: the size of the chunks large strings travel in (smaller in the tests). */
  constructor(private readonly script: string | undefined = defaultScript(), private readonly chunkUnits = CHUNK_UNITS, private readonly nice = 0) {}

  /** A second worker, at a lower priority (BACKGROUND_NICE), for work done ahead of time. */
  private background: Offload | undefined;

  private start(): Worker | undefined {
    if (this.worker || this.failed || !this.script) return this.worker;
    try {
      const w = new Worker(this.script, { workerData: { chunkUnits: this.chunkUnits, nice: this.nice } });
      w.on('message', (msg: { id: number; value?: unknown; error?: string } | { part: number; chunk: string }) => {
        if ('part' in msg) {
          // One chunk of a large string of an answer: kept, and acknowledged, so that the worker sends the next
          // one only now (each chunk is received in a task of its own).
          const chunks = this.incoming.get(msg.part);
          if (chunks) chunks.push(msg.chunk);
          else this.incoming.set(msg.part, [msg.chunk]);
          w.postMessage({ ack: msg.part });
          return;
        }
        const p = this.pending.get(msg.id);
        if (!p) return;
        this.pending.delete(msg.id);
        if (msg.error !== undefined) { p.reject(new Error(msg.error)); return; }
        // Joining a large string's chunks copies it (10-30 ms for 10 MiB): one answer per turn of the event loop,
        // as several answers may arrive in one task.
        this.assemble(() => {
          try {
            let joined = false;
            const value = fromParts(msg.value, (part) => {
              const text = (this.incoming.get(part) ?? []).join('');
              this.incoming.delete(part);
              joined = true;
              return text;
            });
            // What waits for a joined answer goes on in a task of its own: the join and the work after it (an open's
            // read handing its text on) do not hold the loop together.
            if (joined) setImmediate(() => p.resolve(value));
            else p.resolve(value);
          } catch (err) {
            p.reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
      });
      const fail = (err: Error) => {
        this.failed = true;
        this.worker = undefined;
        for (const p of this.pending.values()) p.reject(err);
        this.pending.clear();
        this.incoming.clear();
      };
      w.on('error', fail);
      w.on('exit', (code) => { if (this.worker === w) fail(new Error(`the core worker stopped (${code})`)); });
      // Never keeps the host alive. After the listeners: adding a 'message' listener refs the worker's port again.
      w.unref();
      this.worker = w;
    } catch {
      this.failed = true;
    }
    return this.worker;
  }

  private readonly assembling: Array<() => void> = [];

  /** Runs `job` after the ones queued before it, one per turn of the event loop. */
  private assemble(job: () => void): void {
    this.assembling.push(job);
    if (this.assembling.length > 1) return;
    const next = () => {
      this.assembling[0]();
      this.assembling.shift();
      if (this.assembling.length) setImmediate(next);
    };
    setImmediate(next);
  }

  /** Runs `req` on the worker, or `inline()` when there is none. A failing worker is not asked again. */
  private run<T>(req: OffloadRequest, inline: () => T, transfer: ArrayBuffer[] = []): Promise<T> {
    const w = this.start();
    if (!w) return Promise.resolve().then(inline);
    return this.send<T>(w, req, transfer).catch((err: unknown) => {
      if (this.failed) return inline(); // the worker died: do it here
      throw err;
    });
  }

  /** Posts `req`. Copying a string to the worker takes about 5 ms per Mi units in the task that posts it: each
   * large string of a request (a text, the entries inside a JSON value) goes ahead in chunks, one message and one
   * task each, so that no task copies more than one chunk. The worker puts them back in place. */
  private async send<T>(w: Worker, req: OffloadRequest, transfer: ArrayBuffer[], posted?: () => void): Promise<T> {
    const large: Array<[number, string]> = [];
    const message = withParts(req, (text) => {
      const part = this.nextId++;
      large.push([part, text]);
      return part;
    }) as OffloadRequest;
    for (const [part, text] of large) {
      for (const chunk of chunksOf(text, this.chunkUnits)) {
        w.postMessage({ part, chunk });
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    const id = this.nextId++;
    const answer = new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      w.postMessage({ id, req: message }, transfer);
    });
    posted?.();
    return answer;
  }

  /** JSON.parse of UTF-8 bytes (a response body). The bytes are handed over, not copied. */
  parseJson(bytes: Uint8Array): Promise<unknown> {
    if (bytes.byteLength < OFFLOAD_ABOVE) return Promise.resolve().then(() => JSON.parse(new TextDecoder().decode(bytes)));
    const owned = ownBuffer(bytes);
    return this.run({ op: 'parseJson', bytes: owned }, () => JSON.parse(new TextDecoder().decode(owned)), [owned.buffer as ArrayBuffer]);
  }

  /** JSON.stringify as UTF-8 bytes (a request body, a file). `size` says how large the value is, roughly. */
  encodeJson(value: unknown, size: number): Promise<Uint8Array> {
    const inline = () => new TextEncoder().encode(JSON.stringify(value));
    return size < OFFLOAD_ABOVE ? Promise.resolve().then(inline) : this.run({ op: 'encodeJson', value }, inline);
  }

  /** How many error-level findings the entry rules report in a dictionary text. */
  entriesErrorCount(text: string, options: LintEntriesOptions): Promise<number> {
    const inline = () => lintEntries(text, options).filter((f) => f.severity === 'error').length;
    if (text.length < OFFLOAD_ABOVE) return Promise.resolve().then(inline);
    const { format, sourceLang, targetLang } = options;
    const languages = options.languages ? [...options.languages] : undefined;
    return this.run({ op: 'errorCount', kind: 'entries', text, options: { format, sourceLang, targetLang, ...(languages ? { languages } : {}) } }, inline);
  }

  /** How many error-level findings a term list has. */
  termsErrorCount(text: string, lang?: string): Promise<number> {
    const inline = () => lintTermList(text, { lang }).filter((f) => f.severity === 'error').length;
    return text.length < OFFLOAD_ABOVE ? Promise.resolve().then(inline) : this.run({ op: 'errorCount', kind: 'terms', text, lang }, inline);
  }

  /** How many error-level findings a multilingual glossary text has (its checks across lines included). */
  gridErrorCount(text: string): Promise<number> {
    const inline = () => lintGrid(text).filter((f) => f.severity === 'error').length;
    return text.length < OFFLOAD_ABOVE ? Promise.resolve().then(inline) : this.run({ op: 'errorCount', kind: 'glossary', text }, inline);
  }

  sameContent(a: string, b: string, kind: 'entries' | 'terms'): Promise<boolean> {
    if (a === b) return Promise.resolve(true);
    const inline = () => sameContent(a, b, kind);
    return a.length + b.length < OFFLOAD_ABOVE ? Promise.resolve().then(inline) : this.run({ op: 'sameContent', a, b, kind }, inline);
  }

  /** A three-way merge: of a dictionary's entries, a term list's terms, or a multilingual glossary's cells ('grid'). */
  merge(kind: 'entries' | 'terms' | 'grid', base: string, ours: string, theirs: string): Promise<MergeResult> {
    const inline = () => mergeOf(kind, base, ours, theirs);
    return base.length + ours.length + theirs.length < OFFLOAD_ABOVE ? Promise.resolve().then(inline) : this.run({ op: 'merge', kind, base, ours, theirs }, inline);
  }

  /** UTF-8 bytes of a text (a file's content); handed over, not copied, on the way back. */
  encodeText(text: string): Promise<Uint8Array> {
    const inline = () => new TextEncoder().encode(text);
    return text.length < OFFLOAD_ABOVE ? Promise.resolve().then(inline) : this.run({ op: 'encodeText', text }, inline);
  }

  /** A table's rows as UTF-8 bytes and, for the webview, deflated (see EncodedRows); inline: the bytes only. */
  encodeRows(text: string): Promise<EncodedRows> {
    const inline = (): EncodedRows => ({ bytes: new TextEncoder().encode(text) });
    return text.length < OFFLOAD_ABOVE ? Promise.resolve().then(inline) : this.run({ op: 'encodeRows', text }, inline);
  }

  /** The text of UTF-8 bytes (a file's content). The bytes are copied to the worker; the caller keeps them. */
  decodeText(bytes: Uint8Array): Promise<string> {
    const inline = () => new TextDecoder().decode(bytes);
    return bytes.byteLength < OFFLOAD_ABOVE ? Promise.resolve().then(inline) : this.run({ op: 'decodeText', bytes }, inline);
  }

  /** A save's checks of the bytes VS Code hands over, in one round trip: their text, whether it holds the same
   * entries as `base`, and (when `lint` and not the same) its error-level findings. */
  saveChecks(bytes: Uint8Array, base: string | undefined, check: { kind: 'entries'; options: LintEntriesOptions } | { kind: 'terms'; lang?: string }, lint: boolean): Promise<SaveChecks> {
    const inline = (): SaveChecks => {
      const text = new TextDecoder().decode(bytes);
      const same = base !== undefined && (base === text || sameContent(base, text, check.kind));
      const errors = same || !lint ? 0
        : (check.kind === 'terms' ? lintTermList(text, { lang: check.lang }) : lintEntries(text, check.options)).filter((f) => f.severity === 'error').length;
      return { text, same, errors };
    };
    if (bytes.byteLength < OFFLOAD_ABOVE) return Promise.resolve().then(inline);
    const options = check.kind === 'entries'
      ? { format: check.options.format, sourceLang: check.options.sourceLang, targetLang: check.options.targetLang, ...(check.options.languages ? { languages: [...check.options.languages] } : {}) }
      : undefined;
    return this.run({ op: 'saveChecks', bytes, base, kind: check.kind, ...(options ? { options } : { lang: (check as { lang?: string }).lang }), lint }, inline);
  }

  /** Fix All of a text (see fixAllSpans): the spans one pass replaced, or the text after several, with the errors
   * left. `lint` says which rules. The text may come in pieces (readPieces), joined on the worker. */
  async fixAll(lint: LintKind, text: string | readonly string[], rules?: RuleSettings): Promise<FixAllResult> {
    const plain: LintKind = lint.kind === 'entries' ? { kind: 'entries', format: lint.format, sourceLang: lint.sourceLang, targetLang: lint.targetLang } : { kind: lint.kind };
    const pieces = typeof text === 'string' ? [text] : text;
    const size = pieces.reduce((n, p) => n + p.length, 0);
    const r = rules && Object.keys(rules).length ? { ...rules } : undefined;
    if (size < OFFLOAD_ABOVE || !this.start()) return fixAllOf(plain, pieces.join(''), r);
    return this.run({ op: 'fixAll', lint: plain, pieces: await this.grouped(pieces), ...(r ? { rules: r } : {}) }, () => fixAllOf(plain, pieces.join(''), r));
  }

  /** `pieces` joined into strings of at most about a chunk each, one join per turn of the event loop: each travels
   * as a part of its own (see send), and no task copies more than about a chunk. A piece of a chunk's size or more
   * (readPieces with `units`) goes as it is: no join. */
  private async grouped(pieces: readonly string[]): Promise<string[]> {
    const out: string[] = [];
    let group: string[] = [];
    let units = 0;
    for (const piece of pieces) {
      if (group.length && units + piece.length > this.chunkUnits) {
        out.push(joined(group));
        group = [];
        units = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
      group.push(piece);
      units += piece.length;
    }
    if (group.length) out.push(joined(group));
    return out;
  }

  /** The size, in UTF-16 units, of the pieces a text best comes in to be sent here (see grouped). */
  get pieceUnits(): number {
    return this.chunkUnits;
  }

  /** The length of the common start and of the common end of two texts (not overlapping). */
  commonEnds(a: string, b: string): Promise<[number, number]> {
    const inline = () => commonEnds(a, b);
    return a.length + b.length < OFFLOAD_ABOVE ? Promise.resolve().then(inline) : this.run({ op: 'commonEnds', a, b }, inline);
  }

  /** Term candidates of a packed request (see core/termCheck/candidates): seconds for 50 000 strings, so on the worker
   * whatever the size once the strings pass OFFLOAD_ABOVE. */
  findCandidates(req: PackedCandidateRequest, inline: () => Candidate[]): Promise<Candidate[]> {
    // (The inline fallback comes from the caller: the candidates' code is in the term check's bundle, not this one.)
    return req.sources.length + req.targets.length < OFFLOAD_ABOVE ? Promise.resolve().then(inline) : this.run({ op: 'findCandidates', ...req }, inline);
  }

  /** The term check's index of one version of the glossaries (see core/termCheck/glossaryIndex), built and kept on
   * the worker: the automata are never built on the extension host. Undefined when there is no worker (the caller
   * builds it inline). Release it with `release`. */
  async keepTermIndex(input: GlossaryIndexInput): Promise<{ kept: KeptText; summary: GlossarySummary } | undefined> {
    const w = this.start();
    if (!w) return undefined;
    const keep = this.nextId++;
    try {
      const summary = await this.send<GlossarySummary>(w, { op: 'keepTermIndex', keep, input }, []);
      return { kept: { keep, units: summary.entryCount }, summary };
    } catch (err) {
      if (this.failed) return undefined; // the worker died: the caller builds it here
      throw err;
    }
  }

  /** One translation file checked on the worker with an index kept there (see keepTermIndex and
   * GlossaryIndex.checkFile): its renderings stay in that index's tally, only the findings cross back. Rejects with
   * KeptTextGone when the worker no longer holds it (it stopped). */
  checkTermFile(kept: KeptText, file: string, req: FileCheckRequest): Promise<TalliedCheckResult> {
    return this.aboutKept<TalliedCheckResult>({ op: 'checkTermFile', keep: kept.keep, file, req });
  }

  /** The `inconsistent-term` findings of each file named, from the tally of an index kept on the worker. */
  termInconsistencies(kept: KeptText, files: string[]): Promise<TermFinding[][]> {
    return this.aboutKept<TermFinding[][]>({ op: 'termInconsistencies', keep: kept.keep, files });
  }

  /** Takes a file out of the tally of an index kept on the worker. */
  termForget(kept: KeptText, file: string): void {
    const w = this.worker;
    if (w) void this.send(w, { op: 'termForget', keep: kept.keep, file }, []).catch(() => undefined);
  }

  /** Search Glossaries in one dictionary's text. */
  findInEntries(text: string, query: string, options: PhraseSearchOptions): Promise<EntryMatch[]> {
    const opts = { caseSensitive: Boolean(options.caseSensitive) };
    const inline = () => findInEntries(text, query, opts);
    return text.length < OFFLOAD_ABOVE ? Promise.resolve().then(inline) : this.run({ op: 'findInEntries', text, query, options: opts }, inline);
  }

  /** Entries of a multilingual glossary text (every filled cell). */
  gridEntryCount(text: string): Promise<number> {
    const inline = () => gridEntryCount(text);
    return text.length < OFFLOAD_ABOVE ? Promise.resolve().then(inline) : this.run({ op: 'gridEntryCount', text }, inline);
  }

  /** What a save of a multilingual text sends (see gridChanges). */
  gridChanges(text: string, remote: string | undefined): Promise<GridChanges> {
    const inline = () => gridChanges(text, remote);
    return text.length + (remote?.length ?? 0) < OFFLOAD_ABOVE ? Promise.resolve().then(inline) : this.run({ op: 'gridChanges', text, ...(remote === undefined ? {} : { remote }) }, inline);
  }

  /** Whether two multilingual glossary texts hold the same cells. */
  sameGrid(a: string, b: string): Promise<boolean> {
    if (a === b) return Promise.resolve(true);
    const inline = () => sameGrid(a, b);
    return a.length + b.length < OFFLOAD_ABOVE ? Promise.resolve().then(inline) : this.run({ op: 'sameGrid', a, b }, inline);
  }

  /** `joinGrid` of the service's entries answers (large ones as their JSON bytes, handed over, not copied), with
   * the text's UTF-8 bytes. */
  joinGridAnswers(sourceLang: string, dictionaries: GridAnswer[]): Promise<{ text: string; bytes: Uint8Array }> {
    const inline = () => joinGridAnswers(sourceLang, dictionaries);
    const size = dictionaries.reduce((n, d) => n + ('text' in d ? d.text.length : d.bytes.byteLength), 0);
    if (size < OFFLOAD_ABOVE) return Promise.resolve().then(inline);
    const transfer: ArrayBuffer[] = [];
    const owned = dictionaries.map((d) => {
      if ('text' in d) return d;
      const bytes = ownBuffer(d.bytes);
      transfer.push(bytes.buffer as ArrayBuffer);
      return { ...d, bytes };
    });
    return this.run({ op: 'joinGridAnswers', sourceLang, dictionaries: owned }, () => joinGridAnswers(sourceLang, owned), transfer);
  }

  /** One dictionary's entries text from the service's answer (large ones as their JSON bytes, handed over, not
   * copied), with the text's UTF-8 bytes. */
  entriesAnswer(answer: GridAnswer): Promise<{ text: string; bytes: Uint8Array }> {
    if ('text' in answer || answer.bytes.byteLength < OFFLOAD_ABOVE) return Promise.resolve().then(() => entriesAnswer(answer));
    const bytes = ownBuffer(answer.bytes);
    const owned = { ...answer, bytes };
    return this.run({ op: 'entriesAnswer', answer: owned }, () => entriesAnswer(owned), [bytes.buffer as ArrayBuffer]);
  }

  /** One dictionary's entries from the service's answer, for searching again and again: a large answer's bytes are
   * handed over (not copied) and parsed on the worker, which keeps the text (`kept`): it never crosses back, so the
   * extension host never joins 10 MiB of it. A small answer, or with no worker, the text itself. */
  async keepEntries(answer: GridAnswer): Promise<{ text: string } | { kept: KeptText }> {
    const w = 'bytes' in answer && answer.bytes.byteLength >= OFFLOAD_ABOVE ? this.start() : undefined;
    if (!w) return { text: entriesAnswerText(answer) };
    const bytes = ownBuffer((answer as { bytes: Uint8Array }).bytes);
    const keep = this.nextId++;
    // (The bytes are handed over: if the worker stops meanwhile, this rejects, and the caller's request fails.)
    const units = await this.send<number>(w, { op: 'keepEntries', keep, answer: { ...answer, bytes } }, [bytes.buffer as ArrayBuffer]);
    return { kept: { keep, units } };
  }

  /** Search Glossaries in a text kept on the worker (see keepEntries). Rejects with KeptTextGone when the worker no
   * longer holds it (it stopped): the caller reads the entries again. */
  findInKept(kept: KeptText, query: string, options: PhraseSearchOptions): Promise<EntryMatch[]> {
    return this.aboutKept<EntryMatch[]>({ op: 'findInKept', keep: kept.keep, query, options: { caseSensitive: Boolean(options.caseSensitive) } });
  }

  /** Whether a text kept on the worker is `text` (which crosses there in chunks; the kept one does not cross back).
   * Rejects with KeptTextGone when the worker no longer holds it. */
  keptEquals(kept: KeptText, text: string): Promise<boolean> {
    if (kept.units !== text.length) return Promise.resolve(false);
    return this.aboutKept<boolean>({ op: 'keptEquals', keep: kept.keep, text });
  }

  /** Whether two texts kept on the worker are the same (neither crosses). Rejects with KeptTextGone when the worker
   * no longer holds one of them. */
  keptSame(a: KeptText, b: KeptText): Promise<boolean> {
    if (a.units !== b.units) return Promise.resolve(false);
    return this.aboutKept<boolean>({ op: 'keptEquals', keep: a.keep, other: b.keep });
  }

  /** A save's checks made from the document's text (in pieces, joined on the worker) before VS Code hands the save's
   * bytes over (see SaveAhead); `body`: the request body with its `entries` left to fill in. The base stays kept on
   * the worker (`base`), for comparing with the remote there (keptSame). `errors`: the text's error count when it is
   * known already (the editor's linter has it for this very text), which saves linting it again. `posted`: called
   * once the text and the base are with the worker (the checks go on there). Undefined without a worker: nothing is
   * gained inline. */
  async saveAhead(pieces: readonly string[], base: string | undefined, check: { kind: 'entries'; options: LintEntriesOptions } | { kind: 'terms'; lang?: string }, body?: Record<string, unknown>, errors?: number, posted?: () => void): Promise<(SaveAhead & { base?: KeptText }) | undefined> {
    const w = this.start();
    if (!w) return undefined;
    const options = check.kind === 'entries'
      ? { format: check.options.format, sourceLang: check.options.sourceLang, targetLang: check.options.targetLang, ...(check.options.languages ? { languages: [...check.options.languages] } : {}) }
      : undefined;
    const keepBase = this.nextId++;
    const groups = await this.grouped(pieces);
    const answer = await this.send<SaveAheadAnswer>(w, {
      op: 'saveAhead', pieces: groups, base, keepBase, kind: check.kind,
      ...(options ? { options } : { lang: (check as { lang?: string }).lang }), ...(body ? { body } : {}), ...(errors !== undefined ? { errors } : {}),
    }, [], posted);
    // The text a save of these bytes pushes: the pieces joined here, unless decoding gave another (sent back then).
    const ahead: SaveAhead = { ...answer, text: answer.text ?? groups.join('') };
    return base === undefined ? ahead : { ...ahead, base: { keep: keepBase, units: base.length } };
  }

  /** A text kept on the worker, brought back (and no longer kept there). Rejects with KeptTextGone when the worker
   * no longer holds it. */
  takeKept(kept: KeptText): Promise<string> {
    return this.aboutKept<string>({ op: 'takeKept', keep: kept.keep });
  }

  private aboutKept<T>(req: OffloadRequest): Promise<T> {
    const w = this.start();
    if (!w) return Promise.reject(new KeptTextGone());
    return this.send<T>(w, req, []).catch((err: unknown) => { throw this.failed || (err as Error).message === KEPT_GONE ? new KeptTextGone() : err; });
  }

  /** Frees a text kept on the worker. */
  release(kept: KeptText): void {
    const w = this.worker;
    if (w) void this.send(w, { op: 'release', keep: kept.keep }, []).catch(() => undefined);
  }

  /** The order of a table's rows by each of its columns (see FoldedRows), made ahead of time on the background
   * worker (a second one, at a lower priority: the cores the table's loading leaves idle), one column after the
   * other: each is given to `each` as soon as it is made (false from it stops the rest). Never inline: false when not
   * all were made (no worker, or it failed), and the webview sorts when asked. The rest of the rows is copied to the
   * worker as bytes (one copy, a few milliseconds for 10 MiB), not sent again as a string. */
  async tableOrders(req: TableOrdersRequest, each: (column: number, order: ColumnOrder) => boolean): Promise<boolean> {
    const bg = this.nice ? this : (this.background ??= new Offload(this.script, this.chunkUnits, BACKGROUND_NICE));
    const w = bg.start();
    if (!w) return false;
    const keep = bg.nextId++;
    // The rows are folded by column at once (their bytes go no further); then one order per request.
    if (!await bg.send(w, { op: 'tableRows', keep, ...req }, []).then(() => true, () => false)) return false;
    for (let column = 0; column < req.columns; column++) {
      const last = column === req.columns - 1;
      const order = await bg.send<ColumnOrder | undefined>(w, { op: 'tableOrder', keep, column, last }, []).catch(() => undefined);
      if (!order || !each(column, order)) {
        if (!last) void bg.send(w, { op: 'release', keep }, []).catch(() => undefined);
        return false;
      }
    }
    return true;
  }

  countEntries(text: string): Promise<number> {
    const inline = () => countEntries(text);
    return text.length < OFFLOAD_ABOVE ? Promise.resolve().then(inline) : this.run({ op: 'countEntries', text }, inline);
  }

  dispose(): void {
    this.background?.dispose();
    void this.worker?.terminate();
    this.worker = undefined;
    this.failed = true;
  }
}

/** The pieces of a group as one string: a single piece as it is (no copy). */
function joined(group: readonly string[]): string {
  return group.length === 1 ? group[0] : group.join('');
}

/** A text kept on the core worker (see Offload.keepEntries): its number there, and its length in UTF-16 units. */
export interface KeptText { readonly keep: number; readonly units: number }

/** The worker no longer holds a kept text (it stopped). */
export class KeptTextGone extends Error {
  constructor() { super(KEPT_GONE); }
}

/** `bytes` when they fill their buffer, else a copy that does: what is handed over (transferred) to the worker. */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}

/** dist/coreWorker.js beside the bundle; out/src/worker/coreWorker.js beside this file when run from tsc output. */
function defaultScript(): string | undefined {
  const here = join(__dirname, 'coreWorker.js');
  return existsSync(here) ? here : undefined;
}

