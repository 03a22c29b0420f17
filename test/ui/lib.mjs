// Helpers of the UI suite: what a person does in the workbench, as Playwright steps, and what the service holds.
// Every helper waits for what it needs to see; none sleeps for a fixed time unless the workbench gives no signal.
import { fileURLToPath } from 'node:url';

/** @param {import('playwright-core').Page} page */
export function makeHelpers(page, { emulator, workspace, userDir, check, hasKey = true }) {
  const quickInput = page.locator('.quick-input-widget');
  const t = {
    page, emulator, workspace, userDir, check,
    /** The account of the key the workbench uses (paid unless the flow said otherwise). */
    account(key = emulator.keys.paid) { return emulator.state.accounts[key]; },
    glossary(name, key) { return t.account(key)?.glossaries.find((g) => g.name === name); },
    /** Entries the service holds for a dictionary, as [source, target] pairs. */
    entries(glossaryName, source, target, key) {
      return t.glossary(glossaryName, key)?.dictionaries.find((d) => d.source_lang === source && d.target_lang === target)?.entries;
    },
    requests(method, pathPattern) {
      return emulator.requests.filter((r) => r.method === method && pathPattern.test(r.path));
    },

    async ready() {
      await page.waitForSelector('.monaco-workbench', { timeout: 90_000 });
      // The extension contributes an activity bar entry; once it is there, the extension host is up.
      await page.locator('.activitybar [aria-label^="Terminology"]').first().waitFor({ timeout: 90_000 });
      // With a key, the extension has activated and stored it once the plan shows in the status bar.
      if (hasKey) await page.locator('.statusbar-item', { hasText: /(Paid|Free) ·/ }).first().waitFor({ timeout: 90_000 });
      await page.waitForTimeout(1000);
    },

    /** Waits until the extension is active with its key (the usage entry in the status bar shows the plan): menus
     * whose `when` needs terminology.hasKey are complete from then on. */
    async keyReady({ timeout = 60_000 } = {}) {
      await t.until(async () => /Paid|Free/.test(await t.statusText('terminology.usage')), 'the extension active with its key', { timeout, interval: 250 });
    },

    /** Runs a command through the palette (F1) by its title, waiting for it to be listed. */
    async command(title) {
      await page.keyboard.press('Escape');
      await page.keyboard.press('F1');
      // F1 can be lost while focus moves out of a webview: the loop below opens the palette again then.
      await quickInput.waitFor({ state: 'visible', timeout: 5000 }).catch(() => undefined);
      // Fill rather than type: keys typed while focus is still moving from a webview into the palette can be lost.
      const box = quickInput.locator('input.input');
      const row = quickInput.locator('.monaco-list-row', { hasText: title.replace(/^>?\s*/, '') }).first();
      await t.until(async () => {
        if (!(await quickInput.isVisible())) {
          await page.keyboard.press('F1');
          if (!await quickInput.waitFor({ state: 'visible', timeout: 5000 }).then(() => true, () => false)) {
            await t.editor().click({ timeout: 2000 }).catch(() => undefined); // focus the workbench, not a webview
            return false;
          }
        }
        // VS Code can close the palette again at once when it focuses a webview late (after a picker shown from
        // the webview closed): then the box is gone, and the next try opens the palette again.
        if (!(await box.fill(`>${title.replace(/^>?\s*/, '')}`, { timeout: 3000 }).then(() => true, () => false))) return false;
        if (await row.isVisible().catch(() => false)) return true;
        // The palette lists the commands whose "when" held as it opened (the active editor, the view in focus): an
        // editor that was still opening leaves a command out. Close it, so that the next try opens it afresh.
        await page.waitForTimeout(300);
        if (await row.isVisible().catch(() => false)) return true;
        await page.keyboard.press('Escape');
        return false;
      }, `the palette to list "${title}"`, { timeout: 20_000, interval: 500 });
      await row.click();
    },

    /** Opens a workspace file through Quick Open (Ctrl+P). */
    async quickOpen(name) {
      await page.keyboard.press('Control+P');
      await quickInput.waitFor({ state: 'visible' });
      await page.keyboard.type(name, { delay: 5 });
      await quickInput.locator('.monaco-list-row', { hasText: name }).first().waitFor({ timeout: 15_000 });
      await page.keyboard.press('Enter');
      await page.locator('.tab', { hasText: name }).first().waitFor({ timeout: 15_000 });
    },

    /** Waits for the quick pick and chooses the item whose label contains `label` (a string or RegExp), or whose
     * label (without its description) is exactly `label` with { exact: true }. */
    async pick(label, { timeout = 20_000, exact = false } = {}) {
      await quickInput.waitFor({ state: 'visible', timeout });
      const rows = quickInput.locator('.monaco-list-row');
      const row = (exact
        ? rows.filter({ has: page.locator('.label-name', { hasText: new RegExp(`^\\s*${String(label).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) }) })
        : rows.filter({ hasText: label })).first();
      await row.waitFor({ timeout });
      await row.click();
    },

    /** The quick input's rows (labels), once it is visible. */
    async pickItems({ timeout = 20_000 } = {}) {
      await quickInput.waitFor({ state: 'visible', timeout });
      await quickInput.locator('.monaco-list-row').first().waitFor({ timeout });
      return quickInput.locator('.monaco-list-row').allInnerTexts();
    },

    /** Types into an input box (or the quick pick filter) and presses Enter. With `title`, first waits for the
     * input whose title matches (so that the text does not go to the input that is closing). */
    async input(text, { timeout = 20_000, enter = true, title } = {}) {
      await quickInput.waitFor({ state: 'visible', timeout });
      if (title) await quickInput.locator('.quick-input-title', { hasText: title }).waitFor({ timeout });
      const box = quickInput.locator('input.input');
      await box.fill(text);
      if (enter) await page.keyboard.press('Enter');
    },

    /** The validation message under an input box, when one shows. */
    async inputMessage({ timeout = 10_000 } = {}) {
      const msg = quickInput.locator('.quick-input-message');
      await msg.filter({ hasText: /\S/ }).waitFor({ timeout });
      return msg.innerText();
    },

    /** Waits for a notification toast whose text matches, and returns it. */
    async notification(text, { timeout = 20_000 } = {}) {
      const toast = page.locator('.notification-toast', { hasText: text }).first();
      await toast.waitFor({ timeout });
      return toast;
    },

    /** Clicks a button of the toast whose text matches. */
    async notificationButton(text, button, opts) {
      const toast = await t.notification(text, opts);
      await toast.locator('.monaco-button', { hasText: button }).first().click();
    },

    /** A modal dialog: waits for it (its text matching) and clicks a button. */
    async modal(text, button, { timeout = 20_000 } = {}) {
      const dialog = page.locator('.monaco-dialog-box', { hasText: text }).first();
      await dialog.waitFor({ timeout });
      await dialog.locator('.monaco-button', { hasText: button }).first().click();
    },

    /** Shows the Terminology container in the activity bar. */
    async openExplorer() {
      const views = page.locator('.pane-header', { hasText: 'Glossaries' });
      if (!(await views.first().isVisible().catch(() => false))) {
        await page.locator('.activitybar [aria-label^="Terminology"]').first().click();
      }
      await views.first().waitFor({ timeout: 20_000 });
    },

    /** Shows the Terminology container and expands its view `name` (Style Rules, Translation Memories and
     * Repository Sync start collapsed); returns the view's pane. */
    async expandView(name) {
      await t.openExplorer();
      const header = page.locator('.pane-header', { hasText: name }).first();
      await header.waitFor({ timeout: 20_000 });
      if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
      await t.until(async () => (await header.getAttribute('aria-expanded')) === 'true', `the view "${name}" expanded`);
      return page.locator('.pane', { has: header });
    },

    /** Shows the file Explorer and returns the row of the workspace file `name`, once it is listed. */
    async explorerFile(name, { timeout = 20_000 } = {}) {
      const view = page.locator('.explorer-folders-view');
      if (!(await view.isVisible().catch(() => false))) {
        await page.locator('.activitybar [aria-label^="Explorer"]').first().click();
        await view.waitFor({ timeout });
      }
      const row = view.locator('.monaco-list-row', { hasText: name }).first();
      await row.waitFor({ timeout });
      return row;
    },

    /** A row of a tree view whose label contains `label`. */
    treeItem(label) {
      return page.locator('.pane-body .monaco-list-row', { hasText: label }).first();
    },

    /** Right-clicks `target` and chooses a context-menu entry. */
    /** The entries of `target`'s context menu, which is closed again. */
    async contextMenuEntries(target) {
      await target.click({ button: 'right' });
      const items = page.locator('.context-view .action-item');
      await items.first().waitFor({ timeout: 10_000 });
      const titles = (await items.allInnerTexts()).map((x) => x.trim()).filter(Boolean);
      await page.keyboard.press('Escape');
      await page.locator('.context-view .monaco-menu').first().waitFor({ state: 'hidden', timeout: 5000 });
      return titles;
    },

    async contextMenu(target, entry) {
      await target.click({ button: 'right' });
      const item = page.locator('.context-view .action-item', { hasText: entry }).first();
      await item.waitFor({ timeout: 10_000 });
      await item.hover();
      await item.click();
      // A click that comes too soon after the menu opened can be swallowed; the item is focused then: Enter runs it.
      const menu = page.locator('.context-view .monaco-menu').first();
      if (!(await menu.waitFor({ state: 'hidden', timeout: 1500 }).then(() => true, () => false))) {
        await item.hover();
        await page.keyboard.press('Enter');
        await menu.waitFor({ state: 'hidden', timeout: 5000 });
      }
    },

    /** The active text editor's content area: click to focus it. */
    editor() {
      return page.locator('.editor-group-container.active .monaco-editor .view-lines').first();
    },

    /** Moves the cursor to line `line` (1-based) through "Go to Line" and to its end. */
    async gotoLine(line) {
      await page.keyboard.press('Control+G');
      await quickInput.waitFor({ state: 'visible' });
      await page.keyboard.type(String(line));
      await page.keyboard.press('Enter');
      await page.keyboard.press('End');
    },

    /** The active editor tab's title and whether it is dirty. */
    async activeTab() {
      const tab = page.locator('.editor-group-container.active .tab.active').first();
      await tab.waitFor({ timeout: 10_000 });
      const cls = (await tab.getAttribute('class')) ?? '';
      return { title: (await tab.innerText()).trim(), dirty: cls.includes('dirty') };
    },

    /** Waits until `predicate()` holds (polling), or fails with `what`. */
    async until(predicate, what, { timeout = 20_000, interval = 100 } = {}) {
      const end = Date.now() + timeout;
      for (;;) {
        if (await predicate()) return;
        if (Date.now() > end) throw new Error(`timed out waiting for: ${what}`);
        await page.waitForTimeout(interval);
      }
    },

    /** Opens the Terminology view, expands glossary `glossary` and clicks its dictionary `pair` ("EN → DE"). Waits
     * for the editor tab `tab` (e.g. "en-de.glossary.tsv") to be active and its text to be shown. */
    async openDictionaryFromTree(glossary, pair, tab) {
      await t.openExplorer();
      // Only the Glossaries view's rows: other views (a translation memory "EN → DE, FR") can show the same pair.
      const glossaries = page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Glossaries' }) });
      const pairRow = glossaries.locator('.pane-body .monaco-list-row', { hasText: pair }).filter({ hasNotText: glossary });
      if (!(await pairRow.first().isVisible().catch(() => false))) {
        await t.treeItem(glossary).click();
      }
      await pairRow.first().waitFor({ timeout: 20_000 });
      await pairRow.first().click();
      await page.locator('.editor-group-container.active .tab.active', { hasText: tab }).first().waitFor({ timeout: 30_000 });
      await t.editor().locator('.view-line').first().waitFor({ timeout: 20_000 });
    },

    /** The rendered text of the active editor's visible lines (whitespace shown as rendered: · for a space, → for a
     * tab, when editor.renderWhitespace is on). */
    async editorLines() {
      return t.editor().locator('.view-line').allInnerTexts();
    },

    /** Text of a status bar entry by its id or the end of it (e.g. "status.editor.selection", "terminology.document"), or '' when it is not shown. */
    async statusText(id) {
      const item = page.locator(`[id$="${id}"]`).first();
      if (!(await item.isVisible().catch(() => false))) return '';
      return (await item.innerText()).trim();
    },

    /** The cursor of the active text editor, from the status bar ("Ln 3, Col 7"), once it has settled (the status
     * bar follows the keys a little later). */
    async cursor() {
      const read = async () => /Ln (\d+), Col (\d+)/.exec(await t.statusText('status.editor.selection'));
      let last;
      let m;
      await t.until(async () => {
        m = await read();
        const same = m && last && m[0] === last[0];
        last = m;
        return same;
      }, 'the cursor position in the status bar', { interval: 250 });
      return { line: Number(m[1]), col: Number(m[2]) };
    },

    /** Focuses the active text editor and puts the cursor on a new empty last line. */
    async gotoNewLastLine() {
      await t.editor().click();
      await page.keyboard.press('Control+End');
      if ((await t.cursor()).col !== 1) await page.keyboard.press('Enter');
      await t.until(async () => (await t.cursor()).col === 1, 'the cursor at the start of an empty line');
    },

    /** Ctrl+. at the cursor, then the quick fix whose title matches `title`; retries while the diagnostics are late. */
    async quickFix(title, { timeout = 20_000 } = {}) {
      const menu = page.locator('.action-widget');
      const item = menu.locator('.action-list-item, .monaco-list-row', { hasText: title }).first();
      await t.until(async () => {
        await page.keyboard.press('Control+.');
        try {
          await item.waitFor({ timeout: 1500 });
          return true;
        } catch {
          await page.keyboard.press('Escape');
          return false;
        }
      }, `a quick fix "${title}"`, { timeout, interval: 300 });
      await item.click();
      await menu.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
    },

    /** Waits for a message whose text matches, as a toast or in the notification center (opened when the toast
     * does not show, e.g. when the smoke-test driver suppresses toasts). Returns where it was found. */
    async message(text, { timeout = 20_000 } = {}) {
      const toast = page.locator('.notification-toast', { hasText: text }).first();
      const listed = page.locator('.notifications-center .notification-list-item', { hasText: text }).first();
      let where;
      await t.until(async () => {
        if (await toast.isVisible().catch(() => false)) { where = 'toast'; return true; }
        if (await listed.isVisible().catch(() => false)) { where = 'notification center'; return true; }
        if (!(await page.locator('.notifications-center.visible').isVisible().catch(() => false))) {
          await page.keyboard.press('Escape');
          await page.keyboard.press('F1');
          await quickInput.waitFor({ state: 'visible' });
          await page.keyboard.type('Notifications: Show Notifications', { delay: 5 });
          const row = quickInput.locator('.monaco-list-row', { hasText: 'Show Notifications' }).first();
          if (await row.waitFor({ timeout: 5000 }).then(() => true, () => false)) await page.keyboard.press('Enter');
          else await page.keyboard.press('Escape');
        }
        return false;
      }, `a message "${text}"`, { timeout, interval: 500 });
      return where;
    },

    /** Closes the notification center when it is open. */
    async closeNotifications() {
      if (await page.locator('.notifications-center.visible').isVisible().catch(() => false)) {
        await page.keyboard.press('Escape');
        await t.command('Notifications: Hide Notifications').catch(() => undefined);
        await page.keyboard.press('Escape');
      }
    },

    /** A screenshot of the workbench as it is now, to test-results/ui/<name>.png (to look at what a person sees). */
    async shot(name) {
      await page.screenshot({ path: fileURLToPath(new URL(`../../test-results/ui/${name}.png`, import.meta.url)) });
    },

    /** The table view's webview frame. */
    tableFrame() {
      return page.frameLocator('iframe.webview').frameLocator('#active-frame');
    },
  };
  return t;
}
