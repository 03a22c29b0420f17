/** A string read out of a translation file, with the file offset of each of its characters: what the term check
 * matches, and how a match goes back to the characters of the file. Pure. */

/** The text as the translator means it (escapes and entities decoded, inline markup left out, a placeholder as one
 * U+FFFC) and where it lies in the file. `pieces` is flat pairs [textIndex, fileOffset, …], ascending: the character
 * at text index t (and a range ending at t) lies at `fileOffset + (t - textIndex)` for the last pair at or before t. */
export interface MappedText {
  text: string;
  pieces: number[];
}

/** The character that stands for a placeholder or a standalone code: never part of a word, never part of a term. */
export const PLACEHOLDER = '\uFFFC';

export function fileOffset(m: MappedText, t: number): number {
  const p = m.pieces;
  if (p.length === 2 || t < p[2]) return p[1] + (t - p[0]);
  let lo = 0;
  let hi = p.length / 2 - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (p[mid * 2] <= t) lo = mid;
    else hi = mid - 1;
  }
  return p[lo * 2 + 1] + (t - p[lo * 2]);
}

/** The file range of text range [start, end). An empty text maps to its start. */
export function fileRange(m: MappedText, start: number, end: number): [number, number] {
  const a = fileOffset(m, start);
  if (end <= start) return [a, a];
  // The end of the last character, not the start of what follows it (an entity or a tag may lie between).
  return [a, fileOffset(m, end - 1) + 1 + lastCharExtra(m, end - 1)];
}

/** How many more file characters than one the text character at t stands for (an entity, a placeholder element). */
function lastCharExtra(m: MappedText, t: number): number {
  const p = m.pieces;
  for (let i = 0; i < p.length; i += 2) {
    if (p[i] === t && i + 2 < p.length && p[i + 2] === t + 1) return p[i + 3] - p[i + 1] - 1;
    if (p[i] > t) break;
  }
  return 0;
}

/** Builds a MappedText from pieces of file text, verbatim or decoded. */
export class MappedBuilder {
  private parts: string[] = [];
  private length = 0;
  readonly pieces: number[] = [];

  /** File text [from, to) taken as it is. */
  verbatim(file: string, from: number, to: number): void {
    if (to > from) this.take(file.slice(from, to), from);
  }

  /** `text`, one file character per character, starting at file offset `at`. */
  take(text: string, at: number): void {
    this.mark(at);
    this.parts.push(text);
    this.length += text.length;
  }

  /** `text` standing for the file text [from, to) as a whole (an entity, an escape, a placeholder). */
  decoded(text: string, from: number, to: number): void {
    // Always a pair of its own at its start: fileRange finds there how far it reaches.
    const p = this.pieces;
    const n = p.length;
    if (!(n && p[n - 2] === this.length && p[n - 1] === from)) p.push(this.length, from);
    this.parts.push(text);
    this.length += text.length;
    // The next character starts after the whole of it.
    this.pieces.push(this.length, to);
  }

  private mark(at: number): void {
    const p = this.pieces;
    const n = p.length;
    // Contiguous with the previous piece: no new pair.
    if (n && p[n - 1] + (this.length - p[n - 2]) === at) return;
    // A pair at the same text index stays: it holds where the decoded character before ends.
    p.push(this.length, at);
  }

  get textLength(): number { return this.length; }

  build(emptyAt: number): MappedText {
    if (!this.pieces.length) this.pieces.push(0, emptyAt);
    return { text: this.parts.length === 1 ? this.parts[0] : this.parts.join(''), pieces: this.pieces };
  }
}

/** Masks spans of a text (placeholders such as `{{name}}`, `%1$s`) as one PLACEHOLDER each, keeping the map. */
export function maskSpans(m: MappedText, spans: Array<[number, number]>): MappedText {
  return replaceSpans(m, spans.map(([s, e]) => [s, e, PLACEHOLDER]));
}

/** Replaces spans of a text [start, end, text] (ascending, not overlapping) by decoded text that stands for the file
 * range of the span as a whole (an escape decoded after the XML entities were, a placeholder), keeping the map. */
export function replaceSpans(m: MappedText, spans: Array<[number, number, string]>): MappedText {
  if (!spans.length) return m;
  const b = new MappedBuilder();
  let t = 0;
  const copy = (from: number, to: number) => {
    // Character by character through the map is exact; runs of contiguous characters are merged by the builder.
    for (let i = from; i < to; i++) {
      const [f, next] = fileRange(m, i, i + 1);
      if (next - f === 1) b.take(m.text[i], f);
      else b.decoded(m.text[i], f, next);
    }
  };
  for (const [s, e, text] of spans) {
    copy(t, s);
    b.decoded(text, fileOffset(m, s), fileRange(m, s, e)[1]);
    t = e;
  }
  copy(t, m.text.length);
  return b.build(fileOffset(m, m.text.length));
}

/** Line starts of a file (LF, CRLF, CR), for offsets → 0-based line and UTF-16 column. */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        this.starts.push(i + 1);
      }
    }
  }

  position(offset: number): { line: number; col: number } {
    const s = this.starts;
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, col: offset - s[lo] };
  }
}
