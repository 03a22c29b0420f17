// Issue #32, 2: completion in a style rule list edited as JSON: a partly typed option, an empty value and a rule
// key each list their suggestions (not "No suggestions"), and Enter accepts one, quotes and all.
export const title = 'style rule list: completion of an option, an empty value and a rule name, accepted with Enter';

export async function run(t) {
  const { page } = t;
  await t.keyReady();
  await t.expandView('Style Rules');
  await t.contextMenu(t.treeItem('Technische Dokumentation'), 'Edit as JSON');
  await t.until(async () => (await t.editor().innerText()).includes('write_with_hyphen'), 'the document shows the list');
  const text = async () => (await t.editor().innerText()).replace(/\u00a0/g, ' ');
  const widget = page.locator('.editor-widget.suggest-widget.visible');
  const suggestion = (label) => widget.locator('.monaco-list-row', { hasText: label }).first();

  // A partly typed option: select write_with_hyphen (Find leaves it selected), type "write_as", ask for suggestions.
  await t.editor().click();
  await page.keyboard.press('Control+F');
  await page.keyboard.insertText('write_with_hyphen');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.keyboard.insertText('write_as');
  await page.keyboard.press('Control+Space');
  await suggestion('write_as_one_word').waitFor({ timeout: 10_000 });
  t.check(!(await widget.innerText()).includes('No suggestions'), 'a partly typed option lists write_as_one_word');
  await page.keyboard.press('Enter');
  await t.until(async () => (await text()).includes('"compound_nouns": "write_as_one_word"'), 'the accepted option in place');
  t.check(!(await text()).includes('""'), 'Enter put "write_as_one_word", its quotes not doubled');

  // An empty value: the option of the same rule emptied, then Ctrl+Space inside the quotes.
  await page.keyboard.press('Control+F');
  await page.keyboard.insertText('"write_as_one_word"');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.keyboard.insertText('""');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Control+Space');
  await suggestion('write_with_hyphen').waitFor({ timeout: 10_000 });
  t.check(true, 'an empty value lists the rule\'s options');
  await page.keyboard.press('Escape');

  // A rule key: "compound" typed over the key, Ctrl+Space lists compound_nouns.
  await page.keyboard.press('Control+F');
  await page.keyboard.insertText('compound_nouns');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.keyboard.insertText('compo');
  await page.keyboard.press('Control+Space');
  await suggestion('compound_nouns').waitFor({ timeout: 10_000 });
  t.check(true, 'a partly typed rule name lists compound_nouns');
  await page.keyboard.press('Enter');
  await t.until(async () => /"compound_nouns": ""/.test(await text()), 'the rule name completed');
  t.check(true, 'Enter completes the rule name');
}
