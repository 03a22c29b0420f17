/** The sidecar of term statuses: the terms a term base marks deprecated or forbidden, which the service's glossaries
 * cannot hold (an entry has no status), kept by the import in a file of the project's own next to the manifest, so
 * that the term check reports a translation that uses one (forbidden-term). A person may edit it; a term added by
 * hand needs only `term`. Pure. */
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

/** A term an import left out (the import's ExcludedTerm, by its shape). */
export interface LeftOutTerm { lang: string; term: string; status: 'deprecated' | 'forbidden'; source?: string }

export const STATUS_FILE_NAME = 'terminology.statuses.json';

export interface StatusTerm {
  term: string;
  status: 'deprecated' | 'forbidden';
  /** The concept's source term, when the term base had one. */
  source?: string;
  /** Where it came from (the file imported). */
  from?: string;
}

export interface Statuses {
  /** By root language code, lower case. */
  terms: Record<string, StatusTerm[]>;
  /** What could not be read, with its offset in the text. */
  problems: Array<{ message: string; offset: number }>;
}

const COMMENT = 'Terms the term bases mark deprecated or forbidden, kept by Terminology Studio\'s import for the term check ' +
  '(forbidden-term): a translation that uses one is reported. Edit freely; a term needs only "term".';

/** Reads the sidecar. A missing or unreadable part is a problem, never an exception. */
export function parseStatuses(text: string): Statuses {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  const out: Statuses = { terms: {}, problems: errors.map((e) => ({ message: `The status file is not valid JSON: ${printParseErrorCode(e.error)}.`, offset: e.offset })) };
  if (!root) return out;
  const langs = root.type === 'object' ? property(root, 'terms') : undefined;
  if (!langs || langs.type !== 'object') {
    out.problems.push({ message: 'The status file has no "terms" object (language code → list of terms).', offset: root.offset });
    return out;
  }
  for (const p of langs.children ?? []) {
    const [key, list] = p.children ?? [];
    if (!key || !list) continue;
    const lang = String(key.value).toLowerCase().split(/[-_]/)[0];
    if (list.type !== 'array') { out.problems.push({ message: `"${key.value}": a list of terms is expected.`, offset: list.offset }); continue; }
    const terms: StatusTerm[] = out.terms[lang] ?? (out.terms[lang] = []);
    for (const item of list.children ?? []) {
      const term = item.type === 'string' ? item.value as string : item.type === 'object' ? property(item, 'term')?.value : undefined;
      if (typeof term !== 'string' || !term.trim()) { out.problems.push({ message: `"${key.value}": an item without a "term".`, offset: item.offset }); continue; }
      const status = item.type === 'object' ? property(item, 'status')?.value : undefined;
      const source = item.type === 'object' ? property(item, 'source')?.value : undefined;
      const from = item.type === 'object' ? property(item, 'from')?.value : undefined;
      terms.push({
        term: term.trim(), status: status === 'deprecated' ? 'deprecated' : 'forbidden',
        ...(typeof source === 'string' && source ? { source } : {}), ...(typeof from === 'string' && from ? { from } : {}),
      });
    }
  }
  return out;
}

function property(node: Node, name: string): Node | undefined {
  for (const p of node.children ?? []) if (p.children?.[0]?.value === name) return p.children[1];
  return undefined;
}

/** The terms the term check holds the targets against (TermCheckOptions.forbidden), by language. */
export function forbiddenOf(statuses: Statuses): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [lang, terms] of Object.entries(statuses.terms)) if (terms.length) out[lang] = terms.map((t) => t.term);
  return out;
}

/** The sidecar's text with the import's left-out terms added (`from`: the file imported): a term already listed for its
 * language (case ignored) is kept as it is. The old text's terms are kept (a sidecar that cannot be read is refused
 * rather than overwritten). */
export function mergeStatuses(old: string | undefined, add: readonly LeftOutTerm[], from: string): { text: string; added: number } {
  const current = old === undefined ? { terms: {}, problems: [] } : parseStatuses(old);
  if (current.problems.length && old !== undefined && old.trim() !== '') {
    throw new Error(`${STATUS_FILE_NAME} cannot be read (${current.problems[0].message}); fix it, then import again.`);
  }
  const terms: Record<string, StatusTerm[]> = {};
  for (const [lang, list] of Object.entries(current.terms)) terms[lang] = [...list];
  let added = 0;
  for (const e of add) {
    const list = terms[e.lang] ?? (terms[e.lang] = []);
    const folded = e.term.toLocaleLowerCase(e.lang);
    if (list.some((t) => t.term.toLocaleLowerCase(e.lang) === folded)) continue;
    list.push({ term: e.term, status: e.status, ...(e.source ? { source: e.source } : {}), from });
    added++;
  }
  const sorted: Record<string, StatusTerm[]> = {};
  for (const lang of Object.keys(terms).sort()) sorted[lang] = terms[lang];
  return { text: `${JSON.stringify({ '//': COMMENT, terms: sorted }, null, 2)}\n`, added };
}
