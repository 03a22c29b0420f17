// `npm run screenshots`: the demo (seeded emulator + real VS Code) in headless Chromium at 1280×720, the sample
// glossary opened in the table view, captured in a dark and a light theme. Writes media/table-dark.png (used by the
// README) and table-light.png in the temporary folder it prints, to check the look by eye. In the dark theme it then
// captures the other main views for the README: media/sync-dark.png (Repository Sync, after cloning a glossary and a Spoken Terms collection,
// with a local and a remote change), media/memories-dark.png (Translation Memories, a memory's segments open) and
// media/style-rules-dark.png (a style rule list's tree, the list open as JSON).
import { createRequire } from 'node:module';
import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paletteCommand, quickOpen, startWorkbench, repoRoot } from './vscode-harness.mjs';
import { makeHelpers } from '../ui/lib.mjs';

const require = createRequire(import.meta.url);
const { startEmulator } = require(join(repoRoot, 'out', 'test', 'emulator', 'server.js'));
const { seedDemo } = require(join(repoRoot, 'out', 'test', 'emulator', 'seed.js'));

const out = mkdtempSync(join(tmpdir(), 'terminology-screenshots-'));
const themes = [
  { name: 'dark', theme: 'Default Dark Modern', file: join(repoRoot, 'media', 'table-dark.png') },
  { name: 'light', theme: 'Default Light Modern', file: join(out, 'table-light.png') },
];
const emulator = await startEmulator({ key: 'demo-paid-key', freeKey: 'demo-free-key:fx', seed: seedDemo });
try {
  for (const t of themes) {
    const wb = await startWorkbench({
      workspace: join(repoRoot, 'test', 'fixtures', 'workspace'),
      settings: { 'terminology.baseUrl': emulator.url, 'terminology.freeBaseUrl': emulator.freeUrl, 'workbench.colorTheme': t.theme },
      env: { TERMINOLOGY_SEED_KEY: emulator.keys.paid },
      smokeTestDriver: false,
    });
    try {
      const page = wb.page;
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
      await page.waitForTimeout(3000);
      await paletteCommand(page, 'View: Hide Secondary Side Bar');
      await quickOpen(page, 'sample.glossary.tsv');
      await paletteCommand(page, 'Terminology: Open in Table View');
      await page.waitForSelector('iframe.webview', { timeout: 30_000 });
      // Quick Open shows the file in the Explorer: the side bar goes back to the Terminology views.
      await page.locator('.activitybar [aria-label^="Terminology"]').first().click();
      await page.locator('.pane-header', { hasText: 'Glossaries' }).first().waitFor({ timeout: 20_000 });
      await page.mouse.move(1100, 18);
      await page.waitForTimeout(3000);
      await page.screenshot({ path: t.file });
      console.log(`screenshots: ${t.name} -> ${t.file}`);
      if (t.name === 'dark') {
        await viewShots(page, wb.workspace).catch(async (err) => {
          await page.screenshot({ path: join(out, 'failed.png') });
          throw err;
        });
      }
    } finally {
      await wb.stop();
    }
  }
} finally {
  await emulator.close();
}

