// Keyboard check of the table view, through the real UI: headless Chromium types into the webview of a real
// VS Code. Opens the sample glossary in the table, edits a cell with the keyboard, deletes a row, undoes.
// Exits 1 on the first failed check. Run by `npm run test:ui` (part of `npm test`).
import { join } from 'node:path';
import { paletteCommand, quickOpen, startWorkbench, repoRoot } from './vscode-harness.mjs';

const started = Date.now();
const wb = await startWorkbench({ workspace: join(repoRoot, 'test', 'fixtures', 'workspace') });
let failed = 0;
const check = (ok, what) => {
  console.log(`${ok ? '  ✔' : '  ✘'} ${what}`);
  if (!ok) failed++;
};
try {
  const page = wb.page;
  await page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
  await page.waitForTimeout(2000);
  await quickOpen(page, 'sample.glossary.tsv');
  await paletteCommand(page, 'Terminology: Open in Table View');
  const frame = page.frameLocator('iframe.webview').frameLocator('#active-frame');
  const cell = (row, col) => frame.locator(`.row[data-row="${row}"] .cell[data-col="${col}"] .text`);
  const summary = frame.locator('#summary');
  await summary.filter({ hasText: '8 rows' }).waitFor({ timeout: 30_000 });
  check(true, 'the table shows the 8 lines of the sample');
  check((await frame.locator('#next').textContent()).includes('5 problems'), 'the header counts 5 problems');

  await cell(0, 0).click();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab'); // to the target column
  await page.keyboard.type('Rechnung');
  await page.keyboard.press('Enter');
  await cell(4, 1).filter({ hasText: 'Rechnung' }).waitFor({ timeout: 10_000 });
  check(true, 'arrows, Tab, typing and Enter edit the empty target of line 5');
  await frame.locator('#next').filter({ hasText: '4 problems' }).waitFor({ timeout: 10_000 });
  check(true, 'the problem count follows the diagnostics (4 problems)');

  // Enter moved to line 6 (a problem itself); F8 goes to the next one, line 7.
  await page.keyboard.press('F8');
  await frame.locator('.row[data-row="6"] .cell.active').waitFor({ timeout: 10_000 });
  check(true, 'F8 moves to the next problem (line 7)');

  await cell(6, 0).click();
  await page.keyboard.press('Delete');
  await summary.filter({ hasText: '7 rows' }).waitFor({ timeout: 10_000 });
  check(true, 'Delete removes the row');

  await page.keyboard.press('Control+Z');
  await summary.filter({ hasText: '8 rows' }).waitFor({ timeout: 10_000 });
  check(true, 'Ctrl+Z in the table undoes the deletion');
} catch (err) {
  check(false, `UI check: ${err.message.split('\n')[0]}`);
} finally {
  await wb.stop();
}
console.log(`ui: ${failed ? 'failed' : 'passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
