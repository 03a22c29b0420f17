/** Typed requests and results of the service client (camelCase; language codes in lower case). */

export type Plan = 'auto' | 'free' | 'paid';
export type EntriesFormat = 'tsv' | 'csv';

export interface DictionaryInput { sourceLang: string; targetLang: string; entries: string; entriesFormat: EntriesFormat }
export interface DictionaryInfo { sourceLang: string; targetLang: string; entryCount: number }
export interface Glossary { glossaryId: string; name: string; ready?: boolean; dictionaries: DictionaryInfo[]; creationTime: string }

export interface TermListInput { lang: string; entries: string }
export interface TermListInfo { lang: string; entryCount: number }
export interface SpokenTerms { spokenTermsId: string; name: string; termLists: TermListInfo[]; creationTime: string }

export interface CustomInstruction { id: string; label: string; prompt: string; sourceLanguage?: string }
export interface StyleRuleList {
  styleId: string; name: string; creationTime: string; updatedTime: string; language: string; version: number;
  configuredRules?: Record<string, Record<string, string>>;
  customInstructions?: CustomInstruction[];
}

export interface Language { lang: string; name: string; usableAsSource: boolean; usableAsTarget: boolean; status?: string; features: string[] }
export interface Usage { characterCount: number; characterLimit: number; [more: string]: number }
export interface TranslateRequest {
  text: string[]; sourceLang?: string; targetLang: string; glossaryId?: string;
  /** Several glossaries (up to 5; not together with glossaryId). */
  glossaryIds?: string[];
  styleId?: string;
  translationMemoryId?: string;
  /** Minimum match in percent (0..100, the service's default 75). */
  translationMemoryThreshold?: number;
}
export interface Translation { detectedSourceLanguage: string; text: string }
export interface VoiceSessionRequest {
  sourceMediaContentType: string; sourceLanguage: string; targetLanguages: string[]; spokenTermsId?: string; glossaryId?: string;
}
export interface VoiceSession { streamingUrl: string; token: string; sessionId: string }

export interface StyleRuleListInput {
  name: string; language: string;
  configuredRules?: Record<string, Record<string, string>>;
  customInstructions?: CustomInstructionInput[];
}
export interface CustomInstructionInput { label: string; prompt: string; sourceLanguage?: string }

export interface TranslationMemory {
  translationMemoryId: string; name: string; sourceLanguage: string; targetLanguages: string[]; segmentCount: number;
  /** Only from the single-memory lookup. */
  creationTime?: string; updatedTime?: string;
}
export interface TranslationMemoryPage { memories: TranslationMemory[]; totalCount: number }
export interface TargetSegment { targetSegmentId: string; targetLanguage: string; targetText: string; creationTime: string; updatedTime: string; lastUsedTime?: string }
export interface SourceSegment { sourceSegmentId: string; sourceText: string; creationTime: string; updatedTime: string; lastUsedTime?: string; targets: TargetSegment[] }
export interface SegmentQuery { pageSize?: number; cursor?: string; filterText?: string; caseSensitive?: boolean }
export interface SegmentPage { segments: SourceSegment[]; segmentCount: number; nextPageCursor?: string }
export interface ImportRequest { fileName: string; contentLength: number; contentType?: string; displayName: string }
export interface ImportTicket { jobId: string; uploadUrl: string; expiresAt: string }
export interface ExportTicket { jobId: string; translationMemoryId: string; reused: boolean }
export type JobStatus = 'awaiting_input' | 'processing' | 'completed' | 'failed' | 'expired' | 'downloaded' | (string & {});
export interface MemoryJob {
  jobId: string; operation: 'import' | 'export' | (string & {}); creationTime: string; updatedTime: string;
  status: JobStatus; requiredAction?: string; downloadUrl?: string; expiresAt?: string; translationMemoryId?: string;
  skippedSegmentCount?: number; errorMessage?: string;
  sourceFile?: { fileName: string; contentType: string; contentLength: number };
  parameters: Record<string, string>;
}
