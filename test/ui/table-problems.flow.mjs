// A Problems link followed while the glossary table is shown: the table selects that cell (VS Code alone opens the
// document's text as a second tab beside the table and shows it). The keys act on the grid at once. With unsaved
// edits, no "save changes?" question comes up, the edits stay and nothing is sent. A screenshot goes to
// test-results/ui/table-problems.png.
import { join } from 'node:path';

export const title = 'table problems: glossary table → Problems → a gap → the table selects that cell; again with an unsaved edit; Next Gap then typing; Rename from the table';

export async function run(t) {
  const { page } = t;
  const writes = () => t.emulator.requests.filter((r) => r.method !== 'GET' && /glossaries/.test(r.path)).length;
  await t.openExplorer();
  await t.contextMenu(t.treeItem('Product terminology'), 'Open Glossary (All Languages)');
  await t.pick('EN', { exact: true });
  const frame = t.tableFrame();
  await frame.locator('#summary').filter({ hasText: '5 rows' }).waitFor({ timeout: 30_000 });
  const row = (source) => frame.locator('.row', { has: frame.locator('.cell[data-col="0"]', { hasText: new RegExp(`^${source}$`) }) }).first();
  const tabs = page.locator('.editor-group-container .tab');
  const textTabs = async () => (await tabs.allInnerTexts()).filter((x) => /en\.multilingual\s*\.tsv/.test(x) && !/\(Table\)/.test(x));
  const problem = (text) => page.locator('.markers-panel .monaco-list-row', { hasText: text }).first();
  const follow = async (text) => {
    await t.command('View: Focus Problems');
    await problem(text).waitFor({ timeout: 20_000 });
    await problem(text).click();
  };

  // (1) No unsaved edit: the FR gap of "server".
  await follow(/No FR translation.*lacks "server"/);
  await row('server').locator('.cell.active[data-col="2"]').waitFor({ timeout: 10_000 });
  t.check(true, 'following the link selected server\'s FR cell in the table');
  await t.until(async () => (await textTabs()).length === 0, 'no text tab of the glossary beside the table');
  t.check(/\(Table\)/.test((await t.activeTab()).title), `the table is the active tab (${(await t.activeTab()).title})`);
  await page.keyboard.press('ArrowUp');
  await row('cloud').locator('.cell.active[data-col="2"]').waitFor({ timeout: 10_000 });
  t.check(true, 'ArrowUp moved the selection to cloud\'s FR cell without a click');

  // (2) With an unsaved edit: cloud's DE cell becomes "Wolken", then the JA gap of "dashboard".
  await row('cloud').locator('.cell[data-col="1"]').click();
  await page.keyboard.type('Wolken');
  await page.keyboard.press('Enter');
  await t.until(async () => (await row('cloud').locator('.cell[data-col="1"]').innerText()).trim() === 'Wolken', 'cloud\'s DE cell holds the typed value');
  const sentBefore = writes();
  await follow(/No JA translation.*lacks "dashboard"/);
  await row('dashboard').locator('.cell.active[data-col="3"]').waitFor({ timeout: 10_000 });
  t.check(true, 'with an unsaved edit, following the link selected dashboard\'s JA cell in the table');
  t.check(/\(Table\)/.test((await t.activeTab()).title) && (await t.activeTab()).dirty, 'the table is the active tab, still dirty');
  await page.waitForTimeout(500);
  t.check(!(await page.locator('.monaco-dialog-box').isVisible().catch(() => false)), 'no "save changes?" question came up');
  t.check((await row('cloud').locator('.cell[data-col="1"]').innerText()).trim() === 'Wolken', 'the unsaved edit is still there (cloud → Wolken)');
  t.check(writes() === sentBefore, 'nothing was sent to the service');
  await page.screenshot({ path: join('test-results', 'ui', 'table-problems.png') });

  // The toolbar's Next Gap keeps the keyboard in the grid: what is typed next goes into the gap it moved to.
  await row('cloud').locator('.cell[data-col="0"]').click();
  await frame.locator('#nextGap').click();
  await row('server').locator('.cell.active.gap[data-col="2"]').waitFor({ timeout: 10_000 });
  await page.keyboard.type('serveur');
  await page.keyboard.press('Enter');
  await t.until(async () => (await row('server').locator('.cell[data-col="2"]').innerText()).trim() === 'serveur', 'the typed value in server\'s FR gap');
  t.check(writes() === sentBefore, 'after a click on Next Gap, typing filled the gap it moved to (nothing sent yet)');

  // Rename Source Phrase from the palette with the table active: it knows the table's glossary (no glossary picker);
  // Escape in its box gives the keyboard back to the grid.
  await t.command('Terminology: Rename Source Phrase in Every Dictionary');
  const quick = page.locator('.quick-input-widget');
  await quick.locator('.quick-input-title', { hasText: 'Rename Source Phrase in "Product terminology" (EN)' }).waitFor({ timeout: 10_000 });
  t.check(true, 'Rename Source Phrase from the table asks for the phrase in the table\'s glossary, without a glossary picker');
  await page.keyboard.press('Escape');
  await quick.waitFor({ state: 'hidden', timeout: 10_000 });
  t.check(await frame.locator('#grid:focus').waitFor({ timeout: 10_000 }).then(() => true, () => false), 'after Escape the grid has the keyboard again');
}
