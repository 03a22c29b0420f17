// One bundler: src/extension.ts -> dist/extension.js, and the core worker src/platform/coreWorker.ts -> dist/coreWorker.js. `--production` minifies, `--watch` rebuilds on change.
import * as esbuild from 'esbuild';

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

const ctx = await esbuild.context({
  // The extension, and the worker thread that takes whole-text work off the extension host's event loop.
  entryPoints: { extension: 'src/extension.ts', coreWorker: 'src/platform/coreWorker.ts' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  outdir: 'dist',
  external: ['vscode'],
  logLevel: 'silent',
  plugins: [problemReporter],
});

if (watch) {
  await ctx.watch();
} else {
  await ctx.rebuild();
  await ctx.dispose();
}
