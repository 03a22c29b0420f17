/** One version of the linked glossaries as the term check holds it: its index (the automata) built and kept on the
 * core worker, and each file's check asked of it there, so that neither the build (about half a second for 20 000
 * entries) nor a file's check (hundreds of milliseconds for 50 000 strings) holds the extension host's loop. Without
 * a worker, or once it stopped, the same is done here. */
import { dictionaryEntries, GlossaryIndex, type FileCheckRequest, type GlossaryEntry, type GlossaryIndexInput, type GlossarySummary, type TalliedCheckResult, type TermFinding } from '../core/termCheck';
import { KeptTextGone, type KeptText, type Offload } from '../worker/offload';

export class TermIndexHandle {
  private entryList: GlossaryEntry[] | undefined;
  private inflight = 0;
  private disposed = false;

  private constructor(private readonly input: GlossaryIndexInput, readonly summary: GlossarySummary, private kept: KeptText | undefined,
    private readonly offload: Offload | undefined, private inline?: GlossaryIndex) {}

  /** Builds the index of `input`: on the worker when there is one, else here. */
  static async build(input: GlossaryIndexInput, offload: Offload | undefined): Promise<TermIndexHandle> {
    const onWorker = offload ? await offload.keepTermIndex(input) : undefined;
    if (onWorker) return new TermIndexHandle(input, onWorker.summary, onWorker.kept, offload);
    const inline = new GlossaryIndex(input);
    return new TermIndexHandle(input, inline.summary, undefined, undefined, inline);
  }

  /** Where the index lives: 'worker', or 'inline' (no worker, or it stopped). */
  get where(): 'worker' | 'inline' { return this.kept ? 'worker' : 'inline'; }

  /** One translation file checked (`file`: its name in the tally of renderings, see GlossaryIndex.checkFile). */
  check(file: string, req: FileCheckRequest): Promise<TalliedCheckResult> {
    return this.use((off, kept) => off.checkTermFile(kept, file, req), (index) => index.checkFile(file, req));
  }

  /** The `inconsistent-term` findings of each file named, as the tally holds them now. */
  inconsistencies(files: string[]): Promise<TermFinding[][]> {
    return this.use((off, kept) => off.termInconsistencies(kept, files), (index) => index.inconsistencies(files));
  }

  /** Takes a file out of the tally (its editor closed). */
  forget(file: string): void {
    if (this.kept) this.offload?.termForget(this.kept, file);
    else this.inline?.forget(file);
  }

  /** On the worker while it holds the index; once it stopped, here (the tally starts again empty: the files checked
   * from then on count). */
  private async use<T>(there: (off: Offload, kept: KeptText) => Promise<T>, here: (index: GlossaryIndex) => T): Promise<T> {
    if (this.kept && this.offload) {
      this.inflight++;
      try {
        return await there(this.offload, this.kept);
      } catch (err) {
        if (!(err instanceof KeptTextGone)) throw err;
        this.kept = undefined;
      } finally {
        this.inflight--;
        this.releaseIfDone();
      }
    }
    return here(this.inline ??= new GlossaryIndex(this.input));
  }

  /** The glossaries' entries (parsed here on first use: Find Term Candidates needs them, the check does not). */
  entries(): GlossaryEntry[] {
    return this.inline?.entries ?? (this.entryList ??= this.input.parts.flatMap((p) => dictionaryEntries(p.text, p, p.glossary, p.file)));
  }

  /** Frees the worker's copy once no check is using it. */
  dispose(): void {
    this.disposed = true;
    this.releaseIfDone();
  }

  private releaseIfDone(): void {
    if (!this.disposed || this.inflight || !this.kept) return;
    this.offload?.release(this.kept);
    this.kept = undefined;
  }
}
