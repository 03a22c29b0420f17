import * as vscode from 'vscode';
import { taggedLogger } from './base/logger';
import { ShownErrors } from './platform/errors';
import { Offload } from './worker/offload';
import { KeyStore } from './platform/keyStore';
import { ClientProvider } from './platform/clientProvider';
import { PushBlockedNotices } from './platform/blocked';
import { PickerFocus } from './platform/pickerFocus';
import { createTrees } from './trees/trees';
import type { GlossaryTree } from './trees/glossaryTree';
import type { SpokenTermsTree } from './trees/spokenTermsTree';
import type { StyleRulesTree } from './trees/styleRulesTree';
import { registerLint } from './lint/register';
import type { DiagnosticsManager } from './lint/diagnosticsManager';
import { readKey, registerKey, type KeyActions } from './key/register';
import { registerExplorer } from './explorer/register';
import type { GlossaryActions } from './explorer/glossaryCommands';
import type { SpokenTermsActions } from './explorer/spokenTermsCommands';
import type { UsageStatus } from './explorer/usageStatus';
import { registerDocuments } from './documents/registerDocuments';
import type { DocumentActions } from './documents/documentCommands';
import type { PushFileActions } from './documents/pushFileCommand';
import type { RemoteFileSystem } from './documents/remoteFs';
import type { DocumentStatus } from './documents/documentStatus';
import { registerGlossaryView } from './glossaryView/register';
import type { GlossaryViewActions } from './glossaryView/renameSource';
import type { DraftActions } from './glossaryView/drafts';
import type { DeleteSourceActions } from './glossaryView/deleteSource';
import { registerTranslateCommand, type TranslateActions } from './translate/register';
import { registerTableEditor, type TableEditorProvider } from './table/tableEditor';
import { registerSearch } from './search/register';
import type { GlossarySearch } from './search/searchGlossaries';
import { registerExchange, type ExchangeActions } from './exchange/register';
import { registerRepositorySync, type RepositorySync } from './workspace/register';
import type { SyncActions } from './workspace/syncActions';
import { registerMemories } from './memories/register';
import type { MemoryActions } from './memories/memoryActions';
import type { MemoriesTree } from './memories/memoriesTree';
import type { SegmentsDocuments } from './memories/segmentsDocument';
import { registerStyleRules, type StyleRuleActions } from './styleRules/register';
import type { StyleRulesFileSystem } from './styleRules/styleFs';
import type { StyleLint } from './styleRules/styleLint';
import { registerTryCustomizations } from './customizations/register';
import type { CustomizationActions } from './customizations/tryCustomizations';
import { registerTermCheck, type TermCheck, type TermCheckActions } from './termCheck/register';
import { ManifestFile } from './platform/manifestFile';

