// Errors block the push: a duplicate source typed into a dictionary, Ctrl+S sends nothing, the tab stays dirty,
// and a message says that errors block the push.
export const title = 'blocked save: an error line keeps Ctrl+S from pushing';

export async function run(t) {
  const { page } = t;
  await t.openDictionaryFromTree('Product terminology', 'EN → DE', 'en-de.glossary.tsv');
  await t.gotoNewLastLine();
  await page.keyboard.type('cloud');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Duplicate');
  await t.editor().locator('.view-line', { hasText: 'Duplicate' }).first().waitFor({ timeout: 10_000 });
  await t.until(async () => (await t.activeTab()).dirty, 'the tab dirty after typing');
  t.check(true, 'the tab is dirty after typing the duplicate');

  await page.keyboard.press('Control+S');
  const where = await t.message(/1 error in en-de\.glossary\.tsv blocks? the push/);
  t.check(true, `a message says the error blocks the push (${where})`);
  await page.waitForTimeout(1000);
  t.check(t.requests('PUT', /dictionaries/).length === 0 && t.requests('PATCH', /glossaries/).length === 0, 'nothing was sent (no PUT or PATCH)');
  const held = t.entries('Product terminology', 'en', 'de');
  t.check(held.length === 5 && held.some(([s, g]) => s === 'cloud' && g === 'Wolke') && !held.some(([, g]) => g === 'Duplicate'), 'the service still holds the 5 seeded entries');
  await t.closeNotifications();
  t.check((await t.activeTab()).dirty, 'the tab stays dirty');
  t.check((await t.editorLines()).some((l) => l.includes('Duplicate')), 'the document keeps the typed line');
}
