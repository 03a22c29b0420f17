// Issue #27: close a dirty dictionary with "Don't Save" (VS Code reverts it, reading the service again, which by then
// holds a colleague's entry), reopen it from the explorer (VS Code gives its undo stack back), Ctrl+Z brings the
// typed entry back: Ctrl+S must find the colleague's entry, never push over it.
export const title = 'Don\'t Save, reopen, Ctrl+Z, Ctrl+S: the entry brought back keeps its base; the save finds the colleague\'s entry';

export async function run(t) {
  const { page } = t;
  const puts = () => t.requests('PUT', /dictionaries/).length;
  await t.openDictionaryFromTree('Product terminology', 'EN → DE', 'en-de.glossary.tsv');
  await t.gotoNewLastLine();
  await page.keyboard.type('login\tAnmeldung');
  await t.until(async () => (await t.activeTab()).dirty, 'the tab dirty after typing');

  const remote = t.glossary('Product terminology').dictionaries.find((d) => d.source_lang === 'en' && d.target_lang === 'de');
  remote.entries.push(['support', 'Unterstützung']); // a colleague adds an entry
  await page.waitForTimeout(5500); // the revert reads the service again only when the last read is over 5 s old

  // The tab's ×, then "Don't Save" in VS Code's question.
  const tab = page.locator('.editor-group-container.active .tab.active', { hasText: 'en-de.glossary.tsv' }).first();
  await tab.hover();
  await tab.locator('.tab-actions .action-label').first().click();
  await t.modal(/Do you want to save/, 'Don\'t Save');
  await page.locator('.tab', { hasText: 'en-de.glossary.tsv' }).first().waitFor({ state: 'detached', timeout: 20_000 });
  t.check(true, 'the tab closed after "Don\'t Save"');
  // Issue #32: the user chose to discard: no "your changes were discarded / Restore My Changes" toast.
  await page.waitForTimeout(1500);
  t.check(!(await page.locator('.notification-toast', { hasText: 'Restore My Changes' }).first().isVisible().catch(() => false)),
    'no "Restore My Changes" notification after an explicit "Don\'t Save"');
  await t.closeNotifications();

  await t.openDictionaryFromTree('Product terminology', 'EN → DE', 'en-de.glossary.tsv');
  await t.until(async () => (await t.editor().innerText()).includes('Unterstützung'), 'the reopened dictionary to show the colleague\'s entry');
  t.check(!(await t.editor().innerText()).includes('Anmeldung'), 'reopened, it shows the service\'s text without the typed entry');
  await t.editor().click();
  await page.keyboard.press('Control+Z');
  await t.until(async () => (await t.editor().innerText()).includes('Anmeldung'), 'Ctrl+Z to bring the typed entry back');
  t.check(true, 'Ctrl+Z brings the typed entry back');

  await page.keyboard.press('Control+S');
  const where = await t.message(/changed remotely since you opened it\. Nothing was pushed/);
  t.check(true, `the save says the dictionary changed remotely and nothing was pushed (${where})`);
  await t.closeNotifications();
  t.check(puts() === 0, 'nothing was pushed');
  t.check(t.entries('Product terminology', 'en', 'de').some(([s]) => s === 'support'), 'the colleague\'s entry is still on the service');

  await t.command('Terminology: Merge Remote Changes into Mine');
  await t.until(async () => {
    const text = await t.editor().innerText();
    return text.includes('Unterstützung') && text.includes('Anmeldung');
  }, 'the merge to hold both entries');
  await page.keyboard.press('Escape');
  await t.editor().click();
  await page.keyboard.press('Control+S');
  await t.until(() => {
    const e = t.entries('Product terminology', 'en', 'de');
    return e.some(([s]) => s === 'support') && e.some(([s, g]) => s === 'login' && g === 'Anmeldung');
  }, 'the service to hold both entries');
  t.check(puts() === 1, 'after Merge, one PUT holds both entries');
}
