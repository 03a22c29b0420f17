/** The workspace manifest (`terminology.json`): which local files are which remote dictionaries and term lists.
 * Pure: parsing with positions, validation, resolution by name; the text edits that keep the file's layout are in
 * manifestEdits.ts.
 * The same rules serve the editor's diagnostics and the CLI. */
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { lintLanguageCode, lintLanguagePair, type LanguageFinding } from '../languages';
import type { Severity } from '../findings';
import { RULE_CODES, RULE_LEVELS, type RuleLevel, type RuleSettings } from '../ruleSettings';

export const DEFAULT_MANIFEST_NAME = 'terminology.json';

export type ManifestCode =
  | 'manifest-syntax' | 'manifest-schema' | 'missing-file' | 'duplicate-link' | 'duplicate-name'
  | 'variant-source' | 'variant-target' | 'unsupported-language' | 'same-language';

/** A finding about the manifest itself, at a character offset of its text. */
export interface ManifestProblem {
  code: ManifestCode;
  severity: Severity;
  message: string;
  offset: number;
  length: number;
}

export type LinkArea = 'glossaries' | 'spokenTerms';

/** One local file linked to a dictionary (`en-de`) or a term list (`en`). */
export interface ManifestLink {
  area: LinkArea;
  /** Index of the glossary or collection in its array. */
  owner: number;
  /** The key as written: "en-de" or "en". */
  key: string;
  /** Dictionaries: the pair (lower case); term lists: lang in sourceLang. */
  sourceLang: string;
  targetLang?: string;
  /** The path as written, relative to the manifest's folder, with forward slashes. */
  path: string;
  format: 'tsv' | 'csv' | 'terms';
  keyOffset: number;
  keyLength: number;
  valueOffset: number;
  valueLength: number;
}

export interface ManifestOwner {
  area: LinkArea;
  index: number;
  name: string;
  id?: string;
  nameOffset: number;
  nameLength: number;
  links: ManifestLink[];
}

export interface Manifest {
  glossaries: ManifestOwner[];
  spokenTerms: ManifestOwner[];
}

/** Whether the manifest links a dictionary (a glossary's language pair): what the term check holds files against. */
export function linksDictionaries(manifest: Manifest): boolean {
  return manifest.glossaries.some((o) => o.links.some((l) => l.format !== 'terms' && l.targetLang !== undefined));
}

export interface ParsedManifest {
  manifest: Manifest;
  problems: ManifestProblem[];
  /** Rule severities (`"rules"`), for the editor's diagnostics and the CLI alike. */
  rules: RuleSettings;
  /** `"termIgnore"`: per translation file (its path from the manifest's folder, normalized) and string (its key, or
   * the unit's id), the terms the term check leaves alone there ("Ignore here" for files with no comment of their own:
   * JSON, ARB, .properties, Android, Apple); `"*"` for every term. */
  termIgnore: Record<string, Record<string, { all: boolean; terms: string[] }>>;
}

export const AREA_KEYS: Record<LinkArea, { list: string; id: string }> = {
  glossaries: { list: 'dictionaries', id: 'id' },
  spokenTerms: { list: 'termLists', id: 'id' },
};

/** Every link of the manifest, glossaries first. */
export function manifestLinks(m: Manifest): ManifestLink[] {
  return [...m.glossaries, ...m.spokenTerms].flatMap((o) => o.links);
}

/** The format of a linked file, by its extension. */
export function linkFormat(area: LinkArea, path: string): ManifestLink['format'] | undefined {
  if (area === 'spokenTerms') return /\.txt$/i.test(path) ? 'terms' : undefined;
  return /\.csv$/i.test(path) ? 'csv' : /\.tsv$/i.test(path) ? 'tsv' : undefined;
}

/** A dictionary key: "en-de" → [en, de]; a regional variant is kept whole so that the rules can name it:
 * "de-en-gb" → [de, en-gb], "en-us-de-at" → [en-us, de-at]. */
