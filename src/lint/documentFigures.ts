/** The size figures of a linted document for the status bar, from what its lint state holds. No vscode import. */
import { termListChars, termsOf, type LintKind } from '../core';

export interface DocumentFigures {
  kind: LintKind['kind'];
  entries: number;
  bytes: number;
  chars: number;
  errors: number;
  missing?: { lang: string; count: number }[];
}

/** What a document's lint state knows: a glossary's figures once published, a dictionary's from its linter. */
export interface FigureSources {
  kind: LintKind['kind'];
  errors: number;
  grid?: { entries: number; missing: { lang: string; count: number }[] };
  dictionary?: { entryCount: number; byteSize: number };
}

/** Each kind's own figures: a glossary's or a dictionary's once its state has them, else none yet (never another
 * kind's: a large glossary whose findings are still being published is not split as a term list, which also held the
 * loop 165 ms). `text` is read for a term list only. */
export function documentFigures(s: FigureSources, text: () => string): DocumentFigures | undefined {
  if (s.kind === 'glossary') return s.grid && { kind: 'glossary', entries: s.grid.entries, bytes: 0, chars: 0, errors: s.errors, missing: s.grid.missing };
  if (s.kind === 'entries') return s.dictionary && { kind: 'entries', entries: s.dictionary.entryCount, bytes: s.dictionary.byteSize, chars: 0, errors: s.errors };
  const t = text();
  return { kind: 'terms', entries: termsOf(t).length, bytes: 0, chars: termListChars(t), errors: s.errors };
}
