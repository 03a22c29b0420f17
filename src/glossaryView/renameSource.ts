/** Rename Source Phrase: one source phrase, renamed in every dictionary of a glossary that has it (one call per
 * dictionary, every dictionary checked before anything is sent). The command gathers, the action does. */
import * as vscode from 'vscode';
import type { ServiceClient } from '../api';
// The core's modules by name, not its index (see esbuild.mjs: this file is in a lazy bundle).
import { lintEntries } from '../core/entries';
import { parseTsvLine } from '../core/fields';
import { parseEntries, serializeEntries, type EntryValues } from '../core/serialize';
import { GlossaryNode } from '../trees/glossaryTree';
import { clientOrThrow, requireClient, type CommandContext } from '../trees/commandContext';
import { describeError } from '../platform/errors';
import { pickGlossary } from '../platform/pickers';
import { activeDocument } from '../platform/activeDocument';
import { withCancellableProgress } from '../platform/progress';
import { parseRemoteRef, SCHEME } from '../platform/remoteUris';

const pairName = (sourceLang: string, targetLang: string) => `${sourceLang.toUpperCase()} → ${targetLang.toUpperCase()}`;

/** Some dictionaries were renamed, then one failed: which went through, which did not, which were not tried. */
export class RenameSourceError extends Error {
  constructor(readonly renamed: string[], readonly failed: string, readonly notTried: string[], readonly cause: unknown) {
    super(vscode.l10n.t('Renamed in {0}; {1} failed: {2}{3}. Run it again to rename the rest (the dictionaries done already are skipped).',
      renamed.join(', '), failed, describeError(cause), notTried.length ? vscode.l10n.t(' ({0} not tried)', notTried.join(', ')) : ''));
  }
}

export interface GlossaryViewActions {
  /** Renames source phrase `from` to `to` in every dictionary of the glossary from `sourceLang` that has it. Returns
   * the pairs renamed ("EN → DE"). Refuses before sending anything when `to` is already a source in one of them or
   * is not a valid phrase. */
  renameSourcePhrase(glossaryId: string, sourceLang: string, from: string, to: string, signal?: AbortSignal): Promise<string[]>;
}

async function renameIn(client: ServiceClient, glossaryId: string, sourceLang: string, from: string, to: string, signal?: AbortSignal): Promise<string[]> {
  if (from === to) return [];
  const g = await client.getGlossary(glossaryId, signal);
  const src = sourceLang.toLowerCase();
  const plan: { targetLang: string; entries: EntryValues[] }[] = [];
  const clashes: string[] = [];
  for (const d of g.dictionaries.filter((x) => x.sourceLang.toLowerCase() === src).sort((a, b) => a.targetLang.localeCompare(b.targetLang))) {
    const entries = parseEntries(await client.getDictionaryEntries(glossaryId, d.sourceLang, d.targetLang, signal), 'tsv').entries
      .map(({ source, target }) => ({ source, target }));
    if (!entries.some((e) => e.source === from)) continue;
    if (entries.some((e) => e.source === to)) clashes.push(pairName(src, d.targetLang));
    plan.push({ targetLang: d.targetLang.toLowerCase(), entries: entries.map((e) => (e.source === from ? { ...e, source: to } : e)) });
  }
  if (clashes.length) {
    throw new Error(vscode.l10n.t('"{0}" is already a source phrase in {1}: renaming would make a duplicate. Nothing was changed.', to, clashes.join(', ')));
  }
  if (!plan.length) throw new Error(vscode.l10n.t('No dictionary from {0} of "{1}" has the source phrase "{2}" (any more).', src.toUpperCase(), g.name, from));
  // The new phrase must pass the entry rules, as a save would require.
  const probe = lintEntries(serializeEntries([{ source: to, target: 'x' }], 'tsv'), { format: 'tsv' }).filter((f) => f.severity === 'error');
  if (probe.length) throw new Error(vscode.l10n.t('"{0}" cannot be a source phrase: {1} Nothing was changed.', to, probe[0].message));
  const renamed: string[] = [];
  for (let i = 0; i < plan.length; i++) {
    const p = plan[i];
    try {
      await client.replaceDictionary(glossaryId, { sourceLang: src, targetLang: p.targetLang, entries: serializeEntries(p.entries, 'tsv'), entriesFormat: 'tsv' }, signal);
      renamed.push(pairName(src, p.targetLang));
    } catch (err) {
      if (!renamed.length) throw err;
      throw new RenameSourceError(renamed, pairName(src, p.targetLang), plan.slice(i + 1).map((x) => pairName(src, x.targetLang)), err);
    }
  }
  return renamed;
}

/** The remote documents: fetching makes a clean document reload and an edited one keep its base; merging brings
 * the remote's changes into an edited one (three-way, conflicts marked). */
export interface RemoteDocuments {
  fetchRemote(uri: vscode.Uri): Promise<string>;
  mergeWithRemote?(uri: vscode.Uri): Promise<{ conflicts: number }>;
}

/** The open documents of a glossary's dictionaries and of its multilingual views. */
function openDocumentsOf(glossaryId: string): vscode.TextDocument[] {
  return vscode.workspace.textDocuments.filter((doc) => {
    const ref = doc.uri.scheme === SCHEME ? parseRemoteRef(doc.uri) : undefined;
    return ref !== undefined && ref.kind !== 'termList' && ref.id === glossaryId;
  });
}

