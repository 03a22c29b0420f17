/** What `lint` checks: the manifest's linked files, or the files and folders named, with the editor's rules. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { lintEntries, lintGrid, lintLanguagePair, lintTermList, type Finding, type Severity } from '../core';
import {
  checkLinkedFiles, manifestLinks, normalizePath, offsetPosition, parseManifest, type Manifest, type ManifestLink,
  type ManifestProblem,
} from '../core/workspace/manifest';

/** One finding, ready to print: 1-based line and column (UTF-16 code units, as editors count them). */
export interface CliFinding {
  /** As shown: relative to the current folder, forward slashes. */
  path: string;
  line: number;
  col: number;
  endLine: number;
  endCol: number;
  severity: Severity;
  code: string;
  message: string;
}

export class UsageError extends Error {}

export interface LoadedManifest { file: string; dir: string; text: string; manifest: Manifest; problems: ManifestProblem[] }

/** What to lint: a file with its kind and, for a linked dictionary, its language pair. A `multilingual` file is a
 * whole glossary from one source language (`*.multilingual.tsv`: a header of language codes, a column per target). */
export interface LintTarget { file: string; kind: 'tsv' | 'csv' | 'terms' | 'multilingual'; sourceLang?: string; targetLang?: string }

const shown = (file: string, cwd: string) => {
  const rel = relative(cwd, file);
  return (rel && !rel.startsWith('..') ? rel : file).split(sep).join('/');
};

export function loadManifest(file: string): LoadedManifest {
  const text = readFileSync(file, 'utf8');
  const { manifest, problems } = parseManifest(text);
  const dir = dirname(file);
  problems.push(...checkLinkedFiles(manifest, (p) => existsSync(join(dir, p))));
  return { file, dir, text, manifest, problems };
}

export function manifestFindings(m: LoadedManifest, cwd: string): CliFinding[] {
  return [...m.problems].sort((a, b) => a.offset - b.offset).map((p) => {
    const a = offsetPosition(m.text, p.offset);
    const b = offsetPosition(m.text, p.offset + p.length);
    return { path: shown(m.file, cwd), line: a.line + 1, col: a.col + 1, endLine: b.line + 1, endCol: b.col + 1, severity: p.severity, code: p.code, message: p.message };
  });
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

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) { if (!SKIP_DIRS.has(name)) walk(p, out); }
    else if (DEFAULT_PATTERNS.some((re) => re.test(name))) out.push(p);
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

/**
 * The targets of the paths given: files by extension (a linked file gets its manifest's pair), folders walked for
 * `*.glossary.tsv|csv`, `*.multilingual.tsv` and `*.terms.txt`, a `.json` file read as a manifest.
 */
export function targetsOfPaths(paths: string[], cwd: string, manifest: LoadedManifest | undefined): { targets: LintTarget[]; manifests: LoadedManifest[] } {
  const targets: LintTarget[] = [];
  const manifests: LoadedManifest[] = [];
  const linked = new Map<string, LintTarget>();
  if (manifest) for (const l of manifestLinks(manifest.manifest)) linked.set(resolve(manifest.dir, l.path), targetOfLink(manifest, l));
  const add = (file: string, explicit: boolean) => {
    const abs = resolve(cwd, file);
    const known = linked.get(abs);
    if (known) { targets.push(known); return; }
    const kind = kindOfFile(abs);
    if (!kind) {
      if (explicit) throw new UsageError(`${file}: not a glossary file (.tsv or .csv), a term list (.txt) or a manifest (.json)`);
      return;
    }
    targets.push({ file: abs, kind });
  };
  for (const p of paths) {
    const abs = resolve(cwd, p);
    if (!existsSync(abs)) throw new UsageError(`${p}: no such file or folder`);
    if (statSync(abs).isDirectory()) {
      const files: string[] = [];
      walk(abs, files);
      for (const f of files) add(f, false);
    } else if (/\.json$/i.test(abs)) {
      const m = loadManifest(abs);
      manifests.push(m);
      for (const l of manifestLinks(m.manifest)) if (existsSync(join(m.dir, l.path))) targets.push(targetOfLink(m, l));
    } else add(abs, true);
  }
  return { targets, manifests };
}

/** The editor's rules over one file. */
export function lintTarget(t: LintTarget, cwd: string): CliFinding[] {
  const text = readFileSync(t.file, 'utf8');
  const findings: Finding[] = t.kind === 'terms' ? lintTermList(text)
    // The editor's rules for a multilingual glossary: the entry rules on every cell, and the checks across its columns.
    : t.kind === 'multilingual' ? lintGrid(text)
    : lintEntries(text, { format: t.kind, ...(t.sourceLang && t.targetLang ? { sourceLang: t.sourceLang, targetLang: t.targetLang } : {}) });
  const path = shown(t.file, cwd);
  return findings.map((f) => ({
    path, line: f.line + 1, col: f.start + 1, endLine: f.line + 1, endCol: f.end + 1, severity: f.severity, code: f.code, message: f.message,
  }));
}

export { normalizePath };
