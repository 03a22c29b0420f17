// The fault matrix (issue 13, item 5; issue 27, item 3): every operation that changes the service, under every
// fault the emulator can inject. Rows are operations, columns are faults; each cell sets up its own glossary,
// collection, style rule list or translation memory, injects the fault on one request of the operation (its write,
// or for the "(check)" rows the GET of a save's conflict check before the write; scoped by path and method, so the
// other requests go through), runs the action as the command would, clears the faults, and checks:
//   - the user's text is kept (a remote document stays dirty with its text when the save fails);
//   - nothing is created twice (glossaries, collections, instructions of that name; import or export jobs);
//   - the service holds the old state or the new one, never a half; the one other state allowed is a job the
//     operation started and could not find again (its answer lost), and then only with an error that says so;
//   - a failure says what happened (the status or the cause) and what to do; a failed save says the text is kept.
// Faults the retries cover (a 429 burst with Retry-After: 0, one dropped connection, one lost answer, one attempt
// beyond the timeout, a 500 after the service acted, a 502 with a Retry-After of 1-3 s in every third row) must end
// in success; the others must fail with such a message. Import and export jobs cannot be listed, so after a fault
// that leaves open whether the service acted they are not sent again: those cells must fail, saying the job may
// exist.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import type { Fault } from '../emulator/server';
import type { Account } from '../emulator/state';
import { sampleTmx } from '../emulator/tmxSamples';
import { note } from './report';
import { api, PAID_KEY, service } from './service';

const TIMEOUT_MS = 1000;
const account = (): Account => service().state.accounts[PAID_KEY];

// ---- the emulator state of one cell ------------------------------------------------------------------------------

type Entries = Array<[string, string]>;

function addGlossary(name: string, dictionaries: Record<string, Entries>): string {
  const id = randomUUID();
  account().glossaries.push({
    glossary_id: id, name, creation_time: '2026-11-01T00:00:00Z',
    dictionaries: Object.entries(dictionaries).map(([pair, entries]) => {
      const [source_lang, target_lang] = pair.split('-');
      return { source_lang, target_lang, entries: entries.map(([s, t]) => [s, t] as [string, string]) };
    }),
  });
  return id;
}

function addCollection(name: string, lists: Record<string, string[]>): string {
  const id = randomUUID();
  account().spokenTerms.push({
    spoken_terms_id: id, name, creation_time: '2026-11-01T00:00:00Z',
    term_lists: Object.entries(lists).map(([lang, terms]) => ({ lang, terms: [...terms] })),
  });
  return id;
}

function addStyleList(name: string): string {
  const id = randomUUID();
  account().styleRules!.push({
    style_id: id, name, language: 'en', version: 1, creation_time: '2026-11-01T00:00:00Z', updated_time: '2026-11-01T00:00:00Z',
    configured_rules: {}, custom_instructions: [],
  });
  return id;
}

function addMemory(name: string, units: Entries): string {
  const id = randomUUID();
  const t = '2026-11-01T00:00:00Z';
  account().memories!.push({
    translation_memory_id: id, name, source_language: 'en', target_languages: ['de'], creation_time: t, updated_time: t,
    segments: units.map(([source, target]) => ({
      source_segment_id: randomUUID(), source_text: source, creation_time: t, updated_time: t,
      targets: [{ target_segment_id: randomUUID(), target_language: 'de', target_text: target, creation_time: t, updated_time: t }],
    })),
  });
  return id;
}

/** Files the cells import from and export to. */
const FILES = join(tmpdir(), `terminology-faults-${process.pid}`);
const cellFile = (prefix: string, name: string) => join(FILES, `${prefix.trim().replace(/\W+/g, '-')}-${name}`);
const exportFile = (prefix: string) => cellFile(prefix, 'export.tmx');

/** What the service holds for a cell (by name prefix), without ids or times: its glossaries, collections, style rule
 * lists (their instructions), memories (their segments), the import and export jobs of those, and the files the
 * cell exported. */
interface Snapshot {
  glossaries: Array<{ name: string; dictionaries: Record<string, Entries> }>;
  collections: Array<{ name: string; lists: Record<string, string[]> }>;
  styles: Array<{ name: string; instructions: string[][] }>;
  memories: Array<{ name: string; segments: Entries }>;
  jobs: { import: number; export: number };
  exported: string[];
}

