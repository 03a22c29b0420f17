/** "Pick Glossaries for the Term Check": gathers the glossaries (the service's list, the ones picked before ticked)
 * for a folder without a manifest; the action remembers them. In the lazy term check bundle (./lazy.ts). */
import * as vscode from 'vscode';
import { linksDictionaries } from '../core/workspace/manifest';
import type { ManifestFile } from '../platform/manifestFile';
import { requireClient, type CommandContext } from '../trees/commandContext';

export async function pickGlossaries(ctx: CommandContext, manifest: ManifestFile, picked: () => ReadonlyArray<{ id: string; name: string }>,
  actions: { pickTermCheckGlossaries(glossaries: ReadonlyArray<{ id: string; name: string }>): Promise<void> }): Promise<void> {
  const client = await requireClient(ctx);
  if (!client) return;
  let all;
  try { all = await client.listGlossaries(); } catch (err) { void ctx.errors.show(vscode.l10n.t('The glossaries could not be listed'), err); return; }
  const before = new Set(picked().map((p) => p.id));
  const items = all.map((g) => ({ label: g.name, description: g.dictionaries.map((d) => `${d.sourceLang.toUpperCase()} → ${d.targetLang.toUpperCase()}`).join(', '), picked: before.has(g.glossaryId), id: g.glossaryId }));
  // A manifest decides only when it links a dictionary (one whose links were all removed leaves it to the pick).
  const read = await manifest.read().catch(() => undefined);
  const hasManifest = Boolean(read && linksDictionaries(read.parsed.manifest));
  const chosen = await vscode.window.showQuickPick(items, {
    canPickMany: true, title: vscode.l10n.t('Glossaries for the term check of this folder'),
    placeHolder: hasManifest
      ? vscode.l10n.t('This folder has a manifest: its linked glossaries are used, not these.') : vscode.l10n.t('Tick the glossaries to check translations against'),
  });
  if (!chosen) return;
  await actions.pickTermCheckGlossaries(chosen.map((c) => ({ id: c.id, name: c.label })));
  // Said, since the pick changes nothing on screen until a translation file is open; and with a manifest, that the
  // pick is not what the check uses.
  if (hasManifest) {
    const open = vscode.l10n.t('Open terminology.json');
    void vscode.window.showInformationMessage(vscode.l10n.t('Term check: this folder\'s terminology.json decides which glossaries its translation files are checked against (those it links); your pick is kept for when the manifest links none.'), open)
      .then((a) => { if (a === open && manifest.uri) void vscode.window.showTextDocument(manifest.uri); });
  } else {
    void vscode.window.showInformationMessage(chosen.length
      ? vscode.l10n.t('Term check: the translation files of this folder are now checked against {0}.', chosen.map((c) => `"${c.label}"`).join(', '))
      : vscode.l10n.t('Term check: no glossaries picked for this folder; its translation files are not checked.'));
  }
}
