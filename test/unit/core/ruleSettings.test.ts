import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintEntries } from '../../../src/core';
import { applyRuleSettings, RULE_CODES } from '../../../src/core/ruleSettings';
import { parseManifest } from '../../../src/core/workspace/manifest';
import { RULE_DESCRIPTIONS } from '../../../src/cli/rules';

const repo = join(__dirname, '..', '..', '..', '..');

describe('rule settings of the manifest ("rules")', () => {
  it('"off" drops a rule\'s findings, a level replaces its severity, other rules keep theirs', () => {
    const findings = lintEntries('cloud\tWolke\n\n server\tServer\ncloud\tNebel\n', { format: 'tsv' });
    const codes = (fs: typeof findings) => fs.map((f) => `${f.code}:${f.severity}`);
    assert.deepEqual(codes(findings), ['blank-line:info', 'surrounding-whitespace:error', 'duplicate-source:error']);
    assert.deepEqual(codes(applyRuleSettings(findings, { 'blank-line': 'off', 'surrounding-whitespace': 'warning' })), ['surrounding-whitespace:warning', 'duplicate-source:error']);
    assert.equal(applyRuleSettings(findings, {}), findings, 'no settings: the same array, no copy');
  });

  it('the manifest reads them; an unknown rule is a warning on its name, a bad level an error', () => {
    const { rules, problems } = parseManifest(JSON.stringify({ rules: { 'blank-line': 'off', 'trailing-whitespace': 'off', 'duplicate-source': 'loud' } }));
    assert.deepEqual(rules, { 'blank-line': 'off' });
    assert.deepEqual(problems.map((p) => [p.code, p.severity, p.message]), [
      ['manifest-schema', 'warning', 'Unknown rule "trailing-whitespace".'],
      ['manifest-schema', 'error', 'A rule\'s level is "off", "info", "warning" or "error".'],
    ]);
  });

  it('every code has a SARIF description, an anchor in docs/rules.md, and a place in the schema\'s enum', () => {
    assert.deepEqual([...RULE_CODES].sort(), Object.keys(RULE_DESCRIPTIONS).sort());
    const rules = readFileSync(join(repo, 'docs', 'rules.md'), 'utf8');
    for (const code of RULE_CODES) assert.ok(rules.includes(`<a id="rule-${code}"></a>`), code);
    const schema = JSON.parse(readFileSync(join(repo, 'schemas', 'terminology.schema.json'), 'utf8')) as { properties: { rules: { propertyNames: { enum: string[] } } } };
    assert.deepEqual(schema.properties.rules.propertyNames.enum, RULE_CODES);
  });
});
