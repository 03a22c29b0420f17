// Repository sync as a person does it: "Clone Glossary into Workspace…" from the Repository Sync view's welcome,
// the default folder accepted; a local edit shows as "local changes" in the view and as a badge in the Explorer;
// Push All from the view's title refuses the file with an error (modal listing it), pushes the other one on
// "Push the Other File", and the service then holds exactly that.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const title = 'repository sync: clone from the view, local change with its badge, Push All with one blocked file';

export async function run(t) {
  const { page } = t;
  await t.keyReady();
  await t.openExplorer();
  const header = page.locator('.pane-header', { hasText: 'Repository Sync' }).first();
  await header.waitFor({ timeout: 20_000 });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  const pane = page.locator('.pane', { has: header });

  // 1. Clone from the welcome view's button: the default folder is accepted.
  await pane.locator('.monaco-button', { hasText: 'Clone Glossary into Workspace' }).first().click();
  await t.pick('Product terminology');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: /Folder for "Product terminology"/ }).waitFor({ timeout: 20_000 });
  t.check(await page.locator('.quick-input-widget input.input').inputValue() === 'glossaries/product-terminology', 'the folder is proposed from the glossary name');
  await page.keyboard.press('Enter');
  await t.notification(/Cloned "Product terminology": 4 files/);
  const dir = join(t.workspace, 'glossaries', 'product-terminology');
  const fr = join(dir, 'en-fr.glossary.tsv');
  const de = join(dir, 'en-de.glossary.tsv');
  t.check(existsSync(fr) && existsSync(de) && readFileSync(fr, 'utf8') === 'cloud\tnuage\ninvoice\tfacture\ndashboard\ttableau de bord\n',
    'the dictionaries were written as files');
  const manifest = JSON.parse(readFileSync(join(t.workspace, 'terminology.json'), 'utf8'));
  t.check(manifest.glossaries[0].id === t.glossary('Product terminology').glossary_id && Object.keys(manifest.glossaries[0].dictionaries).length === 4,
    'terminology.json links the 4 dictionaries, with the glossary id');
  await pane.locator('.monaco-list-row', { hasText: 'en-fr.glossary.tsv' }).first().waitFor({ timeout: 20_000 });
  const rowText = async (name) => (await pane.locator('.monaco-list-row', { hasText: name }).first().innerText()).replace(/\s+/g, ' ');
  t.check(/in sync/.test(await rowText('en-fr.glossary.tsv')), 'the view shows the clone in sync');
  await t.closeNotifications();

  // 2. A local change (a new entry in EN → FR) and an error (EN → DE): Refresh shows them.
  appendFileSync(fr, 'server\tserveur\n');
  appendFileSync(de, 'no tab on this line\n');
  await pane.hover();
  await page.locator('.pane-header', { hasText: 'Repository Sync' }).locator('a.action-label[aria-label*="Refresh Sync Status"]').first().click();
  await t.until(async () => /local changes/.test(await rowText('en-fr.glossary.tsv')), 'the view to show EN → FR with local changes');
  t.check(/local changes/.test(await rowText('en-de.glossary.tsv')), 'the view shows EN → DE with local changes');

  // 3. The Explorer shows the badge of each linked file (its hover text names the state).
  await t.quickOpen('en-fr.glossary.tsv'); // the Explorer reveals the active file in its folder
  const row = await t.explorerFile('en-fr.glossary.tsv');
  // A file decoration's badge is drawn by CSS (::after), so it is read from the computed style.
  const badges = (r) => r.evaluate((el) => [el, ...el.querySelectorAll('*')].map((e) => e.ownerDocument.defaultView.getComputedStyle(e, '::after').content).filter((c) => c && c !== 'none' && c !== 'normal').join(' '));
  await t.until(async () => /↑/.test(await badges(row)), 'the Explorer row of en-fr.glossary.tsv to carry the "local changes" badge', { timeout: 15_000, interval: 250 });
  t.check(/✓/.test(await badges(await t.explorerFile('en-ja.glossary.tsv'))), 'the Explorer shows ↑ on the changed file and ✓ on a file in sync');

  // 4. Push All from the view's title: the file with an error is refused in a modal that names it. (The activity bar
  // entry now carries the view's badge, the count of files not in sync.)
  await t.command('View: Show Terminology');
  await header.waitFor({ timeout: 20_000 });
  await pane.hover();
  await page.locator('.pane-header', { hasText: 'Repository Sync' }).locator('a.action-label[aria-label*="Push All"]').first().click();
  await t.modal(/en-de\.glossary\.tsv \(1 error\)/, 'Push the Other File');
  await t.until(() => t.entries('Product terminology', 'en', 'fr')?.some(([s, g]) => s === 'server' && g === 'serveur'), 'the service to hold EN → FR server → serveur');
  t.check(t.entries('Product terminology', 'en', 'fr').length === 4, 'EN → FR holds the file\'s 4 entries');
  t.check(!t.entries('Product terminology', 'en', 'de').some(([s]) => s === 'no tab on this line'), 'EN → DE, which has an error, was not pushed');
  t.check(t.requests('PUT', /dictionaries/).length === 1, 'one PUT in all');
  await t.notification(/Pushed 1 file.*not pushed because of errors \(en-de\.glossary\.tsv\)/);
  await t.until(async () => /in sync/.test(await rowText('en-fr.glossary.tsv')), 'the view to show EN → FR in sync again');
  t.check(true, 'after the push, EN → FR is in sync');
}
