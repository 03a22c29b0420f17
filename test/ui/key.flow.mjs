// Setting the key: no key → the welcome view → Set API Key → a wrong key keeps the input box open with the
// service's reason → the right key is stored and the tree shows the glossaries.
export const title = 'key: Set API Key from the welcome view, a refused key keeps the box open';
export const options = { key: false };

export async function run(t) {
  const { page } = t;
  await t.openExplorer();
  const welcome = page.locator('.pane-body .welcome-view-content', { hasText: 'Connect to the language AI service' }).first();
  await welcome.waitFor({ timeout: 30_000 });
  t.check(true, 'without a key the glossaries view shows the welcome text');
  const setKey = welcome.locator('.monaco-button', { hasText: 'Set API Key' }).first();
  t.check(await setKey.isVisible(), 'the welcome view offers a "Set API Key" button');

  await setKey.click();
  const box = page.locator('.quick-input-widget');
  await box.filter({ hasText: 'Set API Key' }).waitFor({ timeout: 15_000 });
  t.check(await box.locator('input[type="password"]').count() === 1, 'the input box masks the key');

  await t.input('not-the-right-key');
  const message = box.locator('.quick-input-message', { hasText: 'did not accept' });
  await message.waitFor({ timeout: 30_000 });
  const reason = await message.innerText();
  t.check(/401|403|Unauthorized|Forbidden/i.test(reason), `the box shows the refusal with the service's reason ("${reason.trim()}")`);
  t.check(/Copy the whole key/.test(reason), 'and says what to check');
  t.check(await box.isVisible(), 'the input box stays open');
  t.check(t.requests('GET', /usage/).length >= 1, 'the key was checked with the usage call');

  await t.input(t.emulator.keys.paid);
  await box.waitFor({ state: 'hidden', timeout: 30_000 });
  t.check(true, 'the accepted key closes the box');
  await t.treeItem('Product terminology').waitFor({ timeout: 30_000 });
  t.check(true, 'the tree shows the glossaries of the account');
  t.check(!(await welcome.isVisible().catch(() => false)), 'the welcome text is gone');
}
