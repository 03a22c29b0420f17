// The explorer's error state: a failing service shows its message and trace id with Retry / Show Log /
// Set API Key; Show Log opens the log, and Retry after the fault is gone brings the glossaries.
export const title = 'views: the glossaries view shows a service failure and recovers on Retry';

export async function run(t) {
  const { page } = t;
  // Every glossaries call fails (retries included) before the view first asks.
  t.emulator.injectFault({ count: 100, status: 503, path: 'glossaries' });
  await t.openExplorer();
  const message = t.treeItem('503');
  await message.waitFor({ timeout: 90_000 });
  t.check(/Service Unavailable/.test(await message.innerText()), 'the view shows the service\'s message with the status');
  t.check(await message.locator('.codicon-error').count() === 1, 'the message row has an error icon (no literal "$(error)")');
  t.check(!(await page.locator('.pane-body', { hasText: '$(error)' }).count()), 'no codicon markup shows as text');
  t.check(/^Trace ID: [0-9a-f-]{36}$/.test((await t.treeItem('Trace ID').innerText()).trim()), 'the trace id is shown');
  for (const label of ['Retry', 'Show Log', 'Set API Key']) {
    t.check(await t.treeItem(label).isVisible(), `"${label}" is offered`);
  }

  await t.treeItem('Show Log').click();
  const log = page.locator('.part.panel .view-lines', { hasText: '503' }).first();
  await log.waitFor({ timeout: 15_000 });
  t.check(/\[glossaries\]/.test(await log.innerText()), 'Show Log opens the extension\'s log, which names the failure');

  await t.treeItem('Set API Key').click();
  await page.locator('.quick-input-widget', { hasText: 'Set API Key' }).waitFor({ timeout: 15_000 });
  t.check(true, 'Set API Key opens the key input box');
  await page.keyboard.press('Escape');

  t.emulator.clearFaults();
  await t.treeItem('Retry').click();
  await t.treeItem('Product terminology').waitFor({ timeout: 30_000 });
  t.check(true, 'Retry after the fault is gone shows the glossaries');
  t.check(!(await t.treeItem('Trace ID').isVisible().catch(() => false)), 'the error rows are gone');
}
