/** Quick fixes for each finding, "Fix All" as a command, and source.fixAll.terminology (usable on save). */
import * as vscode from 'vscode';
import { preferredEdits } from '../core';
import type { RuleSettings } from '../core/ruleSettings';
import type { Offload } from '../worker/offload';
import type { ShownErrors } from '../platform/errors';
import { readPieces } from '../platform/readText';
import { replaceText } from '../platform/replaceText';
import { DIAGNOSTIC_SOURCE, isFinding, toWorkspaceEdit } from './convert';
import type { DiagnosticsManager } from './diagnosticsManager';
import { lintKindOf, readLintSettings, type LintKind } from '../platform/documentKinds';
import { activeDocument } from '../platform/activeDocument';


export const FIX_ALL_KIND = vscode.CodeActionKind.SourceFixAll.append('terminology');

class Provider implements vscode.CodeActionProvider {
  constructor(private readonly manager: DiagnosticsManager) {}

  async provideCodeActions(doc: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext, token?: vscode.CancellationToken): Promise<vscode.CodeAction[]> {
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
      // A machine-translated draft, reviewed: kept as it is (src/glossaryView/drafts.ts).
      const drafts = context.diagnostics.filter((d) => isFinding(d, 'draft-translation'));
      for (const d of drafts) {
        const a = new vscode.CodeAction(vscode.l10n.t('Keep this draft as the translation (reviewed)'), vscode.CodeActionKind.QuickFix);
        a.command = { command: 'terminology.keepDraft', title: a.title, arguments: [doc.uri, d.range.start.line, d.range.start.character] };
        a.diagnostics = [d];
        actions.push(a);
      }
      if (drafts.length) {
        const a = new vscode.CodeAction(vscode.l10n.t('Keep every draft in this file as it is (reviewed)'), vscode.CodeActionKind.QuickFix);
        a.command = { command: 'terminology.keepAllDrafts', title: a.title, arguments: [doc.uri] };
        actions.push(a);
      }
      // A conflict block's fixes from any line inside the block, not only from its marker line.
      const line = _range.start.line;
      if (!actions.length) {
        // Asked by VS Code as the cursor moves, the light bulb's request waits for a large text's reading in slices
        // rather than forcing it (which held the loop 0.5 s when a 6 MiB glossary opened).
        for (const f of await this.manager.settledFindings(doc, token)) {
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

/** Applies every preferred fix to the document (one edit, one undo step): how many fixes were applied and the
 * error-level findings left, or undefined when the document is not a glossary or term list. The text is read in
 * slices and fixed on the core worker (a 10 MiB dictionary's fixes held the extension host for seconds), and the
 * fixes are applied as small edits (a fix that made another one possible: one edit of what differs). Done again on
 * the new text when the document changed meanwhile. */
export async function fixAllInDocument(offload: Offload, doc: vscode.TextDocument, known?: LintKind, rules?: RuleSettings): Promise<{ applied: number; errors: number } | undefined> {
  const kind = known ?? lintKindOf(doc, readLintSettings());
  if (!kind) return undefined;
  for (let attempt = 0; ; attempt++) {
    const { pieces, version } = await readPieces(doc);
    const r = await offload.fixAll(kind, pieces, rules);
    if (!r.applied) return { applied: 0, errors: r.errors };
    if (doc.version === version) {
      if (r.text !== undefined) {
        await replaceText(offload, doc, r.text);
        return { applied: r.applied, errors: r.errors };
      }
      const edit = new vscode.WorkspaceEdit();
      for (const s of r.spans) edit.replace(doc.uri, new vscode.Range(doc.positionAt(s.from), doc.positionAt(s.to)), s.text);
      if (await vscode.workspace.applyEdit(edit)) return { applied: r.applied, errors: r.errors };
    }
    // Edited meanwhile: again, on the text now.
    if (attempt === 2) throw new Error(vscode.l10n.t('the document kept changing while its problems were being fixed'));
  }
}

export function registerCodeActions(manager: DiagnosticsManager, offload: Offload, errors: ShownErrors): vscode.Disposable[] {
  const selector: vscode.DocumentSelector = [
    { language: 'glossary-tsv' }, { language: 'glossary-csv' }, { language: 'spoken-terms' }, { language: 'glossary-multilingual' },
    { pattern: '**/*.{tsv,csv,txt}' }, { scheme: 'terminology' },
  ];
  return [
    vscode.languages.registerCodeActionsProvider(selector, new Provider(manager), {
      providedCodeActionKinds: [vscode.CodeActionKind.QuickFix, FIX_ALL_KIND],
    }),
    vscode.commands.registerCommand('terminology.fixAll', async (arg?: unknown) => {
      // The document a menu or a notification names, else the active text editor's, or the table's when a table
      // view is active.
      const doc = arg instanceof vscode.Uri ? await vscode.workspace.openTextDocument(arg) : activeDocument();
      let fixed: { applied: number; errors: number } | undefined;
      try {
        fixed = doc && await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Fixing glossary problems…') },
          () => fixAllInDocument(offload, doc, manager.kindOf(doc), manager.rulesFor(doc.uri)));
      } catch (err) {
        void errors.show(vscode.l10n.t('Fix All did not change the document'), err);
        return 0;
      }
      if (fixed === undefined || !doc) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Open a glossary or term list file to fix its problems.'));
        return 0;
      }
      // Say what was done, and what is left for a person to decide.
      const { applied, errors: left } = fixed;
      const name = doc.uri.path.slice(doc.uri.path.lastIndexOf('/') + 1);
      const done = applied === 0 ? vscode.l10n.t('Nothing to fix automatically in {0}', name)
        : applied === 1 ? vscode.l10n.t('Fixed 1 problem in {0}', name) : vscode.l10n.t('Fixed {0} problems in {1}', applied, name);
      const rest = left === 0 ? '' : left === 1 ? vscode.l10n.t('; 1 error needs your decision (see Problems)') : vscode.l10n.t('; {0} errors need your decision (see Problems)', left);
      vscode.window.setStatusBarMessage(`$(wrench) ${done}${rest}`, 8000);
      return applied;
    }),
  ];
}
