import * as assert from 'node:assert/strict';
import { documentFigures } from '../../../src/lint/documentFigures';

describe('the status bar figures of a linted document', () => {
  const never = () => { throw new Error('the text was read'); };
  it('a glossary whose findings are not published yet has none, and its text is not read as a term list', () => {
    assert.equal(documentFigures({ kind: 'glossary', errors: 0 }, never), undefined);
    assert.deepEqual(documentFigures({ kind: 'glossary', errors: 2, grid: { entries: 7, missing: [{ lang: 'fr', count: 1 }] } }, never),
      { kind: 'glossary', entries: 7, bytes: 0, chars: 0, errors: 2, missing: [{ lang: 'fr', count: 1 }] });
  });
  it('a dictionary has its linter\'s figures, or none without one; a term list counts its text', () => {
    assert.equal(documentFigures({ kind: 'entries', errors: 0 }, never), undefined);
    assert.deepEqual(documentFigures({ kind: 'entries', errors: 1, dictionary: { entryCount: 3, byteSize: 40 } }, never), { kind: 'entries', entries: 3, bytes: 40, chars: 0, errors: 1 });
    assert.deepEqual(documentFigures({ kind: 'terms', errors: 0 }, () => 'Wolke\nServer\n'), { kind: 'terms', entries: 2, bytes: 0, chars: 11, errors: 0 });
  });
});
