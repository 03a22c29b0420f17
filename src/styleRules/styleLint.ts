/** The editor side of style rule list documents: diagnostics as you type (unknown group, rule or option, the custom
 * instruction limits), quick fixes to the nearest valid name, completion of groups, rules and options, and hover
 * with the allowed values. A thin adapter over src/core/styleRules. */
import * as vscode from 'vscode';
import { RULES_DOC_URL } from '../core/findings';
import { RULE_OPTIONS } from '../core/styleRules/catalog';
import { checkStyleDocument, completionsAt, hoverAt, type StyleFinding } from '../core/styleRules/document';
import { ClosedTabs } from '../platform/tabs';
import { isStyleRulesUri } from './styleFs';

const SELECTOR: vscode.DocumentSelector = { scheme: 'terminology', pattern: '**/*.json' };

export class StyleLint implements vscode.Disposable, vscode.CodeActionProvider, vscode.CompletionItemProvider, vscode.HoverProvider {
  private readonly collection = vscode.languages.createDiagnosticCollection('terminology-style-rules');
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly fixes = new WeakMap<vscode.Diagnostic, NonNullable<StyleFinding['fix']>>();
  private readonly linted = new vscode.EventEmitter<vscode.Uri>();
  /** Fires after a document's diagnostics were published. */
  readonly onDidLint = this.linted.event;
  private readonly subscriptions: vscode.Disposable[];

  /** A list whose last tab closed: its findings leave the Problems view until a tab shows it again. */
  private readonly tabs = new ClosedTabs(isStyleRulesUri, (uri) => this.collection.delete(uri), (uri) => {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (doc) this.schedule(doc, 0);
  });

