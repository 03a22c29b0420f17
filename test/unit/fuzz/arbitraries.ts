/** Generators of nasty input for the fuzz properties, and the number of cases each property runs.
 * `npm test` runs a bounded number (200 each); `npm run fuzz` runs 10 000 (TERMINOLOGY_FUZZ_RUNS overrides). */
import fc from 'fast-check';

const fromEnv = Number(process.env.TERMINOLOGY_FUZZ_RUNS);
export const RUNS = Number.isFinite(fromEnv) && fromEnv > 0 ? Math.floor(fromEnv) : 200;
/** Options for fc.assert: the case count, and a seed from TERMINOLOGY_FUZZ_SEED to replay a failure. */
export const fuzz = (): fc.Parameters<unknown> => {
  const seed = Number(process.env.TERMINOLOGY_FUZZ_SEED);
  return { numRuns: RUNS, ...(Number.isFinite(seed) && process.env.TERMINOLOGY_FUZZ_SEED ? { seed } : {}) };
};

/** Pieces that break parsers: separators, quotes, every line break and its lookalikes, BOM, control characters,
 * Unicode spaces, surrogate pairs and lone surrogates, conflict markers, and phrases over the byte limit. */
export const nastyPiece = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('a', 'b', 'x', 'Z', 'é', 'ß', '中', 'ع', '-', '.', "'", '1') },
  { weight: 4, arbitrary: fc.constantFrom('\t', ',', '"', '""', ' ', '\u00a0', '\u3000', '\u2003') },
  { weight: 3, arbitrary: fc.constantFrom('\n', '\r', '\r\n', '\n\r', '\u2028', '\u2029', '\u0085') },
  { weight: 2, arbitrary: fc.constantFrom('\uFEFF', '\u0000', '\u0001', '\u0007', '\u001b', '\u001f', '\u007f', '\u0080', '\u009f') },
  { weight: 2, arbitrary: fc.constantFrom('😀', '👩‍👩‍👧', '\uD83D', '\uDE00', '\uDBFF\uDFFF', 'e\u0301') },
  // Invisible characters, and letters of scripts a word should not mix (Cyrillic с and е, Greek ο, a combining mark).
  { weight: 2, arbitrary: fc.constantFrom('\u200b', '\u00ad', '\u200e', '\u2066', '\u034f', '\u0441', '\u0435', '\u03bf', '\u0301', '\u0483', '\u200d') },
  { weight: 1, arbitrary: fc.constantFrom('<<<<<<< yours', '=======', '>>>>>>> remote', '<<<<<<<', '>>>>>>>', '======= x') },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(1025), '€'.repeat(342), '😀'.repeat(257), 'w'.repeat(300)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
);

/** Any text at all, built from the nasty pieces. */
export const nastyText = fc.oneof(
  { weight: 4, arbitrary: fc.array(nastyPiece, { maxLength: 60 }).map((p) => p.join('')) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 120 }) },
);

/** A phrase: nasty pieces without line breaks (they would end the line), possibly with separators. */
export const nastyPhrase = fc.array(nastyPiece, { maxLength: 6 }).map((p) => p.join('').replace(/\r|\n/g, ''));

export const eol = fc.constantFrom('\n', '\r\n', '\r');

/** Text that looks like a dictionary: lines of phrases joined by tabs or commas, mixed line breaks, maybe a BOM. */
export const dictionaryLike = fc.record({
  bom: fc.boolean(),
  lines: fc.array(fc.record({
    fields: fc.array(nastyPhrase, { minLength: 0, maxLength: 5 }),
    sep: fc.constantFrom('\t', ','),
    eol,
  }), { maxLength: 12 }),
  finalBreak: fc.boolean(),
}).map(({ bom, lines, finalBreak }) => (bom ? '\uFEFF' : '') +
  lines.map((l, i) => l.fields.join(l.sep) + (i < lines.length - 1 || finalBreak ? l.eol : '')).join(''));

/** Dictionary-like or wholly random text. */
export const anyText = fc.oneof(dictionaryLike, nastyText);

export const format = fc.constantFrom<'tsv' | 'csv'>('tsv', 'csv');
