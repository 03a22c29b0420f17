/** Rule severities set in the manifest (`"rules": {"blank-line": "off", "language-mismatch": "error"}`), applied the
 * same way to the editor's diagnostics and the CLI's findings. Pure. */
import type { Severity } from './findings';

export type RuleLevel = 'off' | Severity;
export const RULE_LEVELS: readonly RuleLevel[] = ['off', 'info', 'warning', 'error'];
/** By rule code; a code not named keeps the rule's own severity. */
export type RuleSettings = Readonly<Record<string, RuleLevel>>;

/** Every code a finding can carry: the entry and term list rules, the multilingual glossary's, the term check's, the manifest's, and
 * `encoding` (a file the encoding policy refuses). */
export const RULE_CODES: readonly string[] = [
  'missing-separator', 'extra-separator', 'unclosed-quote', 'stray-quote', 'empty-source', 'empty-target', 'duplicate-source',
  'control-character', 'unicode-newline', 'invisible-character', 'mixed-script', 'surrounding-whitespace', 'phrase-too-long', 'dictionary-too-large', 'language-mismatch',
  'blank-line', 'term-list-too-long', 'duplicate-term', 'empty-term', 'variant-target', 'variant-source', 'unsupported-language',
  'same-language', 'server-rejected', 'merge-conflict', 'grid-header', 'untranslated-source', 'missing-translation',
  'reverse-mismatch', 'inconsistent-source-case', 'same-target-for-different-sources', 'draft-translation',
  'term-not-used', 'forbidden-term', 'inconsistent-term', 'untranslated-term',
  'manifest-syntax', 'manifest-schema', 'missing-file', 'duplicate-link', 'duplicate-name', 'encoding',
];

/** The findings with the settings applied: a rule set to "off" is dropped, another level replaces the severity.
 * Without settings, the same array (no copy: a file may have 150 000 findings). */
export function applyRuleSettings<T extends { code: string; severity: Severity }>(findings: T[], rules: RuleSettings | undefined): T[] {
  if (!rules || !Object.keys(rules).length) return findings;
  const out: T[] = [];
  for (const f of findings) {
    const level = Object.prototype.hasOwnProperty.call(rules, f.code) ? rules[f.code] : undefined;
    if (level === 'off') continue;
    out.push(level && level !== f.severity ? { ...f, severity: level } : f);
  }
  return out;
}
