// A model-based test of the remote document lifecycle: random walks over the real file systems, the real VS Code
// documents and editors, and the emulator.
//
// Kinds (one per sequence, in turn; a per-kind adapter says how its text and the service's state read as items and
// how an edit, a colleague's change, a Pull, a Merge and an Overwrite are done; the walk and its checks are shared):
// - dictionary: a TSV dictionary (terminology://…/en-de.glossary.tsv); items: source → target.
// - termList: a Spoken Terms list (…/en.terms.txt); items: the terms (sets: a merge never conflicts).
// - glossary: the multilingual view of a glossary with two dictionaries (…/en.multilingual.tsv, columns DE and FR);
//   items: "source/lang" → target, one per cell. A row no step touches keeps both dictionaries from being emptied
//   (a save refuses that: deleting a dictionary is another command).
// - style: a style rule list's JSON document (terminology://style-rules/…json); items: instruction label → prompt. It
//   has no merge: a conflict is resolved by Reload (its Pull) or Overwrite.
//
// Steps: edit (add, change or delete an item), save, auto-save, Pull (Merge, then maybe save; or Discard), Undo,
// Redo, a colleague's change (in the emulator, or pushed over HTTP by a second client: another window or tool),
// Overwrite, close (with "Don't Save" when dirty: workbench.action.revertAndCloseActiveEditor, whose revert re-reads
// the service, the last read made stale) and reopen, then maybe Undo and Save; a language-mode change (to plain
// text; the extension gives the language back: VS Code closes and reopens the document); a window reload (the
// extension's memory dropped through its test API, so bases come from disk; a clean document is read again, a dirty
// one is kept as hot exit restores it); a second editor of the same document (a split: later steps act in either).
// A fault on the next request(s) (429 with Retry-After, a 503 burst, 500, a dropped connection, a lost answer, a 500
// after the service acted) comes before a quarter of the saves, Pulls, Merges and Overwrites, on the write or on
// the read before it; the faults are cleared after the step.
//
// The model keeps two sets of obligations:
// - `remote`: items a colleague added or changed that the service must keep. One is released only when the user
//   changed or deleted that item in a text that showed it, chose their side of a conflict block that showed it,
//   pushed a text that showed it (from then on it is the user's text too), or confirmed Overwrite.
// - `typed`: items the user typed that the document must keep. Released by a push (the service holds them), a
//   discarding Pull or a revert (both confirmed), a later edit of the same item, the remote side of a conflict
//   block, and Undo (the user's own history: after Undo or Redo they are the typed items the text shows).
// After every step: every `remote` obligation is in the service, every `typed` one in the document; only a save or
// an Overwrite sent anything (auto-save never pushes); a push that went through sent exactly the document's items;
// a save that failed after sending changed the service only to the document's items (part of a push).
//
// Auto-save is real: for the whole run `files.autoSave` is `afterDelay` (100 ms), also for the four languages (the
// extension turns it off there by default), so VS Code auto-saves in the background after every edit.
//
// A hand-rolled random walk with a fixed seed (printed): sequence i uses seed SEED + i and kind KINDS[seed % 4], so a
// failure is replayed alone with TERMINOLOGY_MODEL_SEED=<its seed> TERMINOLOGY_MODEL_RUNS=1. TERMINOLOGY_MODEL_RUNS
// and TERMINOLOGY_MODEL_STEPS set the size (56 sequences of 25 steps by default; `npm run test:model` runs 100 of 20,
// 2 000 steps); TERMINOLOGY_MODEL_KINDS (comma-separated) limits the kinds.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ServiceClient } from '../../src/api';
import { styleDocumentText } from '../../src/core';
import type { TerminologyApi } from '../../src/extension';
import type { Fault } from '../emulator/server';
import type { Account } from '../emulator/state';
import { note } from './report';
import { api, PAID_KEY, service } from './service';

const SEED = Number(process.env.TERMINOLOGY_MODEL_SEED ?? 13013);
const RUNS = Number(process.env.TERMINOLOGY_MODEL_RUNS ?? 56);
const STEPS = Number(process.env.TERMINOLOGY_MODEL_STEPS ?? 25);
const ALL_KINDS = ['dictionary', 'termList', 'glossary', 'style'] as const;
type KindName = typeof ALL_KINDS[number];
const KINDS: readonly KindName[] = process.env.TERMINOLOGY_MODEL_KINDS
  ? process.env.TERMINOLOGY_MODEL_KINDS.split(',').map((k) => k.trim() as KindName).filter((k) => ALL_KINDS.includes(k))
  : ALL_KINDS;
const SOURCES = ['cloud', 'server', 'invoice', 'price', 'login', 'help', 'draft'];
const LANGS = ['de', 'fr'];
/** How long a read of the service serves later reads (FRESH_MS in src/documents/remoteFs.ts), and a bit more. */
const STALE_MS = 5200;
/** Every this many closes of a dirty document in a run, the model waits STALE_MS for real before the revert (the others
 * age the last read through the test API, which is what the wait does). */
const REAL_WAIT_EVERY = 12;
const COLLEAGUE_AGENT = 'colleague-window/1.0';

/** mulberry32: small, fast, and the same sequence on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(xs: readonly T[]): T => xs[int(xs.length)] };
}
type Rnd = ReturnType<typeof prng>;

const account = (): Account => service().state.accounts[PAID_KEY];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isMarker = (line: string) => /^(<{7}|={7}|>{7})/.test(line);

type Items = Map<string, string>;
const sameItems = (a: Items, b: Items) => a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);
const show = (m: Items) => [...m].map(([k, v]) => (v === '' ? k : `${k}=${v}`)).join(' ') || '∅';

/** One user edit: the items it took away and the ones it put in (only those that differ). */
interface Change { what: string; removed: Array<[string, string]>; added: Array<[string, string]> }
/** A colleague's change of one item: set (add or change) or delete. */
type Colleague = { op: 'set'; key: string; value: string } | { op: 'delete'; key: string };
type Target = { method?: string; path: string };

/** What the walk needs of one kind of document. */
interface Subject {
  readonly kind: KindName;
  /** Opens the document as its command does. */
  open(): Promise<vscode.TextDocument>;
  readonly language: string;
  /** The items the service holds. */
  held(): Items;
  /** The items a text shows (conflict markers left out). */
  shown(text: string): Items;
  /** The items of the lines of one side of a conflict block. */
  block(lines: string[]): Items;
  /** A clean document has followed its base when it holds the base's very text (a style rule list: the ids the service
   * gave new instructions come with a re-read), not only its items. */
  readonly sameText: boolean;
  /** One user edit of `doc` (undefined: nothing to edit, try another); `tag` makes new values unique. Half the time it
   * changes an item in `hot` (one the service holds otherwise than the document) when the text has one. */
  edit(doc: vscode.TextDocument, rnd: Rnd, tag: number, hot: ReadonlySet<string>): { edit: vscode.WorkspaceEdit; change: Change } | undefined;
  /** Keys a colleague may add or change (never the fixed ones); terms are made up instead. */
  readonly keys: readonly string[] | undefined;
  /** Applies a colleague's change: in the emulator's state, or over HTTP as a second window would. */
  colleague(c: Colleague, http: ServiceClient | undefined): Promise<void>;
  /** The text the document descends from, as its file system knows it (undefined: none known). */
  base(uri: vscode.Uri): string | undefined;
  merge?(uri: vscode.Uri): Promise<{ fromRemote: number; conflicts: number }>;
  pull(uri: vscode.Uri): Promise<void>;
  /** Overwrite, as confirmed; true when a push went out (or nothing was needed). */
  overwrite(uri: vscode.Uri): Promise<boolean>;
  /** A request of this document's own (its id in the path), by the extension (not the colleague). */
  writes(): number;
  /** Where a fault goes: the write, or the read a save or a Pull makes first. */
  readonly faults: { write: Target[]; read: Target[] };
  remove(): void;
}

