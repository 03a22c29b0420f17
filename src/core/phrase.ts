/** Checks one phrase (a source, a target or a term) for rules 6 and 7 and the 1024-byte limit. */
import { LIMITS, type Finding, type RuleCode } from './findings';
import type { Field } from './fields';
import {
  codePointName, INVISIBLE_CHAR, isCombiningMark, isControl, isInvisible, isLatinLetter, isTrimmableSpace, isUnicodeNewline, MAX_SAFE_UNITS_FOR_PHRASE,
  SUSPICIOUS_CHAR, utf8Length,
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
  // One test for all the characters the rules below look for: most phrases have none.
  const closer = LOOK_CLOSER.test(value);
  const suspicious = closer && SUSPICIOUS_CHAR.test(value);
  const invisible = closer && INVISIBLE_CHAR.test(value);
  if (closer && OTHER_SCRIPT.test(value) && LATIN_LETTER.test(value)) checkScripts(line, cs, ce, name, out);
  if (!edgeSpace && !suspicious && !invisible) {
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
  if (invisible) {
    for (let i = cs; i < ce; i++) {
      const c = line.charCodeAt(i);
      if (!isInvisible(c) || isTrimmableSpace(c)) continue; // U+FEFF at an end: the whitespace rule's
      out.push({
        code: 'invisible-character', severity: 'warning', line: 0, start: i, end: i + 1,
        message: `The ${name} contains the invisible character ${codePointName(c)}${INVISIBLE_NAMES[c] ? ` (${INVISIBLE_NAMES[c]})` : ''}: it is not the same as the word typed without it, which a search or a match then misses.`,
        fixes: [{ title: `Remove ${codePointName(c)}`, preferred: true, edits: [{ line: 0, start: i, end: i + 1, text: '' }] }],
      });
    }
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

const INVISIBLE_NAMES: Record<number, string> = {
  0xad: 'soft hyphen', 0x200b: 'zero-width space', 0x200e: 'left-to-right mark', 0x200f: 'right-to-left mark',
  0x2060: 'word joiner', 0xfeff: 'zero-width no-break space', 0x061c: 'Arabic letter mark',
};

/** Any character of SUSPICIOUS_CHAR, INVISIBLE_CHAR or OTHER_SCRIPT. */
const LOOK_CLOSER = new RegExp(`[${SUSPICIOUS_CHAR.source.slice(1, -1)}${INVISIBLE_CHAR.source.slice(1, -1)}\\u0370-\\u03ff\\u0400-\\u052f\\u1f00-\\u1fff]`);

/** A letter of another script than Latin that words mix with Latin ones by mistake (Greek, Cyrillic). */
const OTHER_SCRIPT = /[\u0370-\u03ff\u0400-\u052f\u1f00-\u1fff]/;
const LATIN_LETTER = /[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff]/;

type Script = 'Latin' | 'Greek' | 'Cyrillic';
const SCRIPTS: readonly Script[] = ['Latin', 'Greek', 'Cyrillic'];
function scriptOf(c: number): Script | undefined {
  if (isLatinLetter(c)) return 'Latin';
  if ((c >= 0x370 && c <= 0x3ff && c !== 0x37e && c !== 0x387) || (c >= 0x1f00 && c <= 0x1fff)) return 'Greek';
  if (c >= 0x400 && c <= 0x52f && !(c >= 0x482 && c <= 0x489)) return 'Cyrillic';
  return undefined;
}

/** Letters of one script that look like letters of another, by script: what a fix writes instead. */
const LOOK_ALIKES: Record<Script, Record<Script, Map<string, string>>> = (() => {
  const pairs: Record<'Cyrillic' | 'Greek', string> = {
    Cyrillic: 'аaеeоoрpсcуyхxіiјjѕsԁdԛqԝwһhӏlАAВBЕEКKМMНHОOРPСCТTХXІIЈJЅSҮYԚQԜW',
    Greek: 'οoνvρpιiκkΑAΒBΕEΖZΗHΙIΚKΜMΝNΟOΡPΤTΥYΧX',
  };
  const m = { Latin: { Latin: new Map(), Greek: new Map(), Cyrillic: new Map() }, Greek: { Latin: new Map(), Greek: new Map(), Cyrillic: new Map() }, Cyrillic: { Latin: new Map(), Greek: new Map(), Cyrillic: new Map() } } as Record<Script, Record<Script, Map<string, string>>>;
  for (const script of ['Cyrillic', 'Greek'] as const) {
    const p = pairs[script];
    for (let i = 0; i < p.length; i += 2) {
      m[script].Latin.set(p[i], p[i + 1]);
      if (!m.Latin[script].has(p[i + 1])) m.Latin[script].set(p[i + 1], p[i]);
    }
  }
  return m;
})();

/** A word (a run of letters) that mixes Latin with Greek or Cyrillic letters, one of which looks like a Latin letter:
 * nearly always a look-alike typed or pasted from another keyboard ("Сloud" with a Cyrillic С, "Kubernеtes"), which no
 * search for the word finds. A unit or symbol that mixes scripts with no look-alike (μm, kΩ, ΔT) is fine. The fix
 * writes the word in one script, changing the fewest letters that each have a look-alike there ("ХМL" → "XML"). */
function checkScripts(line: string, cs: number, ce: number, name: string, out: Finding[]): void {
  let i = cs;
  while (i < ce) {
    while (i < ce && !scriptOf(line.charCodeAt(i))) i++;
    const start = i;
    const count: Record<Script, number> = { Latin: 0, Greek: 0, Cyrillic: 0 };
    let lookAlike = false;
    for (; i < ce; i++) {
      const c = line.charCodeAt(i);
      const s = scriptOf(c);
      if (s) {
        count[s]++;
        if (s !== 'Latin' && LOOK_ALIKES[s].Latin.has(line[i])) lookAlike = true;
      } else if (!isCombiningMark(c)) break;
    }
    const used = SCRIPTS.filter((s) => count[s] > 0);
    if (used.length < 2 || !lookAlike) continue;
    const word = line.slice(start, i);
    // The script to write the word in: of those every other letter has a look-alike in, the one with most letters.
    let best: { script: Script; text: string } | undefined;
    for (const script of used) {
      let text = '';
      for (const ch of word) {
        const s = scriptOf(ch.charCodeAt(0));
        const to = !s || s === script ? ch : LOOK_ALIKES[s][script].get(ch);
        if (to === undefined) { text = ''; break; }
        text += to;
      }
      if (text && (!best || count[script] > count[best.script])) best = { script, text };
    }
    // The letters named: those the fix changes, or else those of the other scripts that look Latin.
    const named = [...new Set([...word].filter((ch) => {
      const s = scriptOf(ch.charCodeAt(0));
      return s && (best ? s !== best.script : s !== 'Latin' && LOOK_ALIKES[s].Latin.has(ch));
    }))];
    const shown = named.slice(0, 3).map((ch) => `the ${scriptOf(ch.charCodeAt(0))} "${ch}" (${codePointName(ch.charCodeAt(0))})`).join(', ');
    out.push({
      code: 'mixed-script', severity: 'warning', line: 0, start, end: i,
      message: `The ${name} mixes ${used.join(' and ')} letters in "${word}": ${shown}${named.length > 3 ? ', …' : ''}${best ? ` in a ${best.script} word` : ` ${named.length === 1 ? 'looks' : 'look'} like Latin`}. A search for the word typed in one script does not find it.`,
      ...(best ? { fixes: [{ title: `Write "${best.text}" in ${best.script} letters`, preferred: true, edits: [{ line: 0, start, end: i, text: best.text }] }] } : {}),
    });
  }
}