const cellMemoryIds = (prefix: string) => new Set(account().memories!.filter((m) => m.name.startsWith(prefix)).map((m) => m.translation_memory_id));
const cellJobs = (prefix: string) => {
  const ids = cellMemoryIds(prefix);
  return account().tmJobs!.filter((j) => (j.operation === 'import' ? j.parameters.display_name.startsWith(prefix) : ids.has(j.parameters.translation_memory_id)));
};

function snapshot(prefix: string): Snapshot {
  const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
  const jobs = cellJobs(prefix);
  return {
    glossaries: account().glossaries.filter((g) => g.name.startsWith(prefix)).map((g) => ({
      name: g.name,
      dictionaries: Object.fromEntries(g.dictionaries.map((d): [string, Entries] => [`${d.source_lang}-${d.target_lang}`, d.entries.map(([s, t]) => [s, t])]).sort(([a], [b]) => a.localeCompare(b))),
    })).sort(byName),
    collections: account().spokenTerms.filter((c) => c.name.startsWith(prefix)).map((c) => ({
      name: c.name,
      lists: Object.fromEntries(c.term_lists.map((l): [string, string[]] => [l.lang, [...l.terms]]).sort(([a], [b]) => a.localeCompare(b))),
    })).sort(byName),
    styles: account().styleRules!.filter((x) => x.name.startsWith(prefix)).map((x) => ({
      name: x.name, instructions: (x.custom_instructions ?? []).map((c) => [c.label, c.prompt]),
    })).sort(byName),
    memories: account().memories!.filter((m) => m.name.startsWith(prefix)).map((m) => ({
      name: m.name, segments: m.segments.map((seg): [string, string] => [seg.source_text, seg.targets[0]?.target_text ?? '']),
    })).sort(byName),
    jobs: { import: jobs.filter((j) => j.operation === 'import').length, export: jobs.filter((j) => j.operation === 'export').length },
    exported: existsSync(exportFile(prefix)) ? ['export.tmx'] : [],
  };
}

const EMPTY: Snapshot = { glossaries: [], collections: [], styles: [], memories: [], jobs: { import: 0, export: 0 }, exported: [] };
const glossaries = (...gs: Array<[string, Record<string, Entries>]>): Snapshot => ({ ...EMPTY, glossaries: gs.map(([name, dictionaries]) => ({ name, dictionaries })) });
const collections = (...cs: Array<[string, Record<string, string[]>]>): Snapshot => ({ ...EMPTY, collections: cs.map(([name, lists]) => ({ name, lists })) });

function removeCell(prefix: string): void {
  const jobs = new Set(cellJobs(prefix));
  account().glossaries = account().glossaries.filter((g) => !g.name.startsWith(prefix));
  account().spokenTerms = account().spokenTerms.filter((c) => !c.name.startsWith(prefix));
  account().styleRules = account().styleRules!.filter((x) => !x.name.startsWith(prefix));
  account().memories = account().memories!.filter((m) => !m.name.startsWith(prefix));
  account().tmJobs = account().tmJobs!.filter((j) => !jobs.has(j));
}

// ---- rows: the operations ----------------------------------------------------------------------------------------

interface Prepared {
  /** Runs the operation as its command would; rejects with the error the user would be shown. */
  run(): Promise<unknown>;
  before: Snapshot;
  after: Snapshot;
  /** The state allowed besides the old and the new one when the operation failed saying that its outcome is not
   * known (ServiceError.outcomeUnknown): the job it started and could not find again, nothing else. */
  leftover?: Snapshot;
  /** What the operation creates, and how many of it the service holds (never more than one). */
  creates?: { what: string; count(): number };
  /** A remote document with the user's text. */
  doc?: vscode.TextDocument;
  /** Whether the document still holds the user's text (by default: the very same text). A pushed style rule list
   * gets the new instructions' ids written into it, so it compares without them. */
  keeps?(now: string, text: string): boolean;
}

interface Row {
  label: string;
  /** The request the fault goes to: the write, or for the "(check)" rows the GET of the save's conflict check. */
  method: string;
  path: string;
  prepare(prefix: string): Promise<Prepared>;
  /** A create that cannot be looked up (an import or export job): after a fault that leaves open whether the service
   * acted, it is not sent again and must fail, saying so. */
  unsure?: boolean;
}

