import * as assert from 'node:assert/strict';
import { checkStyleDocument, completionsAt, hoverAt, planPush, styleDocumentText, nearest, RULE_GROUPS } from '../../../src/core';

const doc = (rules: unknown, instructions: unknown[] = []) => JSON.stringify({ configured_rules: rules, custom_instructions: instructions }, null, 2);
const apply = (text: string, fix: { start: number; end: number; text: string }) => text.slice(0, fix.start) + fix.text + text.slice(fix.end);

describe('style rule list documents', () => {
  it('a canonical document checks clean and round-trips', () => {
    const text = styleDocumentText({ configuredRules: { punctuation: { serial_comma: 'use' } }, customInstructions: [{ id: 'a', label: 'L', prompt: 'P', sourceLanguage: 'de' }] });
    const r = checkStyleDocument(text, new Set(['a']));
    assert.deepEqual(r.findings, []);
    assert.deepEqual(r.content, { configured_rules: { punctuation: { serial_comma: 'use' } }, custom_instructions: [{ id: 'a', label: 'L', prompt: 'P', source_language: 'de' }] });
  });

  const cases: Array<[string, string, string, string | undefined]> = [
    ['an unknown group', doc({ punctuaton: { dash: 'use_hyphen' } }), 'unknown-group', '"punctuation"'],
    ['an unknown rule', doc({ punctuation: { serial_coma: 'use' } }), 'unknown-rule', '"serial_comma"'],
    ['an unknown option', doc({ punctuation: { dash: 'use_em_dsh' } }), 'unknown-option', '"use_em_dash"'],
    ['an option of a single-value rule', doc({ punctuation: { exclamation_marks: 'never' } }), 'unknown-option', '"do_not_use"'],
  ];
  for (const [name, text, code, fixed] of cases) {
    it(`flags ${name} as an error with a fix to the nearest valid one`, () => {
      const [f] = checkStyleDocument(text).findings;
      assert.equal(f.code, code);
      assert.equal(f.severity, 'error');
      assert.equal(f.fix?.text, fixed);
      assert.deepEqual(checkStyleDocument(apply(text, f.fix!)).findings, [], 'the fixed document is clean');
    });
  }

  it('the message of an unknown option quotes the option ids, so that "use" reads as an id', () => {
    const msg = (rules: unknown) => checkStyleDocument(doc(rules)).findings[0].message;
    assert.equal(msg({ punctuation: { serial_comma: 'usee' } }),
      '"usee" is not an option of punctuation.serial_comma: use one of "do_not_use", "do_not_use_serial_comma_when_using_chinese_comma", "use", "use_serial_comma_when_using_comma".');
    assert.equal(msg({ punctuation: { exclamation_marks: 'never' } }), '"never" is not an option of punctuation.exclamation_marks: use "do_not_use".');
  });

  it('an unknown rule of spelling_and_grammar is only a warning (the document does not list them all); other options are free', () => {
    const r = checkStyleDocument(doc({ spelling_and_grammar: { gender_neutral_language: 'use' }, numbers: { currency_format: 'use_iso_code_after_amount' } }));
    assert.deepEqual(r.findings.map((f) => [f.code, f.severity]), [['unknown-rule', 'warning']]);
  });

  it('custom instructions: label <= 100, prompt <= 300, <= 200 per list, a valid source language, known ids', () => {
    const long = doc({}, [{ label: 'x'.repeat(101), prompt: 'p'.repeat(301), source_language: 'xx' }, { id: 'gone', label: 'l', prompt: 'p' }]);
    assert.deepEqual(checkStyleDocument(long, new Set(['a'])).findings.map((f) => f.code), ['label-too-long', 'prompt-too-long', 'unknown-source-language', 'unknown-instruction-id']);
    const ok = doc({}, [{ label: 'x'.repeat(100), prompt: '€'.repeat(300), source_language: 'EN' }]);
    assert.deepEqual(checkStyleDocument(ok).findings, []);
    const many = doc({}, Array.from({ length: 201 }, (_, i) => ({ label: `l${i}`, prompt: 'p' })));
    assert.deepEqual(checkStyleDocument(many).findings.map((f) => f.code), ['too-many-instructions']);
  });

  it('an instruction id the list lacks (or a second one) has a fix: remove the id, leaving valid JSON with the other fields', () => {
    // A helper's walk: a deleted list's JSON pasted into a new list gave two unknown-instruction-id errors with no fix.
    for (const [place, instruction] of [
      ['first', { id: 'gone', label: 'Tone', prompt: 'Be brief.' }],
      ['last', { label: 'Tone', prompt: 'Be brief.', id: 'gone' }],
      ['middle', { label: 'Tone', id: 'gone', prompt: 'Be brief.' }],
      ['only', { id: 'gone' }],
    ] as const) {
      const text = doc({}, [instruction, { id: 'a', label: 'Kept', prompt: 'P' }]);
      const f = checkStyleDocument(text, new Set(['a'])).findings.find((x) => x.code === 'unknown-instruction-id');
      assert.equal(f?.fix?.title, 'Remove "id" (push it as a new instruction)', place);
      const fixed = apply(text, f.fix);
      const rest = Object.fromEntries(Object.entries(instruction).filter(([k]) => k !== 'id'));
      assert.deepEqual(JSON.parse(fixed).custom_instructions, [rest, { id: 'a', label: 'Kept', prompt: 'P' }], `${place}: ${fixed}`);
      assert.ok(!checkStyleDocument(fixed, new Set(['a'])).findings.some((x) => x.code === 'unknown-instruction-id'), place);
    }
    const twice = doc({}, [{ id: 'a', label: 'One', prompt: 'P' }, { id: 'a', label: 'Two', prompt: 'Q' }]);
    const dup = checkStyleDocument(twice, new Set(['a'])).findings.find((x) => x.code === 'duplicate-instruction-id')!;
    assert.deepEqual(JSON.parse(apply(twice, dup.fix!)).custom_instructions, [{ id: 'a', label: 'One', prompt: 'P' }, { label: 'Two', prompt: 'Q' }]);
  });

  it('syntax errors and unknown properties are errors', () => {
    assert.equal(checkStyleDocument('{"configured_rules": {').findings[0].code, 'json-syntax');
    assert.equal(checkStyleDocument('{"name": "x"}').findings[0].code, 'unknown-property');
  });

  it('completes groups, rule names and option identifiers; hovers show the allowed values', () => {
    const text = '{\n  "configured_rules": {\n    "punctuation": {\n      "dash": ""\n    },\n    ""\n  }\n}';
    const inOption = text.indexOf('""') + 1;
    assert.deepEqual(completionsAt(text, inOption), { kind: 'option', group: 'punctuation', rule: 'dash', items: ['use_em_dash', 'use_hyphen', 'use_tilde'] });
    const inRule = text.indexOf('"dash"') + 1;
    assert.equal(completionsAt(text, inRule)?.kind, 'rule');
    assert.deepEqual(completionsAt(text, inRule)?.items, RULE_GROUPS.punctuation);
    const inGroup = text.lastIndexOf('""') + 1;
    assert.deepEqual(completionsAt(text, inGroup)?.items, Object.keys(RULE_GROUPS));
    assert.match(hoverAt(text, inRule)?.markdown ?? '', /Allowed values:\n\n- `use_em_dash`\n- `use_hyphen`\n- `use_tilde`/);
  });

  it('plans one PUT for changed rules, and create/update/delete for changed instructions only', () => {
    const base = { configured_rules: { punctuation: { dash: 'use_hyphen' } }, custom_instructions: [{ id: 'a', label: 'A', prompt: 'x' }, { id: 'b', label: 'B', prompt: 'y' }, { id: 'c', label: 'C', prompt: 'z' }] };
    const next = { configured_rules: { punctuation: { dash: 'use_em_dash' } }, custom_instructions: [{ id: 'a', label: 'A', prompt: 'x' }, { id: 'b', label: 'B2', prompt: 'y' }, { label: 'New', prompt: 'n' }] };
    assert.deepEqual(planPush(base, next), { rules: { punctuation: { dash: 'use_em_dash' } }, create: [{ label: 'New', prompt: 'n' }], update: [{ id: 'b', label: 'B2', prompt: 'y' }], delete: ['c'] });
    assert.equal(planPush(base, { ...base, configured_rules: { punctuation: { dash: 'use_hyphen' } } }).rules, undefined, 'the same rules, in any order, are no PUT');
    // Issue #27 (Overwrite): an instruction of yours whose id the service no longer has is created again, not dropped.
    assert.deepEqual(planPush(base, { ...base, custom_instructions: [{ id: 'a', label: 'A', prompt: 'x' }, { id: 'gone', label: 'D', prompt: 'w', source_language: 'de' }] }),
      { create: [{ label: 'D', prompt: 'w', source_language: 'de' }], update: [], delete: ['b', 'c'] });
  });

  it('nearest: plausible misspellings only', () => {
    assert.equal(nearest('serial_coma', RULE_GROUPS.punctuation), 'serial_comma');
    assert.equal(nearest('completely_different_thing', ['dash', 'colon']), undefined);
  });
});
