/** What a whole text is linted as, and its whole-text linter. No vscode import: the core worker uses it too. */
import { lintEntries } from './entries';
import type { EntriesFormat } from './fields';
import type { Finding } from './findings';
import { lintGrid } from './glossary/lint';
import { lintTermList } from './termList';

export type LintKind = { kind: 'entries'; format: EntriesFormat; sourceLang?: string; targetLang?: string } | { kind: 'terms' }
  | { kind: 'glossary' };

/** The whole-text linter of a kind of document. */
export function linterFor(kind: LintKind): (text: string) => Finding[] {
  if (kind.kind === 'terms') return (t) => lintTermList(t);
  if (kind.kind === 'glossary') return (t) => lintGrid(t);
  return (t) => lintEntries(t, kind);
}
