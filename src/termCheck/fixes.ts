/** Quick fixes and the hover of the term check's findings. A fix writes the glossary's target into the translation
 * file only (the glossary is never touched), escaped for the file's format and in the case of the sentence. */
import * as vscode from 'vscode';
import {
  escapeFor, inCaseOf, manifestIgnoreEdit, poIgnoreEdit, translationKind, xliffIgnoreEdit, type GlossaryEntry, type TextEdit, type TranslationKind,
} from '../core/termCheck';
import type { ManifestFile } from '../platform/manifestFile';
import { SCHEME } from '../platform/remoteUris';
import type { TermChecker, TermResult } from './checker';

const FIXABLE = new Set(['term-not-used', 'untranslated-term', 'forbidden-term']);

export class TermCodeActions implements vscode.CodeActionProvider {
  constructor(private readonly checker: TermChecker, private readonly manifest: ManifestFile) {}

  async provideCodeActions(doc: vscode.TextDocument, range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): Promise<vscode.CodeAction[]> {
    if (context.only && !vscode.CodeActionKind.QuickFix.contains(context.only) && !context.only.contains(vscode.CodeActionKind.QuickFix)) return [];
    const kind = translationKind(doc.uri.path);
    if (!kind) return [];
    const out: vscode.CodeAction[] = [];
    const ignores: vscode.CodeAction[] = [];
    for (const r of this.checker.resultsOf(doc.uri)) {
      const d = r.diagnostic;
      if (!d.range.intersection(range) && !d.range.contains(range)) continue;
      const entry = r.finding.entry;
      // Asked for a problem near the cursor: as for the whole problem (no word of it is pointed at).
      const asked = nearby(doc, range, d.range) ? d.range : range;
      // In a term-not-used target, what the user points at: the selection, or the word a bare cursor is in or at.
      const pointed = r.finding.code === 'term-not-used' ? pointedIn(doc, asked, d.range) : asked;
      if (entry && FIXABLE.has(r.finding.code)) {
        const fix = this.replacement(doc, kind, r, asked, pointed, entry);
        if (fix) out.push(fix);
      }
      // The words selected in the target are how it renders the term: offered to the glossary as its translation.
      if (entry?.file && r.finding.code === 'term-not-used' && !pointed.isEmpty && d.range.contains(pointed) && !asked.isEqual(d.range)) {
        const rendering = doc.getText(pointed).trim();
        if (rendering && !rendering.includes('\n')) {
          const add = new vscode.CodeAction(vscode.l10n.t('Add "{0}" to the glossary as the translation of "{1}"…', rendering, entry.source), vscode.CodeActionKind.QuickFix);
          add.diagnostics = [d];
          add.command = { title: add.title, command: 'terminology.termCheck.addRendering', arguments: [entry, rendering] };
          out.push(add);
        }
      }
      if (entry?.file) out.push(openEntry(entry, d));
      const ignore = await this.ignoreHere(doc, kind, r);
      if (ignore && !ignores.some((a) => a.title === ignore.title)) ignores.push(ignore);
    }
    return [...out, ...ignores];
  }

  /** "Ignore here": the mark the file's format allows (a PO translator comment, an XLIFF note), else the manifest's
   * "termIgnore" for this file and string; an edit the user sees and can undo, saved by them. */
  private async ignoreHere(doc: vscode.TextDocument, kind: TranslationKind, r: TermResult): Promise<vscode.CodeAction | undefined> {
    const { term, unitId } = r.finding;
    const title = vscode.l10n.t('Ignore "{0}" here', term);
    const action = (uri: vscode.Uri, target: vscode.TextDocument | string, e: TextEdit | undefined) => {
      if (!e) return undefined;
      const a = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
      a.diagnostics = [r.diagnostic];
      a.edit = new vscode.WorkspaceEdit();
      const at = (o: number) => (typeof target === 'string' ? positionIn(target, o) : target.positionAt(o));
      a.edit.replace(uri, new vscode.Range(at(e.start), at(e.end)), e.text);
      return a;
    };
    const text = doc.getText();
    const offset = doc.offsetAt(r.diagnostic.range.start);
    if (kind === 'po') return action(doc.uri, doc, poIgnoreEdit(text, offset, term));
    if (kind === 'xliff') return action(doc.uri, doc, xliffIgnoreEdit(text, offset, term));
    const snapshot = await this.manifest.read();
    const rel = this.manifest.relativePath(doc.uri);
    if (!snapshot || rel === undefined) return undefined;
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === snapshot.uri.toString());
    const manifestText = open?.getText() ?? snapshot.text;
    return action(snapshot.uri, open ?? manifestText, manifestIgnoreEdit(manifestText, rel, unitId, term));
  }

  /** untranslated-term, forbidden-term: the found words replaced. term-not-used (the whole target is marked: which
   * words render the term is not known): the selection inside the target replaced, or the glossary's target inserted
   * at the cursor (the word it is in or at replaced: never half a word); nothing when the range is the whole target. */
  private replacement(doc: vscode.TextDocument, kind: TranslationKind, r: TermResult, range: vscode.Range, pointed: vscode.Range, entry: GlossaryEntry): vscode.CodeAction | undefined {
    const d = r.diagnostic;
    let at: vscode.Range;
    let title: string;
    if (r.finding.code === 'term-not-used') {
      if (range.isEqual(d.range) || !d.range.contains(pointed)) return undefined;
      at = pointed;
      title = pointed.isEmpty ? vscode.l10n.t('Insert the glossary\'s "{0}"', entry.target)
        : range.isEmpty ? vscode.l10n.t('Replace "{0}" with the glossary\'s "{1}"', doc.getText(pointed), entry.target)
          : vscode.l10n.t('Replace with the glossary\'s "{0}"', entry.target);
    } else {
      at = d.range;
      title = vscode.l10n.t('Replace with the glossary\'s "{0}"', entry.target);
    }
    const text = escapeFor(kind, inCaseOf(entry.target, doc.getText(at), isStringStart(doc, at.start)));
    const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
    action.diagnostics = [d];
    action.isPreferred = r.finding.code !== 'term-not-used';
    action.edit = new vscode.WorkspaceEdit();
    action.edit.replace(doc.uri, at, text);
    return action;
  }
}

