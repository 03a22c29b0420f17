/** "Search Glossaries…": gathers the phrase and the case option, runs the search with progress, lists the
 * matches, and opens the chosen one in its dictionary with the match selected. */
import * as vscode from 'vscode';
import type { ShownErrors } from '../platform/errors';
import { relocateMatch } from '../core/search';
import { dictionaryUri } from '../platform/remoteUris';
import { LANGUAGE_TSV } from '../platform/documentKinds';

import type { GlossaryMatch, GlossarySearchOptions, GlossarySearchResult, SearchProgress } from './searchGlossaries';

export interface SearchQuery { query: string; caseSensitive: boolean }

type Search = (query: string, options: GlossarySearchOptions, signal: AbortSignal) => Promise<GlossarySearchResult>;

const up = (code: string) => code.toUpperCase();

function caseButton(caseSensitive: boolean): vscode.QuickInputButton {
  return {
    iconPath: new vscode.ThemeIcon(caseSensitive ? 'case-sensitive' : 'whole-word'),
    tooltip: caseSensitive ? vscode.l10n.t('Match Case: on (click to ignore case)') : vscode.l10n.t('Match Case: off (click to match case)'),
  };
}

const caseNote = (caseSensitive: boolean) => (caseSensitive ? vscode.l10n.t('match case') : vscode.l10n.t('ignore case'));

/** The phrase and the case option; undefined when the user gave up. */
export function askQuery(initial: SearchQuery): Promise<SearchQuery | undefined> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick();
    let caseSensitive = initial.caseSensitive;
    let done = false;
    const render = () => {
      pick.title = vscode.l10n.t('Search Glossaries ({0})', caseNote(caseSensitive));
      pick.buttons = [caseButton(caseSensitive)];
      pick.items = pick.value
        ? [{ label: `$(search) ${vscode.l10n.t('Search every dictionary for "{0}"', pick.value)}`, alwaysShow: true }]
        : [];
    };
    pick.placeholder = vscode.l10n.t('A phrase to find in the source or target phrases of every dictionary');
    pick.value = initial.query;
    render();
    pick.onDidChangeValue(render);
    pick.onDidTriggerButton(() => { caseSensitive = !caseSensitive; render(); });
    pick.onDidAccept(() => {
      if (!pick.value.trim()) return;
      done = true;
      resolve({ query: pick.value, caseSensitive });
      pick.hide();
    });
    pick.onDidHide(() => { if (!done) resolve(undefined); pick.dispose(); });
    pick.show();
  });
}

function progressMessage(p: SearchProgress): string {
  return p.total === 1 ? vscode.l10n.t('{0} of 1 dictionary', p.done) : vscode.l10n.t('{0} of {1} dictionaries', p.done, p.total);
}

/** Runs the search with a cancellable notification that counts the dictionaries; undefined when cancelled or failed. */
export async function runWithProgress(errors: ShownErrors, search: Search, q: SearchQuery): Promise<GlossarySearchResult | undefined> {
  try {
    return await vscode.window.withProgress({
      location: vscode.ProgressLocation.Notification, cancellable: true,
      title: vscode.l10n.t('Searching glossaries for "{0}"', q.query),
    }, (progress, token) => {
      const ac = new AbortController();
      const sub = token.onCancellationRequested(() => ac.abort());
      let last = 0;
      const onProgress = (p: SearchProgress) => {
        const increment = p.total ? ((p.done - last) / p.total) * 100 : 100;
        last = p.done;
        progress.report({ message: progressMessage(p), increment });
      };
      return search(q.query, { caseSensitive: q.caseSensitive, onProgress }, ac.signal).finally(() => sub.dispose());
    });
  } catch (err) {
    await errors.show(vscode.l10n.t('Could not search the glossaries'), err);
    return undefined;
  }
}