export function glossaryViewActions(ctx: CommandContext, remote: RemoteDocuments): GlossaryViewActions {
  return {
    async renameSourcePhrase(glossaryId, sourceLang, from, to, signal) {
      const client = await clientOrThrow(ctx);
      let renamed = false;
      try {
        const pairs = await renameIn(client, glossaryId, sourceLang, from, to, signal);
        renamed = pairs.length > 0;
        return pairs;
      } catch (err) {
        renamed = err instanceof RenameSourceError;
        throw err;
      } finally {
        ctx.glossaries.refresh();
        // Open documents of this glossary follow the service: one without unsaved edits reloads; one with unsaved
        // edits gets the rename merged in (your own change, asked for everywhere: not a colleague's change that its
        // save would stop at), one undoable edit, a conflict block where you had changed that row's cells.
        for (const doc of openDocumentsOf(glossaryId)) {
          if (renamed && doc.isDirty && remote.mergeWithRemote) {
            await remote.mergeWithRemote(doc.uri).then(undefined, (err: unknown) => ctx.log.warn(`merging the rename into ${doc.uri.path}: ${describeError(err)}`));
          } else {
            void remote.fetchRemote(doc.uri).then(undefined, () => undefined);
          }
        }
      }
    },
  };
}

/** The source phrase on the cursor's line of a remote dictionary or multilingual document. */
function fromActiveEditor(): { glossaryId: string; name: string; sourceLang: string; phrase?: string } | undefined {
  // The active text editor's document, or the table's (then without a cursor line: the phrase is asked for).
  const doc = activeDocument();
  const ref = doc && doc.uri.scheme === SCHEME ? parseRemoteRef(doc.uri) : undefined;
  if (!doc || !ref || ref.kind === 'termList' || !ref.id) return undefined;
  const editor = vscode.window.activeTextEditor;
  if (editor?.document !== doc) return { glossaryId: ref.id, name: ref.name, sourceLang: ref.sourceLang };
  const line = editor.selection.active.line;
  const skip = ref.kind === 'glossary' && line === 0; // the header line names languages
  const phrase = skip ? undefined : parseTsvLine(editor.document.lineAt(line).text).fields[0]?.value || undefined;
  return { glossaryId: ref.id, name: ref.name, sourceLang: ref.sourceLang, phrase };
}

/** The handler of Rename Source Phrase… (`terminology.renameSourcePhrase`). */
export function renameSourceCommand(ctx: CommandContext, actions: GlossaryViewActions): (arg?: unknown) => Promise<void> {
  const rename = async (arg?: unknown) => {
    // From a glossary's menu: that glossary; from an editor's: the document's glossary and the cursor's line.
    const node = arg instanceof GlossaryNode ? arg.glossary : undefined;
    let target = node ? undefined : fromActiveEditor();
    if (!target) {
      const client = node ? undefined : await requireClient(ctx);
      if (!node && !client) return;
      const g = node ?? await ctx.pickers.after(pickGlossary(client!, vscode.l10n.t('Rename Source Phrase')));
      if (!g) return;
      const sources = [...new Set(g.dictionaries.map((d) => d.sourceLang.toLowerCase()))].sort();
      const sourceLang = sources.length === 1 ? sources[0]
        : (await ctx.pickers.after(vscode.window.showQuickPick(sources.map((s) => ({ label: s.toUpperCase(), s })), { title: vscode.l10n.t('Source language of the phrase') })))?.s;
      if (!sourceLang) return;
      target = { glossaryId: g.glossaryId, name: g.name, sourceLang };
    }
    // The boxes go through afterPicker: from the table (Rename in its title or the palette), its grid takes the keyboard back.
    const from = target.phrase ?? await ctx.pickers.after(vscode.window.showInputBox({
      title: vscode.l10n.t('Rename Source Phrase in "{0}" ({1})', target.name, target.sourceLang.toUpperCase()),
      prompt: vscode.l10n.t('The source phrase to rename, exactly as written'),
      validateInput: (v) => (v === '' ? vscode.l10n.t('Type the source phrase.') : undefined),
    }));
    if (!from) return;
    const to = await ctx.pickers.after(vscode.window.showInputBox({
      title: vscode.l10n.t('Rename "{0}" in every dictionary from {1} of "{2}"', from, target.sourceLang.toUpperCase(), target.name),
      value: from, valueSelection: [0, from.length],
      prompt: vscode.l10n.t('The new source phrase. Each dictionary that has "{0}" gets one call; all are checked first.', from),
      validateInput: (v) => (v.trim() === '' ? vscode.l10n.t('The phrase cannot be empty.')
        : v !== v.trim() ? vscode.l10n.t('No spaces at the start or the end: the service would trim them.')
          : /\t/.test(v) ? vscode.l10n.t('No tab in a phrase.') : undefined),
    }));
    if (to === undefined || to === from) return;
    const t = target;
    const run = async (): Promise<void> => {
      try {
        const edited = openDocumentsOf(t.glossaryId).filter((d) => d.isDirty).length;
        const renamed = await withCancellableProgress(vscode.l10n.t('Renaming "{0}" to "{1}"…', from, to), (signal) => actions.renameSourcePhrase(t.glossaryId, t.sourceLang, from, to, signal));
        void vscode.window.showInformationMessage(vscode.l10n.t('Renamed "{0}" to "{1}" in {2}.', from, to, renamed.join(', '))
          + (edited ? ' ' + vscode.l10n.t('Merged into the open document with unsaved edits (Undo takes the merge back).') : ''));
      } catch (err) {
        if (err instanceof RenameSourceError) {
          const again = vscode.l10n.t('Retry the Rest');
          if (await vscode.window.showErrorMessage(err.message, again) === again) await run();
          return;
        }
        await ctx.errors.show(vscode.l10n.t('Could not rename "{0}"', from), err);
      }
    };
    await run();
  };
  return rename;
}
