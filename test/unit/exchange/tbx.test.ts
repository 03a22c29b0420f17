import * as assert from 'node:assert/strict';
import { ImportCancelled, ImportError, planConcepts, readTbx, statusOf } from '../../../src/core/exchange';
import * as fc from 'fast-check';
import { bytesOf, dictionariesOf, utf16le } from './helpers';
import { RUNS } from '../fuzz/arbitraries';

const V2 = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE martif SYSTEM "TBXcoreStructV02.dtd">
<martif type="TBX-Basic" xml:lang="en-US">
  <martifHeader><fileDesc><titleStmt><title>Cloud terms</title></titleStmt><sourceDesc><p>MultiTerm</p></sourceDesc></fileDesc></martifHeader>
  <text><body>
    <termEntry id="1">
      <langSet xml:lang="EN-US">
        <tig><term>cloud</term><termNote type="administrativeStatus">admittedTerm-admn-sts</termNote></tig>
        <tig><term>cloud computing</term><termNote type="administrativeStatus">preferredTerm-admn-sts</termNote></tig>
        <tig><term>the cloud</term><termNote type="administrativeStatus">deprecatedTerm-admn-sts</termNote></tig>
      </langSet>
      <langSet xml:lang="de">
        <ntig><termGrp><term>Cloud-Computing</term><termNote type="normativeAuthorization">Preferred</termNote></termGrp></ntig>
      </langSet>
      <langSet xml:lang="fr"><tig><term>informatique en nuage</term></tig></langSet>
    </termEntry>
    <termEntry id="2">
      <langSet xml:lang="en"><tig><term>  server </term></tig></langSet>
      <langSet xml:lang="de"><tig><term>Diener</term><termNote type="administrativeStatus">supersededTerm-admn-sts</termNote></tig></langSet>
      <langSet xml:lang="fr"><tig><term>serveur</term></tig></langSet>
    </termEntry>
    <termEntry id="3">
      <langSet xml:lang="de"><tig><term>Benutzer</term></tig></langSet>
      <langSet xml:lang="fr"><tig><term>utilisateur</term></tig></langSet>
    </termEntry>
    <termEntry id="4">
      <langSet><tig><term>login</term></tig></langSet>
    </termEntry>
    <termEntry id="5">
      <langSet xml:lang="en"><tig><term>cloud computing</term></tig></langSet>
      <langSet xml:lang="de"><tig><term>Rechnerwolke</term></tig></langSet>
    </termEntry>
    <termEntry id="6">
      <langSet xml:lang="en"><tig><term/></tig></langSet>
      <langSet xml:lang="de"><tig><term>leer</term></tig></langSet>
    </termEntry>
  </body></text>
</martif>
`;

const V3_DCT = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<?xml-model href="TBX-Basic_DCT.nvdl" type="application/xml" schematypens="http://purl.oclc.org/dsdl/nvdl/ns/structure/1.0"?>
<tbx style="dct" type="TBX-Basic" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2" xmlns:basic="http://www.tbxinfo.net/ns/basic">
  <tbxHeader><fileDesc><titleStmt><title>Basic &amp; more</title></titleStmt></fileDesc></tbxHeader>
  <text><body>
    <conceptEntry id="c1">
      <langSec xml:lang="en">
        <termSec><term>click</term><basic:administrativeStatus>preferredTerm-admn-sts</basic:administrativeStatus></termSec>
        <termSec><term>hit</term><basic:administrativeStatus>forbidden</basic:administrativeStatus></termSec>
      </langSec>
      <langSec xml:lang="ja"><termSec><term><![CDATA[クリック <する>]]></term></termSec></langSec>
    </conceptEntry>
    <conceptEntry id="c2">
      <langSec xml:lang="en"><termSec><term>caf&#x00E9; &lt;menu&gt;</term><!-- a comment --></termSec></langSec>
      <langSec xml:lang="ja"><termSec><term>カフェ</term><termNote type="administrativeStatus">deprecatedTerm-admn-sts</termNote></termSec></langSec>
    </conceptEntry>
  </body></text>
</tbx>
`;