/** Whether VS Code asks for the fixes of a problem near the cursor, not at it: with the cursor elsewhere on the
 * problem's line, Ctrl+. asks at the problem's end (editor.codeActionWidget.includeNearbyQuickFixes), an empty range
 * where no cursor of the editor is. The word before that end is not one the user pointed at. */
function nearby(doc: vscode.TextDocument, range: vscode.Range, problem: vscode.Range): boolean {
  if (!range.isEmpty || !range.start.isEqual(problem.end)) return false;
  const editor = vscode.window.activeTextEditor;
  return editor?.document === doc && !editor.selections.some((s) => s.isEmpty && s.active.isEqual(range.start));
}

/** The selection, or for a bare cursor in a word or at its edge, inside the target, that word: a fix never splits a
 * word, and "Add … to the glossary" works from the cursor too. */
function pointedIn(doc: vscode.TextDocument, range: vscode.Range, target: vscode.Range): vscode.Range {
  if (!range.isEmpty) return range;
  const line = doc.lineAt(range.start.line).text;
  const isWord = (i: number) => i >= 0 && i < line.length && /[\p{L}\p{N}\p{M}_-]/u.test(line[i]);
  let a = range.start.character;
  let b = a;
  while (isWord(a - 1)) a--;
  while (isWord(b)) b++;
  const word = new vscode.Range(range.start.line, a, range.start.line, b);
  return a < b && target.contains(word) ? word : range;
}

/** The position of `offset` in a text not open as a document. */
function positionIn(text: string, offset: number): vscode.Position {
  let line = 0;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) { line++; start = i + 1; }
  return new vscode.Position(line, offset - start);
}

/** Whether a position starts its string: the characters before it on the line end in a quote or a tag's `>`. */
function isStringStart(doc: vscode.TextDocument, pos: vscode.Position): boolean {
  const before = doc.lineAt(pos.line).text.slice(0, pos.character).trimEnd();
  return /["'>=]$/.test(before) || before === '';
}

function openEntry(entry: GlossaryEntry, d: vscode.Diagnostic): vscode.CodeAction {
  const uri = vscode.Uri.parse(entry.file!);
  const action = new vscode.CodeAction(vscode.l10n.t('Open entry in glossary'), vscode.CodeActionKind.QuickFix);
  action.diagnostics = [d];
  const line = entry.line ?? 0;
  action.command = { title: action.title, command: 'vscode.open', arguments: [uri, { selection: new vscode.Range(line, 0, line, 0) }] };
  return action;
}

/** The glossary entry behind a finding: its source and target, its glossary and its dictionary. */
export class TermHover implements vscode.HoverProvider {
  constructor(private readonly checker: TermChecker) {}

  provideHover(doc: vscode.TextDocument, pos: vscode.Position): vscode.Hover | undefined {
    const hits = this.checker.resultsOf(doc.uri).filter((r) => r.finding.entry && r.diagnostic.range.contains(pos));
    if (!hits.length) return undefined;
    const md = new vscode.MarkdownString();
    for (const r of hits) {
      const e = r.finding.entry!;
      md.appendMarkdown(`**${escapeMd(e.source)}** → **${escapeMd(e.target)}**  \n`);
      md.appendMarkdown(vscode.l10n.t('Glossary {0}, dictionary {1}', escapeMd(e.glossary), `${e.sourceLang.toUpperCase()} → ${e.targetLang.toUpperCase()}`));
      const where = e.file ? whereOf(e) : undefined;
      if (where) md.appendMarkdown(` (${escapeMd(where)})`);
      md.appendMarkdown('\n\n');
    }
    return new vscode.Hover(md, hits[0].diagnostic.range);
  }
}

function whereOf(e: GlossaryEntry): string {
  const uri = vscode.Uri.parse(e.file!);
  const line = (e.line ?? 0) + 1;
  if (uri.scheme === SCHEME) return vscode.l10n.t('line {0} on the service', line);
  return `${vscode.workspace.asRelativePath(uri)}:${line}`;
}

const escapeMd = (s: string) => s.replace(/[\\`*_[\]<>|]/g, '\\$&');
