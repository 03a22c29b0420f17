/** The DOCTYPE of an XML file: an external DTD is accepted and never fetched; internal entity definitions are
 * accepted only when they expand to plain text, so a billion-laughs document (entities that expand entities)
 * is refused before any expansion. Pure: no vscode. */
import { ImportError } from './model';

/** Most entities a file may define, and the longest replacement text. */
const MAX_ENTITIES = 1000;
const MAX_ENTITY_CHARS = 4096;

/**
 * Reads the internal subset of a DOCTYPE (the text saxes hands over after `<!DOCTYPE`) and returns the entities
 * it defines as name → text. Throws ImportError, on `line`, for parameter entities, entities whose text refers to
 * another entity (the nesting that makes billion laughs) or holds markup, and for too many or too long ones.
 */
export function internalEntities(doctype: string, line: number): Record<string, string> {
  const open = doctype.indexOf('[');
  if (open === -1) return {};
  const subset = doctype.slice(open + 1, doctype.lastIndexOf(']') === -1 ? undefined : doctype.lastIndexOf(']'));
  const out: Record<string, string> = {};
  let count = 0;
  const decl = /<!ENTITY\s+(%\s+)?([^\s"'>]+)\s+(?:"([^"]*)"|'([^']*)'|((?:SYSTEM|PUBLIC)[^>]*))\s*>/g;
  for (let m = decl.exec(subset); m; m = decl.exec(subset)) {
    const name = m[2];
    if (m[1]) throw new ImportError(`The DOCTYPE defines the parameter entity "%${name};", which this importer does not expand. Remove the internal DTD subset and import again.`, line);
    if (m[5] !== undefined) continue; // an external entity: never fetched; a reference to it fails as undefined
    const value = m[3] ?? m[4] ?? '';
    if (/&[A-Za-z_:][^;\s]*;/.test(value) || value.includes('%')) {
      throw new ImportError(`Refused: the entity "${name}" expands other entities (the pattern of a "billion laughs" attack, which would ` +
        'use up memory). Entities may only stand for plain text. Remove the internal DTD subset and import again.', line);
    }
    if (value.includes('<')) throw new ImportError(`The entity "${name}" holds markup, which this importer does not expand.`, line);
    if (value.length > MAX_ENTITY_CHARS) throw new ImportError(`The entity "${name}" is ${value.length} characters long; entities over ${MAX_ENTITY_CHARS} characters are refused.`, line);
    if (++count > MAX_ENTITIES) throw new ImportError(`The DOCTYPE defines more than ${MAX_ENTITIES} entities; refused.`, line);
    out[name] ??= value.replace(/&#(x[0-9A-Fa-f]+|[0-9]+);/g, (ref: string, n: string) => {
      const code = n[0] === 'x' ? parseInt(n.slice(1), 16) : parseInt(n, 10);
      // String.fromCodePoint throws a RangeError past U+10FFFF.
      if (code > 0x10ffff) throw new ImportError(`The entity "${name}" holds ${ref}, which is not a Unicode character.`, line);
      return String.fromCodePoint(code);
    });
  }
  if (/<!ENTITY/.test(subset) && count === 0 && !/<!ENTITY[^>]*(SYSTEM|PUBLIC)/.test(subset)) {
    throw new ImportError('The DOCTYPE holds an entity definition this importer cannot read. Remove the internal DTD subset and import again.', line);
  }
  return out;
}
