// "Add this rendering to the glossary" as a person meets it: a French XLIFF whose target says "profil" where the
// glossary's en-fr dictionary (only on the service) says "compte" for "account" has a term-not-used finding. The
// word "profil" selected with the keys, Ctrl+. offers to add it to the glossary; the modal asks first; the
// dictionary opens with the line changed, unsaved; Ctrl+S pushes it: the service holds account → profil (one PUT,
// nothing else written) and the finding has left the Problems view. The XLIFF file itself is never touched.
// Screenshots: test-results/ui/term-check-add-rendering-*.png.
import { applyFix, goTo, settings, termCheckWorkspace } from './termCheckFixture.mjs';

export const title = 'term check: select the rendering in an XLIFF target → Ctrl+. "Add … to the glossary" → the modal → the dictionary changed → Ctrl+S pushes it; the finding goes';
export const options = { settings };

const XLIFF = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" target-language="fr" datatype="plaintext" original="app">
    <body>
      <trans-unit id="account">
        <source>Delete the account</source>
        <target>Supprimer le profil</target>
      </trans-unit>
    </body>
  </file>
</xliff>
`;

export async function run(t) {
  const { page } = t;
  const ws = termCheckWorkspace(t);
  ws.write('messages.fr.xlf', XLIFF);
  const germanFile = ws.read('glossaries/en-de.glossary.tsv');
  await t.keyReady();

  // 1. The finding: the whole target is marked, since which words render "account" is not known.
  await t.quickOpen('messages.fr.xlf');
  await t.command('View: Focus Problems');
  const finding = page.locator('.markers-panel .monaco-list-row', { hasText: /term-not-used/ }).filter({ hasText: /"compte"/ }).first();
  await finding.waitFor({ timeout: 30_000 });
  const entry = (await finding.innerText()).replace(/\s+/g, ' ');
  t.check(/Ln 7, Col 17/.test(entry), `the Problems view lists the term-not-used finding on the target (${entry})`);

  // 2. "profil" selected with the keys: Go to Line 7:30, then Ctrl+Shift+Right.
  await t.editor().click();
  await goTo(t, 7, 30);
  await page.keyboard.press('Control+Shift+ArrowRight');
  await t.until(async () => /\(6 selected\)/.test(await t.statusText('status.editor.selection')), 'the status bar to say 6 selected');
  t.check(true, '"profil" is selected (the status bar says 6 selected)');
  const add = 'Add "profil" to the glossary as the translation of "account"';
  const { menu } = await applyFix(t, add);
  await t.shot('term-check-add-rendering-1-quickfix');
  await page.keyboard.press('Enter');
  await menu.waitFor({ state: 'hidden', timeout: 10_000 });

  // 3. The modal says what changes and where, before anything does.
  const modal = page.locator('.monaco-dialog-box', { hasText: 'Make "profil" the translation of "account"' }).first();
  await modal.waitFor({ timeout: 20_000 });
  const asked = (await modal.innerText()).replace(/\s+/g, ' ');
  t.check(/in Term check test \(EN → FR\), instead of "compte"\?/.test(asked), `the modal names the glossary, the pair and the old translation (${asked})`);
  t.check(/save to push it to the service/.test(asked), 'and says that saving the service\'s dictionary pushes it');
  await t.shot('term-check-add-rendering-2-modal');
  t.check(ws.writes().length === 0, 'nothing was sent before the answer');
  await modal.locator('.monaco-button', { hasText: 'Change the Glossary' }).first().click();

  // 4. The service's dictionary opens with the line changed, unsaved.
  await t.until(async () => (await t.editorLines()).some((l) => /^account\s+profil$/.test(l.replace(/\u00a0/g, ' '))), 'the dictionary to show account → profil');
  const lines = (await t.editorLines()).map((l) => l.replace(/\u00a0/g, ' '));
  t.check(!lines.some((l) => /compte/.test(l)) && lines.some((l) => /^cloud\s+nuage$/.test(l)), `the line of "account" changed, the other kept (${lines.join(' | ')})`);
  // The changed line is selected (a long dictionary would open at its top, the change out of sight).
  await t.until(async () => /^Ln 2, Col \d+ \(14 selected\)/.test(await t.statusText('status.editor.selection')), 'the changed line selected (Ln 2, 14 selected)');
  t.check(true, 'the changed line "account\tprofil" is selected');
  const tab = await t.activeTab();
  tab.title = tab.title.replace(/\s+/g, '');
  t.check(tab.dirty, `the dictionary's tab (${tab.title}) is dirty: the change is not saved`);
  t.check(JSON.stringify(t.entries('Term check test', 'en', 'fr')) === JSON.stringify([['cloud', 'nuage'], ['account', 'compte']]), 'the service still holds account → compte');
  await t.shot('term-check-add-rendering-3-dictionary');

  // 5. Ctrl+S pushes it, once.
  await page.keyboard.press('Control+S');
  await t.until(() => t.entries('Term check test', 'en', 'fr')?.some(([s, g]) => s === 'account' && g === 'profil'), 'the service to hold account → profil', { timeout: 30_000 });
  const held = t.entries('Term check test', 'en', 'fr');
  t.check(JSON.stringify(held) === JSON.stringify([['cloud', 'nuage'], ['account', 'profil']]), `the service holds account → profil and cloud → nuage (${JSON.stringify(held)})`);
  await t.until(async () => !(await t.activeTab()).dirty, 'the dictionary\'s tab clean after the push');
  const sent = ws.writes();
  t.check(sent.length === 1 && /^PUT .*dictionaries/.test(sent[0]), `exactly one PUT of the dictionary, nothing else written (${sent.join(', ')})`);

  // 6. The finding is gone; the translation file and the linked German file are as they were.
  await t.command('View: Focus Problems');
  await t.until(async () => !(await ws.problems()).some((p) => /term-not-used/.test(p) && /"compte"/.test(p)), 'the finding to leave the Problems view');
  t.check(true, 'the term-not-used finding left the Problems view');
  await t.shot('term-check-add-rendering-4-after');
  t.check(ws.read('messages.fr.xlf') === XLIFF, 'messages.fr.xlf is unchanged');
  t.check(ws.read('glossaries/en-de.glossary.tsv') === germanFile, 'the linked en-de glossary file is unchanged');
}