/** What the extension hands to other extensions and to its integration tests. */
export interface TerminologyApi {
  /** Wall time of activate(), in milliseconds. */
  readonly activationMs: number;
  /** The extension host's CPU time during activate() (all its threads), in milliseconds: activate() runs in one task,
   * so what the wall time has beyond it is time the host waited for a core (a window starting around it). */
  readonly activationCpuMs: number;
  /** The CPU time of the extension host's main thread during activate(), in milliseconds: the extension's own work,
   * without the host's other threads (undefined where Node has no process.threadCpuUsage, before 23.9). */
  readonly activationThreadCpuMs: number | undefined;
  /** Where that time went: each step of activate() and its milliseconds ("lint 2.1, documents 4.0, …"). */
  readonly activationSteps: string;
  /** Fires after the diagnostics of a document were published (tests wait on it). */
  readonly onDidLint: vscode.Event<vscode.Uri>;
  readonly glossaries: GlossaryTree;
  readonly spokenTerms: SpokenTermsTree;
  readonly styleRules: StyleRulesTree;
  readonly usage: UsageStatus;
  /** The file system behind terminology:// documents. */
  readonly documents: RemoteFileSystem;
  readonly documentStatus: DocumentStatus;
  /** Findings of a linted document, as published. */
  readonly diagnostics: DiagnosticsManager;
  /** The table view (custom editor). */
  readonly table: TableEditorProvider;
  /** What the commands do, with plain values (the commands gather them from menus, pickers and modals). */
  readonly actions: Actions;
  /** Search Glossaries: `search.searchGlossaries(query, options, signal)`, the action behind the command. */
  readonly search: GlossarySearch;
  /** Repository sync: the manifest's links and their sync status, the Explorer badges, the manifest's diagnostics. */
  readonly sync: RepositorySync;
  /** The Translation Memories view and its segments documents. */
  readonly memories: { tree: MemoriesTree; segments: SegmentsDocuments };
  /** Editable style rule lists: their file system (terminology://style-rules/…) and their linter. */
  readonly styleRuleDocuments: { fs: StyleRulesFileSystem; lint: StyleLint };
  /** The term check of translation files: its diagnostics (with the findings behind them), glossaries, status bar. */
  readonly termCheck: TermCheck;
  /** Only when VS Code runs the extension's tests (ExtensionMode.Test): where it keeps its log, state and secrets,
   * for the suite's key scan and the other-window check; and what a window reload or the passing of time does to the
   * remote documents, which a test cannot bring about in the window it runs in. Never handed to other extensions
   * otherwise. */
  readonly testing?: Pick<vscode.ExtensionContext, 'logUri' | 'globalStorageUri' | 'storageUri' | 'globalState' | 'workspaceState' | 'secrets'> & {
    /** Forgets what the remote documents' file systems keep in memory, as a reloaded window starts (VS Code keeps the
     * documents open, dirty ones with their text, as its hot exit restores them); the bases kept on disk stay. */
    forgetMemory(): void;
    /** As if `ms` had passed since each remote text was last read (the next read, e.g. a revert's, fetches again). */
    age(ms: number): void;
  };
}

export type Actions = GlossaryActions & SpokenTermsActions & DocumentActions & PushFileActions & TranslateActions & ExchangeActions & SyncActions
  & MemoryActions & StyleRuleActions & CustomizationActions & GlossaryViewActions & DraftActions & DeleteSourceActions & KeyActions
  & TermCheckActions;

