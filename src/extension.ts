import * as vscode from 'vscode';
import { taggedLogger } from './base/logger';
import { logShownErrorsTo } from './platform/errors';
import { offload } from './platform/offload';
import { KeyStore } from './platform/keyStore';
import { registerKeyCommands } from './key/registerKeyCommands';
import { setApiKey } from './key/setApiKey';
import { DiagnosticsManager } from './lint/diagnosticsManager';
import { registerCodeActions } from './lint/codeActions';
import { ClientProvider } from './platform/clientProvider';
import { GlossaryTree } from './trees/glossaryTree';
import { SpokenTermsTree } from './trees/spokenTermsTree';
import { StyleRulesTree } from './trees/styleRulesTree';
import { registerTreeCommands } from './explorer/treeCommands';
import { glossaryActions, registerGlossaryCommands, type GlossaryActions } from './explorer/glossaryCommands';
import { registerSpokenTermsCommands, spokenTermsActions, type SpokenTermsActions } from './explorer/spokenTermsCommands';
import { registerTranslateCommand, type TranslateActions } from './translate/translateCommand';
import { UsageStatus } from './explorer/usageStatus';
import { registerDocuments } from './documents/registerDocuments';
import type { DocumentActions } from './documents/documentCommands';
import { glossaryViewActions, registerGlossaryViewCommands, type GlossaryViewActions } from './glossaryView/renameSource';
import { draftActions, registerDraftCommands, type DraftActions } from './glossaryView/drafts';
import { deleteSourceActions, registerDeleteSourceCommand, type DeleteSourceActions } from './glossaryView/deleteSource';
import type { PushFileActions } from './documents/pushFileCommand';
import type { RemoteFileSystem } from './documents/remoteFs';
import type { DocumentStatus } from './documents/documentStatus';
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
import { registerTryCustomizations, type CustomizationActions } from './customizations/tryCustomizations';
import { hideBlockedOnceSaved } from './platform/blocked';

/** What the extension hands to other extensions and to its integration tests. */
export interface TerminologyApi {
  /** Wall time of activate(), in milliseconds. */
  readonly activationMs: number;
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
  & MemoryActions & StyleRuleActions & CustomizationActions & GlossaryViewActions & DraftActions & DeleteSourceActions & {
  /** Checks the key with a cheap call and stores it when the service accepts it; resolves whether it did. */
  setApiKey(key: string): Promise<boolean>;
};

export async function activate(context: vscode.ExtensionContext): Promise<TerminologyApi> {
  const started = performance.now();
  const channel = vscode.window.createOutputChannel('Terminology Studio', { log: true });
  const log = taggedLogger(channel);
  logShownErrorsTo(log.child('errors'));
  context.subscriptions.push({ dispose: () => logShownErrorsTo(undefined) });
  const keys = new KeyStore(context.secrets, log.child('auth'));
  const clients = new ClientProvider(keys, log.child('api'), `terminology-studio/${context.extension.packageJSON.version}`);
  const diagnostics = new DiagnosticsManager(log.child('lint'));
  const glossaries = new GlossaryTree('glossaries', 'terminology.glossaries', clients, log.child('glossaries'));
  const spokenTerms = new SpokenTermsTree('spokenTerms', 'terminology.spokenTerms', clients, log.child('spokenTerms'));
  const styleRules = new StyleRulesTree('styleRules', 'terminology.styleRules', clients, log.child('styleRules'));
  const usage = new UsageStatus(clients);
  const commands = { clients, glossaries, spokenTerms, styleRules, log };
  const documents = registerDocuments(commands, diagnostics, context.storageUri ?? context.globalStorageUri, context.storageUri ? undefined : context.workspaceState);
  const translate = registerTranslateCommand(commands);
  const exchange = registerExchange(commands, context.globalState);
  const sync = registerRepositorySync(commands, diagnostics, context.storageUri ?? context.globalStorageUri);
  const memories = registerMemories(commands);
  const styleRuleDocs = registerStyleRules(commands, documents.fs);
  const tryCustomizations = registerTryCustomizations(commands);
  const actions: Actions = {
    ...glossaryActions(commands), ...spokenTermsActions(commands), ...documents.actions, ...translate.actions, ...exchange.actions, ...sync.actions,
    ...memories.actions, ...styleRuleDocs.actions, ...tryCustomizations.actions,
    ...glossaryViewActions(commands, { fetchRemote: (uri) => documents.fs.fetchRemote(uri), mergeWithRemote: (uri) => documents.actions.mergeWithRemote(uri) }), ...draftActions(commands, diagnostics), ...deleteSourceActions(),
    setApiKey: (key) => setApiKey(keys, clients, log.child('auth'), key),
  };
  const table = registerTableEditor(context.extensionUri, diagnostics, log.child('table'));
  const search = registerSearch(commands);

  context.subscriptions.push(
    channel, keys, clients, diagnostics, glossaries, spokenTerms, styleRules, usage, offload, hideBlockedOnceSaved(),
    vscode.commands.registerCommand('terminology.showLog', () => channel.show(true)),
    ...registerKeyCommands(keys, clients, log.child('auth')),
    ...registerCodeActions(diagnostics),
    ...registerTreeCommands(commands),
    ...registerGlossaryCommands(commands, actions),
    ...registerSpokenTermsCommands(commands, actions),
    ...registerGlossaryViewCommands(commands, actions),
    ...registerDraftCommands(commands, actions, diagnostics, context.workspaceState),
    ...registerDeleteSourceCommand(actions),
    ...translate.disposables,
    ...documents.disposables,
    ...table.disposables,
    ...search.disposables,
    ...exchange.disposables,
    ...sync.disposables,
    ...memories.disposables,
    ...styleRuleDocs.disposables,
    ...tryCustomizations.disposables,
  );
  // A key handed over by the environment (the demo, headless runs) is stored once; it then lives in SecretStorage.
  // Not awaited: activation does not wait on SecretStorage (a round trip to the window); the welcome views follow
  // the terminology.hasKey context key once it is read, and every use of the key waits for it.
  const handedOver = process.env.TERMINOLOGY_SEED_KEY;
  void (async () => {
    if (handedOver && !(await keys.get())) await keys.set(handedOver);
    await keys.get(); // sets the terminology.hasKey context key for the welcome views
  })().catch((err: unknown) => log.warn(`could not read the key: ${String(err)}`));

  const activationMs = performance.now() - started;
  log.info(`activated in ${activationMs.toFixed(1)} ms`);
  return {
    activationMs, onDidLint: diagnostics.onDidLint, glossaries, spokenTerms, styleRules, usage,
    documents: documents.fs, documentStatus: documents.status, diagnostics, table: table.provider, actions,
    search: search.search, sync: sync.sync, memories: { tree: memories.tree, segments: memories.segments },
    styleRuleDocuments: { fs: styleRuleDocs.fs, lint: styleRuleDocs.lint },
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
