/** The emulator's own entry validation, written independently of src/core so each checks the other.
 * Like the real service it stops at the first problem and names the entry by index and character position. */
import { parse as csvParse } from 'csv-parse/sync';

export const PHRASE_BYTES = 1024;
export const DICTIONARY_BYTES = 10 * 1024 * 1024;
export const TERM_LIST_CHARS = 300;

export class EntryError extends Error {
  constructor(readonly status: number, message: string, readonly detail: string) { super(message); }
}

// eslint-disable-next-line no-control-regex -- the rule is about control characters
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const EDGE_SPACE = /^[\s\uFEFF]|[\s\uFEFF]$/;

function phraseProblem(p: string): string | undefined {
  if (p.length === 0) return 'is empty';
  if (FORBIDDEN.test(p)) return 'contains a control character or a line break';
  if (EDGE_SPACE.test(p)) return 'has leading or trailing whitespace';
  if (Buffer.byteLength(p) > PHRASE_BYTES) return `is longer than ${PHRASE_BYTES} UTF-8 bytes`;
  return undefined;
}

function unquoteTsv(p: string): string {
  return p.length >= 2 && p.startsWith('"') && p.endsWith('"') ? p.slice(1, -1).replace(/""/g, '"') : p;
}

/** Returns the accepted [source, target] pairs in order; entries for another language pair are left out. */
export function validateEntries(entries: string, format: string, sourceLang: string, targetLang: string): Array<[string, string]> {
  if (format !== 'tsv' && format !== 'csv') throw new EntryError(400, 'Invalid entries_format', `entries_format must be "tsv" or "csv", not "${format}"`);
  if (Buffer.byteLength(entries) > DICTIONARY_BYTES) {
    throw new EntryError(413, 'Glossary too large', `The entries exceed ${DICTIONARY_BYTES} bytes`);
  }
  const out: Array<[string, string]> = [];
  const firstSeen = new Map<string, { index: number; position: number }>();
  let index = 0;
  let position = 0;
  for (const raw of entries.split('\n')) {
    const lineStart = position;
    position += raw.length + 1;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') continue;
    const where = `Entry with the index ${index} (starting at position ${lineStart})`;
    let fields: string[];
    if (format === 'tsv') {
      fields = line.split('\t').map(unquoteTsv);
    } else {
      try {
        fields = (csvParse(line, { relax_column_count: true }) as string[][])[0] ?? [];
      } catch (err) {
        throw new EntryError(400, 'Invalid glossary entries provided', `${where} is not valid CSV: ${(err as Error).message}`);
      }
    }
    const ok = fields.length === 2 || (format === 'csv' && fields.length === 4);
    if (!ok) throw new EntryError(400, 'Invalid glossary entries provided', `${where} must have a source and a target separated by a ${format === 'tsv' ? 'tab' : 'comma'}`);
    const [source, target] = fields;
    for (const [name, p] of [['source', source], ['target', target]] as const) {
      const problem = phraseProblem(p);
      if (problem) throw new EntryError(400, 'Invalid glossary entries provided', `${where}: the ${name} ${problem}`);
    }
    if (fields.length === 4 && (fields[2].toLowerCase() !== sourceLang.toLowerCase() || fields[3].toLowerCase() !== targetLang.toLowerCase())) {
      index++;
      continue; // spec rule 4: an entry for another language pair is ignored
    }
    const seen = firstSeen.get(source);
    if (seen) {
      throw new EntryError(400, 'Invalid glossary entries provided',
        `Key with the index ${index} (starting at position ${lineStart}) duplicates key with the index ${seen.index} (starting at position ${seen.position})`);
    }
    firstSeen.set(source, { index, position: lineStart });
    out.push([source, target]);
    index++;
  }
  return out;
}

/** Terms of a Spoken Terms list; throws on the first problem. */
export function validateTerms(entries: string): string[] {
  const terms = entries.split('\n').map((t) => (t.endsWith('\r') ? t.slice(0, -1) : t));
  if (terms.length && terms[terms.length - 1] === '') terms.pop();
  const seen = new Set<string>();
  let chars = 0;
  terms.forEach((t, i) => {
    const problem = phraseProblem(t);
    if (problem) throw new EntryError(400, 'Invalid spoken terms provided', `Term with the index ${i} ${problem}`);
    if (seen.has(t)) throw new EntryError(400, 'Invalid spoken terms provided', `Term with the index ${i} duplicates an earlier term`);
    seen.add(t);
    chars += [...t].length;
  });
  if (chars > TERM_LIST_CHARS) {
    throw new EntryError(400, 'Invalid spoken terms provided', `The term list has ${chars} characters; at most ${TERM_LIST_CHARS} are allowed`);
  }
  return terms;
}

export function toTsv(entries: Array<[string, string]>): string {
  const q = (p: string) => (p.length >= 2 && p.startsWith('"') && p.endsWith('"') ? `"${p.replace(/"/g, '""')}"` : p);
  return entries.map(([s, t]) => `${q(s)}\t${q(t)}`).join('\n') + (entries.length ? '\n' : '');
}
