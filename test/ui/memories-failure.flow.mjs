// Translation memories when things go wrong: a TMX the service refuses ends with the service's reason and adds no
// memory; a delete while the service fails says so and the memory stays, in the view and in the service.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const title = 'translation memories: a refused TMX and a failed delete lose nothing and say why';

// A <tuv> without its <seg>: well-formed XML the service refuses.
const broken = '<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>a</seg></tuv><tuv xml:lang="de"></tuv></tu></body></tmx>\n';

export async function run(t) {
  const { page } = t;
  t.emulator.config.jobStepMs = 300;
  const names = () => (t.account().memories ?? []).map((m) => m.name).sort().join(', ');
  const before = names();
  writeFileSync(join(t.workspace, 'broken.tmx'), broken);
  await t.keyReady();

  const row = await t.explorerFile('broken.tmx');
  await t.contextMenu(row, 'Import TMX…');
  await t.input('Broken', { title: /name of the new translation memory/ });
  const where = await t.message(/broken\.tmx/, { timeout: 40_000 });
  const text = await page.locator('.notification-toast, .notifications-center .notification-list-item', { hasText: 'broken.tmx' }).first().innerText();
  t.check(/seg/.test(text), `the message names the file and gives the service's reason (${where}: ${text.replace(/\s+/g, ' ').slice(0, 160)})`);
  t.check(names() === before, 'the service holds no new memory');
  await t.closeNotifications();

  await t.openExplorer();
  t.emulator.injectFault({ count: 100, status: 503, method: 'DELETE', path: 'translation_memories' });
  await t.contextMenu(t.treeItem('UI strings'), 'Delete Translation Memory…');
  const dialog = page.locator('.monaco-dialog-box', { hasText: 'Delete the translation memory' }).first();
  await dialog.waitFor({ timeout: 20_000 });
  await dialog.locator('.monaco-button', { hasText: 'Delete Translation Memory' }).first().click();
  await t.message(/Could not delete|503|Unavailable/i, { timeout: 60_000 });
  t.check(true, 'a message says the delete failed');
  t.check(names() === before, 'the service still holds every memory');
  t.check(await t.treeItem('UI strings').isVisible(), 'the view still shows "UI strings"');
  t.emulator.clearFaults();
}
