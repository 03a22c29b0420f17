// Add Row in the table of a remote dictionary: Ctrl+Enter selects the new row in edit mode, and a fast typist's
// source, Tab, target, Enter all land in it; no other row changes; Ctrl+S pushes.
export const title = 'table: add a row to a remote dictionary by keyboard, typed fast, and push';

export async function run(t) {
  const { page } = t;
  const before = JSON.parse(JSON.stringify(t.entries('Product terminology', 'en', 'de') ?? null));
  t.check(before?.length === 5, 'the service holds the 5 seeded entries of Product terminology EN→DE');

  await t.openExplorer();
  await t.treeItem('Product terminology').click();
  await t.treeItem('EN → DE').waitFor({ timeout: 20_000 });
  await t.treeItem('EN → DE').click();
  await page.locator('.tab', { hasText: 'en-de.glossary.tsv' }).first().waitFor({ timeout: 20_000 });
  t.check(true, 'clicking the dictionary in the Terminology explorer opens it as text');

  await t.command('Terminology: Open in Table View');
  const frame = t.tableFrame();
  const summary = frame.locator('#summary');
  await summary.filter({ hasText: '5 rows' }).waitFor({ timeout: 30_000 });
  t.check(true, 'the table shows 5 rows for the 5 entries');
  const headers = await frame.locator('#head .cell').allInnerTexts();
  t.check(headers[0].includes('EN') && headers[1].includes('DE'), `the column headers name the languages (${headers.join(' | ')})`);
  const tab = await t.activeTab();
  t.check(/Table/.test(tab.title), `the table's tab is titled apart from the text tab (${tab.title})`);

  // Select the invoice row (line 4), then add a row below it and type at full speed.
  await frame.locator('.row[data-row="3"] .cell[data-col="0"]').click();
  await page.keyboard.press('Control+Enter');
  await page.keyboard.type('price', { delay: 0 });
  await page.keyboard.press('Tab', { delay: 0 });
  await page.keyboard.type('Preis', { delay: 0 });
  await page.keyboard.press('Enter', { delay: 0 });
  const cell = (row, col) => frame.locator(`.row[data-row="${row}"] .cell[data-col="${col}"] .text`);
  await cell(4, 1).filter({ hasText: /^Preis$/ }).waitFor({ timeout: 10_000 });
  t.check((await cell(4, 0).innerText()) === 'price', 'the new row (line 5) holds price → Preis');
  t.check((await cell(3, 0).innerText()) === 'invoice' && (await cell(3, 1).innerText()) === 'Rechnung', 'the row that was selected before is unchanged');
  await summary.filter({ hasText: '6 rows' }).waitFor({ timeout: 10_000 });
  t.check(true, 'the table has 6 rows');

  // Once more, at the end of the table, right after the first: both commits land in order.
  await frame.locator('.row[data-row="5"] .cell[data-col="0"]').click();
  await page.keyboard.press('Control+Enter');
  await page.keyboard.type('tax', { delay: 0 });
  await page.keyboard.press('Tab', { delay: 0 });
  await page.keyboard.type('Steuer', { delay: 0 });
  await page.keyboard.press('Enter', { delay: 0 });
  await cell(6, 1).filter({ hasText: /^Steuer$/ }).waitFor({ timeout: 10_000 });
  t.check(true, 'a second row added at the end holds tax → Steuer');

  await page.keyboard.press('Control+S');
  const want = [...before.slice(0, 4), ['price', 'Preis'], before[4], ['tax', 'Steuer']];
  await t.until(() => JSON.stringify(t.entries('Product terminology', 'en', 'de')) === JSON.stringify(want), 'the push to hold the new entries', { timeout: 30_000 })
    .catch(() => { throw new Error(`service holds ${JSON.stringify(t.entries('Product terminology', 'en', 'de'))}`); });
  t.check(true, 'Ctrl+S pushed: the service holds the two new entries, every other entry unchanged');
  // The service answers before VS Code marks the document saved: wait for the tab, not a fixed time.
  await t.until(async () => !(await t.activeTab()).dirty, 'the table tab to be clean after the push', { timeout: 10_000 });
  t.check(true, 'the table is clean after the push');
}
