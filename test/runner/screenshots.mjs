// `npm run screenshots`: the demo (seeded emulator + real VS Code) in headless Chromium, the sample glossary
// opened in the table view, captured in a dark and a light theme. Writes media/table-dark.png (used by the README)
// and table-light.png in the temporary folder it prints, to check the look by eye.
import { createRequire } from 'node:module';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paletteCommand, quickOpen, startWorkbench, repoRoot } from './vscode-harness.mjs';

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
      await paletteCommand(page, 'View: Open View Terminology');
      await quickOpen(page, 'sample.glossary.tsv');
      await paletteCommand(page, 'Terminology: Open in Table View');
      await page.waitForSelector('iframe.webview', { timeout: 30_000 });
      await page.waitForTimeout(3000);
      await page.screenshot({ path: t.file });
      console.log(`screenshots: ${t.name} -> ${t.file}`);
    } finally {
      await wb.stop();
    }
  }
} finally {
  await emulator.close();
}
