/** From concepts (or entries with their pair) to the dictionaries an import would send: the preferred term of
 * each language, deprecated and forbidden terms left out, duplicates and entries the rules refuse skipped, and every
 * choice listed. Pure: no vscode. */
import { lintEntries } from '../entries';
import { lintLanguagePair, rootCode } from '../languages';
import { serializeEntries } from '../serialize';
import type { Choice, Concept, ImportPlan, PlannedEntry, PlannedPair, Skip, Term } from './model';

export interface PlanOptions {
  /** Glossary-capable languages of the service (GET /v3/languages?resource=glossary), when known. */
  languages?: Iterable<string>;
}

const q = (s: string) => `"${s}"`;
const where = (c: Concept) => `concept ${c.id ? `${c.id} ` : ''}(line ${c.line})`;

interface Pick { chosen?: Term; excluded: Term[]; empty: Term[] }

/** The term a language of a concept gets: a preferred one, else the first admitted (or unmarked) one. */
function pickTerm(c: Concept, root: string, terms: Term[], choices: Choice[]): Pick {
  const excluded = terms.filter((t) => t.status === 'deprecated' || t.status === 'forbidden');
  const usable = terms.filter((t) => !excluded.includes(t));
  const empty = usable.filter((t) => t.text.trim() === '');
  const candidates = usable.filter((t) => t.text.trim() !== '');
  const chosen = candidates.find((t) => t.status === 'preferred') ?? candidates.find((t) => t.status === 'admitted') ?? candidates[0];
  const lang = root.toUpperCase();
  if (chosen && candidates.length > 1) {
    const why = chosen.status === 'preferred' ? 'preferred' : chosen.status === 'admitted' ? 'the first admitted term' : 'the first term';
    const others = candidates.filter((t) => t !== chosen).map((t) => `${q(t.text.trim())}${t.status !== 'unspecified' ? ` (${t.status})` : ''}`);
    const twoPreferred = chosen.status === 'preferred' && candidates.filter((t) => t.status === 'preferred').length > 1 ? '; several are marked preferred, the first was taken' : '';
    choices.push({ line: chosen.line, message: `${where(c)}, ${lang}: took ${q(chosen.text.trim())} (${why}) over ${others.join(', ')}${twoPreferred}.` });
  }
  for (const t of excluded) {
    if (chosen) choices.push({ line: t.line, message: `${where(c)}, ${lang}: ${q(t.text.trim())} is ${t.status} (${t.rawStatus ?? t.status}): not imported.` });
  }
  if (chosen && chosen.text !== chosen.text.trim()) {
    choices.push({ line: chosen.line, message: `${where(c)}, ${lang}: spaces around ${q(chosen.text.trim())} were removed.` });
  }
  if (chosen) {
    const variants = new Set(terms.map((t) => t.lang.toLowerCase()).filter((l) => l !== root));
    if (variants.size) choices.push({ line: chosen.line, message: `${where(c)}: ${[...variants].map((v) => v.toUpperCase()).join(', ')} taken as ${lang} (glossaries use root language codes).` });
  }
  return chosen ? { chosen, excluded, empty } : { excluded, empty };
}

class PairBuilder {
  readonly candidates: PlannedEntry[] = [];
  readonly skipped: Skip[] = [];
  constructor(readonly sourceLang: string, readonly targetLang: string) {}
}

/** Builds the plan for concepts with `sourceLang` as the source: every other language becomes a dictionary. */
export function planConcepts(
  concepts: Iterable<Concept>, sourceLang: string, meta: { format: string; title?: string; notes?: string[]; choices?: Choice[] }, options: PlanOptions = {},
): ImportPlan {
  const source = rootCode(sourceLang);
  const pairs = new Map<string, PairBuilder>();
  const pair = (t: string) => {
    let p = pairs.get(t);
    if (!p) { p = new PairBuilder(source, t); pairs.set(t, p); }
    return p;
  };
  const choices: Choice[] = [...(meta.choices ?? [])];
  let unpaired = 0;
  for (const c of concepts) {
    const byLang = new Map<string, Term[]>();
    let unnamed = 0;
    for (const t of c.terms) {
      const r = rootCode(t.lang);
      if (!r) { unnamed++; continue; }
      const list = byLang.get(r);
      if (list) list.push(t); else byLang.set(r, [t]);
    }
    if (unnamed) choices.push({ line: c.line, message: `${where(c)}: ${unnamed} term(s) without a language were ignored.` });
    const targets = [...byLang.keys()].filter((l) => l !== source);
    if (!targets.length) { unpaired++; continue; }
    const src = byLang.has(source) ? pickTerm(c, source, byLang.get(source)!, choices) : undefined;
    for (const t of targets) {
      const p = pair(t);
      const tgt = pickTerm(c, t, byLang.get(t)!, choices);
      if (c.skip) {
        p.skipped.push({ reason: c.skip.reason, line: c.line, message: c.skip.message, source: src?.chosen?.text.trim(), target: tgt.chosen?.text.trim() });
        continue;
      }
      if (!src) {
        p.skipped.push({ reason: 'missing-source', line: c.line, target: tgt.chosen?.text.trim(), message: `${where(c)} has no ${source.toUpperCase()} term.` });
        continue;
      }
      const s = src.chosen;
      const g = tgt.chosen;
      if (!s || !g) {
        const side = !s ? src : tgt;
        const lang = (!s ? source : t).toUpperCase();
        if (side.excluded.length) {
          p.skipped.push({ reason: 'forbidden', line: side.excluded[0].line, source: s?.text.trim() ?? side.excluded[0].text.trim(), target: g?.text.trim(),
            message: `${where(c)}: every ${lang} term is deprecated or forbidden (${side.excluded.map((x) => q(x.text.trim())).join(', ')}).` });
        } else {
          p.skipped.push({ reason: 'empty', line: side.empty[0]?.line ?? c.line, source: s?.text.trim(), target: g?.text.trim(), message: `${where(c)}: the ${lang} term is empty.` });
        }
        continue;
      }
      p.candidates.push({ source: s.text.trim(), target: g.text.trim(), line: s.line });
    }
  }
  if (unpaired) choices.push({ message: `${unpaired} concept(s) hold only one language (nothing to pair) and were left out.` });
  const out: ImportPlan = { format: meta.format, sourceLang: source, pairs: [...pairs.values()].map((p) => finishPair(p, options)), choices, notes: meta.notes ?? [] };
  if (meta.title) out.title = meta.title;
  return out;
}