const V3_DCA = V3_DCT.replace('style="dct"', 'style="dca"')
  .replace(/<basic:administrativeStatus>(.*?)<\/basic:administrativeStatus>/g, '<termNote type="administrativeStatus">$1</termNote>')
  .replace(' xmlns:basic="http://www.tbxinfo.net/ns/basic"', '');

describe('TBX import', () => {
  it('reads TBX v2: the preferred synonym, deprecated terms never, regional variants as their root, a missing language', async () => {
    const tb = await readTbx(bytesOf(V2));
    assert.equal(tb.version, 2);
    assert.equal(tb.dialect, 'TBX-Basic');
    assert.equal(tb.title, 'Cloud terms');
    assert.deepEqual([...tb.languages].sort(), [['de', 5], ['en', 5], ['fr', 3]]);
    const plan = planConcepts(tb.concepts, 'en', { format: 'tbx-v2', title: tb.title });
    assert.deepEqual(dictionariesOf(plan), {
      'en-de': [['cloud computing', 'Cloud-Computing']],
      'en-fr': [['cloud computing', 'informatique en nuage'], ['server', 'serveur']],
    });
    const de = plan.pairs.find((p) => p.targetLang === 'de')!;
    assert.deepEqual(de.skipped.map((s) => [s.reason, s.line]).sort(), [
      ['duplicate', 30], ['empty', 34], ['forbidden', 19], ['missing-source', 22],
    ].sort());
    const messages = plan.choices.map((c) => c.message).join('\n');
    assert.match(messages, /took "cloud computing" \(preferred\) over "cloud" \(admitted\)/);
    assert.match(messages, /"the cloud" is deprecated \(deprecatedTerm-admn-sts\): not imported/);
    assert.match(messages, /spaces around "server" were removed/);
    assert.match(messages, /EN-US taken as EN/);
    assert.match(messages, /1 concept\(s\) hold only one language/);
    assert.match(de.skipped.find((s) => s.reason === 'duplicate')!.message, /already mapped to "Cloud-Computing"/);
  });

  it('takes the root element\'s xml:lang for a langSet without one', async () => {
    const tb = await readTbx(bytesOf(V2));
    const login = tb.concepts.find((c) => c.id === '4')!;
    assert.equal(login.terms[0].lang, 'en-US');
  });

  it('reads TBX v3 in DCT and DCA style alike: namespaces, prefixes, CDATA, character references, comments, a BOM', async () => {
    for (const text of [V3_DCT, V3_DCA]) {
      const tb = await readTbx(bytesOf(text, 5));
      assert.equal(tb.version, 3);
      assert.equal(tb.title, 'Basic & more');
      const plan = planConcepts(tb.concepts, 'en', { format: 'tbx-v3' });
      assert.deepEqual(dictionariesOf(plan), { 'en-ja': [['click', 'クリック <する>']] });
      const ja = plan.pairs[0];
      assert.deepEqual(ja.skipped.map((s) => s.reason), ['forbidden']);
      assert.equal(ja.skipped[0].source, 'café <menu>');
      assert.match(plan.choices.map((c) => c.message).join('\n'), /"hit" is forbidden \(forbidden\): not imported/);
    }
  });

  it('decodes UTF-16 with a BOM and an encoding the declaration names', async () => {
    const tb = await readTbx(bytesOf(utf16le(V2.replace('UTF-8', 'UTF-16')), 3));
    assert.equal(tb.concepts.length, 6);
    const latin = Buffer.from(V3_DCA.slice(1).replace('UTF-8', 'ISO-8859-1').replace('cl'+'ick</term>', 'cliqué</term>'), 'latin1');
    const plan = planConcepts((await readTbx(bytesOf(latin))).concepts, 'en', { format: 'tbx-v3' });
    assert.equal(plan.pairs[0].entries[0].source, 'cliqué');
  });

  it('picks another source language: every other language becomes a dictionary', async () => {
    const plan = planConcepts((await readTbx(bytesOf(V2))).concepts, 'de', { format: 'tbx-v2' });
    assert.deepEqual(dictionariesOf(plan), {
      'de-en': [['Cloud-Computing', 'cloud computing'], ['Rechnerwolke', 'cloud computing'], ['leer', '']].filter((e) => e[1] !== ''),
      'de-fr': [['Cloud-Computing', 'informatique en nuage'], ['Benutzer', 'utilisateur']],
    });
  });

  it('skips a pair whose language the service does not take for glossaries', async () => {
    const th = V3_DCA.replace(/xml:lang="ja"/g, 'xml:lang="th"');
    const plan = planConcepts((await readTbx(bytesOf(th))).concepts, 'en', { format: 'tbx-v3' });
    assert.equal(plan.pairs[0].entries.length, 0);
    assert.deepEqual(plan.pairs[0].skipped.map((s) => s.reason).sort(), ['forbidden', 'unsupported-language']);
    assert.match(plan.pairs[0].findings[0].message, /Thai/);
  });

  it('accepts plain internal entities and refuses a billion-laughs document before expanding anything', async () => {
    const plain = V2.replace('<!DOCTYPE martif SYSTEM "TBXcoreStructV02.dtd">', '<!DOCTYPE martif SYSTEM "x.dtd" [ <!ENTITY co "Cloud-&#x43;omputing"> ]>')
      .replace('<term>Cloud-Computing</term>', '<term>&co;</term>');
    const plan = planConcepts((await readTbx(bytesOf(plain))).concepts, 'en', { format: 'tbx-v2' });
    assert.equal(plan.pairs[0].entries[0].target, 'Cloud-Computing');

    const lol = `<?xml version="1.0"?>
<!DOCTYPE martif [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
]>
<martif><text><body><termEntry><langSet xml:lang="en"><tig><term>&lol2;</term></tig></langSet></termEntry></body></text></martif>`;
    await assert.rejects(readTbx(bytesOf(lol)), (e: unknown) => e instanceof ImportError && /billion laughs/.test(e.message) && e.line === 6);
    const param = '<?xml version="1.0"?>\n<!DOCTYPE martif [ <!ENTITY % p "x"> ]>\n<martif/>';
    await assert.rejects(readTbx(bytesOf(param)), /parameter entity/);
  });

  it('refuses an entity holding a character reference past U+10FFFF with an ImportError on its line (fuzz: was a RangeError)', async () => {
    // The fuzzer's counter-example, shrunk.
    const found = '<!DOCTYPE martif [\n<!ENTITY e "&#1114112;">\n]>\n<martif></martif>';
    for (const text of [found, found.replace('&#1114112;', '&#x110000;'), found.replace('&#1114112;', `&#${'9'.repeat(30)};`)]) {
      await assert.rejects(readTbx(bytesOf(text)), (e: unknown) => e instanceof ImportError && /not a Unicode character/.test(e.message) && e.line === 3);
    }
    // The last character there is, and a NUL, are read as before.
    const ok = found.replace('&#1114112;', '&#x10FFFF;&#0;').replace('<martif></martif>', '<martif>&e;</martif>');
    assert.equal((await readTbx(bytesOf(ok))).version, 2);
  });

  it('reports malformed XML with its line and column', async () => {
    const broken = V2.replace('<term>serveur</term>', '<term>serveur</trem>');
    await assert.rejects(readTbx(bytesOf(broken)), (e: unknown) => {
      assert.ok(e instanceof ImportError);
      assert.equal(e.line, 20);
      assert.match(e.message, /malformed at line 20, column \d+/);
      return true;
    });
    await assert.rejects(readTbx(bytesOf(V2.slice(0, 400))), (e: unknown) => e instanceof ImportError && /malformed|ends too early/.test(e.message));
    await assert.rejects(readTbx(bytesOf('<html><body/></html>')), /not a TBX file.*<html>/);
    await assert.rejects(readTbx(bytesOf('')), /empty/);
    await assert.rejects(readTbx(bytesOf(V2.replace('<term>login</term>', '<term>&undefinedEntity;</term>'))), /line 27.*undefined entity/);
  });

  it('reports progress and stops when cancelled', async () => {
    const seen: number[] = [];
    await readTbx(bytesOf(V2, 256), { onProgress: (n) => seen.push(n) });
    assert.ok(seen.length > 3);
    assert.equal(seen[seen.length - 1], Buffer.byteLength(V2));
    const ac = new AbortController();
    await assert.rejects(readTbx(bytesOf(V2, 256), { signal: ac.signal, onProgress: (n) => { if (n > 600) ac.abort(); } }),
      (e: unknown) => e instanceof ImportCancelled);
  });

  it('normalises status values in any case and form', () => {
    const cases: Array<[string, string]> = [
      ['preferredTerm-admn-sts', 'preferred'], ['PREFERRED', 'preferred'], ['standardized', 'preferred'], ['legal', 'preferred'],
      ['regulated', 'preferred'], ['admittedTerm-admn-sts', 'admitted'], ['Admitted', 'admitted'], ['deprecatedTerm-admn-sts', 'deprecated'],
      ['supersededTerm-admn-sts', 'deprecated'], ['obsolete', 'deprecated'], ['notRecommended', 'deprecated'], ['rejected', 'forbidden'],
      ['forbidden', 'forbidden'], ['other', 'unspecified'],
    ];
    for (const [v, want] of cases) assert.equal(statusOf(v), want, v);
  });

  it('a langSet with a bare lang= (as translate5\'s recovery export writes) is no language, and is counted for the message', async () => {
    const tbx = `<?xml version="1.0" encoding="UTF-8"?><martif type="TBX"><text><body>
<termEntry id="a"><langSet lang="en"><tig><term>cloud</term></tig></langSet><langSet lang="de"><tig><term>Wolke</term></tig></langSet></termEntry>
</body></text></martif>`;
    const tb = await readTbx(bytesOf(tbx, 64));
    assert.deepEqual([...tb.languages.keys()], []);
    assert.equal(tb.bareLangAttributes, 2);
    assert.equal((await readTbx(bytesOf(V2, 64))).bareLangAttributes, undefined);
  });

  it('reads Phrase\'s yes/no notes: a term marked forbidden "true" is left out, "preferred" "true" is taken first', async () => {
    // As Phrase (Memsource) writes every term: <termNote type="forbidden">false</termNote> and type="preferred".
    const term = (text: string, forbidden: string, preferred: string) => `<tig><term>${text}</term>` +
      `<termNote type="forbidden">${forbidden}</termNote><termNote type="preferred">${preferred}</termNote></tig>`;
    const tbx = `<?xml version="1.0" encoding="UTF-8"?><martif type="TBX" xml:lang="en"><text><body>
<termEntry id="a"><langSet xml:lang="en">${term('cloud', 'false', 'false')}</langSet>
<langSet xml:lang="de">${term('Cloud', 'true', 'false')}${term('Wolke', 'false', 'false')}</langSet></termEntry>
<termEntry id="b"><langSet xml:lang="en">${term('server', 'False', 'false')}</langSet>
<langSet xml:lang="de">${term('Rechner', 'false', 'false')}${term('Server', 'false', 'TRUE')}</langSet></termEntry>
</body></text></martif>`;
    const tb = await readTbx(bytesOf(tbx, 64));
    const plan = planConcepts(tb.concepts, 'en', { format: 'tbx-v2' });
    assert.deepEqual(dictionariesOf(plan), { 'en-de': [['cloud', 'Wolke'], ['server', 'Server']] });
    assert.ok(plan.choices.some((c) => /"Cloud" is forbidden \(forbidden: true\)/.test(c.message)), JSON.stringify(plan.choices));
  });
});