const WRITE_METHODS = new Set(['PUT', 'PATCH', 'POST', 'DELETE']);
const extensionWrites = (id: string) => service().requests.filter((r) => WRITE_METHODS.has(r.method) && r.path.includes(id) && !(r.userAgent ?? '').startsWith(COLLEAGUE_AGENT)).length;

/** Which lines are in a conflict block (markers included). A block is back after Undo of its resolution: its lines
 * are two versions of an entry, not entries (the linter blocks the save until one side is kept), so they count as
 * neither shown nor editable. */
function inBlocks(lines: readonly string[]): boolean[] {
  let open = false;
  return lines.map((line) => {
    if (line.startsWith('<<<<<<<')) open = true;
    const inside = open || isMarker(line);
    if (line.startsWith('>>>>>>>')) open = false;
    return inside;
  });
}

/** The entry lines of a document (not in a conflict block): line number and the items of the line. */
function lineItems(doc: vscode.TextDocument, parse: (line: string, i: number) => Items | undefined) {
  const out: Array<{ line: number; text: string; items: Items }> = [];
  const texts = Array.from({ length: doc.lineCount }, (_, k) => doc.lineAt(k).text);
  const blocked = inBlocks(texts);
  texts.forEach((text, k) => {
    const items = blocked[k] ? undefined : parse(text, k);
    if (items) out.push({ line: k, text, items });
  });
  return out;
}

/** The edit that removes line `k` of `doc` whole (the last line without a line break: with the break before it). */
function deleteLine(doc: vscode.TextDocument, k: number): vscode.Range {
  if (k + 1 < doc.lineCount) return new vscode.Range(k, 0, k + 1, 0);
  return k > 0 ? new vscode.Range(k - 1, doc.lineAt(k - 1).text.length, k, doc.lineAt(k).text.length) : doc.lineAt(k).range;
}

const diff = (before: Items, after: Items): Pick<Change, 'removed' | 'added'> => ({
  removed: [...before].filter(([k, v]) => after.get(k) !== v),
  added: [...after].filter(([k, v]) => before.get(k) !== v),
});

// ---- the kinds ------------------------------------------------------------------------------------------------------

/** Texts of lines, each line one or more items: a dictionary, a term list, a multilingual glossary. */
function lineSubject(o: {
  kind: KindName; language: string; open(): Promise<vscode.TextDocument>; held(): Items; parse(line: string, i: number): Items | undefined;
  /** A new line for a free key, the change of a line (its new text), or undefined when there is nothing to add. */
  addLine(rnd: Rnd, taken: Items, tag: number): string | undefined;
  changeLine(rnd: Rnd, line: { text: string; items: Items }, tag: number): string | undefined;
  fixed(items: Items): boolean;
  keys: readonly string[] | undefined;
  colleague: Subject['colleague']; merge: boolean; writes(): number; faults: Subject['faults']; remove(): void;
  ext: TerminologyApi;
}): Subject {
  const shown = (text: string) => {
    const m: Items = new Map();
    const lines = text.split(/\r?\n/);
    const blocked = inBlocks(lines);
    lines.forEach((line, i) => { if (!blocked[i]) for (const [k, v] of o.parse(line, i) ?? []) m.set(k, v); });
    return m;
  };
  return {
    kind: o.kind, language: o.language, open: o.open, held: o.held, shown, keys: o.keys, colleague: o.colleague, writes: o.writes, faults: o.faults, remove: o.remove,
    block: (lines) => new Map(lines.flatMap((l) => [...o.parse(l, 1) ?? []])),
    sameText: false,
    edit(doc, rnd, tag, hot) {
      const lines = lineItems(doc, o.parse).filter((l) => !o.fixed(l.items));
      const all = shown(doc.getText());
      const added = o.addLine(rnd, all, tag);
      const hotLines = lines.filter((l) => [...l.items.keys()].some((k) => hot.has(k)));
      const onHot = hotLines.length > 0 && rnd.next() < 0.5;
      const op = onHot ? 'change' : !lines.length ? 'add' : added === undefined ? rnd.pick(['change', 'delete'] as const) : rnd.pick(['add', 'change', 'delete'] as const);
      const e = new vscode.WorkspaceEdit();
      if (op === 'add') {
        if (added === undefined) return undefined;
        // Before an entry line, or after the last one (a text whose last line has no line break gets one first).
        const anchors = lineItems(doc, o.parse).map((l) => l.line);
        const at = anchors.length ? rnd.pick([...anchors, anchors[anchors.length - 1] + 1]) : doc.lineCount - 1;
        if (at >= doc.lineCount) e.insert(doc.uri, doc.lineAt(doc.lineCount - 1).range.end, `\n${added}`);
        else e.insert(doc.uri, new vscode.Position(at, 0), `${added}\n`);
        const items = o.parse(added, 1)!;
        return { edit: e, change: { what: `add ${show(items)}`, ...diff(new Map(), items) } };
      }
      const l = rnd.pick(onHot ? hotLines : lines);
      if (op === 'change') {
        const text = o.changeLine(rnd, l, tag);
        if (text === undefined) return undefined;
        e.replace(doc.uri, doc.lineAt(l.line).range, text);
        const items = o.parse(text, l.line)!;
        return { edit: e, change: { what: `change ${show(l.items)} to ${show(items)}`, ...diff(l.items, items) } };
      }
      e.delete(doc.uri, deleteLine(doc, l.line));
      return { edit: e, change: { what: `delete ${show(l.items)}`, ...diff(l.items, new Map()) } };
    },
    base: (uri) => o.ext.documents.base(uri),
    merge: o.merge ? (uri) => o.ext.actions.mergeWithRemote(uri) : undefined,
    pull: (uri) => o.ext.actions.pull(uri),
    overwrite: (uri) => o.ext.actions.overwriteRemote(uri),
  };
}

