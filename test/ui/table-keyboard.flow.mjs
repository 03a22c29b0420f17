// The table view by keyboard: arrows, Tab, typing and Enter edit a cell; F8; Delete; Ctrl+Z; the headers (sort).
export const title = 'table: keyboard editing of a local glossary file';

export async function run(t) {
  const { page } = t;
  await t.quickOpen('sample.glossary.tsv');
  await t.command('Terminology: Open in Table View');
  const frame = t.tableFrame();
  const cell = (row, col) => frame.locator(`.row[data-row="${row}"] .cell[data-col="${col}"] .text`);
  const summary = frame.locator('#summary');
  await summary.filter({ hasText: '7 rows' }).waitFor({ timeout: 30_000 });
  t.check(true, 'the table shows the 7 entries of the sample as 7 rows (the final line break is not a row)');
  t.check((await frame.locator('#next').textContent()).includes('5 problems'), 'the header counts 5 problems');
  // The grid places rows and scrolls the active one into view by a row height of 24 px: a row drawn 25 px high (its
  // border outside that height) left the active row of a long table below the view after Ctrl+End or PageDown.
  const heights = await frame.locator('.rows .row').evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
  t.check(heights.length === 7 && heights.every((h) => h === 24), `every row is drawn 24 px high, as the grid places them (${heights.join(', ')})`);

  await cell(0, 0).click();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Rechnung');
  await page.keyboard.press('Enter');
  await cell(4, 1).filter({ hasText: 'Rechnung' }).waitFor({ timeout: 10_000 });
  t.check(true, 'arrows, Tab, typing and Enter edit the empty target of line 5');
  await frame.locator('#next').filter({ hasText: '4 problems' }).waitFor({ timeout: 10_000 });
  t.check(true, 'the problem count follows the diagnostics (4 problems)');

  await page.keyboard.press('F8');
  await frame.locator('.row[data-row="6"] .cell.active').waitFor({ timeout: 10_000 });
  t.check(true, 'F8 moves to the next problem (line 7)');
  const said = (await frame.locator('#findStatus').innerText()).trim();
  t.check(/^[a-z-]+: /.test(said), `the status line says the cell's finding (${said})`);
  await page.keyboard.press('ArrowUp');
  await frame.locator('.row[data-row="5"] .cell.active').waitFor({ timeout: 10_000 });
  t.check((await frame.locator('#findStatus').innerText()).trim() === '', 'moving on clears it (it spoke of the cell left)');

  await cell(6, 0).click();
  await page.keyboard.press('Delete');
  await summary.filter({ hasText: '6 rows' }).waitFor({ timeout: 10_000 });
  t.check(true, 'Delete removes the row');

  await page.keyboard.press('Control+Z');
  await summary.filter({ hasText: '7 rows' }).waitFor({ timeout: 10_000 });
  t.check(true, 'Ctrl+Z in the table undoes the deletion');

  // Ctrl+A selects the rows, not the page's text (the toolbar, the headers).
  await cell(1, 0).click();
  await page.keyboard.press('Control+A');
  await t.until(async () => await frame.locator('.row.selected').count() === 7, 'Ctrl+A to select all 7 rows');
  t.check(await frame.locator('body').evaluate((b) => b.ownerDocument.getSelection()?.toString() ?? '') === '', 'Ctrl+A selects every row, and none of the page\'s text');
  await page.keyboard.press('Escape');

  // The headers by keyboard: ↑ from the first row reaches the column's header, → the next one, Enter sorts by it
  // (the keys stay on that header), ↓ goes back into the rows.
  await cell(0, 0).click();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const target = frame.locator('#head .cell[data-col="1"]');
  await target.filter({ hasText: '▲' }).waitFor({ timeout: 10_000 });
  t.check(await target.evaluate((h) => h === h.ownerDocument.activeElement && h.getAttribute('aria-sort') === 'ascending'),
    'ArrowUp, ArrowRight, Enter: the view sorts by the target and the keys stay on its header');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await target.filter({ hasNotText: '▲' }).filter({ hasNotText: '▼' }).waitFor({ timeout: 10_000 });
  await page.keyboard.press('ArrowDown');
  await frame.locator('.row[data-row="0"] .cell[data-col="1"].active').waitFor({ timeout: 10_000 });
  t.check(await frame.locator('#grid').evaluate((g) => g === g.ownerDocument.activeElement), 'two more Enters give the file\'s order back; ArrowDown goes to the first row of that column');
}