/** The Repository Sync, Translation Memories and Style Rules views, one screenshot each, in the workbench as it is. */
async function viewShots(page, workspace) {
  const t = makeHelpers(page, {
    emulator, workspace, userDir: undefined,
    check: (ok, what) => { if (!ok) throw new Error(`screenshots: ${what}`); },
  });
  const shot = async (name) => {
    await t.command('Notifications: Clear All Notifications');
    await page.keyboard.press('Escape');
    await page.mouse.move(1100, 18); // the empty title bar: no hover on a row, a header or a button
    await page.waitForTimeout(1500);
    // Now and then the workbench's middle row is drawn a few pixels off (up and left, clipping the activity bar): a
    // scrolled container or a missed layout: unscroll its ancestors and lay out again until it is back where it was.
    for (let i = 0; i < 5 && !sameBox(await barBox(), home); i++) {
      console.log(`screenshots: ${name}: the activity bar is at ${JSON.stringify(await barBox())}, not ${JSON.stringify(home)}; laying out again`);
      await page.locator('.part.activitybar').first().evaluate((bar) => {
        for (let el = bar; el; el = el.parentElement) {
          el.scrollTop = 0;
          el.scrollLeft = 0;
        }
        const win = bar.ownerDocument.defaultView;
        win.dispatchEvent(new win.Event('resize'));
      });
      await page.waitForTimeout(700);
    }
    const file = join(repoRoot, 'media', `${name}.png`);
    await page.screenshot({ path: file });
    console.log(`screenshots: ${name} -> ${file}`);
  };
  /** Collapses or expands the Terminology view `name`. */
  const setView = async (name, open) => {
    const header = page.locator('.pane-header', { hasText: name }).first();
    await header.waitFor({ timeout: 20_000 });
    if (((await header.getAttribute('aria-expanded')) === 'true') !== open) await header.locator('.title').first().click();
    await t.until(async () => ((await header.getAttribute('aria-expanded')) === 'true') === open, `the view "${name}" ${open ? 'expanded' : 'collapsed'}`);
  };
  const only = async (name) => {
    await t.openExplorer();
    for (const v of ['Glossaries', 'Spoken Terms', 'Style Rules', 'Translation Memories', 'Repository Sync']) await setView(v, v === name);
    return page.locator('.pane', { has: page.locator('.pane-header', { hasText: name }) }).first();
  };
  await t.command('View: Close All Editors');
  await t.keyReady();
  await t.openExplorer();
  const barBox = () => page.locator('.part.activitybar').first().boundingBox();
  const sameBox = (a, b) => a && b && ['x', 'y', 'width', 'height'].every((k) => Math.abs(a[k] - b[k]) < 1);
  const home = await barBox();
  // A wider side bar, so that the rows' descriptions (a file's pair and state) are not cut.
  const sidebar = await page.locator('.part.sidebar').first().boundingBox();
  const edge = sidebar.x + sidebar.width;
  await page.mouse.move(edge, 360);
  await page.mouse.down();
  await page.mouse.move(edge + 80, 360, { steps: 5 });
  await page.mouse.move(edge + 160, 360, { steps: 5 });
  await page.mouse.up();

  // Repository Sync: a glossary and a Spoken Terms collection cloned (the files written and linked in terminology.json), then a local edit of
  // EN → FR and a change on the service to EN → JA, so that the view shows in sync, local and remote changes.
  let pane = await only('Repository Sync');
  for (const name of ['Product terminology', 'Conference talks']) {
    await t.command('Terminology: Clone Glossary into Workspace…');
    await t.pick(name);
    await page.locator('.quick-input-widget .quick-input-title', { hasText: /Folder for/ }).waitFor({ timeout: 20_000 });
    await page.keyboard.press('Enter');
    await t.notification(new RegExp(`Cloned "${name}"`));
  }
  appendFileSync(join(workspace, 'glossaries', 'product-terminology', 'en-fr.glossary.tsv'), 'server\tserveur\n');
  t.entries('Product terminology', 'en', 'ja').push(['dashboard', 'ダッシュボード']);
  await t.quickOpen('terminology.json');
  await pane.hover();
  await page.locator('.pane-header', { hasText: 'Repository Sync' }).locator('a.action-label[aria-label*="Refresh Sync Status"]').first().click();
  const rowText = async (file) => (await pane.locator('.monaco-list-row', { hasText: file }).first().innerText().catch(() => '')).replace(/\s+/g, ' ');
  await t.until(async () => /local changes/.test(await rowText('en-fr.glossary.tsv')) && /remote changes/.test(await rowText('en-ja.glossary.tsv')),
    'the Repository Sync view to show EN → FR with local changes, EN → JA with remote changes', { timeout: 30_000 });
  await shot('sync-dark');

  // Translation Memories: the seeded memory, its segments open in the editor.
  await t.command('View: Close All Editors');
  pane = await only('Translation Memories');
  const memory = pane.locator('.monaco-list-row', { hasText: 'UI strings' }).first();
  await memory.waitFor({ timeout: 20_000 });
  await memory.click();
  await page.locator('.tab', { hasText: 'UI strings.segments.txt' }).first().waitFor({ timeout: 20_000 });
  await t.until(async () => /Zapisz\s+plik/.test(await t.editor().innerText()), 'the segments document to show the segments');
  await shot('memories-dark');

  // Style rules: a list expanded to its groups and rules, and open as JSON.
  await t.command('View: Close All Editors');
  pane = await only('Style Rules');
  const list = pane.locator('.monaco-list-row', { hasText: 'Technische Dokumentation' }).first();
  await list.waitFor({ timeout: 20_000 });
  if ((await list.getAttribute('aria-expanded')) !== 'true') await list.click();
  await t.contextMenu(list, 'Edit as JSON');
  await page.locator('.editor-group-container.active .tab.active', { hasText: 'Technische Dokumentation.json' }).first().waitFor({ timeout: 20_000 });
  await t.until(async () => (await t.editor().innerText()).includes('configured_rules'), 'the style rule list open as JSON');
  // Expand each group of the list, so that its rules show.
  for (let i = 0; i < 10; i++) {
    const collapsed = pane.locator('.monaco-list-row[aria-expanded="false"][aria-level="2"]').first();
    if (!(await collapsed.isVisible().catch(() => false))) break;
    await collapsed.click();
    await page.waitForTimeout(300);
  }
  await shot('style-rules-dark');
}