const CLOUD: Entries = [['cloud', 'Wolke'], ['server', 'Server']];
const GLOSSARY_ID_PATH = '^/v3/glossaries/[^/]+$';
const DICTIONARIES_PATH = '^/v3/glossaries/[^/]+/dictionaries$';
const COLLECTION_ID_PATH = '^/v3/spoken-terms/[^/]+$';
const TERM_LISTS_PATH = '^/v3/spoken-terms/[^/]+/term-lists$';
const ENTRIES_PATH = '^/v3/glossaries/[^/]+/entries$';
const TERM_ENTRIES_PATH = '^/v3/spoken-terms/[^/]+/entries$';
const STYLE_ID_PATH = '^/v3/style_rules/[^/]+$';
const INSTRUCTIONS_PATH = '^/v3/style_rules/[^/]+/custom_instructions$';
const MEMORY_UNITS: Entries = [['Hello world', 'Hallo Welt'], ['Save the file', 'Datei speichern']];

let ext: TerminologyApi;
let localFile: vscode.TextDocument;
/** The error of the last failed writeFile of a remote document (doc.save() only says false). */
let lastSaveError: unknown;

async function edit(doc: vscode.TextDocument, text: string): Promise<void> {
  const e = new vscode.WorkspaceEdit();
  e.insert(doc.uri, doc.positionAt(doc.getText().length), text);
  assert.ok(await vscode.workspace.applyEdit(e), 'the edit applies');
}

async function save(doc: vscode.TextDocument): Promise<void> {
  lastSaveError = undefined;
  if (!await doc.save()) throw lastSaveError ?? new Error('the save returned false, without an error from the file system');
}

/** A dictionary opened as a document, a line added: saving it pushes it (a GET of the entries, then the PUT). */
async function saveDictionary(p: string): Promise<Prepared> {
  const name = `${p}dict`;
  const glossaryId = addGlossary(name, { 'en-de': CLOUD });
  const doc = await ext.actions.openDictionary({ glossaryId, name }, { sourceLang: 'en', targetLang: 'de' });
  assert.equal(doc.getText(), 'cloud\tWolke\nserver\tServer\n');
  await edit(doc, 'invoice\tRechnung\n');
  return {
    doc, run: () => save(doc),
    before: glossaries([name, { 'en-de': CLOUD }]),
    after: glossaries([name, { 'en-de': [...CLOUD, ['invoice', 'Rechnung']] }]),
  };
}

async function saveTermList(p: string): Promise<Prepared> {
  const name = `${p}talks`;
  const spokenTermsId = addCollection(name, { en: ['Kubernetes', 'kubectl'] });
  const doc = await ext.actions.openTermList({ spokenTermsId, name }, 'en');
  assert.equal(doc.getText(), 'Kubernetes\nkubectl');
  await edit(doc, '\nHelm');
  return {
    doc, run: () => save(doc),
    before: collections([name, { en: ['Kubernetes', 'kubectl'] }]),
    after: collections([name, { en: ['Kubernetes', 'kubectl', 'Helm'] }]),
  };
}

/** The instructions of a style rule list document, without the ids the service gave them. */
const instructionsOf = (text: string) => {
  try {
    return JSON.stringify((JSON.parse(text) as { custom_instructions?: Array<{ label: string; prompt: string }> }).custom_instructions?.map((c) => [c.label, c.prompt]));
  } catch {
    return text;
  }
};

/** A style rule list opened as a document, an instruction added: saving it checks the list's version (a GET), then
 * creates the instruction (a POST, which the client makes sure is never made twice). */
async function saveStyleList(p: string): Promise<Prepared> {
  const name = `${p}style`;
  const styleId = addStyleList(name);
  const uri = await ext.actions.editStyleRules(styleId);
  const doc = await vscode.workspace.openTextDocument(uri);
  assert.deepEqual(JSON.parse(doc.getText()), { configured_rules: {}, custom_instructions: [] });
  const e = new vscode.WorkspaceEdit();
  e.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)),
    `${JSON.stringify({ configured_rules: {}, custom_instructions: [{ label: 'Tone', prompt: 'Be brief.' }] }, null, 2)}\n`);
  assert.ok(await vscode.workspace.applyEdit(e));
  const list = () => account().styleRules!.find((x) => x.style_id === styleId);
  return {
    doc, run: () => save(doc),
    before: { ...EMPTY, styles: [{ name, instructions: [] }] },
    after: { ...EMPTY, styles: [{ name, instructions: [['Tone', 'Be brief.']] }] },
    creates: { what: 'instructions labelled "Tone"', count: () => (list()?.custom_instructions ?? []).filter((c) => c.label === 'Tone').length },
    keeps: (now, text) => instructionsOf(now) === instructionsOf(text),
  };
}

