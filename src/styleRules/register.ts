/** Editable style rule lists (Pro plans): create, rename, delete, and edit as a JSON document whose save pushes.
 * Commands gather (menus, pickers, modals); the actions do. */
import * as vscode from 'vscode';
import type { StyleRuleList } from '../api';
import { clientOrThrow, type CommandContext } from '../trees/commandContext';

import { closeDeleted } from '../platform/tabs';
import { withCancellableProgress } from '../platform/progress';
import { isStyleRulesUri, ListGoneError, STYLE_AUTHORITY, styleIdOf, styleRulesUri, StyleRulesFileSystem, type StylePreflight } from './styleFs';
import type { StyleLint } from './styleLint';
import { once } from '../platform/lazy';

/** Where the lists' file system is mounted: the `terminology` scheme's provider (documents/remoteFs). */
export interface Mounts { mount(authority: string, provider: vscode.FileSystemProvider): vscode.Disposable }

const REMOTE_SCHEME = 'terminology-style-remote';
// The catalog, the document's checks and StyleLint wait in ./lazy.ts (dist/styleRules.js) until first needed.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const styleCore = () => require('./lazy') as typeof import('./lazy');
/** JSON highlighting (its grammar includes JSON's), and its own settings: auto-save off, as for dictionaries. */
export const STYLE_LANGUAGE = 'terminology-style-rules';

async function giveLanguage(doc: vscode.TextDocument): Promise<void> {
  if (isStyleRulesUri(doc.uri) && doc.languageId !== STYLE_LANGUAGE && !doc.isClosed) await vscode.languages.setTextDocumentLanguage(doc, STYLE_LANGUAGE);
}

export interface StyleRuleActions {
  createStyleRules(name: string, language: string, signal?: AbortSignal): Promise<StyleRuleList>;
  renameStyleRules(styleId: string, name: string, signal?: AbortSignal): Promise<StyleRuleList>;
  deleteStyleRules(styleId: string, signal?: AbortSignal): Promise<void>;
  /** Opens the list as `terminology://style-rules/<name>.json`; answers the address. */
  editStyleRules(styleId: string, signal?: AbortSignal): Promise<vscode.Uri>;
  /** What Save and Push would do now: blocked (errors), conflict (the version moved), unchanged, or push. */
  preflightStyleSave(uri: vscode.Uri, signal?: AbortSignal): Promise<StylePreflight>;
  /** Shows the service's list beside yours. */
  compareStyleRules(uri: vscode.Uri, signal?: AbortSignal): Promise<void>;
  /** Drops the unsaved edits and reads the list again from the service. */
  reloadStyleRules(uri: vscode.Uri): Promise<void>;
  /** Pushes the document over the service's current version (the command confirms first). */
  overwriteStyleRules(uri: vscode.Uri, signal?: AbortSignal): Promise<void>;
}