  constructor(private readonly knownIds: (uri: vscode.Uri) => ReadonlySet<string> | undefined) {
    this.subscriptions = [
      this.collection, this.linted, this.tabs,
      vscode.workspace.onDidOpenTextDocument((d) => this.schedule(d, 0)),
      vscode.workspace.onDidChangeTextDocument((e) => this.schedule(e.document, 150)),
      vscode.workspace.onDidCloseTextDocument((d) => { if (isStyleRulesUri(d.uri)) { this.collection.delete(d.uri); this.tabs.forget(d.uri); } }),
      vscode.languages.registerCodeActionsProvider(SELECTOR, this, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }),
      vscode.languages.registerCompletionItemProvider(SELECTOR, this, '"'),
      vscode.languages.registerHoverProvider(SELECTOR, this),
    ];
    for (const d of vscode.workspace.textDocuments) this.schedule(d, 0);
  }

  private schedule(doc: vscode.TextDocument, ms: number): void {
    if (!isStyleRulesUri(doc.uri)) return;
    const key = doc.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(key, setTimeout(() => { this.timers.delete(key); this.lint(doc); }, ms));
  }

  /** Lints now and publishes; answers the findings. */
  lint(doc: vscode.TextDocument): StyleFinding[] {
    if (doc.isClosed) return [];
    const { findings } = checkStyleDocument(doc.getText(), this.knownIds(doc.uri));
    if (this.tabs.isHidden(doc.uri)) { this.linted.fire(doc.uri); return findings; }
    this.collection.set(doc.uri, findings.map((f) => {
      const d = new vscode.Diagnostic(new vscode.Range(doc.positionAt(f.start), doc.positionAt(f.end)), f.message,
        f.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning);
      d.source = 'terminology';
      d.code = { value: f.code, target: vscode.Uri.parse(RULES_DOC_URL + f.code) };
      if (f.fix) this.fixes.set(d, f.fix);
      return d;
    }));
    this.linted.fire(doc.uri);
    return findings;
  }

  provideCodeActions(doc: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    if (context.only && !vscode.CodeActionKind.QuickFix.intersects(context.only)) return [];
    const actions: vscode.CodeAction[] = [];
    for (const d of context.diagnostics) {
      const fix = this.fixes.get(d) ?? this.fixFromCurrent(doc, d);
      if (!fix) continue;
      const a = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
      a.edit = new vscode.WorkspaceEdit();
      a.edit.replace(doc.uri, new vscode.Range(doc.positionAt(fix.start), doc.positionAt(fix.end)), fix.text);
      a.diagnostics = [d];
      a.isPreferred = true;
      actions.push(a);
    }
    // Instructions pasted from another list come with ids this one lacks, each with its fix: one action for them all.
    if (context.diagnostics.some((d) => codeOf(d) === 'unknown-instruction-id')) {
      const all = (this.collection.get(doc.uri) ?? []).filter((d) => codeOf(d) === 'unknown-instruction-id');
      const fixes = all.map((d) => this.fixes.get(d) ?? this.fixFromCurrent(doc, d)).filter((f): f is NonNullable<StyleFinding['fix']> => f !== undefined);
      if (fixes.length > 1) {
        const a = new vscode.CodeAction(vscode.l10n.t('Remove all {0} unknown instruction ids (push them as new instructions)', fixes.length), vscode.CodeActionKind.QuickFix);
        a.edit = new vscode.WorkspaceEdit();
        for (const f of fixes) a.edit.replace(doc.uri, new vscode.Range(doc.positionAt(f.start), doc.positionAt(f.end)), f.text);
        a.diagnostics = all;
        actions.push(a);
      }
    }
    return actions;
  }

  /** Diagnostics handed back by VS Code may be copies: find the fix by place and code. */
  private fixFromCurrent(doc: vscode.TextDocument, d: vscode.Diagnostic): StyleFinding['fix'] {
    const code = codeOf(d);
    const start = doc.offsetAt(d.range.start);
    return checkStyleDocument(doc.getText(), this.knownIds(doc.uri)).findings.find((f) => f.code === code && f.start === start)?.fix;
  }

  provideCompletionItems(doc: vscode.TextDocument, position: vscode.Position): vscode.CompletionItem[] | undefined {
    if (!isStyleRulesUri(doc.uri)) return undefined;
    const text = doc.getText();
    const offset = doc.offsetAt(position);
    const c = completionsAt(text, offset);
    if (!c) return undefined;
    // Replace the whole string the cursor is in (its quotes included), or insert a quoted string.
    const word = doc.getWordRangeAtPosition(position, /"[^"\n]*"?/);
    return c.items.map((name, i) => {
      const item = new vscode.CompletionItem(name, c.kind === 'option' ? vscode.CompletionItemKind.EnumMember : c.kind === 'group' ? vscode.CompletionItemKind.Module : vscode.CompletionItemKind.Property);
      item.insertText = JSON.stringify(name);
      // VS Code filters by the text from the range's start to the cursor, which begins with the quote: the filter text
      // has it too (with the bare name, "use_ matched nothing and the list said "No suggestions").
      item.filterText = JSON.stringify(name);
      if (word) item.range = word;
      item.sortText = String(i).padStart(4, '0');
      if (c.kind === 'rule') {
        const options = RULE_OPTIONS[`${c.group}.${name}`];
        item.detail = options ? options.join(' | ') : vscode.l10n.t('options not shown in the interface document');
      }
      if (c.kind === 'option') item.detail = `${c.group}.${c.rule}`;
      return item;
    });
  }

  provideHover(doc: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    if (!isStyleRulesUri(doc.uri)) return undefined;
    const h = hoverAt(doc.getText(), doc.offsetAt(position));
    return h && new vscode.Hover(new vscode.MarkdownString(h.markdown), new vscode.Range(doc.positionAt(h.start), doc.positionAt(h.end)));
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    for (const s of this.subscriptions) s.dispose();
  }
}

function codeOf(d: vscode.Diagnostic): string {
  return typeof d.code === 'object' ? String(d.code.value) : String(d.code ?? '');
}
