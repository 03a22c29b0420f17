// Issue #32, 6: "Link File to Dictionary…" from the Repository Sync view's welcome with no file open offers the
// workspace's glossary files; linking en-fr.glossary.tsv to a glossary that has EN → FR offers that pair first,
// selected, so Enter takes it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const title = 'link file: from the welcome with no file open, a file picker; the pair in the file name first and selected';

export async function run(t) {
  const { page } = t;
  writeFileSync(join(t.workspace, 'en-fr.glossary.tsv'), 'cloud\tnuage\ninvoice\tfacture\ndashboard\ttableau de bord\n');
  await t.keyReady();
  await t.command('View: Close All Editors');
  const pane = await t.expandView('Repository Sync');
  await pane.locator('.monaco-button', { hasText: 'Link File to Dictionary' }).first().click();
  const items = await t.pickItems();
  t.check(items.some((i) => i.includes('en-fr.glossary.tsv')), `a picker offers the workspace's glossary files (${items.length} items)`);
  await t.pick('en-fr.glossary.tsv');
  await t.pick('Product terminology');
  const title = page.locator('.quick-input-widget .quick-input-title', { hasText: /Language pair of en-fr\.glossary\.tsv/ });
  await title.waitFor({ timeout: 20_000 });
  const rows = await t.pickItems();
  const active = (await page.locator('.quick-input-widget .monaco-list-row.focused').first().innerText()).replace(/\s+/g, ' ');
  t.check(/EN → FR/.test(rows[0]) && /EN → FR/.test(active), `EN → FR, the pair in the file name, is first and selected (first: ${rows[0].replace(/\s+/g, ' ')}; selected: ${active})`);
  await page.keyboard.press('Enter');
  await t.until(() => {
    try { return /"en-fr": "en-fr\.glossary\.tsv"/.test(readFileSync(join(t.workspace, 'terminology.json'), 'utf8')); } catch { return false; }
  }, 'terminology.json links the file as EN → FR');
  t.check(true, 'Enter links the file to the EN → FR dictionary of Product terminology');
  // The folder had no manifest: a message says the link went into a new terminology.json, to commit.
  await t.notification(/Linked en-fr\.glossary\.tsv\. The link is in terminology\.json, new in this folder/);
  t.check(true, 'a message says the link is in a new terminology.json');
}
