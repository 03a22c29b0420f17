/** The repository sync commands: they gather (menu arguments, pickers, modals) and call the actions. */
import * as vscode from 'vscode';
import type { Glossary, SpokenTerms } from '../api';
import { pairKey } from '../core/workspace/manifest';
import { requireClient, type CommandContext } from '../trees/commandContext';

import { pickGlossaryPair, pickLanguage } from '../platform/pickers';
import { withCancellableProgress } from '../platform/progress';
import { plural } from '../platform/words';
import type { LinkTarget, SyncActions, SyncRunOptions, SyncSummary } from './syncActions';
import { cloneFolderName } from './syncTexts';
import { STATE_LOOK } from './syncView';
import type { SyncModel } from './syncModel';
import { LinkNode, OwnerNode } from './syncView';

const fileName = (uri: vscode.Uri) => uri.path.slice(uri.path.lastIndexOf('/') + 1);

/** The file a command was run for: an Explorer or view item, else the active editor's. */
function fileArg(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof LinkNode) return arg.status.uri;
  if (arg instanceof vscode.Uri) return arg;
  return vscode.window.activeTextEditor?.document.uri;
}

type RemoteItem = vscode.QuickPickItem & ({ glossary: Glossary } | { collection: SpokenTerms } | { create: 'glossary' | 'collection' });

/** With no file given (the Repository Sync view's welcome, the palette with no local file open): the workspace's
 * glossary files and term lists to choose from, and "Browse…" for any other file. */
async function pickLocalFile(): Promise<vscode.Uri | undefined> {
  const files = (await vscode.workspace.findFiles('**/*.{tsv,csv,txt}', '{**/node_modules/**,**/.git/**}', 500))
    .filter((f) => /\.(tsv|csv)$|\.terms\.txt$/i.test(f.path))
    .sort((a, b) => vscode.workspace.asRelativePath(a).localeCompare(vscode.workspace.asRelativePath(b)));
  type Item = vscode.QuickPickItem & { uri?: vscode.Uri };
  const browse: Item = { label: vscode.l10n.t('$(folder-opened) Browse…'), description: vscode.l10n.t('another file (.tsv, .csv or .txt)') };
  const picked = await vscode.window.showQuickPick<Item>([...files.map((uri) => ({ label: `$(file) ${vscode.workspace.asRelativePath(uri)}`, uri })), browse], {
    title: vscode.l10n.t('Link File to Dictionary: the local file (a glossary .tsv or .csv, or a term list .txt)'), matchOnDescription: true,
  });
  if (!picked) return undefined;
  if (picked.uri) return picked.uri;
  const chosen = await vscode.window.showOpenDialog({
    title: vscode.l10n.t('Link File to Dictionary'), canSelectMany: false, openLabel: vscode.l10n.t('Link'),
    defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri, filters: { [vscode.l10n.t('Glossary files and term lists')]: ['tsv', 'csv', 'txt'] },
  });
  return chosen?.[0];
}

async function pickRemote(ctx: CommandContext, title: string, allowNew: boolean, only?: 'glossary' | 'collection'): Promise<RemoteItem | undefined> {
  const client = await requireClient(ctx);
  if (!client) return undefined;
  const [glossaries, collections] = await withCancellableProgress(vscode.l10n.t('Loading glossaries…'), (signal) => Promise.all([
    only === 'collection' ? Promise.resolve([]) : client.listGlossaries(signal),
    only === 'glossary' ? Promise.resolve([]) : client.listSpokenTerms(signal),
  ]));
  const items: RemoteItem[] = [
    ...glossaries.sort((a, b) => a.name.localeCompare(b.name)).map((g) => ({
      label: `$(book) ${g.name}`, description: g.dictionaries.map((d) => `${d.sourceLang.toUpperCase()} → ${d.targetLang.toUpperCase()}`).join(', '), glossary: g,
    })),
    ...collections.sort((a, b) => a.name.localeCompare(b.name)).map((c) => ({
      label: `$(mic) ${c.name}`, description: vscode.l10n.t('Spoken Terms: {0}', c.termLists.map((l) => l.lang.toUpperCase()).join(', ')), collection: c,
    })),
    ...(allowNew ? [
      ...(only !== 'collection' ? [{ label: vscode.l10n.t('$(add) New glossary (created on the first push)…'), create: 'glossary' as const }] : []),
      ...(only !== 'glossary' ? [{ label: vscode.l10n.t('$(add) New Spoken Terms collection (created on the first push)…'), create: 'collection' as const }] : []),
    ] : []),
  ];
  if (!items.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('There is nothing on the service to clone yet.'));
    return undefined;
  }
  return vscode.window.showQuickPick(items, { title, matchOnDescription: true });
}

