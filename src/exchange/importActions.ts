/** Import actions (plain values; the command gathers them): read a TBX or spreadsheet file into a plan, preview it
 * against a glossary, send it one call per dictionary. */
import * as vscode from 'vscode';
import { QuotaError, ServiceError, type Glossary } from '../api';
import {
  planConcepts, planSpreadsheet, previewPlan, readSpreadsheet, readTbx, pairEntriesText, refuseLargeSheet, sourceLanguages,
  type ColumnMapping, type Delimiter, type ImportMode, type ImportPlan, type PairPreview, type Sheet, type TermBase,
} from '../core/exchange';
import { mergeStatuses, STATUS_FILE_NAME } from '../core/termCheck/statuses';
import { manifestLocation } from '../platform/manifestFile';
import { clientOrThrow, type CommandContext } from '../trees/commandContext';
import { fileSize, readChunks, readDecoded } from './files';

/** A file read, before the user's choices: a TBX term base, or a spreadsheet. */
export type ImportSource =
  | { kind: 'tbx'; uri: vscode.Uri; termBase: TermBase }
  | { kind: 'sheet'; uri: vscode.Uri; sheet: Sheet };

export interface ImportChoices {
  /** The source language (TBX and multilingual sheets); defaults to the first language of the file. */
  sourceLang?: string;
  delimiter?: Delimiter;
  /** Whether row 1 is a header, when the user said. */
  header?: boolean;
  /** The columns' roles, when the sheet's cannot be guessed. */
  mapping?: ColumnMapping;
}

/** Where the plan goes: a new glossary (`name`), or an existing one (`glossaryId`) merged into or replaced. */
export interface ImportTarget { mode: ImportMode; glossaryId?: string; name?: string }

export interface ImportResult {
  glossaryId: string;
  /** Pairs sent, as "en-de". */
  sent: string[];
  /** Pairs not sent (nothing to send, or after a failure), with the reason. */
  notSent: Array<{ pair: string; reason: string }>;
  /** The failure that stopped the import, when one did. */
  error?: unknown;
}

export interface ImportActions {
  /** Reads a .tbx, .csv, .tsv or .txt file; TBX is streamed with progress (bytes read of `total`). */
  readImportFile(uri: vscode.Uri, options?: { delimiter?: Delimiter; header?: boolean }, signal?: AbortSignal, onProgress?: (read: number, total: number) => void): Promise<ImportSource>;
  /** The plan for a source read with the user's choices. Nothing is sent. */
  planImport(source: ImportSource, choices?: ImportChoices): Promise<ImportPlan>;
  /** Reads the file and plans it in one step (for tests and scripts). */
  importPlan(uri: vscode.Uri, choices?: ImportChoices, signal?: AbortSignal): Promise<ImportPlan>;
  /** Per pair: what the import would add, change, remove and skip in the target glossary. Nothing is sent. */
  previewImport(plan: ImportPlan, target: ImportTarget, signal?: AbortSignal): Promise<PairPreview[]>;
  /** Sends the plan: one call per dictionary. Resolves with what was sent, also after a partial failure. */
  runImport(plan: ImportPlan, target: ImportTarget, signal?: AbortSignal, onProgress?: (done: number, total: number, pair: string) => void): Promise<ImportResult>;
  /** Keeps the terms the plan left out as deprecated or forbidden in the status sidecar next to the manifest (for the
   * term check's forbidden-term): merged with what it holds; an open document of it gets the change as an unsaved edit
   * (its own edits kept), else the file is written. Undefined when there is nothing to keep or no workspace folder. */
  keepStatuses(plan: ImportPlan, from: string): Promise<{ uri: vscode.Uri; added: number } | undefined>;
}

const isTbx = (uri: vscode.Uri) => /\.tbx$/i.test(uri.path);
const key = (p: { sourceLang: string; targetLang: string }) => `${p.sourceLang.toLowerCase()}-${p.targetLang.toLowerCase()}`;
const has = (g: Glossary, p: { sourceLang: string; targetLang: string }) => g.dictionaries.some((d) => key(d) === key(p));

