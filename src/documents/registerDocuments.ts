/** Wires the remote documents: the file system, diff snapshots, their commands and the status bar entry. */
import * as vscode from 'vscode';
import type { CommandContext } from '../commands/context';
import { registerPushFileCommand } from '../commands/pushFileCommand';
import type { DiagnosticsManager } from '../lint/diagnosticsManager';
import { createSaveUi, registerDocumentCommands, RemoteSnapshots } from './documentCommands';
import { DocumentStatus } from './documentStatus';
import { RemoteFileSystem } from './remoteFs';
import { RemoteStore } from './remoteStore';
import { REMOTE_SNAPSHOT_SCHEME, SCHEME } from './uris';

export function registerDocuments(ctx: CommandContext, diagnostics: DiagnosticsManager): { fs: RemoteFileSystem; status: DocumentStatus; disposables: vscode.Disposable[] } {
  const fs = new RemoteFileSystem(new RemoteStore(ctx.clients), createSaveUi(ctx, diagnostics), ctx.log.child('documents'));
  const snapshots = new RemoteSnapshots();
  const status = new DocumentStatus(diagnostics);
  return {
    fs,
    status,
    disposables: [
      fs, status,
      vscode.workspace.registerFileSystemProvider(SCHEME, fs, { isCaseSensitive: true }),
      vscode.workspace.registerTextDocumentContentProvider(REMOTE_SNAPSHOT_SCHEME, snapshots),
      ...registerDocumentCommands(ctx, fs, snapshots),
      ...registerPushFileCommand(ctx, diagnostics),
    ],
  };
}