/** Builds the plan for entries that carry their own pair (the service's CSV with language columns). */
export function planEntries(
  rows: Iterable<{ source: string; target: string; sourceLang: string; targetLang: string; line: number; skip?: Concept['skip'] }>,
  meta: { format: string; notes?: string[]; choices?: Choice[] }, options: PlanOptions = {},
): ImportPlan {
  const pairs = new Map<string, PairBuilder>();
  const choices: Choice[] = [...(meta.choices ?? [])];
  const variants = new Set<string>();
  for (const r of rows) {
    const s = rootCode(r.sourceLang.trim());
    const t = rootCode(r.targetLang.trim());
    for (const code of [r.sourceLang.trim(), r.targetLang.trim()]) if (code.includes('-')) variants.add(code.toUpperCase());
    const key = `${s}\u0000${t}`;
    let p = pairs.get(key);
    if (!p) { p = new PairBuilder(s, t); pairs.set(key, p); }
    if (r.skip) {
      p.skipped.push({ reason: r.skip.reason, line: r.line, source: r.source, target: r.target, message: r.skip.message });
      continue;
    }
    if (r.source.trim() === '' || r.target.trim() === '') {
      p.skipped.push({ reason: 'empty', line: r.line, source: r.source, target: r.target, message: `Line ${r.line}: the ${r.source.trim() === '' ? 'source' : 'target'} is empty.` });
      continue;
    }
    p.candidates.push({ source: r.source, target: r.target, line: r.line });
  }
  if (variants.size) choices.push({ message: `${[...variants].join(', ')} taken as ${[...variants].map((v) => rootCode(v).toUpperCase()).join(', ')} (glossaries use root language codes).` });
  return { format: meta.format, pairs: [...pairs.values()].map((p) => finishPair(p, options)), choices, notes: meta.notes ?? [] };
}

/** Skips empty and duplicate entries, checks the pair and every entry against the entry rules. */
function finishPair(p: PairBuilder, options: PlanOptions): PlannedPair {
  const out: PlannedPair = { sourceLang: p.sourceLang, targetLang: p.targetLang, entries: [], skipped: p.skipped, findings: [] };
  const pairProblems = lintLanguagePair(p.sourceLang, p.targetLang, { languages: options.languages });
  if (pairProblems.length) {
    const message = pairProblems.map((f) => f.message).join(' ');
    for (const e of p.candidates) out.skipped.push({ reason: 'unsupported-language', line: e.line, source: e.source, target: e.target, message });
    out.findings.push({ code: pairProblems[0].code, severity: 'error', message });
    return out;
  }
  const first = new Map<string, PlannedEntry>();
  const kept: PlannedEntry[] = [];
  for (const e of p.candidates) {
    const was = first.get(e.source);
    if (was) {
      out.skipped.push({ reason: 'duplicate', line: e.line, source: e.source, target: e.target,
        message: was.target === e.target ? `${q(e.source)} → ${q(e.target)} repeats line ${was.line}.`
          : `${q(e.source)} is already mapped to ${q(was.target)} (line ${was.line}); ${q(e.target)} was left out.` });
      continue;
    }
    if (/[\r\n\u2028\u2029\u0085]/.test(e.source + e.target)) {
      out.skipped.push({ reason: 'invalid', line: e.line, source: e.source, target: e.target, message: `Line ${e.line}: a phrase holds a line break.` });
      out.findings.push({ code: 'control-character', severity: 'error', line: e.line, source: e.source, message: `A phrase holds a line break: ${JSON.stringify(e.source + ' → ' + e.target)}.` });
      first.set(e.source, e);
      continue;
    }
    first.set(e.source, e);
    kept.push(e);
  }
  // One entry per line: the rules' line numbers are indexes into `kept`.
  const text = serializeEntries(kept, 'tsv');
  const bad = new Set<number>();
  for (const f of lintEntries(text, { format: 'tsv' })) {
    const e = kept[f.line];
    if (!e) continue;
    out.findings.push({ code: f.code, severity: f.severity, message: f.message, line: e.line, source: e.source });
    if (f.severity === 'error' && f.code !== 'dictionary-too-large') bad.add(f.line);
  }
  kept.forEach((e, i) => {
    if (bad.has(i)) out.skipped.push({ reason: 'invalid', line: e.line, source: e.source, target: e.target, message: out.findings.find((f) => f.line === e.line && f.source === e.source)?.message ?? 'invalid' });
    else out.entries.push(e);
  });
  return out;
}
