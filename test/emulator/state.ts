/** In-memory state of the emulator, one account per key. Serialisable to JSON for --data. */
import { randomUUID } from 'node:crypto';

export interface Dictionary { source_lang: string; target_lang: string; entries: Array<[string, string]> }
export interface Glossary { glossary_id: string; name: string; creation_time: string; dictionaries: Dictionary[] }
export interface TermList { lang: string; terms: string[] }
export interface SpokenTerms { spoken_terms_id: string; name: string; creation_time: string; term_lists: TermList[] }
export interface Account {
  plan: 'free' | 'paid';
  /** A key that lacks the scope for these endpoints: every call gives 403. */
  noScope?: boolean;
  glossaryLimit: number;
  characterCount: number;
  characterLimit: number;
  glossaries: Glossary[];
  spokenTerms: SpokenTerms[];
  translationMemories: string[];
}
export interface State { accounts: Record<string, Account> }

export function newAccount(plan: 'free' | 'paid', glossaryLimit?: number): Account {
  return {
    plan, glossaryLimit: glossaryLimit ?? (plan === 'free' ? 1 : 1000),
    characterCount: 0, characterLimit: plan === 'free' ? 500_000 : 1_000_000_000,
    glossaries: [], spokenTerms: [], translationMemories: ['7e1b0c2a-0000-4000-8000-0000000000aa'],
  };
}

export const newId = (): string => randomUUID();
export const now = (): string => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

export function glossaryJson(g: Glossary, upper = false) {
  const code = (c: string) => (upper ? c.toUpperCase() : c);
  return {
    glossary_id: g.glossary_id, name: g.name, ready: true, creation_time: g.creation_time,
    dictionaries: g.dictionaries.map((d) => ({ source_lang: code(d.source_lang), target_lang: code(d.target_lang), entry_count: d.entries.length })),
  };
}

export function spokenTermsJson(c: SpokenTerms) {
  return {
    spoken_terms_id: c.spoken_terms_id, name: c.name, creation_time: c.creation_time,
    term_lists: c.term_lists.map((l) => ({ lang: l.lang, entry_count: l.terms.length })),
  };
}
