// Two glossary tables, the second opened from the explorer while the first is active: F7 (next gap) works in the
// second at once. The first table's "no longer active" came after the second was shown (a panel created active
// reports no change) and turned the key's context off until the tab was left and shown again.
export const title = 'table: F7 in a second glossary table opened from the explorer while another is active; back from another tab, the place and filter are kept';

export async function run(t) {
  const { page } = t;
  // The table shown: the visible webview's frame (the other table's is hidden).
  const shown = () => page.frameLocator('iframe.webview:visible').frameLocator('#active-frame');
  const open = async (glossary) => {
    await t.contextMenu(t.treeItem(glossary), 'Open Glossary (All Languages)');
    await t.pick('EN', { exact: true, timeout: 5_000 }).catch(() => undefined); // asked when it has another source language
  };
  await t.openExplorer();
  await open('Product terminology');
  await shown().locator('#summary').filter({ hasText: '5 rows' }).waitFor({ timeout: 30_000 });
  await open('Legacy support glossary');
  await t.until(async () => /Legacy support glossary/.test((await t.activeTab()).title), 'the second glossary\'s table in front');
  const second = shown();
  await second.locator('#gaps').filter({ hasText: 'IT:' }).waitFor({ timeout: 30_000 });
  await second.locator('.row[data-row="0"] .cell[data-col="0"] .text').click();
  await page.keyboard.press('F7');
  await second.locator('.cell.gap.active').waitFor({ timeout: 10_000 });
  t.check(true, 'F7 in the second table moved to a gap at once');

  // Away to the first table's tab and back: the second's page is made again, and the person is where they were.
  const at = await second.locator('.cell.gap.active').evaluate((c) => [c.closest('.row').dataset.row, c.dataset.col]);
  const tab = (name) => page.locator('.editor-group-container.active .tab', { hasText: name }).first();
  const away = async () => {
    await tab('Product terminology').click();
    await t.until(async () => /Product terminology/.test((await t.activeTab()).title), 'the first table in front');
    await tab('Legacy support glossary').click();
    await t.until(async () => /Legacy support glossary/.test((await t.activeTab()).title), 'the second table in front again');
  };
  await away();
  await shown().locator(`.row[data-row="${at[0]}"] .cell.active[data-col="${at[1]}"]`).waitFor({ timeout: 15_000 });
  t.check(true, `back to the second table, the active cell is where it was (row ${Number(at[0]) + 1}, column ${at[1]})`);
  await shown().locator('#problemsOnly').check();
  await away();
  await shown().locator('#summary').waitFor({ timeout: 15_000 });
  await t.until(async () => shown().locator('#problemsOnly').isChecked(), 'the "Has problems" filter kept');
  t.check(/shown/.test(await shown().locator('#summary').innerText()), `and the view filtered by it (${await shown().locator('#summary').innerText()})`);
  await t.command('View: Close All Editors').catch(() => undefined);
}
