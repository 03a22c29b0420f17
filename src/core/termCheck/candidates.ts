/** Term candidates (issue #31, item 5): the words and phrases (1–4 words) that come back in the source strings, stop
 * words dropped, which no linked glossary holds; each with its count, example strings, and the renderings found in
 * the targets of the strings that contain it: the target phrases that occur with it most consistently (a Dice
 * coefficient of co-occurrence, the usual cheap term alignment), to propose as the glossary's target. Words are
 * split with Intl.Segmenter, so scripts without spaces (CJK, Thai) work; a candidate in them is one segmenter word
 * or a run of up to four. Pure. */
import { compileTerm, Subject, TermMatcher } from './matcher';
import { originalIndex } from './normalize';
import type { GlossaryEntry } from './check';
import { PLACEHOLDER } from './mapped';
import type { TranslationUnit } from './types';

export interface Candidate {
  /** As most often written in the sources. */
  phrase: string;
  words: number;
  /** Source strings that contain it. */
  count: number;
  /** Up to three of them (unit ids and the source text). */
  examples: Array<{ file?: string; unitId: string; source: string }>;
  /** Target phrases found with it, best first: the phrase, the strings it is in, and its score (0–1). */
  renderings: Array<{ phrase: string; count: number; score: number }>;
}

export interface CandidateOptions {
  /** Fewest strings a candidate is in (default 3). */
  minCount?: number;
  /** How many to return (default 100), the most frequent first (longer phrases first on a tie). */
  limit?: number;
  maxWords?: number;
}

/** Words that are never a candidate on their own and never start or end one. */
const STOP: Record<string, string> = {
  en: 'a an the and or but if then else of to in on at by for with from into onto over under as is are was were be been being am do does did done have has had having it its this that these those there here what which who whom whose when where why how not no nor so than too very can could will would shall should may might must i you he she we they me him her us them my your his our their mine yours ours theirs all any both each few more most other some such only own same just also about above after again against before below between during through until up down out off once further while because s t don doesn now new use used using one two get set see',
  de: 'der die das den dem des ein eine einer eines einem einen und oder aber wenn dann sonst von zu im in an am auf bei für mit aus nach über unter als ist sind war waren sein bin bist hat haben hatte es sie er wir ihr ich du man nicht kein keine so wie was wer wo warum auch nur noch schon sehr kann können wird werden soll sollen muss müssen darf dies diese dieser dieses jede jeder alle mehr um zum zur vom beim ob dass sich ihre ihren ihrem ihr sein seine seinen unser unsere',
  fr: 'le la les l un une des du de d et ou mais si alors au aux à en dans sur par pour avec sans sous est sont était être a ont avait il elle ils elles on nous vous je tu ce cet cette ces qui que quoi où ne pas plus moins très peut peuvent doit se sa son ses leur leurs notre nos votre vos tout tous toute toutes aussi comme entre',
  es: 'el la los las lo un una unos unas y o pero si entonces de del al a en por para con sin sobre es son era ser está están ha han había él ella ellos ellas nosotros vosotros usted ustedes yo tú que qué quien cual donde no más menos muy puede pueden debe se su sus este esta estos estas ese esa todo todos toda todas también como entre',
  it: 'il lo la i gli le un uno una e o ma se allora di del della dei delle a al alla ai alle in nel nella per con senza su è sono era essere ha hanno aveva lui lei loro noi voi io tu che chi cui dove non più meno molto può possono deve si suo sua suoi sue questo questa questi queste tutto tutti anche come tra fra',
  pt: 'o a os as um uma uns umas e ou mas se então de do da dos das em no na nos nas por para com sem sobre é são era ser está estão tem têm ele ela eles elas nós vós você vocês eu tu que quem qual onde não mais menos muito pode podem deve seu sua seus suas este esta estes estas todo todos toda todas também como entre',
  nl: 'de het een en of maar als dan van te in op aan bij voor met uit naar over onder is zijn was waren heeft hebben had hij zij ze wij we jij je ik u die dat dit deze wat wie waar niet geen zo hoe ook nog al meer kan kunnen zal zullen moet moeten er om tot door zich',
};
const stopWords = new Map<string, Set<string>>();
function stopOf(lang: string): Set<string> {
  const root = lang.toLowerCase().split(/[-_]/)[0];
  let s = stopWords.get(root);
  if (!s) stopWords.set(root, s = new Set((STOP[root] ?? STOP.en).split(' ')));
  return s;
}

interface Word { text: string; lower: string; start: number; end: number }