const rows: Row[] = [
  { label: 'save dictionary', method: 'PUT', path: DICTIONARIES_PATH, prepare: saveDictionary },
  { label: 'save dictionary (check)', method: 'GET', path: ENTRIES_PATH, prepare: saveDictionary },
  { label: 'save term list', method: 'PUT', path: TERM_LISTS_PATH, prepare: saveTermList },
  { label: 'save term list (check)', method: 'GET', path: TERM_ENTRIES_PATH, prepare: saveTermList },
  {
    label: 'push file (replace)', method: 'PUT', path: DICTIONARIES_PATH,
    async prepare(p) {
      const name = `${p}push`;
      const glossaryId = addGlossary(name, { 'en-de': CLOUD });
      return {
        run: () => ext.actions.pushFile(localFile.uri, { glossaryId, sourceLang: 'en', targetLang: 'de', mode: 'replace' }),
        before: glossaries([name, { 'en-de': CLOUD }]),
        after: glossaries([name, { 'en-de': [['cloud', 'Wolke'], ['help', 'Hilfe']] }]),
      };
    },
  },
  {
    label: 'push file (merge)', method: 'PATCH', path: GLOSSARY_ID_PATH,
    async prepare(p) {
      const name = `${p}merge`;
      const glossaryId = addGlossary(name, { 'en-de': CLOUD });
      return {
        run: () => ext.actions.pushFile(localFile.uri, { glossaryId, sourceLang: 'en', targetLang: 'de', mode: 'merge' }),
        before: glossaries([name, { 'en-de': CLOUD }]),
        after: glossaries([name, { 'en-de': [...CLOUD, ['help', 'Hilfe']] }]),
      };
    },
  },
  {
    label: 'create glossary', method: 'POST', path: '^/v3/glossaries$',
    async prepare(p) {
      const name = `${p}new`;
      return {
        run: () => ext.actions.createGlossary(name, { sourceLang: 'en', targetLang: 'de', entries: 'cloud\tWolke\n', entriesFormat: 'tsv' }),
        before: glossaries(),
        after: glossaries([name, { 'en-de': [['cloud', 'Wolke']] }]),
        creates: { what: `glossaries named "${name}"`, count: () => account().glossaries.filter((g) => g.name === name).length },
      };
    },
  },
  {
    label: 'add dictionary', method: 'PUT', path: DICTIONARIES_PATH,
    async prepare(p) {
      const name = `${p}add`;
      const glossaryId = addGlossary(name, { 'en-de': CLOUD });
      return {
        run: () => ext.actions.addDictionary(glossaryId, { sourceLang: 'en', targetLang: 'fr', entries: 'cloud\tnuage\n', entriesFormat: 'tsv' }),
        before: glossaries([name, { 'en-de': CLOUD }]),
        after: glossaries([name, { 'en-de': CLOUD, 'en-fr': [['cloud', 'nuage']] }]),
      };
    },
  },
  {
    label: 'rename glossary', method: 'PATCH', path: GLOSSARY_ID_PATH,
    async prepare(p) {
      const glossaryId = addGlossary(`${p}old`, { 'en-de': CLOUD });
      return {
        run: () => ext.actions.renameGlossary(glossaryId, `${p}renamed`),
        before: glossaries([`${p}old`, { 'en-de': CLOUD }]),
        after: glossaries([`${p}renamed`, { 'en-de': CLOUD }]),
      };
    },
  },
  {
    label: 'delete glossary', method: 'DELETE', path: GLOSSARY_ID_PATH,
    async prepare(p) {
      const glossaryId = addGlossary(`${p}gone`, { 'en-de': CLOUD });
      return { run: () => ext.actions.deleteGlossary(glossaryId), before: glossaries([`${p}gone`, { 'en-de': CLOUD }]), after: glossaries() };
    },
  },
  {
    label: 'delete dictionary', method: 'DELETE', path: DICTIONARIES_PATH,
    async prepare(p) {
      const name = `${p}two`;
      const glossaryId = addGlossary(name, { 'en-de': CLOUD, 'en-fr': [['cloud', 'nuage']] });
      return {
        run: () => ext.actions.deleteDictionary(glossaryId, 'en', 'fr'),
        before: glossaries([name, { 'en-de': CLOUD, 'en-fr': [['cloud', 'nuage']] }]),
        after: glossaries([name, { 'en-de': CLOUD }]),
      };
    },
  },
  {
    label: 'create collection', method: 'POST', path: '^/v3/spoken-terms$',
    async prepare(p) {
      const name = `${p}new`;
      return {
        run: () => ext.actions.createCollection(name, { lang: 'en', entries: 'Kubernetes\nkubectl' }),
        before: collections(),
        after: collections([name, { en: ['Kubernetes', 'kubectl'] }]),
        creates: { what: `collections named "${name}"`, count: () => account().spokenTerms.filter((c) => c.name === name).length },
      };
    },
  },
  {
    label: 'add term list', method: 'PUT', path: TERM_LISTS_PATH,
    async prepare(p) {
      const name = `${p}add`;
      const id = addCollection(name, { en: ['Kubernetes'] });
      return {
        run: () => ext.actions.addTermList(id, { lang: 'de', entries: 'Glossar\nTerminologie' }),
        before: collections([name, { en: ['Kubernetes'] }]),
        after: collections([name, { de: ['Glossar', 'Terminologie'], en: ['Kubernetes'] }]),
      };
    },
  },
  {
    label: 'rename collection', method: 'PATCH', path: COLLECTION_ID_PATH,
    async prepare(p) {
      const id = addCollection(`${p}old`, { en: ['Kubernetes'] });
      return {
        run: () => ext.actions.renameCollection(id, `${p}renamed`),
        before: collections([`${p}old`, { en: ['Kubernetes'] }]),
        after: collections([`${p}renamed`, { en: ['Kubernetes'] }]),
      };
    },
  },
  {
    label: 'delete collection', method: 'DELETE', path: COLLECTION_ID_PATH,
    async prepare(p) {
      const id = addCollection(`${p}gone`, { en: ['Kubernetes'] });
      return { run: () => ext.actions.deleteCollection(id), before: collections([`${p}gone`, { en: ['Kubernetes'] }]), after: collections() };
    },
  },
  {
    label: 'delete term list', method: 'DELETE', path: TERM_LISTS_PATH,
    async prepare(p) {
      const name = `${p}two`;
      const id = addCollection(name, { en: ['Kubernetes'], de: ['Glossar'] });
      return {
        run: () => ext.actions.deleteTermList(id, 'de'),
        before: collections([name, { de: ['Glossar'], en: ['Kubernetes'] }]),
        after: collections([name, { en: ['Kubernetes'] }]),
      };
    },
  },
  { label: 'add instruction (save list)', method: 'POST', path: INSTRUCTIONS_PATH, prepare: saveStyleList },
  { label: 'save style list (check)', method: 'GET', path: STYLE_ID_PATH, prepare: saveStyleList },
  {
    label: 'import memory', method: 'POST', path: '^/v3/translation_memories/import$', unsure: true,
    async prepare(p) {
      const name = `${p}imported`;
      const file = cellFile(p, 'import.tmx');
      writeFileSync(file, sampleTmx(MEMORY_UNITS));
      return {
        run: () => ext.actions.importTmx(vscode.Uri.file(file), name, { pollIntervalMs: 10 }).then((job) => {
          if (job.status !== 'completed') throw new Error(`the import job ended ${job.status}: ${job.errorMessage ?? ''}`);
        }),
        before: EMPTY,
        after: { ...EMPTY, memories: [{ name, segments: MEMORY_UNITS }], jobs: { import: 1, export: 0 } },
        leftover: { ...EMPTY, jobs: { import: 1, export: 0 } },
        creates: { what: 'import jobs', count: () => cellJobs(p).filter((j) => j.operation === 'import').length },
      };
    },
  },
  {
    label: 'export memory', method: 'POST', path: '^/v3/translation_memories/[^/]+/export$', unsure: true,
    async prepare(p) {
      const name = `${p}memory`;
      const id = addMemory(name, MEMORY_UNITS);
      const memory = { ...EMPTY, memories: [{ name, segments: MEMORY_UNITS }] };
      return {
        run: () => ext.actions.exportTmx(id, vscode.Uri.file(exportFile(p)), { pollIntervalMs: 10 }),
        before: memory,
        after: { ...memory, jobs: { import: 0, export: 1 }, exported: ['export.tmx'] },
        leftover: { ...memory, jobs: { import: 0, export: 1 } },
        creates: { what: 'export jobs', count: () => cellJobs(p).filter((j) => j.operation === 'export').length },
      };
    },
  },
];

