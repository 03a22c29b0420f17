// Both keys through the UI, for the key scan the runner does after every flow (test/ui/keyscan.mjs): the free key is
// set with Set API Key and used (the views load its account, a dictionary of it is opened), then the paid key again.
// The flow keeps Chromium's profile on disk, so that the scan also reads Local Storage and IndexedDB as the browser
// wrote them (deleted entries that LevelDB has not compacted away included), after the browser closed.
export const title = 'key scan: the free key, then the paid key, set through the UI (the scan reads the browser profile)';
export const options = { browserProfile: true };

export async function run(t) {
  const { page } = t;
  const { paid, free } = t.emulator.keys;
  const auth = (key) => t.emulator.requests.filter((r) => r.headers?.authorization === `Service-Auth-Key ${key}`).length;
  t.account(free).glossaries.push({
    glossary_id: '9f3c1a52-1b1e-4c55-9d7e-0000000000f1', name: 'Free plan terms', creation_time: '2026-10-01T08:00:00Z',
    dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: [['cloud', 'Wolke'], ['login', 'Anmeldung']] }],
  });
  await t.openExplorer();
  await t.treeItem('Product terminology').waitFor({ timeout: 30_000 });

  const setKey = async (key) => {
    await t.command('Terminology: Set API Key');
    await page.locator('.quick-input-widget', { hasText: 'Set API Key' }).waitFor({ timeout: 15_000 });
    await t.input(key, { title: 'Set API Key' });
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 30_000 });
  };
  await setKey(free);
  await t.until(async () => /Free/.test(await t.statusText('terminology.usage')), 'the status bar to show the free plan', { timeout: 30_000 });
  await t.openDictionaryFromTree('Free plan terms', 'EN → DE', 'en-de.glossary.tsv');
  t.check((await t.editorLines()).some((l) => l.includes('Anmeldung')), 'with the free key, its account\'s dictionary opens');
  t.check(auth(free) >= 3, `the service received the free key (${auth(free)} requests)`);
  await page.keyboard.press('Control+W');

  const before = auth(paid);
  await setKey(paid);
  await t.until(async () => /Paid/.test(await t.statusText('terminology.usage')), 'the status bar to show the paid plan', { timeout: 30_000 });
  await t.treeItem('Product terminology').waitFor({ timeout: 30_000 });
  t.check(auth(paid) > before, 'the paid key is set again and used');
  // The web build keeps SecretStorage in Local Storage ("secrets.provider"), sealed with a key part it asks the server
  // for (POST /mint-key); code-server answers 405 there, so the secrets stay in the page's memory. When the entry is
  // there (another server), the runner's scan reads it with the rest of Local Storage, in every form of the keys.
  const secret = await page.evaluate('localStorage.getItem("secrets.provider")');
  t.check(!secret || (!secret.includes(paid) && !secret.includes(free)), secret
    ? `SecretStorage is in Local Storage (${secret.length} characters), sealed: no key readable in it`
    : 'SecretStorage is not in Local Storage (kept in the page\'s memory: the server gave no sealing key)');
}
