// "Find Term Candidates" as a person meets it: from the palette, the phrases that come back in the source strings
// of the workspace's translation files and that no linked glossary holds, for the language pair with the most
// strings (here EN → DE). "save" is among them with its German rendering; picked, the manifest's two EN → DE
// dictionaries are offered ("Term check test", a linked file, and "Second glossary", only on the service); the
// linked file picked, the input box offers the rendering found, Enter takes it, and the file opens with the entry
// added, unsaved. Ctrl+S writes it: the file holds its two entries and the new one; the service is not written
// (the linked file is pushed only when the user pushes it). Run again, no candidate is left.
// Screenshots: test-results/ui/term-check-candidates-*.png.
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { FIXTURE, screenLines, settings, termCheckWorkspace } from './termCheckFixture.mjs';

export const title = 'term check candidates: Find Term Candidates → a phrase no glossary holds → its dictionary → its translation → the entry added; Ctrl+S writes the file';
export const options = { settings };

export async function run(t) {
  const { page } = t;
  const ws = termCheckWorkspace(t, { second: true });
  const serviceBefore = JSON.stringify(t.account().glossaries);
  const quickInput = page.locator('.quick-input-widget');
  await t.keyReady();

  // 1. The candidates, from the palette.
  await t.command('Terminology: Find Term Candidates');
  await quickInput.locator('.quick-input-title', { hasText: 'Term candidates (EN → DE)' }).waitFor({ timeout: 60_000 });
  const items = (await t.pickItems()).map((x) => x.replace(/\s+/g, ' ').trim());
  t.check(!items.some((x) => /^(cloud|account|sync)\b/i.test(x)), `no glossary term is a candidate (${items.join(' | ')})`);
  const save = quickInput.locator('.monaco-list-row').filter({ has: page.locator('.label-name', { hasText: /^\s*save\s*$/i }) }).first();
  await save.waitFor({ timeout: 10_000 });
  const phrase = (await save.locator('.label-name').first().innerText()).trim();
  const description = (await save.locator('.label-description').first().innerText()).trim();
  const m = /^(\d+) strings · DE: ([^,]+)/.exec(description);
  t.check(m && Number(m[1]) >= 3, `"${phrase}" is a candidate of ${m?.[1]} strings with the rendering "${m?.[2]}" first (${description})`);
  const rendering = m[2].trim();
  await t.shot('term-check-candidates-1-list');
  await save.click();

  // 2. Which dictionary: the two EN → DE of the manifest.
  await quickInput.locator('.quick-input-title', { hasText: `Add "${phrase}" to which dictionary?` }).waitFor({ timeout: 20_000 });
  const dicts = (await t.pickItems()).map((x) => x.replace(/\s+/g, ' ').trim());
  t.check(dicts.length === 2 && dicts.some((d) => /^Term check test ?EN → DE$/.test(d)) && dicts.some((d) => /^Second glossary ?EN → DE$/.test(d)), `the EN → DE dictionaries are offered (${dicts.join(' | ')})`);
  await t.shot('term-check-candidates-2-dictionary');
  await t.pick('Term check test', { exact: true });

  // 3. The translation: the rendering found, offered in the input box; Enter takes it.
  await quickInput.locator('.quick-input-title', { hasText: `The translation of "${phrase}" in Term check test` }).waitFor({ timeout: 20_000 });
  const offered = await quickInput.locator('input.input').inputValue();
  t.check(offered === rendering, `the input box offers the rendering "${rendering}" (it holds "${offered}")`);
  // A linked file is written by the save, not pushed (the service's document would be): the prompt says which.
  const prompt = (await quickInput.locator('.quick-input-message').innerText()).replace(/\s+/g, ' ');
  t.check(/linked file .*"Push Linked File" then sends it to the service/.test(prompt), `the prompt says that the save writes the linked file and Push Linked File sends it (${prompt})`);
  await t.shot('term-check-candidates-3-translation');
  await page.keyboard.press('Enter');

  // 4. The linked file opens with the entry added, unsaved.
  await page.locator('.editor-group-container.active .tab.active', { hasText: 'en-de.glossary.tsv' }).first().waitFor({ timeout: 20_000 });
  const added = `${phrase}\t${rendering}`;
  await t.until(async () => (await screenLines(t)).some((l) => l.replace(/\s+/, '\t') === added), `the editor to show ${JSON.stringify(added)}`);
  const lines = (await screenLines(t)).filter((l) => l !== '');
  t.check(lines.length === 3 && /^cloud\s+Wolke$/.test(lines[0]) && /^account\s+Konto$/.test(lines[1]), `the entry is added after the file's two (${lines.join(' | ')})`);
  await t.until(async () => /^Ln 3, Col \d+ \(14 selected\)/.test(await t.statusText('status.editor.selection')), 'the added line selected (Ln 3, 14 selected)');
  t.check(true, 'the added line is selected');
  t.check((await t.activeTab()).dirty, 'the dictionary is changed, not saved');
  t.check(ws.read('glossaries/en-de.glossary.tsv') === readFileSync(join(FIXTURE, 'glossaries/en-de.glossary.tsv'), 'utf8'), 'the file on disk is unchanged until the save');
  await t.shot('term-check-candidates-4-added');

  // 5. Ctrl+S writes the file.
  await page.keyboard.press('Control+S');
  const want = `cloud\tWolke\naccount\tKonto\n${added}\n`;
  await t.until(() => ws.read('glossaries/en-de.glossary.tsv') === want, 'the linked file saved with the entry', { timeout: 15_000 })
    .catch(() => { throw new Error(`en-de.glossary.tsv holds ${JSON.stringify(ws.read('glossaries/en-de.glossary.tsv'))}`); });
  t.check(true, `the linked file holds ${JSON.stringify(want)}`);
  t.check(JSON.stringify(t.account().glossaries) === serviceBefore, 'the service\'s glossaries are unchanged');
  const sent = ws.writes();
  t.check(sent.length === 0, `no PUT, POST, PATCH or DELETE was sent (${sent.join(', ') || 'none'})`);

  // 6. Run again: the glossary holds "save" now, and it was the only candidate.
  await t.command('Terminology: Find Term Candidates');
  await t.message(/No term candidates in \d+ strings? of \d+ files?: every frequent phrase is in a glossary/, { timeout: 60_000 });
  t.check(true, 'run again, "No term candidates …: every frequent phrase is in a glossary"');
  await t.shot('term-check-candidates-5-none-left');
}
