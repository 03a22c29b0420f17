/** The workspace's manifest: where it is (the first folder + `terminology.manifest`), its text (the open document's
 * when it is open), its parsed links as Uris, and writes that keep its layout. Fires when it changes. */
import * as vscode from 'vscode';
import { DEFAULT_MANIFEST_NAME, normalizePath, parseManifest, type ManifestLink, type ParsedManifest } from '../core/workspace/manifest';

export interface ManifestSnapshot {
  uri: vscode.Uri;
  /** The manifest's folder: paths are relative to it. */
  folder: vscode.Uri;
  text: string;
  parsed: ParsedManifest;
}

/** Where the manifest is (or would be): the first workspace folder and the setting's name (a relative path works). */
export function manifestLocation(): vscode.Uri | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!folder) return undefined;
  const name = vscode.workspace.getConfiguration('terminology', folder).get<string>('manifest', DEFAULT_MANIFEST_NAME).trim() || DEFAULT_MANIFEST_NAME;
  return vscode.Uri.joinPath(folder, ...normalizePath(name.replace(/\\/g, '/')).split('/'));
}

export class ManifestFile implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private watcher: vscode.FileSystemWatcher | undefined;
  private readonly subscriptions: vscode.Disposable[] = [this.changed];

  constructor() {
    this.watch();
    this.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('terminology.manifest')) { this.watch(); this.changed.fire(); }
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => { this.watch(); this.changed.fire(); }),
      vscode.workspace.onDidChangeTextDocument((e) => { if (this.isManifest(e.document.uri)) this.changed.fire(); }),
    );
  }

  /** Where the manifest is (or would be): the first workspace folder and the setting's name (a relative path works). */
  get uri(): vscode.Uri | undefined {
    return manifestLocation();
  }

  isManifest(uri: vscode.Uri): boolean {
    return this.uri?.toString() === uri.toString();
  }

  private watch(): void {
    this.watcher?.dispose();
    const uri = this.uri;
    if (!uri) return;
    const dir = vscode.Uri.joinPath(uri, '..');
    const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
    this.watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(dir, name));
    this.watcher.onDidCreate(() => this.changed.fire());
    this.watcher.onDidChange(() => this.changed.fire());
    this.watcher.onDidDelete(() => this.changed.fire());
  }

  /** The manifest now (the open document's text when it has unsaved edits), or undefined when there is none. */
  async read(): Promise<ManifestSnapshot | undefined> {
    const uri = this.uri;
    if (!uri) return undefined;
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString() && d.isDirty);
    let text: string;
    if (open) text = open.getText();
    else {
      try { text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)); } catch { return undefined; }
    }
    return { uri, folder: vscode.Uri.joinPath(uri, '..'), text, parsed: parseManifest(text) };
  }

  /** The Uri of a linked file. */
  linkUri(snapshot: { folder: vscode.Uri }, link: ManifestLink): vscode.Uri {
    return vscode.Uri.joinPath(snapshot.folder, ...link.path.split('/'));
  }

  /** The path of `file` relative to the manifest's folder, or undefined when it lies outside. */
  relativePath(file: vscode.Uri): string | undefined {
    const uri = this.uri;
    if (!uri || file.scheme !== uri.scheme || file.authority !== uri.authority) return undefined;
    const dir = uri.path.slice(0, uri.path.lastIndexOf('/') + 1);
    return file.path.startsWith(dir) ? file.path.slice(dir.length) : undefined;
  }

  /** Writes new manifest text: into the open document (then saved) when it has unsaved edits, else to the file
   * (an open, clean document follows by itself). */
  async write(text: string): Promise<void> {
    const uri = this.uri;
    if (!uri) throw new Error(vscode.l10n.t('Open a folder first: the manifest lives at the root of the workspace.'));
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString() && d.isDirty);
    if (open) {
      if (open.getText() === text) return;
      const edit = new vscode.WorkspaceEdit();
      edit.replace(uri, new vscode.Range(open.positionAt(0), open.positionAt(open.getText().length)), text);
      if (!await vscode.workspace.applyEdit(edit)) throw new Error(vscode.l10n.t('The manifest could not be edited.'));
      await open.save();
    } else {
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    }
    this.changed.fire();
  }

  dispose(): void {
    this.watcher?.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
