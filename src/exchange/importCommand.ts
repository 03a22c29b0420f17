/** "Import into Glossary…": gathers the file, the delimiter and columns when they cannot be guessed, the source
 * language, the target glossary and mode; shows the preview (with a way to open any pair as a document and fix it);
 * then sends one call per dictionary with progress, and says what was sent. */
import * as vscode from 'vscode';
import { STATUS_FILE_NAME } from '../core/termCheck/statuses';
import { translationKind } from '../core/termCheck/kind';
import type { Glossary, Language } from '../api';
import {
  DELIMITER_NAMES, DELIMITERS, describeLayout, pairDocumentText, pairFromDocument, previewPair, recallLayout, rememberLayout, sheetLanguages,
  sourceLanguages, type ColumnMapping, type ImportPlan, type PairPreview, type RememberedLayout, type Sheet,
} from '../core/exchange';
import { GlossaryNode } from '../trees/glossaryTree';
import { argOf, requireClient, type CommandContext } from '../trees/commandContext';

import { pickGlossary, pickLanguage } from '../platform/pickers';
import { pairLabel, plural } from '../platform/words';
import type { ImportActions, ImportChoices, ImportSource, ImportTarget } from './importActions';
import type { ImportPreviewDocuments } from './previewDocument';
import { renderLayout, renderPreview } from './previewText';

const basename = (uri: vscode.Uri) => uri.path.slice(uri.path.lastIndexOf('/') + 1);
const IMPORTABLE = /\.(tbx|csv|tsv|txt|xml)$/i;
const pairKey = (p: { sourceLang: string; targetLang: string }) => `${p.sourceLang}-${p.targetLang}`;

/** Reads the file with progress (bytes), cancellable. */
function readWithProgress(actions: ImportActions, uri: vscode.Uri, choices: ImportChoices): Thenable<ImportSource> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Reading {0}', basename(uri)), cancellable: true }, (progress, token) => {
    const ac = new AbortController();
    const sub = token.onCancellationRequested(() => ac.abort());
    let reported = 0;
    return actions.readImportFile(uri, { delimiter: choices.delimiter, header: choices.header }, ac.signal, (read, total) => {
      const pct = total ? Math.floor((read / total) * 100) : 0;
      if (pct > reported) { progress.report({ increment: pct - reported, message: `${pct} %` }); reported = pct; }
    }).finally(() => sub.dispose());
  });
}

const sampleOf = (sheet: Sheet, i: number) => sheet.rows.slice(0, 3).map((r) => r.cells[i] ?? '').filter(Boolean).join(' · ');
const columnName = (sheet: Sheet, i: number) => vscode.l10n.t('Column {0}', i + 1) + (sheet.header?.[i] ? ` (${sheet.header[i]})` : '');

/** The languages with `first` (suggested ones) at the top, so that Enter takes the first suggestion. */
const suggestedFirst = (langs: Language[], first: string[]) =>
  [...first.map((c) => langs.find((l) => l.lang.toLowerCase() === c) ?? { lang: c, name: vscode.l10n.t('suggested') } as Language), ...langs.filter((l) => !first.includes(l.lang.toLowerCase()))];

/** Which column holds the source, which the target, their languages and the column of marks that says a row is not
 * to be imported; the reading the sheet suggests is offered first at each step (Enter takes it), the first rows are
 * shown in the preview beside. */
