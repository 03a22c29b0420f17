/** `terminology check-terms [paths…]`: the translation files (XLIFF, PO, per-locale JSON, ARB, .properties, Android
 * strings.xml, Apple .strings and .xcstrings) held against the glossaries
 * the manifest links (src/core/termCheck), reported as `lint` reports (same formats, exit codes, rule settings). */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { globSync, isDynamicPattern } from 'tinyglobby';
import { applyRuleSettings } from '../core/ruleSettings';
import {
  checkTranslationFile, dictionaryEntries, forbiddenOf, glossaryLanguages, isKeyValueKind, parseStatuses, STATUS_FILE_NAME, keyValueSourceLang, langRoot, LineIndex, localeOfPath as coreLocaleOfPath, sourceFileCandidates, RenderingTally, TermIndex, toFileFindings, translationKind,
  type FileCheckRequest, type GlossaryEntry, type Rendering, type TermCheckOptions, type TermFinding,
} from '../core/termCheck';
import { DEFAULT_MANIFEST_NAME } from '../core/workspace/manifest';
import { EncodingError, fileErrorMessage, readTextFile, shownPath, UsageError } from './files';
import { findManifest, loadManifest, type CliFinding, type LoadedManifest } from './lintFiles';

const KINDS = '.xlf, .xliff, .po, .json, .arb, .properties, values*/strings.xml, .strings, .xcstrings';
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'out', '.vscode-test']);

/** Every entry of the manifest's linked dictionaries that exist (a file that cannot be read is lint's to report). */
export function linkedGlossaryEntries(m: LoadedManifest, cwd: string): GlossaryEntry[] {
  const entries: GlossaryEntry[] = [];
  for (const owner of m.manifest.glossaries) {
    for (const link of owner.links) {
      if (link.format === 'terms' || !link.targetLang) continue;
      const file = join(m.dir, link.path);
      if (!existsSync(file)) continue;
      let text: string;
      try { text = readTextFile(file, shownPath(file, cwd)).text; } catch (err) {
        if (err instanceof EncodingError) continue;
        throw err;
      }
      for (const e of dictionaryEntries(text, { format: link.format, sourceLang: link.sourceLang, targetLang: link.targetLang }, owner.name, file)) entries.push(e);
    }
  }
  return entries;
}

/** The language a path names (see the core's localeOfPath), with this system's separator. */
export const localeOfPath = (file: string, known: ReadonlySet<string>) => coreLocaleOfPath(file, known, sep);

/** The source-locale file of a key/value file: the first candidate that exists. */
export function sourceFileOf(file: string, locale: { segment: number; part: string }, sourceLang: string): string | undefined {
  return sourceFileCandidates(file, locale, sourceLang, sep).find((c) => existsSync(c));
}

function walk(dir: string, out: string[], cwd: string): void {
  let names: string[];
  try { names = readdirSync(dir).sort(); } catch (err) { throw new UsageError(fileErrorMessage(err as NodeJS.ErrnoException, shownPath(dir, cwd))); }
  for (const name of names) {
    const p = join(dir, name);
    let isDir: boolean;
    try { isDir = statSync(p).isDirectory(); } catch { continue; }
    if (isDir) { if (!SKIP_DIRS.has(name)) walk(p, out, cwd); }
    else if (translationKind(p)) out.push(p);
  }
}

/** The translation files the arguments name (files, folders walked, quoted globs); without paths, the manifest's
 * folder. */
function translationFiles(paths: string[], cwd: string, m: LoadedManifest): string[] {
  const files: string[] = [];
  if (!paths.length) walk(m.dir, files, cwd);
  for (const p of paths) {
    if (isDynamicPattern(p)) {
      const found = globSync(p, { cwd, absolute: true, onlyFiles: true, ignore: [...SKIP_DIRS].map((d) => `**/${d}/**`), expandDirectories: false })
        .map((f) => resolve(f)).filter((f) => translationKind(f)).sort();
      if (!found.length) throw new UsageError(`${p}: no files matched (translation files ${KINDS})`);
      files.push(...found);
      continue;
    }
    const abs = resolve(cwd, p);
    let st;
    try { st = statSync(abs); } catch (err) { throw new UsageError(fileErrorMessage(err as NodeJS.ErrnoException, p)); }
    if (st.isDirectory()) walk(abs, files, cwd);
    else if (translationKind(abs)) files.push(abs);
    else throw new UsageError(`${p}: not a translation file (${KINDS})`);
  }
  return [...new Set(files)].filter((f) => f !== m.file && !/\.lock\.json$/i.test(f) && !/terminology\.json$/i.test(f) && !f.endsWith(STATUS_FILE_NAME));
}

export interface CheckTermsResult {
  findings: CliFinding[];
  /** Files read and strings checked, for the summary. */
  files: number;
  units: number;
  /** Files that could not be read whole (not well-formed): reported on stderr, exit status 2. */
  unreadable: string[];
  fixed: 0;
}

