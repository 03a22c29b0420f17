// F8 in the table of a file with no problems says so in the table's status line (it did nothing before: a newcomer
// pressed the editor title's button and saw no sign of it).
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const title = 'table: F8 with no problem to go to says so; a glossary with gaps only says where they are';

export async function run(t) {
  const { page } = t;
  const file = join(t.workspace, 'clean.glossary.tsv');
  const gaps = join(t.workspace, 'gaps.multilingual.tsv');
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
    await t.command('View: Close All Editors');

    // A glossary whose only findings are its gaps (notes, which the Problems view lists): the table says where they
    // are, not "No problems" alone.
    writeFileSync(gaps, 'en\tde\tfr\ncloud\tWolke\tnuage\nserver\tServer\t\n');
    await t.quickOpen('gaps.multilingual.tsv');
    await t.command('Terminology: Open in Table View');
    const grid = t.tableFrame();
    await grid.locator('#gaps').filter({ hasText: 'FR: 1 missing' }).waitFor({ timeout: 30_000 });
    await grid.locator('#next').filter({ hasText: 'No problems besides the gaps (F7: next gap)' }).waitFor({ timeout: 10_000 });
    t.check(true, 'with one FR gap and nothing else, the problems button says "No problems besides the gaps (F7: next gap)"');
  } finally {
    await t.command('View: Close All Editors').catch(() => undefined);
    rmSync(file, { force: true });
    rmSync(gaps, { force: true });
  }
}
