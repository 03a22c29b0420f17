// Issue #32, 5: the red "1 error … blocks the push" notification goes once the next save has pushed the document.
export const title = 'blocked save, fixed, saved: the red "blocks the push" notification goes once the push succeeded';

export async function run(t) {
  const { page } = t;
  await t.openDictionaryFromTree('Product terminology', 'EN → DE', 'en-de.glossary.tsv');
  await t.gotoNewLastLine();
  await page.keyboard.type('cloud\tDuplicate');
  await t.until(async () => (await t.activeTab()).dirty, 'the tab dirty after typing');
  await page.keyboard.press('Control+S');
  const toast = await t.notification(/1 error in en-de\.glossary\.tsv blocks the push/);
  t.check(await toast.isVisible(), 'Ctrl+S with a repeated source shows the red notification');

  // The fix: the new entry gets a source of its own (line 6 typed again as "cloudy", a tab, "Duplicate").
  await t.editor().click();
  await t.gotoLine(6);
  await page.keyboard.press('Shift+Home');
  await page.keyboard.insertText('cloudy\tDuplicate');
  await t.editor().locator('.view-line', { hasText: 'cloudy' }).first().waitFor({ timeout: 10_000 });
  t.check(await toast.isVisible(), 'the notification is still there while the document is not pushed');
  await page.keyboard.press('Control+S');
  await t.until(() => (t.entries('Product terminology', 'en', 'de') ?? []).some(([s]) => s === 'cloudy'), 'the service holds the fixed entry');
  await t.until(async () => !(await toast.isVisible().catch(() => false)), 'the red notification gone after the push', { timeout: 5000 });
  t.check(true, 'once the push succeeded, the red notification is no longer on screen');
}
