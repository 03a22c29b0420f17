/** What `lint` checks: the manifest's linked files, or the files, folders and globs named, with the editor's rules. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { globSync, isDynamicPattern } from 'tinyglobby';
import { fixAll, lintEntries, lintGrid, lintLanguagePair, lintTermList, type Finding, type Severity } from '../core';
import {
  checkLinkedFiles, DEFAULT_MANIFEST_NAME, manifestLinks, offsetPosition, parseManifest, type Manifest, type ManifestLink, type ManifestProblem, type ParsedManifest,
} from '../core/workspace/manifest';
import { applyRuleSettings, type RuleSettings } from '../core/ruleSettings';
import { checkFile, EncodingError, fileErrorMessage, readTextFile, shownPath, UsageError, writeFileAtomic } from './files';
import { encodeTextFile } from '../core';

/** One finding, ready to print: 1-based line and column (UTF-16 code units, as editors count them). */
export interface CliFinding {
  /** The file, absolute: what guards compare (never the path as shown). */
  file: string;
  /** As shown: relative to the working folder, forward slashes. */
  path: string;
  line: number;
  col: number;
  endLine: number;
  endCol: number;
  severity: Severity;
  code: string;
  message: string;
}

export { UsageError };

export interface LoadedManifest { file: string; dir: string; text: string; manifest: Manifest; problems: ManifestProblem[]; rules: RuleSettings; termIgnore: ParsedManifest['termIgnore'] }

/** What to lint: a file with its kind and, for a linked dictionary, its language pair. A `multilingual` file is a
 * whole glossary from one source language (`*.multilingual.tsv`: a header of language codes, a column per target). */
export interface LintTarget { file: string; kind: 'tsv' | 'csv' | 'terms' | 'multilingual'; sourceLang?: string; targetLang?: string }

/** The manifest: the one named, else `terminology.json` in the working folder or the nearest folder above it. */
export function findManifest(cwd: string, named: string | undefined): string | undefined {
  if (named) {
    const file = resolve(cwd, named);
    if (checkFile(file, named) === 'missing') throw new UsageError(`${named}: no such file`);
    return file;
  }
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const file = join(dir, DEFAULT_MANIFEST_NAME);
    if (existsSync(file)) return file;
    if (dirname(dir) === dir) return undefined;
  }
}

export function loadManifest(file: string, cwd: string): LoadedManifest {
  const shown = shownPath(file, cwd);
  checkFile(file, shown);
  let text: string;
  try {
    text = readTextFile(file, shown).text;
  } catch (err) {
    if (err instanceof EncodingError) throw new UsageError(`${shown}: ${err.message}`);
    throw err;
  }
  const { manifest, problems, rules, termIgnore } = parseManifest(text);
  const dir = dirname(file);
  problems.push(...checkLinkedFiles(manifest, (p) => checkFile(join(dir, p), shownPath(join(dir, p), cwd)) === 'file'));
  return { file, dir, text, manifest, problems, rules, termIgnore };
}

export function manifestFindings(m: LoadedManifest, cwd: string): CliFinding[] {
  return applySettings([...m.problems].sort((a, b) => a.offset - b.offset).map((p) => {
    const a = offsetPosition(m.text, p.offset);
    const b = offsetPosition(m.text, p.offset + p.length);
    return { file: m.file, path: shownPath(m.file, cwd), line: a.line + 1, col: a.col + 1, endLine: b.line + 1, endCol: b.col + 1, severity: p.severity, code: p.code, message: p.message };
  }), m.rules);
}

function applySettings(findings: CliFinding[], rules: RuleSettings): CliFinding[] {
  return applyRuleSettings(findings, rules);
}

