// A model-based test of the remote document lifecycle: random walks over the real FileSystemProvider, the real
// VS Code document and the emulator. Steps: edit (add, change or delete an entry), save, auto-save, Pull (Merge or
// Discard), Undo, Redo, a colleague's remote change, Overwrite, close and reopen.
//
// The model keeps two sets of obligations:
// - `remote`: entries a colleague added or changed that the service must keep. One is released only when the user
//   changed or deleted that entry in a text that showed it, chose their side of a conflict block that showed it,
//   pushed a text that showed it (from then on it is the user's text too), or confirmed Overwrite.
// - `typed`: entries the user typed that the document must keep. Released by a push (the service holds them), a
//   discarding Pull or a revert (both confirmed), a later edit of the same entry, the remote side of a conflict
//   block, and Undo (the user's own history: after Undo or Redo they are the typed entries the text shows).
// After every step: every `remote` obligation is in the service, every `typed` one in the document; only a save
// or an Overwrite sent anything (auto-save never pushes); a push sent exactly the document's entries.
//
// Auto-save is real: for the whole run `files.autoSave` is `afterDelay` (100 ms), also for the glossary-tsv
// language (the extension turns it off there by default), so VS Code auto-saves in the background after every
// edit; the auto-save step waits until VS Code has fired onWillSaveTextDocument with reason AfterDelay.
//
// A hand-rolled random walk with a fixed seed (printed): sequence i uses seed SEED + i, so a failure is replayed
// alone with TERMINOLOGY_MODEL_SEED=<its seed> TERMINOLOGY_MODEL_RUNS=1. TERMINOLOGY_MODEL_RUNS and
// TERMINOLOGY_MODEL_STEPS run more (30 sequences of 12 steps by default).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TerminologyApi } from '../../src/extension';
import type { Account } from '../emulator/state';
import { note } from './report';
import { api, PAID_KEY, service } from './service';

const SEED = Number(process.env.TERMINOLOGY_MODEL_SEED ?? 13013);
const RUNS = Number(process.env.TERMINOLOGY_MODEL_RUNS ?? 30);
const STEPS = Number(process.env.TERMINOLOGY_MODEL_STEPS ?? 12);
const PAIR = { sourceLang: 'en', targetLang: 'de' };
const SOURCES = ['cloud', 'server', 'invoice', 'price', 'login', 'help', 'draft'];

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

const account = (): Account => service().state.accounts[PAID_KEY];
const pushes = () => service().requests.filter((r) => r.method === 'PUT' || r.method === 'PATCH').length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The entry lines of a text (conflict markers excluded), as source → target. */
function entriesOf(text: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const tab = line.indexOf('\t');
    if (tab > 0 && !/^(<{7}|={7}|>{7})/.test(line)) m.set(line.slice(0, tab), line.slice(tab + 1));
  }
  return m;
}
const sameEntries = (a: Map<string, string>, b: Map<string, string>) => a.size === b.size && [...a].every(([s, t]) => b.get(s) === t);
const show = (m: Map<string, string>) => [...m].map(([s, t]) => `${s}=${t}`).join(' ') || '∅';

type StepKind = 'edit' | 'save' | 'autosave' | 'merge' | 'discard' | 'undo' | 'redo' | 'remote' | 'overwrite' | 'reopen';
const WEIGHTS: Array<[StepKind, number]> = [
  ['edit', 5], ['save', 3], ['remote', 3], ['merge', 2], ['undo', 2], ['redo', 1], ['discard', 1], ['autosave', 1], ['overwrite', 1], ['reopen', 1],
];
const TOTAL = WEIGHTS.reduce((n, [, w]) => n + w, 0);

interface Stats { steps: Record<string, number>; pushed: number; refused: number; conflicts: number; autoSaves: number; overwrites: number; dirtyPulls: number }

