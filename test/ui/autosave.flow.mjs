// Auto-save never pushes: with files.autoSave "afterDelay" (200 ms) set by the user, globally and even for the
// glossary language itself, a half-typed line stays local and the tab stays dirty; Ctrl+S pushes once.
export const title = 'auto-save: a half-typed line is never pushed; Ctrl+S pushes once';

export const options = {
  settings: {
    'files.autoSave': 'afterDelay',
    'files.autoSaveDelay': 200,
    // The extension turns auto-save off for its languages; a user may turn it back on: the save-reason guard holds.
    '[glossary-tsv]': { 'files.autoSave': 'afterDelay' },
  },
};

export const run = (t) => autosave(t, { overridden: true });

/** Shared with autosave-global.flow.mjs. `overridden`: the user turned auto-save on for glossary-tsv itself, so
 * auto-save does fire and the save-reason guard must refuse it (VS Code then lists the refusal as a failed save). */
export async function autosave(t, { overridden }) {
  const { page } = t;
  const pushes = () => t.requests('PUT', /dictionaries/).length + t.requests('PATCH', /glossaries/).length;
  await t.openDictionaryFromTree('Product terminology', 'EN → DE', 'en-de.glossary.tsv');
  await t.gotoNewLastLine();
  await page.keyboard.type('logout');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Abmel');
  await t.until(async () => (await t.activeTab()).dirty, 'the tab dirty after typing');
  t.check(true, 'the tab is dirty after typing half a line');

  await page.waitForTimeout(2000); // ten auto-save delays; the workbench gives no signal for "did not save"
  t.check(pushes() === 0, 'no PUT or PATCH reached the service within 2 s of auto-save delay');
  t.check((await t.activeTab()).dirty, 'the tab is still dirty');
  t.check(!t.entries('Product terminology', 'en', 'de').some(([s]) => s === 'logout'), 'the service does not hold the half-typed entry');
  if (overridden) {
    const where = await t.message(/Auto-save does not push to the service/);
    t.check(true, `auto-save did fire and the guard refused it, saying so (${where})`);
    await t.closeNotifications();
    t.check((await t.activeTab()).dirty, 'the tab is still dirty after the refused auto-saves');
  }

  await t.editor().click();
  await t.gotoLine(6);
  await page.keyboard.type('dung');
  await page.keyboard.press('Control+S');
  await t.until(() => t.entries('Product terminology', 'en', 'de').some(([s, g]) => s === 'logout' && g === 'Abmeldung'), 'the service holds logout → Abmeldung');
  t.check(true, 'Ctrl+S pushed: the service holds logout → Abmeldung');
  await t.until(async () => !(await t.activeTab()).dirty, 'the tab clean after the push');
  t.check(true, 'the tab is clean after Ctrl+S');
  await page.waitForTimeout(1500);
  t.check(pushes() === 1, `pushed exactly once (${pushes()} PUT/PATCH)`);
}
