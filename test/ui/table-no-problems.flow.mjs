// F8 in the table of a file with no problems says so in the table's status line (it did nothing before: a newcomer
// pressed the editor title's button and saw no sign of it).
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const title = 'table: F8 with no problem to go to says so';

export async function run(t) {
  const { page } = t;
  const file = join(t.workspace, 'clean.glossary.tsv');
  writeFileSync(file, 'cloud\tWolke\nserver\tServer\n');
  try {
    await t.quickOpen('clean.glossary.tsv');
    await t.command('Terminology: Open in Table View');
    const frame = t.tableFrame();
    await frame.locator('#summary').filter({ hasText: '2 rows' }).waitFor({ timeout: 30_000 });
    await frame.locator('#next').filter({ hasText: 'No problems' }).waitFor({ timeout: 10_000 });
    await frame.locator('.row[data-row="0"] .cell[data-col="0"] .text').click();
    await page.keyboard.press('F8');
    await frame.locator('#findStatus').filter({ hasText: 'No problem to go to' }).waitFor({ timeout: 10_000 });
    const status = await frame.locator('#findStatus').evaluate((e) => ({ shown: e.clientWidth, whole: e.scrollWidth }));
    t.check(status.shown >= status.whole, `F8 says there is no problem to go to, in full (${status.shown} of ${status.whole} px)`);
    t.check(await frame.locator('.row[data-row="0"] .cell[data-col="0"].active').count() === 1, 'the active cell stays where it was');
  } finally {
    await t.command('View: Close All Editors').catch(() => undefined);
    rmSync(file, { force: true });
  }
}
