/** Test helpers: a text as byte chunks (small chunks split characters and tags across writes). */
export function* bytesOf(text: string | Uint8Array, chunkSize = 7): Generator<Uint8Array> {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize);
}

export function utf16le(text: string, bom = true): Uint8Array {
  return Buffer.concat([bom ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0), Buffer.from(text, 'utf16le')]);
}

/** The entries of each pair of a plan, as `src-tgt` → [[source, target], …]. */
export function dictionariesOf(plan: { pairs: Array<{ sourceLang: string; targetLang: string; entries: Array<{ source: string; target: string }> }> }): Record<string, string[][]> {
  const out: Record<string, string[][]> = {};
  for (const p of plan.pairs) out[`${p.sourceLang}-${p.targetLang}`] = p.entries.map((e) => [e.source, e.target]);
  return out;
}