export function targetOfLink(m: LoadedManifest, link: ManifestLink): LintTarget {
  const file = join(m.dir, link.path);
  if (link.format === 'terms') return { file, kind: 'terms' };
  // A pair the rules refuse is reported once, on the manifest's key; the file is then linted without it.
  const pairOk = link.targetLang !== undefined && lintLanguagePair(link.sourceLang, link.targetLang).length === 0;
  return { file, kind: link.format, ...(pairOk ? { sourceLang: link.sourceLang, targetLang: link.targetLang } : {}) };
}

const DEFAULT_PATTERNS = [/\.glossary\.(tsv|csv)$/i, /\.multilingual\.tsv$/i, /\.terms\.txt$/i];
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'out', '.vscode-test']);

/** Files under `dir` that `keep` wants, sorted; a folder that cannot be read, or a wanted entry that is a broken link,
 * is a UsageError. */
function walk(dir: string, keep: (file: string) => boolean, cwd: string, out: string[]): void {
  let names: string[];
  try { names = readdirSync(dir).sort(); } catch (err) { throw new UsageError(fileErrorMessage(err as NodeJS.ErrnoException, shownPath(dir, cwd))); }
  for (const name of names) {
    const p = join(dir, name);
    let isDir: boolean;
    try { isDir = statSync(p).isDirectory(); } catch (err) {
      if (keep(p)) throw new UsageError(`${shownPath(p, cwd)}: ${(err as NodeJS.ErrnoException).code === 'ELOOP' ? 'a loop of symbolic links' : 'a symbolic link to a file that does not exist'}`);
      continue; // a broken link the lint would not read anyway
    }
    if (isDir) { if (!SKIP_DIRS.has(name)) walk(p, keep, cwd, out); }
    else if (keep(p)) out.push(p);
  }
}

/** The kind of a file named on the command line, by its extension. */
export function kindOfFile(file: string): LintTarget['kind'] | undefined {
  if (/\.multilingual\.tsv$/i.test(file)) return 'multilingual';
  if (/\.csv$/i.test(file)) return 'csv';
  if (/\.tsv$/i.test(file)) return 'tsv';
  if (/\.txt$/i.test(file)) return 'terms';
  return undefined;
}

const inside = (file: string, dir: string) => file === dir || file.startsWith(dir.endsWith(sep) ? dir : dir + sep);

/**
 * The targets of the paths given: files by extension (a linked file as what it is linked to), folders walked for
 * the manifest's linked files whatever their names and for `*.glossary.tsv|csv`, `*.multilingual.tsv` and
 * `*.terms.txt`, quoted globs (tinyglobby), a `.json` file read as a manifest. A path or glob that yields no file
 * is a UsageError ("no files matched"), as with eslint.
 */
export function targetsOfPaths(paths: string[], cwd: string, manifest: LoadedManifest | undefined): { targets: LintTarget[]; manifests: LoadedManifest[] } {
  const targets: LintTarget[] = [];
  const manifests: LoadedManifest[] = [];
  const linked = new Map<string, LintTarget>();
  if (manifest) for (const l of manifestLinks(manifest.manifest)) linked.set(resolve(manifest.dir, l.path), targetOfLink(manifest, l));
  const targetOf = (abs: string): LintTarget | undefined => {
    const known = linked.get(abs);
    if (known) return known;
    const kind = kindOfFile(abs);
    return kind && { file: abs, kind };
  };
  const wanted = (abs: string) => linked.has(abs) || DEFAULT_PATTERNS.some((re) => re.test(abs));
  for (const p of paths) {
    if (isDynamicPattern(p)) {
      const files = globSync(p, { cwd, absolute: true, onlyFiles: true, ignore: [...SKIP_DIRS].map((d) => `**/${d}/**`), expandDirectories: false })
        .map((f) => resolve(f)).sort();
      const found = files.map(targetOf).filter((t): t is LintTarget => t !== undefined);
      if (!found.length) throw new UsageError(`${p}: no files matched (glossary files .tsv or .csv, term lists .txt)`);
      targets.push(...found);
      continue;
    }
    const abs = resolve(cwd, p);
    let st;
    try { st = statSync(abs); } catch (err) {
      const e = err as NodeJS.ErrnoException;
      if (e.code === 'ENOENT' && checkFile(abs, p) === 'missing') throw new UsageError(`${p}: no such file or folder`);
      throw new UsageError(fileErrorMessage(e, p));
    }
    if (st.isDirectory()) {
      const files: string[] = [];
      walk(abs, wanted, cwd, files);
      // The manifest itself, when the folder holds it: `lint .` checks it too.
      if (manifest && inside(manifest.file, abs) && !manifests.includes(manifest)) manifests.push(manifest);
      if (!files.length) throw new UsageError(`${p}: no files matched (no linked file, *.glossary.tsv|csv, *.multilingual.tsv or *.terms.txt in it)`);
      for (const f of files) targets.push(targetOf(f)!);
    } else if (/\.json$/i.test(abs)) {
      const m = manifest && manifest.file === abs ? manifest : loadManifest(abs, cwd);
      manifests.push(m);
      for (const l of manifestLinks(m.manifest)) if (existsSync(join(m.dir, l.path))) targets.push(targetOfLink(m, l));
    } else {
      const t = targetOf(abs);
      if (!t) throw new UsageError(`${p}: not a glossary file (.tsv or .csv), a term list (.txt) or a manifest (.json)`);
      targets.push(t);
    }
  }
  return { targets, manifests };
}

