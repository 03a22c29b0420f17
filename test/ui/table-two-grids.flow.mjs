// Two glossary tables, the second opened from the explorer while the first is active: F7 (next gap) works in the
// second at once. The first table's "no longer active" came after the second was shown (a panel created active
// reports no change) and turned the key's context off until the tab was left and shown again.
export const title = 'table: F7 in a second glossary table opened from the explorer while another is active';

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
  await t.command('View: Close All Editors').catch(() => undefined);
}
