// "Ignore here" as a person meets it: de.po says "Ihr Profil" for "Your account" where the glossary says "Konto"
// (term-not-used). The cursor put in the target with Go to Line, Ctrl+. and the arrows to 'Ignore "account" here'
// write a translator comment "# terminology-ignore: account" before the entry; the finding leaves the Problems view
// (the other one stays), and Ctrl+S saves exactly that line more. The glossaries are never written: the linked file
// is as it was, the service's glossaries are unchanged and no request but GETs was sent.
// Screenshots: test-results/ui/term-check-ignore-*.png.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyFix, FIXTURE, goTo, screenLines, settings, termCheckWorkspace } from './termCheckFixture.mjs';

export const title = 'term check: Ctrl+. "Ignore … here" in a PO file → a terminology-ignore comment, the finding goes; the glossaries untouched';
export const options = { settings };

export async function run(t) {
  const { page } = t;
  const ws = termCheckWorkspace(t);
  const glossaryFile = ws.read('glossaries/en-de.glossary.tsv');
  const serviceBefore = JSON.stringify(t.account().glossaries);
  await t.keyReady();

  await t.quickOpen('de.po');
  await t.command('View: Focus Problems');
  const notUsed = page.locator('.markers-panel .monaco-list-row', { hasText: /term-not-used/ }).filter({ hasText: /"Konto"/ });
  await notUsed.first().waitFor({ timeout: 30_000 });
  const entry = (await notUsed.first().innerText()).replace(/\s+/g, ' ');
  t.check(/Ln 10, Col 9/.test(entry), `the Problems view lists the term-not-used finding of "Ihr Profil" (${entry})`);
  t.check((await ws.problems()).some((p) => /untranslated-term/.test(p)), 'and the untranslated "cloud" of line 7');

  // The cursor inside "Ihr Profil" (line 10), Ctrl+., the arrows to "Ignore" and Enter.
  await t.editor().click();
  await goTo(t, 10, 13);
  const { menu } = await applyFix(t, 'Ignore "account" here');
  await t.shot('term-check-ignore-1-quickfix');
  await page.keyboard.press('Enter');
  await menu.waitFor({ state: 'hidden', timeout: 10_000 });

  const plain = () => screenLines(t);
  await t.until(async () => (await plain()).includes('# terminology-ignore: account'), 'the editor to show "# terminology-ignore: account"');
  const lines = await plain();
  const at = lines.indexOf('# terminology-ignore: account');
  t.check(lines[at + 1] === 'msgid "Your account"', `the comment stands right before the entry's msgid (${lines.slice(at - 1, at + 3).join(' | ')})`);
  t.check((await t.activeTab()).dirty, 'the edit is in the editor, unsaved (the user saves it)');
  await t.until(async () => (await notUsed.count()) === 0, 'the ignored finding to leave the Problems view');
  t.check((await ws.problems()).some((p) => /untranslated-term/.test(p)), 'the ignored finding left the Problems view; the untranslated "cloud" stays');
  await t.shot('term-check-ignore-2-after');

  await page.keyboard.press('Control+S');
  const want = readFileSync(join(FIXTURE, 'de.po'), 'utf8').replace('\nmsgid "Your account"', '\n# terminology-ignore: account\nmsgid "Your account"');
  await t.until(() => ws.read('de.po') === want, 'de.po saved with the comment', { timeout: 15_000 })
    .catch(() => { throw new Error(`de.po holds ${JSON.stringify(ws.read('de.po'))}`); });
  t.check(true, 'de.po on disk holds the comment line and nothing else new');
  // Saved, the file is checked again: the mark is read from it, and the finding stays away.
  await t.until(async () => !(await t.activeTab()).dirty, 'de.po clean after the save');
  await page.waitForTimeout(1000);
  t.check(await notUsed.count() === 0, 'after the save the finding is still gone');

  t.check(ws.read('glossaries/en-de.glossary.tsv') === glossaryFile, 'the linked glossary file is unchanged');
  t.check(JSON.stringify(t.account().glossaries) === serviceBefore, 'the service\'s glossaries are unchanged');
  const sent = ws.writes();
  t.check(sent.length === 0, `no PUT, POST, PATCH or DELETE was sent (${sent.join(', ') || 'none'})`);
}