export function registerStyleRules(ctx: CommandContext, remoteFs: Mounts): { actions: StyleRuleActions; fs: StyleRulesFileSystem; lint: StyleLint; disposables: vscode.Disposable[] } {
  const log = ctx.log.child('styleRules');
  const remoteTexts = new Map<string, string>();
  const remoteChanged = new vscode.EventEmitter<vscode.Uri>();

  const conflict = (uri: vscode.Uri, base: StyleRuleList, remote: StyleRuleList, unknownBase?: boolean) => {
    const compare = vscode.l10n.t('Compare');
    const reload = vscode.l10n.t('Reload');
    const overwrite = vscode.l10n.t('Overwrite');
    // An error (the save failed), which VS Code keeps on screen until it is answered (a warning hides after a while).
    void vscode.window.showErrorMessage(unknownBase
      ? vscode.l10n.t('The version of "{0}" your unsaved edits started from is not known (the window was reloaded). Nothing was pushed.', remote.name)
      : vscode.l10n.t('"{0}" changed on the service since you opened it (version {1}, now {2}). Nothing was pushed.', remote.name, base.version, remote.version),
      compare, reload, overwrite,
    ).then(async (picked) => {
      try {
        if (picked === compare) await actions.compareStyleRules(uri);
        else if (picked === reload) await reloadAsked(uri);
        else if (picked === overwrite) await overwriteAsked(uri);
      } catch (err) {
        await ctx.errors.show(vscode.l10n.t('Could not resolve the conflict'), err);
      }
    });
  };

  const fs = new StyleRulesFileSystem(() => ctx.clients.get(), {
    blocked: (uri, errors) => ctx.blocked.show(uri.path.slice(1), errors, uri),
    conflict,
    pushed: (_uri, list, calls) => {
      ctx.styleRules.refresh();
      vscode.window.setStatusBarMessage(calls === 1 ? vscode.l10n.t('Pushed "{0}" (1 call): version {1}', list.name, list.version)
        : calls ? vscode.l10n.t('Pushed "{0}" ({1} calls): version {2}', list.name, calls, list.version)
        : vscode.l10n.t('Nothing to push: the service holds "{0}" as it is (version {1})', list.name, list.version), 5000);
    },
    // Part of a push went through: the view's versions moved (the failed save's own message says what was sent).
    pushedPart: () => ctx.styleRules.refresh(),
    gone: (uri) => void vscode.window.showWarningMessage(vscode.l10n.t('"{0}" is no longer on the service (it was deleted). The tab shows the list as the service last held it; Undo brings your text back. Close the tab to let it go.', uri.path.slice(1).replace(/\.json$/, ''))),
  }, log);
  // The editor side (diagnostics, fixes, completion, hover) loads with the catalog when a list is first open.
  const lint = once(() => new (styleCore().StyleLint)((uri) => fs.knownIds(uri)));
  const wake = (doc: vscode.TextDocument) => { if (!lint.peek() && isStyleRulesUri(doc.uri)) lint(); };
  for (const doc of vscode.workspace.textDocuments) wake(doc);
  for (const doc of vscode.workspace.textDocuments) void giveLanguage(doc);

  const docOf = (uri: vscode.Uri) => vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());

  const actions: StyleRuleActions = {
    async createStyleRules(name, language, signal) {
      const list = await (await clientOrThrow(ctx)).createStyleRules({ name, language }, signal);
      ctx.styleRules.refresh();
      return list;
    },
    async renameStyleRules(styleId, name, signal) {
      const list = await (await clientOrThrow(ctx)).renameStyleRules(styleId, name, signal);
      ctx.styleRules.refresh();
      return list;
    },
    async deleteStyleRules(styleId, signal) {
      try {
        await (await clientOrThrow(ctx)).deleteStyleRules(styleId, signal);
      } finally {
        ctx.styleRules.refresh();
      }
      await closeDeleted((uri) => isStyleRulesUri(uri) && styleIdOf(uri) === styleId,
        (uri) => vscode.l10n.t('The style rule list "{0}"', uri.path.slice(1).replace(/\.json$/, '')));
    },
    async editStyleRules(styleId, signal) {
      const list = await (await clientOrThrow(ctx)).getStyleRules(styleId, signal);
      // One document per list: the tab it has open already (renamed since, perhaps); else, when another list has the
      // same name, one whose name says which (two tabs of one title could not be told apart).
      const open = vscode.workspace.textDocuments.find((d) => isStyleRulesUri(d.uri) && styleIdOf(d.uri) === styleId && !d.isClosed);
      const twin = !open && (await ctx.styleRules.items())?.some((l) => l.name === list.name && l.styleId !== styleId);
      const uri = open?.uri ?? styleRulesUri(twin ? { styleId, name: `${list.name} (${styleId.slice(0, 8)})` } : list);
      const doc = await vscode.workspace.openTextDocument(uri);
      await giveLanguage(doc);
      await vscode.window.showTextDocument(doc, { preview: false });
      lint().lint(doc);
      return uri;
    },
    async preflightStyleSave(uri, signal) {
      const doc = docOf(uri) ?? await vscode.workspace.openTextDocument(uri);
      return fs.preflight(uri, doc.getText(), signal);
    },
    async compareStyleRules(uri, signal) {
      const remote = await (await clientOrThrow(ctx)).getStyleRules(styleIdOf(uri) ?? '', signal);
      const left = vscode.Uri.from({ scheme: REMOTE_SCHEME, path: uri.path, query: `${uri.query}&v=${remote.version}` });
      remoteTexts.set(left.toString(), styleCore().styleDocumentText(remote));
      remoteChanged.fire(left);
      await vscode.commands.executeCommand('vscode.diff', left, uri, vscode.l10n.t('{0}: service (version {1}) ↔ yours', remote.name, remote.version));
    },
    async reloadStyleRules(uri) {
      // The revert's read gives the document the service's list as its base; should the read fail, it keeps its own.
      const doc = docOf(uri);
      if (doc) {
        await vscode.window.showTextDocument(doc, { preview: false });
        await vscode.commands.executeCommand('workbench.action.files.revert');
        lint().lint(doc);
      }
    },
    async overwriteStyleRules(uri, signal) {
      const remote = await (await clientOrThrow(ctx)).getStyleRules(styleIdOf(uri) ?? '', signal);
      fs.approveOverwrite(uri, remote.version);
      // For this save only: one that sends nothing (a clean document) must leave no approval for a later text.
      try {
        const doc = docOf(uri) ?? await vscode.workspace.openTextDocument(uri);
        // The save's own notification says why, and whether part of the list went through before it stopped.
        if (!await doc.save()) throw new Error(vscode.l10n.t('Overwrite did not finish: the save\'s notification says what reached the service. Your text is kept.'));
      } finally {
        fs.withdrawOverwrite(uri);
      }
    },
  };

  const reloadAsked = async (uri: vscode.Uri) => {
    const doc = docOf(uri);
    if (doc?.isDirty) {
      const discard = vscode.l10n.t('Discard My Changes and Reload');
      if (await vscode.window.showWarningMessage(vscode.l10n.t('Reload "{0}" from the service?', uri.path.slice(1)), { modal: true, detail: vscode.l10n.t('Your unsaved edits are replaced by the service\'s version (Undo brings them back).') }, discard) !== discard) return;
    }
    await actions.reloadStyleRules(uri);
  };
  const overwriteAsked = async (uri: vscode.Uri) => {
    const go = vscode.l10n.t('Overwrite');
    if (await vscode.window.showWarningMessage(vscode.l10n.t('Overwrite "{0}" on the service with your version?', uri.path.slice(1)), {
      modal: true, detail: vscode.l10n.t('The changes made on the service since you opened the list are lost: its rules and custom instructions become exactly those of your document.'),
    }, go) !== go) return;
    await withCancellableProgress(vscode.l10n.t('Pushing {0}…', uri.path.slice(1)), (signal) => actions.overwriteStyleRules(uri, signal));
  };

  const activeStyleUri = (arg: unknown): vscode.Uri | undefined => {
    const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
    return uri && isStyleRulesUri(uri) ? uri : undefined;
  };

  return {
    actions, fs, get lint() { return lint(); },
    disposables: [
      fs, { dispose: () => lint.peek()?.dispose() }, remoteChanged,
      remoteFs.mount(STYLE_AUTHORITY, fs),
      // However the document opens (Edit as JSON, a link, a window reload), it gets its language, so auto-save is off.
      vscode.workspace.onDidOpenTextDocument((doc) => { wake(doc); void giveLanguage(doc); }),
      vscode.workspace.registerTextDocumentContentProvider(REMOTE_SCHEME, { onDidChange: remoteChanged.event, provideTextDocumentContent: (uri) => remoteTexts.get(uri.toString()) ?? '' }),
      // Their pickers and questions wait in ./lazy.ts (dist/styleRules.js) with the catalog until one first runs.
      ...(['create', 'rename', 'delete', 'edit'] as const).map((name) => vscode.commands.registerCommand(`terminology.styleRules.${name}`,
        (arg?: unknown) => styleCore().styleListCommands(ctx, actions)[name](arg))),
      vscode.commands.registerCommand('terminology.styleRules.save', async (arg?: unknown) => {
        const uri = activeStyleUri(arg);
        const doc = uri && docOf(uri);
        if (!uri || !doc) return;
        if (!doc.isDirty) return;
        try {
          const pre = await withCancellableProgress(vscode.l10n.t('Checking {0} against the service…', uri.path.slice(1)), (signal) => actions.preflightStyleSave(uri, signal));
          if (pre.outcome === 'blocked') { lint().lint(doc); ctx.blocked.show(uri.path.slice(1), pre.errors, uri); }
          else if (pre.outcome === 'conflict') conflict(uri, fs.base(uri) ?? pre.remote, pre.remote, fs.baseUnknown(uri));
          else await doc.save();
        } catch (err) {
          // (No Retry for a list deleted on the service: its message says what to do instead.)
          await ctx.errors.show(vscode.l10n.t('Could not push {0}', uri.path.slice(1)), err, err instanceof ListGoneError ? undefined : () => vscode.commands.executeCommand('terminology.styleRules.save', uri));
        }
      }),
      vscode.commands.registerCommand('terminology.styleRules.compare', async (arg?: unknown) => {
        const uri = activeStyleUri(arg);
        if (uri) await actions.compareStyleRules(uri).catch((err) => ctx.errors.show(vscode.l10n.t('Could not compare'), err));
      }),
      vscode.commands.registerCommand('terminology.styleRules.reload', async (arg?: unknown) => {
        const uri = activeStyleUri(arg);
        if (uri) await reloadAsked(uri).catch((err) => ctx.errors.show(vscode.l10n.t('Could not reload'), err));
      }),
      vscode.commands.registerCommand('terminology.styleRules.overwrite', async (arg?: unknown) => {
        const uri = activeStyleUri(arg);
        if (uri) await overwriteAsked(uri).catch((err) => ctx.errors.show(vscode.l10n.t('Could not overwrite'), err));
      }),
    ],
  };
}
