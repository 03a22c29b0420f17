// Add Language to Glossary from the palette with the glossary document open: a new column of drafts, marked as such;
// Ctrl+Z takes the column back (nothing was sent); run again, Ctrl+S creates the new dictionary in one call.
// The glossary's text editor is what this flow drives (a user who set terminology.openGlossaryIn to text).
export const options = { settings: { 'terminology.openGlossaryIn': 'text' } };
export const title = 'add language: palette → ES → drafts → undo → again → Ctrl+S creates EN → ES';

export async function run(t) {
  const { page } = t;
  const es = () => t.entries('Product terminology', 'en', 'es');
  await t.openExplorer();
  await t.contextMenu(t.treeItem('Product terminology'), 'Open Glossary (All Languages)');
  await t.pick('EN', { exact: true });
  await page.locator('.editor-group-container.active .tab.active', { hasText: 'en.multilingual.tsv' }).first().waitFor({ timeout: 30_000 });
  await t.editor().locator('.view-line').first().waitFor({ timeout: 20_000 });
  const header = async () => (await t.editorLines())[0].replace(/\u00a0/g, ' ').trim();

  const addSpanish = async () => {
    await t.editor().click();
    await t.command('Terminology: Add Language to Glossary');
    await t.pick('Spanish');
    await t.until(async () => /\bes$/.test(await header()), 'an ES column in the header');
  };
  await addSpanish();
  const rows = (await t.editorLines()).map((l) => l.replace(/\u00a0/g, ' ')).filter((l) => l.trim());
  const sources = rows.length - 1;
  const italics = () => page.locator('.editor-group-container.active .view-line span').evaluateAll((els) => els
    .filter((e) => e.children.length === 0 && e.ownerDocument.defaultView.getComputedStyle(e).fontStyle === 'italic').length);
  // The decorations follow the lint of the new text in the extension host, a moment after the header is drawn.
  let drafts = 0;
  await t.until(async () => (drafts = await italics()) >= sources, 'the drafts in italics', { timeout: 5_000 }).then(() => true, () => false);
  t.check(drafts >= sources, `the new column's drafts are shown in italics within 5 s (${drafts} for ${sources} sources)`);
  t.check((await t.activeTab()).dirty && !es(), 'nothing is sent: the tab is dirty and the service has no EN → ES');

  await page.keyboard.press('Control+Z');
  await t.until(async () => !/\bes$/.test(await header()), 'Ctrl+Z takes the ES column back');
  t.check(!(await t.activeTab()).dirty, 'after the undo the tab is clean again');

  await addSpanish();
  const before = t.requests('PUT', /dictionaries/).length;
  await page.keyboard.press('Control+S');
  await t.modal(new RegExp(`${sources} machine-translated drafts in en\\.multilingual\\.tsv have not been reviewed`), 'Push with Drafts');
  await t.until(() => Boolean(es()), 'the service holds EN → ES after Ctrl+S');
  t.check(es().length === sources && es().some(([s]) => s === 'cloud') && es().every(([, g]) => g.trim() !== ''), `EN → ES holds a translation for every one of the ${sources} sources (${es().length})`);
  t.check(t.requests('PUT', /dictionaries/).length - before === 1, 'one call: only the new dictionary');
  await t.until(async () => !(await t.activeTab()).dirty, 'the tab is clean after the push');
}
