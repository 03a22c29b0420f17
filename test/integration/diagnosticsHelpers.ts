/** Reading the extension's diagnostics in integration tests: waits on diagnostics events, never on sleeps. */
import * as vscode from 'vscode';

/** The extension's diagnostics of `uri` in the order of their positions (as the Problems view lists them): they come
 * from two collections (a glossary's gaps apart), and VS Code returns them collection by collection. */
export function ours(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'terminology')
    .map((d, i) => ({ d, i }))
    .sort((a, b) => a.d.range.start.line - b.d.range.start.line || a.d.range.start.character - b.d.range.start.character || a.i - b.i)
    .map(({ d }) => d);
}

export const codeOf = (d: vscode.Diagnostic): string => (typeof d.code === 'object' ? String(d.code.value) : String(d.code));

/** [code, line, start, end] of each diagnostic, for compact assertions. */
export const brief = (ds: vscode.Diagnostic[]): Array<[string, number, number, number]> =>
  ds.map((d) => [codeOf(d), d.range.start.line, d.range.start.character, d.range.end.character]);

/** Resolves when `check` holds for the document's diagnostics, re-checking on every diagnostics change. */
export function diagnosticsWhere(uri: vscode.Uri, check: (ds: vscode.Diagnostic[]) => boolean, what: string, ms = 10_000): Promise<vscode.Diagnostic[]> {
  return new Promise((resolve, reject) => {
    const done = () => { sub.dispose(); clearTimeout(timer); resolve(ours(uri)); };
    const sub = vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((u) => u.toString() === uri.toString()) && check(ours(uri))) done();
    });
    const timer = setTimeout(() => {
      sub.dispose();
      // Whether the document is open, and what VS Code holds of it: the diagnostics follow the open document only.
      const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      const state = doc ? `open (${doc.isDirty ? 'dirty' : 'clean'}, version ${doc.version}, language ${doc.languageId}): ${JSON.stringify(doc.getText().slice(0, 120))}` : 'not open';
      reject(new Error(`timed out waiting for ${what}; have ${JSON.stringify(brief(ours(uri)))}; the document is ${state}`));
    }, ms);
    if (check(ours(uri))) done();
  });
}