const segmenters = new Map<string, Intl.Segmenter>();
/** Scripts written without spaces between words, which only a segmenter splits (Thai, Lao, Myanmar, Khmer, kana, Han). */
const UNSPACED = /[\u0E00-\u0EFF\u1000-\u109F\u1780-\u17FF\u3040-\u30FF\u3400-\u9FFF\uF900-\uFAFF]/;
/** A word (letters, marks, digits, with inner apostrophes or hyphens), or one character of punctuation (a break). */
const TOKEN = /[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*|[^\s\p{L}\p{M}\p{N}]/gu;

function wordsOf(text: string, lang: string): Word[] {
  if (!UNSPACED.test(text)) {
    // Text with spaces between words: a regular expression, ten times faster than Intl.Segmenter.
    const out: Word[] = [];
    for (const m of text.matchAll(TOKEN)) {
      const t = m[0];
      if (t.length === 1 && !/[\p{L}\p{N}]/u.test(t)) { if (!/^[-'’]$/.test(t)) out.push({ text: '', lower: '', start: m.index, end: m.index }); continue; }
      if (/^\d+$/.test(t)) { out.push({ text: '', lower: '', start: m.index, end: m.index }); continue; }
      out.push({ text: t, lower: t.toLocaleLowerCase(lang), start: m.index, end: m.index + t.length });
    }
    return out;
  }
  let seg = segmenters.get(lang);
  if (!seg) {
    try { seg = new Intl.Segmenter(lang, { granularity: 'word' }); } catch { seg = new Intl.Segmenter('en', { granularity: 'word' }); }
    segmenters.set(lang, seg);
  }
  const out: Word[] = [];
  for (const s of seg.segment(text)) {
    if (!s.isWordLike || s.segment.includes(PLACEHOLDER)) { if (s.segment.trim() && !/^[-'’]$/.test(s.segment)) out.push({ text: '', lower: '', start: s.index, end: s.index }); continue; }
    if (/^\d+$/.test(s.segment)) { out.push({ text: '', lower: '', start: s.index, end: s.index }); continue; }
    out.push({ text: s.segment, lower: s.segment.toLocaleLowerCase(lang), start: s.index, end: s.index + s.segment.length });
  }
  return out;
}

/** The n-grams (1…max words, no break inside, no stop word at either end) of a text, each once, by their lower case,
 * with a written form. */
function grams(text: string, lang: string, max: number): Map<string, string> {
  const words = wordsOf(text, lang);
  const stop = stopOf(lang);
  const out = new Map<string, string>();
  for (let i = 0; i < words.length; i++) {
    if (!words[i].text || stop.has(words[i].lower) || words[i].lower.length < 2) continue;
    for (let n = 1; n <= max && i + n <= words.length; n++) {
      const last = words[i + n - 1];
      if (!last.text) break;
      if (stop.has(last.lower) || last.lower.length < 2) continue;
      const key = words.slice(i, i + n).map((w) => w.lower).join(' ');
      if (!out.has(key)) out.set(key, text.slice(words[i].start, last.end));
    }
  }
  return out;
}

/** The candidates of the source strings of `units` (each with its file), against the glossaries' entries. */
export function findCandidates(
  units: ReadonlyArray<{ unit: TranslationUnit; file?: string }>, entries: readonly GlossaryEntry[], sourceLang: string, targetLang: string | undefined,
  options: CandidateOptions = {},
): Candidate[] {
  const minCount = options.minCount ?? 3;
  const limit = options.limit ?? 100;
  const max = options.maxWords ?? 4;
  const root = (l: string) => l.toLowerCase().split(/[-_]/)[0];
  // The glossaries' source phrases are taken out of the sources first (each replaced by a break): no candidate is one
  // of them, holds one, or lies inside one.
  const known = entries.filter((e) => root(e.sourceLang) === root(sourceLang)).map((e) => compileTerm(e.source, sourceLang));
  const matcher = known.length ? new TermMatcher(known) : undefined;
  const masked = (text: string) => {
    if (!matcher) return text;
    const subject = Subject.of(text);
    let out = '';
    let at = 0;
    for (const h of matcher.find(subject)) {
      const a = originalIndex(subject.n, h.start);
      out += text.slice(at, a) + PLACEHOLDER;
      at = originalIndex(subject.n, h.end);
    }
    return out + text.slice(at);
  };
  const seen = new Map<string, { forms: Map<string, number>; units: number[] }>();
  const targetGrams: Array<Map<string, string> | undefined> = [];
  const targetCounts = new Map<string, number>();
  units.forEach(({ unit }, k) => {
    for (const [key, form] of grams(masked(unit.source.text), sourceLang, max)) {
      let s = seen.get(key);
      if (!s) seen.set(key, s = { forms: new Map(), units: [] });
      s.units.push(k);
      s.forms.set(form, (s.forms.get(form) ?? 0) + 1);
    }
    const t = unit.target?.text;
    if (targetLang && t && t.trim()) {
      const g = grams(t, targetLang, max);
      targetGrams[k] = g;
      for (const key of g.keys()) targetCounts.set(key, (targetCounts.get(key) ?? 0) + 1);
    }
  });
  const out: Candidate[] = [];
  const keyOf = new Map<Candidate, string>();
  for (const [key, s] of seen) {
    if (s.units.length < minCount) continue;
    const phrase = [...s.forms].sort((a, b) => b[1] - a[1])[0][0];
    const c: Candidate = { phrase, words: key.split(' ').length, count: s.units.length, examples: [], renderings: [] };
    keyOf.set(c, key);
    out.push(c);
  }
  // A phrase that is only ever part of one longer candidate with the same count says nothing more: the longer one.
  const byKey = new Map<string, Candidate>();
  for (const c of out) byKey.set(keyOf.get(c)!, c);
  const subsumed = new Set<Candidate>();
  for (const o of out) {
    if (o.words < 2) continue;
    const w = keyOf.get(o)!.split(' ');
    for (let a = 0; a < w.length; a++) {
      for (let b = a + 1; b <= w.length; b++) {
        if (b - a === w.length) continue;
        const sub = byKey.get(w.slice(a, b).join(' '));
        if (sub && sub.count === o.count) subsumed.add(sub);
      }
    }
  }
  const kept = out.filter((c) => !subsumed.has(c));
  kept.sort((a, b) => b.count - a.count || b.words - a.words || (a.phrase < b.phrase ? -1 : 1));
  const top = kept.slice(0, limit);
  for (const c of top) {
    const s = seen.get(keyOf.get(c)!)!;
    // Three strings that differ (a string repeated across files, or plural forms, shows once).
    const shown = new Set<string>();
    for (const k of s.units) {
      const source = units[k].unit.source.text;
      if (shown.has(source)) continue;
      shown.add(source);
      c.examples.push({ ...(units[k].file ? { file: units[k].file } : {}), unitId: units[k].unit.id, source });
      if (c.examples.length === 3) break;
    }
    // Renderings: target phrases by Dice over the strings with a target.
    const co = new Map<string, { n: number; form: string }>();
    let withTarget = 0;
    for (const k of s.units) {
      const g = targetGrams[k];
      if (!g) continue;
      withTarget++;
      for (const [key, form] of g) { const x = co.get(key); if (x) x.n++; else co.set(key, { n: 1, form }); }
    }
    c.renderings = [...co].filter(([, x]) => x.n >= Math.max(2, Math.ceil(withTarget / 3)))
      .map(([key, x]) => ({ phrase: x.form, count: x.n, score: (2 * x.n) / (withTarget + (targetCounts.get(key) ?? 0)) }))
      .sort((a, b) => b.score - a.score || b.count - a.count || (a.phrase < b.phrase ? -1 : 1))
      .slice(0, 3)
      .map((r) => ({ ...r, score: Math.round(r.score * 100) / 100 }));
  }
  return top;
}

/** The strings of a candidate search in a few long strings (each list joined by U+0000), as the core worker is sent
 * them: 50 000 strings as four strings rather than 50 000 objects to copy. */
export interface PackedCandidateRequest {
  sourceLang: string;
  targetLang?: string;
  /** Per unit, joined: its id, its source, its target ('' for none), the number of its file in `fileNames`. */
  ids: string;
  sources: string;
  targets: string;
  files: string;
  fileNames: string[];
  /** The glossaries' source phrases of `sourceLang`, joined. */
  known: string;
  options?: CandidateOptions;
}

const SEP = '\u0000';

export function packCandidateRequest(units: ReadonlyArray<{ unit: Pick<TranslationUnit, 'id' | 'source' | 'target'>; file?: string }>, entries: readonly GlossaryEntry[],
  sourceLang: string, targetLang: string | undefined, options?: CandidateOptions): PackedCandidateRequest {
  const fileNames: string[] = [];
  const fileIndex = new Map<string, number>();
  const files = units.map(({ file }) => {
    if (file === undefined) return '';
    let n = fileIndex.get(file);
    if (n === undefined) { n = fileNames.length; fileNames.push(file); fileIndex.set(file, n); }
    return String(n);
  });
  const root = (l: string) => l.toLowerCase().split(/[-_]/)[0];
  return {
    sourceLang, ...(targetLang ? { targetLang } : {}), fileNames, files: files.join(SEP),
    ids: units.map((u) => u.unit.id).join(SEP), sources: units.map((u) => u.unit.source.text).join(SEP), targets: units.map((u) => u.unit.target?.text ?? '').join(SEP),
    known: entries.filter((e) => root(e.sourceLang) === root(sourceLang)).map((e) => e.source).join(SEP), ...(options ? { options } : {}),
  };
}

/** findCandidates of a packed request (on the core worker). */
export function findCandidatesPacked(req: PackedCandidateRequest): Candidate[] {
  const ids = req.ids === '' ? [] : req.ids.split(SEP);
  const sources = req.sources.split(SEP);
  const targets = req.targets.split(SEP);
  const files = req.files.split(SEP);
  const text = (t: string) => ({ text: t, pieces: [0, 0] });
  const units = ids.map((id, i) => ({
    unit: { id, source: text(sources[i]), ...(targets[i] ? { target: text(targets[i]) } : {}) } as TranslationUnit,
    ...(files[i] !== '' && files[i] !== undefined ? { file: req.fileNames[Number(files[i])] } : {}),
  }));
  const entries = (req.known === '' ? [] : req.known.split(SEP)).map((source) => ({ source, target: '', sourceLang: req.sourceLang, targetLang: req.targetLang ?? '', glossary: '' }));
  return findCandidates(units, entries, req.sourceLang, req.targetLang, req.options);
}