/** The editor's whole-text linter of a target. */
export function linterOf(t: LintTarget): (text: string) => Finding[] {
  if (t.kind === 'terms') return (text) => lintTermList(text);
  if (t.kind === 'multilingual') return (text) => lintGrid(text);
  return (text) => lintEntries(text, { format: t.kind as 'tsv' | 'csv', ...(t.sourceLang && t.targetLang ? { sourceLang: t.sourceLang, targetLang: t.targetLang } : {}) });
}

export interface LintedFile { findings: CliFinding[]; fixed?: number }

/** The editor's rules over one file (with the manifest's rule settings); `fix`: the core's Fix All first, the file
 * written back in its encoding when it changed. A file the encoding policy refuses is one `encoding` finding. */
export function lintTarget(t: LintTarget, cwd: string, rules: RuleSettings = {}, fix = false): LintedFile {
  const path = shownPath(t.file, cwd);
  let read;
  try {
    read = readTextFile(t.file, path);
  } catch (err) {
    if (!(err instanceof EncodingError)) throw err;
    return { findings: applySettings([{ file: t.file, path, line: err.line + 1, col: err.column + 1, endLine: err.line + 1, endCol: err.column + 2, severity: 'error', code: 'encoding', message: err.message }], rules) };
  }
  const lint = (text: string) => applyRuleSettings(linterOf(t)(text), rules);
  let text = read.text;
  let fixed: number | undefined;
  if (fix) {
    const r = fixAll(text, lint);
    if (r.applied && r.text !== text) {
      writeFileAtomic(t.file, encodeTextFile(r.text, read.encoding));
      text = r.text;
      fixed = r.applied;
    }
  }
  const findings: CliFinding[] = [];
  // One at a time: a file can have 150 000 findings, more than a spread into push() takes.
  for (const f of lint(text)) {
    findings.push({ file: t.file, path, line: f.line + 1, col: f.start + 1, endLine: f.line + 1, endCol: f.end + 1, severity: f.severity, code: f.code, message: f.message });
  }
  return { findings, ...(fixed ? { fixed } : {}) };
}

/** A text read by the policy, for code that needs the text whatever its findings (push, pull, status). */
export function readLinked(file: string, cwd: string): { text: string; bytes: Uint8Array; encoding: ReturnType<typeof readTextFile>['encoding'] } | EncodingError {
  try {
    return readTextFile(file, shownPath(file, cwd));
  } catch (err) {
    if (err instanceof EncodingError) return err;
    throw err;
  }
}

export { readFileSync };
