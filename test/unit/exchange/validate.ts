/** Validating an exported TBX with libxml2: against the TBX v2 core structure DTD and the TBX-Basic v3 RELAX NG
 * schema in ./schemas (written for these tests from the standards). libxml2 is taken from the `libxml2-wasm`
 * package (a devDependency: WebAssembly, nothing to install on the machine) or, where that is not installed, from the
 * `xmllint` command (Debian's libxml2-utils). `TERMINOLOGY_LIBXML2_WASM` may name the package's index.mjs elsewhere. */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const SCHEMAS = path.join(__dirname, '..', '..', '..', '..', 'test', 'unit', 'exchange', 'schemas');
export const TBX_V2_DTD = path.join(SCHEMAS, 'tbx-v2-core.dtd');
export const TBX_BASIC_V3_RNG = path.join(SCHEMAS, 'tbx-basic-v3-dca.rng');

export interface Validator {
  /** Which libxml2: "libxml2-wasm" or "xmllint". */
  readonly name: string;
  /** The errors of `xml` against the DTD at `dtdFile`, [] when valid. */
  dtd(xml: string, dtdFile: string): Promise<string[]>;
  /** The errors of `xml` against the RELAX NG schema (XML syntax) at `rngFile`, [] when valid. */
  rng(xml: string, rngFile: string): Promise<string[]>;
}

interface Libxml2 {
  XmlDocument: { fromString(s: string): { dispose(): void } };
  XmlDtd: { fromString(s: string): { dispose(): void } };
  DtdValidator: new (dtd: unknown) => { validate(doc: unknown): void; dispose(): void };
  RelaxNGValidator: { fromDoc(doc: unknown): { validate(doc: unknown): void; dispose(): void } };
}

// An import() the TypeScript compiler leaves alone (it would make it a require(), which cannot load an ES module).
const importEsm = new Function('s', 'return import(s)') as (specifier: string) => Promise<unknown>;

const errorsOf = (e: unknown) => {
  const details = (e as { details?: Array<{ message: string; line?: number }> }).details;
  return details?.length ? details.map((d) => `${d.line ?? '?'}: ${d.message.trim()}`) : [String((e as Error).message ?? e)];
};

async function wasm(): Promise<Validator | undefined> {
  let lib: Libxml2;
  try {
    const where = process.env.TERMINOLOGY_LIBXML2_WASM ?? require.resolve('libxml2-wasm');
    lib = await importEsm(where.startsWith('/') ? `file://${where}` : where) as Libxml2;
  } catch {
    return undefined;
  }
  const withDoc = <T>(xml: string, f: (doc: unknown) => T): T => {
    const doc = lib.XmlDocument.fromString(xml);
    try { return f(doc); } finally { doc.dispose(); }
  };
  return {
    name: 'libxml2-wasm',
    async dtd(xml, dtdFile) {
      const dtd = lib.XmlDtd.fromString(fs.readFileSync(dtdFile, 'utf8'));
      const v = new lib.DtdValidator(dtd);
      try { withDoc(xml, (doc) => v.validate(doc)); return []; } catch (e) { return errorsOf(e); } finally { v.dispose(); dtd.dispose(); }
    },
    async rng(xml, rngFile) {
      const schema = lib.XmlDocument.fromString(fs.readFileSync(rngFile, 'utf8'));
      const v = lib.RelaxNGValidator.fromDoc(schema);
      try { withDoc(xml, (doc) => v.validate(doc)); return []; } catch (e) { return errorsOf(e); } finally { v.dispose(); schema.dispose(); }
    },
  };
}

function xmllint(): Validator | undefined {
  if (spawnSync('xmllint', ['--version'], { encoding: 'utf8' }).error) return undefined;
  const run = (xml: string, args: string[]) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'terminology-xmllint-'));
    try {
      const file = path.join(dir, 'x.tbx');
      fs.writeFileSync(file, xml);
      const r = spawnSync('xmllint', ['--noout', '--nonet', ...args, file], { encoding: 'utf8' });
      return r.status === 0 ? [] : r.stderr.split('\n').filter((l) => l.trim() !== '' && !/ validates$/.test(l));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  return {
    name: 'xmllint',
    async dtd(xml, dtdFile) { return run(xml, ['--dtdvalid', dtdFile]); },
    async rng(xml, rngFile) { return run(xml, ['--relaxng', rngFile]); },
  };
}

let found: Promise<Validator | undefined> | undefined;

/** libxml2-wasm, else xmllint, else undefined (the caller skips with a note saying how to get one). */
export function validator(): Promise<Validator | undefined> {
  return found ??= wasm().then((v) => v ?? xmllint());
}
