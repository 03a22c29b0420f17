/** Quick fixes for each finding, "Fix All" as a command, and source.fixAll.terminology (usable on save). */
import * as vscode from 'vscode';
import { fixAll, lintEntries, lintTermList, preferredEdits } from '../core';
import { DIAGNOSTIC_SOURCE, toWorkspaceEdit } from './convert';
import type { DiagnosticsManager } from './diagnosticsManager';
import { lintKindOf, readLintSettings } from './documentKinds';
import { activeDocument } from '../ui/activeDocument';

export const FIX_ALL_KIND = vscode.CodeActionKind.SourceFixAll.append('terminology');

class Provider implements vscode.CodeActionProvider {
  constructor(private readonly manager: DiagnosticsManager) {}

  provideCodeActions(doc: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    const wants = (kind: vscode.CodeActionKind) => !context.only || context.only.contains(kind) || kind.contains(context.only);
    if (wants(vscode.CodeActionKind.QuickFix)) {
      let fixable = false;
      for (const d of context.diagnostics) {
        if (d.source !== DIAGNOSTIC_SOURCE) continue;
        const f = this.manager.finding(d);
        for (const fix of f?.fixes ?? []) {
          const a = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
          a.edit = toWorkspaceEdit(doc.uri, fix.edits);
          a.diagnostics = [d];
          a.isPreferred = fix.preferred === true;
          actions.push(a);
          fixable ||= fix.preferred === true;
        }
      }
      // A conflict block's fixes from any line inside the block, not only from its marker line.
      const line = _range.start.line;
      if (!actions.length) {
        for (const f of this.manager.findingsFor(doc)) {
          if (f.code !== 'merge-conflict' || !f.fixes?.length || f.line === line) continue;
          const last = f.fixes[0].edits[0]?.endLine ?? f.line;
          if (line < f.line || line > last) continue;
          for (const fix of f.fixes) {
            const a = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
            a.edit = toWorkspaceEdit(doc.uri, fix.edits);
            actions.push(a);
          }
        }
      }
      if (fixable) {
        const all = new vscode.CodeAction(vscode.l10n.t('Fix all glossary problems in this file'), vscode.CodeActionKind.QuickFix);
        all.command = { command: 'terminology.fixAll', title: all.title, arguments: [doc.uri] };
        actions.push(all);
      }
    }
    if (context.only?.contains(FIX_ALL_KIND)) { // source.fixAll or source.fixAll.terminology
      const edits = preferredEdits(this.manager.findingsFor(doc));
      if (edits.length) {
        const a = new vscode.CodeAction(vscode.l10n.t('Fix all glossary problems'), FIX_ALL_KIND);
        a.edit = toWorkspaceEdit(doc.uri, edits);
        actions.push(a);
      }
    }
    return actions;
  }
}

/** Applies every preferred fix to the document (one edit, one undo step): the number of fixes applied, or
 * undefined when the document is not a glossary or term list. */
export async function fixAllInDocument(doc: vscode.TextDocument): Promise<number | undefined> {
  const kind = lintKindOf(doc, readLintSettings());
  if (!kind) return undefined;
  const text = doc.getText();
  const lint = kind.kind === 'terms' ? (t: string) => lintTermList(t) : (t: string) => lintEntries(t, kind);
  const result = fixAll(text, lint);
  if (result.text === text) return 0;
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(text.length)), result.text);
  await vscode.workspace.applyEdit(edit);
  return result.applied;
}

export function registerCodeActions(manager: DiagnosticsManager): vscode.Disposable[] {
  const selector: vscode.DocumentSelector = [
    { language: 'glossary-tsv' }, { language: 'glossary-csv' }, { language: 'spoken-terms' },
    { pattern: '**/*.{tsv,csv,txt}' }, { scheme: 'terminology' },
  ];
  return [
    vscode.languages.registerCodeActionsProvider(selector, new Provider(manager), {
      providedCodeActionKinds: [vscode.CodeActionKind.QuickFix, FIX_ALL_KIND],
    }),
    vscode.commands.registerCommand('terminology.fixAll', async (uri?: vscode.Uri) => {
      // The active text editor's document, or the table's when a table view is active.
      const doc = uri ? await vscode.workspace.openTextDocument(uri) : activeDocument();
      const applied = doc && await fixAllInDocument(doc);
      if (applied === undefined) void vscode.window.showInformationMessage(vscode.l10n.t('Open a glossary or term list file to fix its problems.'));
      return applied ?? 0;
    }),
  ];
}
