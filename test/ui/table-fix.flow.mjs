// Fixing what the table shows: a cell's fixes by its lightbulb and by Ctrl+., Fix All from the palette while the
// table is active; whitespace markers, severity icons, and the document's status bar entry.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const title = 'table: fix a cell (lightbulb, Ctrl+.) and Fix All from the palette in the table of a local file';

export async function run(t) {
  const { page } = t;
  const file = join(t.workspace, 'sample.glossary.tsv');
  await t.quickOpen('sample.glossary.tsv');
  await t.command('Terminology: Open in Table View');
  const frame = t.tableFrame();
  const summary = frame.locator('#summary');
  await summary.filter({ hasText: '7 rows' }).waitFor({ timeout: 30_000 });
  const cellOf = (row, col) => frame.locator(`.row[data-row="${row}"] .cell[data-col="${col}"]`);

  await page.locator('.statusbar-item', { hasText: /7 entries/ }).first().waitFor({ timeout: 10_000 });
  t.check(true, 'the document status bar entry shows while the table is active');
  t.check(await cellOf(2, 0).locator('.ws.leading').count() === 1, 'the leading space of " dashboard" is marked');
  t.check(await cellOf(2, 0).locator('.icon.error svg.error').count() === 1, 'the error shows the error icon');
  t.check(await cellOf(4, 1).locator('.fix').count() === 0, 'an empty target (no automatic fix) has no lightbulb');

  // The lightbulb on the cell.
  await cellOf(2, 0).locator('.fix').click();
  await t.pick('Trim leading whitespace');
  await cellOf(2, 0).locator('.text', { hasText: /^dashboard$/ }).waitFor({ timeout: 10_000 });
  t.check(await cellOf(2, 0).locator('.ws').count() === 0, 'the lightbulb\'s "Trim leading whitespace" fixed the cell');

  // Ctrl+. on the active cell.
  await cellOf(5, 0).click();
  await page.keyboard.press('Control+.');
  await t.pick('Replace the line break with a space');
  await cellOf(5, 0).locator('.text', { hasText: /^password reset$/ }).waitFor({ timeout: 10_000 });
  t.check(true, 'Ctrl+. offered the cell\'s fix, and it replaced the line break');

  // Fix All from the palette, with the table active: the identical duplicate line goes.
  await t.command('Terminology: Fix All Glossary Problems');
  await summary.filter({ hasText: '6 rows' }).waitFor({ timeout: 10_000 });
  t.check(true, 'Fix All from the palette worked on the table\'s document (6 rows)');

  await frame.locator('#grid').focus();
  await page.keyboard.press('Control+S');
  const want = 'cloud\tWolke\nserver\tServer\ndashboard\tÜbersicht\ncloud\tWolken\ninvoice\t\npassword reset\tPasswort zurücksetzen\n';
  await t.until(() => readFileSync(file, 'utf8') === want, 'the fixed text saved', { timeout: 15_000 })
    .catch(() => { throw new Error(`file holds ${JSON.stringify(readFileSync(file, 'utf8'))}`); });
  t.check(true, 'the saved file has exactly the three fixes');
}
