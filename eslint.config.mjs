import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

// The floors of src/, lowest first: a folder may import only the folders listed for it (and itself), so every arrow
// points down and a new upward or sideways import fails `npm run lint`. extension.ts, on top, wires the features.
const FEATURES = ['customizations', 'documents', 'exchange', 'explorer', 'glossaryView', 'key', 'memories', 'search', 'styleRules', 'table', 'termCheck', 'translate', 'workspace'];
const FLOORS = {
  base: [], // vscode-free helpers: the logger, bounded concurrency, the base history of documents
  core: [], // pure: parsing, entry rules, fixes, formats, the manifest; never vscode
  api: ['base', 'core'], // the service's HTTP client; never vscode
  protocol: ['core'], // the messages between the table panel and its webview
  worker: ['base', 'core', 'api'], // whole-text work on a worker thread: the offload, its protocol, the worker
  cli: ['base', 'core', 'api'], // the CI linter; never vscode
  webview: ['core', 'protocol'], // the table view's browser script
  platform: ['base', 'core', 'api', 'worker'], // vscode helpers that know no feature
  trees: ['base', 'core', 'api', 'worker', 'platform'], // the explorer's trees, their nodes, the command context
  lint: ['base', 'core', 'api', 'worker', 'platform'], // diagnostics: publishing, conversion, code actions
  ...Object.fromEntries(FEATURES.map((f) => [f, ['base', 'core', 'api', 'protocol', 'worker', 'platform', 'trees', 'lint']])),
};

const NO_VSCODE = ['base', 'core', 'api', 'protocol', 'worker', 'cli', 'webview'];

/** One `files` block per folder: a relative import that leaves the folder must land in a floor listed for it. */
function layers() {
  const unknown = readdirSync(new URL('src', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory() && !(d.name in FLOORS));
  if (unknown.length) throw new Error(`eslint.config.mjs: give src/${unknown[0].name} its floor in FLOORS`);
  return Object.entries(FLOORS).flatMap(([folder, below]) => {
    const message = below.length
      ? `src/${folder} may import only ${below.map((b) => `src/${b}`).join(', ')}: arrows point down (see FLOORS in eslint.config.mjs).`
      : `src/${folder} is a bottom floor and imports nothing outside itself (see FLOORS in eslint.config.mjs).`;
    const leaves = below.length ? `(?!(${below.join('|')})(/|$))` : '';
    const rule = (up) => ['error', {
      paths: NO_VSCODE.includes(folder) ? [{ name: 'vscode', message: `src/${folder} runs without VS Code.` }] : [],
      patterns: [{ regex: `^${up}${leaves}`, message }],
    }];
    return [
      { files: [`src/${folder}/*.ts`], rules: { 'no-restricted-imports': rule('\\.\\./') } },
      // From a subfolder (src/core/glossary/…), leaving the folder takes one more step up.
      { files: [`src/${folder}/*/**/*.ts`], rules: { 'no-restricted-imports': rule('\\.\\./\\.\\./') } },
    ];
  });
}

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'media/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly',
        URL: 'readonly', Buffer: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly',
        TextEncoder: 'readonly', TextDecoder: 'readonly', fetch: 'readonly', setInterval: 'readonly',
        clearInterval: 'readonly', URLSearchParams: 'readonly', performance: 'readonly',
      },
    },
    rules: {
      'no-console': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // The webviews run in a browser page.
    files: ['src/webview/**'],
    languageOptions: {
      globals: {
        window: 'readonly', document: 'readonly', requestAnimationFrame: 'readonly', HTMLElement: 'readonly',
        MessageEvent: 'readonly', KeyboardEvent: 'readonly', MouseEvent: 'readonly', acquireVsCodeApi: 'readonly',
      },
    },
  },
  ...layers(),
  {
    // Scripts and test harnesses talk to the terminal on purpose.
    files: ['test/**', 'esbuild.mjs', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