// ---- columns: the faults -----------------------------------------------------------------------------------------

interface Column {
  label: string;
  /** The fault, or the fault of row number `r`. */
  fault: Omit<Fault, 'path' | 'method'> | ((r: number) => Omit<Fault, 'path' | 'method'>);
  /** Retries cover it: the operation must succeed. Otherwise it must fail, with a message matching `says`. */
  recovers: boolean;
  says?: RegExp[];
  /** The fault leaves open whether the service acted (it came after the request was sent, or the client cannot tell):
   * a row that cannot look its create up (`unsure`) must fail saying the job may exist, after a single attempt. */
  ambiguous?: boolean;
  /** The fewest attempts of the write the fault implies (the retries happened); for a create that adopts what
   * the first attempt made, one. */
  attempts?: number | ((row: Row) => number);
  /** The operation cannot end sooner (the time limit of an attempt was reached, or the Retry-After waited for). */
  minMs?: number | ((r: number) => number);
}

/** What to do next, in the message of a failure (case-sensitive: "Delete a glossary" is advice, "DELETE /v3/…" is not). */
const WHAT_TO_DO = /[Tt]ry again|save again|Set it again|Refresh|Check the|Delete |[Uu]pgrade the plan|raise the/;

/** The Retry-After of the 502 column in row `r`: 1, 2 or 3 s in every third row (0 in the others, to keep the run
 * short). */
