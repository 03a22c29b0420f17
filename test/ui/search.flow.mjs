// Search Glossaries… from the palette: type a phrase, pick a match, and land on its line in the dictionary.
export const title = 'search: Search Glossaries… finds "invoice" and opens the dictionary at that line';

export async function run(t) {
  const { page } = t;
  // The command is offered once a key is set (terminology.hasKey); the usage item in the status bar shows then.
  await page.locator('.statusbar-item', { hasText: 'Paid' }).first().waitFor({ timeout: 30_000 });
  await t.command('Terminology: Search Glossaries…');
  await t.input('invoice');
  const rows = await t.pickItems({ timeout: 30_000 });
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'invoice → facture' }).first().waitFor({ timeout: 30_000 });
  const all = await t.pickItems();
  t.check(['invoice → Rechnung', 'Rechnung → invoice', 'invoice → 請求書', 'invoice → facture'].every((e) => all.some((r) => r.includes(e))),
    `the matches of the seeded data are listed with pair and line (${all.length} rows, first: ${JSON.stringify(rows[0] ?? '')})`);
  t.check(all.some((r) => r.includes('EN → DE · line 4')), 'a match names its language pair and line');
  t.check(t.requests('GET', /\/entries$/).length === 6, 'every dictionary of every glossary was fetched once (6 entries requests)');

  await t.pick('invoice → Rechnung');
  await page.locator('.editor-group-container.active .tab.active', { hasText: 'en-de.glossary.tsv' }).first().waitFor({ timeout: 30_000 });
  t.check(true, 'the EN → DE dictionary opens as a remote document');
  const selection = page.locator('[id="status.editor.selection"]');
  await selection.filter({ hasText: /Ln 4, Col 8 \(7 selected\)/ }).waitFor({ timeout: 15_000 });
  t.check(true, 'the cursor is on line 4 with "invoice" selected');
  const line = page.locator('.editor-group-container.active .view-line', { hasText: 'Rechnung' }).first();
  t.check((await line.innerText()).includes('invoice'), 'the line shown holds the entry');
}
