/** Search Glossaries…'s search (fetches, cache, matching on the worker) and its pickers. Bundled apart as
 * dist/search.js and loaded when the search first runs (see ../platform/lazy.ts). */
export { askQuery, openMatch, reportFailures, runWithProgress, showResults } from './searchCommand';
export { GlossarySearch } from './searchGlossaries';
