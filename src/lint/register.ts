/** Diagnostics: the manager that lints open documents and publishes their findings, and the code actions (quick
 * fixes, Fix All) on them. The features that show findings (documents, table, glossary view, sync) take the manager. */
import type * as vscode from 'vscode';
import type { Logger } from '../base/logger';
import type { Offload } from '../worker/offload';
import type { ShownErrors } from '../platform/errors';
import { registerCodeActions } from './codeActions';
import { DiagnosticsManager } from './diagnosticsManager';
import { markInvisibles } from './invisibleMarks';

export function registerLint(log: Logger, offload: Offload, errors: ShownErrors): { diagnostics: DiagnosticsManager; disposables: vscode.Disposable[] } {
  const diagnostics = new DiagnosticsManager(log);
  return { diagnostics, disposables: [diagnostics, ...registerCodeActions(diagnostics, offload, errors), ...markInvisibles(diagnostics)] };
}
