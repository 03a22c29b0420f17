/** In-memory state of the emulator, one account per key. Serialisable to JSON for --data. */
import { randomUUID } from 'node:crypto';
import type { StyleRuleList } from './data';

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
  /** Filled by the server on start (the seeded lists) when absent. */
  styleRules?: StyleRuleList[];
  memories?: Memory[];
  tmJobs?: TmJob[];
}
export interface TargetSegment { target_segment_id: string; target_language: string; target_text: string; creation_time: string; updated_time: string; last_used_time?: string }
export interface Segment { source_segment_id: string; source_text: string; creation_time: string; updated_time: string; last_used_time?: string; targets: TargetSegment[] }
export interface Memory {
  translation_memory_id: string; name: string; source_language: string; target_languages: string[];
  creation_time: string; updated_time: string; segments: Segment[];
}
export type JobStatus = 'awaiting_input' | 'processing' | 'completed' | 'failed' | 'expired';
export interface TmJob {
  job_id: string; operation: 'import' | 'export'; creation_time: string; updated_time: string;
  status: JobStatus;
  /** When the job entered its status (ms since the epoch): it moves on after the configured step. */
  since: number;
  source_file?: { file_name: string; content_type: string; content_length: number };
  parameters: Record<string, string>;
  /** Import: the secret part of the upload address, its expiry, and what the upload held once checked. */
  upload_token?: string; upload_expires_at?: string; uploaded?: boolean; upload_error?: string; skipped_segment_count?: number;
  /** Export: the secret part of the download address and its expiry. */
  download_token?: string; download_expires_at?: string;
  translation_memory_id?: string;
  error?: string;
  /** Import: the checked content, kept until the job completes. */
  pending?: { source_language: string; target_languages: string[]; units: Array<{ source: string; targets: Array<{ lang: string; text: string }> }> };
}
export interface State { accounts: Record<string, Account> }

export function newAccount(plan: 'free' | 'paid', glossaryLimit?: number): Account {
  return {
    plan, glossaryLimit: glossaryLimit ?? (plan === 'free' ? 1 : 1000),
    characterCount: 0, characterLimit: plan === 'free' ? 500_000 : 1_000_000_000,
    glossaries: [], spokenTerms: [], memories: [], tmJobs: [],
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
