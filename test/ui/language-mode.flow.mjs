// Issue #27: VS Code closes and reopens a document whose language mode changes. A dirty dictionary must keep the
// remote version it descends from through that, so the save finds a colleague's change of the same size.
export const title = 'language mode: Change Language Mode on a dirty dictionary keeps its base; the save finds the remote change';

export async function run(t) {
  const { page } = t;
  const puts = () => t.requests('PUT', /dictionaries/).length;
  await t.openDictionaryFromTree('Product terminology', 'EN → DE', 'en-de.glossary.tsv');
  await t.gotoNewLastLine();
  await page.keyboard.type('login\tAnmeldung');
  await t.until(async () => (await t.activeTab()).dirty, 'the tab dirty after typing');
  t.check(true, 'the typed entry makes the dictionary dirty');

  // As a user (or another extension) may do: the palette's Change Language Mode, Plain Text.
  await t.command('Change Language Mode');
  await page.locator('.quick-input-widget input.input').fill('Plain Text');
  await t.pick('Plain Text');
  // The extension gives the document its glossary language back.
  await t.until(async () => /Glossary/i.test(await t.statusText('status.editor.mode')), 'the language mode back to the glossary\'s', { timeout: 20_000 });
  t.check((await t.activeTab()).dirty, `after the mode change the tab is still dirty (mode: ${await t.statusText('status.editor.mode')})`);

  // A colleague changes one entry without changing its size or the entry count.
  const remote = t.glossary('Product terminology').dictionaries.find((d) => d.source_lang === 'en' && d.target_lang === 'de');
  remote.entries.find((e) => e[0] === 'cloud')[1] = 'Wolkx';

  await t.editor().click();
  await page.keyboard.press('Control+S');
  const where = await t.message(/changed remotely since you opened it\. Nothing was pushed/);
  t.check(true, `the save says the dictionary changed remotely and nothing was pushed (${where})`);
  await t.closeNotifications();
  t.check(puts() === 0, 'nothing was pushed');
  t.check(t.entries('Product terminology', 'en', 'de').some(([s, g]) => s === 'cloud' && g === 'Wolkx'), 'the colleague\'s cloud → Wolkx is still on the service');
  t.check((await t.activeTab()).dirty, 'the tab stays dirty with the typed entry');

  await t.command('Terminology: Merge Remote Changes into Mine');
  await t.until(async () => (await t.editor().innerText()).includes('Wolkx'), 'the merge to bring in the colleague\'s change');
  await page.keyboard.press('Escape');
  await t.editor().click();
  await page.keyboard.press('Control+S');
  await t.until(() => {
    const e = t.entries('Product terminology', 'en', 'de');
    return e.some(([s, g]) => s === 'cloud' && g === 'Wolkx') && e.some(([s, g]) => s === 'login' && g === 'Anmeldung');
  }, 'the service to hold the colleague\'s change and the typed entry');
  t.check(puts() === 1, 'after Merge, one PUT holds both changes');
}
