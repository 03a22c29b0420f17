/** What Ctrl+S in a remote document says when it does not simply push: machine-translated drafts to review first; a
 * remote changed since the document's base (Compare / Merge / Overwrite); the dictionary or term list deleted on the
 * service (Create It Again…, Save a Copy…); its whole glossary or collection missing for the key set now (Save a Copy…, Set API
 * Key). Bundled apart with Push File (./lazy.ts, dist/pushFile.js), loaded when one is first shown. */
import * as vscode from 'vscode';
import { withCancellableProgress } from '../platform/progress';
import { describeRef, type RemoteRef } from '../platform/remoteUris';
import { treeOf, type CommandContext } from '../trees/commandContext';
import type { DocumentActions } from './documentCommands';
import { containerGoneMessage, GONE } from './saveCheck';
import { publishedFindings } from '../lint/convert';

const basename = (uri: vscode.Uri) => uri.path.slice(uri.path.lastIndexOf('/') + 1);

/** Machine-translated drafts that nobody has changed yet (Add Language, Fill Missing Translations) become entries of
 * the service when saved: Ctrl+S asks first. "Review Drafts" pushes nothing and moves to the first draft. */
export async function confirmDrafts(ctx: CommandContext, doc: vscode.TextDocument): Promise<boolean> {
  const drafts = publishedFindings(doc.uri, 'draft-translation').sort((a, b) => a.range.start.compareTo(b.range.start));
  if (!drafts.length) return true;
  const push = vscode.l10n.t('Push with Drafts');
  const review = vscode.l10n.t('Review Drafts');
  // From the table too (Ctrl+S there): once the question is answered, the table's grid takes the keyboard back.
  // Review Drafts first: the question's first button is its default, and a reflex Enter should not push them.
  const picked = await ctx.pickers.after(vscode.window.showWarningMessage(
    drafts.length === 1
      ? vscode.l10n.t('1 machine-translated draft in {0} has not been reviewed.', basename(doc.uri))
      : vscode.l10n.t('{0} machine-translated drafts in {1} have not been reviewed.', drafts.length, basename(doc.uri)),
    { modal: true, detail: vscode.l10n.t('Pushing makes them entries of the service as they are. Drafts are shown in italics, each with a "draft-translation" note; editing one makes it yours.') },
    review, push,
  ));
  if (picked === push) return true;
  if (picked === review) {
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    const inTable = tab?.input instanceof vscode.TabInputCustom && tab.input.uri.toString() === doc.uri.toString();
    if (inTable) await vscode.commands.executeCommand('terminology.table.firstFinding', doc.uri, 'draft-translation');
    else {
      const editor = await vscode.window.showTextDocument(doc);
      editor.selection = new vscode.Selection(drafts[0].range.start, drafts[0].range.end);
      editor.revealRange(drafts[0].range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }
  }
  return false;
}

/** The remote moved since the document's base: one notification with the ways out. Not awaited. An error (the save
 * failed): VS Code keeps an error with buttons on screen until it is answered, where a warning hides after a while. */
export function showConflict(uri: vscode.Uri, ref: RemoteRef): void {
  const compare = vscode.l10n.t('Compare');
  const merge = vscode.l10n.t('Merge');
  const overwrite = vscode.l10n.t('Overwrite…');
  void vscode.window.showErrorMessage(
    vscode.l10n.t('{0} was changed remotely since you opened it. Nothing was pushed; your text is kept. Compare the two, merge their changes into yours, or overwrite them.', describeRef(ref)),
    compare, merge, overwrite,
  ).then(async (picked) => {
    if (picked === compare) await vscode.commands.executeCommand('terminology.compareWithRemote', uri);
    if (picked === merge) await vscode.commands.executeCommand('terminology.mergeWithRemote', uri);
    if (picked === overwrite) await vscode.commands.executeCommand('terminology.overwriteRemote', uri);
  });
}


/** The dictionary or term list was deleted on the service since the document was read: the way out, asked for again
 * in its own words (Overwrite's speak of remote changes to lose or merge), then `recreate` (the Overwrite action); or
 * Save a Copy… as a local file. Not awaited. An error with a button, which VS Code keeps on screen until it is answered. */
export function showGone(ctx: CommandContext, doc: vscode.TextDocument, ref: RemoteRef, recreate: (signal: AbortSignal) => Promise<unknown>): void {
  treeOf(ctx, ref.kind).refresh(); // the explorer still lists it
  const again = vscode.l10n.t('Create It Again…');
  const copy = vscode.l10n.t('Save a Copy…');
  const what = describeRef(ref);
  void vscode.window.showErrorMessage(vscode.l10n.t('{0} was deleted on the service since you opened it. Nothing was pushed; your text is kept. Create it again with your text, save a copy as a file, or close the tab and choose Don\'t Save to let it go.', what), again, copy).then(async (picked) => {
    if (picked === copy) return offerCopy(ctx, doc, ref);
    if (picked !== again) return;
    const go = vscode.l10n.t('Create It Again');
    if (await vscode.window.showWarningMessage(vscode.l10n.t('Create {0} again on the service, with your version?', what), {
      modal: true, detail: vscode.l10n.t('It was deleted there since you opened it (in another window, or by a colleague). Your text becomes its entries.'),
    }, go) !== go) return;
    try {
      await withCancellableProgress(vscode.l10n.t('Pushing {0}…', what), recreate);
    } catch (err) {
      await ctx.errors.show(vscode.l10n.t('Could not create {0} again', what), err);
    }
  });
}

/** Save a Copy…: the document's text as a local file, named after what it holds (in the workspace folder, if any). */
async function offerCopy(ctx: CommandContext, doc: vscode.TextDocument, ref: RemoteRef): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const target = await vscode.window.showSaveDialog({
    title: vscode.l10n.t('Save a copy of {0}', describeRef(ref)),
    ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, copyName(ref)) } : {}),
    saveLabel: vscode.l10n.t('Save Copy'),
  });
  if (!target) return;
  try {
    await saveCopy(doc.getText(), target);
  } catch (err) {
    await ctx.errors.show(vscode.l10n.t('Could not save a copy of {0}', describeRef(ref)), err);
  }
}