export function importActions(ctx: CommandContext, languages: () => Promise<string[] | undefined>): ImportActions {
  const actions: ImportActions = {
    async readImportFile(uri, options = {}, signal, onProgress) {
      if (!vscode.workspace.isTrusted) throw new Error(vscode.l10n.t('Import is not available in Restricted Mode. Trust this workspace to send its files to the service.'));
      const total = await fileSize(uri);
      if (isTbx(uri) || (/\.xml$/i.test(uri.path))) {
        const termBase = await readTbx(readChunks(uri), { signal, onProgress: (n) => onProgress?.(n, total) });
        return { kind: 'tbx', uri, termBase };
      }
      refuseLargeSheet(total); // before the whole file is read into memory
      // Decoded here and the bytes given back at once: the sheet is read without its bytes beside its text.
      const decoded = await readDecoded(uri);
      onProgress?.(total, total);
      return { kind: 'sheet', uri, sheet: readSpreadsheet(decoded, { fileName: uri.path, delimiter: options.delimiter, header: options.header }) };
    },
    async planImport(source, choices = {}) {
      const known = await languages();
      const options = known ? { languages: known } : {};
      if (source.kind === 'tbx') {
        const tb = source.termBase;
        const langs = [...tb.languages.keys()];
        // The file's declared language, else the one with the most concepts.
        const sourceLang = choices.sourceLang ?? sourceLanguages(tb)[0]?.lang;
        if (!sourceLang) throw new Error(vscode.l10n.t('The file holds no term with a language.'));
        const notes = [`TBX v${tb.version}${tb.dialect ? ` (${tb.dialect})` : ''}, ${tb.encoding.toUpperCase()}${tb.declaredEncoding ? ` (the file declares ${tb.declaredEncoding.toUpperCase()}, which its bytes are not)` : ''}; ${tb.concepts.length} concepts; languages ${langs.map((l) => `${l.toUpperCase()} (${tb.languages.get(l)})`).join(', ')}.`];
        return planConcepts(tb.concepts, sourceLang, { format: `tbx-v${tb.version}`, title: tb.title, notes }, options);
      }
      const mapping = choices.mapping ?? source.sheet.mapping;
      if (!mapping) throw new Error(vscode.l10n.t('The columns of {0} cannot be told apart: say which column is the source and which the target.', source.uri.path.split('/').pop() ?? ''));
      return planSpreadsheet(source.sheet, mapping, choices.sourceLang, options);
    },
    async importPlan(uri, choices = {}, signal) {
      return actions.planImport(await actions.readImportFile(uri, { delimiter: choices.delimiter, header: choices.header }, signal), choices);
    },
    async previewImport(plan, target, signal) {
      const existing = new Map<string, string>();
      if (target.mode !== 'new') {
        if (!target.glossaryId) throw new Error('previewImport: a merge or replace needs a glossaryId');
        const client = await clientOrThrow(ctx);
        const g = await client.getGlossary(target.glossaryId, signal);
        for (const p of plan.pairs) {
          if (has(g, p)) existing.set(key(p), await client.getDictionaryEntries(g.glossaryId, p.sourceLang, p.targetLang, signal));
        }
      }
      return previewPlan(plan, (s, t) => existing.get(key({ sourceLang: s, targetLang: t })), target.mode);
    },
    async keepStatuses(plan, from) {
      const manifest = manifestLocation();
      if (!plan.excluded?.length || !manifest) return undefined;
      const uri = vscode.Uri.joinPath(manifest, '..', STATUS_FILE_NAME);
      const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      const old = open?.getText() ?? (await vscode.workspace.fs.readFile(uri).then((b) => new TextDecoder().decode(b), () => undefined));
      const { text, added } = mergeStatuses(old, plan.excluded, from);
      if (!added) return { uri, added };
      if (open) {
        const we = new vscode.WorkspaceEdit();
        we.replace(uri, new vscode.Range(open.positionAt(0), open.positionAt(open.getText().length)), text);
        await vscode.workspace.applyEdit(we);
      } else await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
      return { uri, added };
    },
    async runImport(plan, target, signal, onProgress) {
      const client = await clientOrThrow(ctx);
      const pairs = plan.pairs.filter((p) => p.entries.length > 0);
      const notSent = plan.pairs.filter((p) => p.entries.length === 0).map((p) => ({ pair: key(p), reason: vscode.l10n.t('nothing to send') }));
      const sent: string[] = [];
      let glossaryId = target.glossaryId ?? '';
      const input = (p: ImportPlan['pairs'][number]) => ({ sourceLang: p.sourceLang, targetLang: p.targetLang, entries: pairEntriesText(p), entriesFormat: 'tsv' as const });
      try {
        let glossary: Glossary | undefined;
        if (target.mode === 'new') {
          if (!pairs.length) throw new Error(vscode.l10n.t('Nothing to import: no dictionary has an entry to send.'));
          const name = target.name ?? plan.title ?? 'Imported glossary';
          try {
            glossary = await client.createGlossary(name, [input(pairs[0])], signal);
          } catch (err) {
            // The free plan allows a single glossary and refuses a second with a 4xx; a quota error is the documented form.
            if (err instanceof QuotaError || (client.plan === 'free' && err instanceof ServiceError && (err.kind === 'forbidden' || err.kind === 'http'))) {
              throw new Error(vscode.l10n.t('The service refused a new glossary ({0}). The free plan allows a single glossary: import into the existing one (merge or replace) instead, or raise the plan\'s limit.', err.message), { cause: err });
            }
            throw err;
          }
          glossaryId = glossary.glossaryId;
          sent.push(key(pairs[0]));
          onProgress?.(1, pairs.length, key(pairs[0]));
        } else {
          if (!glossaryId) throw new Error('runImport: a merge or replace needs a glossaryId');
          glossary = await client.getGlossary(glossaryId, signal);
        }
        for (const p of pairs) {
          if (sent.includes(key(p))) continue;
          if (signal?.aborted) throw new vscode.CancellationError();
          // A merge PATCHes an existing dictionary (nothing removed); a new pair, or a replace, is one PUT.
          if (target.mode === 'merge' && has(glossary, p)) await client.updateGlossary(glossaryId, { dictionary: input(p) }, signal);
          else await client.replaceDictionary(glossaryId, input(p), signal);
          sent.push(key(p));
          onProgress?.(sent.length, pairs.length, key(p));
        }
        return { glossaryId, sent, notSent };
      } catch (error) {
        for (const p of pairs) if (!sent.includes(key(p))) notSent.push({ pair: key(p), reason: vscode.l10n.t('not sent') });
        return { glossaryId, sent, notSent, error };
      } finally {
        ctx.glossaries.refresh();
      }
    },
  };
  return actions;
}
