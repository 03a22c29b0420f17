// Issue #32, 9: the Problems view names a remote document's place readably, and a remote document's findings leave
// it with the document's last tab (VS Code keeps the closed document itself open for minutes).
export const title = 'problems: readable places for remote documents; their findings go with their last tab';

export async function run(t) {
  const { page } = t;
  // Findings from the start, without unsaved edits (so that closing asks nothing): a repeated source on the service,
  // an unknown option in a style rule list.
  t.glossary('Product terminology').dictionaries.find((d) => d.source_lang === 'en' && d.target_lang === 'de').entries.push(['cloud', 'Wolke 2']);
  t.account().styleRules.find((s) => s.name === 'Technische Dokumentation').configured_rules.spelling_and_grammar.compound_nouns = 'write_with_hyphn';
  await t.keyReady();
  await t.openDictionaryFromTree('Product terminology', 'EN → DE', 'en-de.glossary.tsv');
  await t.expandView('Style Rules');
  await t.contextMenu(t.treeItem('Technische Dokumentation'), 'Edit as JSON');
  await t.until(async () => (await t.editor().innerText()).includes('write_with_hyphn'), 'the style rule list shown');
  await t.command('View: Focus Problems');
  const rows = page.locator('.markers-panel .monaco-list-row');
  const resource = (name) => rows.filter({ hasText: name }).filter({ has: page.locator('.label-description, .monaco-icon-description-container') }).first();
  await t.until(async () => await resource('Technische Dokumentation.json').isVisible().catch(() => false) && await resource('en-de.glossary.tsv').isVisible().catch(() => false), 'both documents listed in the Problems view');
  const style = (await resource('Technische Dokumentation.json').innerText()).replace(/\s+/g, ' ');
  const dict = (await resource('en-de.glossary.tsv').innerText()).replace(/\s+/g, ' ');
  t.check(/Style rule lists/.test(style), `the style rule list's place reads "Style rule lists", not "/" (${style})`);
  t.check(/Product terminology/.test(dict) && !/\/Product/.test(dict), `the dictionary's place reads "Product terminology" (${dict})`);
  // A tab shows the file name (its extension in a span of its own), never the place.
  const tabs = (await page.locator('.tab').allInnerTexts()).map((x) => x.replace(/\s+/g, ''));
  t.check(tabs.some((x) => x.startsWith('en-de.glossary.tsv')) && tabs.some((x) => x.startsWith('TechnischeDokumentation.json')) && !tabs.some((x) => /Stylerulelists|Productterminology/.test(x)),
    `the tabs keep their plain names (${tabs.join(' | ')})`);

  await t.command('View: Close All Editors');
  await t.until(async () => (await rows.filter({ hasText: /Technische Dokumentation|en-de\.glossary\.tsv/ }).count()) === 0, 'the Problems view without the closed documents', { timeout: 5000 });
  t.check(true, 'Close All Editors takes their findings out of the Problems view at once');
}
