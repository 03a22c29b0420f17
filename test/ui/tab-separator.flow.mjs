// Issue #32, 1: in a glossary, Tab after a source phrase inserts the separator, even where VS Code would have
// offered a word of the document ("dash" → "dashboard"): no word-based suggestion opens to take the Tab.
export const title = 'glossary TSV: Tab after a source phrase always inserts the tab, never a word suggestion';

export async function run(t) {
  const { page } = t;
  await t.openDictionaryFromTree('Product terminology', 'EN → DE', 'en-de.glossary.tsv');
  await t.gotoNewLastLine();
  await page.keyboard.type('dash', { delay: 60 });
  // Give a suggestion the time it takes to show (quick suggestions wait 10 ms, word suggestions come at once).
  await page.waitForTimeout(1500);
  const widget = page.locator('.editor-widget.suggest-widget.visible');
  t.check(!(await widget.isVisible().catch(() => false)), 'no suggestion widget opens after "dash" (the document holds "dashboard")');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Armaturenbrett');
  await t.editor().locator('.view-line', { hasText: 'Armaturenbrett' }).first().waitFor({ timeout: 10_000 });
  const line = (await t.editorLines()).find((l) => l.includes('Armaturenbrett')).replace(/\u00a0/g, ' ');
  t.check(/^dash\s*→?\s*Armaturenbrett$/.test(line.replace(/·/g, ' ').trim()) && !line.includes('dashboard'), `the line is "dash", a tab, "Armaturenbrett" (shown: ${JSON.stringify(line)})`);
}
