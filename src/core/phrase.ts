/** Checks one phrase (a source, a target or a term) for rules 6 and 7 and the 1024-byte limit. */
import { LIMITS, type Finding, type RuleCode } from './findings';
import type { Field } from './fields';
import {
  codePointName, isControl, isTrimmableSpace, isUnicodeNewline, MAX_SAFE_UNITS_FOR_PHRASE, SUSPICIOUS_CHAR, utf8Length,
} from './text';

export type PhraseRole = 'source' | 'target' | 'term';

const ROLE_NAME: Record<PhraseRole, string> = { source: 'source phrase', target: 'target phrase', term: 'term' };
const EMPTY_CODE: Record<PhraseRole, RuleCode> = { source: 'empty-source', target: 'empty-target', term: 'empty-term' };

/**
 * Appends the findings of one phrase to `out` (line 0; the caller places them). Fast path: most phrases
 * pass with one regex test and two character checks.
 */
export function checkPhrase(line: string, field: Field, role: PhraseRole, out: Finding[], checkLength = true): void {
  const { value, contentStart: cs, contentEnd: ce } = field;
  const name = ROLE_NAME[role];
  if (value.length === 0) {
    out.push({
      code: EMPTY_CODE[role], severity: 'error', line: 0, start: field.start, end: field.end,
      message: `The ${name} is empty. Neither source nor target may be empty.`,
    });
    return;
  }
  const first = line.charCodeAt(cs);
  const last = line.charCodeAt(ce - 1);
  const edgeSpace = isTrimmableSpace(first) || isTrimmableSpace(last);
  const suspicious = SUSPICIOUS_CHAR.test(value);
  if (!edgeSpace && !suspicious) {
    if (checkLength && value.length > MAX_SAFE_UNITS_FOR_PHRASE) checkLengthOf(field, name, out);
    return;
  }
  if (edgeSpace) {
    let a = cs;
    while (a < ce && isTrimmableSpace(line.charCodeAt(a))) a++;
    if (a === ce) {
      out.push({
        code: EMPTY_CODE[role], severity: 'error', line: 0, start: field.start, end: field.end,
        message: `The ${name} holds only whitespace; the service would see it as empty.`,
      });
      return;
    }
    let b = ce;
    while (b > a && isTrimmableSpace(line.charCodeAt(b - 1))) b--;
    if (a > cs) pushWhitespace(out, name, cs, a, 'leading');
    if (b < ce) pushWhitespace(out, name, b, ce, 'trailing');
  }
  if (suspicious) {
    for (let i = cs; i < ce; i++) {
      const c = line.charCodeAt(i);
      if (isUnicodeNewline(c)) {
        out.push({
          code: 'unicode-newline', severity: 'error', line: 0, start: i, end: i + 1,
          message: `The ${name} contains the Unicode line break ${codePointName(c)}.`,
          fixes: [{ title: 'Replace the line break with a space', preferred: true, edits: [{ line: 0, start: i, end: i + 1, text: ' ' }] }],
        });
      } else if (isControl(c)) {
        const tab = c === 9;
        out.push({
          code: 'control-character', severity: 'error', line: 0, start: i, end: i + 1,
          message: tab
            ? `The ${name} contains a tab (U+0009). Control characters are not allowed in a phrase.`
            : `The ${name} contains the control character ${codePointName(c)}.`,
          fixes: [tab
            ? { title: 'Replace the tab with a space', preferred: true, edits: [{ line: 0, start: i, end: i + 1, text: ' ' }] }
            : { title: `Remove ${codePointName(c)}`, preferred: true, edits: [{ line: 0, start: i, end: i + 1, text: '' }] }],
        });
      }
    }
  }
  if (checkLength && value.length > MAX_SAFE_UNITS_FOR_PHRASE) checkLengthOf(field, name, out);
}

function pushWhitespace(out: Finding[], name: string, start: number, end: number, where: 'leading' | 'trailing'): void {
  out.push({
    code: 'surrounding-whitespace', severity: 'error', line: 0, start, end,
    message: `The ${name} has ${where} whitespace. The service would trim it silently.`,
    fixes: [{ title: `Trim ${where} whitespace`, preferred: true, edits: [{ line: 0, start, end, text: '' }] }],
  });
}

function checkLengthOf(field: Field, name: string, out: Finding[]): void {
  const bytes = utf8Length(field.value);
  if (bytes > LIMITS.phraseBytes) {
    out.push({
      code: 'phrase-too-long', severity: 'error', line: 0, start: field.start, end: field.end,
      message: `The ${name} is ${bytes} UTF-8 bytes long; the limit is ${LIMITS.phraseBytes}.`,
    });
  }
}