export function splitPairKey(key: string): [string, string] | undefined {
  const parts = key.split('-');
  if (parts.some((p) => p === '')) return undefined;
  if (parts.length === 2) return [parts[0], parts[1]];
  if (parts.length === 3) return [parts[0], `${parts[1]}-${parts[2]}`];
  if (parts.length === 4) return [`${parts[0]}-${parts[1]}`, `${parts[2]}-${parts[3]}`];
  return undefined;
}

export const pairKey = (sourceLang: string, targetLang: string) => `${sourceLang.toLowerCase()}-${targetLang.toLowerCase()}`;

/** Whether a path is one the manifest may hold: relative, forward slashes, inside the manifest's folder. */
export function pathProblem(path: string): string | undefined {
  if (path.trim() === '') return 'The path is empty.';
  if (path.includes('\\')) return 'Use forward slashes in paths (the manifest is shared across systems).';
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'Paths are relative to the manifest\'s folder.';
  if (path.split('/').includes('..')) return 'Paths must stay inside the manifest\'s folder (no "..").';
  return undefined;
}

/** Normalizes a relative path for comparison: "./a//b.tsv" → "a/b.tsv". */
export function normalizePath(path: string): string {
  return path.split('/').filter((s) => s !== '' && s !== '.').join('/');
}

/**
 * Parses and validates a manifest. Structure errors (what the JSON schema says too) and language pairs are
 * reported here; whether the files exist is `checkLinkedFiles`, which needs the file system.
 */
export function parseManifest(text: string, options: { languages?: Iterable<string> } = {}): ParsedManifest {
  const problems: ManifestProblem[] = [];
  const manifest: Manifest = { glossaries: [], spokenTerms: [] };
  const rules: Record<string, RuleLevel> = {};
  const termIgnore: ParsedManifest['termIgnore'] = {};
  const errors: ParseError[] = [];
  let root: Node | undefined;
  try {
    root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  } catch (e) {
    // jsonc-parser descends one call per level: arrays or objects nested some thousands deep overflow the stack.
    if (!(e instanceof RangeError)) throw e;
    problems.push({ code: 'manifest-syntax', severity: 'error', offset: 0, length: Math.min(1, text.length),
      message: 'The manifest is nested too deeply to be read: it is a JSON object of glossaries and collections, a few levels deep.' });
    return { manifest, problems, rules, termIgnore };
  }
  for (const e of errors) {
    problems.push({ code: 'manifest-syntax', severity: 'error', offset: e.offset, length: Math.max(1, e.length), message: `Not valid JSON: ${syntaxMessage(printParseErrorCode(e.error))}.` });
  }
  if (!root) {
    if (!errors.length) problems.push({ code: 'manifest-syntax', severity: 'error', offset: 0, length: 0, message: 'The manifest is empty: it must be a JSON object.' });
    return { manifest, problems, rules, termIgnore };
  }
  const schema = (node: Node, message: string, severity: Severity = 'error') =>
    problems.push({ code: 'manifest-schema', severity, offset: node.offset, length: node.length, message });
  if (root.type !== 'object') {
    schema(root, 'The manifest must be a JSON object with "glossaries" and/or "spokenTerms".');
    return { manifest, problems, rules, termIgnore };
  }
  const languages = options.languages ? [...options.languages] : undefined;
  const seenPaths = new Map<string, string>();
  const seenKeys = new Set<string>();
  for (const prop of root.children ?? []) {
    const [keyNode, value] = prop.children ?? [];
    if (!keyNode || !value) continue;
    const key = keyNode.value as string;
    if (twice(key, keyNode, seenKeys, schema)) continue;
    if (key === '$schema') {
      if (value.type !== 'string') schema(value, '"$schema" must be a string.');
      continue;
    }
    if (key === 'rules') {
      readRules(value, rules, schema);
      continue;
    }
    if (key === 'termIgnore') {
      readTermIgnore(value, termIgnore, schema);
      continue;
    }
    if (key !== 'glossaries' && key !== 'spokenTerms') {
      schema(keyNode, `Unknown property "${key}": the manifest holds "glossaries", "spokenTerms", "rules" and "termIgnore".`);
      continue;
    }
    const area: LinkArea = key;
    if (value.type !== 'array') { schema(value, `"${key}" must be an array.`); continue; }
    const names = new Map<string, Node>();
    (value.children ?? []).forEach((item, index) => {
      const owner = readOwner(area, item, index, schema, problems, languages, seenPaths);
      if (!owner) return;
      manifest[area].push(owner);
      const nameNode = findProp(item, 'name');
      if (nameNode && names.has(owner.name)) {
        problems.push({ code: 'duplicate-name', severity: 'error', offset: nameNode.offset, length: nameNode.length,
          message: `"${owner.name}" is listed twice: a ${area === 'glossaries' ? 'glossary' : 'collection'} is found by its name, so each name may appear once.` });
      } else if (nameNode) names.set(owner.name, nameNode);
    });
  }
  return { manifest, problems, rules, termIgnore };
}

