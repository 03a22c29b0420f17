// Drafts across a real window reload: Add Language (palette → Spanish) in the glossary table writes a column of
// machine-translated drafts, marked as drafts (italics in the table, `draft-translation` in the Problems panel).
// Without saving, the window reloads (page.reload()); the workbench restores the dirty document (in the table, or as
// text when it had not saved its editors), the drafts are still marked, nothing was pushed; then Ctrl+S creates
// EN → ES with exactly those drafts. A screenshot of the restored
// window goes to test-results/ui/drafts-reload-after-reload.png. The checks across dictionaries (reverse-mismatch)
// come back after the reload as well.
import { join } from 'node:path';

export const title = 'drafts-reload: table → Add Language ES → drafts → reload without saving → still drafts, nothing pushed → Ctrl+S creates EN → ES';

export async function run(t) {
  const { page } = t;
  const es = () => t.entries('Product terminology', 'en', 'es');
  const writes = () => t.emulator.requests.filter((r) => r.method !== 'GET' && /glossaries/.test(r.path)).length;
  const frame = () => t.tableFrame();
  const docTab = page.locator('.tab', { hasText: 'en.multilingual.tsv' }).first();

  // Open the glossary in the table (the default of terminology.openGlossaryIn) from its menu in the explorer.
  await t.openExplorer();
  await t.contextMenu(t.treeItem('Product terminology'), 'Open Glossary (All Languages)');
  await t.pick('EN', { exact: true });
  await frame().locator('#summary').filter({ hasText: '5 rows' }).waitFor({ timeout: 30_000 });
  t.check(!es(), 'the service has no EN → ES to begin with');

  // Add Language from the palette, with the table active, and pick Spanish.
  // The language picker closes when focus moves (the table's webview can take it as it settles): run it again then.
  await t.until(async () => {
    await t.command('Terminology: Add Language to Glossary');
    if (await t.pick('Spanish', { timeout: 10_000 }).then(() => true, () => false)) return true;
    await page.keyboard.press('Escape');
    return false;
  }, 'the language picker to offer Spanish', { timeout: 60_000, interval: 500 });
  const headers = async () => (await frame().locator('#head .cell').allInnerTexts()).map((h) => h.trim());
  await t.until(async () => (await headers()).includes('ES'), 'an ES column in the table', { timeout: 30_000 });
  const esCol = (await headers()).indexOf('ES');
  await t.notification(/Added ES with 5 machine-translated drafts/);
  t.check(true, `Add Language added an ES column (${(await headers()).join(' | ')}) and said so`);

  /** The table's ES cells as [source, text, shown as a draft]. */
  const esCells = async () => frame().locator('#rows .row').evaluateAll((rows, col) => rows.map((r) => {
    const cell = r.querySelector(`.cell[data-col="${col}"]`);
    return [r.querySelector('.cell[data-col="0"]')?.textContent?.trim(), cell?.querySelector('.text')?.textContent ?? '', Boolean(cell?.classList.contains('draft'))];
  }), esCol);
  await t.until(async () => (await esCells()).length === 5 && (await esCells()).every(([, , d]) => d), 'every ES cell shown as a draft');
  const drafts = (await esCells()).map(([s, x]) => [s, x]);
  const italic = await frame().locator(`.cell.draft[data-col="${esCol}"] .text`).first()
    .evaluate((e) => e.ownerDocument.defaultView.getComputedStyle(e).fontStyle);
  t.check(drafts.every(([s, x]) => x === `[ES] ${s}`) && italic === 'italic',
    `the 5 ES cells hold the drafts, in italics (${drafts.map(([, x]) => x).join(', ')})`);

  // Ctrl+S in the table asks first; Review Drafts sends nothing and selects a draft cell.
  const writesAtAsk = writes();
  await frame().locator('.row[data-row="3"] .cell[data-col="0"]').click();
  await page.keyboard.press('Control+S');
  await t.modal(/5 machine-translated drafts in en\.multilingual\.tsv have not been reviewed/, 'Review Drafts');
  await frame().locator(`.row[data-row="0"] .cell.active.draft[data-col="${esCol}"]`).waitFor({ timeout: 10_000 });
  t.check(writes() === writesAtAsk, 'Ctrl+S in the table asked about the 5 drafts; Review Drafts sent nothing and selected the first draft (the first row\'s ES cell)');
  t.check(await frame().locator('#grid:focus').waitFor({ timeout: 10_000 }).then(() => true, () => false), 'after the question the grid has the keyboard, without a click');
  await page.keyboard.press('ArrowLeft');
  await frame().locator(`.cell.active[data-col="${esCol - 1}"]`).waitFor({ timeout: 10_000 });
  t.check(true, 'ArrowLeft then moved to the JA cell');

  // The Problems panel lists a draft-translation finding per draft. Its filter box narrows the list to one code, as
  // a person would type it, so that every row counted is on screen (the list draws only the rows it shows).
  const showProblems = async () => {
    if (!(await page.locator('.markers-panel').isVisible().catch(() => false))) await t.command('View: Focus Problems');
    await page.locator('.markers-panel').waitFor({ timeout: 10_000 });
  };
  const filterBox = page.locator('.part.panel .viewpane-filter input').first();
  /** Rows of the Problems panel with `code`, the panel filtered by it; the filter is cleared again. */
  const problemsWith = async (code, n, what, timeout = 20_000) => {
    await showProblems();
    await filterBox.fill(code);
    const rows = page.locator('.markers-panel .monaco-list-row', { hasText: code });
    try {
      await t.until(async () => (await rows.count()) === n, what, { timeout });
    } catch (err) {
      throw new Error(`${err.message} (${await rows.count()} rows)`, { cause: err });
    } finally {
      await filterBox.fill('');
    }
  };
  await problemsWith('draft-translation', 5, 'five draft-translation findings in the Problems panel');
  t.check(true, 'the Problems panel lists 5 draft-translation findings');
  // The checks across dictionaries too: DE → EN lacks Server and Terminology Studio (two reverse-mismatch warnings).
  await problemsWith('reverse-mismatch', 2, 'two reverse-mismatch warnings in the Problems panel');
  t.check(true, 'and the 2 reverse-mismatch warnings of EN → DE (DE → EN lacks Server, Terminology Studio)');
  t.check(Boolean((await docTab.getAttribute('class'))?.includes('dirty')), 'the table tab is dirty');
  t.check(!es(), 'nothing sent yet: the service has no EN → ES');

  // No save. VS Code writes its backup of a dirty editor about a second after the edit; then reload the window.
  await page.waitForTimeout(2500);
  const writesBefore = writes();
  await page.reload();
  await t.ready();
  await docTab.waitFor({ timeout: 30_000 });
  await docTab.click();
  await t.until(async () => (await docTab.getAttribute('class'))?.includes('dirty'), 'the restored tab to be dirty', { timeout: 30_000 });
  // The workbench restores the table when it saved its editors before the page went; when it did not (it does not
  // always, on a page reload: 2 runs in about 10 here), it opens the dirty document from its backup as text. A person
  // sees the drafts either way: both are checked.
  const asTable = /\(Table\)/.test(await docTab.innerText());
  t.check(true, `after the reload the dirty document is restored, in ${asTable ? 'the table' : 'a text editor'} (tab "${(await docTab.innerText()).replace(/\s+/g, ' ').trim()}")`);

  // (1) Still drafts: italics (and in the text, the "draft" note after each), and the findings in the Problems panel.
  if (asTable) {
    await frame().locator('#summary').filter({ hasText: '5 rows' }).waitFor({ timeout: 30_000 });
    await t.until(async () => (await headers()).includes('ES'), 'the restored table to show the ES column', { timeout: 30_000 });
    t.check(true, `the restored table has its ES column (${(await headers()).join(' | ')})`);
    const col = (await headers()).indexOf('ES');
    const after = async () => frame().locator('#rows .row').evaluateAll((rows, c) => rows.map((r) => {
      const cell = r.querySelector(`.cell[data-col="${c}"]`);
      return [r.querySelector('.cell[data-col="0"]')?.textContent?.trim(), cell?.querySelector('.text')?.textContent ?? '', Boolean(cell?.classList.contains('draft'))];
    }), col);
    await t.until(async () => (await after()).filter(([, , d]) => d).length === 5, 'the 5 ES cells marked as drafts again after the reload', { timeout: 30_000 })
      .catch(async (err) => { throw new Error(`${err.message}: ${JSON.stringify(await after())}`); });
    t.check(JSON.stringify((await after()).map(([s, x]) => [s, x])) === JSON.stringify(drafts), 'the restored ES cells hold the same drafts, in italics');
  } else {
    await t.editor().locator('.view-line').first().waitFor({ timeout: 20_000 });
    const lines = async () => (await t.editorLines()).map((l) => l.replace(/\u00a0/g, ' ').trimEnd());
    // The drafts' text in italics, and the "draft" note the decoration draws after each (CSS content, not text).
    const look = async () => page.locator('.editor-group-container.active .view-line span').evaluateAll((els) => {
      const leaves = els.filter((e) => e.children.length === 0);
      const style = (e, pseudo) => e.ownerDocument.defaultView.getComputedStyle(e, pseudo);
      return {
        italic: leaves.filter((e) => style(e).fontStyle === 'italic').map((e) => e.textContent.replace(/\u00a0/g, ' ')),
        notes: els.filter((e) => /draft/.test(style(e, '::after').content)).length,
      };
    });
    await t.until(async () => (await look()).notes === 5, 'every draft followed by its "draft" note after the reload', { timeout: 30_000 })
      .catch(async (err) => { throw new Error(`${err.message}: ${JSON.stringify(await look())}`, { cause: err }); });
    const { italic, notes } = await look();
    const shown = italic.join('');
    t.check((await lines()).some((l) => /^en\b.*\bes$/.test(l)) && drafts.every(([, x]) => shown.includes(x)),
      `the restored text has its es column, the 5 drafts in italics (${italic.join(' | ')}), each with its "draft" note (${notes})`);
  }
  await problemsWith('draft-translation', 5, 'five draft-translation findings in the Problems panel after the reload', 30_000);
  t.check(true, 'after the reload the Problems panel lists the 5 draft-translation findings again');
  // The restored glossary asks for its reverse dictionaries again once the key is read (the web workbench reads it
  // late after a reload): the warnings come back, in the Problems panel and in the table's problem count.
  await problemsWith('reverse-mismatch', 2, 'the two reverse-mismatch warnings back after the reload', 30_000);
  if (asTable) await frame().locator('#next').filter({ hasText: '2 problems' }).waitFor({ timeout: 10_000 });
  t.check(true, `after the reload the 2 reverse-mismatch warnings are back too (Problems panel${asTable ? ', "2 problems" in the table' : ''})`);
  await page.screenshot({ path: join('test-results', 'ui', 'drafts-reload-after-reload.png') });

  // (2) The reload pushed nothing.
  t.check(!es(), 'the service still has no EN → ES after the reload');
  t.check(writes() === writesBefore, `the reload sent no write to the service (${writes() - writesBefore} writes)`);

  // (3) An explicit save in the editor creates EN → ES with the drafts.
  await docTab.click();
  if (asTable) await frame().locator('#grid').focus();
  else await t.editor().click();
  await page.keyboard.press('Control+S');
  await t.modal(/5 machine-translated drafts in .* have not been reviewed/, 'Push with Drafts');
  await t.until(() => Boolean(es()), 'the service holds EN → ES after Ctrl+S', { timeout: 30_000 });
  const sorted = (pairs) => JSON.stringify([...pairs].sort(([a], [b]) => a.localeCompare(b)));
  t.check(sorted(es()) === sorted(drafts), `EN → ES holds exactly the 5 drafts (${JSON.stringify(es())})`);
  await t.until(async () => !(await docTab.getAttribute('class'))?.includes('dirty'), 'the tab clean after the push');
  await problemsWith('draft-translation', 0, 'the draft-translation findings gone after the push');
  t.check(true, 'after the push the tab is clean and the drafts are drafts no more');
}
