// Issue #32, 8: the table sorts a column in its language's alphabet (Übersicht before Wolke in German), F2 puts the
// caret at the end of the cell's text (typing appends, as in a spreadsheet), and a glossary's entries are numbered
// from 1 (its language line is the header, no entry). A double click on a cell opens its editor.
export const title = 'table: sort in the column\'s language, F2 appends, glossary entries numbered from 1';

export async function run(t) {
  const { page } = t;
  await t.openDictionaryFromTree('Product terminology', 'EN → DE', 'en-de.glossary.tsv');
  await t.command('Terminology: Open in Table View');
  const frame = t.tableFrame();
  await frame.locator('#summary').filter({ hasText: '5 rows' }).waitFor({ timeout: 30_000 });
  const column = async (c) => (await frame.locator(`.row .cell[data-col="${c}"] .text`).allInnerTexts()).map((x) => x.trim());

  await frame.locator('#head .cell[data-col="1"]').click();
  await t.until(async () => (await column(1))[0] === 'Rechnung', 'the rows sorted by the target');
  const sorted = await column(1);
  t.check(JSON.stringify(sorted) === JSON.stringify(['Rechnung', 'Server', 'Terminology Studio', 'Übersicht', 'Wolke']),
    `the DE column sorts in German: Übersicht before Wolke (${sorted.join(', ')})`);

  // F2 on "Wolke" (the last row now), type "n", Enter: the cell holds "Wolken".
  await frame.locator('.row[data-row="4"] .cell[data-col="1"]').click();
  await page.keyboard.press('F2');
  await page.keyboard.type('n');
  await page.keyboard.press('Enter');
  await t.until(async () => (await column(1)).includes('Wolken'), 'the edit to land');
  t.check(true, 'F2 puts the caret at the end: typing "n" makes "Wolke" "Wolken", it does not replace it');
  await t.command('File: Revert File');
  await t.until(async () => (await column(1)).includes('Wolke'), 'the revert');

  // A double click on a cell opens its editor too (the first press draws the rows again; the second still counts).
  await frame.locator('.row[data-row="1"] .cell[data-col="1"]').dblclick();
  await frame.locator('#editor:not([hidden])').waitFor({ timeout: 5_000 });
  await page.keyboard.type('s');
  await page.keyboard.press('Enter');
  await t.until(async () => (await column(1)).includes('Servers'), 'the edit made from a double click to land');
  t.check(true, 'a double click on "Server" opens its editor: typing "s" makes it "Servers"');
  await t.command('File: Revert File');
  await t.until(async () => (await column(1)).includes('Server'), 'the second revert');
  await t.command('View: Close All Editors');
  await page.locator('iframe.webview').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);

  await t.openExplorer();
  await t.contextMenu(t.treeItem('Product terminology'), 'Open Glossary (All Languages)');
  await t.pick('EN', { exact: true });
  const grid = t.tableFrame();
  await grid.locator('#summary').filter({ hasText: '5 rows' }).waitFor({ timeout: 30_000 });
  let numbers = [];
  await t.until(async () => {
    numbers = (await grid.locator('#rows .row .num').allInnerTexts().catch(() => [])).map((x) => x.trim()).filter((x) => /^\d+$/.test(x));
    return numbers.length === 5;
  }, 'the glossary\'s row numbers');
  t.check(JSON.stringify(numbers.map(Number).sort((a, b) => a - b)) === '[1,2,3,4,5]', `the glossary's 5 entries are numbered 1 to 5 (${numbers.join(', ')})`);
}