/** The forbidden terms of the status sidecar next to the manifest (see core/termCheck/statuses), with what in it
 * cannot be read. */
export function sidecarForbidden(m: LoadedManifest, cwd: string): { forbidden: Record<string, string[]>; problems: string[] } {
  const file = join(m.dir, STATUS_FILE_NAME);
  if (!existsSync(file)) return { forbidden: {}, problems: [] };
  const path = shownPath(file, cwd);
  let text: string;
  try { text = readTextFile(file, path).text; } catch (err) {
    if (err instanceof EncodingError) return { forbidden: {}, problems: [`${path}: ${err.message}`] };
    throw err;
  }
  const statuses = parseStatuses(text);
  return { forbidden: forbiddenOf(statuses), problems: statuses.problems.map((p) => `${path}: ${p.message}`) };
}

/** Checks the translation files against the manifest's glossaries, and the forbidden terms of the status sidecar next
 * to it (with those of `options.forbidden`). */
export function checkTerms(args: { paths: string[]; manifest?: string }, cwd: string, options: TermCheckOptions = {}): CheckTermsResult {
  const manifestFile = findManifest(cwd, args.manifest);
  if (!manifestFile) throw new UsageError(`check-terms takes its glossaries from the manifest: no ${DEFAULT_MANIFEST_NAME} in ${cwd} or a folder above it`);
  const m = loadManifest(manifestFile, cwd);
  const entries = linkedGlossaryEntries(m, cwd);
  const sidecar = sidecarForbidden(m, cwd);
  const forbidden: Record<string, string[]> = { ...sidecar.forbidden };
  for (const [lang, terms] of Object.entries(options.forbidden ?? {})) forbidden[lang] = [...(forbidden[lang] ?? []), ...terms];
  const index = new TermIndex(entries, { ...options, forbidden });
  const { sourceLangs, known } = glossaryLanguages(entries);
  const tally = new RenderingTally();
  const perFile: Array<{ file: string; text: string; findings: TermFinding[] }> = [];
  const findings: CliFinding[] = [];
  const unreadable: string[] = [...sidecar.problems];
  let units = 0;
  const named = new Set(args.paths.map((p) => resolve(cwd, p)));
  for (const file of translationFiles(args.paths, cwd, m)) {
    const path = shownPath(file, cwd);
    const kind = translationKind(file)!;
    let text: string;
    try { text = readTextFile(file, path).text; } catch (err) {
      if (!(err instanceof EncodingError)) throw err;
      findings.push({ file, path, line: err.line + 1, col: err.column + 1, endLine: err.line + 1, endCol: err.column + 2, severity: 'error', code: 'encoding', message: err.message });
      continue;
    }
    const locale = localeOfPath(file, known);
    // The manifest's "termIgnore" for this file, by its path from the manifest's folder.
    const ignores = m.termIgnore[relative(m.dir, file).split(sep).join('/')];
    const req: FileCheckRequest = { kind, text, ...(locale ? { locale: { lang: locale.lang } } : {}), ...(ignores ? { ignores } : {}) };
    if (isKeyValueKind(kind)) {
      // A key/value file is a translation only as a target-locale file with its source-locale file beside it.
      if (!locale || sourceLangs.includes(langRoot(locale.lang))) continue;
      const sourceLang = keyValueSourceLang(locale.lang, entries, sourceLangs);
      const sourceFile = sourceLang && sourceFileOf(file, locale, sourceLang);
      if (!sourceLang || !sourceFile) {
        if (named.has(file)) throw new UsageError(`${path}: no source-locale file (${sourceLang ?? 'the glossaries\' source language'}) to pair it with`);
        continue;
      }
      req.sourceText = readTextFile(sourceFile, shownPath(sourceFile, cwd)).text;
      req.langs = { sourceLang, targetLang: locale.lang };
    }
    const r = checkTranslationFile(index, entries, sourceLangs, req);
    if (r.problems.length) unreadable.push(`${path}: ${r.problems[0].message}`);
    if (!r.sourceLang || !r.targetLang) continue;
    units += r.units;
    const fileFindings: TermFinding[] = r.findings;
    const renderings: Rendering[] = r.renderings;
    tally.set(file, renderings);
    perFile.push({ file, text, findings: fileFindings });
  }
  for (const { file, text, findings: own } of perFile) {
    const path = shownPath(file, cwd);
    const all = [...own, ...tally.findings(file)].sort((a, b) => a.offset - b.offset || a.endOffset - b.endOffset);
    const lines = new LineIndex(text);
    for (const f of toFileFindings(all, text, lines)) {
      findings.push({ file, path, line: f.line + 1, col: f.start + 1, endLine: f.endLine + 1, endCol: f.end + 1, severity: f.severity, code: f.code, message: f.message });
    }
  }
  return { findings: applyRuleSettings(findings, m.rules), files: perFile.length, units, unreadable, fixed: 0 };
}

