/** Which documents the linter looks at, and as what. */
import * as vscode from 'vscode';
import { parseRemoteRef, SCHEME } from './remoteUris';

export const LANGUAGE_TSV = 'glossary-tsv';
export const LANGUAGE_CSV = 'glossary-csv';
export const LANGUAGE_TERMS = 'spoken-terms';
/** A whole glossary from one source language: a column per target language (src/core/glossary). */
export const LANGUAGE_MULTILINGUAL = 'glossary-multilingual';

export { linterFor, type LintKind } from '../core';
import type { LintKind } from '../core';

export interface LintSettings {
  glossaryFiles: string[];
  termListFiles: string[];
  /** Local files linted as multilingual glossaries (besides every `*.multilingual.tsv`, which has the language). */
  multilingualFiles: string[];
  /** Files a workspace manifest links (by Uri string), with what they are: a dictionary with its pair, or a list. */
  linked?: ReadonlyMap<string, LintKind>;
}

export function readLintSettings(): LintSettings {
  const c = vscode.workspace.getConfiguration('terminology');
  return {
    glossaryFiles: c.get<string[]>('glossaryFiles', ['**/*.glossary.{tsv,csv}']),
    termListFiles: c.get<string[]>('termListFiles', ['**/*.terms.txt']),
    multilingualFiles: c.get<string[]>('multilingualFiles', ['**/*.multilingual.tsv']),
  };
}

export function lintKindOf(doc: vscode.TextDocument, settings: LintSettings): LintKind | undefined {
  if (doc.uri.scheme === SCHEME) return remoteLintKind(doc.uri);
  const linked = settings.linked?.get(doc.uri.toString());
  if (linked) return linked;
  const matches = (patterns: string[]) => patterns.some((pattern) => vscode.languages.match({ pattern }, doc) > 0);
  const csv = doc.languageId === LANGUAGE_CSV || /\.csv$/i.test(doc.uri.path);
  if (doc.languageId === LANGUAGE_MULTILINGUAL || /\.multilingual\.tsv$/i.test(doc.uri.path) || matches(settings.multilingualFiles)) return { kind: 'glossary' };
  if (doc.languageId === LANGUAGE_TERMS || (doc.uri.scheme === 'file' && matches(settings.termListFiles))) return { kind: 'terms' };
  if (doc.languageId === LANGUAGE_TSV || doc.languageId === LANGUAGE_CSV || matches(settings.glossaryFiles)) {
    return { kind: 'entries', format: csv ? 'csv' : 'tsv' };
  }
  return undefined;
}

/** A remote document's kind: its address says what it is. */
export function remoteLintKind(uri: vscode.Uri): LintKind | undefined {
  const ref = parseRemoteRef(uri);
  if (ref?.kind === 'dictionary') return { kind: 'entries', format: 'tsv', sourceLang: ref.sourceLang, targetLang: ref.targetLang };
  if (ref?.kind === 'glossary') return { kind: 'glossary' };
  return ref?.kind === 'termList' ? { kind: 'terms' } : undefined;
}
