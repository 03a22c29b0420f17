// A multilingual glossary in the table view: open it from the explorer (its menu, EN), see the gap counts, show only
// the rows missing in FR, fill a gap by typing into its cell, Ctrl+S pushes only EN → FR. Screenshots in a dark and
// a light theme go to test-results/ui/glossary-table-{dark,light}.png.
import { join } from 'node:path';

export const title = 'glossary table: explorer → EN in the table → missing in FR → type into the gap → Ctrl+S pushes EN → FR only';

export async function run(t) {
  const { page } = t;
  const de = JSON.parse(JSON.stringify(t.entries('Product terminology', 'en', 'de')));
  const ja = JSON.parse(JSON.stringify(t.entries('Product terminology', 'en', 'ja')));
  const fr = JSON.parse(JSON.stringify(t.entries('Product terminology', 'en', 'fr')));
  t.check(!fr.some(([s]) => s === 'server'), 'the service\'s EN → FR lacks "server"');

  await t.openExplorer();
  await t.contextMenu(t.treeItem('Product terminology'), 'Open Glossary (All Languages)');
  await t.pick('EN', { exact: true });
  const frame = t.tableFrame();
  const summary = frame.locator('#summary');
  await summary.filter({ hasText: '5 rows' }).waitFor({ timeout: 30_000 });
  t.check(true, 'the glossary opens in the table view: 5 source phrases as 5 rows (the language line is the header)');
  const tab = await t.activeTab();
  t.check(/en\.multilingual\.tsv \(Table\)/.test(tab.title), `the tab is the table of en.multilingual.tsv (${tab.title})`);
  const headers = (await frame.locator('#head .cell').allInnerTexts()).map((h) => h.trim());
  t.check(headers.length === 4 && /EN/.test(headers[0]) && headers[1] === 'DE' && headers[2] === 'FR' && headers[3] === 'JA',
    `a column per language (${headers.join(' | ')})`);
  const gaps = frame.locator('#gaps');
  await gaps.filter({ hasText: 'FR: 2 missing' }).waitFor({ timeout: 10_000 });
  t.check(/DE: 0 missing/.test(await gaps.innerText()) && /JA: 2 missing/.test(await gaps.innerText()), `the gaps are counted per language (${await gaps.innerText()})`);
  t.check(await frame.locator('.cell.gap').count() === 4, 'the four empty cells are shown as gaps');
  await page.screenshot({ path: join('test-results', 'ui', 'glossary-table-dark.png') });

  // Only the rows missing in FR: server and Terminology Studio.
  await frame.locator('#missing').selectOption({ label: 'Missing in FR' });
  await summary.filter({ hasText: '2 shown' }).waitFor({ timeout: 10_000 });
  const cell = (row, col) => frame.locator(`.row[data-row="${row}"] .cell[data-col="${col}"]`);
  t.check((await cell(0, 0).innerText()).trim() === 'server' && (await cell(1, 0).innerText()).trim() === 'Terminology Studio',
    'the filter "Missing in FR" shows server and Terminology Studio');

  // Fill server's FR gap by typing into it.
  await cell(0, 2).click();
  await page.keyboard.type('serveur');
  await page.keyboard.press('Enter');
  await gaps.filter({ hasText: 'FR: 1 missing' }).waitFor({ timeout: 10_000 });
  t.check(true, 'typing into the gap filled it: FR: 1 missing');
  await summary.filter({ hasText: '1 shown' }).waitFor({ timeout: 10_000 });
  t.check((await cell(0, 0).innerText()).trim() === 'Terminology Studio', 'the filled row leaves the "Missing in FR" view');
  t.check((await t.activeTab()).dirty, 'the tab is dirty');

  const before = t.requests('PUT', /dictionaries/).length;
  const gridTop = () => frame.locator('#grid').evaluate((g) => g.getBoundingClientRect().top);
  const topBefore = await gridTop();
  const statusBox = () => frame.locator('#findStatus').evaluate((e) => Math.round(e.getBoundingClientRect().width));
  const boxBefore = await statusBox();
  await page.keyboard.press('Control+S');
  await t.until(() => t.entries('Product terminology', 'en', 'fr')?.some(([s, g]) => s === 'server' && g === 'serveur'), 'the service holds server → serveur in EN → FR');
  t.check(true, 'Ctrl+S pushed: EN → FR holds server → serveur');
  await t.until(async () => !(await t.activeTab()).dirty, 'the tab clean after the push');
  await t.until(async () => /^Pushed at \d{1,2}:\d{2}:\d{2}( [AP]M)?$/.test((await frame.locator('#findStatus').innerText()).trim()), 'the table\'s status line to say the save went through');
  t.check(true, 'the table\'s status line says the save went through');
  t.check(await gridTop() === topBefore, `the message moves no row: the grid starts where it did (${topBefore} px)`);
  const boxAfter = await statusBox();
  t.check(boxAfter === boxBefore, `the status line keeps the room it had before it spoke, whatever it says (${boxBefore} px wide, now ${boxAfter}): at any width, no message can push the buttons onto a second line`);
  t.check(await frame.locator('#findStatus').getAttribute('title') === (await frame.locator('#findStatus').innerText()).trim(), 'its whole text is in its tooltip');
  // Readable, not cut to a letter or two (a walk saw "S" and "Save…"): it keeps room for about 26 characters.
  const width = await frame.locator('#findStatus').evaluate((e) => ({ shown: e.clientWidth, whole: e.scrollWidth, ch: parseFloat(e.ownerDocument.defaultView.getComputedStyle(e).fontSize) * 0.5 }));
  t.check(width.shown >= Math.min(width.whole, 20 * width.ch), `the status line shows at least about 20 characters of it (${width.shown} of ${width.whole} px)`);
  t.check(t.requests('PUT', /dictionaries/).length - before === 1, 'exactly one PUT: only the dictionary that changed');
  t.check(JSON.stringify(t.entries('Product terminology', 'en', 'fr')) === JSON.stringify([...fr, ['server', 'serveur']].sort((a, b) => ['cloud', 'server', 'dashboard', 'invoice'].indexOf(a[0]) - ['cloud', 'server', 'dashboard', 'invoice'].indexOf(b[0]))),
    `EN → FR holds its three entries and the new one (${JSON.stringify(t.entries('Product terminology', 'en', 'fr'))})`);
  t.check(JSON.stringify(t.entries('Product terminology', 'en', 'de')) === JSON.stringify(de) && JSON.stringify(t.entries('Product terminology', 'en', 'ja')) === JSON.stringify(ja),
    'EN → DE and EN → JA are untouched');

  // The same table in a light theme, every row shown again.
  await frame.locator('#missing').selectOption({ value: '' });
  await summary.filter({ hasText: /^5 rows$/ }).waitFor({ timeout: 10_000 });
  await t.command('Preferences: Color Theme');
  await t.pick('Light Modern');
  await page.waitForTimeout(500);
  await page.screenshot({ path: join('test-results', 'ui', 'glossary-table-light.png') });

  // A long value, which a narrow column cuts off, is in the cell's tooltip.
  const long = frame.locator('.cell[data-col="0"]', { hasText: 'Terminology Studio' }).first();
  t.check(((await long.getAttribute('title')) ?? '').startsWith('Terminology Studio'), `the long source phrase is the cell's tooltip (${await long.getAttribute('title')})`);

  // The keys act on the grid after a picker the table opened, without a click: Delete asks from which dictionaries;
  // Escape closes the picker and changes nothing; the grid has the keyboard again, so ArrowUp moves the selected cell
  // and Delete asks again (before the fix, focus came back to the page's body and the keys did nothing).
  await cell(2, 1).click();
  await page.keyboard.press('Delete');
  const items = await t.pickItems();
  t.check(items.length > 0, `Delete asks from which dictionaries (${items.map((i) => i.replace(/\s+/g, ' ')).join(' | ')})`);
  await page.keyboard.press('Escape');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10_000 });
  t.check(!(await t.activeTab()).dirty, 'Escape in the picker deleted nothing');
  const gridFocused = await frame.locator('#grid:focus').waitFor({ timeout: 10_000 }).then(() => true, () => false);
  t.check(gridFocused, 'after the picker closed, the grid has the keyboard again without a click');
  await page.keyboard.press('ArrowUp');
  const moved = await frame.locator('.row[data-row="1"] .cell.active[data-col="1"]').waitFor({ timeout: 10_000 }).then(() => true, () => false);
  t.check(moved, 'ArrowUp then moved the selected cell from row 3 to row 2');
  await page.keyboard.press('Delete');
  t.check((await t.pickItems()).length > 0, 'Delete on the row reached by the arrow asks from which dictionaries again');
  await page.keyboard.press('Escape');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10_000 });
  t.check(!(await t.activeTab()).dirty, 'Escape in the second picker deleted nothing either');
}