async function askMapping(sheet: Sheet, languages: () => Promise<Language[]>): Promise<ColumnMapping | undefined> {
  const suggestion = sheet.suggestion;
  const suggestedCols = suggestion?.columns ?? [];
  const order = [...suggestedCols.map((c) => c.index), ...[...Array(sheet.columnCount).keys()].filter((i) => !suggestedCols.some((c) => c.index === i))];
  const columns = order.map((i) => ({
    label: columnName(sheet, i), index: i,
    description: (sheet.flags.includes(i) ? `${vscode.l10n.t('yes/no marks')} — ` : '') + sampleOf(sheet, i),
  }));
  const title = (q: string) => suggestion ? `${q} ${suggestion.why}` : q;
  const source = await vscode.window.showQuickPick(columns, { title: title(vscode.l10n.t('Which column holds the source phrases?')), ignoreFocusOut: true });
  if (!source) return undefined;
  const target = await vscode.window.showQuickPick(columns.filter((c) => c !== source), { title: vscode.l10n.t('Which column holds the target phrases?'), ignoreFocusOut: true });
  if (!target) return undefined;
  const langs = await languages();
  const hint = (i: number) => {
    const s = suggestedCols.find((c) => c.index === i);
    return s ? [...new Set([s.lang, ...s.candidates].filter(Boolean))] : [];
  };
  const sourceLang = await pickLanguage(vscode.l10n.t('Language of {0}: {1}', columnName(sheet, source.index), sampleOf(sheet, source.index)), suggestedFirst(langs, hint(source.index)));
  if (!sourceLang) return undefined;
  const targetLang = await pickLanguage(vscode.l10n.t('Language of {0}: {1}', columnName(sheet, target.index), sampleOf(sheet, target.index)), suggestedFirst(langs, hint(target.index)), [sourceLang]);
  if (!targetLang) return undefined;
  const mapping: ColumnMapping = { kind: 'languages', columns: [{ index: source.index, lang: sourceLang }, { index: target.index, lang: targetLang }] };
  const marks = sheet.flags.filter((i) => i !== source.index && i !== target.index);
  if (marks.length) {
    const none = { label: vscode.l10n.t('None: import every row'), index: -1 };
    const items = marks.map((i) => ({ label: columnName(sheet, i), description: sampleOf(sheet, i), index: i }));
    const preferred = suggestion?.forbidden;
    const picked = await vscode.window.showQuickPick(preferred !== undefined ? [...items.filter((x) => x.index === preferred), none, ...items.filter((x) => x.index !== preferred)] : [none, ...items],
      { title: vscode.l10n.t('Which column marks a row as forbidden (not to import)?'), ignoreFocusOut: true });
    if (!picked) return undefined;
    if (picked.index >= 0) mapping.forbidden = picked.index;
  }
  return mapping;
}

/** Row 1: a header or the first entry? Asked when the columns cannot be told apart; the detected answer comes first. */
async function askHeader(sheet: Sheet, fileName: string): Promise<boolean | undefined> {
  const row1 = (sheet.header ?? sheet.rows[0]?.cells ?? []).join(' | ');
  const row2 = (sheet.header ? sheet.rows[0]?.cells : sheet.rows[1]?.cells)?.join(' | ') ?? '';
  const header = { label: vscode.l10n.t('Row 1 is a header'), description: row1, detail: vscode.l10n.t('first entry: {0}', row2), value: true };
  const data = { label: vscode.l10n.t('Row 1 is the first entry'), description: row1, value: false };
  const picked = await vscode.window.showQuickPick(sheet.header ? [header, data] : [data, header], { title: vscode.l10n.t('{0}: the first row', fileName), ignoreFocusOut: true });
  return picked?.value;
}

/** Where the answers about sheets' columns are kept (globalState), by header: see rememberLayout. */
export const LAYOUTS = 'terminology.import.layouts';