function readRules(value: Node, rules: Record<string, RuleLevel>, schema: (n: Node, m: string, s?: Severity) => void): void {
  if (value.type !== 'object') { schema(value, '"rules" must be an object mapping rule codes to "off", "info", "warning" or "error".'); return; }
  for (const prop of value.children ?? []) {
    const [k, v] = prop.children ?? [];
    if (!k || !v) continue;
    const code = k.value as string;
    if (!RULE_CODES.includes(code)) { schema(k, `Unknown rule "${code}".`, 'warning'); continue; }
    if (v.type !== 'string' || !RULE_LEVELS.includes(v.value as RuleLevel)) { schema(v, `A rule's level is "off", "info", "warning" or "error".`); continue; }
    rules[code] = v.value as RuleLevel;
  }
}

function readTermIgnore(value: Node, out: ParsedManifest['termIgnore'], schema: (n: Node, m: string, s?: Severity) => void): void {
  const shape = '"termIgnore" maps a translation file\'s path to its strings\' keys, each to a list of terms or "*".';
  if (value.type !== 'object') { schema(value, shape); return; }
  for (const fileProp of value.children ?? []) {
    const [fileKey, keys] = fileProp.children ?? [];
    if (!fileKey || !keys) continue;
    if (keys.type !== 'object') { schema(keys, shape); continue; }
    const file = normalizePath(String(fileKey.value));
    const byKey = out[file] ?? (out[file] = {});
    for (const keyProp of keys.children ?? []) {
      const [k, v] = keyProp.children ?? [];
      if (!k || !v) continue;
      if (v.type === 'string' && v.value === '*') { byKey[String(k.value)] = { all: true, terms: [] }; continue; }
      if (v.type !== 'array' || !(v.children ?? []).every((t) => t.type === 'string' && (t.value as string).trim() !== '')) { schema(v, shape); continue; }
      byKey[String(k.value)] = { all: false, terms: (v.children ?? []).map((t) => (t.value as string).trim()) };
    }
  }
}

/** Whether an object's property was written before it: reported, and the first one counts (as in the edits, which
 * change the first; JSON.parse would take the last, so the two would read different manifests). */
function twice(key: string, keyNode: Node, seen: Set<string>, schema: (n: Node, m: string) => void): boolean {
  if (!seen.has(key)) { seen.add(key); return false; }
  schema(keyNode, `"${key}" is written twice in this object: only the first one is read. Remove the other.`);
  return true;
}

