// A look-alike letter and an invisible character typed into a dictionary: VS Code's own boxes are off in these
// documents (they re-scanned 10 MiB after every change), so the rules show them: a warning each in Problems, the
// invisible character's code point marked in the line, and the fixes from Ctrl+. ; the save pushes the fixed text.
export const title = 'look-alikes: a Cyrillic С and a zero-width space typed are flagged, marked and fixed; the save pushes the fixed entries';

export async function run(t) {
  const { page } = t;
  await t.openDictionaryFromTree('Product terminology', 'EN → DE', 'en-de.glossary.tsv');
  await t.gotoNewLastLine();
  // "Сloud" with a Cyrillic С (U+0421), "work<U+200B>flow".
  await page.keyboard.insertText('\u0421loud service\tCloud-Dienst');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('work\u200bflow\tArbeitsablauf');
  await t.command('View: Focus Problems');
  const rows = page.locator('.markers-panel .monaco-list-row');
  await t.until(async () => (await rows.filter({ hasText: 'mixed-script' }).count()) === 1 && (await rows.filter({ hasText: 'invisible-character' }).count()) === 1,
    'a mixed-script and an invisible-character warning in Problems');
  const look = (await rows.filter({ hasText: 'mixed-script' }).first().innerText()).replace(/\s+/g, ' ');
  t.check(/the Cyrillic "С" \(U\+0421\) in a Latin word/.test(look), `the look-alike is named by its script and code point (${look})`);
  // The zero-width space is marked in the line by its code point (a decoration after it), where VS Code drew a box.
  const marks = await page.locator('.view-lines').first().evaluate((el) => [...el.querySelectorAll('span')]
    .map((e) => e.ownerDocument.defaultView.getComputedStyle(e, '::after').content).filter((c) => c && c !== 'none' && c !== 'normal'));
  t.check(marks.some((c) => c.includes('200B')), `the invisible character is marked "200B" in the line (${marks.join(' ')})`);

  // The fixes, from the light bulb on each line.
  await t.editor().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Home');
  await t.quickFix('Write "Cloud" in Latin letters');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Home');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await t.quickFix('Remove U+200B');
  await t.until(async () => (await rows.filter({ hasText: /mixed-script|invisible-character/ }).count()) === 0, 'both warnings gone after the fixes');
  t.check(true, 'Ctrl+. fixed both: the word in Latin letters, the zero-width space removed');

  await page.keyboard.press('Control+S');
  await t.until(() => {
    const e = t.entries('Product terminology', 'en', 'de');
    return e.some(([s]) => s === 'Cloud service') && e.some(([s]) => s === 'workflow');
  }, 'the service to hold "Cloud service" and "workflow" as fixed');
  const held = t.entries('Product terminology', 'en', 'de');
  t.check(!held.some(([s]) => /[\u0400-\u04ff\u200b]/.test(s)), 'no look-alike or invisible character reached the service');
}
