/** The "Search Glossaries…" feature: its command, and the cache invalidation on pushes and refreshes. */
import * as vscode from 'vscode';
import { parseRemoteRef, SCHEME } from '../platform/remoteUris';
import { requireClient, type CommandContext } from '../trees/commandContext';
import { once } from '../platform/lazy';
import type { SearchQuery } from './searchCommand';
import type { GlossarySearch } from './searchGlossaries';

export function registerSearch(deps: CommandContext): { disposables: vscode.Disposable[]; search: GlossarySearch } {
  const log = deps.log.child('search');
  // The search and its pickers load when it first runs (./lazy.ts, dist/search.js); until then nothing is cached.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const searching = once(() => require('./lazy') as typeof import('./lazy'));
  const search = once(() => new (searching().GlossarySearch)(() => deps.clients.get(), log, deps.offload));
  let last: SearchQuery = { query: '', caseSensitive: false };

  const command = async () => {
    if (!await requireClient(deps)) return;
    const { askQuery, openMatch, reportFailures, runWithProgress, showResults } = searching();
    const asked = await askQuery(last);
    if (!asked) return;
    let q = asked;
    for (;;) {
      last = q;
      const result = await runWithProgress(deps.errors, (query, options, signal) => search().searchGlossaries(query, options, signal), q);
      if (!result) return;
      void reportFailures(result);
      const chosen = await showResults(result);
      if (chosen === 'toggleCase') { q = { ...q, caseSensitive: !q.caseSensitive }; continue; }
      if (chosen) await openMatch(deps.errors, chosen, q);
      return;
    }
  };

  return {
    get search() { return search(); },
    disposables: [
      vscode.commands.registerCommand('terminology.searchGlossaries', () => command()),
      // A push can change entries without changing their count: drop what was cached for that dictionary.
      vscode.workspace.onDidSaveTextDocument((doc) => {
        const ref = doc.uri.scheme === SCHEME ? parseRemoteRef(doc.uri) : undefined;
        if (ref?.kind !== 'dictionary') return;
        if (ref.id) search.peek()?.cache.invalidate(ref.id, ref); else search.peek()?.cache.clear();
      }),
      // Every other push (Push File, Add Dictionary, merges…) and the user's Refresh reload the explorer.
      deps.glossaries.onDidChangeTreeData(() => search.peek()?.cache.clear()),
    ],
  };
}
