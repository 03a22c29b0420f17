/** Wires the remote documents: the file system, diff snapshots, their commands and the status bar entry. */
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { CommandContext } from '../trees/commandContext';
import { forward, once } from '../platform/lazy';
import type { PushFileActions } from './pushFileCommand';
import type { DiagnosticsManager } from '../lint/diagnosticsManager';
import { createSaveUi, documentActions, registerDocumentCommands, RemoteSnapshots, type DocumentActions } from './documentCommands';
import { DocumentStatus } from './documentStatus';
import { RemoteFileSystem } from './remoteFs';
import { RemoteStore } from './remoteStore';
import { SpilledBases } from './spilledBases';
import { BaseStore } from './baseStore';
import { parseRemoteRef, REMOTE_SNAPSHOT_SCHEME, SCHEME } from '../platform/remoteUris';
import { parseEntries, type GridLintOptions } from '../core';
import { LANGUAGE_MULTILINGUAL, LANGUAGE_TERMS, LANGUAGE_TSV } from '../platform/documentKinds';

async function giveLanguage(doc: vscode.TextDocument): Promise<void> {
  const ref = doc.uri.scheme === SCHEME ? parseRemoteRef(doc.uri) : undefined;
  const language = ref && (ref.kind === 'dictionary' ? LANGUAGE_TSV : ref.kind === 'glossary' ? LANGUAGE_MULTILINGUAL : LANGUAGE_TERMS);
  if (language && doc.languageId !== language && !doc.isClosed) await vscode.languages.setTextDocumentLanguage(doc, language);
}

/** For a multilingual glossary document: the glossary's dictionaries that translate back into its source language
 * (for `reverse-mismatch`), fetched once per open and after each push. */
async function reverseDictionaries(store: RemoteStore, doc: vscode.TextDocument): Promise<GridLintOptions | undefined> {
  const ref = doc.uri.scheme === SCHEME ? parseRemoteRef(doc.uri) : undefined;
  if (ref?.kind !== 'glossary') return undefined;
  const client = await store.client();
  const id = await store.idOf(ref);
  const reverse = new Map<string, Map<string, string>>();
  for (const d of (await client.getGlossary(id)).dictionaries) {
    if (d.targetLang.toLowerCase() !== ref.sourceLang) continue;
    const text = await client.getDictionaryEntries(id, d.sourceLang, d.targetLang);
    reverse.set(d.sourceLang.toLowerCase(), new Map(parseEntries(text, 'tsv').entries.map((e) => [e.source, e.target])));
  }
  return { reverse };
}

/** This window's name in the files of the base store, where windows share its folder (a window with no folder keeps
 * them in the global storage): made once and kept in the window's own state, which VS Code restores with the window. */
function windowOwner(state: vscode.Memento): string {
  let id = state.get<string>('terminology.windowId');
  if (!id) void state.update('terminology.windowId', id = randomUUID());
  return id;
}

/** `storage`: the folder of the window's own storage, or the storage shared by all windows with `shared` (this
 * window's state). */
export function registerDocuments(ctx: CommandContext, diagnostics: DiagnosticsManager, storage: vscode.Uri | undefined, shared?: vscode.Memento): {
  fs: RemoteFileSystem; status: DocumentStatus; actions: DocumentActions & PushFileActions; disposables: vscode.Disposable[];
} {
  const snapshots = new RemoteSnapshots();
  const bases = new BaseStore(storage && storage.scheme === 'file' ? vscode.Uri.joinPath(storage, 'bases').fsPath : undefined, shared && windowOwner(shared));
  const store = new RemoteStore(ctx.clients, ctx.offload);
  // The bases of closed documents' undo history go to disk (none without a file storage: they stay in memory).
  const spill = storage && storage.scheme === 'file' ? new SpilledBases(vscode.Uri.joinPath(storage, 'closed-bases').fsPath) : undefined;
  const fs = new RemoteFileSystem(store, createSaveUi(ctx, diagnostics, snapshots), ctx.log.child('documents'), bases, spill);
  const status = new DocumentStatus(diagnostics);
  const docs = documentActions(ctx, fs, snapshots, (uri) => diagnostics.openingInTable(uri));
  // Push File's steps and actions load when it first runs (./lazy.ts, dist/pushFile.js).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pushing = once(() => (require('./lazy') as typeof import('./lazy')).makePushFile(ctx, diagnostics));
  const push = forward(() => pushing().actions, { previewPushFile: true, pushFile: true });
  for (const doc of vscode.workspace.textDocuments) void giveLanguage(doc);
  diagnostics.setGridContext((doc) => reverseDictionaries(store, doc));
  // A large text is linted while VS Code builds its document (a second or more for 10 MiB).
  fs.onDidRead(({ uri, text }) => diagnostics.preload(uri, text));
  return {
    fs,
    status,
    actions: { ...docs, ...push },
    disposables: [
      fs, status,
      vscode.workspace.registerFileSystemProvider(SCHEME, fs, { isCaseSensitive: true }),
      // However a remote document opens (from the explorer, restored after a reload, from a link), it gets the
      // glossary language, and with it the language's defaults: no auto-save, a real tab in TSV.
      vscode.workspace.onDidOpenTextDocument((doc) => void giveLanguage(doc)),
      // An open glossary's reverse dictionaries were asked for with the client of then, or found no key: a key that
      // comes later (set, changed, or read late after a window reload) or new service settings ask again.
      ctx.clients.onDidChange(() => { for (const doc of vscode.workspace.textDocuments) diagnostics.refreshGridContext(doc); }),
      vscode.workspace.registerTextDocumentContentProvider(REMOTE_SNAPSHOT_SCHEME, snapshots),
      ...registerDocumentCommands(ctx, docs),
      vscode.commands.registerCommand('terminology.pushFile', (arg?: unknown) => pushing().command(arg)),
    ],
  };
}