const retryAfter502 = (r: number) => (r % 3 === 0 ? 1 + ((r / 3) % 3) : 0);

const columns: Column[] = [
  { label: '429×2', fault: { count: 2, status: 429, retryAfter: 0 }, recovers: true, attempts: 3 },
  { label: '503 burst', fault: { count: 50, status: 503, retryAfter: 0 }, recovers: false, says: [/\b503\b/], attempts: 5 },
  { label: 'drop', fault: { count: 1, drop: true }, recovers: true, ambiguous: true, attempts: 2 },
  { label: 'lost answer', fault: { count: 1, dropAfter: true }, recovers: true, ambiguous: true, attempts: 1 },
  { label: 'malformed', fault: { count: 1, malformed: true }, recovers: false, ambiguous: true, says: [/not JSON/i] },
  { label: 'timeout', fault: { count: 1, latencyMs: TIMEOUT_MS + 600 }, recovers: true, ambiguous: true, attempts: (row) => (row.method === 'POST' ? 1 : 2), minMs: TIMEOUT_MS },
  // Carried out, then answered 500: a write sent again does no harm, a create is found and adopted.
  { label: '500 after acting', fault: { count: 1, status: 500, after: true }, recovers: true, ambiguous: true, attempts: (row) => (row.method === 'POST' ? 1 : 2) },
  // Answered 502 before acting, with a real Retry-After: a create is looked for, not found, and sent again.
  { label: '502 RA 0-3 s', fault: (r) => ({ count: 1, status: 502, retryAfter: retryAfter502(r) }), recovers: true, ambiguous: true, attempts: 2, minMs: (r) => retryAfter502(r) * 1000 },
  { label: '401', fault: { count: 1, status: 401 }, recovers: false, says: [/\b401\b/, /API key/] },
  { label: '456 quota', fault: { count: 1, status: 456 }, recovers: false, says: [/\b456\b/, /limit/i] },
];

// ---- the cells ---------------------------------------------------------------------------------------------------

const results = new Map<string, { ok: boolean; ms: number; why?: string }>();
/** What the user was told, per cell that failed as it should. */
const messages = new Map<string, string>();
const cellKey = (r: number, c: number) => `${r}:${c}`;

async function settled(): Promise<void> {
  // A request the client gave up on (a timeout) may still be at the service: wait until nothing is in flight.
  for (let i = 0; i < 100 && service().concurrency.current > 0; i++) await new Promise((r) => setTimeout(r, 50));
}

async function closeDocument(doc: vscode.TextDocument): Promise<void> {
  if (doc.isClosed) return;
  await vscode.window.showTextDocument(doc);
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
}

