/** Requests the core worker answers (see coreWorker.ts and offload.ts). */
import type { LintEntriesOptions } from '../core';

export type OffloadRequest =
  | { op: 'parseJson'; bytes: Uint8Array }
  | { op: 'encodeJson'; value: unknown }
  | { op: 'errorCount'; kind: 'entries'; text: string; options: Omit<LintEntriesOptions, 'languages'> & { languages?: string[] } }
  | { op: 'errorCount'; kind: 'terms'; text: string; lang?: string }
  | { op: 'errorCount'; kind: 'glossary'; text: string }
  | { op: 'sameContent'; a: string; b: string; kind: 'entries' | 'terms' }
  | { op: 'merge'; kind: 'entries' | 'terms'; base: string; ours: string; theirs: string }
  | { op: 'countEntries'; text: string }
  | { op: 'gridEntryCount'; text: string }
  | { op: 'gridChanges'; text: string; remote?: string }
  | { op: 'sameGrid'; a: string; b: string }
  | { op: 'joinGrid'; sourceLang: string; dictionaries: Array<{ targetLang: string; text: string }> }
  | { op: 'encodeText'; text: string }
  | { op: 'commonEnds'; a: string; b: string }
  | { op: 'findInEntries'; text: string; query: string; options: { caseSensitive: boolean } }
  | { op: 'decodeText'; bytes: Uint8Array };
