// The Term Check view in a folder with no manifest: its welcome asks to pick glossaries; once they are picked (Pick
// Glossaries, a glossary ticked with ArrowDown and Space, Enter), it no longer does (a newcomer's walk read the unchanged text as
// "the pick did not take").
export const title = 'term check view: the welcome asks to pick glossaries until they are picked, then no longer';

export async function run(t) {
  const { page } = t;
  await t.keyReady();
  const pane = await t.expandView('Term Check');
  // Room for it: the views above it collapsed, as a person would.
  for (const name of ['Glossaries', 'Spoken Terms']) {
    const above = page.locator('.pane-header', { hasText: name }).first();
    await t.until(async () => {
      if ((await above.getAttribute('aria-expanded')) !== 'true') return true;
      await above.click({ position: { x: 12, y: 10 } });
      return false;
    }, `the view "${name}" collapsed`, { interval: 500 });
  }
  const welcome = pane.locator('.welcome-view-content');
  await welcome.filter({ hasText: 'pick the glossaries for this folder' }).waitFor({ timeout: 20_000 });
  t.check(true, 'before a pick, the welcome asks to pick the glossaries for this folder');

  await t.command('Terminology: Pick Glossaries for the Term Check');
  await page.locator('.quick-input-widget input[placeholder^="Tick the glossaries"]').first().waitFor({ timeout: 20_000 });
  // Into the list (the filter box has the keys at first), Space ticks the glossary in focus, Enter takes the ticks.
  await page.locator('.quick-input-list .monaco-list-row').first().waitFor({ timeout: 10_000 });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await t.until(async () => await page.locator('.quick-input-list .monaco-list-row input[type="checkbox"]:checked, .quick-input-list .monaco-list-row .monaco-checkbox.checked, .quick-input-list .monaco-list-row[aria-checked="true"]').count() > 0, 'a glossary ticked', { timeout: 10_000 });
  await page.keyboard.press('Enter');
  await t.notification(/Term check: the translation files of this folder are now checked against "/);
  t.check(true, 'Space ticked a glossary, Enter picked it, and a message says so');

  await welcome.filter({ hasText: 'No term check findings:' }).waitFor({ timeout: 10_000 });
  const said = await welcome.innerText();
  t.check(!said.includes('pick the glossaries for this folder') && said.includes('Check Terms in Workspace'),
    'after the pick, the welcome no longer asks for one, and offers Check Terms in Workspace');
  await t.shot('term-check-pick-after');
}
