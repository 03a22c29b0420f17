// A style rule list edited as JSON: "Edit as JSON" from the Style Rules view, an option changed, a misspelt one
// blocks Ctrl+S, the quick fix (Ctrl+.) puts the nearest valid one, Ctrl+S pushes once and the version grows.
export const title = 'style rule list: Edit as JSON, an unknown option blocks Ctrl+S, quick fix, Ctrl+S pushes';

export async function run(t) {
  const { page } = t;
  const list = () => t.account().styleRules.find((s) => s.name === 'Technische Dokumentation');
  await t.keyReady();
  t.check(list().version === 3, 'the seeded list is at version 3');
  await t.openExplorer();
  await t.expandView('Style Rules');
  await t.contextMenu(t.treeItem('Technische Dokumentation'), 'Edit as JSON');
  await page.locator('.editor-group-container.active .tab.active', { hasText: 'Technische Dokumentation.json' }).first().waitFor({ timeout: 20_000 });
  await t.editor().locator('.view-line').first().waitFor({ timeout: 20_000 });
  await t.until(async () => (await t.editor().innerText()).includes('write_with_hyphen'), 'the document shows the list');
  // The tab's title bar holds the style rule list's own actions, not a dictionary's (whose Pull or Merge would answer
  // "Open a dictionary or term list… first").
  const actions = page.locator('.editor-group-container.active .editor-actions .action-label');
  await page.locator('.editor-group-container.active .editor-actions .action-label[aria-label^="Save and Push Style Rule List"]').first().waitFor({ timeout: 10_000 });
  const labels = (await actions.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))).filter(Boolean);
  t.check(labels.some((l) => l.startsWith('Compare Style Rule List with the Service')) && !labels.some((l) => /^(Compare with Remote|Pull from Remote|Merge Remote Changes|Overwrite Remote)/.test(l)),
    `the title bar has the list's Save and Compare, none of a dictionary's actions (${labels.join(' · ')})`);

  /** Selects the first match of `word` in the editor (Find, then Escape keeps the match selected) and types over it. */
  const replace = async (word, by) => {
    await t.editor().click();
    await page.keyboard.press('Control+F');
    await page.keyboard.insertText(word);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.keyboard.insertText(by);
  };
  await replace('use_colon', 'use_period');
  await replace('write_with_hyphen', 'write_with_hyphn');
  await page.keyboard.press('Control+S');
  const blocked = await t.notification(/1 error in .*blocks the push/);
  t.check(list().version === 3, 'Ctrl+S with an unknown option pushed nothing, and says why');
  await blocked.locator('.monaco-button', { hasText: 'Show Problems' }).first().click();
  const problems = page.locator('.markers-panel .monaco-list-row', { hasText: /is not an option of spelling_and_grammar\.compound_nouns: use (one of )?"/ }).first();
  await problems.waitFor({ timeout: 15_000 });
  t.check(true, 'the message offers Show Problems, which lists the finding with its option ids quoted');
  await problems.dblclick(); // back to the editor, the cursor on the finding
  await page.locator('.editor-group-container.active .monaco-editor.focused').first().waitFor({ timeout: 10_000 });

  const fix = page.locator('.action-widget .monaco-list-row, .action-widget .action-item, .context-view .action-item', { hasText: 'Change to "write_with_hyphen"' }).first();
  // Ctrl+. asks for the code actions where the cursor is; on a loaded machine the first press may come before the
  // editor takes the keys (the widget does not open). Pressed again after Escape, 3 times at most: a fix never
  // offered still fails here.
  for (let tries = 1; ; tries++) {
    await page.keyboard.press('Control+.');
    const shown = await fix.waitFor({ timeout: 5_000 }).then(() => true, () => false);
    if (shown) break;
    if (tries === 3) await fix.waitFor({ timeout: 5_000 });
    await page.keyboard.press('Escape');
    await t.editor().locator('.view-line', { hasText: 'write_with_hyphn' }).first().click();
  }
  await fix.click();
  await t.until(async () => (await t.editor().innerText()).replace(/\u00a0/g, ' ').includes('"write_with_hyphen"'), 'the quick fix put "write_with_hyphen"');
  t.check(true, 'Ctrl+. offers "Change to "write_with_hyphen"" and applies it');

  await page.keyboard.press('Control+S');
  await t.until(() => list().version === 4, 'the service holds version 4');
  const rules = list().configured_rules;
  t.check(rules.dates_and_times.hours_minutes_seconds_separator === 'use_period' && rules.spelling_and_grammar.compound_nouns === 'write_with_hyphen', 'Ctrl+S pushed the edited rules');
  t.check(t.requests('PUT', /\/configured_rules$/).length === 1 && t.requests('POST', /custom_instructions/).length === 0, 'with exactly one PUT of configured_rules and no instruction call');
  const tab = await t.activeTab();
  await t.until(async () => !(await t.activeTab()).dirty, 'the tab is clean');
  t.check(Boolean(tab), 'the tab is clean after the push');
}
