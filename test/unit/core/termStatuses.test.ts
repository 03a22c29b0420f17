/** The sidecar of term statuses (issue #31): what an import leaves out as deprecated or forbidden, kept for the term
 * check's forbidden-term; read, merged, and held against the targets. */
import * as assert from 'node:assert/strict';
import { forbiddenOf, mergeStatuses, parseStatuses, readTranslations, STATUS_FILE_NAME, TermIndex } from '../../../src/core/termCheck';
import { planConcepts, readTbx } from '../../../src/core/exchange';
import { bytesOf } from '../exchange/helpers';

const TBX = `<?xml version="1.0" encoding="UTF-8"?><martif type="TBX" xml:lang="en"><text><body>
<termEntry id="c1">
<langSet xml:lang="en"><tig><term>cloud</term></tig></langSet>
<langSet xml:lang="de"><tig><term>Cloud</term><termNote type="administrativeStatus">deprecatedTerm-admn-sts</termNote></tig>
<tig><term>Wolke</term></tig></langSet>
</termEntry>
<termEntry id="c2">
<langSet xml:lang="en"><tig><term>server</term></tig></langSet>
<langSet xml:lang="de-DE"><tig><term>Rechner</term><termNote type="administrativeStatus">forbidden</termNote></tig>
<tig><term>Server</term></tig></langSet>
</termEntry>
<termEntry id="c3">
<langSet xml:lang="de"><tig><term>Datei</term></tig><tig><term>File</term><termNote type="administrativeStatus">forbidden</termNote></tig></langSet>
</termEntry>
</body></text></martif>`;

describe('term statuses sidecar', () => {
  it('an import plan lists the terms it left out as deprecated or forbidden, with their source term, on either planning path', async () => {
    const tb = await readTbx(bytesOf(TBX, 64));
    const fast = planConcepts(tb.concepts, 'en', { format: 'tbx-v2' });
    const general = planConcepts([...tb.concepts], 'en', { format: 'tbx-v2' });
    const want = [
      { lang: 'de', term: 'Cloud', status: 'deprecated', source: 'cloud', line: 4 },
      { lang: 'de', term: 'Rechner', status: 'forbidden', source: 'server', line: 9 },
      { lang: 'de', term: 'File', status: 'forbidden', line: 13 },
    ];
    assert.deepEqual(fast.excluded, want);
    assert.deepEqual(general.excluded, want);
  });

  it('merges an import\'s terms into the file: kept as they were, a term already listed (case ignored) not added twice', () => {
    const first = mergeStatuses(undefined, [{ lang: 'de', term: 'Cloud', status: 'deprecated', source: 'cloud' }], 'a.tbx');
    assert.equal(first.added, 1);
    const edited = first.text.replace('"term": "Cloud"', '"term": "Cloud", "note": "kept by hand"');
    const second = mergeStatuses(edited, [{ lang: 'de', term: 'cloud', status: 'forbidden' }, { lang: 'fr', term: 'nuage noir', status: 'forbidden' }], 'b.tbx');
    assert.equal(second.added, 1);
    const read = parseStatuses(second.text);
    assert.deepEqual(read.problems, []);
    assert.deepEqual(read.terms, {
      de: [{ term: 'Cloud', status: 'deprecated', source: 'cloud', from: 'a.tbx' }],
      fr: [{ term: 'nuage noir', status: 'forbidden', from: 'b.tbx' }],
    });
    assert.deepEqual(forbiddenOf(read), { de: ['Cloud'], fr: ['nuage noir'] });
  });

  it('a file that cannot be read is refused, not overwritten; a hand-written one needs only the terms', () => {
    assert.throws(() => mergeStatuses('{ "terms": ', [{ lang: 'de', term: 'x', status: 'forbidden' }], 'a.tbx'), new RegExp(STATUS_FILE_NAME.replace(/\./g, '\\.')));
    const read = parseStatuses('{ "terms": { "DE-at": ["Cloud", { "term": "  Rechner " }, { "status": "forbidden" }], "fr": "x" } }');
    assert.deepEqual(forbiddenOf(read), { de: ['Cloud', 'Rechner'] });
    assert.deepEqual(read.problems.map((p) => p.message), ['"DE-at": an item without a "term".', '"fr": a list of terms is expected.']);
  });

  it('its terms give forbidden-term on a target that uses one', () => {
    const index = new TermIndex([], { forbidden: forbiddenOf(parseStatuses(mergeStatuses(undefined, [{ lang: 'de', term: 'Rechner', status: 'forbidden' }], 'a.tbx').text)) });
    const po = 'msgid "Restart the server"\nmsgstr "Starten Sie den Rechner neu"\n';
    const read = readTranslations('po', po);
    const r = index.checkUnit(read.units[0], 'en', 'de');
    assert.deepEqual(r.findings.map((f) => [f.code, po.slice(f.offset, f.endOffset)]), [['forbidden-term', 'Rechner']]);
  });
});