/** The file name a copy of the document gets: what it holds, and the extension that gives it its language. */
export function copyName(ref: RemoteRef): string {
  const name = ref.name.replace(/[\\/:*?"<>|]/g, '-');
  if (ref.kind === 'dictionary') return `${name} ${ref.sourceLang.toUpperCase()}-${ref.targetLang.toUpperCase()}.glossary.tsv`;
  if (ref.kind === 'glossary') return `${name} ${ref.sourceLang.toUpperCase()}.multilingual.tsv`;
  return `${name} ${ref.lang.toUpperCase()}.terms.txt`;
}

/** Writes `text` to the local file `target` and opens it beside. */
export async function saveCopy(text: string, target: vscode.Uri): Promise<vscode.TextDocument> {
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
  const doc = await vscode.workspace.openTextDocument(target);
  await vscode.window.showTextDocument(doc, { preview: false });
  return doc;
}

/** The document's whole glossary or collection is not on the service for the key set now: nothing can be pushed
 * there. Its text can be kept as a local file (then pushed to any glossary with Push File to Glossary…), or the key
 * changed back. Not awaited. */
export function showContainerGone(ctx: CommandContext, doc: vscode.TextDocument, ref: RemoteRef): void {
  treeOf(ctx, ref.kind).refresh(); // the explorer still lists it
  const copy = vscode.l10n.t('Save a Copy…');
  const key = vscode.l10n.t('Set API Key');
  void vscode.window.showErrorMessage(containerGoneMessage(ref), copy, key).then(async (picked) => {
    if (picked === key) await vscode.commands.executeCommand('terminology.setApiKey');
    else if (picked === copy) await offerCopy(ctx, doc, ref);
  });
}

/** Overwrite Remote with My Version: what is lost is said before it is. The remote is read and counted first (the
 * entries it changed since the document's base that the document lacks), and the save that follows goes only over
 * that remote: a newer one (a change made while the question was open) refuses it, as any change not shown does. */
export async function overwriteCommand(ctx: CommandContext, actions: DocumentActions, doc: vscode.TextDocument, ref: RemoteRef): Promise<void> {
  // A clean document is the service's version (or is pushed): nothing of the user's to put over it. (A conflict's
  // notification stays on screen after the conflict was resolved, with its Overwrite… button.)
  if (!doc.isDirty) {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} has no unsaved changes: nothing to overwrite the service\'s version with.', describeRef(ref)));
    return;
  }
  try {
    const loss = await withCancellableProgress(vscode.l10n.t('Reading the remote {0}…', basename(doc.uri)), (signal) => actions.overwriteLoss(doc.uri, signal));
    if (loss.containerGone) { showContainerGone(ctx, doc, ref); return; }
    const go = vscode.l10n.t('Overwrite');
    const keep = vscode.l10n.t('To keep them, choose Cancel, then "Merge Remote Changes into Mine".');
    const detail = loss.remote === GONE ? vscode.l10n.t('It was deleted on the service since you opened it: your version creates it again.')
      : loss.lost === undefined ? `${vscode.l10n.t('The changes made remotely since you opened it are lost.')} ${keep}`
        : loss.lost === 0 ? vscode.l10n.t('The remote has no change since you opened it that your version lacks: nothing of it is lost.')
          : loss.lost === 1 ? vscode.l10n.t('The remote has 1 entry changed since you opened it (added, changed or removed) that your version does not have: that change is lost. To keep it, choose Cancel, then "Merge Remote Changes into Mine".')
            : `${vscode.l10n.t('The remote has {0} entries changed since you opened it (added, changed or removed) that your version does not have: their changes are lost.', loss.lost.toLocaleString('en-US'))} ${keep}`;
    if (await vscode.window.showWarningMessage(vscode.l10n.t('Replace {0} with your version?', describeRef(ref)), { modal: true, detail }, go) !== go) return;
    // The save shows its own progress ("Pushing …") and says why if it is refused.
    await actions.overwriteRemote(doc.uri, undefined, loss.remote);
  } catch (err) {
    await ctx.errors.show(vscode.l10n.t('Could not overwrite the remote'), err);
  }
}

