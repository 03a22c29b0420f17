// The term check flows' workspace: test/fixtures/termcheck (the integration test's fixture, without the real
// projects' files under real/) copied in as term-it/, and the service's "Term check test" glossary whose en-fr
// dictionary the manifest links to a file that is not there (so it is read from the service). `second` adds a
// second glossary to the manifest, "Second glossary", whose en-de dictionary is only on the service too.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURE = fileURLToPath(new URL('../fixtures/termcheck', import.meta.url));
export const settings = { 'terminology.manifest': 'term-it/terminology.json', 'files.autoSave': 'off' };

/** Copies the fixture in and seeds the service; returns helpers to read and write term-it/ files and what the service
 * and the requests hold. */
export function termCheckWorkspace(t, { second = false } = {}) {
  const dir = join(t.workspace, 'term-it');
  cpSync(FIXTURE, dir, { recursive: true, filter: (from) => !from.startsWith(join(FIXTURE, 'real')) });
  const read = (rel) => readFileSync(join(dir, rel), 'utf8');
  const write = (rel, text) => writeFileSync(join(dir, rel), text);
  t.account().glossaries.push({
    glossary_id: '5f7c0000-0000-4000-8000-000000000051', name: 'Term check test', creation_time: '2026-11-01T00:00:00Z',
    dictionaries: [{ source_lang: 'en', target_lang: 'fr', entries: [['cloud', 'nuage'], ['account', 'compte']] }],
  });
  if (second) {
    t.account().glossaries.push({
      glossary_id: '5f7c0000-0000-4000-8000-000000000052', name: 'Second glossary', creation_time: '2026-11-01T00:00:00Z',
      dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: [['sync', 'abgleichen']] }],
    });
    const manifest = JSON.parse(read('terminology.json'));
    manifest.glossaries.push({ name: 'Second glossary', dictionaries: { 'en-de': 'glossaries/second-en-de.glossary.tsv' } });
    write('terminology.json', `${JSON.stringify(manifest, null, 2)}\n`);
  }
  return {
    dir, read, write,
    /** Every request but a GET, as "METHOD path". */
    writes: () => t.emulator.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`),
    /** The rows of the Problems view (its panel shown first), their text with the whitespace folded. */
    async problems() {
      const rows = t.page.locator('.markers-panel .monaco-list-row');
      return (await rows.allInnerTexts()).map((x) => x.replace(/\s+/g, ' ').trim());
    },
  };
}

/** Ctrl+. at the cursor, then the arrow keys to the fix titled `title` and Enter (no click). Ctrl+. is pressed again
 * while the diagnostics are late. Returns the titles offered. */
export async function applyFix(t, title) {
  const { page } = t;
  const menu = page.locator('.action-widget').first();
  const item = menu.locator('.monaco-list-row', { hasText: title }).first();
  let offered = [];
  await t.until(async () => {
    await page.keyboard.press('Control+.');
    if (await item.waitFor({ timeout: 1500 }).then(() => true, () => false)) return true;
    // Escape closes the menu; pressed in the editor (no menu shown) it would drop the selection.
    if (await menu.isVisible().catch(() => false)) {
      offered = await menu.locator('.monaco-list-row').allInnerTexts().catch(() => []);
      await page.keyboard.press('Escape');
    }
    return false;
  }, `Ctrl+. to offer "${title}"`, { timeout: 20_000, interval: 300 })
    .catch((err) => { throw new Error(`${err.message}; it offered ${offered.map((r) => r.replace(/\s+/g, ' ').trim()).join(' | ') || 'nothing'}`); });
  const rows = (await menu.locator('.monaco-list-row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
  const focused = async () => /\bfocused\b/.test((await item.getAttribute('class')) ?? '');
  for (let i = 0; i < rows.length && !(await focused()); i++) await page.keyboard.press('ArrowDown');
  t.check(await focused(), `Ctrl+. offers "${title}" among ${rows.join(' | ')}, and the arrows reach it`);
  return { rows, menu };
}

/** Puts the cursor at line:col of the active editor through Go to Line (one input). */
export async function goTo(t, line, col) {
  await t.page.keyboard.press('Control+G');
  await t.input(`:${line}:${col}`); // the box starts with Go to Line's ":", which fill() replaces
  await t.until(async () => { const c = await t.cursor(); return c.line === line && c.col === col; }, `the cursor at Ln ${line}, Col ${col}`);
}

/** The active editor's visible lines in their order on screen (the DOM keeps the rendered lines in any order), with
 * the non-breaking spaces of the rendering made plain. */
export async function screenLines(t) {
  return t.editor().evaluate((el) => [...el.querySelectorAll('.view-line')]
    .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
    .map((l) => l.textContent.replace(/\u00a0/g, ' ')));
}