/** Makes the shared pieces (log, key, client, diagnostics, trees), then asks each feature folder to register. */
export async function activate(context: vscode.ExtensionContext): Promise<TerminologyApi> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const threadCpu = (process as { threadCpuUsage?: (since?: NodeJS.CpuUsage) => NodeJS.CpuUsage }).threadCpuUsage?.bind(process);
  const threadCpuAtStart = threadCpu?.();
  const steps: string[] = [];
  let last = started;
  /** Notes the time since the step before (what activation costs, per feature, in the log and the bench). */
  const lap = (name: string) => { const now = performance.now(); steps.push(`${name} ${(now - last).toFixed(1)}`); last = now; };
  const channel = vscode.window.createOutputChannel('Terminology Studio', { log: true });
  const log = taggedLogger(channel);
  const errors = new ShownErrors(log.child('errors'));
  const offload = new Offload();
  const blocked = new PushBlockedNotices(offload);
  const pickers = new PickerFocus();
  const keys = new KeyStore(context.secrets, log.child('auth'));
  const clients = new ClientProvider(keys, log.child('api'), `terminology-studio/${context.extension.packageJSON.version}`, offload);
  lap('shared');
  const lint = registerLint(log.child('lint'), offload, errors);
  lap('lint');
  const diagnostics = lint.diagnostics;
  const trees = createTrees(clients, log);
  lap('trees');
  const commands = { clients, ...trees, log, offload, blocked, pickers, errors };
  const documents = registerDocuments(commands, diagnostics, context.storageUri ?? context.globalStorageUri, context.storageUri ? undefined : context.workspaceState);
  lap('documents');
  const translate = registerTranslateCommand(commands);
  lap('translate');
  const exchange = registerExchange(commands, context.globalState);
  lap('exchange');
  // One manifest (one watcher) for the repository sync and the term check.
  const manifest = new ManifestFile();
  const sync = registerRepositorySync(commands, diagnostics, context.storageUri ?? context.globalStorageUri, documents.fs.onDidPush, manifest);
  lap('sync');
  const memories = registerMemories(commands);
  lap('memories');
  const styleRuleDocs = registerStyleRules(commands, documents.fs);
  lap('styleRules');
  const tryCustomizations = registerTryCustomizations(commands);
  lap('customizations');
  const terms = registerTermCheck(commands, manifest, context.workspaceState);
  lap('termCheck');
  const table = registerTableEditor(context.extensionUri, diagnostics, log.child('table'), offload, pickers);
  lap('table');
  const search = registerSearch(commands);
  lap('search');
  const key = registerKey(keys, clients, log);
  lap('key');
  const explorer = registerExplorer(commands, documents.actions);
  lap('explorer');
  const glossaryView = registerGlossaryView(commands, diagnostics,
    { fetchRemote: (uri) => documents.fs.fetchRemote(uri), mergeWithRemote: (uri) => documents.actions.mergeWithRemote(uri) }, context.workspaceState);
  lap('glossaryView');
  const features = [key, lint, explorer, glossaryView, translate, documents, table, search, exchange, sync, memories, styleRuleDocs, tryCustomizations, terms];
  const actions: Actions = {
    ...explorer.actions, ...documents.actions, ...translate.actions, ...exchange.actions, ...sync.actions, ...memories.actions,
    ...styleRuleDocs.actions, ...tryCustomizations.actions, ...glossaryView.actions, ...key.actions, ...terms.actions,
  };
  context.subscriptions.push(
    channel, keys, clients, manifest, trees.glossaries, trees.spokenTerms, trees.styleRules, offload, blocked,
    vscode.commands.registerCommand('terminology.showLog', () => channel.show(true)),
    ...features.flatMap((f) => f.disposables),
  );
  lap('subscriptions');
  readKey(keys, log);
  lap('readKey');
  const activationMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const activationCpuMs = (used.user + used.system) / 1000;
  const usedThread = threadCpu?.(threadCpuAtStart);
  const activationThreadCpuMs = usedThread && (usedThread.user + usedThread.system) / 1000;
  const activationSteps = steps.join(', ');
  log.info(`activated in ${activationMs.toFixed(1)} ms, ${activationCpuMs.toFixed(1)} ms of CPU${activationThreadCpuMs === undefined ? '' : `, ${activationThreadCpuMs.toFixed(1)} ms of it on the main thread`} (${activationSteps})`);
  return {
    activationMs, activationCpuMs, activationThreadCpuMs, activationSteps, onDidLint: diagnostics.onDidLint, ...trees, usage: explorer.usage,
    documents: documents.fs, documentStatus: documents.status, diagnostics, table: table.provider, actions,
    // Getters: what a feature loads at first use (src/platform/lazy.ts) is not loaded by handing it out.
    get search() { return search.search; }, sync: sync.sync, memories: { tree: memories.tree, segments: memories.segments },
    styleRuleDocuments: { fs: styleRuleDocs.fs, get lint() { return styleRuleDocs.lint; } }, termCheck: terms.termCheck,
    ...(context.extensionMode === vscode.ExtensionMode.Test ? {
      testing: {
        logUri: context.logUri, globalStorageUri: context.globalStorageUri, storageUri: context.storageUri,
        globalState: context.globalState, workspaceState: context.workspaceState, secrets: context.secrets,
        forgetMemory: () => { documents.fs.forgetMemory(); styleRuleDocs.fs.forgetMemory(); },
        age: (ms: number) => documents.fs.age(ms),
      },
    } : {}),
  };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
