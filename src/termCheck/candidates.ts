/** "Find Term Candidates": the source strings of the workspace's translation files, read as the term check reads
 * them, and the phrases in them that no linked glossary holds (core/termCheck/candidates), for the language pair with
 * the most strings; with the dictionaries of that pair a candidate can be added to. */
import { findCandidatesPacked, langRoot, packCandidateRequest, type Candidate, type CandidateOptions } from '../core/termCheck';
import type { Offload } from '../worker/offload';
import type { TermChecker } from './checker';

export interface CandidateReport {
  sourceLang: string;
  targetLang: string;
  candidates: Candidate[];
  /** The linked dictionaries of the pair (a candidate goes into one of them). */
  dictionaries: Array<{ glossary: string; file: string; sourceLang: string; targetLang: string }>;
  files: number;
  units: number;
}

export async function termCandidates(checker: TermChecker, offload: Offload | undefined, options: CandidateOptions & { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {}): Promise<CandidateReport | undefined> {
  const { set, files } = await checker.readWorkspace(options);
  if (!set || !files.length) return undefined;
  // The pair with the most strings.
  const counts = new Map<string, number>();
  for (const f of files) {
    for (const u of f.read.units) {
      const k = `${langRoot(f.sourceLang)}>${langRoot(u.targetLang ?? f.targetLang)}`;
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
  }
  const [pair] = [...counts].sort((a, b) => b[1] - a[1])[0];
  const [sourceLang, targetLang] = pair.split('>');
  const units: Array<{ unit: (typeof files)[number]['read']['units'][number]; file: string }> = [];
  for (const f of files) {
    if (langRoot(f.sourceLang) !== sourceLang) continue;
    for (const u of f.read.units) if (langRoot(u.targetLang ?? f.targetLang) === targetLang) units.push({ unit: u, file: f.uri.toString() });
  }
  // On the core worker (seconds for 50 000 strings: never on the extension host's loop at that size).
  const { signal: _signal, onProgress: _onProgress, ...candidateOptions } = options;
  void _signal; void _onProgress;
  const entries = set.entries();
  const packed = packCandidateRequest(units, entries, sourceLang, targetLang, candidateOptions);
  const candidates = offload ? await offload.findCandidates(packed, () => findCandidatesPacked(packed)) : findCandidatesPacked(packed);
  const seen = new Set<string>();
  const dictionaries: CandidateReport['dictionaries'] = [];
  for (const e of entries) {
    if (!e.file || langRoot(e.sourceLang) !== sourceLang || langRoot(e.targetLang) !== targetLang || seen.has(e.file)) continue;
    seen.add(e.file);
    dictionaries.push({ glossary: e.glossary, file: e.file, sourceLang: e.sourceLang, targetLang: e.targetLang });
  }
  return { sourceLang, targetLang, candidates, dictionaries, files: files.length, units: units.length };
}
