/** The emulator's --data file survives kill -9 at any moment: after a restart the state is the old one or the new
 * one, never a torn file. The emulator CLI runs as a child process, is hammered with writes and SIGKILLed. */
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { State } from '../../emulator/state';

const CLI = join(__dirname, '..', '..', 'emulator', 'cli.js');
const KEY = 'crash-test-key';
const ROUNDS = 20;
const WRITERS = 4;
const ENTRIES = 1500;

function start(file: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [CLI, '--data', file, '--port', '0', '--key', KEY], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`the emulator did not start: ${out}${err}`)); }, 15_000);
    child.stderr!.on('data', (d) => { err += d; });
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /paid address (http:\/\/\S+)/.exec(out);
      if (m) { clearTimeout(timer); resolve({ child, url: m[1] }); }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`the emulator exited with ${code} on start: ${out}${err}`)); });
  });
}

const entries = (version: number) => Array.from({ length: ENTRIES }, (_, j) => `term ${j}\tversion ${version}`).join('\n');

interface Ledger {
  /** Names of every glossary a create was sent for, and the id of those whose creation was acknowledged. */
  attempted: Set<string>;
  acked: Map<string, string>;
  /** Per glossary id: the highest version acknowledged, and the highest sent. */
  ackedVersion: Map<string, number>;
  sentVersion: Map<string, number>;
}

/** One writer: creates a couple of glossaries, then replaces their dictionary with growing versions, until the
 * emulator dies. Each glossary belongs to one writer, so its versions are sent and acknowledged in order. */
async function writer(url: string, name: string, ledger: Ledger): Promise<void> {
  const headers = { Authorization: `Service-Auth-Key ${KEY}`, 'Content-Type': 'application/json' };
  const mine: string[] = [];
  try {
    for (let i = 0; ; i++) {
      if (i < 2) {
        const gname = `${name}-${i}`;
        ledger.attempted.add(gname);
        const res = await fetch(`${url}/v3/glossaries`, {
          method: 'POST', headers,
          body: JSON.stringify({ name: gname, dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: entries(0), entries_format: 'tsv' }] }),
        });
        assert.equal(res.status, 201);
        const id = ((await res.json()) as { glossary_id: string }).glossary_id;
        ledger.acked.set(gname, id);
        mine.push(id);
      } else {
        const id = mine[i % mine.length];
        const version = (ledger.sentVersion.get(id) ?? 0) + 1;
        ledger.sentVersion.set(id, version);
        const res = await fetch(`${url}/v3/glossaries/${id}/dictionaries`, {
          method: 'PUT', headers, body: JSON.stringify({ source_lang: 'en', target_lang: 'de', entries: entries(version), entries_format: 'tsv' }),
        });
        assert.equal(res.status, 200);
        await res.arrayBuffer();
        ledger.ackedVersion.set(id, version);
      }
    }
  } catch (err) {
    if (err instanceof assert.AssertionError) throw err;
    // The emulator was killed: the connection failed.
  }
}

/** The file parses, holds every acknowledged write, nothing that was never sent, and each dictionary whole. */
function check(file: string, ledger: Ledger, round: number): State {
  const text = readFileSync(file, 'utf8');
  let state: State;
  try { state = JSON.parse(text) as State; } catch (err) {
    throw new Error(`round ${round}: the data file does not parse (${(err as Error).message}); ${text.length} characters, ending ${JSON.stringify(text.slice(-80))}`, { cause: err });
  }
  const glossaries = state.accounts[KEY]?.glossaries;
  assert.ok(glossaries, `round ${round}: the account is missing`);
  const byName = new Map(glossaries.map((g) => [g.name, g]));
  assert.equal(byName.size, glossaries.length, `round ${round}: a glossary name twice`);
  for (const [name, id] of ledger.acked) assert.equal(byName.get(name)?.glossary_id, id, `round ${round}: acknowledged glossary ${name} lost`);
  for (const g of glossaries) {
    assert.ok(ledger.attempted.has(g.name), `round ${round}: glossary ${g.name} was never sent`);
    assert.equal(g.dictionaries.length, 1, `round ${round}: ${g.name} dictionaries`);
    const d = g.dictionaries[0];
    assert.equal(d.entries.length, ENTRIES, `round ${round}: ${g.name} has ${d.entries.length} entries`);
    const versions = new Set(d.entries.map(([, target]) => target));
    assert.equal(versions.size, 1, `round ${round}: ${g.name} mixes versions ${[...versions].join(', ')}`);
    const version = Number([...versions][0].replace('version ', ''));
    const low = ledger.ackedVersion.get(g.glossary_id) ?? 0;
    const high = ledger.sentVersion.get(g.glossary_id) ?? 0;
    assert.ok(version >= low && version <= high, `round ${round}: ${g.name} at version ${version}, acknowledged ${low}, sent ${high}`);
  }
  return state;
}

describe('emulator --data across kill -9', function () {
  this.timeout(180_000);
  let dir: string;
  before(() => { dir = mkdtempSync(join(tmpdir(), 'emulator-crash-')); });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it(`keeps the old or the new state, never a torn one, over ${ROUNDS} SIGKILLs at random moments during writes`, async () => {
    const file = join(dir, 'state.json');
    const ledger: Ledger = { attempted: new Set(), acked: new Map(), ackedVersion: new Map(), sentVersion: new Map() };
    const delays: number[] = [];
    let writes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const { child, url } = await start(file);
      const exited = new Promise((r) => child.once('exit', r));
      const before = ledger.acked.size + [...ledger.ackedVersion.values()].reduce((a, b) => a + b, 0);
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(url, `r${round}-w${w}`, ledger));
      const delay = 50 + Math.floor(Math.random() * 250);
      delays.push(delay);
      await new Promise((r) => setTimeout(r, delay));
      child.kill('SIGKILL');
      await exited;
      await Promise.all(writers);
      writes += ledger.acked.size + [...ledger.ackedVersion.values()].reduce((a, b) => a + b, 0) - before;
      check(file, ledger, round);
    }
    // The last state starts again, and the service answers what the file holds; no temporary file is left over.
    const { child, url } = await start(file);
    try {
      const state = check(file, ledger, ROUNDS);
      const res = await fetch(`${url}/v3/glossaries`, { headers: { Authorization: `Service-Auth-Key ${KEY}` } });
      const listed = ((await res.json()) as { glossaries: Array<{ glossary_id: string }> }).glossaries.map((g) => g.glossary_id).sort();
      assert.deepEqual(listed, state.accounts[KEY].glossaries.map((g) => g.glossary_id).sort());
      assert.deepEqual(readdirSync(dir).filter((n) => n.endsWith('.tmp')), [], 'temporary files of killed emulators are removed on start');
    } finally {
      child.kill('SIGKILL');
    }
    assert.ok(writes >= ROUNDS, `the writers got through (${writes} acknowledged writes; kill delays ${delays.join(', ')} ms)`);
  });
});
