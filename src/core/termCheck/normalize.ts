/** The text the matcher runs over: NFC, lower case (per entry, case is checked again on the original), every run of
 * whitespace one space; with the index of each character back in the original. And the script class of each
 * character, for word boundaries. Pure. */

export interface Normalized {
  /** NFC, lower case, whitespace runs as one space. */
  text: string;
  /** Only when the lengths differ: for each index of `text` (and its length), the index in the original. */
  toOriginal?: Int32Array;
}

export const originalIndex = (n: Normalized, i: number) => (n.toOriginal ? n.toOriginal[i] : i);

/** Any whitespace but a single plain space, or two in a row. */
const NEEDS_SPACE_FOLD = /[^\S ]| {2}/;
const lowerFold = (s: string) => s.toLowerCase().replace(/ς/g, 'σ');

/** `keepCase`: NFC and whitespace only (to compare a case-sensitive entry with the text it matched). */
export function normalize(s: string, keepCase = false): Normalized {
  const nfc = s.normalize('NFC');
  if (nfc === s && !NEEDS_SPACE_FOLD.test(s)) {
    if (keepCase) return { text: s };
    const lower = lowerFold(s);
    if (lower.length === s.length) return { text: lower };
  }
  // The slow path: cluster by cluster (a base character and its combining marks), so that each output character
  // knows where its cluster starts.
  let out = '';
  const map: number[] = [];
  const clusters = /\s+|[^\s][\p{M}]*/gsu;
  for (let m = clusters.exec(s); m; m = clusters.exec(s)) {
    if (/^\s/.test(m[0])) {
      out += ' ';
      map.push(m.index);
      continue;
    }
    let c = m[0].normalize('NFC');
    if (!keepCase) c = lowerFold(c);
    out += c;
    for (let k = 0; k < c.length; k++) map.push(m.index);
  }
  map.push(s.length);
  return { text: out, toOriginal: Int32Array.from(map) };
}

/** Script classes for word boundaries. */
export const enum Cls { None = 0, Word = 1, Cjk = 2, Thai = 3, Hangul = 4 }

let table: Uint8Array | undefined;
function classes(): Uint8Array {
  if (table) return table;
  const t = new Uint8Array(65536);
  const word = /[\p{L}\p{M}\p{N}_]/u;
  const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30FC\u3005]/u;
  const thai = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
  const hangul = /\p{Script=Hangul}/u;
  for (let c = 0; c < 65536; c++) {
    if (c >= 0xd800 && c <= 0xdfff) { t[c] = Cls.Cjk; continue; } // astral: mostly Han extensions, emoji aside
    const ch = String.fromCharCode(c);
    if (!word.test(ch) && c !== 0x30fc) continue;
    t[c] = cjk.test(ch) ? Cls.Cjk : thai.test(ch) ? Cls.Thai : hangul.test(ch) ? Cls.Hangul : Cls.Word;
  }
  table = t;
  return t;
}

export function charClass(s: string, i: number): Cls {
  if (i < 0 || i >= s.length) return Cls.None;
  return classes()[s.charCodeAt(i)] as Cls;
}

/** Word boundaries of Thai (and Lao, Khmer, Myanmar) text, by Intl.Segmenter. */
const segmenters = new Map<string, Intl.Segmenter>();
export function segmentBoundaries(text: string, lang = 'th'): Set<number> {
  let seg = segmenters.get(lang);
  if (!seg) { seg = new Intl.Segmenter(lang, { granularity: 'word' }); segmenters.set(lang, seg); }
  const set = new Set<number>([text.length]);
  for (const s of seg.segment(text)) set.add(s.index);
  return set;
}

/** Whether a term's letters are to be matched with their case: an upper-case letter after the first letter of a word
 * (API, iPhone, GitHub, macOS, Wi-Fi). A word merely capitalised ("Cloud", "Save As") matches in any case. */
export function caseSensitiveByDefault(term: string): boolean {
  for (const w of term.split(/\s+/)) {
    const rest = [...w].slice(1).join('');
    if (rest !== rest.toLowerCase()) return true;
  }
  return false;
}

let boundaries: Uint8Array | undefined;
/** The classes whose words need a boundary (scripts with spaces, Hangul), others 0: the automaton's word starts. */
export function boundaryClasses(): Uint8Array {
  if (boundaries) return boundaries;
  const t = classes();
  const b = new Uint8Array(65536);
  for (let c = 0; c < 65536; c++) if (t[c] === Cls.Word || t[c] === Cls.Hangul) b[c] = t[c];
  boundaries = b;
  return b;
}
