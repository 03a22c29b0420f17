// One bundler: src/extension.ts -> dist/extension.js, the table view's webview src/webview/main.ts ->
// dist/webview/table.js (for the browser), the core worker src/worker/coreWorker.ts -> dist/coreWorker.js
// (whole-text work off the extension host's event loop), and the CI linter src/cli/main.ts -> dist/cli.js (core + api,
// no vscode). `--production` minifies, `--watch` rebuilds on change.
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Prints build problems in the form the VS Code problem matcher `$esbuild-watch` understands. */
const problemReporter = {
  name: 'problem-reporter',
  setup(build) {
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
  },
};

/** The CLI runs where VS Code is not: its bundle must not load `vscode`, whatever a future import drags in. */
const noVscodeInCli = {
  name: 'no-vscode-in-cli',
  setup(build) {
    build.onEnd((result) => {
      if (result.errors.length) return;
      const text = readFileSync('dist/cli.js', 'utf8');
      if (/require\(["']vscode["']\)/.test(text)) {
        result.errors.push({ text: 'dist/cli.js requires "vscode": the CLI may only use src/core, src/api and src/cli', location: null });
        console.error('✘ [ERROR] dist/cli.js requires "vscode": the CLI may only use src/core, src/api and src/cli');
        if (!watch) process.exitCode = 1;
      }
    });
  },
};

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'silent',
  // jsonc-parser's "main" is a UMD build whose internal requires esbuild cannot follow; its ES module build bundles.
  mainFields: ['module', 'main'],
};

const contexts = await Promise.all([
  // The extension, and the worker thread that takes whole-text work off the extension host's event loop.
  esbuild.context({
    ...common, entryPoints: { extension: 'src/extension.ts', coreWorker: 'src/worker/coreWorker.ts' }, outdir: 'dist', external: ['vscode'],
    plugins: [problemReporter],
  }),
  // The table view's webview (dictionaries and multilingual glossaries): a browser script, loaded under the
  // webview's Content-Security-Policy; src/webview is type-checked with tsconfig.webview.json (DOM types).
  esbuild.context({
    ...common, platform: 'browser', format: 'iife', target: 'es2022', mainFields: ['browser', 'module', 'main'],
    entryPoints: { table: 'src/webview/main.ts' }, outdir: 'dist/webview', plugins: [problemReporter],
  }),
  // No `external: ['vscode']` here: an import of vscode fails the build instead of becoming a require.
  // tinyglobby's fdir is an ES module that calls createRequire(import.meta.url): in this CommonJS bundle,
  // import.meta.url is the bundle's own address.
  esbuild.context({
    ...common, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', plugins: [problemReporter, noVscodeInCli],
    banner: { js: '#!/usr/bin/env node\nconst __cliFileUrl = require("node:url").pathToFileURL(__filename).href;' },
    // The version is built in: the bundle runs from dist/ here and from a package's root when packed (scripts/pack-cli.mjs).
    define: { 'import.meta.url': '__cliFileUrl', __CLI_VERSION__: JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) },
  }),
]);

if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  const results = await Promise.allSettled(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
  if (results.some((r) => r.status === 'rejected')) process.exitCode = 1;
}
