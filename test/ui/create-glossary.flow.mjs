// Create Glossary… from the palette: name, source language, a refused target (Thai) shown inside the picker with
// its reason while the picker stays open, then DE; entries from the active glossary file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const title = 'create glossary: palette, name, languages (a refused one explained in the picker), entries';

export async function run(t) {
  const { page } = t;
  const quickInput = page.locator('.quick-input-widget');
  writeFileSync(join(t.workspace, 'clean.glossary.tsv'), 'login\tAnmeldung\nlogout\tAbmeldung\n');
  await t.explorerFile('clean.glossary.tsv');
  await t.quickOpen('clean.glossary.tsv');

  await t.command('Terminology: Create Glossary…');
  await t.input('Support terms', { title: /New Glossary/ });
  await t.input('en', { enter: false, title: /Source language/ });
  await t.pick('EN', { exact: true });
  await quickInput.locator('.quick-input-title', { hasText: /Target language/ }).waitFor({ timeout: 20_000 });
  t.check(true, 'the target language picker opens after the source');

  await t.input('th', { enter: false });
  const refused = quickInput.locator('.monaco-list-row', { has: page.locator('.label-name', { has: page.locator('.codicon-circle-slash'), hasText: /^\s*TH\s*$/ }) }).first();
  await refused.waitFor({ timeout: 10_000 });
  const text = (await refused.innerText()).replace(/\s+/g, ' ');
  t.check(/Thai/.test(text), `the picker shows TH refused, with the reason ("${text}")`);
  await refused.click();
  await page.waitForTimeout(500);
  t.check(await quickInput.isVisible(), 'choosing the refused TH keeps the picker open');
  const title = await quickInput.locator('.quick-input-title').innerText();
  t.check(/TH.*Thai/.test(title), `the picker's title says why ("${title}")`);
  t.check(!t.glossary('Support terms'), 'no glossary was created');

  await t.input('de', { enter: false });
  await t.pick('DE', { exact: true });
  // The entries: only glossary files are offered (the sample and the clean file, not the term list), the active
  // editor's first.
  await quickInput.locator('.quick-input-title', { hasText: 'Entries of the new' }).waitFor({ timeout: 20_000 });
  const offered = await t.pickItems();
  t.check(offered.some((l) => l.includes('Start empty')) && offered.some((l) => l.includes('clean.glossary.tsv')) && !offered.some((l) => l.includes('talks.terms.txt')),
    `only glossary files are offered (${offered.map((l) => l.replace(/\s+/g, ' ').trim()).join(' | ')})`);
  t.check(/clean\.glossary\.tsv/.test(offered[1] ?? ''), 'the active editor\'s file comes first');
  await t.pick('clean.glossary.tsv');
  await t.until(() => t.glossary('Support terms'), 'the service holds the glossary "Support terms"');
  const g = t.glossary('Support terms');
  t.check(g.dictionaries.length === 1 && g.dictionaries[0].source_lang === 'en' && g.dictionaries[0].target_lang === 'de', 'it has one EN → DE dictionary');
  const entries = t.entries('Support terms', 'en', 'de');
  t.check(entries.length === 2 && entries.some(([s, x]) => s === 'login' && x === 'Anmeldung') && entries.some(([s, x]) => s === 'logout' && x === 'Abmeldung'),
    'the dictionary holds the 2 entries of the active file');
  await t.message(/Glossary "Support terms" created/);
  t.check(true, 'a message says the glossary was created (with Open Dictionary)');
  await t.treeItem('Support terms').waitFor({ timeout: 20_000 });
  t.check(true, 'the Glossaries view shows the new glossary (revealed)');
}
