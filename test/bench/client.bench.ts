/** Client overhead on a 10 MiB dictionary against the emulator on loopback, as a ratio to a bare fetch of the
 * same bytes measured in the same run. */
import { ServiceClient } from '../../src/api';
import { startEmulator } from '../emulator/server';
import { makeCorpus } from './corpus';
import { fmt, median } from './stats';

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

export async function benchClient(runs = 5): Promise<string[]> {
  const key = 'bench-key';
  const emu = await startEmulator({ key });
  const out: string[] = [];
  try {
    const { text, entries } = makeCorpus(undefined, 7, true);
    const client = new ServiceClient({ key, baseUrl: emu.url, timeoutMs: 120_000 });
    const g = await client.createGlossary('bench', [{ sourceLang: 'en', targetLang: 'de', entries: 'a\tb', entriesFormat: 'tsv' }]);
    const headers = { Authorization: `Service-Auth-Key ${key}`, 'Content-Type': 'application/json' };
    const body = { source_lang: 'en', target_lang: 'de', entries: text, entries_format: 'tsv' };
    const url = `${emu.url}/v3/glossaries/${g.glossaryId}`;
    const push = { bare: [] as number[], client: [] as number[] };
    const pull = { bare: [] as number[], client: [] as number[] };
    for (let i = 0; i < runs; i++) {
      push.bare.push(await time(async () => {
        const res = await fetch(`${url}/dictionaries`, { method: 'PUT', headers, body: JSON.stringify(body) });
        await res.json();
      }));
      push.client.push(await time(() => client.replaceDictionary(g.glossaryId, { sourceLang: 'en', targetLang: 'de', entries: text, entriesFormat: 'tsv' })));
      pull.bare.push(await time(async () => {
        const res = await fetch(`${url}/entries?source_lang=en&target_lang=de`, { headers });
        const j = (await res.json()) as { dictionaries: Array<{ entries: string }> };
        if (j.dictionaries[0].entries.length < 1000) throw new Error('short read');
      }));
      pull.client.push(await time(() => client.getDictionaryEntries(g.glossaryId, 'en', 'de')));
    }
    const line = (name: string, m: { bare: number[]; client: number[] }) => {
      const b = median(m.bare);
      const c = median(m.client);
      return `${name}: client ${fmt(c)} vs bare fetch ${fmt(b)} -> ratio ${(c / b).toFixed(2)}x (median of ${runs})`;
    };
    out.push(`dictionary: ${entries} entries, ${(Buffer.byteLength(text) / 1048576).toFixed(2)} MiB; emulator on loopback (includes its validation)`);
    out.push(line('push 10 MiB (PUT)', push));
    out.push(line('fetch 10 MiB (GET entries)', pull));
  } finally {
    await emu.close();
  }
  return out;
}
