// A team's manifest names its glossary by an id this API key does not see, beside a glossary of the same name (another
// account's copy): the Repository Sync view says so on the glossary's row and its files', its tooltip says what to do;
// Pull All from the view's title leaves those files alone and says why; nothing is written to the file, the manifest or
// the service.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const title = 'repository sync: a manifest id the key does not see is said in the view, and Pull All leaves its files alone';

export async function run(t) {
  const { page } = t;
  const teamId = '5f7c0000-0000-4000-8000-0000000000ee';
  const manifestPath = join(t.workspace, 'terminology.json');
  const manifest = `${JSON.stringify({ glossaries: [{ name: 'Product terminology', id: teamId, dictionaries: { 'en-de': 'team-de.glossary.tsv' } }] }, null, 2)}\n`;
  writeFileSync(manifestPath, manifest);
  const filePath = join(t.workspace, 'team-de.glossary.tsv');
  writeFileSync(filePath, 'cloud\tWolke\nprinter\tDrucker\n');
  const before = JSON.stringify(t.entries('Product terminology', 'en', 'de'));
  await t.keyReady();
  const pane = await t.expandView('Repository Sync');
  const header = pane.locator('.pane-header').first();
  const row = (name) => pane.locator('.monaco-list-row', { hasText: name }).first();
  await row('Product terminology').waitFor({ timeout: 20_000 });
  await t.until(async () => /manifest id not seen by this key/.test(await row('Product terminology').innerText()), 'the glossary\'s row to say its manifest id is not seen by this key');
  await t.until(async () => /manifest id not seen by this key/.test(await row('EN → DE').innerText()), 'the file\'s row to say the same');
  t.check(true, 'the glossary\'s row and its file\'s row say "manifest id not seen by this key"');
  // The tooltip of the glossary's row names both ids and what to do.
  await row('Product terminology').hover();
  const hover = page.locator('.monaco-hover, .custom-hover, .workbench-hover', { hasText: teamId }).first();
  await hover.waitFor({ timeout: 10_000 });
  const tip = await hover.innerText();
  t.check(tip.includes(t.glossary('Product terminology').glossary_id) && /put that id in the manifest/.test(tip), 'its tooltip gives both ids and what to do');

  await pane.hover();
  await header.locator('a.action-label[aria-label*="Pull All"]').first().click();
  await t.notification(/team-de\.glossary\.tsv left alone: the manifest's id/);
  t.check(true, 'Pull All says the file was left alone, and why');
  await page.waitForTimeout(500);
  t.check(readFileSync(filePath, 'utf8') === 'cloud\tWolke\nprinter\tDrucker\n', 'the file is unchanged');
  t.check(readFileSync(manifestPath, 'utf8') === manifest, 'the manifest still names the team\'s id');
  t.check(JSON.stringify(t.entries('Product terminology', 'en', 'de')) === before && t.requests('PUT', /glossaries/).length === 0, 'the service holds what it held, and no PUT was sent');
}
