/** The table's page and its words, made when a table opens (in the table's lazy bundle, dist/tablePanel.js). */
import * as vscode from 'vscode';
import type { TableMode, TableStrings } from '../protocol/table';

/** The webview's words. Counts have a singular and a plural string each. */
export function tableStrings(): TableStrings {
  const t = vscode.l10n.t;
  return {
    rowsOne: t('{0} row'), rowsOther: t('{0} rows'), shown: t('{0} shown'), loading: t('loading…'), sorting: t('sorting…'),
    problemsOne: t('{0} problem'), problemsOther: t('{0} problems'), next: t('next'), noProblems: t('No problems'), noProblemsButGaps: t('No problems besides the gaps (F7: next gap)'),
    matchesOne: t('{0} match'), matchesOther: t('{0} matches'), noMatch: t('no match'),
    source: t('Source'), target: t('Target'), sourceLang: t('Source language'), targetLang: t('Target language'),
    sortHint: t('Sort the view by this column (the file keeps its order)'),
    lineHint: t('Double-click: show this line in the text editor'),
    fixHint: t('Show fixes (Ctrl+.)'), error: t('Error'), warning: t('Warning'), info: t('Info'),
    leading: t('leading whitespace'), trailing: t('trailing whitespace'),
    gap: t('missing'), missingAny: t('Every row (gaps or not)'), missingIn: t('Missing in {0}'), missingCount: t('{0}: {1} missing'),
    gapAt: t('Row {0}: missing in {1}'), noGap: t('No gap'), noProblemToGo: t('No problem to go to'),
  };
}

/** The webview's page: its toolbar, the grid's frame and the script, under a content security policy with a nonce. */
export function tableHtml(webview: vscode.Webview, media: vscode.Uri, scripts: vscode.Uri, fileName: string, mode: TableMode): string {
  const nonce = Array.from({ length: 32 }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 62)]).join('');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(scripts, 'table.js'));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(media, 'table.css'));
  const name = fileName.replace(/[<>&"]/g, '');
  const t = (s: string) => vscode.l10n.t(s).replace(/[<>&"]/g, '');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${webview.cspSource}; script-src 'nonce-${nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style}">
<title>${name}</title>
</head>
<body data-mode="${mode}">
<header class="toolbar" role="toolbar" aria-label="${t('Table')}">
<span id="summary" class="summary" aria-live="polite"></span>
<button id="next" class="problems" title="${t('Next problem (F8)')}"></button>
<button id="fixAll" title="${t('Apply every preferred fix in this file')}">${t('Fix All')}</button>
<input id="filter" type="search" placeholder="${t('Filter rows')}" aria-label="${t('Filter rows')}">${mode === 'grid' ? `
<select id="missing" aria-label="${t('Show only the rows missing in a language')}"></select>
<label class="check"><input id="problemsOnly" type="checkbox">${t('Has problems')}</label>
<button id="nextGap" title="${t('Next gap: the next empty cell (F7)')}">${t('Next Gap')}</button>` : ''}
<input id="find" type="search" placeholder="${t('Find (Ctrl+F)')}" aria-label="${t('Find')}">
<span id="findStatus" class="status" aria-live="polite"></span>
<span class="spacer"></span>
<button id="add" title="${t('Add a row below the active one (Ctrl+Enter)')}">${t('Add Row')}</button>
<button id="delete" title="${t('Delete the selected rows (Delete)')}">${t('Delete Rows')}</button>
<button id="applySort" hidden title="${t('Reorder the file\'s lines as the table is sorted')}">${t('Sort File')}</button>
</header>
${mode === 'grid' ? '<div id="gaps" class="gaps" aria-live="polite"></div>\n' : ''}<div id="grid" class="grid" role="grid" tabindex="0" aria-label="${name}">
<div id="head" class="row head" role="row"></div>
<div id="viewport" class="viewport"><div id="spacer" class="spacer-rows"></div><div id="rows" class="rows" role="rowgroup"></div></div>
</div>
<input id="editor" class="cell-editor" hidden aria-label="${t('Cell value')}">
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
}
