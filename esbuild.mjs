// One bundler: src/extension.ts -> dist/extension.js, and beside it the lazy bundles (LAZY below: what only one feature
// needs, loaded when that feature is first used), the table view's webview src/webview/main.ts -> dist/webview/table.js
// (for the browser), the core worker src/worker/coreWorker.ts -> dist/coreWorker.js (whole-text work off the extension
// host's event loop), and the CI linter src/cli/main.ts -> dist/cli.js (core + api, no vscode). `--production` minifies,
// `--watch` rebuilds on change, `--analyze` lists what each of the extension's bundles holds.
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import ts from 'typescript';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
// `--analyze`: what each of the extension's bundles is made of, biggest first.
const analyze = process.argv.includes('--analyze');

/** Prints build problems in the form the VS Code problem matcher `$esbuild-watch` understands. */
const problemReporter = {
  name: 'problem-reporter',
  setup(build) {
    // (The "[watch]" lines are what the problem matcher waits for: printed in watch mode only.)
    build.onStart(() => { if (watch) console.log('[watch] build started'); });
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      if (watch) console.log('[watch] build finished');
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

// The lazy bundles: a feature's `lazy.ts` is bundled on its own as dist/<name>.js, and the feature loads it with a
// `require('./lazy')` at first use (src/platform/lazy.ts). A module that dist/extension.js holds anyway is not bundled
// twice: the lazy bundle takes the extension's own instance of it (one copy of each class, each cache, each setting),
// handed over when the extension loads it. So the bundles are built in three steps: the extension without the lazy
// modules (what it holds), each lazy bundle against that, then the extension with the modules each lazy bundle takes.
const LAZY = {
  exchange: 'src/exchange/lazy.ts',
  termCheck: 'src/termCheck/lazy.ts',
  styleRules: 'src/styleRules/lazy.ts',
  memories: 'src/memories/lazy.ts',
  workspace: 'src/workspace/lazy.ts',
  search: 'src/search/lazy.ts',
  explorer: 'src/explorer/lazy.ts',
  tablePanel: 'src/table/lazy.ts',
  glossaryView: 'src/glossaryView/lazy.ts',
  customizations: 'src/customizations/lazy.ts',
  pushFile: 'src/documents/lazy.ts',
  translate: 'src/translate/lazy.ts',
};
const lazyOf = new Map(Object.entries(LAZY).map(([name, file]) => [resolve(file), name]));
const key = (file) => relative(process.cwd(), file).split('\\').join('/');

/** In the extension: `require('./lazy')` of a feature becomes `require("./<name>.js")(modules)`, the lazy bundle
 * called with the modules it takes from the extension (`shared`: name -> the keys of those modules). */
const lazyStubs = (shared) => ({
  name: 'lazy-stubs',
  setup(build) {
    build.onResolve({ filter: /\/lazy$/ }, (args) => {
      const name = args.kind !== 'entry-point' && lazyOf.get(resolve(args.resolveDir, `${args.path}.ts`));
      return name ? { path: name, namespace: 'lazy' } : undefined;
    });
    build.onResolve({ filter: /^\.\/\w+\.js$/, namespace: 'lazy' }, (args) => ({ path: args.path, external: true }));
    build.onResolve({ filter: /^lazy-modules:/, namespace: 'lazy' }, (args) => ({ path: args.path.slice('lazy-modules:'.length), namespace: 'lazy-modules' }));
    build.onLoad({ filter: /.*/, namespace: 'lazy' }, (args) => ({
      contents: `module.exports = require("./${args.path}.js")(require("lazy-modules:${args.path}").default);`, resolveDir: process.cwd(), loader: 'js',
    }));
    // The modules handed over: only the names the lazy bundle imports (their values when it loads: src/ exports no
    // `let`), or the whole module where it takes it whole (`import * as`). Imported, not required: they stay
    // tree-shaken ES modules.
    build.onLoad({ filter: /.*/, namespace: 'lazy-modules' }, (args) => {
      const taken = [...(shared[args.path] ?? new Map())].sort(([a], [b]) => a.localeCompare(b));
      const lines = [];
      const entries = taken.map(([k, names], i) => {
        if (names === '*') {
          lines.push(`import * as m${i} from ${JSON.stringify(resolve(k))};`);
          return `${JSON.stringify(k)}: m${i}`;
        }
        lines.push(`import { ${names.map((n, j) => `${n} as m${i}_${j}`).join(', ')} } from ${JSON.stringify(resolve(k))};`);
        return `${JSON.stringify(k)}: { ${names.map((n, j) => `${n}: m${i}_${j}`).join(', ')} }`;
      });
      lines.push(`export default { ${entries.join(', ')} };`);
      return { contents: lines.join('\n'), resolveDir: process.cwd(), loader: 'js' };
    });
  },
});

/** Stateless packages that some lazy bundles carry themselves though the extension holds them, by bundle: taken from
 * the extension, a package's module brings every function any lazy bundle uses into the extension's bundle.
 * jsonc-parser's editing and formatting (about 7 KiB) serve only the edits of the manifest (workspace) and of the
 * term check's ignore lists; the other lazy bundles take the parser from the extension. */
const CARRIED = { workspace: /^node_modules\/jsonc-parser\//, termCheck: /^node_modules\/jsonc-parser\// };

/** In a lazy bundle: a module the extension holds (`held`, by key) is taken from it (`__shared`), not bundled; the keys
 * taken go into `taken`. Barrels (index.ts: re-exports, no state) are bundled, so that only the modules behind them
 * that the lazy bundle uses are taken; so are the packages it carries (`carried`, see CARRIED). */
const takeFromExtension = (held, taken, carried) => ({
  name: 'take-from-extension',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind === 'entry-point' || args.pluginData?.inner || args.path === 'vscode' || args.path.startsWith('node:')) return undefined;
      const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { inner: true } });
      if (found.errors.length || found.external || !found.path) return undefined;
      const k = key(found.path);
      if (!held.has(k) || /(^|\/)index\.ts$/.test(k) || carried?.test(k)) return { path: found.path };
      taken.add(k);
      return { path: k, namespace: 'extension' };
    });
    build.onLoad({ filter: /.*/, namespace: 'extension' }, (args) => ({ contents: `module.exports = __shared[${JSON.stringify(args.path)}];`, loader: 'js' }));
  },
});

