// Drafts across a real window reload: Add Language (palette → Spanish) in the glossary table writes a column of
// machine-translated drafts, marked as drafts (italics in the table, `draft-translation` in the Problems panel).
// Without saving, the window reloads (page.reload()); the workbench restores the dirty table, the drafts are still
// marked, nothing was pushed; then Ctrl+S creates EN → ES with exactly those drafts. A screenshot of the restored
// window goes to test-results/ui/drafts-reload-after-reload.png.
import { join } from 'node:path';

export const title = 'drafts-reload: table → Add Language ES → drafts → reload without saving → still drafts, nothing pushed → Ctrl+S creates EN → ES';

export async function run(t) {
  const { page } = t;
  const es = () => t.entries('Product terminology', 'en', 'es');
  const writes = () => t.emulator.requests.filter((r) => r.method !== 'GET' && /glossaries/.test(r.path)).length;
  const frame = () => t.tableFrame();
  const tableTab = page.locator('.tab', { hasText: 'en.multilingual.tsv' }).first();

  // Open the glossary in the table (the default of terminology.openGlossaryIn) from its menu in the explorer.
  await t.openExplorer();
  await t.contextMenu(t.treeItem('Product terminology'), 'Open Glossary (All Languages)');
  await t.pick('EN', { exact: true });
  await frame().locator('#summary').filter({ hasText: '5 rows' }).waitFor({ timeout: 30_000 });
  t.check(!es(), 'the service has no EN → ES to begin with');

  // Add Language from the palette, with the table active, and pick Spanish.
  await t.command('Terminology: Add Language to Glossary');
  await t.pick('Spanish');
  const headers = async () => (await frame().locator('#head .cell').allInnerTexts()).map((h) => h.trim());
  await t.until(async () => (await headers()).includes('ES'), 'an ES column in the table', { timeout: 30_000 });
  const esCol = (await headers()).indexOf('ES');
  await t.notification(/Added ES with 5 machine-translated drafts/);
  t.check(true, `Add Language added an ES column (${(await headers()).join(' | ')}) and said so`);

  /** The table's ES cells as [source, text, shown as a draft]. */
  const esCells = async () => frame().locator('#rows .row').evaluateAll((rows, col) => rows.map((r) => {
    const cell = r.querySelector(`.cell[data-col="${col}"]`);
    return [r.querySelector('.cell[data-col="0"]')?.textContent?.trim(), cell?.querySelector('.text')?.textContent ?? '', Boolean(cell?.classList.contains('draft'))];
  }), esCol);
  await t.until(async () => (await esCells()).length === 5 && (await esCells()).every(([, , d]) => d), 'every ES cell shown as a draft');
  const drafts = (await esCells()).map(([s, x]) => [s, x]);
  const italic = await frame().locator(`.cell.draft[data-col="${esCol}"] .text`).first()
    .evaluate((e) => e.ownerDocument.defaultView.getComputedStyle(e).fontStyle);
  t.check(drafts.every(([s, x]) => x === `[ES] ${s}`) && italic === 'italic',
    `the 5 ES cells hold the drafts, in italics (${drafts.map(([, x]) => x).join(', ')})`);

  // The Problems panel lists a draft-translation finding per draft.
  const problems = page.locator('.markers-panel .monaco-list-row', { hasText: 'draft-translation' });
  const showProblems = async () => {
    if (!(await page.locator('.markers-panel').isVisible().catch(() => false))) await t.command('View: Focus Problems');
    await page.locator('.markers-panel').waitFor({ timeout: 10_000 });
  };
  await showProblems();
  await t.until(async () => (await problems.count()) === 5, 'five draft-translation findings in the Problems panel', { timeout: 20_000 });
  t.check(true, 'the Problems panel lists 5 draft-translation findings');
  t.check(Boolean((await tableTab.getAttribute('class'))?.includes('dirty')), 'the table tab is dirty');
  t.check(!es(), 'nothing sent yet: the service has no EN → ES');

  // No save. VS Code writes its backup of a dirty editor about a second after the edit; then reload the window.
  await page.waitForTimeout(2500);
  const writesBefore = writes();
  await page.reload();
  await t.ready();
  await tableTab.waitFor({ timeout: 30_000 });
  await tableTab.click();
  await t.until(async () => (await tableTab.getAttribute('class'))?.includes('dirty'), 'the restored table tab to be dirty', { timeout: 30_000 });
  await frame().locator('#summary').filter({ hasText: '5 rows' }).waitFor({ timeout: 30_000 });
  await t.until(async () => (await headers()).includes('ES'), 'the restored table to show the ES column', { timeout: 30_000 });
  t.check(true, `after the reload the table is restored, dirty, with its ES column (${(await headers()).join(' | ')})`);

  // (1) Still drafts: italics in the table and the findings in the Problems panel.
  const col = (await headers()).indexOf('ES');
  const after = async () => frame().locator('#rows .row').evaluateAll((rows, c) => rows.map((r) => {
    const cell = r.querySelector(`.cell[data-col="${c}"]`);
    return [r.querySelector('.cell[data-col="0"]')?.textContent?.trim(), cell?.querySelector('.text')?.textContent ?? '', Boolean(cell?.classList.contains('draft'))];
  }), col);
  await t.until(async () => (await after()).filter(([, , d]) => d).length === 5, 'the 5 ES cells marked as drafts again after the reload', { timeout: 30_000 })
    .catch(async (err) => { throw new Error(`${err.message}: ${JSON.stringify(await after())}`); });
  t.check(JSON.stringify((await after()).map(([s, x]) => [s, x])) === JSON.stringify(drafts), 'the restored ES cells hold the same drafts, in italics');
  await showProblems();
  await t.until(async () => (await problems.count()) === 5, 'five draft-translation findings in the Problems panel after the reload', { timeout: 30_000 });
  t.check(true, 'after the reload the Problems panel lists the 5 draft-translation findings again');
  await page.screenshot({ path: join('test-results', 'ui', 'drafts-reload-after-reload.png') });

  // (2) The reload pushed nothing.
  t.check(!es(), 'the service still has no EN → ES after the reload');
  t.check(writes() === writesBefore, `the reload sent no write to the service (${writes() - writesBefore} writes)`);

  // (3) An explicit save in the table creates EN → ES with the drafts.
  await tableTab.click();
  await frame().locator('#grid').focus();
  await page.keyboard.press('Control+S');
  await t.until(() => Boolean(es()), 'the service holds EN → ES after Ctrl+S', { timeout: 30_000 });
  const sorted = (pairs) => JSON.stringify([...pairs].sort(([a], [b]) => a.localeCompare(b)));
  t.check(sorted(es()) === sorted(drafts), `EN → ES holds exactly the 5 drafts (${JSON.stringify(es())})`);
  await t.until(async () => !(await tableTab.getAttribute('class'))?.includes('dirty'), 'the table tab clean after the push');
  await t.until(async () => (await problems.count()) === 0, 'the draft-translation findings gone after the push');
  t.check(true, 'after the push the tab is clean and the drafts are drafts no more');
}
