// A whole multilingual glossary as one table: open it from the glossary's menu, see its gaps, fill one by typing,
// Ctrl+S pushes only that dictionary. Then Fill Missing Translations drafts the Japanese gaps, shown as drafts, and
// nothing is pushed before the next Ctrl+S.
// The text editor is what this flow drives (glossary-table.flow.mjs drives the table view).
export const options = { settings: { 'terminology.openGlossaryIn': 'text' } };
export const title = 'glossary view: menu → EN → all languages → fill a gap → Ctrl+S pushes one dictionary → drafts for JA';

export async function run(t) {
  const { page } = t;
  await t.openExplorer();
  await t.contextMenu(t.treeItem('Product terminology'), 'Open Glossary (All Languages)');
  const items = await t.pickItems();
  t.check(items.some((i) => /EN/.test(i) && /DE, FR, JA/.test(i)) && items.some((i) => /^DE/.test(i.trim())),
    `the source languages are offered with their targets (${items.join(' | ').replace(/\n/g, ' ')})`);
  await t.pick('EN', { exact: true });
  await page.locator('.editor-group-container.active .tab.active', { hasText: 'en.multilingual.tsv' }).first().waitFor({ timeout: 30_000 });
  await t.editor().locator('.view-line').first().waitFor({ timeout: 20_000 });
  const lines = (await t.editorLines()).map((l) => l.replace(/\u00a0/g, ' '));
  t.check(/^en\W+de\W+fr\W+ja$/.test(lines[0].trim()),
    `the first line names the languages (${lines[0]})`);
  await t.until(async () => /missing/.test(await t.statusText('terminology.document')), 'the status bar counts the gaps');
  const status = await t.statusText('terminology.document');
  t.check(/FR: \d+ missing/.test(status) && /JA: \d+ missing/.test(status), `the status bar says which languages have gaps (${status})`);

  // Line 3 is "server→Server→→サーバー": the French cell is empty. Put the cursor into it and type.
  await t.editor().click();
  await t.gotoLine(3);
  for (let i = 0; i < 'サーバー'.length + 1; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.type('serveur');
  await t.until(async () => (await t.editorLines()).some((l) => l.includes('serveur')), 'the typed cell');
  t.check((await t.activeTab()).dirty, 'the tab is dirty after typing');
  t.check(/not pushed/.test(await t.statusText('terminology.document')), 'the status bar says "not pushed"');

  const before = t.requests('PUT', /dictionaries/).length;
  await page.keyboard.press('Control+S');
  await t.until(() => t.entries('Product terminology', 'en', 'fr')?.some(([s, g]) => s === 'server' && g === 'serveur'), 'the service holds server → serveur in EN → FR');
  t.check(true, 'Ctrl+S pushed: EN → FR holds server → serveur');
  await t.until(async () => !(await t.activeTab()).dirty, 'the tab clean after the push');
  t.check(t.requests('PUT', /dictionaries/).length - before === 1, 'exactly one PUT: only the dictionary that changed');
  const said = page.locator('.statusbar-item', { hasText: 'Pushed EN → FR of "Product terminology"' });
  await said.first().waitFor({ timeout: 5000 }).catch(() => undefined);
  t.check(/the other 2 dictionaries had no change/.test(await said.first().innerText().catch(() => '')), 'the status bar names the one dictionary pushed (EN → FR) and says the other two had no change');
  t.check(t.entries('Product terminology', 'en', 'de').length === 5 && t.entries('Product terminology', 'en', 'ja').length === 3,
    'EN → DE and EN → JA are untouched');

  // Drafts for the gaps of one language: marked in the editor, pushed only by a save.
  await t.editor().click();
  await t.command('Terminology: Fill Missing Translations');
  await t.pick('JA', { exact: true });
  await t.until(async () => (await t.editorLines()).some((l) => l.includes('[JA]')), 'drafts in the JA column');
  // The marks follow the drafts' text (they are set once the drafts are published): wait for them, 5 s at most.
  const styles = () => page.locator('.editor-group-container.active .view-line span').evaluateAll((els) => els
    .filter((e) => e.children.length === 0 && e.textContent.includes('[JA]'))
    .map((e) => e.ownerDocument.defaultView.getComputedStyle(e).fontStyle));
  let italic = [];
  await t.until(async () => { italic = await styles(); return italic.length > 0 && italic.every((f) => f === 'italic'); }, 'the drafts in italics', { timeout: 5000 }).catch(() => undefined);
  t.check(italic.length > 0 && italic.every((f) => f === 'italic'), `the drafts are shown in italics (${italic.join(', ')})`);
  t.check((await t.activeTab()).dirty && t.requests('PUT', /dictionaries/).length - before === 1, 'the drafts are not pushed: the tab is dirty, no new PUT');
  // Ctrl+S asks before machine translations nobody changed become entries; Review Drafts sends nothing and moves to
  // the first draft.
  const firstDraft = (await t.editorLines()).findIndex((l) => l.includes('[JA]')) + 1;
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Control+S');
  await t.modal(/2 machine-translated drafts in en\.multilingual\.tsv have not been reviewed/, 'Review Drafts');
  await t.until(async () => (await t.cursor()).line === firstDraft, `Review Drafts moves the cursor to the first draft (line ${firstDraft})`);
  t.check((await t.activeTab()).dirty && t.requests('PUT', /dictionaries/).length - before === 1, 'Review Drafts pushed nothing: the tab is dirty, no new PUT');
  // The draft under the cursor, reviewed and kept as it is (a quick fix): the next Ctrl+S asks about the other one only.
  await t.quickFix('Keep this draft as the translation');
  await page.keyboard.press('Control+S');
  await t.modal(/1 machine-translated draft in en\.multilingual\.tsv has not been reviewed/, 'Push with Drafts');
  t.check(true, 'after "Keep this draft" on one of the two, Ctrl+S asks about 1 draft');
  await t.until(() => t.entries('Product terminology', 'en', 'ja')?.some(([, g]) => g.startsWith('[JA]')), 'the service holds the reviewed drafts after Ctrl+S');
  t.check(t.requests('PUT', /dictionaries/).length - before === 2, 'Ctrl+S pushed EN → JA only (one more PUT)');
}