function dictionarySubject(ext: TerminologyApi, seed: number, rnd: Rnd): Subject {
  const glossary = { glossaryId: `0de10000-0000-4000-8000-${seed.toString(16).padStart(12, '0')}`, name: `Model ${seed}` };
  const initial: Array<[string, string]> = SOURCES.filter(() => rnd.next() < 0.5).map((s, k) => [s, `i${k}`]);
  account().glossaries.push({ glossary_id: glossary.glossaryId, name: glossary.name, creation_time: '2026-11-13T00:00:00Z', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: initial }] });
  const dictionary = () => account().glossaries.find((g) => g.glossary_id === glossary.glossaryId)!.dictionaries[0];
  const id = glossary.glossaryId;
  return lineSubject({
    ext, kind: 'dictionary', language: 'glossary-tsv', merge: true, keys: SOURCES,
    open: () => ext.actions.openDictionary(glossary, { sourceLang: 'en', targetLang: 'de' }),
    held: () => new Map(dictionary().entries),
    parse: (line) => {
      const tab = line.indexOf('\t');
      return tab > 0 ? new Map([[line.slice(0, tab), line.slice(tab + 1)]]) : undefined;
    },
    addLine: (r, taken, tag) => {
      const free = SOURCES.filter((s) => !taken.has(s));
      return free.length ? `${r.pick(free)}\tu${tag}` : undefined;
    },
    changeLine: (_r, l, tag) => `${[...l.items.keys()][0]}\tu${tag}`,
    fixed: () => false,
    async colleague(c, http) {
      const apply = (entries: Array<[string, string]>): Array<[string, string]> => {
        if (c.op === 'delete') return entries.filter(([s]) => s !== c.key);
        return entries.some(([s]) => s === c.key) ? entries.map(([s, t]) => [s, s === c.key ? c.value : t]) : [...entries, [c.key, c.value]];
      };
      if (!http) { dictionary().entries = apply(dictionary().entries); return; }
      const text = await http.getDictionaryEntries(id, 'en', 'de');
      const entries = text.split('\n').filter(Boolean).map((l): [string, string] => { const [s, t] = l.split('\t'); return [s, t]; });
      await http.replaceDictionary(id, { sourceLang: 'en', targetLang: 'de', entriesFormat: 'tsv', entries: apply(entries).map(([s, t]) => `${s}\t${t}\n`).join('') });
    },
    writes: () => extensionWrites(id),
    faults: {
      write: [{ method: 'PUT', path: `^/v3/glossaries/${id}/dictionaries$` }],
      read: [{ method: 'GET', path: `^/v3/glossaries/${id}/entries$` }],
    },
    remove: () => { account().glossaries = account().glossaries.filter((g) => g.glossary_id !== id); },
  });
}

function termListSubject(ext: TerminologyApi, seed: number, rnd: Rnd): Subject {
  const collection = { spokenTermsId: `0de20000-0000-4000-8000-${seed.toString(16).padStart(12, '0')}`, name: `Model ${seed}` };
  const id = collection.spokenTermsId;
  // "Anchor" keeps the list from being emptied; no step touches it.
  const initial = ['Anchor', ...SOURCES.filter(() => rnd.next() < 0.5).map((s) => `${s[0].toUpperCase()}${s.slice(1)}`)];
  account().spokenTerms.push({ spoken_terms_id: id, name: collection.name, creation_time: '2026-11-13T00:00:00Z', term_lists: [{ lang: 'en', terms: initial }] });
  const list = () => account().spokenTerms.find((c) => c.spoken_terms_id === id)!.term_lists[0];
  const term = (r: Rnd, tag: number) => `${r.pick(SOURCES)}${tag}`;
  return lineSubject({
    ext, kind: 'termList', language: 'spoken-terms', merge: true, keys: undefined,
    open: () => ext.actions.openTermList(collection, 'en'),
    held: () => new Map(list().terms.map((t) => [t, ''])),
    parse: (line) => (line.trim() ? new Map([[line, '']]) : undefined),
    addLine: (r, _taken, tag) => term(r, tag),
    changeLine: (r, _l, tag) => term(r, tag),
    fixed: (items) => items.has('Anchor'),
    async colleague(c, http) {
      const apply = (terms: string[]) => (c.op === 'delete' ? terms.filter((t) => t !== c.key) : terms.includes(c.key) ? terms : [...terms, c.key]);
      if (!http) { list().terms = apply(list().terms); return; }
      const terms = (await http.getTermListEntries(id, 'en')).split('\n').filter(Boolean);
      await http.replaceTermList(id, { lang: 'en', entries: apply(terms).join('\n') });
    },
    writes: () => extensionWrites(id),
    faults: {
      write: [{ method: 'PUT', path: `^/v3/spoken-terms/${id}/term-lists$` }],
      read: [{ method: 'GET', path: `^/v3/spoken-terms/${id}/entries$` }],
    },
    remove: () => { account().spokenTerms = account().spokenTerms.filter((c) => c.spoken_terms_id !== id); },
  });
}

function glossarySubject(ext: TerminologyApi, seed: number, rnd: Rnd): Subject {
  const glossary = { glossaryId: `0de30000-0000-4000-8000-${seed.toString(16).padStart(12, '0')}`, name: `Model ${seed}` };
  const id = glossary.glossaryId;
  // The row "anchor" keeps both dictionaries from being emptied; no step touches it.
  const initial = (lang: string, k: number): Array<[string, string]> => [['anchor', `a${k}`], ...SOURCES.filter(() => rnd.next() < 0.4).map((s, j): [string, string] => [s, `i${lang}${j}`])];
  account().glossaries.push({
    glossary_id: id, name: glossary.name, creation_time: '2026-11-13T00:00:00Z',
    dictionaries: LANGS.map((lang, k) => ({ source_lang: 'en', target_lang: lang, entries: initial(lang, k) })),
  });
  const dictionary = (lang: string) => account().glossaries.find((g) => g.glossary_id === id)!.dictionaries.find((d) => d.target_lang === lang)!;
  const rowOf = (source: string, cells: Array<string | undefined>) => [source, ...cells.map((c) => c ?? '')].join('\t');
  return lineSubject({
    ext, kind: 'glossary', language: 'glossary-multilingual', merge: true,
    keys: SOURCES.flatMap((s) => LANGS.map((l) => `${s}/${l}`)),
    open: () => ext.actions.openGlossary(glossary, 'en'),
    held: () => new Map(LANGS.flatMap((lang) => dictionary(lang).entries.map(([s, t]): [string, string] => [`${s}/${lang}`, t]))),
    parse: (line, i) => {
      if (i === 0 || !line.trim()) return undefined;
      const [source, ...cells] = line.split('\t');
      return new Map(LANGS.flatMap((lang, k) => (cells[k] ? [[`${source}/${lang}`, cells[k]] as [string, string]] : [])));
    },
    addLine: (r, taken, tag) => {
      const free = SOURCES.filter((s) => LANGS.every((l) => !taken.has(`${s}/${l}`)));
      if (!free.length) return undefined;
      const which = r.int(3); // DE only, FR only, both
      return rowOf(r.pick(free), LANGS.map((_l, k) => (which === 2 || which === k ? `u${tag}${LANGS[k]}` : undefined)));
    },
    changeLine: (r, l, tag) => {
      const source = [...l.items.keys()][0]?.split('/')[0];
      if (!source) return undefined;
      const cells = LANGS.map((lang) => l.items.get(`${source}/${lang}`));
      const k = r.int(LANGS.length);
      // Clear a cell (when the other one stays filled) or write one.
      if (cells[k] !== undefined && cells[1 - k] !== undefined && r.next() < 0.25) cells[k] = undefined;
      else cells[k] = `u${tag}${LANGS[k]}`;
      return rowOf(source, cells);
    },
    fixed: (items) => [...items.keys()].some((k) => k.startsWith('anchor/')),
    async colleague(c, http) {
      const [source, lang] = c.key.split('/');
      const apply = (entries: Array<[string, string]>): Array<[string, string]> => {
        if (c.op === 'delete') return entries.filter(([s]) => s !== source);
        return entries.some(([s]) => s === source) ? entries.map(([s, t]) => [s, s === source ? c.value : t]) : [...entries, [source, c.value]];
      };
      if (!http) { dictionary(lang).entries = apply(dictionary(lang).entries); return; }
      const text = await http.getDictionaryEntries(id, 'en', lang);
      const entries = text.split('\n').filter(Boolean).map((l): [string, string] => { const [s, t] = l.split('\t'); return [s, t]; });
      await http.replaceDictionary(id, { sourceLang: 'en', targetLang: lang, entriesFormat: 'tsv', entries: apply(entries).map(([s, t]) => `${s}\t${t}\n`).join('') });
    },
    writes: () => extensionWrites(id),
    faults: {
      write: [{ method: 'PUT', path: `^/v3/glossaries/${id}/dictionaries$` }],
      read: [{ method: 'GET', path: `^/v3/glossaries/${id}/entries$` }, { method: 'GET', path: `^/v3/glossaries/${id}$` }],
    },
    remove: () => { account().glossaries = account().glossaries.filter((g) => g.glossary_id !== id); },
  });
}

