// The main loop: open a dictionary from the tree, type an entry (Tab is a real tab), fix its whitespace with a
// quick fix, save = push.
export const title = 'main loop: tree → type an entry → quick fix → Ctrl+S pushes';

export async function run(t) {
  const { page } = t;
  await t.openDictionaryFromTree('Product terminology', 'EN → DE', 'en-de.glossary.tsv');
  t.check((await t.editorLines()).some((l) => l.includes('Wolke')), 'clicking EN → DE opens the dictionary as text');

  await t.gotoNewLastLine();
  const { line } = await t.cursor();
  await page.keyboard.type(' login');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Anmeldung');
  const typed = t.editor().locator('.view-line', { hasText: 'Anmeldung' }).first();
  await typed.waitFor({ timeout: 10_000 });
  // One Left from the start of "Anmeldung" crosses the whole separator when it is a tab (col 9 → 7, tab size 4),
  // one column when spaces were inserted (col 9 → 8).
  for (let i = 0; i < 'Anmeldung'.length; i++) await page.keyboard.press('ArrowLeft');
  await t.until(async () => (await t.cursor()).col === 9, 'the cursor before "Anmeldung" (col 9)');
  const before = 9;
  await page.keyboard.press('ArrowLeft');
  await t.until(async () => (await t.cursor()).col < 9, 'the cursor moved left');
  const after = (await t.cursor()).col;
  t.check(before === 9 && after === 7, `Tab inserted a real tab, not spaces (Left from col ${before} went to col ${after})`);
  await page.keyboard.press('End');
  t.check((await t.activeTab()).dirty, 'the tab is dirty after typing');
  t.check(/not pushed/.test(await t.statusText('terminology.document')), 'the status bar says "not pushed"');

  await page.keyboard.press('Home');
  await page.keyboard.press('Home');
  t.check((await t.cursor()).line === line, 'the cursor is on the typed line');
  await t.quickFix(/Trim/);
  await t.until(async () => (await t.editorLines()).some((l) => /^login\s/.test(l.replace(/\u00a0/g, " "))), 'the leading space removed');
  t.check(true, 'the "Trim" quick fix removed the leading space');

  await page.keyboard.press('Control+S');
  await t.until(() => t.entries('Product terminology', 'en', 'de')?.some(([s, g]) => s === 'login' && g === 'Anmeldung'), 'the service holds login → Anmeldung');
  t.check(true, 'Ctrl+S pushed: the service holds login → Anmeldung');
  const held = t.entries('Product terminology', 'en', 'de');
  t.check(held.length === 6 && held.some(([s, g]) => s === 'cloud' && g === 'Wolke'), 'the other 5 entries are kept');
  await t.until(async () => !(await t.activeTab()).dirty, 'the tab clean after the push');
  t.check(true, 'the tab is no longer dirty');
  // The status bar follows the save's event in the extension host, a moment after the tab goes clean in the window.
  const cleared = await t.until(async () => !/not pushed/.test(await t.statusText('terminology.document')), 'the status bar to drop "not pushed"', { timeout: 5_000 })
    .then(() => true, () => false);
  t.check(cleared, 'the status bar no longer says "not pushed" (within 5 s of the tab going clean)');
  t.check(t.requests('PUT', /dictionaries/).length === 1, 'exactly one PUT of the dictionary');
}
