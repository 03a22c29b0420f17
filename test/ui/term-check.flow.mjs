// The term check as a person meets it: a PO file opened through Quick Open shows a squiggle and a Problems entry
// with the term-check code; the cursor put on it from the Problems view, Ctrl+. and Enter on "Replace with the
// glossary's …" write the glossary's target into the file (in the sentence's case). Then a file whose dictionary is
// only on the service, the cursor put on the term with the keys. The glossaries are never written: the linked file
// is as it was, the service's glossary is unchanged and no request but GETs was sent.
// The workspace is test/fixtures/termcheck (the integration test's fixture) copied in as term-it/.
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURE = fileURLToPath(new URL('../fixtures/termcheck', import.meta.url));

export const title = 'term check: Quick Open a PO file → the finding in Problems → Ctrl+. Enter replaces the term; the glossaries untouched';
export const options = { settings: { 'terminology.manifest': 'term-it/terminology.json', 'files.autoSave': 'off' } };

export async function run(t) {
  const { page } = t;
  const dir = join(t.workspace, 'term-it');
  cpSync(FIXTURE, dir, { recursive: true });
  const read = (rel) => readFileSync(join(dir, rel), 'utf8');
  const glossaryFile = read('glossaries/en-de.glossary.tsv');
  // The manifest's en-fr dictionary has no file: it is read from the service's glossary of that name.
  t.account().glossaries.push({
    glossary_id: '5f7c0000-0000-4000-8000-000000000051', name: 'Term check test', creation_time: '2026-11-01T00:00:00Z',
    dictionaries: [{ source_lang: 'en', target_lang: 'fr', entries: [['cloud', 'nuage'], ['account', 'compte']] }],
  });
  const serviceBefore = JSON.stringify(t.account().glossaries);
  const writes = () => t.emulator.requests.filter((r) => r.method !== 'GET');
  await t.keyReady();

  // 1. de.po through Quick Open: "cloud" left untranslated in msgstr "In der cloud speichern" (line 7).
  await t.quickOpen('de.po');
  const squiggle = t.editor().locator('xpath=..').locator('.squiggly-warning');
  await squiggle.first().waitFor({ state: 'attached', timeout: 30_000 });
  t.check(true, 'the untranslated term has a warning squiggle');
  // The file opens as Gettext PO, its keywords coloured apart from its strings (not Plain Text).
  await page.locator('.statusbar-item[id="status.editor.mode"]', { hasText: 'Gettext PO' }).first().waitFor({ timeout: 10_000 });
  const colourOf = (text) => t.editor().locator('span > span', { hasText: text }).first().getAttribute('class');
  const [keyword, string] = [await colourOf('msgstr'), await colourOf('"In der cloud speichern"')];
  t.check(keyword && string && keyword !== string, `the status bar says Gettext PO, and msgstr (${keyword}) is coloured apart from its string (${string})`);
  await t.shot('term-check-po');
  await t.command('View: Focus Problems');
  const problem = page.locator('.markers-panel .monaco-list-row', { hasText: /"Wolke" \(glossary Term check test, en-de\)/ }).first();
  await problem.waitFor({ timeout: 20_000 });
  const entry = (await problem.innerText()).replace(/\s+/g, ' ');
  t.check(/untranslated-term/.test(entry) && /Ln 7, Col 16/.test(entry), `the Problems view lists it with its code and place (${entry})`);
  t.check(await page.locator('.markers-panel .monaco-list-row', { hasText: 'term-not-used' }).count() === 1, 'and the term-not-used finding of "Ihr Profil"');
  await problem.dblclick(); // back to the editor, "cloud" selected
  await page.locator('.editor-group-container.active .monaco-editor.focused').first().waitFor({ timeout: 10_000 });
  const at = await t.cursor();
  t.check(at.line === 7 && at.col >= 16 && at.col <= 21, `the cursor is on "cloud" (Ln ${at.line}, Col ${at.col})`);

  await applyFix(t, 'Replace with the glossary\'s "Wolke"');
  await t.until(async () => (await t.editorLines()).some((l) => l.replace(/\u00a0/g, ' ') === 'msgstr "In der Wolke speichern"'), 'the editor to show msgstr "In der Wolke speichern"');
  await page.keyboard.press('Control+S');
  const want = readFileSync(join(FIXTURE, 'de.po'), 'utf8').replace('"In der cloud speichern"', '"In der Wolke speichern"');
  await t.until(() => read('de.po') === want, 'de.po saved with the fix', { timeout: 15_000 })
    .catch(() => { throw new Error(`de.po holds ${JSON.stringify(read('de.po'))}`); });
  t.check(true, 'the fix replaced "cloud" with the glossary\'s "Wolke" and nothing else');
  await t.until(async () => (await page.locator('.markers-panel .monaco-list-row', { hasText: 'untranslated-term' }).count()) === 0, 'the untranslated-term entry to leave the Problems view');
  t.check(await page.locator('.markers-panel .monaco-list-row', { hasText: 'term-not-used' }).count() === 1, 'the fixed finding left the Problems view; the other stays');

  // 2. fr.po: its dictionary comes from the service; "Cloud" starts the string, so the fix writes "Nuage".
  await t.quickOpen('fr.po');
  await t.until(async () => (await page.locator('.markers-panel .monaco-list-row', { hasText: /"nuage" \(glossary Term check test, en-fr\)/ }).count()) === 1, 'the fr.po finding from the service\'s dictionary');
  // Go to Line takes "line:column" (one input: arrow keys pressed right after it can be lost).
  await page.keyboard.press('Control+G');
  await t.input(':6:9'); // the box starts with Go to Line's ":", which fill() replaces
  await t.until(async () => { const c = await t.cursor(); return c.line === 6 && c.col === 9; }, 'the cursor before "Cloud" (Ln 6, Col 9)');
  await applyFix(t, 'Replace with the glossary\'s "nuage"');
  await page.keyboard.press('Control+S');
  const wantFr = readFileSync(join(FIXTURE, 'fr.po'), 'utf8').replace('"Cloud activé"', '"Nuage activé"');
  await t.until(() => read('fr.po') === wantFr, 'fr.po saved with the fix', { timeout: 15_000 })
    .catch(() => { throw new Error(`fr.po holds ${JSON.stringify(read('fr.po'))}`); });
  t.check(true, 'the fix wrote the service\'s "nuage" capitalised at the start of the string: "Nuage activé"');

  // 3. The glossaries are never edited.
  t.check(read('glossaries/en-de.glossary.tsv') === glossaryFile, 'the linked glossary file is unchanged');
  t.check(JSON.stringify(t.account().glossaries) === serviceBefore, 'the service\'s glossaries are unchanged');
  const sent = writes();
  t.check(sent.length === 0, `no PUT, POST, PATCH or DELETE was sent (${sent.map((r) => `${r.method} ${r.path}`).join(', ') || 'none'})`);

  // 4. Pick Glossaries in a folder with a manifest: the picker says the manifest decides, and so does a message after
  // the pick (it changes nothing here, and nothing on screen said so).
  await t.command('Terminology: Pick Glossaries for the Term Check');
  await page.locator('.quick-input-widget input[placeholder^="This folder has a manifest"]').first().waitFor({ timeout: 20_000 });
  await page.keyboard.press('Enter');
  await t.notification(/terminology\.json decides which glossaries its translation files are checked against/);
  t.check(true, 'after a pick in a folder with a manifest, a message says the manifest decides');
}

/** Ctrl+. at the cursor, then the arrow keys to the fix titled `title` and Enter (no click). Ctrl+. is pressed again
 * while the diagnostics are late. */
async function applyFix(t, title) {
  const { page } = t;
  const menu = page.locator('.action-widget').first();
  const item = menu.locator('.monaco-list-row', { hasText: title }).first();
  await t.until(async () => {
    await page.keyboard.press('Control+.');
    if (await item.waitFor({ timeout: 1500 }).then(() => true, () => false)) return true;
    await page.keyboard.press('Escape');
    return false;
  }, `Ctrl+. to offer "${title}"`, { timeout: 20_000, interval: 300 });
  const rows = await menu.locator('.monaco-list-row').allInnerTexts();
  for (let i = 0; i < rows.length && !/\bfocused\b/.test((await item.getAttribute('class')) ?? ''); i++) await page.keyboard.press('ArrowDown');
  t.check(/\bfocused\b/.test((await item.getAttribute('class')) ?? ''), `Ctrl+. offers "${title}" among ${rows.map((r) => r.replace(/\s+/g, ' ').trim()).join(' | ')}, and the arrows reach it`);
  await page.keyboard.press('Enter');
  await menu.waitFor({ state: 'hidden', timeout: 10_000 });
}
