// A colleague changed the dictionary behind your back: Ctrl+S pushes nothing; Compare with Remote shows the diff;
// the Merge button in the diff editor's title merges their changes into yours; Ctrl+S pushes both.
export const title = 'conflict: save refused, Compare, Merge from the diff title, save pushes both sides';

// Side by side whatever the window's width, so that each side of the diff is its own editor.
export const options = { settings: { 'diffEditor.renderSideBySide': true, 'diffEditor.useInlineViewWhenSpaceIsLimited': false } };

export async function run(t) {
  const { page } = t;
  const puts = () => t.requests('PUT', /dictionaries/).length;
  await t.openDictionaryFromTree('Product terminology', 'EN → DE', 'en-de.glossary.tsv');
  await t.editor().click();
  await t.gotoLine(2); // server → Server
  await page.keyboard.type('-Knoten');
  await t.editor().locator('.view-line', { hasText: 'Server-Knoten' }).first().waitFor({ timeout: 10_000 });
  await t.until(async () => (await t.activeTab()).dirty, 'the tab dirty after typing');
  t.check(true, 'your edit of server is in the document');

  // The colleague's change, straight into the service.
  const remote = t.glossary('Product terminology').dictionaries.find((d) => d.target_lang === 'de' && d.source_lang === 'en');
  remote.entries.find((e) => e[0] === 'invoice')[1] = 'Faktura';
  remote.entries.push(['support', 'Support']);

  await page.keyboard.press('Control+S');
  const where = await t.message(/changed remotely since you opened it\. Nothing was pushed/);
  t.check(true, `a message says the dictionary changed remotely and nothing was pushed (${where})`);
  // An error with its buttons, which VS Code keeps on screen until it is answered (a warning hid after a few seconds,
  // and a newcomer missed its Compare, Merge and Overwrite).
  const shown = page.locator('.notification-toast, .notifications-center .notification-list-item', { hasText: /changed remotely since you opened it/ }).first();
  t.check(await shown.locator('.codicon-error').count() > 0 && await shown.locator('.monaco-button', { hasText: 'Merge' }).count() === 1,
    'it is an error with its buttons (VS Code keeps such a toast until it is answered)');
  await t.closeNotifications();
  t.check(puts() === 0, 'nothing was pushed');
  t.check(t.entries('Product terminology', 'en', 'de').some(([s, g]) => s === 'server' && g === 'Server'), 'the service keeps server → Server');
  t.check((await t.activeTab()).dirty, 'the tab stays dirty');

  await t.command('Terminology: Compare with Remote');
  await page.locator('.editor-group-container.active .tab.active', { hasText: 'remote ↔ yours' }).waitFor({ timeout: 20_000 });
  const original = page.locator('.editor-group-container.active .monaco-diff-editor .editor.original .view-lines').first();
  const modified = page.locator('.editor-group-container.active .monaco-diff-editor .editor.modified .view-lines').first();
  await original.locator('.view-line', { hasText: 'Faktura' }).first().waitFor({ timeout: 20_000 });
  t.check(true, 'the diff editor opens: the remote side shows the colleague\'s Faktura');

  const mergeButton = page.locator('.editor-group-container.active a.action-label[aria-label*="Merge Remote Changes"]').first();
  await mergeButton.waitFor({ timeout: 10_000 });
  t.check(await page.locator('.editor-group-container.active a.action-label[aria-label*="Overwrite Remote"]').first().isVisible(),
    'the diff editor\'s title has Merge and Overwrite buttons');
  await mergeButton.click();
  await modified.locator('.view-line', { hasText: 'Faktura' }).first().waitFor({ timeout: 20_000 });
  const mine = (await modified.locator('.view-line').allInnerTexts()).join('\n');
  t.check(/Server-Knoten/.test(mine) && /Faktura/.test(mine) && /support/.test(mine), 'after Merge the document holds your server change and their invoice and support');
  t.check(puts() === 0, 'Merge itself pushed nothing');

  await modified.click();
  await page.keyboard.press('Control+S');
  await t.until(() => t.entries('Product terminology', 'en', 'de').some(([s, g]) => s === 'server' && g === 'Server-Knoten'), 'the service holds server → Server-Knoten');
  const held = t.entries('Product terminology', 'en', 'de');
  t.check(held.some(([s, g]) => s === 'invoice' && g === 'Faktura') && held.some(([s, g]) => s === 'support' && g === 'Support') && held.length === 6,
    'Ctrl+S pushed both: server → Server-Knoten and the colleague\'s invoice → Faktura, support → Support');
  t.check(puts() === 1, 'exactly one PUT');
  await t.until(async () => !(await t.activeTab()).dirty, 'the tab clean after the push');
  t.check(true, 'the tab is clean');
}
