/** Requests that change the document go to the extension one at a time, in order: each waits for the answer to the
 * one before (`done`), so two quick commits both land, and an edit of a row being added goes once its line is known.
 * Lines are resolved when a request is sent, in the document version the rows show; the extension moves them over
 * any change made since. */
import type { TableRequestBody, TableUpdate } from '../protocol/table';

/** A line that follows its row as the document changes ({ line }), or a row being added whose line is not known
 * yet ({ line: -1, pending: id }); -1 once its row is gone. */
export interface RowRef { line: number; pending?: number }

export type Done = Extract<TableUpdate, { type: 'done' }>;

export interface Op {
  /** The rows the request names: they move with each splice until it is sent. */
  refs?: RowRef[];
  /** The request, built when it is sent; null when its row is gone (then `done` gets ok: false). */
  message(): TableRequestBody | null;
  done?(m: Pick<Done, 'ok' | 'line' | 'message'>): void;
}

export class RequestQueue {
  private readonly queue: Op[] = [];
  private inflight: { id: number; op: Op } | null = null;
  private seq = 0;

  constructor(private readonly send: (m: TableRequestBody & { id: number; version: number }) => void, private readonly version: () => number) {}

  nextId(): number {
    return ++this.seq;
  }

  request(op: Op): void {
    this.queue.push(op);
    this.pump();
  }

  /** The refs of the requests waiting to be sent. */
  *refs(): Iterable<RowRef> {
    for (const op of this.queue) if (op.refs) yield* op.refs;
  }

  answered(m: Done): Op | undefined {
    if (!this.inflight || this.inflight.id !== m.id) return undefined;
    const { op } = this.inflight;
    this.inflight = null;
    op.done?.(m);
    this.pump();
    return op;
  }

  private pump(): void {
    while (!this.inflight && this.queue.length) {
      const op = this.queue.shift()!;
      const msg = op.message();
      if (!msg) { op.done?.({ ok: false }); continue; }
      this.inflight = { id: ++this.seq, op };
      this.send({ ...msg, id: this.inflight.id, version: this.version() } as TableRequestBody & { id: number; version: number });
    }
  }
}