describe('TBX import: the columns\' fast path plans exactly as the general one', () => {
  // Terms with what sends a concept the general way (spaces around, a tab, a Unicode line break, an empty term,
  // markup, CDATA, entities) and what does not; statuses, regional variants, a language missing, duplicates.
  const text = fc.constantFrom('cloud', 'Wolke', 'dup', 'dup', ' server ', 'a &amp; b', 'x &lt; y', '', 'クラウド', 'tab\there', 'two&#10;lines',
    'u\u2028v', 'nel\u0085', '\u00a0nbsp', 'emoji 😀', '<![CDATA[c <d>]]>', 'x<hi>y</hi>z', 'long '.repeat(70));
  const status = fc.constantFrom(undefined, undefined, 'preferredTerm-admn-sts', 'admittedTerm-admn-sts', 'deprecatedTerm-admn-sts', 'forbidden', ' Preferred ', 'other');
  const lang = fc.constantFrom('en', 'de', 'fr', 'EN-US', 'de-AT', 'ja', 'th', '');
  const termSec = fc.record({ text, status, second: fc.boolean(), bare: fc.boolean(), noTerm: fc.boolean() });
  const langSec = fc.record({ lang, terms: fc.array(termSec, { minLength: 1, maxLength: 3 }) });
  const concept = fc.record({ id: fc.option(fc.nat(50)), langs: fc.array(langSec, { maxLength: 5 }) });
  const doc = fc.record({ v3: fc.boolean(), rootLang: fc.constantFrom('en', 'de', 'fr-CA'), concepts: fc.array(concept, { maxLength: 25 }) });
  const write = (d: typeof doc extends fc.Arbitrary<infer T> ? T : never) => {
    const [root, entry, ls, grp] = d.v3 ? ['tbx', 'conceptEntry', 'langSec', 'termSec'] : ['martif', 'termEntry', 'langSet', 'tig'];
    let s = `<?xml version="1.0"?>\n<${root} type="TBX-Basic" xml:lang="${d.rootLang}"><text><body>\n`;
    for (const c of d.concepts) {
      s += `<${entry}${c.id === null ? '' : ` id="c${c.id}"`}>\n`;
      for (const l of c.langs) {
        s += `<${ls}${l.lang ? ` xml:lang="${l.lang}"` : ''}>`;
        for (const t of l.terms) {
          if (t.bare) { s += `<term>${t.text}</term>\n`; continue; }
          s += `<${grp}>${t.noTerm ? '' : `<term>${t.text}</term>`}`;
          if (t.status) s += `<termNote type="administrativeStatus">${t.status}</termNote>`;
          if (t.second) s += '<descrip type="normativeAuthorization">deprecatedTerm-admn-sts</descrip>';
          s += `</${grp}>\n`;
        }
        s += `</${ls}>\n`;
      }
      s += `</${entry}>\n`;
    }
    return `${s}</body></text></${root}>\n`;
  };

  it('on generated term bases, for every source language, in chunks of any size', async () => {
    await fc.assert(fc.asyncProperty(doc, fc.integer({ min: 1, max: 400 }), async (d, chunk) => {
      const tb = await readTbx(bytesOf(write(d), chunk));
      const concepts = [...tb.concepts];
      assert.equal(concepts.length, d.concepts.length);
      for (const source of ['en', 'de', 'fr', 'ja']) {
        const fast = planConcepts(tb.concepts, source, { format: 'tbx' });
        const general = planConcepts(concepts, source, { format: 'tbx' }); // an array: every concept the general way
        assert.deepEqual(fast, general);
      }
    }), { numRuns: RUNS });
  });

  it('keeps the texts apart from the parser\'s chunks and takes a term split over chunks whole', async () => {
    const xml = `<tbx xml:lang="en"><text><body><conceptEntry id="x1"><langSec xml:lang="en"><termSec><term>${'a'.repeat(1000)}</term></termSec></langSec>` +
      `<langSec xml:lang="de"><termSec><term>b&amp;c <hi>d</hi> <![CDATA[<e>]]></term></termSec></langSec></conceptEntry></body></text></tbx>`;
    const tb = await readTbx(bytesOf(xml, 64));
    const [c] = [...tb.concepts];
    assert.equal(c.id, 'x1');
    assert.deepEqual(c.terms.map((t) => [t.lang, t.text.length > 100 ? t.text.length : t.text]), [['en', 1000], ['de', 'b&c d <e>']]);
    assert.equal(tb.concepts.length, 1);
  });
});