/** Runs Pull All / Push All with cancellable progress that counts the files. */
function withCounts(title: string, run: (options: SyncRunOptions) => Promise<SyncSummary>, scope: Pick<SyncRunOptions, 'owner' | 'uris'>): Thenable<SyncSummary> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) => {
    const ac = new AbortController();
    const sub = token.onCancellationRequested(() => ac.abort());
    let last = 0;
    return run({
      ...scope, signal: ac.signal,
      onProgress: (done, total, uri) => {
        progress.report({ message: vscode.l10n.t('{0} of {1} ({2})', done, total, fileName(uri)), increment: total ? ((done - last) / total) * 100 : 0 });
        last = done;
      },
    }).finally(() => sub.dispose());
  });
}

function report(kind: 'push' | 'pull', s: SyncSummary): void {
  const parts: string[] = [];
  if (kind === 'push') parts.push(plural(s.pushed.length, 'Pushed {0} file', 'Pushed {0} files'));
  else parts.push(plural(s.pulled.length, 'Pulled {0} file', 'Pulled {0} files'));
  if (s.conflicts) parts.push(plural(s.conflicts, '{0} conflict to resolve', '{0} conflicts to resolve'));
  if (s.upToDate.length) parts.push(plural(s.upToDate.length, '{0} already in sync', '{0} already in sync'));
  if (s.blocked.length) parts.push(vscode.l10n.t('{0} not pushed because of errors ({1})', s.blocked.length, s.blocked.map((b) => fileName(b.uri)).join(', ')));
  // Files left alone for the same reason (all the files of one glossary, say) are named together, the reason once.
  const byReason = new Map<string, string[]>();
  for (const k of s.skipped) byReason.set(k.reason, [...(byReason.get(k.reason) ?? []), fileName(k.uri)]);
  for (const [reason, files] of byReason) parts.push(vscode.l10n.t('{0} left alone: {1}', files.join(', '), reason));
  for (const f of s.failed) parts.push(vscode.l10n.t('{0} failed: {1}', fileName(f.uri), f.error));
  if (s.cancelled) parts.push(vscode.l10n.t('cancelled; the rest was not touched'));
  const message = parts.join('; ') + '.';
  const buttons = [
    ...(s.blocked.length ? [vscode.l10n.t('Show Problems')] : []),
    ...(s.failed.length ? [vscode.l10n.t('Show Log')] : []),
  ];
  const show = s.failed.length ? vscode.window.showErrorMessage : s.skipped.length || s.blocked.length || s.conflicts ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
  void show(message, ...buttons).then(async (picked) => {
    if (picked === vscode.l10n.t('Show Problems')) await showProblems(s.blocked.map((b) => b.uri));
    if (picked === vscode.l10n.t('Show Log')) await vscode.commands.executeCommand('terminology.showLog');
  });
}

async function showProblems(uris: vscode.Uri[]): Promise<void> {
  if (uris[0]) await vscode.window.showTextDocument(uris[0], { preview: false });
  await vscode.commands.executeCommand('workbench.actions.view.problems');
}

