// The Term Check view as a person meets it: the manifest links two glossaries ("Term check test": en-de in a file,
// en-fr on the service; "Second glossary": en-de on the service, sync → abgleichen). Before any check the view
// shows its welcome text; "Check Terms in Workspace" from the palette reports its count, and the view lists the
// findings by term with their counts, code and glossary, the most first, adding up to the count reported. The
// title bar's filter picks "Second glossary": only "sync" stays; the title bar's other action shows all again.
// A finding under "cloud" clicked opens its file with the term selected. Nothing is written anywhere.
// Screenshots: test-results/ui/term-check-view-*.png.
import { settings, termCheckWorkspace } from './termCheckFixture.mjs';

export const title = 'term check view: Check Terms in Workspace → findings by term with counts → filter by glossary and clear it → a click opens the finding';
export const options = { settings };

export async function run(t) {
  const { page } = t;
  const ws = termCheckWorkspace(t, { second: true });
  const serviceBefore = JSON.stringify(t.account().glossaries);
  await t.keyReady();

  // 1. Before any check: the view's welcome text and its button.
  const pane = await t.expandView('Term Check');
  const header = pane.locator('.pane-header');
  // Room for it: the views above it collapsed, as a person would (it comes last, under Glossaries and Spoken Terms).
  for (const name of ['Glossaries', 'Spoken Terms']) {
    const above = page.locator('.pane-header', { hasText: name }).first();
    // Clicked again until it is collapsed (a click while the view is still loading its tree can be lost).
    await t.until(async () => {
      if ((await above.getAttribute('aria-expanded')) !== 'true') return true;
      await above.click({ position: { x: 12, y: 10 } }); // on the twistie: the header's middle holds its actions
      return false;
    }, `the view "${name}" collapsed`, { interval: 500 });
  }
  const welcome = pane.locator('.welcome-view-content', { hasText: 'No term check findings:' });
  await welcome.waitFor({ timeout: 20_000 });
  // A manifest links the glossaries: the text does not ask to pick them (a newcomer read that as "not picked yet").
  const said = await welcome.innerText();
  t.check(!said.includes('pick the glossaries for this folder') && said.includes('the manifest decides'),
    'the Term Check view starts with its welcome text, which does not ask to pick glossaries in a folder with a manifest');
  await t.shot('term-check-view-1-welcome');

  // 2. Check Terms in Workspace, from the palette.
  await t.command('Terminology: Check Terms in Workspace');
  await t.message(/Term check: \d+ findings? in \d+ files?, \d+ strings? checked\./, { timeout: 60_000 });
  const summary = await page.locator('.notification-toast, .notifications-center .notification-list-item', { hasText: /Term check: \d+ finding/ }).first().innerText();
  const [, reported, files] = /Term check: (\d+) findings? in (\d+) files?/.exec(summary).map(Number);
  t.check(files === 8 && reported > 0, `the check reports ${reported} findings in ${files} files (${summary.replace(/\s+/g, ' ')})`);
  await t.closeNotifications();

  // 3. The findings by term: label, then "count · code · glossary".
  const rows = pane.locator('.pane-body .monaco-list-row');
  const terms = async () => (await rows.evaluateAll((els) => els.map((el) => ({
    level: Number(el.getAttribute('aria-level')),
    name: el.querySelector('.label-name')?.textContent?.trim() ?? '',
    description: el.querySelector('.label-description')?.textContent?.trim() ?? '',
    icon: /codicon-(error|warning|info)\b/.exec(el.querySelector('.custom-view-tree-node-item-icon')?.className ?? '')?.[1] ?? '',
  })))).filter((r) => r.level === 1);
  await t.until(async () => (await terms()).length > 0, 'the view to list the findings');
  const all = await terms();
  const parsed = all.map((r) => ({ ...r, m: /^(\d+) · ([a-z-]+) · (.+)$/.exec(r.description) }));
  t.check(parsed.every((r) => r.m), `every term shows "count · code · glossary" (${all.map((r) => `${r.name}: ${r.description}`).join('; ')})`);
  const counts = parsed.map((r) => Number(r.m[1]));
  t.check(counts.reduce((a, b) => a + b, 0) === reported, `the counts add up to the ${reported} findings reported`);
  t.check(counts.every((c, i) => i === 0 || counts[i - 1] >= c), `the most findings first (${counts.join(', ')})`);
  const cloud = parsed.find((r) => r.name === 'cloud' && r.m[2] === 'untranslated-term');
  t.check(cloud?.m[3] === 'Term check test' && Number(cloud.m[1]) >= 5, `"cloud" left untranslated, from Term check test (${cloud?.description})`);
  // The manifest makes untranslated-term a warning, as term-not-used is: the Problems view shows warnings only.
  t.check(parsed.every((r) => r.icon === 'warning'), `every term has the warning icon the Problems view shows (${parsed.map((r) => `${r.name} ${r.m[2]}: ${r.icon}`).join('; ')})`);
  const sync = parsed.find((r) => r.name === 'sync');
  t.check(sync?.description === '1 · term-not-used · Second glossary', `"sync" not rendered as "abgleichen", from Second glossary (${sync?.description})`);
  await t.shot('term-check-view-2-findings');

  // 4. The title bar: filter by glossary, then show all again.
  const action = (label) => header.locator(`.action-label[aria-label^="${label}"]`).first();
  await header.hover();
  await action('Filter Term Check by Glossary').click();
  const offered = await t.pickItems();
  t.check(offered.map((x) => x.trim()).join(' | ') === 'All glossaries | Second glossary | Term check test', `the filter offers ${offered.map((x) => x.trim()).join(' | ')}`);
  await t.shot('term-check-view-3-filter-pick');
  await t.pick('Second glossary', { exact: true });
  await t.until(async () => { const now = await terms(); return now.length === 1 && now[0].name === 'sync'; }, 'only "sync" to be listed');
  t.check(true, 'filtered by Second glossary, the view lists only "sync"');
  // The filter shows beside the view's title (a view filtered earlier would look like all the findings otherwise).
  const described = async () => ((await header.locator('.description').innerText().catch(() => '')) ?? '').trim();
  await t.until(async () => (await described()) === 'Second glossary only', 'the view\'s title to say "Second glossary only"');
  t.check(true, 'the view\'s title says "Second glossary only"');
  await header.hover();
  const clear = action('Show the Findings of All Glossaries');
  await clear.waitFor({ timeout: 10_000 });
  t.check(!(await action('Filter Term Check by Glossary').isVisible().catch(() => false)), 'the title bar now offers "Show the Findings of All Glossaries" in place of the filter');
  await t.shot('term-check-view-4-filtered');
  await clear.click();
  await t.until(async () => (await terms()).length === all.length, 'every term to be listed again');
  t.check(JSON.stringify(await terms()) === JSON.stringify(all), 'the filter cleared, the view lists every term as before');
  await t.until(async () => (await described()) === '', 'the view\'s title to say no filter');
  t.check(true, 'and its title no longer names a glossary');
  await header.hover();
  await action('Filter Term Check by Glossary').waitFor({ timeout: 10_000 });

  // 5. "cloud" expanded, its de.po finding clicked: de.po opens with "cloud" selected.
  const cloudRow = rows.filter({ has: page.locator('.label-name', { hasText: /^cloud$/ }) }).first();
  await cloudRow.click();
  const finding = rows.filter({ has: page.locator('.label-name', { hasText: /^term-it\/de\.po:7$/ }) }).first();
  await finding.waitFor({ timeout: 10_000 });
  const children = (await rows.evaluateAll((els) => els.filter((el) => el.getAttribute('aria-level') === '2').map((el) => el.querySelector('.label-name')?.textContent?.trim())));
  const size = await finding.getAttribute('aria-setsize');
  t.check(Number(size) === Number(cloud.m[1]), `"cloud" expands to its ${cloud.m[1]} findings (${size} rows: ${children.join(', ')}${children.length < Number(size) ? ', …' : ''})`);
  await t.shot('term-check-view-5-expanded');
  await finding.click();
  await page.locator('.editor-group-container.active .tab.active', { hasText: 'de.po' }).first().waitFor({ timeout: 15_000 });
  // The status bar shows the selection's active end: Col 21, after "cloud" (16–21).
  await t.until(async () => /Ln 7, Col 21 \(5 selected\)/.test(await t.statusText('status.editor.selection')), 'de.po open at line 7 with "cloud" selected');
  t.check(true, 'the click opened de.po with "cloud" (Ln 7, Col 16–21) selected');
  await t.shot('term-check-view-6-opened');

  t.check(JSON.stringify(t.account().glossaries) === serviceBefore, 'the service\'s glossaries are unchanged');
  const sent = ws.writes();
  t.check(sent.length === 0, `no PUT, POST, PATCH or DELETE was sent (${sent.join(', ') || 'none'})`);
}
