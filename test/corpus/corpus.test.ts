/** The corpus of real files from other tools (test/corpus/SOURCES.md): each read as the import reads it, compared
 * with what test/corpus/expected.json says it holds. The files are not in the repository (they are other projects'):
 * run on demand with `TERMINOLOGY_CORPUS_DIR=<folder of the files named in SOURCES.md> npm run test:corpus`; a file
 * missing there fails its test. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ImportError, planConcepts, planSpreadsheet, readSpreadsheet, readTbx, sourceLanguages, type ColumnMapping, type ImportPlan } from '../../src/core/exchange';

const CORPUS = path.join(__dirname, '..', '..', '..', 'test', 'corpus');

interface Expected {
  /** The file must be refused with the import's own error, whose message holds this word. */
  error?: string;
  source?: string; declared?: string; asks?: boolean; mapping?: ColumnMapping;
  pairs: Record<string, number>; skipped?: Record<string, Record<string, number>>; first?: Record<string, [string, string]>;
}

describe('corpus of real files from other tools', () => {
  const expected = JSON.parse(fs.readFileSync(path.join(CORPUS, 'expected.json'), 'utf8')) as Record<string, Expected>;
  const dir = process.env.TERMINOLOGY_CORPUS_DIR;
  for (const [file, want] of Object.entries(expected)) {
    it(file, async function () {
      assert.ok(dir && fs.existsSync(path.join(dir, file)), `${file} not found: set TERMINOLOGY_CORPUS_DIR to the folder of the files listed in test/corpus/SOURCES.md`);
      const bytes = fs.readFileSync(path.join(dir, file));
      let plan: ImportPlan;
      if (want.error) {
        const read = /\.tbx$/i.test(file) ? readTbx([bytes]) : Promise.resolve().then(() => readSpreadsheet(bytes, { fileName: file }));
        await assert.rejects(read, (e: Error) => e instanceof ImportError && e.message.toLowerCase().includes(want.error!), 'the import\'s own error');
        return;
      }
      if (/\.tbx$/i.test(file)) {
        const tb = await readTbx([bytes]);
        assert.equal(tb.declaredLang, want.declared);
        const source = sourceLanguages(tb)[0]?.lang;
        assert.equal(source, want.source);
        // No term in any language: the import has no source to offer and says there is nothing to pair.
        if (source === undefined) { assert.deepEqual(want.pairs, {}); return; }
        plan = planConcepts(tb.concepts, source, { format: `tbx-v${tb.version}` });
      } else {
        const sheet = readSpreadsheet(bytes, { fileName: file });
        assert.equal(sheet.mapping === undefined, Boolean(want.asks), 'whether the import must ask');
        plan = planSpreadsheet(sheet, sheet.mapping ?? want.mapping!);
      }
      assert.deepEqual(Object.fromEntries(plan.pairs.map((p) => [`${p.sourceLang}-${p.targetLang}`, p.entries.length])), want.pairs);
      // Every pair's skips, by reason: none where expected.json lists none.
      for (const p of plan.pairs) {
        const pair = `${p.sourceLang}-${p.targetLang}`;
        const got: Record<string, number> = {};
        for (const s of p.skipped) got[s.reason] = (got[s.reason] ?? 0) + 1;
        assert.deepEqual(got, want.skipped?.[pair] ?? {}, `skipped in ${pair}: ${p.skipped.slice(0, 3).map((s) => s.message).join(' | ')}`);
      }
      for (const [pair, entry] of Object.entries(want.first ?? {})) {
        const p = plan.pairs.find((x) => `${x.sourceLang}-${x.targetLang}` === pair)!;
        assert.deepEqual([p.entries[0].source, p.entries[0].target], entry, pair);
      }
    });
  }
});