/** The names each lazy bundle imports from each module it takes (from its sources' import and export … from
 * declarations, type-only ones left out), as a Map per bundle: key -> names, or '*' for the whole module. Only the
 * names the module exports as values count (esbuild reads them), since the sources import types without `type`. */
async function takenNames(metafiles) {
  const perBundle = metafiles.map((meta) => {
    const names = new Map();
    for (const [file, input] of Object.entries(meta.inputs)) {
      const taken = new Map(input.imports.filter((i) => i.path.startsWith('extension:')).map((i) => [i.original, i.path.slice('extension:'.length)]));
      if (!taken.size) continue;
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
      const add = (key, name) => {
        const was = names.get(key) ?? new Set();
        if (was === '*' || name === '*') names.set(key, '*');
        else names.set(key, was.add(name));
      };
      for (const st of source.statements) {
        const spec = (ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? st.moduleSpecifier.text : undefined;
        const key = spec && taken.get(spec);
        if (!key) continue;
        if (ts.isImportDeclaration(st)) {
          const clause = st.importClause;
          if (!clause || clause.isTypeOnly) continue;
          if (clause.name) add(key, 'default');
          const bindings = clause.namedBindings;
          if (bindings && ts.isNamespaceImport(bindings)) add(key, '*');
          else for (const e of bindings?.elements ?? []) if (!e.isTypeOnly) add(key, (e.propertyName ?? e.name).text);
        } else if (!st.isTypeOnly) {
          if (!st.exportClause || !ts.isNamedExports(st.exportClause)) add(key, '*');
          else for (const e of st.exportClause.elements) if (!e.isTypeOnly) add(key, (e.propertyName ?? e.name).text);
        }
      }
    }
    return names;
  });
  const keys = [...new Set(perBundle.flatMap((n) => [...n.keys()]))];
  const values = await esbuild.build({ ...common, minify: false, sourcemap: false, bundle: false, entryPoints: keys, outdir: 'dist/.exports', write: false, metafile: true, format: 'esm' });
  const exportsOf = new Map(Object.values(values.metafile.outputs).filter((o) => o.entryPoint).map((o) => [key(resolve(o.entryPoint)), new Set(o.exports)]));
  return perBundle.map((names) => new Map([...names].map(([k, n]) => [k, n === '*' ? '*' : [...n].filter((x) => exportsOf.get(k)?.has(x)).sort()])));
}

const extensionOptions = { ...common, entryPoints: { extension: 'src/extension.ts' }, outdir: 'dist', external: ['vscode'] };

/** After the probe (the extension without its lazy modules, and the lazy entries, unwritten): each lazy bundle, then the
 * extension that hands them their modules. */
const lazyBundles = {
  name: 'lazy-bundles',
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length) return;
      const out = Object.entries(result.metafile.outputs).find(([, o]) => o.entryPoint === 'src/extension.ts');
      const held = new Set(Object.keys(out[1].inputs));
      const shared = Object.fromEntries(Object.keys(LAZY).map((name) => [name, new Set()]));
      try {
        const built = await Promise.all(Object.entries(LAZY).map(([name, file]) => esbuild.build({
          ...common, metafile: true, entryPoints: { [name]: file }, outdir: 'dist', external: ['vscode'], plugins: [takeFromExtension(held, shared[name], CARRIED[name])],
          // A function of the modules it takes: `require('./<name>.js')(modules)` is the feature's lazy.ts.
          format: 'iife', globalName: 'lazyModule', banner: { js: 'module.exports = (__shared) => {' }, footer: { js: 'return lazyModule;\n};' },
        })));
        // The core's index re-exports every core module: through it a lazy bundle would take (or bundle) them all.
        for (const [i, name] of Object.keys(LAZY).entries()) {
          if (built[i].metafile.inputs['src/core/index.ts']) throw new Error(`dist/${name}.js holds src/core/index.ts: its sources must import the core's modules by name ('../core/serialize', not '../core')`);
        }
        const names = await takenNames(built.map((b) => b.metafile));
        const taken = Object.fromEntries(Object.keys(LAZY).map((name, i) => [name, names[i]]));
        built.unshift(await esbuild.build({ ...extensionOptions, metafile: analyze, plugins: [lazyStubs(taken)] }));
        if (analyze) for (const b of built) console.log(await esbuild.analyzeMetafile(b.metafile));
      } catch (err) {
        for (const e of err.errors ?? [{ text: err.message, location: null }]) result.errors.push(e);
        if (!watch) process.exitCode = 1;
      }
    });
  },
};

const contexts = await Promise.all([
  // The extension and its lazy bundles (the probe writes nothing; lazyBundles writes them).
  esbuild.context({
    ...extensionOptions, entryPoints: { ...extensionOptions.entryPoints, ...LAZY }, write: false, metafile: true,
    plugins: [lazyStubs({}), lazyBundles, problemReporter],
  }),
  // The worker thread that takes whole-text work off the extension host's event loop.
  esbuild.context({
    ...common, entryPoints: { coreWorker: 'src/worker/coreWorker.ts' }, outdir: 'dist', external: ['vscode'],
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
