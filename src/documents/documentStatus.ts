/** Status bar entry while a dictionary or term list is active: entries, size against the limit, errors; and, for any
 * remote document with unsaved edits (a style rule list too), that they are not pushed until a save. */
import * as vscode from 'vscode';
import { formatSize, LIMITS } from '../core';
import type { DiagnosticsManager } from '../lint/diagnosticsManager';
import { activeDocument, onDidChangeActiveDocument } from '../platform/activeDocument';

export class DocumentStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('terminology.document', vscode.StatusBarAlignment.Left, 50);
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly diagnostics: DiagnosticsManager) {
    this.item.name = vscode.l10n.t('Terminology: Document');
    this.item.command = 'workbench.actions.view.problems';
    this.subscriptions = [
      this.item,
      // The active text editor, or the table view (a custom editor over the same document); a tab whose dirty state
      // changed (the first edit, a revert) is a changed tab too.
      onDidChangeActiveDocument(() => this.update()),
      vscode.workspace.onDidSaveTextDocument(() => this.update()),
      diagnostics.onDidLint((uri) => {
        if (uri.toString() === activeDocument()?.uri.toString()) this.update();
      }),
    ];
    this.update();
  }

  /** The text shown, or undefined while hidden (for tests). */
  get text(): string | undefined {
    return this.shown ? this.item.text : undefined;
  }

  private shown = false;

  update(): void {
    const doc = activeDocument();
    const s = doc && this.diagnostics.stats(doc);
    if (!s) {
      if (doc?.uri.scheme === 'terminology' && doc.isDirty) {
        // A remote document without figures of its own (a style rule list): what a save does, all the same.
        this.item.text = `$(circle-filled) ${vscode.l10n.t('not pushed')}`;
        this.item.tooltip = vscode.l10n.t('Your edits are local until you save (Ctrl+S), which pushes them to the service. Auto-save does not push.');
        this.item.backgroundColor = undefined;
        this.shown = true;
        this.item.show();
        return;
      }
      this.shown = false;
      this.item.hide();
      return;
    }
    const errors = s.errors ? `$(error) ${s.errors}` : '$(check)';
    if (s.kind === 'glossary') {
      const gaps = (s.missing ?? []).filter((m) => m.count > 0).map((m) => `${m.lang.toUpperCase()}: ${m.count.toLocaleString('en-US')} missing`);
      this.item.text = `$(book) ${s.entries.toLocaleString('en-US')} ${s.entries === 1 ? 'entry' : 'entries'}${gaps.length ? ' · ' + gaps.join(', ') : ''} · ${errors}`;
      this.item.tooltip = vscode.l10n.t('{0} entries over {1} dictionaries; {2}. Click for the Problems view.', s.entries, (s.missing ?? []).length,
        gaps.length ? gaps.join(', ') : vscode.l10n.t('no gaps'));
      this.item.backgroundColor = undefined;
    } else if (s.kind === 'entries') {
      const size = formatSize(s.bytes);
      this.item.text = `$(book) ${s.entries.toLocaleString('en-US')} ${s.entries === 1 ? 'entry' : 'entries'} · ${size} / 10 MiB · ${errors}`;
      this.item.tooltip = s.errors === 1
        ? vscode.l10n.t('{0} entries, {1} of {2} bytes allowed per dictionary, 1 error. Click for the Problems view.', s.entries, s.bytes, LIMITS.dictionaryBytes)
        : vscode.l10n.t('{0} entries, {1} of {2} bytes allowed per dictionary, {3} errors. Click for the Problems view.', s.entries, s.bytes, LIMITS.dictionaryBytes, s.errors);
      this.item.backgroundColor = s.bytes > LIMITS.dictionaryBytes ? new vscode.ThemeColor('statusBarItem.errorBackground')
        : s.bytes > 0.9 * LIMITS.dictionaryBytes ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    } else {
      this.item.text = `$(mic) ${s.entries} ${s.entries === 1 ? 'term' : 'terms'} · ${s.chars} / ${LIMITS.termListChars} characters · ${errors}`;
      this.item.tooltip = s.errors === 1
        ? vscode.l10n.t('{0} terms using {1} of the {2} characters a term list holds, 1 error. Click for the Problems view.', s.entries, s.chars, LIMITS.termListChars)
        : vscode.l10n.t('{0} terms using {1} of the {2} characters a term list holds, {3} errors. Click for the Problems view.', s.entries, s.chars, LIMITS.termListChars, s.errors);
      this.item.backgroundColor = s.chars > LIMITS.termListChars ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    }
    if (doc.uri.scheme === 'terminology' && doc.isDirty) {
      // Unsaved edits live only here until an explicit save pushes them (auto-save never does).
      this.item.text = `$(circle-filled) ${vscode.l10n.t('not pushed')} · ${this.item.text}`;
      this.item.tooltip = vscode.l10n.t('Your edits are local until you save (Ctrl+S), which pushes them to the service. Auto-save does not push.') + '\n' + String(this.item.tooltip);
    }
    this.shown = true;
    this.item.show();
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
