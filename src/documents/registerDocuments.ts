/** Wires the remote documents: the file system, diff snapshots, their commands and the status bar entry. */
import * as vscode from 'vscode';
import type { CommandContext } from '../commands/context';
import { pushFileActions, registerPushFileCommand, type PushFileActions } from '../commands/pushFileCommand';
import type { DiagnosticsManager } from '../lint/diagnosticsManager';
import { createSaveUi, documentActions, registerDocumentCommands, RemoteSnapshots, type DocumentActions } from './documentCommands';
import { DocumentStatus } from './documentStatus';
import { RemoteFileSystem } from './remoteFs';
import { RemoteStore } from './remoteStore';
import { REMOTE_SNAPSHOT_SCHEME, SCHEME } from './uris';

export function registerDocuments(ctx: CommandContext, diagnostics: DiagnosticsManager): {
  fs: RemoteFileSystem; status: DocumentStatus; actions: DocumentActions & PushFileActions; disposables: vscode.Disposable[];
} {
  const snapshots = new RemoteSnapshots();
  const fs = new RemoteFileSystem(new RemoteStore(ctx.clients), createSaveUi(ctx, diagnostics, snapshots), ctx.log.child('documents'));
  const status = new DocumentStatus(diagnostics);
  const docs = documentActions(ctx, fs, snapshots);
  const push = pushFileActions(ctx, diagnostics);
  return {
    fs,
    status,
    actions: { ...docs, ...push },
    disposables: [
      fs, status,
      vscode.workspace.registerFileSystemProvider(SCHEME, fs, { isCaseSensitive: true }),
      vscode.workspace.registerTextDocumentContentProvider(REMOTE_SNAPSHOT_SCHEME, snapshots),
      ...registerDocumentCommands(ctx, docs),
      ...registerPushFileCommand(ctx, push),
    ],
  };
}
