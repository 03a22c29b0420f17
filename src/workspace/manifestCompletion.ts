/** Completion in the manifest beyond what its JSON schema gives: the paths of the workspace's glossary files and term
 * lists (relative to the manifest), and language pairs and codes from the service's language lists. Loaded with the
 * sync's commands (dist/workspace.js) at the first completion asked for in a JSON file. */
import * as vscode from 'vscode';
import { findNodeAtOffset, getLocation, parseTree } from 'jsonc-parser';
import type { ManifestFile } from '../platform/manifestFile';
import type { ServiceLanguages } from './serviceLanguages';

export class ManifestCompletion implements vscode.CompletionItemProvider {
  constructor(private readonly manifest: ManifestFile, private readonly languages: ServiceLanguages) {}

  async provideCompletionItems(doc: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.CompletionItem[] | undefined> {
    if (!this.manifest.isManifest(doc.uri)) return undefined;
    const text = doc.getText();
    const offset = doc.offsetAt(position);
    const loc = getLocation(text, offset);
    const path = loc.path;
    if (path.length !== 4 || (path[0] !== 'glossaries' && path[0] !== 'spokenTerms') || typeof path[1] !== 'number') return undefined;
    const area = path[0];
    if (path[2] !== (area === 'glossaries' ? 'dictionaries' : 'termLists')) return undefined;
    // The string being typed (inside its quotes) is what a choice replaces.
    const root = parseTree(text);
    const node = root && findNodeAtOffset(root, offset, true);
    const range = node && node.type === 'string'
      ? new vscode.Range(doc.positionAt(node.offset + 1), doc.positionAt(Math.max(node.offset + 1, node.offset + node.length - 1)))
      : undefined;
    if (!loc.isAtPropertyKey) return this.files(area, range, token);
    return this.keys(area, range);
  }

  private async files(area: 'glossaries' | 'spokenTerms', range: vscode.Range | undefined, token: vscode.CancellationToken): Promise<vscode.CompletionItem[]> {
    const uri = this.manifest.uri;
    if (!uri) return [];
    const folder = vscode.Uri.joinPath(uri, '..');
    const glob = area === 'glossaries' ? '**/*.{tsv,csv}' : '**/*.txt';
    const found = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, glob), '**/{node_modules,.git}/**', 1000, token);
    return found.map((f) => this.manifest.relativePath(f)).filter((p): p is string => p !== undefined).sort().map((p) => {
      const item = new vscode.CompletionItem(p, vscode.CompletionItemKind.File);
      if (range) item.range = range;
      item.detail = area === 'glossaries' ? vscode.l10n.t('dictionary file') : vscode.l10n.t('term list file');
      return item;
    });
  }

  private async keys(area: 'glossaries' | 'spokenTerms', range: vscode.Range | undefined): Promise<vscode.CompletionItem[]> {
    const langs = await this.languages.get(area === 'glossaries' ? 'glossary' : 'voice');
    if (!langs) return [];
    const make = (label: string, detail: string) => {
      const item = new vscode.CompletionItem(label, vscode.CompletionItemKind.EnumMember);
      item.detail = detail;
      if (range) item.range = range;
      return item;
    };
    if (area === 'spokenTerms') {
      return langs.filter((l) => l.features.includes('spoken_terms')).map((l) => make(l.lang, l.name));
    }
    const usable = langs.filter((l) => l.lang.toLowerCase() !== 'th' && !l.lang.includes('-'));
    const out: vscode.CompletionItem[] = [];
    for (const s of usable) for (const t of usable) if (s.lang !== t.lang) out.push(make(`${s.lang}-${t.lang}`, `${s.name} → ${t.name}`));
    return out;
  }
}