describe('Document lifecycle (model-based)', function () {
  this.timeout(Math.max(120_000, RUNS * STEPS * 3000));
  let ext: TerminologyApi;
  const autoSaves: vscode.Uri[] = [];
  let sub: vscode.Disposable | undefined;
  const tsvFiles = () => vscode.workspace.getConfiguration('files', { languageId: 'glossary-tsv' });

  before(async () => {
    ext = await api();
    if (!(await ext.actions.setApiKey(PAID_KEY))) throw new Error('the emulator key was refused');
    sub = vscode.workspace.onWillSaveTextDocument((e) => {
      if (e.reason === vscode.TextDocumentSaveReason.AfterDelay) autoSaves.push(e.document.uri);
    });
    await vscode.workspace.getConfiguration('files').update('autoSaveDelay', 100, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('files').update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
    await tsvFiles().update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global, true);
    assert.equal(tsvFiles().get('autoSave'), 'afterDelay', 'auto-save is on for glossary-tsv documents');
  });

  after(async () => {
    sub?.dispose();
    await tsvFiles().update('autoSave', undefined, vscode.ConfigurationTarget.Global, true);
    await vscode.workspace.getConfiguration('files').update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('files').update('autoSaveDelay', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it(`loses no remote change and no typed entry: ${RUNS} sequences of ${STEPS} steps, seed ${SEED}`, async () => {
    const started = Date.now();
    const stats: Stats = { steps: {}, pushed: 0, refused: 0, conflicts: 0, autoSaves: 0, overwrites: 0, dirtyPulls: 0 };
    const autoSavesBefore = autoSaves.length;
    note(`model: seed ${SEED}, ${RUNS} sequences of ${STEPS} steps (replay one: TERMINOLOGY_MODEL_SEED=<seed> TERMINOLOGY_MODEL_RUNS=1)`);
    for (let i = 0; i < RUNS; i++) await sequence(SEED + i, stats);
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    stats.autoSaves = autoSaves.length - autoSavesBefore;
    note(`model: ${RUNS * STEPS} steps in ${secs} s; ${Object.entries(stats.steps).map(([k, n]) => `${k} ${n}`).join(', ')}`);
    note(`model: ${stats.pushed} pushes, ${stats.refused} saves refused, ${stats.conflicts} conflict blocks resolved, ${stats.autoSaves} auto-saves seen (none pushed), ${stats.overwrites} overwrites, ${stats.dirtyPulls} Pulls left dirty by an auto-save in flight`);
    assert.ok(stats.pushed > 0 && stats.refused > 0 && stats.autoSaves > 0, 'the walk exercised pushes, refusals and auto-saves');
  });

  async function sequence(seed: number, stats: Stats): Promise<void> {
    const rnd = prng(seed);
    const glossary = { glossaryId: `0de10000-0000-4000-8000-${seed.toString(16).padStart(12, '0')}`, name: `Model ${seed}` };
    const initial: Array<[string, string]> = SOURCES.filter(() => rnd.next() < 0.5).map((s, k) => [s, `i${k}`]);
    account().glossaries.push({ glossary_id: glossary.glossaryId, name: glossary.name, creation_time: '2026-11-13T00:00:00Z', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: initial }] });
    const dictionary = () => account().glossaries.find((g) => g.glossary_id === glossary.glossaryId)!.dictionaries[0];
    const serviceHas = () => new Map(dictionary().entries);

    const remote = new Map<string, string>();
    const typed = new Map<string, string>();
    let typedSince = new Set<string>();
    let counter = 0;
    const trace: string[] = [`seed ${seed}: remote ${show(serviceHas())}`];
    let doc = await ext.actions.openDictionary(glossary, PAIR);
    const fail = (why: string): never => {
      throw new Error(`${why}\n  replay: TERMINOLOGY_MODEL_SEED=${seed} TERMINOLOGY_MODEL_RUNS=1 TERMINOLOGY_MODEL_STEPS=${STEPS}\n  ${trace.join('\n  ')}\n  document: ${JSON.stringify(doc.getText())}\n  service: ${show(serviceHas())}`);
    };
    const editor = () => vscode.window.showTextDocument(doc, { preview: false });
    const replaceAll = async (build: (e: vscode.WorkspaceEdit) => void) => {
      const e = new vscode.WorkspaceEdit();
      build(e);
      if (!await vscode.workspace.applyEdit(e)) fail('an edit was refused');
    };
    const entryLines = () => {
      const out: Array<{ line: number; source: string; target: string }> = [];
      for (let k = 0; k < doc.lineCount; k++) {
        const text = doc.lineAt(k).text;
        const tab = text.indexOf('\t');
        if (tab > 0 && !/^(<{7}|={7}|>{7})/.test(text)) out.push({ line: k, source: text.slice(0, tab), target: text.slice(tab + 1) });
      }
      return out;
    };

    /** One user edit: add, change or delete an entry (the edit touches only that line). A clean document may be
     * reloading (it follows the remote): an edit VS Code refuses meanwhile is planned again. */
    const edit = async (): Promise<string> => {
      for (let attempt = 0; ; attempt++) {
        const r = await tryEdit();
        if (r) return r;
        if (attempt === 5) fail('VS Code refused the edit six times');
        await sleep(100);
      }
    };
    const tryEdit = async (): Promise<string | undefined> => {
      const lines = entryLines();
      const free = SOURCES.filter((s) => !lines.some((l) => l.source === s));
      const op = !lines.length ? 'add' : !free.length ? rnd.pick(['change', 'delete'] as const) : rnd.pick(['add', 'change', 'delete'] as const);
      const target = `u${counter + 1}`;
      const e = new vscode.WorkspaceEdit();
      let done: () => string;
      if (op === 'add') {
        const source = rnd.pick(free);
        const at = lines.length ? rnd.pick([...lines.map((l) => l.line), lines[lines.length - 1].line + 1]) : doc.lineCount - 1;
        e.insert(doc.uri, new vscode.Position(at, 0), `${source}\t${target}\n`);
        done = () => {
          typed.set(source, target);
          typedSince.add(`${source}\t${target}`);
          return `edit: add ${source}=${target}`;
        };
      } else {
        const l = rnd.pick(lines);
        if (op === 'change') e.replace(doc.uri, new vscode.Range(l.line, l.source.length + 1, l.line, doc.lineAt(l.line).text.length), target);
        else e.delete(doc.uri, new vscode.Range(l.line, 0, l.line + 1, 0));
        done = () => {
          // The user changes or deletes an entry in a text that shows it: a colleague's version of it is released.
          if (remote.get(l.source) === l.target) remote.delete(l.source);
          typed.delete(l.source);
          if (op === 'delete') return `edit: delete ${l.source}=${l.target}`;
          typed.set(l.source, target);
          typedSince.add(`${l.source}\t${target}`);
          return `edit: change ${l.source}=${l.target} to ${target}`;
        };
      }
      const version = doc.version;
      if (!await vscode.workspace.applyEdit(e)) return undefined;
      if (doc.version !== version + 1) fail('the edit raced with another change of the document');
      counter++;
      return done();
    };

    /** A clean document follows the remote: after a step that fetched, wait (10 s at most: on a loaded machine the
     * reload took over 2 s, and the next edit raced with it) for VS Code's reload. */
    const settle = async () => {
      const deadline = Date.now() + 10_000;
      while (!doc.isDirty && Date.now() < deadline) {
        const base = ext.documents.base(doc.uri);
        if (base === undefined || sameEntries(entriesOf(base), entriesOf(doc.getText()))) return;
        await sleep(50);
      }
    };

    /** A push went through: the service holds the document's entries, which release both kinds of obligation. */
    const pushedNow = () => {
      const shown = entriesOf(doc.getText());
      const held = serviceHas();
      if (!sameEntries(shown, held)) {
        fail(`the push sent something else than the document: document ${show(shown)}, service ${show(held)}`);
      }
      for (const [s, t] of [...remote]) if (shown.get(s) === t) remote.delete(s);
      typed.clear();
      typedSince = new Set();
    };

    const afterUndoRedo = () => {
      const shown = entriesOf(doc.getText());
      typed.clear();
      for (const e of typedSince) {
        const [s, t] = e.split('\t');
        if (shown.get(s) === t) typed.set(s, t);
      }
    };

    const steps: Record<StepKind, () => Promise<string>> = {
      edit,
      async save() {
        const before = pushes();
        const ok = await doc.save();
        if (pushes() > before) {
          stats.pushed++;
          pushedNow();
          return `save: pushed (${ok})`;
        }
        if (!ok) {
          stats.refused++;
          if (!doc.isDirty) fail('a refused save left the document clean');
        } else if (!doc.isDirty) {
          typed.clear(); // nothing needed sending: the entries are the base's or the service's already
          typedSince = new Set();
        }
        return `save: ${ok ? 'nothing to send' : 'refused'}`;
      },
      async autosave() {
        // Typing is what schedules an auto-save: one edit, then wait for VS Code to save after the delay. VS Code
        // does not auto-save a document again once an auto-save failed (until a save succeeds), so this waits 1 s
        // at most; every auto-save of the run, in this step or in the background, is counted.
        const seen = autoSaves.length;
        const step = `${await edit()}, then auto-save`;
        const text = doc.getText();
        const deadline = Date.now() + 1000;
        while (!autoSaves.slice(seen).some((u) => u.toString() === doc.uri.toString()) && Date.now() < deadline) await sleep(25);
        const fired = autoSaves.length > seen;
        if (fired) await sleep(250); // the write (refused) runs after the will-save event
        if (!doc.isDirty) fail('an auto-save made the document clean');
        if (doc.getText() !== text) fail('an auto-save changed the text');
        return `${step} ${fired ? 'attempted' : 'not attempted (an earlier one failed)'}`;
      },
      async merge() {
        const result = await ext.actions.mergeWithRemote(doc.uri);
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
            if (keepYours) {
              for (const [s, t] of entriesOf(theirs.join('\n'))) if (remote.get(s) === t) remote.delete(s);
            } else {
              for (const [s, t] of entriesOf(yours.join('\n'))) if (typed.get(s) === t) typed.delete(s);
            }
            step += `; kept ${keepYours ? 'yours' : 'remote'} (${yours.join('|') || '-'} / ${theirs.join('|') || '-'})`;
          }
          await replaceAll((e) => e.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), out.join('\n')));
        }
        return step;
      },
      async discard() {
        await ext.actions.pull(doc.uri);
        typed.clear();
        typedSince = new Set();
        if (!sameEntries(entriesOf(doc.getText()), serviceHas())) fail('Pull did not show the remote version');
        // Pull ends with a save that sends nothing and marks the document clean; when an auto-save of the same text
        // is in flight, VS Code joins it, that one is refused, and the document stays dirty (with the remote's text,
        // which a later save does not send). Counted, not failed.
        if (doc.isDirty) stats.dirtyPulls++;
        return `pull: discard${doc.isDirty ? ' (left dirty: an auto-save was in flight)' : ''}`;
      },
      async undo() {
        await editor();
        await vscode.commands.executeCommand('undo');
        afterUndoRedo();
        return 'undo';
      },
      async redo() {
        await editor();
        await vscode.commands.executeCommand('redo');
        afterUndoRedo();
        return 'redo';
      },
      async remote() {
        const d = dictionary();
        const free = SOURCES.filter((s) => !d.entries.some(([x]) => x === s));
        const op = !d.entries.length ? 'add' : !free.length ? rnd.pick(['change', 'delete'] as const) : rnd.pick(['add', 'change', 'change', 'delete'] as const);
        const target = `c${++counter}`;
        if (op === 'add') {
          const source = rnd.pick(free);
          d.entries = [...d.entries, [source, target]];
          remote.set(source, target);
          return `remote: add ${source}=${target}`;
        }
        const [source, old] = rnd.pick(d.entries);
        if (op === 'change') {
          d.entries = d.entries.map(([s, t]) => [s, s === source ? target : t]);
          remote.set(source, target);
          return `remote: change ${source}=${old} to ${target}`;
        }
        d.entries = d.entries.filter(([s]) => s !== source);
        remote.delete(source);
        return `remote: delete ${source}=${old}`;
      },
      async overwrite() {
        const before = pushes();
        const ok = await ext.actions.overwriteRemote(doc.uri);
        if (pushes() > before) {
          stats.overwrites++;
          remote.clear(); // confirmed
          pushedNow();
          return 'overwrite: pushed';
        }
        return `overwrite: ${ok ? 'nothing to send' : 'refused'}`;
      },
      async reopen() {
        await editor();
        // Revert and close act on the active editor: say which one it was, should the revert not take.
        const active = vscode.window.activeTextEditor?.document.uri.toString() ?? 'none';
        await vscode.commands.executeCommand('workbench.action.files.revert');
        if (doc.isDirty) fail(`Revert left the document dirty (the active editor was ${active === doc.uri.toString() ? 'this document' : active})`);
        await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
        typed.clear(); // revert is a confirmed discard
        typedSince = new Set();
        doc = await ext.actions.openDictionary(glossary, PAIR);
        if (doc.isDirty) fail('a reopened document is dirty');
        return 'close and reopen';
      },
    };

    try {
      for (let step = 1; step <= STEPS; step++) {
        let r = rnd.int(TOTAL);
        const kind = WEIGHTS.find(([, w]) => (r -= w) < 0)![0];
        stats.steps[kind] = (stats.steps[kind] ?? 0) + 1;
        const before = pushes();
        let what: string;
        try {
          what = await steps[kind]();
          await settle();
        } catch (err) {
          trace.push(`#${step} ${kind}: threw ${(err as Error).message}`);
          if ((err as Error).message.includes('replay:')) throw err;
          return fail(`step ${step} (${kind}) threw`);
        }
        trace.push(`#${step} ${what} → document ${show(entriesOf(doc.getText()))}${doc.isDirty ? ' (dirty)' : ''}, service ${show(serviceHas())}`);
        if (pushes() > before && kind !== 'save' && kind !== 'overwrite') fail(`step ${step} (${kind}) pushed: only an explicit save or Overwrite may`);
        const held = serviceHas();
        for (const [s, t] of remote) if (held.get(s) !== t) fail(`the service lost the colleague's ${s}=${t} (step ${step}, ${kind})`);
        const shown = entriesOf(doc.getText());
        for (const [s, t] of typed) if (shown.get(s) !== t) fail(`the document lost the typed ${s}=${t} (step ${step}, ${kind})`);
      }
    } finally {
      await vscode.window.showTextDocument(doc).then(() => vscode.commands.executeCommand('workbench.action.files.revert'), () => undefined);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      account().glossaries = account().glossaries.filter((g) => g.glossary_id !== glossary.glossaryId);
    }
  }
});