function resultTitle(r: GlossarySearchResult): string {
  const found = r.matches.length === 0 ? vscode.l10n.t('No entry contains "{0}"', r.query)
    : r.matches.length === 1 ? vscode.l10n.t('1 match for "{0}"', r.query)
      : vscode.l10n.t('{0} matches for "{1}"', r.matches.length, r.query);
  const searched = r.dictionaries === 1 ? vscode.l10n.t('1 dictionary searched') : vscode.l10n.t('{0} dictionaries searched', r.dictionaries);
  return `${found} · ${searched} · ${caseNote(r.caseSensitive)}`;
}

interface MatchItem extends vscode.QuickPickItem { match?: GlossaryMatch }

/** Lists the matches by glossary; resolves with the chosen match, 'toggleCase', or undefined. */
export function showResults(r: GlossarySearchResult): Promise<GlossaryMatch | 'toggleCase' | undefined> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<MatchItem>();
    const items: MatchItem[] = [];
    let glossaryId: string | undefined;
    for (const m of r.matches) {
      if (m.glossaryId !== glossaryId) {
        glossaryId = m.glossaryId;
        items.push({ label: m.glossaryName, kind: vscode.QuickPickItemKind.Separator });
      }
      items.push({
        label: m.target ? `${m.source} → ${m.target}` : m.source,
        description: vscode.l10n.t('{0} → {1} · line {2} · {3}', up(m.sourceLang), up(m.targetLang), m.line + 1, m.glossaryName),
        match: m,
      });
    }
    pick.items = items;
    pick.title = resultTitle(r);
    pick.placeholder = r.matches.length ? vscode.l10n.t('Pick an entry to open it in its dictionary (type to narrow the list)') : '';
    pick.matchOnDescription = true;
    pick.buttons = [caseButton(r.caseSensitive)];
    let done = false;
    const finish = (v: GlossaryMatch | 'toggleCase') => { done = true; resolve(v); pick.hide(); };
    pick.onDidTriggerButton(() => finish('toggleCase'));
    pick.onDidAccept(() => { const m = pick.selectedItems[0]?.match; if (m) finish(m); });
    pick.onDidHide(() => { if (!done) resolve(undefined); pick.dispose(); });
    pick.show();
  });
}

/** Opens the match's dictionary as its remote document, with the match selected (found again if the text moved). */
export async function openMatch(errors: ShownErrors, m: GlossaryMatch, q: SearchQuery): Promise<vscode.TextEditor | undefined> {
  const uri = dictionaryUri({ glossaryId: m.glossaryId, name: m.glossaryName }, m);
  try {
    let doc = await vscode.workspace.openTextDocument(uri);
    if (doc.languageId !== LANGUAGE_TSV) doc = await vscode.languages.setTextDocumentLanguage(doc, LANGUAGE_TSV);
    const at = relocateMatch(doc.getText(), q.query, m, { caseSensitive: q.caseSensitive });
    const line = Math.min(at?.line ?? m.line, Math.max(0, doc.lineCount - 1));
    const selection = at ? new vscode.Range(at.line, at.start, at.line, at.end) : new vscode.Range(line, 0, line, 0);
    const editor = await vscode.window.showTextDocument(doc, { selection, preview: false });
    editor.revealRange(selection, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    if (!at) void vscode.window.showInformationMessage(vscode.l10n.t('The entry is no longer in this dictionary; it changed since the search.'));
    return editor;
  } catch (err) {
    await errors.show(vscode.l10n.t('Could not open the dictionary'), err);
    return undefined;
  }
}

export async function reportFailures(r: GlossarySearchResult): Promise<void> {
  const n = r.failures.length;
  if (!n) return;
  const show = vscode.l10n.t('Show Log');
  const text = n === 1
    ? vscode.l10n.t('1 dictionary could not be read; its entries are missing from the results.')
    : vscode.l10n.t('{0} dictionaries could not be read; their entries are missing from the results.', n);
  if (await vscode.window.showWarningMessage(text, show) === show) await vscode.commands.executeCommand('terminology.showLog');
}