/** The handlers of the Repository Sync commands, by command id. */
export function syncCommands(ctx: CommandContext, model: SyncModel, actions: SyncActions) {
  const scopeOf = (arg: unknown): Pick<SyncRunOptions, 'owner' | 'uris'> => {
    if (arg instanceof OwnerNode) return { owner: { area: arg.area, index: arg.index } };
    if (arg instanceof LinkNode) return { uris: [arg.status.uri] };
    if (arg instanceof vscode.Uri) return { uris: [arg] };
    return {};
  };
  const guarded = (title: string, f: (...args: unknown[]) => Promise<unknown>) => async (...args: unknown[]) => {
    try { await f(...args); } catch (err) {
      if (err instanceof vscode.CancellationError) return;
      await ctx.errors.show(title, err);
    }
  };

  const pushAll = async (arg?: unknown) => {
    if (!model.manifest.uri) return;
    const scope = scopeOf(arg);
    const plan = await withCancellableProgress(vscode.l10n.t('Checking the linked files…'), () => actions.planPush(scope));
    if (plan.blocked.length) {
      const list = plan.blocked.map((b) => `${fileName(b.uri)} (${plural(b.errors, '{0} error', '{0} errors')})`).join(', ');
      const show = vscode.l10n.t('Show Problems');
      const push = plan.ready.length ? plural(plan.ready.length, 'Push the Other File', 'Push the Other {0} Files') : undefined;
      const picked = await vscode.window.showWarningMessage(
        plan.ready.length
          ? vscode.l10n.t('{0} cannot be pushed until its errors are fixed: {1}. Push the {2}?', plural(plan.blocked.length, '{0} file', '{0} files'), list, plural(plan.ready.length, 'other changed file', '{0} other changed files'))
          : vscode.l10n.t('Nothing can be pushed: {0} has errors ({1}).', plural(plan.blocked.length, '{0} file', '{0} files'), list),
        { modal: true }, ...(push ? [push] : []), show,
      );
      if (picked === show) { await showProblems(plan.blocked.map((b) => b.uri)); return; }
      if (!push || picked !== push) return;
      const summary = await withCounts(vscode.l10n.t('Pushing linked files'), (o) => actions.pushAll(o), { ...scope, uris: plan.ready });
      summary.blocked.push(...plan.blocked);
      report('push', summary);
      return;
    }
    const missing = model.statuses.filter((s) => s.resolution?.state === 'missing' && (!scope.owner || (scope.owner.area === s.link.area && scope.owner.index === s.link.owner)));
    if (missing.length) {
      const names = [...new Set(missing.map((s) => `"${s.owner.name}"`))].join(', ');
      const create = vscode.l10n.t('Create and Push');
      if (await vscode.window.showInformationMessage(vscode.l10n.t('{0} does not exist on the service yet. Create it with the linked files?', names), { modal: true }, create) !== create) return;
    }
    report('push', await withCounts(vscode.l10n.t('Pushing linked files'), (o) => actions.pushAll(o), scope));
  };

  const pullAll = async (arg?: unknown) => {
    if (!model.manifest.uri) return;
    const dirty = vscode.workspace.textDocuments.filter((d) => d.isDirty && model.statusOf(d.uri));
    if (dirty.length) {
      const save = vscode.l10n.t('Save All and Pull');
      const picked = await vscode.window.showWarningMessage(
        vscode.l10n.t('{0} unsaved. Pull merges into the saved files: save first, or those files are left alone.', dirty.map((d) => fileName(d.uri)).join(', ')),
        { modal: true }, save, vscode.l10n.t('Pull the Others'));
      if (!picked) return;
      if (picked === save) for (const d of dirty) await d.save();
    }
    report('pull', await withCounts(vscode.l10n.t('Pulling linked files'), (o) => actions.pullAll(o), scopeOf(arg)));
  };

  const clone = async () => {
    const picked = await pickRemote(ctx, vscode.l10n.t('Clone into the workspace'), false);
    if (!picked || 'create' in picked) return;
    const isGlossary = 'glossary' in picked;
    const name = isGlossary ? picked.glossary.name : picked.collection.name;
    const folderText = await vscode.window.showInputBox({
      title: vscode.l10n.t('Folder for "{0}" (relative to the manifest)', name),
      value: `${isGlossary ? 'glossaries' : 'spoken-terms'}/${cloneFolderName(name)}`,
      validateInput: (v) => (/^\/|\\|(^|\/)\.\.(\/|$)/.test(v.trim()) ? vscode.l10n.t('A relative path with forward slashes, inside the workspace') : undefined),
    });
    if (folderText === undefined || !model.manifest.uri) return;
    const folder = vscode.Uri.joinPath(model.manifest.uri, '..', ...folderText.trim().split('/').filter(Boolean));
    const run = (overwrite: boolean) => withCancellableProgress(vscode.l10n.t('Cloning "{0}"…', name), (signal) => isGlossary
      ? actions.cloneGlossary(picked.glossary.glossaryId, folder, { overwrite, signal })
      : actions.cloneSpokenTerms(picked.collection.spokenTermsId, folder, { overwrite, signal }));
    let uris: vscode.Uri[];
    try {
      uris = await run(false);
    } catch (err) {
      if (!/already exist/.test((err as Error).message)) throw err;
      const overwrite = vscode.l10n.t('Overwrite');
      if (await vscode.window.showWarningMessage((err as Error).message, { modal: true, detail: vscode.l10n.t('Overwrite them with the service\'s entries? Your local entries in them are lost (git keeps what was committed).') }, overwrite) !== overwrite) return;
      uris = await run(true);
    }
    const open = vscode.l10n.t('Open Manifest');
    void vscode.window.showInformationMessage(vscode.l10n.t('Cloned "{0}": {1}.', name, plural(uris.length, '{0} file', '{0} files')), open)
      .then((p) => { if (p === open && model.manifest.uri) void vscode.window.showTextDocument(model.manifest.uri); });
  };

  const link = async (arg?: unknown) => {
    const given = fileArg(arg);
    const uri = given && given.scheme !== 'terminology' && /\.(tsv|csv|txt)$/i.test(given.path) ? given : await pickLocalFile();
    if (!uri) return;
    const isTerms = /\.txt$/i.test(uri.path);
    const picked = await pickRemote(ctx, vscode.l10n.t('Link {0} to…', fileName(uri)), true, isTerms ? 'collection' : 'glossary');
    if (!picked) return;
    let target: LinkTarget | undefined;
    const guess = /(?:^|\/)([a-z]{2,3})-([a-z]{2,3})(?:\.glossary)?\.(tsv|csv)$/i.exec(uri.path);
    const client = await requireClient(ctx);
    if (!client) return;
    if ('glossary' in picked || ('create' in picked && picked.create === 'glossary')) {
      let name: string;
      let id: string | undefined;
      let existing: Array<{ sourceLang: string; targetLang: string }> = [];
      if ('glossary' in picked) { name = picked.glossary.name; id = picked.glossary.glossaryId; existing = picked.glossary.dictionaries; }
      else {
        const typed = await vscode.window.showInputBox({ title: vscode.l10n.t('Name of the new glossary'), validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('A name is needed')) });
        if (!typed) return;
        name = typed.trim();
      }
      const other = { label: vscode.l10n.t('$(add) Another language pair…'), pair: undefined };
      const pairs = [...existing.map((d) => ({ label: `${d.sourceLang.toUpperCase()} → ${d.targetLang.toUpperCase()}`, description: vscode.l10n.t('existing dictionary'), pair: d }))];
      // The pair in the file name comes first (so it is the one selected): an existing dictionary moved up, or a new one.
      const named = guess ? pairs.findIndex((p) => pairKey(p.pair.sourceLang, p.pair.targetLang) === pairKey(guess[1], guess[2])) : -1;
      if (named > 0) pairs.unshift(...pairs.splice(named, 1).map((p) => ({ ...p, description: vscode.l10n.t('existing dictionary; the pair in the file name') })));
      else if (named === 0) pairs[0] = { ...pairs[0], description: vscode.l10n.t('existing dictionary; the pair in the file name') };
      else if (guess) {
        pairs.unshift({ label: `${guess[1].toUpperCase()} → ${guess[2].toUpperCase()}`, description: vscode.l10n.t('from the file name; created on the first push'), pair: { sourceLang: guess[1].toLowerCase(), targetLang: guess[2].toLowerCase() } });
      }
      const chosen = pairs.length ? await vscode.window.showQuickPick([...pairs, other], { title: vscode.l10n.t('Language pair of {0}', fileName(uri)) }) : other;
      if (!chosen) return;
      const pair = chosen.pair ?? await pickGlossaryPair(await withCancellableProgress(vscode.l10n.t('Loading languages…'), (s) => client.getLanguages('glossary', s)), existing);
      if (!pair) return;
      target = { area: 'glossaries', name, ...(id ? { id } : {}), sourceLang: pair.sourceLang, targetLang: pair.targetLang };
    } else {
      let name: string;
      let id: string | undefined;
      let langs: string[] = [];
      if ('collection' in picked) { name = picked.collection.name; id = picked.collection.spokenTermsId; langs = picked.collection.termLists.map((l) => l.lang); }
      else {
        const typed = await vscode.window.showInputBox({ title: vscode.l10n.t('Name of the new Spoken Terms collection'), validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('A name is needed')) });
        if (!typed) return;
        name = typed.trim();
      }
      const lang = await pickLanguage(vscode.l10n.t('Language of {0}', fileName(uri)), [
        ...langs.map((l) => ({ lang: l, name: vscode.l10n.t('existing list'), usableAsSource: true, usableAsTarget: true, features: [] })),
        ...(await withCancellableProgress(vscode.l10n.t('Loading languages…'), (s) => client.getLanguages('voice', s))).filter((l) => !langs.includes(l.lang)),
      ]);
      if (!lang) return;
      target = { area: 'spokenTerms', name, ...(id ? { id } : {}), lang };
    }
    const hadManifest = Boolean(model.manifest.uri && await vscode.workspace.fs.stat(model.manifest.uri).then(() => true, () => false));
    await withCancellableProgress(vscode.l10n.t('Linking {0}…', fileName(uri)), (signal) => actions.linkFile(uri, target!, signal));
    const s = model.statusOf(uri);
    vscode.window.setStatusBarMessage(vscode.l10n.t('$(link) Linked {0}{1}', fileName(uri), s ? ` (${STATE_LOOK[s.state].label})` : ''), 5000);
    // The first link writes the manifest (and its lock file): said, since they are new files to commit.
    if (!hadManifest) {
      const open = vscode.l10n.t('Open Manifest');
      void vscode.window.showInformationMessage(vscode.l10n.t('Linked {0}. The link is in terminology.json, new in this folder (with terminology.lock.json): commit both with the files.', fileName(uri)), open)
        .then((p) => { if (p === open && model.manifest.uri) void vscode.window.showTextDocument(model.manifest.uri); });
    }
  };

  return {
    'terminology.sync.refresh': guarded(vscode.l10n.t('Could not refresh the sync status'), async () => withCancellableProgress(vscode.l10n.t('Refreshing the sync status…'), (signal) => actions.refreshSync(signal))),
    'terminology.sync.clone': guarded(vscode.l10n.t('Could not clone'), clone),
    'terminology.sync.link': guarded(vscode.l10n.t('Could not link the file'), link),
    'terminology.sync.unlink': guarded(vscode.l10n.t('Could not unlink the file'), async (arg) => {
      const uri = fileArg(arg);
      if (uri) await actions.unlinkFile(uri);
    }),
    'terminology.sync.pushAll': guarded(vscode.l10n.t('Push All failed'), pushAll),
    'terminology.sync.pullAll': guarded(vscode.l10n.t('Pull All failed'), pullAll),
    'terminology.sync.push': guarded(vscode.l10n.t('Push failed'), (arg) => pushAll(fileArg(arg))),
    'terminology.sync.pull': guarded(vscode.l10n.t('Pull failed'), (arg) => pullAll(fileArg(arg))),
    'terminology.sync.compare': guarded(vscode.l10n.t('Could not compare with the service'), async (arg) => {
      const uri = fileArg(arg);
      if (uri) await withCancellableProgress(vscode.l10n.t('Fetching the service\'s version…'), (signal) => actions.compareLinked(uri, signal));
    }),
    'terminology.sync.recreate': guarded(vscode.l10n.t('Could not recreate'), async (arg) => {
      const uri = fileArg(arg);
      if (!uri) return;
      const recreate = vscode.l10n.t('Recreate');
      // When the key set now does not find the glossary or collection at all, it may be another account's: say what
      // Recreate does there before it rewrites the link.
      const detail = model.statusOf(uri)?.remote?.container === false
        ? vscode.l10n.t('The API key set now does not find its glossary or collection. If it is another account\'s, cancel and set that account\'s key (Set API Key): Recreate creates it under this key\'s account and links the file to the new one in terminology.json and terminology.lock.json.')
        : undefined;
      if (await vscode.window.showWarningMessage(vscode.l10n.t('Create {0} again on the service from the file?', fileName(uri)), { modal: true, ...(detail ? { detail } : {}) }, recreate) !== recreate) return;
      report('push', await withCancellableProgress(vscode.l10n.t('Pushing {0}…', fileName(uri)), (signal) => actions.recreateRemote(uri, signal)));
    }),
  };
}
