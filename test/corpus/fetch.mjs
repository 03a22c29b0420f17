#!/usr/bin/env node
// Assembles the corpus folder of test/corpus/SOURCES.md (issue #29, item 5): each file listed there, downloaded from
// raw.githubusercontent.com at the listed commit into FOLDER under its local name, and checked against the listed
// SHA-256 prefix. `--check` downloads nothing: it only checks a folder assembled another way (git show from a clone).
//   node test/corpus/fetch.mjs FOLDER [--check]
// then: TERMINOLOGY_CORPUS_DIR=FOLDER npm run test:corpus
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [folder, ...flags] = process.argv.slice(2);
if (!folder) {
  console.error('usage: node test/corpus/fetch.mjs FOLDER [--check]');
  process.exit(2);
}
const check = flags.includes('--check');
const sources = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'SOURCES.md'), 'utf8');
// The table's rows: | file | repository | path | commit | sha256 prefix | license | what |
const rows = sources.split('\n').filter((l) => /^\| [^ ]+\.(tbx|csv|tsv|tab|txt) \|/.test(l)).map((l) => l.split('|').slice(1, 6).map((c) => c.trim()));
if (!rows.length) throw new Error('no file listed in SOURCES.md');
mkdirSync(folder, { recursive: true });
let bad = 0;
for (const [file, repo, path, commit, sha] of rows) {
  const target = join(folder, file);
  if (!check && !existsSync(target)) {
    const url = `https://raw.githubusercontent.com/${repo}/${commit}/${path.split('/').map(encodeURIComponent).join('/')}`;
    const res = await fetch(url);
    if (!res.ok) { console.error(`${file}: ${res.status} from ${url}`); bad++; continue; }
    writeFileSync(target, Buffer.from(await res.arrayBuffer()));
  }
  if (!existsSync(target)) { console.error(`${file}: missing`); bad++; continue; }
  const got = createHash('sha256').update(readFileSync(target)).digest('hex');
  if (!got.startsWith(sha)) { console.error(`${file}: SHA-256 ${got.slice(0, 16)}, SOURCES.md says ${sha}`); bad++; continue; }
  console.log(`${file}: ok`);
}
console.log(`${rows.length - bad} of ${rows.length} files in ${folder}`);
process.exitCode = bad ? 1 : 0;
