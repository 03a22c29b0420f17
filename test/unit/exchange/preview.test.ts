import * as assert from 'node:assert/strict';
import { describePreview, pairDocumentText, pairFromDocument, planSpreadsheet, previewPair, previewPlan, readSpreadsheet, SKIP_WORDS } from '../../../src/core/exchange';

const plan = () => {
  const sheet = readSpreadsheet(Buffer.from('cloud,Wolke,EN,DE\nserver,Rechner,EN,DE\nnew,neu,EN,DE\nnew,neu,EN,DE\n bad,schlecht,EN,DE\n', 'utf8'));
  return planSpreadsheet(sheet, sheet.mapping!);
};
const existing = 'cloud\tWolke\nserver\tServer\nold\talt\n';

describe('import preview', () => {
  it('counts added, changed, unchanged, removed and skipped per pair, by mode', () => {
    const pair = plan().pairs[0];
    assert.deepEqual(previewPair(pair, existing, 'merge'), {
      sourceLang: 'en', targetLang: 'de', exists: true, added: 1, changed: 1, unchanged: 1, removed: 0,
      skipped: { duplicate: 1, invalid: 1 }, skippedTotal: 2, toSend: 3, errors: 1, warnings: 0,
      // The entry whose target the merge overwrites is named, with both targets and the file's line.
      additions: [{ source: 'new', target: 'neu', line: 3 }], changes: [{ source: 'server', was: 'Server', now: 'Rechner', line: 2 }], removals: [],
    });
    assert.equal(previewPair(pair, existing, 'replace').removed, 1);
    assert.deepEqual(previewPair(pair, existing, 'replace').removals, ['old']);
    const fresh = previewPair(pair, undefined, 'new');
    assert.deepEqual([fresh.added, fresh.changed, fresh.removed, fresh.exists], [3, 0, 0, false]);
    assert.equal(describePreview(previewPair(pair, existing, 'replace'), SKIP_WORDS),
      'EN → DE: 1 added, 1 changed, 1 removed, 1 unchanged, 2 skipped (1 duplicate source phrase, 1 invalid by the entry rules)');
    assert.equal(previewPlan(plan(), () => existing, 'merge').length, 1);
  });

  it('names at most 200 changed and removed entries, and counts them all', () => {
    const n = 250;
    const rows = Array.from({ length: n }, (_, i) => `s${i},neu${i},EN,DE`).join('\n') + '\n';
    const sheet = readSpreadsheet(Buffer.from(rows, 'utf8'));
    const pair = planSpreadsheet(sheet, sheet.mapping!).pairs[0];
    const old = Array.from({ length: n }, (_, i) => `s${i}\talt${i}\n`).join('') + Array.from({ length: n }, (_, i) => `gone${i}\tx\n`).join('');
    const p = previewPair(pair, old, 'replace');
    assert.deepEqual([p.changed, p.changes.length, p.changes[199]], [n, 200, { source: 's199', was: 'alt199', now: 'neu199', line: 200 }]);
    // Added to an existing dictionary: named too (a new glossary's are all in its pair documents).
    const added = previewPair(pair, 'other\tx\n', 'merge');
    assert.deepEqual([added.added, added.additions.length, added.additions[0]], [n, 200, { source: 's0', target: 'neu0', line: 1 }]);
    assert.deepEqual(previewPair(pair, undefined, 'new').additions, []);
    assert.deepEqual([p.removed, p.removals.length, p.removals[0]], [n, 200, 'gone0']);
  });

  it('opens a pair as a document with the invalid entries to fix, and reads the fixed document back', () => {
    const pair = plan().pairs[0];
    const doc = pairDocumentText(pair);
    assert.equal(doc, 'cloud\tWolke\nserver\tRechner\nnew\tneu\n bad\tschlecht\n');
    const fixed = pairFromDocument(pair, doc.replace(' bad', 'bad'));
    assert.deepEqual(fixed.entries.map((e) => e.source), ['cloud', 'server', 'new', 'bad']);
    assert.deepEqual(fixed.skipped.map((s) => s.reason), ['duplicate']);
    const still = pairFromDocument(pair, doc + 'cloud\tx\n');
    assert.deepEqual(still.skipped.map((s) => [s.reason, s.line]), [['duplicate', 4], ['invalid', 4], ['invalid', 5]]);
    assert.equal(still.findings.find((f) => f.code === 'duplicate-source')?.line, 5);
  });
});
