// The fault matrix (issue 13, item 5): every operation that changes the service, under every fault the emulator
// can inject. Rows are operations, columns are faults; each cell sets up its own glossary or collection, injects
// the fault on the operation's write (scoped by path and method, so the reads before it go through), runs the
// action as the command would, clears the faults, and checks:
//   - the user's text is kept (a remote document stays dirty with its text when the save fails);
//   - nothing is created twice (glossaries and collections of that name in the emulator);
//   - the service holds the old state or the new one, never a half;
//   - a failure says what happened (the status or the cause) and what to do; a failed save says the text is kept.
// Faults the retries cover (a 429 burst with Retry-After: 0, one dropped connection, one lost answer, one attempt
// beyond the timeout) must end in success; the others must fail with such a message.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import type { Fault } from '../emulator/server';
import type { Account } from '../emulator/state';
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

/** What the service holds for a cell: its glossaries and collections (by name prefix), without ids or times. */
interface Snapshot {
  glossaries: Array<{ name: string; dictionaries: Record<string, Entries> }>;
  collections: Array<{ name: string; lists: Record<string, string[]> }>;
}

function snapshot(prefix: string): Snapshot {
  const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
  return {
    glossaries: account().glossaries.filter((g) => g.name.startsWith(prefix)).map((g) => ({
      name: g.name,
      dictionaries: Object.fromEntries(g.dictionaries.map((d): [string, Entries] => [`${d.source_lang}-${d.target_lang}`, d.entries.map(([s, t]) => [s, t])]).sort(([a], [b]) => a.localeCompare(b))),
    })).sort(byName),
    collections: account().spokenTerms.filter((c) => c.name.startsWith(prefix)).map((c) => ({
      name: c.name,
      lists: Object.fromEntries(c.term_lists.map((l): [string, string[]] => [l.lang, [...l.terms]]).sort(([a], [b]) => a.localeCompare(b))),
    })).sort(byName),
  };
}

const glossaries = (...gs: Array<[string, Record<string, Entries>]>): Snapshot => ({ glossaries: gs.map(([name, dictionaries]) => ({ name, dictionaries })), collections: [] });
const collections = (...cs: Array<[string, Record<string, string[]>]>): Snapshot => ({ glossaries: [], collections: cs.map(([name, lists]) => ({ name, lists })) });

function removeCell(prefix: string): void {
  account().glossaries = account().glossaries.filter((g) => !g.name.startsWith(prefix));
  account().spokenTerms = account().spokenTerms.filter((c) => !c.name.startsWith(prefix));
}

// ---- rows: the operations ----------------------------------------------------------------------------------------

interface Prepared {
  /** Runs the operation as its command would; rejects with the error the user would be shown. */
  run(): Promise<unknown>;
  before: Snapshot;
  after: Snapshot;
  /** The name of what the operation creates, when it creates a glossary or collection. */
  creates?: { kind: 'glossary' | 'collection'; name: string };
  /** A remote document with the user's text. */
  doc?: vscode.TextDocument;
}

interface Row {
  label: string;
  /** The write the fault goes to. */
  method: string;
  path: string;
  prepare(prefix: string): Promise<Prepared>;
}

const CLOUD: Entries = [['cloud', 'Wolke'], ['server', 'Server']];
const GLOSSARY_ID_PATH = '^/v3/glossaries/[^/]+$';
const DICTIONARIES_PATH = '^/v3/glossaries/[^/]+/dictionaries$';
const COLLECTION_ID_PATH = '^/v3/spoken-terms/[^/]+$';
const TERM_LISTS_PATH = '^/v3/spoken-terms/[^/]+/term-lists$';

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

const rows: Row[] = [
  {
    label: 'save dictionary', method: 'PUT', path: DICTIONARIES_PATH,
    async prepare(p) {
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
    },
  },
  {
    label: 'save term list', method: 'PUT', path: TERM_LISTS_PATH,
    async prepare(p) {
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
    },
  },
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
        creates: { kind: 'glossary', name },
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
        creates: { kind: 'collection', name },
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
];

// ---- columns: the faults -----------------------------------------------------------------------------------------

interface Column {
  label: string;
  fault: Omit<Fault, 'path' | 'method'>;
  /** Retries cover it: the operation must succeed. Otherwise it must fail, with a message matching `says`. */
  recovers: boolean;
  says?: RegExp[];
  /** The fewest attempts of the write the fault implies (the retries happened); for a create that adopts what
   * the first attempt made, one. */
  attempts?: number | ((row: Row) => number);
  /** The operation cannot end sooner (the time limit of an attempt was reached). */
  minMs?: number;
}

/** What to do next, in the message of a failure (case-sensitive: "Delete a glossary" is advice, "DELETE /v3/…" is not). */
const WHAT_TO_DO = /[Tt]ry again|save again|Set it again|Refresh|Check the|Delete |[Uu]pgrade the plan|raise the/;

