// Push File to Glossary… from the file Explorer's context menu and from the editor title: a file with errors is
// refused before anything is asked; a clean file goes into an existing pair (merge) and into a new pair.
// Guards the bug where the menu's Uri was lost and requests went to glossaries/undefined.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const title = 'push file: Explorer menu and editor title, errors first, then merge and a new pair';

export async function run(t) {
  const { page } = t;
  const sends = () => t.requests('PUT', /glossaries/).length + t.requests('PATCH', /glossaries/).length + t.requests('POST', /glossaries/).length;

  await t.keyReady(); // the Explorer's menu entry needs terminology.hasKey, set on activation
  // A glossary file of the extension's own format offers Push File to Glossary…, not the import of other tools' files.
  const offered = await t.contextMenuEntries(await t.explorerFile('sample.glossary.tsv'));
  t.check(offered.some((x) => x.startsWith('Push File to Glossary…')) && !offered.some((x) => x.startsWith('Import into Glossary…')), `sample.glossary.tsv's menu offers Push File only (${offered.filter((x) => /Glossary/.test(x)).join(', ')})`);
  t.check(offered.some((x) => x.startsWith('Compare with Remote')), 'and Compare with Remote');
  // 1. The sample has errors: said up front, nothing asked, nothing sent. (It is open in a tab behind another one.)
  await t.quickOpen('sample.glossary.tsv');
  await t.quickOpen('talks.terms.txt');
  await t.contextMenu(await t.explorerFile('sample.glossary.tsv'), 'Push File to Glossary…');
  const where = await t.message(/5 errors in sample\.glossary\.tsv block the push/);
  t.check(true, `the sample's errors are reported up front (${where})`);
  t.check(!(await page.locator('.quick-input-widget').isVisible()), 'no picker was opened for a file with errors');
  t.check(sends() === 0, 'nothing was sent');
  // Fix All from the message fixes the file where it can be seen: its tab comes to the front, with the fixes unsaved.
  const blocked = page.locator('.notification-toast, .notifications-center .notification-list-item', { hasText: /5 errors in sample\.glossary\.tsv block the push/ }).first();
  await blocked.locator('.monaco-button', { hasText: 'Fix All' }).first().click();
  await t.until(async () => { const tab = await t.activeTab(); return /sample\.glossary\s*\.tsv/.test(tab.title) && tab.dirty; }, 'the fixed sample.glossary.tsv in front, unsaved');
  t.check(true, 'Fix All brings the file to the front, its fixes unsaved');
  await t.command('File: Revert File');
  await t.until(async () => !(await t.activeTab()).dirty, 'the sample reverted');
  await t.closeNotifications();

  // 2. A clean file, from the Explorer's context menu, merged into EN → FR.
  writeFileSync(join(t.workspace, 'clean.glossary.tsv'), 'login\tconnexion\nlogout\tdéconnexion\n');
  await t.contextMenu(await t.explorerFile('clean.glossary.tsv'), 'Push File to Glossary…');
  await t.pick('Product terminology');
  await t.pick('EN → FR');
  await t.pick('Merge into the dictionary');
  await t.modal(/Merge the entries of clean\.glossary\.tsv/, 'Push');
  await t.until(() => t.entries('Product terminology', 'en', 'fr')?.some(([s, g]) => s === 'login' && g === 'connexion'), 'EN → FR holds login → connexion');
  const fr = t.entries('Product terminology', 'en', 'fr');
  t.check(fr.length === 5 && fr.some(([s, g]) => s === 'logout' && g === 'déconnexion') && fr.some(([s, g]) => s === 'cloud' && g === 'nuage'),
    'merged from the Explorer menu: EN → FR holds the 2 new entries and its 3 own');

  // 3. The same file from the editor title's button, into a new pair EN → IT.
  await t.quickOpen('clean.glossary.tsv');
  const button = page.locator('.editor-group-container.active a.action-label[aria-label*="Push File"]').first();
  await button.waitFor({ timeout: 20_000 });
  await button.click();
  await t.pick('Product terminology');
  await t.pick('Another language pair');
  await t.input('en', { enter: false, title: /Source language/ });
  await t.pick('EN', { exact: true });
  await t.input('it', { enter: false, title: /Target language/ });
  await t.pick('IT', { exact: true });
  await t.modal(/Replace "Product terminology" EN → IT with the entries of clean\.glossary\.tsv/, 'Push');
  await t.until(() => t.entries('Product terminology', 'en', 'it')?.length === 2, 'a new EN → IT dictionary with 2 entries');
  const it = t.entries('Product terminology', 'en', 'it');
  t.check(it.some(([s, g]) => s === 'login' && g === 'connexion'), 'pushed from the editor title: the new EN → IT holds the file\'s entries');
  t.check(t.glossary('Product terminology').dictionaries.length === 5, 'the glossary now has 5 dictionaries');
  t.check(!t.account().glossaries.some((g) => g.glossary_id === 'undefined') && !t.emulator.requests.some((r) => /undefined/.test(r.path)), 'no request went to glossaries/undefined');
}
