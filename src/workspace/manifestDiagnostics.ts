/** Diagnostics of the manifest as you type: the schema's structure, refused language pairs, linked files that do not
 * exist, duplicates. The same rules as the CLI (src/core/workspace/manifest.ts). */
import * as vscode from 'vscode';
import { RULES_DOC_URL } from '../core';
import { checkLinkedFiles, manifestLinks, offsetPosition, parseManifest } from '../core/workspace/manifest';
import type { ManifestFile } from '../platform/manifestFile';

export class ManifestDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('terminology-manifest');
  private generation = 0;
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  /** Fires after the manifest's diagnostics were published. */
  readonly onDidCheck = this.changed.event;
  private shownFor: vscode.Uri | undefined;

  /** `languages`: the service's glossary languages when it can be asked (a pair it does not list is refused too). */
  constructor(private readonly manifest: ManifestFile, private readonly languages: () => Promise<string[] | undefined> = async () => undefined) {}

  async check(): Promise<void> {
    const generation = ++this.generation;
    const snap = await this.manifest.read();
    if (this.shownFor && (!snap || snap.uri.toString() !== this.shownFor.toString())) this.collection.delete(this.shownFor);
    if (!snap) { this.shownFor = undefined; return; }
    const languages = await this.languages();
    const parsed = languages ? parseManifest(snap.text, { languages }) : snap.parsed;
    const existing = new Set<string>();
    await Promise.all(manifestLinks(snap.parsed.manifest).map(async (l) => {
      try { await vscode.workspace.fs.stat(this.manifest.linkUri(snap, l)); existing.add(l.path); } catch { /* missing */ }
    }));
    if (generation !== this.generation) return;
    // Where the contributed JSON schema applies (jsonValidation), VS Code's JSON support already reports syntax and
    // structure; only what the schema cannot see is added here. Under another name, everything is.
    const name = snap.uri.path.slice(snap.uri.path.lastIndexOf('/') + 1);
    const schemaApplies = name === 'terminology.json' || name.endsWith('.terminology.json');
    const problems = [...parsed.problems, ...checkLinkedFiles(parsed.manifest, (p) => existing.has(p))]
      .filter((p) => !schemaApplies || (p.code !== 'manifest-schema' && p.code !== 'manifest-syntax'));
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === snap.uri.toString());
    const at = (offset: number) => {
      if (doc) return doc.positionAt(offset);
      const p = offsetPosition(snap.text, offset);
      return new vscode.Position(p.line, p.col);
    };
    this.collection.set(snap.uri, problems.map((p) => {
      const d = new vscode.Diagnostic(new vscode.Range(at(p.offset), at(p.offset + p.length)), p.message,
        p.severity === 'error' ? vscode.DiagnosticSeverity.Error : p.severity === 'warning' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Information);
      d.source = 'terminology';
      d.code = { value: p.code, target: vscode.Uri.parse(RULES_DOC_URL + p.code) };
      return d;
    }));
    this.shownFor = snap.uri;
    this.changed.fire(snap.uri);
  }

  dispose(): void {
    this.collection.dispose();
    this.changed.dispose();
  }
}