async function runCell(row: Row, r: number, column: Column, prefix: string, key: string): Promise<void> {
  const cell = await row.prepare(prefix);
  try {
    assert.deepEqual(snapshot(prefix), cell.before, 'the set-up state');
    const text = cell.doc?.getText();
    const keeps = (now: string | undefined) => (cell.keeps && now !== undefined && text !== undefined ? cell.keeps(now, text) : now === text);
    const writes = () => service().requests.filter((q) => q.method === row.method && new RegExp(row.path).test(q.path)).length;
    const writesBefore = writes();
    const fault = typeof column.fault === 'function' ? column.fault(r) : column.fault;
    // A create that cannot be looked up is not sent again after a fault that leaves open whether the service acted.
    const unsure = row.unsure === true && column.ambiguous === true;
    const recovers = column.recovers && !unsure;
    service().injectFault({ ...fault, path: row.path, method: row.method });
    let failure: unknown;
    const t0 = Date.now();
    try {
      await cell.run();
    } catch (err) {
      failure = err;
    } finally {
      service().clearFaults();
    }
    const took = Date.now() - t0;
    await settled();
    const state = snapshot(prefix);
    const fewest = typeof column.attempts === 'function' ? column.attempts(row) : column.attempts;
    const attempts = writes() - writesBefore;

    // Nothing is created twice.
    if (cell.creates) {
      const made = cell.creates.count();
      assert.ok(made <= 1, `${made} ${cell.creates.what} (created twice)`);
    }
    // The old state or the new one, never a half (nor a duplicate); or, after an error saying that the outcome is not
    // known, the job the operation started and could not find again.
    const isOld = isDeepStrictEqual(state, cell.before);
    const isNew = isDeepStrictEqual(state, cell.after);
    const isLeftover = cell.leftover !== undefined && isDeepStrictEqual(state, cell.leftover)
      && (failure as { outcomeUnknown?: boolean } | undefined)?.outcomeUnknown === true;
    assert.ok(isOld || isNew || isLeftover, `the service holds neither the old nor the new state: ${JSON.stringify(state)}`);

    if (recovers) {
      if (failure) throw new Error(`expected the retries to recover, but it failed: ${(failure as Error).message}`);
      assert.ok(isNew, 'the operation succeeded, so the service holds the new state');
      if (fewest) assert.ok(attempts >= fewest, `${attempts} attempt(s) of ${row.method}, expected at least ${fewest}`);
      const minMs = typeof column.minMs === 'function' ? column.minMs(r) : column.minMs;
      if (minMs) assert.ok(took >= minMs, `done in ${took} ms: the fault did not make it wait ${minMs} ms`);
      if (cell.doc) {
        assert.equal(cell.doc.isDirty, false, 'a pushed document is clean');
        assert.ok(keeps(cell.doc.getText()), 'the pushed document keeps its text');
      }
    } else {
      assert.ok(failure, 'the operation must fail');
      const message = failure instanceof Error ? failure.message : String(failure);
      messages.set(key, message);
      assert.ok(message.trim(), 'the error has a message');
      for (const says of column.says ?? []) assert.match(message, says, 'the error names what happened');
      assert.match(message, WHAT_TO_DO, 'the error says what to do');
      if (unsure) {
        assert.ok((failure as { outcomeUnknown?: boolean }).outcomeUnknown === true, `the error says the outcome is not known: ${message}`);
        assert.match(message, /may have (been carried out|carried the request out)\. It was not sent again/, 'the error says the job may exist, and was not asked for again');
        assert.equal(attempts, 1, `${row.method} sent once, never again`);
      } else if (fewest) assert.equal(attempts, fewest, `attempts of ${row.method}`);
      if (cell.doc) {
        assert.ok(failure instanceof vscode.FileSystemError, `the save fails with a FileSystemError, not ${(failure as Error).name}`);
        assert.match(message, /your text is kept/i, 'the save says the text is kept');
        assert.equal(cell.doc.isDirty, true, 'the document stays dirty');
        assert.equal(cell.doc.getText(), text, 'the document keeps the user\'s text');
      }
    }
    // However the operation ended, the user's text is where it was.
    if (cell.doc) assert.ok(keeps(cell.doc.getText()), 'the user\'s text is kept');
  } finally {
    service().clearFaults();
    if (cell.doc) await closeDocument(cell.doc);
    removeCell(prefix);
  }
}

