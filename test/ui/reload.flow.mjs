// Hot exit: a dirty remote document restored after a window reload still knows the remote version it descends
// from, so a save finds a colleague's change made meanwhile instead of overwriting it (issue 13, item 2).
export const title = 'reload: a restored dirty dictionary keeps its base; the save finds the remote change';

export async function run(t) {
  const { page } = t;
  // Open through the palette: the command picks the glossary, then the language pair.
  await t.command('Terminology: Open Dictionary');
  await t.pick('Product terminology');
  // Exact: the glossary picker's rows, still drawn a moment, list the pairs in their descriptions.
  await t.pick('EN → DE', { exact: true });
  await page.locator('.tab', { hasText: 'en-de.glossary.tsv' }).first().waitFor({ timeout: 20_000 });
  await t.editor().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('login\tAnmeldung\n');
  await t.until(async () => (await t.activeTab()).dirty, 'the tab to be dirty');
  t.check(true, 'the edit makes the document dirty');
  await page.waitForTimeout(2500); // VS Code writes its backup of a dirty editor about a second after the edit

  await page.reload();
  await t.ready();
  await page.locator('.tab', { hasText: 'en-de.glossary.tsv' }).first().waitFor({ timeout: 30_000 });
  await page.locator('.tab', { hasText: 'en-de.glossary.tsv' }).first().click();
  await t.until(async () => (await t.activeTab()).dirty, 'the restored tab to be dirty', { timeout: 30_000 });
  t.check(true, 'after the reload the document is restored with its unsaved edit');

  // A colleague changes the dictionary while the window was away.
  const dict = t.glossary('Product terminology').dictionaries.find((d) => d.source_lang === 'en' && d.target_lang === 'de');
  dict.entries.push(['support', 'Unterstützung']);
  // And changes an entry the user did not touch: with the base, Merge takes it cleanly (without the base, it could
  // not tell whose change it is, and would mark it as a conflict).
  dict.entries.find((e) => e[0] === 'invoice')[1] = 'Faktura';
  const putsBefore = t.requests('PUT', /dictionaries/).length;

  await t.editor().click();
  await page.keyboard.press('Control+S');
  await page.waitForTimeout(3000);
  t.check(t.requests('PUT', /dictionaries/).length === putsBefore, 'the save sent nothing: the remote moved since the base');
  t.check(t.entries('Product terminology', 'en', 'de').some(([s]) => s === 'support'), 'the colleague\'s entry is still there');
  t.check((await t.activeTab()).dirty, 'the document stays dirty with the user\'s text');

  await t.command('Terminology: Merge Remote Changes into Mine');
  await t.until(async () => (await t.editor().innerText()).includes('support'), 'the merge to bring in the colleague\'s entry');
  await page.keyboard.press('Escape');
  await t.editor().click();
  await page.keyboard.press('Control+S');
  await t.until(() => {
    const e = t.entries('Product terminology', 'en', 'de');
    return e.some(([s]) => s === 'support') && e.some(([s, x]) => s === 'invoice' && x === 'Faktura') && e.some(([s, x]) => s === 'login' && x === 'Anmeldung');
  }, 'the service to hold both the colleague\'s entry and the user\'s');
  t.check(true, 'after Merge and Save the service holds both changes');
}
