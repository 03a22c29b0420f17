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
export interface TranslateRequest { text: string[]; sourceLang?: string; targetLang: string; glossaryId?: string }
export interface Translation { detectedSourceLanguage: string; text: string }
export interface VoiceSessionRequest {
  sourceMediaContentType: string; sourceLanguage: string; targetLanguages: string[]; spokenTermsId?: string; glossaryId?: string;
}
export interface VoiceSession { streamingUrl: string; token: string; sessionId: string }
