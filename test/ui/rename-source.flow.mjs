// Rename Source Phrase from the glossary document's context menu: the phrase under the cursor is offered, one
// dictionary refuses, the message names what was renamed and what failed, "Retry the Rest" renames only the rest.
// The glossary's text editor is what this flow drives (a user who set terminology.openGlossaryIn to text).
export const options = { settings: { 'terminology.openGlossaryIn': 'text' } };
export const title = 'rename source phrase: editor context menu → a refused dictionary → Retry the Rest';

export async function run(t) {
  const { page } = t;
  const sources = (src, tgt) => (t.entries('Product terminology', src, tgt) ?? []).map(([s]) => s);
  await t.openExplorer();
  await t.contextMenu(t.treeItem('Product terminology'), 'Open Glossary (All Languages)');
  await t.pick('EN', { exact: true });
  await page.locator('.editor-group-container.active .tab.active', { hasText: 'en.multilingual.tsv' }).first().waitFor({ timeout: 30_000 });
  await t.editor().locator('.view-line', { hasText: 'invoice' }).first().waitFor({ timeout: 20_000 });

  // The cursor on the "invoice" line (Find, then Escape keeps the match selected).
  await t.editor().click();
  await page.keyboard.press('Control+F');
  await page.keyboard.insertText('invoice');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');

  // The second dictionary's write is refused (once); the first goes through.
  t.emulator.injectFault({ count: 1, status: 400, method: 'PUT', path: '/dictionaries$', every: 2 });
  const before = t.requests('PUT', /\/dictionaries$/).length;
  await t.contextMenu(t.editor().locator('.view-line', { hasText: 'invoice' }).first(), 'Rename Source Phrase in Every Dictionary…');
  await t.input('invoice', { title: /Rename "invoice" in every dictionary from EN/, enter: false });
  const box = page.locator('.quick-input-widget input.input');
  await box.fill('bill');
  await page.keyboard.press('Enter');

  const toast = await t.notification(/Renamed in EN → \w+; EN → \w+ failed/, { timeout: 40_000 });
  const said = (await toast.innerText()).replace(/\s+/g, ' ');
  t.check(/Retry the Rest/.test(said), `the message names what was renamed and what failed, and offers the rest (${said.slice(0, 140)})`);
  const renamed = ['de', 'fr', 'ja'].filter((l) => sources('en', l).includes('bill'));
  t.check(renamed.length === 1, `one dictionary was renamed before the refusal (${renamed.join()})`);
  t.check(t.requests('PUT', /\/dictionaries$/).length - before === 2, 'two calls: one accepted, one refused');

  await toast.locator('.monaco-button', { hasText: 'Retry the Rest' }).first().click();
  await t.message(/Renamed "invoice" to "bill" in EN → \w+/, { timeout: 40_000 });
  for (const l of ['de', 'fr', 'ja']) t.check(sources('en', l).includes('bill') && !sources('en', l).includes('invoice'), `EN → ${l.toUpperCase()} holds "bill" and no "invoice"`);
  t.check(t.requests('PUT', /\/dictionaries$/).length - before === 4, 'Retry the Rest sent only the two left (four calls in all)');
  t.check((t.entries('Product terminology', 'de', 'en') ?? []).some(([s, g]) => s === 'Rechnung' && g === 'invoice'), 'DE → EN (another source language) is untouched');
  await t.until(async () => (await t.editorLines()).some((l) => /^bill\s+Rechnung/.test(l.replace(/\u00a0/g, ' '))), 'the open glossary document shows "bill" with its targets');
  t.check(!(await t.activeTab()).dirty, 'and stays clean (nothing left to push)');
}
