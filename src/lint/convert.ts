/** Thin adapter: plain findings of src/core into VS Code diagnostics and edits. */
import * as vscode from 'vscode';
import { ruleDocUrl, type Finding, type RuleCode, type TextEdit } from '../core';

export const DIAGNOSTIC_SOURCE = 'terminology';

/** Whether `d` is one of our findings with the rule code `code`. */
export function isFinding(d: vscode.Diagnostic, code: RuleCode): boolean {
  return d.source === DIAGNOSTIC_SOURCE && typeof d.code === 'object' && d.code.value === code;
}

/** Our published findings of `uri` with the rule code `code` (VS Code's copy: no linter is asked). */
export function publishedFindings(uri: vscode.Uri, code: RuleCode): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => isFinding(d, code));
}

const SEVERITY: Record<Finding['severity'], vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

export function toDiagnostic(f: Finding, uri: vscode.Uri): vscode.Diagnostic {
  const d = new vscode.Diagnostic(new vscode.Range(f.line, f.start, f.line, f.end), f.message, SEVERITY[f.severity]);
  d.source = DIAGNOSTIC_SOURCE;
  d.code = { value: f.code, target: vscode.Uri.parse(ruleDocUrl(f.code as RuleCode)) };
  if (f.related) {
    d.relatedInformation = f.related.map((r) => new vscode.DiagnosticRelatedInformation(
      new vscode.Location(uri, new vscode.Range(r.line, r.start, r.line, r.end)), r.message));
  }
  return d;
}

export function toRange(e: TextEdit): vscode.Range {
  return new vscode.Range(e.line, e.start, e.endLine ?? e.line, e.end);
}

export function toWorkspaceEdit(uri: vscode.Uri, edits: readonly TextEdit[]): vscode.WorkspaceEdit {
  const we = new vscode.WorkspaceEdit();
  for (const e of edits) we.replace(uri, toRange(e), e.text);
  return we;
}
