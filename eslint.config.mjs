import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
  {
    // Scripts and test harnesses talk to the terminal on purpose.
    files: ['test/**', 'esbuild.mjs', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