function syntaxMessage(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

export function findProp(obj: Node, name: string): Node | undefined {
  if (obj.type !== 'object') return undefined;
  for (const p of obj.children ?? []) if (p.children?.[0]?.value === name) return p.children[1];
  return undefined;
}

function readOwner(
  area: LinkArea, item: Node, index: number, schema: (n: Node, m: string, s?: Severity) => void, problems: ManifestProblem[],
  languages: string[] | undefined, seenPaths: Map<string, string>,
): ManifestOwner | undefined {
  const what = area === 'glossaries' ? 'glossary' : 'Spoken Terms collection';
  if (item.type !== 'object') { schema(item, `Each ${what} is an object with "name" and "${AREA_KEYS[area].list}".`); return undefined; }
  let name: string | undefined;
  let nameNode: Node | undefined;
  let id: string | undefined;
  let listNode: Node | undefined;
  const seen = new Set<string>();
  for (const prop of item.children ?? []) {
    const [k, v] = prop.children ?? [];
    if (!k || !v) continue;
    const key = k.value as string;
    if (twice(key, k, seen, schema)) continue;
    if (key === 'name') {
      if (v.type !== 'string' || (v.value as string).trim() === '') schema(v, `The ${what}'s "name" must be a non-empty string.`);
      else { name = v.value as string; nameNode = v; }
    } else if (key === 'id') {
      if (v.type !== 'string' || (v.value as string).trim() === '') schema(v, '"id" must be a non-empty string (the extension writes it).');
      else id = v.value as string;
    } else if (key === AREA_KEYS[area].list) {
      if (v.type !== 'object') schema(v, `"${key}" must be an object mapping ${area === 'glossaries' ? 'language pairs ("en-de")' : 'languages ("en")'} to file paths.`);
      else listNode = v;
    } else {
      schema(k, `Unknown property "${key}" of a ${what}: use "name", "id" and "${AREA_KEYS[area].list}".`);
    }
  }
  if (name === undefined || !nameNode) {
    if (!findProp(item, 'name')) schema(item, `The ${what} has no "name".`);
    return undefined;
  }
  const owner: ManifestOwner = { area, index, name, ...(id ? { id } : {}), nameOffset: nameNode.offset, nameLength: nameNode.length, links: [] };
  if (!listNode) {
    if (!findProp(item, AREA_KEYS[area].list)) schema(nameNode, `The ${what} "${name}" links no file: add "${AREA_KEYS[area].list}".`, 'warning');
    return owner;
  }
  const seenKeys = new Set<string>();
  for (const prop of listNode.children ?? []) {
    const [k, v] = prop.children ?? [];
    if (!k || !v) continue;
    const key = k.value as string;
    const lower = key.toLowerCase();
    let sourceLang: string;
    let targetLang: string | undefined;
    let langFindings: LanguageFinding[];
    if (area === 'glossaries') {
      const pair = splitPairKey(lower);
      if (!pair) { schema(k, `"${key}" is not a language pair: write it as source-target, e.g. "en-de".`); continue; }
      [sourceLang, targetLang] = pair;
      langFindings = lintLanguagePair(sourceLang, targetLang, { languages });
    } else {
      if (!/^[a-z]{2,3}([-_][a-z0-9]+)?$/.test(lower)) { schema(k, `"${key}" is not a language code: write it as e.g. "en".`); continue; }
      sourceLang = lower;
      langFindings = lintLanguageCode(lower, 'source', { languages }).map((f) => f.code === 'variant-source'
        ? { ...f, message: `A term list is named by its root language code: use ${f.replacement} instead of ${key.toUpperCase()}.` } : f);
    }
    for (const f of langFindings) problems.push({ code: f.code as ManifestCode, severity: f.severity, message: f.message, offset: k.offset, length: k.length });
    const canonical = area === 'glossaries' ? pairKey(sourceLang, targetLang!) : sourceLang;
    if (seenKeys.has(canonical)) {
      problems.push({ code: 'duplicate-link', severity: 'error', offset: k.offset, length: k.length, message: `"${key}" is listed twice for "${name}".` });
      continue;
    }
    seenKeys.add(canonical);
    if (v.type !== 'string') { schema(v, 'The value is the path of the local file, a string.'); continue; }
    const path = v.value as string;
    const bad = pathProblem(path);
    if (bad) { schema(v, bad); continue; }
    const format = linkFormat(area, path);
    if (!format) {
      schema(v, area === 'glossaries' ? 'A dictionary file ends in .tsv or .csv.' : 'A term list file ends in .txt (one term per line).');
      continue;
    }
    const norm = normalizePath(path);
    const before = seenPaths.get(norm);
    if (before) {
      problems.push({ code: 'duplicate-link', severity: 'error', offset: v.offset, length: v.length, message: `"${path}" is already linked to ${before}: a file is linked to one place only.` });
      continue;
    }
    seenPaths.set(norm, area === 'glossaries' ? `"${name}" ${key.toUpperCase()}` : `"${name}" ${key.toUpperCase()}`);
    owner.links.push({
      area, owner: index, key, sourceLang, ...(targetLang !== undefined ? { targetLang } : {}), path: norm, format,
      keyOffset: k.offset, keyLength: k.length, valueOffset: v.offset, valueLength: v.length,
    });
  }
  return owner;
}

/** A diagnostic for each linked file that does not exist (`exists` answers for a path relative to the manifest). */
export function checkLinkedFiles(m: Manifest, exists: (path: string) => boolean): ManifestProblem[] {
  return manifestLinks(m).filter((l) => !exists(l.path)).map((l) => ({
    code: 'missing-file' as const, severity: 'error' as const, offset: l.valueOffset, length: l.valueLength,
    message: `"${l.path}" does not exist. Pull to write it, fix the path, or remove the link.`,
  }));
}

// ---- Resolution by name ----

export interface RemoteOwner { id: string; name: string }

export type ResolutionState =
  /** The id is known to the service. */
  | 'linked'
  /** No id, and exactly one resource of that name (a manifest written by hand, or before its first push). */
  | 'found-by-name'
  /** An id the service does not know, and exactly one resource of that name (`candidates`). It may be another
   * account's copy (the key is not the team's) or the same glossary made anew: the manifest is shared, so its id is
   * never rewritten to it, and nothing is pulled or pushed until the user puts the right id there. */
  | 'unknown-id'
  /** Nothing of that name: offer to create it. */
  | 'missing'
  /** Several resources carry that name: the user must pick. */
  | 'ambiguous';

export interface Resolution {
  area: LinkArea;
  index: number;
  name: string;
  state: ResolutionState;
  /** The id to use (linked, found-by-name). */
  id?: string;
  /** Ids of same-named resources (ambiguous, unknown-id). */
  candidates?: string[];
  /** The manifest's own id, when the service does not know it (unknown-id). */
  manifestId?: string;
  /** The manifest's id differs from the one to use: the extension writes the new one. */
  idChanged?: boolean;
}

/** What a user reads about an `unknown-id` resolution (the editor and the CLI say the same). */
export function unknownIdProblem(r: Resolution): string {
  const what = r.area === 'glossaries' ? 'glossary' : 'collection';
  return `the manifest's id "${r.manifestId}" of "${r.name}" is not a ${what} this API key sees; the ${what} of that name here is "${r.candidates?.[0]}" (another account's copy?). If it is the same ${what}, put that id in the manifest; until then it is neither pulled nor pushed`;
}

/** Resolves each glossary and collection of the manifest against what the service lists. */
export function resolveManifest(m: Manifest, remote: { glossaries: RemoteOwner[]; spokenTerms: RemoteOwner[] }): Resolution[] {
  const out: Resolution[] = [];
  for (const area of ['glossaries', 'spokenTerms'] as const) {
    const list = remote[area];
    for (const o of m[area]) {
      const base = { area, index: o.index, name: o.name };
      if (o.id && list.some((r) => r.id === o.id)) { out.push({ ...base, state: 'linked', id: o.id }); continue; }
      const named = list.filter((r) => r.name === o.name);
      if (named.length === 1 && o.id) out.push({ ...base, state: 'unknown-id', candidates: [named[0].id], manifestId: o.id });
      else if (named.length === 1) out.push({ ...base, state: 'found-by-name', id: named[0].id, idChanged: true });
      else if (named.length === 0) out.push({ ...base, state: 'missing', ...(o.id ? { idChanged: true } : {}) });
      else out.push({ ...base, state: 'ambiguous', candidates: named.map((r) => r.id) });
    }
  }
  return out;
}

/** The starts of the lines of the last text asked about (LF, CRLF or a lone CR ends a line): the diagnostics and the
 * CLI ask for every problem of one text, and a broken manifest may have one per character. */
let lineStarts: { text: string; starts: number[] } | undefined;

/** Line and column (0-based, UTF-16) of an offset. */
export function offsetPosition(text: string, offset: number): { line: number; col: number } {
  if (lineStarts?.text !== text) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
    }
    lineStarts = { text, starts };
  }
  // The last line starting at or before the offset.
  const { starts } = lineStarts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid; else hi = mid - 1;
  }
  return { line: lo, col: offset - starts[lo] };
}