describe('fault matrix: every remote-changing operation under every fault of the emulator', function () {
  this.timeout(60_000);
  let previousTimeout: number | undefined;
  let started = 0;
  let restoreWriteFile: (() => void) | undefined;
  let previousJobs: { jobsPaused?: boolean; jobStepMs?: number } = {};

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    const config = vscode.workspace.getConfiguration('terminology');
    previousTimeout = config.inspect<number>('requestTimeoutMs')?.globalValue;
    await config.update('requestTimeoutMs', TIMEOUT_MS, vscode.ConfigurationTarget.Global);
    localFile = await vscode.workspace.openTextDocument({ language: 'glossary-tsv', content: 'cloud\tWolke\nhelp\tHilfe\n' });
    // doc.save() only says false: keep the error the file system gave VS Code, which VS Code shows the user.
    const restores = [ext.documents, ext.styleRuleDocuments.fs].map((provider) => {
      const fs = provider as unknown as { writeFile: (...args: unknown[]) => Promise<void> };
      const original = fs.writeFile;
      fs.writeFile = async function (this: unknown, ...args: unknown[]) {
        try {
          return await original.apply(this, args);
        } catch (err) {
          lastSaveError = err;
          throw err;
        }
      };
      return () => { fs.writeFile = original; };
    });
    restoreWriteFile = () => restores.forEach((restore) => restore());
    // Jobs move one step per poll, so that an import or export cell ends in milliseconds.
    previousJobs = { jobsPaused: service().config.jobsPaused, jobStepMs: service().config.jobStepMs };
    Object.assign(service().config, { jobsPaused: false, jobStepMs: 0 });
    mkdirSync(FILES, { recursive: true });
    started = Date.now();
  });

  after(async () => {
    restoreWriteFile?.();
    service().clearFaults();
    Object.assign(service().config, previousJobs);
    rmSync(FILES, { recursive: true, force: true });
    await vscode.workspace.getConfiguration('terminology').update('requestTimeoutMs', previousTimeout, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    ext.glossaries.refresh();
    ext.spokenTerms.refresh();
    ext.styleRules.refresh();
    ext.memories.tree.refresh();
  });

  rows.forEach((row, r) => {
    columns.forEach((column, c) => {
      it(`${row.label} × ${column.label}`, async () => {
        const t0 = Date.now();
        try {
          await runCell(row, r, column, `Fault r${r} c${c} `, cellKey(r, c));
          results.set(cellKey(r, c), { ok: true, ms: Date.now() - t0 });
        } catch (err) {
          results.set(cellKey(r, c), { ok: false, ms: Date.now() - t0, why: (err as Error).message });
          throw err;
        }
      });
    });
  });

  it('prints the fault matrix: every cell passed', () => {
    const width = Math.max(...rows.map((r) => r.label.length));
    const colWidths = columns.map((c) => Math.max(c.label.length, 3));
    const lines = [
      `${''.padEnd(width)} | ${columns.map((c, i) => c.label.padEnd(colWidths[i])).join(' | ')}`,
      `${'-'.repeat(width)}-+-${colWidths.map((w) => '-'.repeat(w)).join('-+-')}`,
    ];
    let passed = 0;
    const failures: string[] = [];
    rows.forEach((row, r) => {
      const cells = columns.map((column, c) => {
        const res = results.get(cellKey(r, c));
        if (res?.ok) passed++;
        else failures.push(`${row.label} × ${column.label}: ${res?.why ?? 'did not run'}`);
        return (res?.ok ? '✔' : '✘').padEnd(colWidths[c]);
      });
      lines.push(`${row.label.padEnd(width)} | ${cells.join(' | ')}`);
    });
    const total = rows.length * columns.length;
    for (const line of lines) note(line);
    note(`${total} cells, ${passed} passed, ${total - passed} failed, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // What the user reads, for a save and for an explorer action, and for a create that cannot be looked up.
    for (const r of [0, rows.findIndex((x) => x.label === 'delete glossary'), rows.findIndex((x) => x.label === 'import memory')]) {
      columns.forEach((column, c) => {
        const said = messages.get(cellKey(r, c));
        if (said) note(`${rows[r].label} × ${column.label}: ${said.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '<id>')}`);
      });
    }
    const slowest = [...results].sort((a, b) => b[1].ms - a[1].ms)[0];
    if (slowest) note(`slowest cell: ${rows[Number(slowest[0].split(':')[0])].label} × ${columns[Number(slowest[0].split(':')[1])].label}, ${slowest[1].ms} ms`);
    assert.deepEqual(failures, [], 'every cell passes');
  });
});
