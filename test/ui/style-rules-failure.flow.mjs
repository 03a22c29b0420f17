// A style rule list saved while the service fails: Ctrl+S says why nothing was pushed, the tab stays dirty with the
// edit in it, the service keeps its version; once the service answers again, Ctrl+S pushes the edit once.
export const title = 'style rule list: a failing service keeps the edit, Ctrl+S pushes once it answers';

export async function run(t) {
  const { page } = t;
  const list = () => t.account().styleRules.find((s) => s.name === 'Technische Dokumentation');
  await t.keyReady();
  await t.openExplorer();
  await t.expandView('Style Rules');
  await t.contextMenu(t.treeItem('Technische Dokumentation'), 'Edit as JSON');
  await page.locator('.editor-group-container.active .tab.active', { hasText: 'Technische Dokumentation.json' }).first().waitFor({ timeout: 20_000 });
  await t.until(async () => (await t.editor().innerText()).includes('use_colon'), 'the document shows the list');

  await t.editor().click();
  await page.keyboard.press('Control+F');
  await page.keyboard.insertText('use_colon');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.keyboard.insertText('use_period');
  await t.until(async () => (await t.activeTab()).dirty, 'the tab is dirty after the edit');

  // Every write of the rules fails, retries included.
  t.emulator.injectFault({ count: 100, status: 503, method: 'PUT', path: 'configured_rules' });
  await page.keyboard.press('Control+S');
  const where = await t.message(/503|Service Unavailable|unavailable/i, { timeout: 60_000 });
  t.check(true, `a message says the service failed (${where})`);
  t.check(list().version === 3, 'the service still holds version 3');
  await t.closeNotifications();
  t.check((await t.activeTab()).dirty, 'the tab stays dirty');
  t.check((await t.editor().innerText()).replace(/\u00a0/g, ' ').includes('use_period'), 'the document keeps the edit');

  t.emulator.clearFaults();
  const before = t.requests('PUT', /\/configured_rules$/).length;
  await page.keyboard.press('Control+S');
  await t.until(() => list().version === 4, 'the service holds version 4 once it answers');
  t.check(list().configured_rules.dates_and_times.hours_minutes_seconds_separator === 'use_period', 'the edit reached the service');
  t.check(t.requests('PUT', /\/configured_rules$/).length - before === 1, 'the second Ctrl+S sent exactly one PUT');
  await t.until(async () => !(await t.activeTab()).dirty, 'the tab is clean after the push');
}
