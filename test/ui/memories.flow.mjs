// Translation memories the way a person works with them: a .tmx file's context menu in the Explorer → Import TMX…,
// a name, the import followed to its end; the new memory in the Translation Memories view; a click opens its
// segments; Delete from its context menu asks in a modal first.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const title = 'translation memories: import a TMX from the Explorer, browse its segments, delete it after the modal';

const tmx = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header srclang="en" segtype="sentence" o-tmf="x" adminlang="en" datatype="plaintext" creationtool="t" creationtoolversion="1"/>
<body>
<tu><tuv xml:lang="en"><seg>Open the handbook</seg></tuv><tuv xml:lang="de"><seg>Handbuch öffnen</seg></tuv></tu>
<tu><tuv xml:lang="en"><seg>Close the handbook</seg></tuv><tuv xml:lang="de"><seg>Handbuch schließen</seg></tuv></tu>
<tu><tuv xml:lang="en"><seg>Print a page</seg></tuv><tuv xml:lang="de"><seg>Eine Seite drucken</seg></tuv></tu>
</body></tmx>
`;

export async function run(t) {
  const { page } = t;
  t.emulator.config.jobStepMs = 300;
  const memory = (name) => (t.account().memories ?? []).find((m) => m.name === name);
  writeFileSync(join(t.workspace, 'handbook.tmx'), tmx);
  await t.keyReady();

  const row = await t.explorerFile('handbook.tmx');
  await t.contextMenu(row, 'Import TMX…');
  await t.input('Handbook', { title: /name of the new translation memory/ });
  await t.until(() => memory('Handbook'), 'the service holds the memory "Handbook"', { timeout: 30_000 });
  const m = memory('Handbook');
  t.check(m.source_language === 'en' && m.target_languages.join() === 'de' && m.segments.length === 3, 'it holds the 3 EN → DE segments of the file');
  const upload = t.requests('PUT', /^\/__tm-upload\//);
  t.check(upload.length === 1 && upload[0].status === 200, 'the file went to the upload address, without the key (the address refuses one)');
  await t.notification(/Imported "Handbook": EN → DE, 3 segments/, { timeout: 30_000 });
  t.check(true, 'a message says the import completed, with the languages and the segment count');

  await t.openExplorer();
  // At first only Glossaries and Spoken Terms are open: the less used views start collapsed.
  const expanded = async (name) => page.locator('.pane-header', { hasText: name }).first().getAttribute('aria-expanded');
  t.check(await expanded('Glossaries') === 'true' && await expanded('Spoken Terms') === 'true', 'Glossaries and Spoken Terms are open');
  t.check(await expanded('Style Rules') === 'false' && await expanded('Repository Sync') === 'false', 'Style Rules and Repository Sync start collapsed');
  await t.expandView('Translation Memories');
  const item = t.treeItem('Handbook');
  await item.waitFor({ timeout: 20_000 });
  t.check(/EN → DE · 3 segments/.test(await item.innerText()), 'the Translation Memories view shows it with languages and count');
  await item.click();
  await page.locator('.tab', { hasText: 'Handbook.segments.txt' }).first().waitFor({ timeout: 20_000 });
  const lines = page.locator('.editor-group-container.active .monaco-editor .view-lines').first();
  // The editor renders spaces as non-breaking spaces.
  const shown = async () => (await lines.innerText()).replace(/\u00a0/g, ' ');
  await t.until(async () => /Handbuch schließen/.test(await shown()), 'the segments document shows the segments');
  t.check(/3 segments in all/.test(await shown()), 'the segments document says the total');
  // The title's Match Case button shows its state: a button per state, which says it.
  const matchCase = (state) => page.locator(`.editor-actions .action-label[aria-label^="Match Case: ${state}"]`).first();
  await matchCase('Off').waitFor({ timeout: 20_000 });
  t.check(await matchCase('On').count() === 0, 'Match Case shows off at first');
  await matchCase('Off').click();
  await matchCase('On').waitFor({ timeout: 20_000 });
  t.check(await matchCase('Off').count() === 0, 'a click on Match Case shows it on');
  await matchCase('On').click();
  await matchCase('Off').waitFor({ timeout: 20_000 });
  t.check(await matchCase('On').count() === 0, 'a second click shows it off again');

  await t.openExplorer();
  await t.contextMenu(t.treeItem('Handbook'), 'Delete Translation Memory…');
  await t.modal(/Delete the translation memory "Handbook"\?/, 'Cancel');
  await page.waitForTimeout(500);
  t.check(Boolean(memory('Handbook')), 'Cancel in the modal deletes nothing');
  await t.contextMenu(t.treeItem('Handbook'), 'Delete Translation Memory…');
  const dialog = page.locator('.monaco-dialog-box', { hasText: 'Delete the translation memory' }).first();
  await dialog.waitFor({ timeout: 20_000 });
  t.check(/translation_memory_id/.test(await dialog.innerText()) && /will fail/.test(await dialog.innerText()), 'the modal says that translations naming it will fail');
  await dialog.locator('.monaco-button', { hasText: 'Delete Translation Memory' }).first().click();
  await t.until(() => !memory('Handbook'), 'the service no longer holds "Handbook"');
  await t.treeItem('Handbook').waitFor({ state: 'detached', timeout: 20_000 });
  t.check(Boolean(memory('UI strings')), 'the other memory stays');
}
