// Issue #27: a save whose base is not known must never push blind. A dirty dictionary is restored after a window
// reload with its kept base gone (deleted here, as a cleaned storage folder or a window that cannot tell its own
// base would leave it): the save cannot tell a colleague's change from its own, so it refuses and offers Merge.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const title = 'reload with no base kept: the save of the restored dictionary asks instead of pushing over the colleague';

/** Every file below `dir` in a folder named "bases" (the extension's kept bases). */
function keptBases(dir) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (!statSync(p).isDirectory()) continue;
    if (name === 'bases') found.push(...readdirSync(p).map((f) => join(p, f)));
    else found.push(...keptBases(p));
  }
  return found;
}

export async function run(t) {
  const { page } = t;
  const puts = () => t.requests('PUT', /dictionaries/).length;
  await t.openDictionaryFromTree('Product terminology', 'EN → DE', 'en-de.glossary.tsv');
  await t.gotoNewLastLine();
  await page.keyboard.type('login\tAnmeldung');
  await t.until(async () => (await t.activeTab()).dirty, 'the tab dirty after typing');
  await page.waitForTimeout(2500); // VS Code writes its backup of a dirty editor about a second after the edit
  await t.until(() => keptBases(t.userDir).length > 0, 'the base kept on disk');
  const files = keptBases(t.userDir);
  for (const f of files) rmSync(f, { force: true });
  t.check(keptBases(t.userDir).length === 0, `the kept base removed (${files.length} file)`);

  await page.reload();
  await t.ready();
  await page.locator('.tab', { hasText: 'en-de.glossary.tsv' }).first().click({ timeout: 30_000 });
  await t.until(async () => (await t.activeTab()).dirty, 'the restored tab to be dirty', { timeout: 30_000 });
  t.check(true, 'after the reload the document is restored with its unsaved edit');

  const remote = t.glossary('Product terminology').dictionaries.find((d) => d.source_lang === 'en' && d.target_lang === 'de');
  remote.entries.push(['support', 'Unterstützung']); // a colleague's entry

  await t.editor().click();
  await page.keyboard.press('Control+S');
  const where = await t.message(/changed remotely since you opened it\. Nothing was pushed/);
  t.check(true, `the save refuses and says so (${where})`);
  await t.closeNotifications();
  t.check(puts() === 0, 'nothing was pushed');
  t.check(t.entries('Product terminology', 'en', 'de').some(([s]) => s === 'support'), 'the colleague\'s entry is still on the service');

  await t.command('Terminology: Merge Remote Changes into Mine');
  await t.until(async () => (await t.editor().innerText()).includes('Unterstützung'), 'the merge to bring in the colleague\'s change');
  await page.keyboard.press('Escape');
  await t.editor().click();
  await page.keyboard.press('Control+S');
  await t.until(() => {
    const e = t.entries('Product terminology', 'en', 'de');
    return e.some(([s]) => s === 'support') && e.some(([s, g]) => s === 'login' && g === 'Anmeldung');
  }, 'the service to hold both changes');
  t.check(puts() === 1, 'after Merge, one PUT holds both');
}