function styleSubject(ext: TerminologyApi, seed: number, rnd: Rnd): Subject {
  const id = `0de40000-0000-4000-8000-${seed.toString(16).padStart(12, '0')}`;
  // Instruction ids are UUIDs, as the service's are (the emulator answers 400 to any other id).
  const instructionId = (n: number) => `0de5${(seed % 0x10000).toString(16).padStart(4, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
  const initial = SOURCES.filter(() => rnd.next() < 0.5).map((s, k) => ({ id: instructionId(k), label: s, prompt: `i${k}` }));
  account().styleRules!.push({
    style_id: id, name: `Model ${seed}`, language: 'en', version: 1, creation_time: '2026-11-13T00:00:00Z', updated_time: '2026-11-13T00:00:00Z',
    configured_rules: {}, custom_instructions: initial,
  });
  const list = () => account().styleRules!.find((x) => x.style_id === id)!;
  const fs = ext.styleRuleDocuments.fs;
  const read = (text: string): { configured_rules?: unknown; custom_instructions?: Array<{ id?: string; label: string; prompt: string }> } | undefined => {
    try { return JSON.parse(text) as ReturnType<typeof read>; } catch { return undefined; }
  };
  const itemsOf = (text: string): Items => new Map((read(text)?.custom_instructions ?? []).map((c) => [c.label, c.prompt]));
  let counter = 0;
  return {
    kind: 'style', language: 'terminology-style-rules', keys: SOURCES,
    open: async () => vscode.workspace.openTextDocument(await ext.actions.editStyleRules(id)),
    held: () => new Map((list().custom_instructions ?? []).map((c) => [c.label, c.prompt])),
    shown: itemsOf,
    block: () => new Map(),
    sameText: true,
    edit(doc, r, tag, hot) {
      const content = read(doc.getText());
      if (!content) throw new Error(`the style document is not JSON: ${doc.getText()}`);
      const list = [...content.custom_instructions ?? []];
      const free = SOURCES.filter((s) => !list.some((c) => c.label === s));
      const hotAt = list.map((c, k) => (hot.has(c.label) ? k : -1)).filter((k) => k >= 0);
      const onHot = hotAt.length > 0 && r.next() < 0.5;
      const op = onHot ? 'change' : !list.length ? 'add' : !free.length ? r.pick(['change', 'delete'] as const) : r.pick(['add', 'change', 'delete'] as const);
      let change: Change;
      if (op === 'add') {
        const c = { label: r.pick(free), prompt: `u${tag}` };
        list.splice(r.int(list.length + 1), 0, c);
        change = { what: `add ${c.label}=${c.prompt}`, removed: [], added: [[c.label, c.prompt]] };
      } else {
        const k = onHot ? r.pick(hotAt) : r.int(list.length);
        const c = list[k];
        if (op === 'change') {
          list[k] = { ...c, prompt: `u${tag}` };
          change = { what: `change ${c.label}=${c.prompt} to u${tag}`, removed: [[c.label, c.prompt]], added: [[c.label, `u${tag}`]] };
        } else {
          list.splice(k, 1);
          change = { what: `delete ${c.label}=${c.prompt}`, removed: [[c.label, c.prompt]], added: [] };
        }
      }
      const e = new vscode.WorkspaceEdit();
      e.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)),
        `${JSON.stringify({ configured_rules: content.configured_rules ?? {}, custom_instructions: list }, null, 2)}\n`);
      return { edit: e, change };
    },
    async colleague(c, http) {
      const s = list();
      const existing = (s.custom_instructions ?? []).find((x) => x.label === c.key);
      if (http) {
        if (c.op === 'delete') { if (existing) await http.deleteCustomInstruction(id, existing.id); return; }
        if (existing) await http.updateCustomInstruction(id, existing.id, { label: c.key, prompt: c.value });
        else await http.createCustomInstruction(id, { label: c.key, prompt: c.value });
        return;
      }
      const all = s.custom_instructions ??= [];
      if (c.op === 'delete') s.custom_instructions = all.filter((x) => x.label !== c.key);
      else if (existing) existing.prompt = c.value;
      else all.push({ id: instructionId(0x1000 + ++counter), label: c.key, prompt: c.value });
      s.version++;
    },
    base: (uri) => { const b = fs.base(uri); return b && styleDocumentText(b); },
    pull: (uri) => ext.actions.reloadStyleRules(uri),
    async overwrite(uri) {
      try { await ext.actions.overwriteStyleRules(uri); return true; } catch { return false; }
    },
    writes: () => extensionWrites(id),
    faults: {
      write: [{ method: 'POST', path: `^/v3/style_rules/${id}/custom_instructions$` }, { method: 'PUT', path: `^/v3/style_rules/${id}/custom_instructions/` }, { method: 'DELETE', path: `^/v3/style_rules/${id}/custom_instructions/` }],
      read: [{ method: 'GET', path: `^/v3/style_rules/${id}$` }],
    },
    remove: () => { account().styleRules = account().styleRules!.filter((x) => x.style_id !== id); },
  };
}

const SUBJECTS: Record<KindName, (ext: TerminologyApi, seed: number, rnd: Rnd) => Subject> = {
  dictionary: dictionarySubject, termList: termListSubject, glossary: glossarySubject, style: styleSubject,
};

// ---- faults ---------------------------------------------------------------------------------------------------------

const FAULTS: Array<[string, Omit<Fault, 'path' | 'method'>]> = [
  ['429×2', { count: 2, status: 429, retryAfter: 0 }],
  ['503 burst', { count: 5, status: 503, retryAfter: 0 }],
  ['500', { count: 1, status: 500, retryAfter: 0 }],
  ['drop', { count: 1, drop: true }],
  ['lost answer', { count: 1, dropAfter: true }],
  ['500 after acting', { count: 1, status: 500, after: true, retryAfter: 0 }],
];

// ---- the walk -------------------------------------------------------------------------------------------------------

type StepKind = 'edit' | 'save' | 'autosave' | 'merge' | 'discard' | 'undo' | 'redo' | 'remote' | 'overwrite' | 'close' | 'language' | 'reload' | 'split';
const WEIGHTS: Array<[StepKind, number]> = [
  ['edit', 6], ['save', 6], ['remote', 5], ['merge', 4], ['undo', 2], ['redo', 1], ['discard', 1], ['autosave', 1], ['overwrite', 1],
  ['close', 2], ['language', 1], ['reload', 1], ['split', 1],
];
const TOTAL = WEIGHTS.reduce((n, [, w]) => n + w, 0);

interface Stats {
  steps: Record<string, number>; kinds: Record<string, number>; pushed: number; refused: number; failed: number; partial: number; conflicts: number;
  autoSaves: number; overwrites: number; dirtyPulls: number; faults: Record<string, number>; http: number; realWaits: number; undoneAfterClose: number; revertedAgain: number;
  undoSkipped: number; dirtyCloses: number;
}

describe('Document lifecycle (model-based)', function () {
  this.timeout(Math.max(240_000, RUNS * STEPS * 4000));
  let ext: TerminologyApi;
  const autoSaves: vscode.Uri[] = [];
  let subs: vscode.Disposable[] = [];
  /** When each document last changed, was auto-saved or ended a write; its last Undo or Redo; the writes in flight
   * (see `quiet`). */
  const lastTouched = new Map<string, number>();
  const lastUndoRedo = new Map<string, number>();
  const writing = new Map<string, number>();
  let restoreWriteFile: (() => void) | undefined;
  let colleague: ServiceClient;
  const languageFiles = (languageId: string) => vscode.workspace.getConfiguration('files', { languageId });
  const LANGUAGES = ['glossary-tsv', 'spoken-terms', 'glossary-multilingual', 'terminology-style-rules'];

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    assert.ok(ext.testing, 'the extension runs in test mode (its test API drops its memory for a reload)');
    colleague = new ServiceClient({ key: PAID_KEY, baseUrl: service().url, freeBaseUrl: service().freeUrl, userAgent: COLLEAGUE_AGENT, retry: { baseDelayMs: 10, random: () => 0.5 } });
    subs = [
      vscode.workspace.onWillSaveTextDocument((e) => {
        if (e.reason !== vscode.TextDocumentSaveReason.AfterDelay) return;
        autoSaves.push(e.document.uri);
        lastTouched.set(e.document.uri.toString(), Date.now());
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (!e.contentChanges.length) return;
        lastTouched.set(e.document.uri.toString(), Date.now());
        if (e.reason !== undefined) lastUndoRedo.set(e.document.uri.toString(), Date.now());
      }),
    ];
    // Writes in flight per document (a save VS Code runs in the background), for `quiet`.
    const restores = [ext.documents, ext.styleRuleDocuments.fs].map((provider) => {
      const fs = provider as unknown as { writeFile: (uri: vscode.Uri, ...rest: unknown[]) => Promise<void> };
      const original = fs.writeFile;
      fs.writeFile = async function (this: unknown, uri: vscode.Uri, ...rest: unknown[]) {
        const k = uri.toString();
        writing.set(k, (writing.get(k) ?? 0) + 1);
        try {
          return await original.call(this, uri, ...rest);
        } finally {
          writing.set(k, writing.get(k)! - 1);
          lastTouched.set(k, Date.now());
        }
      };
      return () => { fs.writeFile = original; };
    });
    restoreWriteFile = () => restores.forEach((r) => r());
    await vscode.workspace.getConfiguration('files').update('autoSaveDelay', 100, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('files').update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
    for (const l of LANGUAGES) {
      await languageFiles(l).update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global, true);
      assert.equal(languageFiles(l).get('autoSave'), 'afterDelay', `auto-save is on for ${l} documents`);
    }
  });

  after(async () => {
    for (const s of subs) s.dispose();
    restoreWriteFile?.();
    service().clearFaults();
    for (const l of LANGUAGES) await languageFiles(l).update('autoSave', undefined, vscode.ConfigurationTarget.Global, true);
    await vscode.workspace.getConfiguration('files').update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('files').update('autoSaveDelay', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.action.closeAllGroups');
  });

  it(`loses no remote change and no typed item: ${RUNS} sequences of ${STEPS} steps (${KINDS.join(', ')}), seed ${SEED}`, async () => {
    const started = Date.now();
    const stats: Stats = {
      steps: {}, kinds: {}, pushed: 0, refused: 0, failed: 0, partial: 0, conflicts: 0, autoSaves: 0, overwrites: 0, dirtyPulls: 0, faults: {}, http: 0,
      realWaits: 0, undoneAfterClose: 0, revertedAgain: 0, undoSkipped: 0, dirtyCloses: 0,
    };
    const autoSavesBefore = autoSaves.length;
    note(`model: seed ${SEED}, ${RUNS} sequences of ${STEPS} steps (replay one: TERMINOLOGY_MODEL_SEED=<seed> TERMINOLOGY_MODEL_RUNS=1)`);
    for (let i = 0; i < RUNS; i++) await sequence(SEED + i, stats);
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    stats.autoSaves = autoSaves.length - autoSavesBefore;
    const list = (r: Record<string, number>) => Object.entries(r).map(([k, n]) => `${k} ${n}`).join(', ');
    const faults = Object.values(stats.faults).reduce((a, b) => a + b, 0);
    note(`model: ${RUNS * STEPS} steps in ${secs} s; sequences by kind: ${list(stats.kinds)}`);
    note(`model: steps: ${list(stats.steps)}`);
    note(`model: ${stats.pushed} pushes, ${stats.conflicts} conflict blocks resolved, ${stats.refused} saves refused, ${stats.failed} saves failed under a fault (${stats.partial} after sending part), ${stats.overwrites} overwrites`);
    note(`model: ${faults} faults injected (${list(stats.faults)}); ${stats.http} colleague changes pushed over HTTP by a second client; ${stats.realWaits} real ${STALE_MS} ms waits before a revert; ${stats.revertedAgain} reopened documents VS Code had not reverted (reverted again)`);
    note(`model: ${stats.autoSaves} auto-saves seen (none pushed), ${stats.dirtyPulls} Pulls left dirty by an auto-save in flight, ${stats.undoneAfterClose} Undos after "Don't Save" and reopen, ${stats.undoSkipped} Undo/Redo skipped after a reload`);
    if (RUNS * STEPS >= 200) assert.ok(stats.pushed > 0 && stats.refused > 0 && stats.autoSaves > 0, 'the walk exercised pushes, refusals and auto-saves');
  });

  async function sequence(seed: number, stats: Stats): Promise<void> {
    const rnd = prng(seed);
    const kind = KINDS[seed % KINDS.length];
    stats.kinds[kind] = (stats.kinds[kind] ?? 0) + 1;
    const subject = SUBJECTS[kind](ext, seed, rnd);
    const remote: Items = new Map();
    const typed: Items = new Map();
    let typedSince = new Set<string>();
    let counter = 0;
    /** A reloaded window starts with an empty undo stack, but this test's document keeps its own: after a reload, Undo
     * and Redo go only as far as the changes made since (counted when the text changed: an edit, a Merge, a Pull, a
     * revert; VS Code's own reloads of a clean document are not counted, so the count errs short). */
    let reloaded = false;
    const undo = { depth: 0, redo: 0 };
    const changedSince = (before: string) => { if (doc.getText() !== before) { undo.depth++; undo.redo = 0; } };
    const trace: string[] = [`seed ${seed} (${kind}): remote ${show(subject.held())}`];
    let doc = await subject.open();
    const key = doc.uri.toString();
    const fail = (why: string): never => {
      throw new Error(`${why}\n  replay: TERMINOLOGY_MODEL_SEED=${seed} TERMINOLOGY_MODEL_RUNS=1 TERMINOLOGY_MODEL_STEPS=${STEPS}${KINDS.length !== ALL_KINDS.length ? ` TERMINOLOGY_MODEL_KINDS=${KINDS.join(',')}` : ''}\n  ${trace.join('\n  ')}\n  document (${doc.isDirty ? 'dirty' : 'clean'}, ${doc.languageId}${doc.isClosed ? ', closed' : ''}; active editor: ${vscode.window.activeTextEditor?.document.uri.toString() === key ? 'this document' : vscode.window.activeTextEditor?.document.uri.toString() ?? 'none'}): ${JSON.stringify(doc.getText())}\n  service: ${show(subject.held())}`);
    };
    /** The document as VS Code has it now (a language change closes and reopens it: another object). */
    const current = () => vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
    const tabs = () => vscode.window.tabGroups.all.filter((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === key));
    /** Shows the document, in one of the editors that show it (a split has two). */
    const editor = async () => {
      const groups = tabs();
      const column = groups.length ? rnd.pick(groups).viewColumn : undefined;
      return vscode.window.showTextDocument(doc, { preview: false, ...(column ? { viewColumn: column } : {}) });
    };
    const replaceAll = async (text: string) => {
      const e = new vscode.WorkspaceEdit();
      e.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
      if (!await vscode.workspace.applyEdit(e)) fail('an edit was refused');
    };
    const held = () => subject.held();
    const shown = () => subject.shown(doc.getText());
    /** VS Code ignores a revert's read while a save of the document runs, yet marks the document clean: the revert
     * does not take. An auto-save runs from 100 ms after an edit, and after an Undo or Redo it waits inside the running
     * save until 500 ms after it (UNDO_REDO_SAVE_PARTICIPANTS_AUTO_SAVE_THROTTLE_THRESHOLD). That race is VS Code's;
     * steps that revert first wait until no write is in flight, 400 ms passed since the last change, auto-save or
     * write, and 700 ms since the last Undo or Redo. */
    const quiet = async () => {
      for (;;) {
        const wait = (writing.get(key) ? 50 : 0)
          || Math.max((lastTouched.get(key) ?? 0) + 400, (lastUndoRedo.get(key) ?? 0) + 700) - Date.now();
        if (wait <= 0) return;
        await sleep(wait);
      }
    };

    /** One user edit. A clean document may be reloading (it follows the remote): an edit VS Code refuses meanwhile is
     * planned again. */
    const edit = async (): Promise<string> => {
      for (let attempt = 0; ; attempt++) {
        const [h, s] = [held(), shown()];
        const hot = new Set([...h.keys(), ...s.keys()].filter((k) => h.get(k) !== s.get(k)));
        const planned = subject.edit(doc, rnd, counter + 1, hot);
        if (planned) {
          const version = doc.version;
          if (await vscode.workspace.applyEdit(planned.edit)) {
            if (doc.version !== version + 1) fail('the edit raced with another change of the document');
            counter++;
            undo.depth++;
            undo.redo = 0;
            const { removed, added, what } = planned.change;
            // The user changes or deletes an item in a text that shows it: a colleague's version of it is released.
            for (const [k, v] of removed) { if (remote.get(k) === v) remote.delete(k); typed.delete(k); }
            for (const [k, v] of added) { typed.set(k, v); typedSince.add(`${k}\t${v}`); }
            return `edit: ${what}`;
          }
        }
        if (attempt === 5) fail('VS Code refused the edit six times');
        await sleep(100);
      }
    };

    /** A clean document follows the remote: after a step that fetched, wait (10 s at most: on a loaded machine the
     * reload took over 2 s, and the next edit raced with it) for VS Code's reload. */
    const settle = async () => {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        doc = current() ?? doc;
        if (doc.isDirty) return;
        const base = subject.base(doc.uri);
        if (base === undefined || (subject.sameText ? base === doc.getText() : sameItems(subject.shown(base), shown()))) return;
        await sleep(50);
      }
    };

    /** A push went through: the service holds the document's items, which release both kinds of obligation. */
    const pushedNow = () => {
      const s = shown();
      const h = held();
      if (!sameItems(s, h)) fail(`the push sent something else than the document: document ${show(s)}, service ${show(h)}`);
      for (const [k, v] of [...remote]) if (s.get(k) === v) remote.delete(k);
      typed.clear();
      typedSince = new Set();
    };

    const afterUndoRedo = () => {
      const s = shown();
      typed.clear();
      for (const e of typedSince) {
        const [k, v] = e.split('\t');
        if (s.get(k) === v) typed.set(k, v);
      }
    };

    /** A fault on the next request(s) of this document, on its write or on the read before it (a quarter of the
     * time; on a read only for a Pull or a Merge). Cleared after the step, or when the action it was meant for ends. */
    const faults: string[] = [];
    let faultActive = false;
    const maybeFault = (writes: boolean) => {
      if (rnd.next() >= 0.25) return;
      const [label, fault] = rnd.pick(FAULTS);
      const where = writes && rnd.next() < 0.6 ? rnd.pick(subject.faults.write) : rnd.pick(subject.faults.read);
      service().injectFault({ ...fault, ...where });
      faults.push(`${label} on ${where.method ?? ''} ${where.path.replace(/\^|\$|\/v3\//g, '').replace(/[0-9a-f-]{36}/, 'ID')}`);
      faultActive = true;
      stats.faults[label] = (stats.faults[label] ?? 0) + 1;
    };
    const clearFaults = () => { service().clearFaults(); faultActive = false; };
    /** Whether the step saved explicitly or overwrote (only those may send anything). */
    const sending = { explicit: false };

    /** After an explicit save or an Overwrite: a push went through whole; a refusal or a failure kept the text (and
     * the dirty state); a failure after sending changed the service only to the document's items (part of a push). */
    const outcome = (ok: boolean, before: number, was: Items, text: string, wasDirty: boolean): string => {
      sending.explicit = true;
      const underFault = faultActive;
      clearFaults();
      if (subject.writes() > before) {
        if (ok) {
          stats.pushed++;
          pushedNow();
          return 'pushed';
        }
        stats.failed++;
        if (!doc.isDirty) fail('a failed save left the document clean');
        const now = held();
        const s = shown();
        const moved = [...new Set([...was.keys(), ...now.keys()])].filter((k) => was.get(k) !== now.get(k));
        for (const k of moved) if (now.get(k) !== s.get(k)) fail(`a failed save changed ${k} in the service to ${now.get(k) ?? '(deleted)'}; the document has ${s.get(k) ?? 'none'}`);
        if (moved.length) stats.partial++;
        return `failed after sending${moved.length ? ` (part went through: ${moved.join(', ')})` : ''}`;
      }
      if (!ok) {
        if (underFault) stats.failed++; else stats.refused++;
        if (wasDirty && !doc.isDirty) fail('a refused save left the document clean');
        if (doc.getText() !== text) fail('a refused save changed the text');
        return underFault ? 'failed' : 'refused';
      }
      if (!doc.isDirty) {
        typed.clear(); // nothing needed sending: the items are the base's or the service's already
        typedSince = new Set();
      }
      return 'nothing to send';
    };

    const save = async (): Promise<string> => {
      const [before, was, text, wasDirty] = [subject.writes(), held(), doc.getText(), doc.isDirty];
      return outcome(await doc.save(), before, was, text, wasDirty);
    };

    const undoRedo = async (which: 'undo' | 'redo'): Promise<string> => {
      if (reloaded && (which === 'undo' ? undo.depth : undo.redo) === 0) { stats.undoSkipped++; return `${which}: skipped (nothing to ${which} since the reload)`; }
      await editor();
      const before = doc.getText();
      await vscode.commands.executeCommand(which);
      if (doc.getText() !== before) {
        if (which === 'undo') { undo.depth = Math.max(0, undo.depth - 1); undo.redo++; } else { undo.redo = Math.max(0, undo.redo - 1); undo.depth++; }
      }
      afterUndoRedo();
      return which;
    };

    const steps: Record<StepKind, () => Promise<string>> = {
      edit,
      async save() {
        // Mostly, there is something to save.
        const first = !doc.isDirty && rnd.next() < 0.6 ? `${await edit()}, then ` : '';
        maybeFault(true);
        const said = await save();
        // A refused save is mostly followed by a Merge (then, mostly, a save).
        if (said === 'refused' && subject.merge && rnd.next() < 0.6) return `${first}save: refused, then ${await steps.merge()}`;
        return `${first}save: ${said}`;
      },
      async autosave() {
        // Typing is what schedules an auto-save: one edit, then wait for VS Code to save after the delay. VS Code
        // does not auto-save a document again once an auto-save failed (until a save succeeds), so this waits 1 s
        // at most; every auto-save of the run, in this step or in the background, is counted.
        const seen = autoSaves.length;
        const step = `${await edit()}, then auto-save`;
        const text = doc.getText();
        const deadline = Date.now() + 1000;
        while (!autoSaves.slice(seen).some((u) => u.toString() === key) && Date.now() < deadline) await sleep(25);
        const fired = autoSaves.length > seen;
        if (fired) await sleep(250); // the write (refused) runs after the will-save event
        if (!doc.isDirty) fail('an auto-save made the document clean');
        if (doc.getText() !== text) fail('an auto-save changed the text');
        return `${step} ${fired ? 'attempted' : 'not attempted (an earlier one failed)'}`;
      },
      async merge() {
        if (!subject.merge) return steps.discard(); // a style rule list: Reload is how its conflict is resolved
        maybeFault(false);
        const text = doc.getText();
        let result: { fromRemote: number; conflicts: number };
        try {
          result = await subject.merge(doc.uri);
        } catch (err) {
          if (!faultActive) throw err;
          clearFaults();
          if (doc.getText() !== text) fail('a failed Merge changed the text');
          return `merge: failed (${(err as Error).message.split('\n')[0]})`;
        }
        clearFaults();
        changedSince(text);
        let step = `merge: ${result.fromRemote} from remote, ${result.conflicts} conflicts`;
        if (result.conflicts) {
          // The user resolves every block at once, picking a side for each.
          const out: string[] = [];
          const lines = doc.getText().split('\n');
          for (let k = 0; k < lines.length; k++) {
            if (!lines[k].startsWith('<<<<<<<')) { out.push(lines[k]); continue; }
            const yours: string[] = [];
            const theirs: string[] = [];
            for (k++; !lines[k].startsWith('======='); k++) yours.push(lines[k]);
            for (k++; !lines[k].startsWith('>>>>>>>'); k++) theirs.push(lines[k]);
            const keepYours = rnd.next() < 0.5;
            out.push(...(keepYours ? yours : theirs));
            stats.conflicts++;
            const y = subject.block(yours);
            const t = subject.block(theirs);
            if (keepYours) {
              for (const [k2, v] of t) if (y.get(k2) !== v && remote.get(k2) === v) remote.delete(k2);
            } else {
              for (const [k2, v] of y) if (t.get(k2) !== v && typed.get(k2) === v) typed.delete(k2);
            }
            step += `; kept ${keepYours ? 'yours' : 'remote'} (${yours.join('|') || '-'} / ${theirs.join('|') || '-'})`;
          }
          const merged = doc.getText();
          await replaceAll(out.join('\n'));
          changedSince(merged);
        }
        // Merging is mostly followed by a save.
        if (rnd.next() < 0.75) step += `, then save: ${await save()}`;
        return step;
      },
      async discard() {
        maybeFault(false);
        if (subject.kind === 'style') await quiet(); // its Reload is a revert
        const text = doc.getText();
        const wasDirty = doc.isDirty;
        try {
          await subject.pull(doc.uri);
        } catch (err) {
          if (!faultActive) throw err;
          clearFaults();
          if (doc.getText() !== text) fail('a failed Pull changed the text');
          return `pull: failed (${(err as Error).message.split('\n')[0]})`;
        }
        const underFault = faultActive;
        clearFaults();
        doc = current() ?? doc;
        changedSince(text);
        // A style rule list's Reload is VS Code's revert: when its read fails, VS Code says so and keeps the text.
        if (underFault && wasDirty && doc.isDirty && doc.getText() === text && !sameItems(shown(), held())) return 'pull: failed (the read failed; the text is kept)';
        typed.clear();
        typedSince = new Set();
        if (!sameItems(shown(), held())) fail('Pull did not show the remote version');
        // Pull ends with a save that sends nothing and marks the document clean; when an auto-save of the same text
        // is in flight, VS Code joins it, that one is refused, and the document stays dirty (with the remote's text,
        // which a later save does not send). Counted, not failed.
        if (doc.isDirty) stats.dirtyPulls++;
        return `pull: discard${doc.isDirty ? ' (left dirty: an auto-save was in flight)' : ''}`;
      },
      undo: () => undoRedo('undo'),
      redo: () => undoRedo('redo'),
      async remote() {
        const h = held();
        const http = rnd.next() < 0.3 ? colleague : undefined;
        const tag = ++counter;
        let c: Colleague;
        const typedKeys = [...typed.keys()].filter((k) => !subject.keys || subject.keys.includes(k));
        if (subject.keys && typedKeys.length && rnd.next() < 0.75) {
          // Often the item the user is editing: a conflict to merge.
          const k = rnd.pick(typedKeys);
          c = h.has(k) && rnd.next() < 0.2 ? { op: 'delete', key: k } : { op: 'set', key: k, value: `c${tag}` };
        } else if (!subject.keys) {
          const terms = [...h.keys()].filter((t) => t !== 'Anchor');
          c = terms.length && rnd.next() < 0.4 ? { op: 'delete', key: rnd.pick(terms) } : { op: 'set', key: `${rnd.pick(SOURCES)}C${tag}`, value: '' };
        } else {
          const present = subject.keys.filter((k) => h.has(k));
          const free = subject.keys.filter((k) => !h.has(k));
          const op = !present.length ? 'add' : !free.length ? rnd.pick(['change', 'delete'] as const) : rnd.pick(['add', 'change', 'change', 'delete'] as const);
          c = op === 'add' ? { op: 'set', key: rnd.pick(free), value: `c${tag}` } : op === 'change' ? { op: 'set', key: rnd.pick(present), value: `c${tag}` } : { op: 'delete', key: rnd.pick(present) };
        }
        await subject.colleague(c, http);
        if (http) stats.http++;
        if (c.op === 'set') remote.set(c.key, c.value); else remote.delete(c.key);
        const by = http ? 'second window' : 'colleague';
        return c.op === 'set' ? `remote (${by}): set ${c.key}${c.value ? `=${c.value}` : ''}` : `remote (${by}): delete ${c.key}`;
      },
      async overwrite() {
        maybeFault(true);
        const [before, was, text, wasDirty] = [subject.writes(), held(), doc.getText(), doc.isDirty];
        let ok: boolean;
        try {
          ok = await subject.overwrite(doc.uri);
        } catch (err) {
          if (!faultActive) throw err;
          ok = false;
        }
        if (ok && subject.writes() > before) {
          stats.overwrites++;
          remote.clear(); // confirmed
        }
        return `overwrite: ${outcome(ok, before, was, text, wasDirty)}`;
      },
      async close() {
        const dirty = doc.isDirty;
        const text = doc.getText();
        const both = tabs().length > 1;
        if (dirty) await quiet();
        await editor();
        const active = vscode.window.activeTextEditor?.document.uri.toString();
        if (active !== key) fail(`the document is not in the active editor (${active ?? 'none'})`);
        let waited = false;
        if (dirty) {
          // "Don't Save" reverts, and the revert reads the service again once the last read is old enough: make it so.
          if (++stats.dirtyCloses % REAL_WAIT_EVERY === 0) { await sleep(STALE_MS); stats.realWaits++; waited = true; } else ext.testing!.age(STALE_MS);
          await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor'); // what "Don't Save" runs
          typed.clear(); // a confirmed discard
        } else {
          await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
        }
        doc = await subject.open();
        changedSince(text); // the revert is on the undo stack (VS Code gives it back with the reopened document)
        let step = `close${dirty ? ` with "Don't Save"${waited ? ' (after a real wait)' : ''}` : ''}${both ? ' (one of two editors)' : ''} and reopen`;
        let again = false;
        if (doc.isDirty) {
          // In some default runs (seeds 13033 and 13039 after an Undo back to the saved text, then a plain close; 13065
          // after "Don't Save"), the reopened document still held the text from before the close, dirty: VS Code gave
          // back its old model (the seed passes when replayed alone). Give VS Code time; if that text is still there,
          // the user discards it (Revert File, its read aged so that it goes to the service), counted and printed;
          // any other dirty text fails.
          for (let i = 0; i < 100 && doc.isDirty; i++) await sleep(50);
          if (doc.isDirty && doc.getText() === text) {
            stats.revertedAgain++;
            again = true;
            ext.testing!.age(STALE_MS);
            await vscode.window.showTextDocument(doc);
            await vscode.commands.executeCommand('workbench.action.files.revert');
            for (let i = 0; i < 100 && doc.isDirty; i++) await sleep(50);
            typed.clear(); // what it held is discarded
            step += ' (VS Code gave back the text from before the close, dirty: reverted)';
          }
        }
        if (doc.isDirty) fail('a reopened document is dirty');
        if (dirty || again) {
          await settle();
          if (!sameItems(shown(), held())) fail(`the revert did not read the service again: document ${show(shown())}`);
        }
        if (dirty && rnd.next() < 0.6) {
          // VS Code gives the reopened document its undo stack back: Undo brings the discarded text back.
          step += `, ${await undoRedo('undo')}`;
          stats.undoneAfterClose++;
          if (rnd.next() < 0.5) { maybeFault(true); step += `, save: ${await save()}`; }
        }
        return step;
      },
      async language() {
        const text = doc.getText();
        const dirty = doc.isDirty;
        await vscode.languages.setTextDocumentLanguage(doc, 'plaintext');
        for (let i = 0; i < 100 && current()?.languageId !== subject.language; i++) await sleep(20);
        doc = current() ?? fail('the document was closed by a language change');
        if (doc.languageId !== subject.language) fail(`the extension did not give the document its language back (${doc.languageId})`);
        if (doc.getText() !== text || doc.isDirty !== dirty) fail('a language change changed the text or its dirty state');
        return `language: plaintext and back${dirty ? ' (dirty)' : ''}`;
      },
      async reload() {
        const dirty = doc.isDirty;
        ext.testing!.forgetMemory();
        reloaded = true;
        undo.depth = 0;
        undo.redo = 0;
        if (!dirty) {
          // A clean document is read again when the window comes back (into a new model: the read is not on the undo
          // stack there, unlike this revert's, which is not counted).
          await quiet();
          await editor();
          await vscode.commands.executeCommand('workbench.action.files.revert');
          await settle();
          if (!doc.isDirty && !sameItems(shown(), held())) fail(`a clean document read after a reload does not show the service: document ${show(shown())}`);
        }
        return `reload (${dirty ? 'dirty: restored as it was, not read' : 'clean: read again'})`;
      },
      async split() {
        if (tabs().length < 2) await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: false });
        else await editor();
        return `split: ${tabs().length} editors`;
      },
    };

    try {
      for (let step = 1; step <= STEPS; step++) {
        let r = rnd.int(TOTAL);
        const kind = WEIGHTS.find(([, w]) => (r -= w) < 0)![0];
        stats.steps[kind] = (stats.steps[kind] ?? 0) + 1;
        const before = subject.writes();
        faults.length = 0;
        sending.explicit = false;
        let what: string;
        try {
          what = await steps[kind]();
          clearFaults();
          await settle();
        } catch (err) {
          clearFaults();
          trace.push(`#${step} ${kind}${faults.length ? ` [faults: ${faults.join('; ')}]` : ''}: threw ${(err as Error).message}`);
          if ((err as Error).message.includes('replay:')) throw err;
          return fail(`step ${step} (${kind}) threw`);
        }
        trace.push(`#${step} ${what}${faults.length ? ` [faults: ${faults.join('; ')}]` : ''} → document ${show(shown())}${doc.isDirty ? ' (dirty)' : ''}, service ${show(held())}`);
        if (subject.writes() > before && !sending.explicit) fail(`step ${step} (${kind}) pushed: only an explicit save or Overwrite may`);
        const h = held();
        for (const [k, v] of remote) if (h.get(k) !== v) fail(`the service lost the colleague's ${k}=${v} (step ${step}, ${kind})`);
        const s = shown();
        for (const [k, v] of typed) if (s.get(k) !== v) fail(`the document lost the typed ${k}=${v} (step ${step}, ${kind})`);
      }
    } finally {
      clearFaults();
      doc = current() ?? doc;
      if (!doc.isClosed) await vscode.window.showTextDocument(doc).then(() => vscode.commands.executeCommand('workbench.action.files.revert'), () => undefined);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('workbench.action.closeAllGroups');
      subject.remove();
    }
  }
});
