/** Marks where an invisible character is, in the text editor: its code point in a small box after it, on each
 * `invisible-character` finding shown (VS Code's own boxes are off in these documents; see package.json). */
import * as vscode from 'vscode';
import { publishedFindings } from './convert';
import type { DiagnosticsManager } from './diagnosticsManager';

export function markInvisibles(diagnostics: DiagnosticsManager): vscode.Disposable[] {
  const type = vscode.window.createTextEditorDecorationType({
    after: {
      color: new vscode.ThemeColor('editorCodeLens.foreground'),
      border: '1px solid',
      borderColor: new vscode.ThemeColor('editorUnicodeHighlight.border'),
      margin: '0 1px',
      fontStyle: 'normal',
      fontWeight: 'normal',
    },
  });
  const paint = (editor: vscode.TextEditor) => {
    if (diagnostics.kindOf(editor.document) === undefined) return;
    editor.setDecorations(type, publishedFindings(editor.document.uri, 'invisible-character').map((d) => ({
      range: d.range,
      renderOptions: { after: { contentText: codeOf(editor.document.getText(d.range)) } },
    })));
  };
  return [
    type,
    diagnostics.onDidLint((uri) => { for (const e of vscode.window.visibleTextEditors) if (e.document.uri.toString() === uri.toString()) paint(e); }),
    vscode.window.onDidChangeVisibleTextEditors((es) => es.forEach(paint)),
  ];
}

/** "200B" for U+200B: short enough to sit in the line. */
const codeOf = (ch: string) => (ch ? ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0') : '');
