// The bugs that `npm run mutation` puts back one at a time (see run.mjs), each with the tests meant to catch it.
// `changes`: exact text in a file and what replaces it (it must stand there once); `tests`: suites and the grep that
// selects the tests (mocha's --grep for unit and integration, a file-name pattern for ui), tried in order.
export const mutants = [
  {
    id: 'term-index-on-host',
    bug: 'the term check builds its index (the automata) and checks files on the extension host, not the core worker',
    changes: [{ file: 'src/termCheck/termIndex.ts', find: 'const onWorker = offload ? await offload.keepTermIndex(input) : undefined;', replace: 'const onWorker = undefined as Awaited<ReturnType<Offload[\'keepTermIndex\']>>;' }],
    tests: [{ suite: 'integration', grep: 'PO: findings on the target string' }],
  },
  {
    id: 'term-tally-forget-ignored',
    bug: 'a file taken out of the worker\'s tally of renderings (its editor closed) still counts for inconsistent-term',
    changes: [{ file: 'src/core/termCheck/glossaryIndex.ts', find: '    this.tally.set(file, []);\n', replace: '    void file;\n' }],
    tests: [{ suite: 'unit', grep: 'the renderings stay in the worker' }],
  },
  {
    id: 'closed-history-in-memory',
    bug: 'the bases of a closed document\'s undo history stay in memory (20 closed dictionaries keep their texts alive)',
    changes: [{ file: 'src/documents/remoteFs.ts', find: '        this.history.spill(key);\n', replace: '' }],
    tests: [{ suite: 'integration', grep: '^memory: closed documents are let go' }],
  },
  {
    id: 'sizes-kept-after-close',
    bug: 'the text stat sized is kept per address after its document closed',
    changes: [{ file: 'src/documents/remoteFs.ts', find: '        this.sizes.delete(key);\n', replace: '' }],
    tests: [{ suite: 'integration', grep: '^memory: closed documents are let go' }],
  },
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
    id: 'missing-base-unchanged',
    bug: 'a save with no known base takes the remote as unchanged and pushes over it',
    changes: [{ file: 'src/documents/saveCheck.ts', find: '(base !== undefined && await this.same(ref, remote, base))', replace: '(base === undefined || await this.same(ref, remote, base))' }],
    tests: [{ suite: 'ui', grep: '^reload-no-base' }],
  },
  {
    id: 'persist-base-never-writes',
    bug: 'the base of a dirty document is never kept on disk (a reload loses it)',
    changes: [{ file: 'src/documents/remoteFs.ts', find: 'this.bases.set(key, { text: v.text, mtime: v.mtime })', replace: 'Promise.resolve()' }],
    tests: [{ suite: 'ui', grep: '^reload\\.' }],
  },
  {
    id: 'windows-share-base-file',
    bug: 'windows with no folder open share one base file per address',
    changes: [{ file: 'src/documents/baseStore.ts', find: 'this.owner ? `${name}.${this.owner}.json` : `${name}.json`', replace: 'this.owner === undefined ? `${name}.json` : `${name}.json`' }],
    tests: [{ suite: 'unit', grep: 'windows sharing the folder' }],
  },
  {
    id: 'large-compared-by-size',
    bug: 'a large dictionary\'s remote (kept on the worker) is compared with the base by size only',
    changes: [{ file: 'src/worker/offload.ts', find: "    if (kept.units !== text.length) return Promise.resolve(false);\n    return this.aboutKept<boolean>({ op: 'keptEquals', keep: kept.keep, text });", replace: '    return Promise.resolve(kept.units === text.length);' }],
    tests: [{ suite: 'integration', grep: 'remote documents: edit, lint, push' }],
  },
  {
    id: 'creates-resent-after-5xx',
    bug: 'every 5xx is taken for "the service did not act", so a create whose answer was lost is sent again',
    changes: [{ file: 'src/api/transport.ts', find: 'ambiguous = !(res.status === 429 || res.status === 529 || res.status === 503);', replace: 'ambiguous = !(res.status === 429 || res.status === 529 || res.status >= 500);' }],
    tests: [{ suite: 'unit', grep: 'creates that cannot be found by name' }],
  },
  {
    id: 'grid-merge-deletion-wins',
    bug: 'in a multilingual glossary\'s three-way merge, their deletion of a cell beats my edit of it',
    changes: [{ file: 'src/core/glossary/merge.ts', find: '      if (yv === bv) { mine.push(tv);', replace: '      if (yv === bv || tv === undefined) { mine.push(tv);' }],
    tests: [{ suite: 'unit', grep: 'fuzz: multilingual glossary merge' }],
  },
  {
    id: 'dont-save-offers-restore',
    bug: 'an explicit "Don\'t Save" is answered with a "your changes were discarded / Restore My Changes" notification',
    changes: [{ file: 'src/documents/remoteFs.ts', find: '      if (!shownInTab(key)) {', replace: '      if (key === \'\' && !shownInTab(key)) {' }],
    tests: [{ suite: 'ui', grep: '^dont-save' }],
  },
  {
    id: 'cli-counts-decide',
    bug: 'the CLI takes a service dictionary with the lock\'s entry count for unchanged (push overwrites a same-count change)',
    changes: [{ file: 'src/core/workspace/lock.ts', find: 'const remoteChanged = remote.sha256 !== entry.sha256;', replace: 'const remoteChanged = remote.entries !== entry.entries;' }],
    tests: [{ suite: 'unit', grep: 'a same-count change on the service beside a same-count change in the file' }],
  },
  {
    id: 'dropped-read-is-base',
    bug: 'a read VS Code drops (the user typed while it ran) becomes the dictionary\'s base, so the save pushes over the colleague\'s change it held',
    changes: [{ file: 'src/documents/remoteFs.ts', find: '    if (doc && (read || !doc.isDirty)) v.previous ??= v.text;\n', replace: '' }],
    tests: [{ suite: 'integration', grep: 'replaces, closes or reopens.*a read that VS Code drops' }],
  },
  {
    id: 'style-dropped-read-is-base',
    bug: 'a read VS Code drops becomes the style rule list\'s base, so the save pushes over the colleague\'s change it held',
    changes: [{ file: 'src/styleRules/styleFs.ts', find: '    if (doc && prev && doc.getText() !== o.text) o.previous = prev;\n', replace: '' }],
    tests: [{ suite: 'integration', grep: 'style rule list a read that VS Code drops' }],
  },
  {
    id: 'term-workspace-skips-closed-files',
    bug: '"Check Terms in Workspace" checks only the files VS Code holds as documents, not the closed ones on disk',
    changes: [{ file: 'src/termCheck/checker.ts', find: 'open?.getText() ?? (await readFileText(uri).catch(() => undefined))?.text;', replace: 'open?.getText();' }],
    tests: [{ suite: 'integration', grep: 'term check in the editor' }],
  },
  {
    id: 'sheet-cell-kept-whole',
    bug: 'a spreadsheet cell past the phrase limit is taken whole into the plan (a 50 MB cell costs its size again), not skipped as too long',
    changes: [{ file: 'src/core/exchange/plan.ts', find: 'if (c !== -1 && cells.tooLong(c)) return', replace: 'if (c !== -1 && false) return' }],
    tests: [{ suite: 'unit', grep: 'a cell past the phrase limit is skipped|a cell far past the phrase limit' }],
  },
  {
    id: 'sheet-bytes-kept',
    bug: 'a spreadsheet\'s bytes are kept beside its text while it is read (a 90 MB sheet over its memory bound)',
    changes: [{ file: 'src/core/exchange/decode.ts', find: '  releaseBytes(bytes);\n  return decoded;', replace: '  return decoded;' }],
    tests: [{ suite: 'unit', grep: 'bytes handed over are given back' }],
  },
  {
    id: 'pair-rows-miss-pair-change',
    bug: 'a service-layout sheet planned from columns does not see a change of target language from one row to the next',
    changes: [{ file: 'src/core/exchange/planPairs.ts', find: 'if (!(same(sc, lastSource) && same(tc, lastTarget))) {', replace: 'if (!same(sc, lastSource)) {' }],
    tests: [{ suite: 'unit', grep: 'gives the plan the rows as objects give' }],
  },
  {
    id: 'pair-rows-plain-unchecked',
    bug: 'a service-layout row is taken as passing the rules at a glance without its target being looked at',
    changes: [{ file: 'src/core/exchange/planPairs.ts', find: ' && plainText(text, cells.start(tc), cells.end(tc))) {', replace: ') {' }],
    tests: [{ suite: 'unit', grep: 'gives the plan the rows as objects give' }],
  },
  {
    id: 'cli-ignores-status-sidecar',
    bug: 'check-terms does not read the status sidecar next to the manifest (a forbidden term in a target goes unreported)',
    changes: [{ file: 'src/cli/checkTerms.ts', find: 'const forbidden: Record<string, string[]> = { ...sidecar.forbidden };', replace: 'const forbidden: Record<string, string[]> = {};' }],
    tests: [{ suite: 'unit', grep: 'the status sidecar next to the manifest' }],
  },
  {
    id: 'plan-forgets-excluded-fast',
    bug: 'a TBX concept planned on the columns\' fast path does not list the terms it leaves out as forbidden (the sidecar misses them)',
    changes: [{ file: 'src/core/exchange/plan.ts', find: '    keep(r, first, end, sourceText);', replace: '    void sourceText;' }],
    tests: [{ suite: 'unit', grep: 'an import plan lists the terms it left out|fast path plans exactly' }],
  },
  {
    id: 'term-ignore-unread',
    bug: 'a "terminology-ignore" mark of a PO entry is not carried to its strings (the finding comes back on every check)',
    changes: [{ file: 'src/core/termCheck/po.ts', find: '      if (e.ignore) u.ignore = e.ignore;\n', replace: '' }],
    tests: [{ suite: 'unit', grep: 'PO: a translator comment' }],
  },
  {
    id: 'manifest-term-ignore-unused',
    bug: 'check-terms does not apply the manifest\'s "termIgnore" to the strings of a key/value file',
    changes: [{ file: 'src/cli/checkTerms.ts', find: 'if (i) u.ignore = joinIgnore(u.ignore, i);', replace: 'if (i) void joinIgnore;' }],
    tests: [{ suite: 'unit', grep: 'termIgnore. leaves a term alone' }],
  },
  {
    id: 'editor-ignores-status-sidecar',
    bug: 'the editor\'s term check does not read the status sidecar (forbidden-term never appears while typing)',
    changes: [{ file: 'src/termCheck/glossaries.ts', find: 'statuses ? { forbidden: forbiddenOf(statuses) } : {}', replace: 'statuses ? { forbidden: forbiddenOf({ terms: {}, problems: [] }) } : {}' }],
    tests: [{ suite: 'integration', grep: 'the status sidecar beside the manifest' }],
  },
  {
    id: 'editor-ignores-manifest-term-ignore',
    bug: 'the editor\'s term check does not apply the manifest\'s "termIgnore" (Ignore here on a JSON string does nothing)',
    changes: [{ file: 'src/termCheck/checker.ts', find: 'if (i) u.ignore = joinIgnore(u.ignore, i);', replace: 'if (i) void joinIgnore;' }],
    tests: [{ suite: 'integration', grep: 'Ignore here: a PO translator comment' }],
  },
  {
    id: 'term-view-filter-ignored',
    bug: 'the Term Check view\'s filter by glossary keeps every finding',
    changes: [{ file: 'src/termCheck/view.ts', find: 'if (this.glossary !== undefined && f.entry?.glossary !== this.glossary) continue;', replace: 'if (this.glossary === \'\\u0000\') continue;' }],
    tests: [{ suite: 'integration', grep: 'the Term Check view' }],
  },
];