/** The handler of Import into Glossary… (`terminology.importGlossary`). */
export function importCommand(ctx: CommandContext, actions: ImportActions, previews: ImportPreviewDocuments, memento?: vscode.Memento): (arg?: unknown) => Promise<void> {
  return async (arg?: unknown) => {
    if (!vscode.workspace.isTrusted) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Import is not available in Restricted Mode. Trust this workspace to send its files to the service.'));
      return;
    }
    const client = await requireClient(ctx);
    if (!client) return;
    const presetGlossary = argOf(arg, GlossaryNode)?.glossary;
    let uri = arg instanceof vscode.Uri ? arg : undefined;
    if (!uri) {
      const picked = await vscode.window.showOpenDialog({
        title: vscode.l10n.t('Import into Glossary'), canSelectMany: false, openLabel: vscode.l10n.t('Import'),
        filters: { [vscode.l10n.t('Term bases and spreadsheets')]: ['tbx', 'csv', 'tsv', 'txt', 'xml'], [vscode.l10n.t('All files')]: ['*'] },
      });
      uri = picked?.[0];
      if (!uri) return;
    }
    const fileName = basename(uri);
    if (!IMPORTABLE.test(fileName)) {
      // A translation file (picked under "All files"): what it is for here is the term check.
      const kind = translationKind(fileName);
      if (kind && (kind !== 'json' || /\.arb$/i.test(fileName))) {
        const check = vscode.l10n.t('Check Terms in Workspace');
        const picked = await vscode.window.showInformationMessage(vscode.l10n.t('{0} is a translation file, not a term base: an import reads TBX, CSV, TSV or TXT. The term check holds translation files against your glossaries.', fileName), check);
        if (picked === check) await vscode.commands.executeCommand('terminology.checkTermsInWorkspace');
        return;
      }
      void vscode.window.showInformationMessage(vscode.l10n.t('{0} is not a TBX, CSV, TSV or TXT file.', fileName));
      return;
    }
    let languageList: Language[] | undefined;
    const languages = async () => languageList ??= await client.getLanguages('glossary').catch(() => []);
    try {
      const choices: ImportChoices = {};
      let source = await readWithProgress(actions, uri, choices);
      if (source.kind === 'sheet') {
        const sheet = source.sheet;
        // The service's own export needs no question; anything else confirms the delimiter.
        const obvious = sheet.mapping?.kind === 'pairs' || (sheet.delimiter === '\t' && /\.tsv$/i.test(fileName));
        if (!obvious) {
          const items = [sheet.delimiter, ...DELIMITERS.filter((d) => d !== sheet.delimiter)].map((d) => ({
            label: DELIMITER_NAMES[d] + (d === sheet.delimiter ? ` ${vscode.l10n.t('(detected)')}` : ''),
            description: d === sheet.delimiter ? sheet.rows[0]?.cells.join(' | ') : undefined, delimiter: d,
          }));
          const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('{0}: columns separated by', fileName), ignoreFocusOut: true });
          if (!picked) return;
          if (picked.delimiter !== sheet.delimiter) {
            choices.delimiter = picked.delimiter;
            source = await readWithProgress(actions, uri, choices);
          }
        }
        const sheetOf = (x: ImportSource) => (x as Extract<ImportSource, { kind: 'sheet' }>).sheet;
        let s = sheetOf(source);
        if (!s.mapping) {
          // More than one reading is plausible: ask, with the first rows in the preview beside, and remember the answer
          // for the next file with this header.
          void previews.show(fileName, renderLayout(fileName, s));
          let mapping: ColumnMapping | undefined;
          const remembered = recallLayout(memento?.get<Record<string, RememberedLayout>>(LAYOUTS), s.layoutKey, s.columnCount);
          if (remembered) {
            const again = await vscode.window.showQuickPick([
              { label: vscode.l10n.t('$(history) As last time for this header'), description: describeLayout(remembered.mapping, s.header), again: false },
              { label: vscode.l10n.t('$(edit) Map the columns again'), again: true },
            ], { title: vscode.l10n.t('{0}: columns', fileName), ignoreFocusOut: true });
            if (!again) return;
            if (!again.again) mapping = remembered.mapping;
          }
          if (!mapping) {
            const header = await askHeader(s, fileName);
            if (header === undefined) return;
            if (header !== (s.header !== undefined)) {
              choices.header = header;
              source = await readWithProgress(actions, uri, choices);
              s = sheetOf(source);
              void previews.show(fileName, renderLayout(fileName, s));
            }
            if (!s.mapping) {
              mapping = await askMapping(s, languages);
              if (!mapping) return;
              if (s.layoutKey && memento && mapping.kind === 'languages') {
                await memento.update(LAYOUTS, rememberLayout(memento.get<Record<string, RememberedLayout>>(LAYOUTS) ?? {}, s.layoutKey, { mapping, at: Date.now() }));
              }
            }
          }
          if (mapping) choices.mapping = mapping;
        }
        const mapping = choices.mapping ?? s.mapping!;
        const langs = sheetLanguages(s, mapping);
        if (mapping.kind === 'languages' && langs.length > 2) {
          const lang = await vscode.window.showQuickPick(langs.map((l) => ({ label: l.toUpperCase(), lang: l })), { title: vscode.l10n.t('Source language of the new dictionaries'), ignoreFocusOut: true });
          if (!lang) return;
          choices.sourceLang = lang.lang;
        }
      } else {
        const tb = source.termBase;
        // The file's declared language first (the default), then by number of concepts.
        const langs = sourceLanguages(tb);
        if (!langs.length && tb.bareLangAttributes) {
          throw new Error(vscode.l10n.t('{0} names its languages with lang="…" ({1} times), which TBX does not read: it writes xml:lang="…". Replace lang= with xml:lang= in the file, then import it again.', fileName, tb.bareLangAttributes));
        }
        if (langs.length < 2) throw new Error(vscode.l10n.t('{0} holds terms in {1} only: there is nothing to pair.', fileName, langs.map((l) => l.lang.toUpperCase()).join(', ') || vscode.l10n.t('no language')));
        const lang = await vscode.window.showQuickPick(langs.map((l) => ({
          label: l.lang.toUpperCase(), lang: l.lang,
          description: plural(l.concepts, '1 concept', '{0} concepts') + (l.declared ? ` — ${vscode.l10n.t('the file\'s declared language')}` : ''),
        })),
          { title: vscode.l10n.t('Source language: every other language of {0} becomes a dictionary', fileName), ignoreFocusOut: true });
        if (!lang) return;
        choices.sourceLang = lang.lang;
      }
      let plan = await actions.planImport(source, choices);
      if (!plan.pairs.length) throw new Error(vscode.l10n.t('{0} holds no entry to import.', fileName));

      // Where to: a new glossary, or merge into / replace in an existing one.
      let glossary: Glossary | undefined = presetGlossary;
      if (!glossary) {
        const where = await vscode.window.showQuickPick([
          { label: vscode.l10n.t('$(add) New glossary'), existing: false },
          { label: vscode.l10n.t('$(book) Existing glossary…'), existing: true },
        ], { title: vscode.l10n.t('Import {0} into', fileName), ignoreFocusOut: true });
        if (!where) return;
        if (where.existing) {
          glossary = await pickGlossary(client, vscode.l10n.t('Import {0} into', fileName));
          if (!glossary) return;
        }
      }
      let target: ImportTarget;
      if (!glossary) {
        const name = await vscode.window.showInputBox({ title: vscode.l10n.t('New Glossary'), prompt: vscode.l10n.t('Name of the glossary'), value: plan.title ?? fileName.replace(/\.[^.]+$/, ''), ignoreFocusOut: true });
        if (!name) return;
        target = { mode: 'new', name };
      } else {
        const mode = await vscode.window.showQuickPick([
          { label: vscode.l10n.t('Merge into the dictionaries'), detail: vscode.l10n.t('Adds and updates entries; entries missing from the file stay.'), mode: 'merge' as const },
          { label: vscode.l10n.t('Replace the dictionaries'), detail: vscode.l10n.t('Each imported dictionary holds exactly the file\'s entries afterwards; other dictionaries stay.'), mode: 'replace' as const },
        ], { title: vscode.l10n.t('Import {0} into "{1}"', fileName, glossary.name), ignoreFocusOut: true });
        if (!mode) return;
        target = { mode: mode.mode, glossaryId: glossary.glossaryId };
      }
      const targetText = target.mode === 'new' ? vscode.l10n.t('a new glossary "{0}"', target.name!)
        : target.mode === 'merge' ? vscode.l10n.t('merge into "{0}"', glossary!.name) : vscode.l10n.t('replace in "{0}"', glossary!.name);

      // The preview, and a loop to open pairs as documents until the user imports or cancels.
      // The existing dictionaries of the imported pairs, read once; the preview is computed from them as pairs are edited.
      const existing = new Map<string, string | undefined>();
      if (target.mode !== 'new') {
        const id = target.glossaryId!;
        await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Comparing with "{0}"…', glossary!.name), cancellable: true }, async (_p, token) => {
          const ac = new AbortController();
          const sub = token.onCancellationRequested(() => ac.abort());
          try {
            const fresh = await client.getGlossary(id, ac.signal);
            for (const p of plan.pairs) {
              existing.set(pairKey(p), fresh.dictionaries.some((d) => pairKey(d) === pairKey(p))
                ? await client.getDictionaryEntries(id, p.sourceLang, p.targetLang, ac.signal) : undefined);
            }
          } finally { sub.dispose(); }
        });
      }
      const opened = new Map<string, vscode.TextDocument>();
      const current = (): { plan: ImportPlan; previews: PairPreview[] } => {
        const pairs = plan.pairs.map((p) => opened.has(pairKey(p)) ? pairFromDocument(p, opened.get(pairKey(p))!.getText()) : p);
        const next = { ...plan, pairs };
        return { plan: next, previews: pairs.map((p) => previewPair(p, existing.get(pairKey(p)), target.mode)) };
      };
      type Item = vscode.QuickPickItem & { action: 'import' | 'open' | 'cancel'; pair?: string };
      const itemsOf = (now: { previews: PairPreview[] }): Item[] => {
        const total = now.previews.reduce((n, p) => n + p.toSend, 0);
        return [
          { label: vscode.l10n.t('$(cloud-upload) Import'), description: vscode.l10n.t('{0} to {1}', plural(total, '1 entry', '{0} entries'), plural(now.previews.filter((p) => p.toSend).length, '1 dictionary', '{0} dictionaries')), action: 'import' },
          ...now.previews.map((p): Item => ({
            label: vscode.l10n.t('$(edit) Open {0} as a document', pairLabel(p)),
            description: vscode.l10n.t('{0} added, {1} changed, {2} removed, {3} skipped', p.added, p.changed, p.removed, p.skippedTotal), action: 'open', pair: pairKey(p),
          })),
          { label: vscode.l10n.t('$(close) Cancel'), description: vscode.l10n.t('nothing is sent'), action: 'cancel' },
        ];
      };
      // The picker stays open while a pair's document is edited; its counts and the preview follow the edits.
      const choose = () => new Promise<Item | undefined>((resolve) => {
        const qp = vscode.window.createQuickPick<Item>();
        qp.title = vscode.l10n.t('Import preview: {0} → {1}', fileName, targetText);
        qp.placeholder = vscode.l10n.t('Import, open a dictionary to fix its entries first, or cancel');
        qp.ignoreFocusOut = true;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const refresh = () => {
          const now = current();
          qp.items = itemsOf(now);
          void previews.show(fileName, renderPreview(fileName, now.plan, now.previews, targetText));
        };
        refresh();
        const sub = vscode.workspace.onDidChangeTextDocument((e) => {
          if (![...opened.values()].includes(e.document)) return;
          clearTimeout(timer);
          timer = setTimeout(refresh, 250);
        });
        let accepted: Item | undefined;
        qp.onDidAccept(() => { accepted = qp.selectedItems[0] ?? qp.activeItems[0]; qp.hide(); });
        qp.onDidHide(() => { clearTimeout(timer); sub.dispose(); qp.dispose(); resolve(accepted); });
        qp.show();
      });
      for (;;) {
        const picked = await choose();
        if (!picked && opened.size) {
          // Another picker (Go to Line, Quick Open) closed this one while a dictionary is being fixed: the import waits.
          const go = vscode.l10n.t('Continue Import');
          if (await vscode.window.showInformationMessage(vscode.l10n.t('The import of {0} is waiting while you fix its dictionaries.', fileName), go, vscode.l10n.t('Cancel Import')) === go) continue;
          return;
        }
        if (!picked || picked.action === 'cancel') return;
        if (picked.action === 'open') {
          const pair = plan.pairs.find((p) => pairKey(p) === picked.pair)!;
          let doc = opened.get(picked.pair!);
          if (!doc || doc.isClosed) {
            doc = await vscode.workspace.openTextDocument({ language: 'glossary-tsv', content: pairDocumentText(pair) });
            opened.set(picked.pair!, doc);
          }
          await vscode.window.showTextDocument(doc, { preview: false });
          continue;
        }
        plan = current().plan; // the documents as they are now
        break;
      }
      const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Importing {0}', fileName), cancellable: true }, (progress, token) => {
        const ac = new AbortController();
        token.onCancellationRequested(() => ac.abort());
        const n = plan.pairs.filter((p) => p.entries.length).length;
        return actions.runImport(plan, target, ac.signal, (done, all, pair) => progress.report({ increment: 100 / Math.max(all, n), message: `${pair.toUpperCase().replace('-', ' → ')} (${done}/${all})` }));
      });
      for (const doc of opened.values()) {
        if (doc.isClosed) continue;
        await vscode.window.showTextDocument(doc);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      }
      const sent = result.sent.map((p) => p.toUpperCase().replace('-', ' → ')).join(', ');
      if (result.error) {
        const notSent = result.notSent.map((p) => p.pair.toUpperCase().replace('-', ' → ')).join(', ');
        await ctx.errors.show(result.sent.length
          ? vscode.l10n.t('Import of {0} stopped. Sent: {1}. Not sent: {2}', fileName, sent, notSent)
          : vscode.l10n.t('Import of {0} failed; nothing was sent', fileName), result.error);
        return;
      }
      await ctx.glossaries.reveal(result.glossaryId).catch(() => undefined);
      // The terms the file marks forbidden or deprecated, which the service cannot hold: kept for the term check.
      const kept = await actions.keepStatuses(plan, fileName).catch((err: unknown) => { void ctx.errors.show(vscode.l10n.t('The forbidden terms of {0} were not kept', fileName), err); return undefined; });
      const statuses = kept?.added ? ` ${vscode.l10n.t('{0} forbidden or deprecated term(s) kept in {1} for the term check.', kept.added, STATUS_FILE_NAME)}` : '';
      void vscode.window.showInformationMessage(vscode.l10n.t('Imported {0}: {1} sent ({2}).', fileName, plural(result.sent.length, '1 dictionary', '{0} dictionaries'), sent) + statuses);
    } catch (err) {
      if (err instanceof Error && err.name === 'ImportCancelled') return;
      await ctx.errors.show(vscode.l10n.t('Could not import {0}', fileName), err);
    } finally {
      // The import ended (sent, failed or cancelled): its preview has said what it had to.
      await previews.close(fileName).catch(() => undefined);
    }
  };
}
