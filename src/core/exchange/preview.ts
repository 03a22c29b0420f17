/** What an import would do to a glossary, per dictionary, before anything is sent. Pure: no vscode. */
import { parseEntries, serializeEntries } from '../serialize';
import { lintEntries } from '../entries';
import { SKIP_REASONS, type ImportPlan, type PlannedPair, type SkipReason } from './model';

/** `new`: a new glossary; `merge`: entries are merged into the existing dictionaries (PATCH: nothing removed);
 * `replace`: each imported dictionary replaces the one of its pair (PUT). */
export type ImportMode = 'new' | 'merge' | 'replace';

/** How many added, changed and removed entries a preview names (all are counted). */
export const CHANGES_KEPT = 200;

export interface PairPreview {
  sourceLang: string;
  targetLang: string;
  /** Whether the glossary already holds this pair. */
  exists: boolean;
  added: number;
  changed: number;
  unchanged: number;
  removed: number;
  skipped: Partial<Record<SkipReason, number>>;
  skippedTotal: number;
  /** Entries the call would carry. */
  toSend: number;
  /** The first CHANGES_KEPT entries a merge or replace adds to an existing dictionary (with the file's line). */
  additions: Array<{ source: string; target: string; line: number }>;
  /** The first CHANGES_KEPT entries whose target the import overwrites (the file's line, the target now, the file's). */
  changes: Array<{ source: string; was: string; now: string; line: number }>;
  /** The first CHANGES_KEPT source phrases a replace removes (in the dictionary, not in the file). */
  removals: string[];
  errors: number;
  warnings: number;
}

/** Compares a planned pair with the pair's existing entries (the service's TSV), by source phrase. */
export function previewPair(pair: PlannedPair, existing: string | undefined, mode: ImportMode): PairPreview {
  const was = new Map<string, string>();
  if (existing !== undefined && mode !== 'new') for (const e of parseEntries(existing, 'tsv').entries) if (!was.has(e.source)) was.set(e.source, e.target);
  const p: PairPreview = {
    sourceLang: pair.sourceLang, targetLang: pair.targetLang, exists: existing !== undefined && mode !== 'new',
    added: 0, changed: 0, unchanged: 0, removed: 0, skipped: {}, skippedTotal: pair.skipped.length, toSend: pair.entries.length, additions: [], changes: [], removals: [],
    errors: pair.findings.filter((f) => f.severity === 'error').length, warnings: pair.findings.filter((f) => f.severity === 'warning').length,
  };
  if (!was.size) p.added = pair.entries.length;
  else {
    const mine = new Set<string>();
    for (const e of pair.entries) {
      mine.add(e.source);
      const t = was.get(e.source);
      if (t === undefined) {
        if (p.added++ < CHANGES_KEPT) p.additions.push({ source: e.source, target: e.target, line: e.line });
      } else if (t !== e.target) {
        if (p.changed++ < CHANGES_KEPT) p.changes.push({ source: e.source, was: t, now: e.target, line: e.line });
      } else p.unchanged++;
    }
    if (mode === 'replace') for (const s of was.keys()) if (!mine.has(s) && p.removed++ < CHANGES_KEPT) p.removals.push(s);
  }
  for (const s of pair.skipped) p.skipped[s.reason] = (p.skipped[s.reason] ?? 0) + 1;
  return p;
}

export function previewPlan(plan: ImportPlan, existing: (sourceLang: string, targetLang: string) => string | undefined, mode: ImportMode): PairPreview[] {
  return plan.pairs.map((p) => previewPair(p, existing(p.sourceLang, p.targetLang), mode));
}

/** The entries a pair would send, as the service's TSV. */
export function pairEntriesText(pair: PlannedPair): string {
  return serializeEntries(pair.entries, 'tsv');
}

/** The pair as a document to fix before pushing: the entries to send, then those skipped as invalid by the rules
 * (so they can be corrected), as TSV. */
export function pairDocumentText(pair: PlannedPair): string {
  const fixable = pair.skipped.filter((s) => (s.reason === 'invalid' || s.reason === 'multi-line') && s.source !== undefined && s.target !== undefined)
    .map((s) => ({ source: s.source!.replace(/\r\n?|\n/g, ' '), target: s.target!.replace(/\r\n?|\n/g, ' '), line: s.line ?? 0 }));
  return serializeEntries([...pair.entries, ...fixable].sort((a, b) => a.line - b.line), 'tsv');
}

/** Reads a pair back from its (edited) document: the document now decides the pair's entries; what the rules still
 * refuse is skipped as invalid. Lines are the document's (1-based). */
export function pairFromDocument(pair: PlannedPair, text: string): PlannedPair {
  const out: PlannedPair = { sourceLang: pair.sourceLang, targetLang: pair.targetLang, entries: [], findings: [], fromDocument: true,
    skipped: pair.skipped.filter((s) => s.reason !== 'invalid' && s.reason !== 'multi-line') };
  const findings = lintEntries(text, { format: 'tsv' });
  const badLines = new Set<number>();
  for (const f of findings) {
    out.findings.push({ code: f.code, severity: f.severity, message: f.message, line: f.line + 1 });
    if (f.severity === 'error') badLines.add(f.line);
  }
  const parsed = parseEntries(text, 'tsv');
  for (const i of parsed.invalidLines) badLines.add(i);
  for (const e of parsed.entries) {
    if (badLines.has(e.line)) out.skipped.push({ reason: 'invalid', line: e.line + 1, source: e.source, target: e.target, message: findings.find((f) => f.line === e.line)?.message ?? 'invalid' });
    else out.entries.push({ source: e.source, target: e.target, line: e.line + 1 });
  }
  return out;
}

/** One line per pair for a summary: "EN → DE: 10 added, 2 changed, 1 removed, 3 skipped (2 duplicate source phrase, …)". */
export function describePreview(p: PairPreview, words: Record<SkipReason, string>): string {
  const skipped = SKIP_REASONS.filter((r) => p.skipped[r]).map((r) => `${p.skipped[r]} ${words[r]}`);
  return `${p.sourceLang.toUpperCase()} → ${p.targetLang.toUpperCase()}: ${p.added} added, ${p.changed} changed, ${p.removed} removed, ${p.unchanged} unchanged` +
    (skipped.length ? `, ${p.skippedTotal} skipped (${skipped.join(', ')})` : '');
}