const columns: Column[] = [
  { label: '429×2', fault: { count: 2, status: 429, retryAfter: 0 }, recovers: true, attempts: 3 },
  { label: '503 burst', fault: { count: 50, status: 503, retryAfter: 0 }, recovers: false, says: [/\b503\b/], attempts: 5 },
  { label: 'drop', fault: { count: 1, drop: true }, recovers: true, attempts: 2 },
  { label: 'lost answer', fault: { count: 1, dropAfter: true }, recovers: true, attempts: 1 },
  { label: 'malformed', fault: { count: 1, malformed: true }, recovers: false, says: [/not JSON/i] },
  { label: 'timeout', fault: { count: 1, latencyMs: TIMEOUT_MS + 600 }, recovers: true, attempts: (row) => (row.method === 'POST' ? 1 : 2), minMs: TIMEOUT_MS },
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

async function runCell(row: Row, column: Column, prefix: string, key: string): Promise<void> {
  const cell = await row.prepare(prefix);
  try {
    assert.deepEqual(snapshot(prefix), cell.before, 'the set-up state');
    const text = cell.doc?.getText();
    const writes = () => service().requests.filter((q) => q.method === row.method && new RegExp(row.path).test(q.path)).length;
    const writesBefore = writes();
    service().injectFault({ ...column.fault, path: row.path, method: row.method });
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
      const named = cell.creates.kind === 'glossary'
        ? account().glossaries.filter((g) => g.name === cell.creates!.name).length
        : account().spokenTerms.filter((c) => c.name === cell.creates!.name).length;
      assert.ok(named <= 1, `${named} ${cell.creates.kind === 'glossary' ? 'glossaries' : 'collections'} named "${cell.creates.name}" (created twice)`);
    }
    // The old state or the new one, never a half.
    const isOld = isDeepStrictEqual(state, cell.before);
    const isNew = isDeepStrictEqual(state, cell.after);
    assert.ok(isOld || isNew, `the service holds neither the old nor the new state: ${JSON.stringify(state)}`);

    if (column.recovers) {
      if (failure) throw new Error(`expected the retries to recover, but it failed: ${(failure as Error).message}`);
      assert.ok(isNew, 'the operation succeeded, so the service holds the new state');
      if (fewest) assert.ok(attempts >= fewest, `${attempts} attempt(s) of ${row.method}, expected at least ${fewest}`);
      if (column.minMs) assert.ok(took >= column.minMs, `done in ${took} ms: the fault did not reach the time limit of ${column.minMs} ms`);
      if (cell.doc) {
        assert.equal(cell.doc.isDirty, false, 'a pushed document is clean');
        assert.equal(cell.doc.getText(), text, 'the pushed document keeps its text');
      }
    } else {
      assert.ok(failure, 'the operation must fail');
      const message = failure instanceof Error ? failure.message : String(failure);
      messages.set(key, message);
      assert.ok(message.trim(), 'the error has a message');
      for (const says of column.says ?? []) assert.match(message, says, 'the error names what happened');
      assert.match(message, WHAT_TO_DO, 'the error says what to do');
      if (fewest) assert.equal(attempts, fewest, `attempts of ${row.method}`);
      if (cell.doc) {
        assert.ok(failure instanceof vscode.FileSystemError, `the save fails with a FileSystemError, not ${(failure as Error).name}`);
        assert.match(message, /your text is kept/i, 'the save says the text is kept');
        assert.equal(cell.doc.isDirty, true, 'the document stays dirty');
        assert.equal(cell.doc.getText(), text, 'the document keeps the user\'s text');
      }
    }
    // However the operation ended, the user's text is where it was.
    if (cell.doc) assert.equal(cell.doc.getText(), text);
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

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    const config = vscode.workspace.getConfiguration('terminology');
    previousTimeout = config.inspect<number>('requestTimeoutMs')?.globalValue;
    await config.update('requestTimeoutMs', TIMEOUT_MS, vscode.ConfigurationTarget.Global);
    localFile = await vscode.workspace.openTextDocument({ language: 'glossary-tsv', content: 'cloud\tWolke\nhelp\tHilfe\n' });
    // doc.save() only says false: keep the error the file system gave VS Code, which VS Code shows the user.
    const fs = ext.documents as unknown as { writeFile: (...args: unknown[]) => Promise<void> };
    const original = fs.writeFile;
    fs.writeFile = async function (this: unknown, ...args: unknown[]) {
      try {
        return await original.apply(this, args);
      } catch (err) {
        lastSaveError = err;
        throw err;
      }
    };
    restoreWriteFile = () => { fs.writeFile = original; };
    started = Date.now();
  });

  after(async () => {
    restoreWriteFile?.();
    service().clearFaults();
    await vscode.workspace.getConfiguration('terminology').update('requestTimeoutMs', previousTimeout, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    ext.glossaries.refresh();
    ext.spokenTerms.refresh();
  });

  rows.forEach((row, r) => {
    columns.forEach((column, c) => {
      it(`${row.label} × ${column.label}`, async () => {
        const t0 = Date.now();
        try {
          await runCell(row, column, `Fault r${r} c${c} `, cellKey(r, c));
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
    // What the user reads, for a save and for an explorer action.
    for (const r of [0, rows.findIndex((x) => x.label === 'delete glossary')]) {
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
