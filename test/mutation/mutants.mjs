// The bugs that `npm run mutation` puts back one at a time (see run.mjs), each with the tests meant to catch it.
// `changes`: exact text in a file and what replaces it (it must stand there once); `tests`: suites and the grep that
// selects the tests (mocha's --grep for unit and integration, a file-name pattern for ui), tried in order.
export const mutants = [
  {
    id: 'close-forgets-dirty-base',
    bug: 'a language-mode change (close + open) of a dirty remote document forgets its base',
    changes: [{ file: 'src/documents/remoteFs.ts', find: '        if (d.isDirty) return;\n', replace: '' }],
    tests: [
      { suite: 'integration', grep: 'a language-mode change of a dirty document keeps its base' },
      { suite: 'ui', grep: '^language-mode' },
    ],
  },
  {
    id: 'revert-forgets-base',
    bug: 'a revert ("Don\'t Save", Revert File) does not note the base of the edits it replaces, so Undo brings them back on the new remote',
    changes: [{ file: 'src/documents/remoteFs.ts', find: '      if (base !== undefined) this.remember(uri, doc.getText(), base);\n', replace: '' }],
    tests: [
      { suite: 'integration', grep: '"Don\'t Save", reopen, Undo, Save' },
      { suite: 'ui', grep: '^dont-save' },
    ],
  },
  {
    id: 'close-forgets-history',
    bug: 'closing a document forgets the bases of its recent texts, though VS Code gives its undo stack back on reopen',
    changes: [{ file: 'src/documents/remoteFs.ts', find: '        this.versions.delete(key);\n', replace: '        this.versions.delete(key);\n        this.history.forget(key);\n' }],
    tests: [{ suite: 'integration', grep: '"Don\'t Save", reopen, Undo, Save' }],
  },
  {
    id: 'missing-base-unchanged',
    bug: 'a save with no known base takes the remote as unchanged and pushes over it',
    changes: [{ file: 'src/documents/remoteFs.ts', find: '(base !== undefined && await same(ref, remote, base))', replace: '(base === undefined || await same(ref, remote, base))' }],
    tests: [{ suite: 'ui', grep: '^reload-no-base' }],
  },
  {
    id: 'persist-base-never-writes',
    bug: 'the base of a dirty document is never kept on disk (a reload loses it)',
    changes: [{ file: 'src/documents/remoteFs.ts', find: '    if (!v || v.unknownBase || !doc.isDirty || this.persisted.get(key) === v.text) return;', replace: '    return;' }],
    tests: [{ suite: 'ui', grep: '^reload\\.' }],
  },
  {
    id: 'windows-share-base-file',
    bug: 'windows with no folder open share one base file per address',
    changes: [{ file: 'src/documents/baseStore.ts', find: 'this.owner ? `${name}.${this.owner}.json` : `${name}.json`', replace: '`${name}.json`' }],
    tests: [{ suite: 'unit', grep: 'windows sharing the folder' }],
  },
  {
    id: 'large-compared-by-size',
    bug: 'a large dictionary\'s remote (kept on the worker) is compared with the base by size only',
    changes: [{ file: 'src/platform/offload.ts', find: "    if (kept.units !== text.length) return Promise.resolve(false);\n    return this.aboutKept<boolean>({ op: 'keptEquals', keep: kept.keep, text });", replace: '    return Promise.resolve(kept.units === text.length);' }],
    tests: [{ suite: 'integration', grep: 'remote documents: edit, lint, push' }],
  },
];
