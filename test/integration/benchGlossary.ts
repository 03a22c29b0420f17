// The multilingual glossary of the benchmarks: five dictionaries from EN of about 2 MiB each (seeded, the same every
// run), shared by the glossary benchmark and the floors benchmark.

export const TARGETS = ['de', 'fr', 'ja', 'es', 'it'];

const WORDS: Record<string, string[]> = {
  en: ['cloud', 'server', 'network', 'storage', 'policy', 'account', 'invoice', 'customer', 'release', 'pipeline', 'cluster', 'gateway'],
  de: ['Wolke', 'Server', 'Netzwerk', 'Speicher', 'Richtlinie', 'Konto', 'Rechnung', 'Kunde', 'Freigabe', 'Straße', 'Größe', 'Gerät'],
  fr: ['nuage', 'serveur', 'réseau', 'stockage', 'politique', 'compte', 'facture', 'client', 'version', 'chaîne', 'grappe', 'passerelle'],
  ja: ['クラウド', 'サーバー', 'ネットワーク', 'ストレージ', '請求書', '顧客', '決済', '報告書', '地域', '遅延'],
  es: ['nube', 'servidor', 'red', 'almacenamiento', 'política', 'cuenta', 'factura', 'cliente', 'versión', 'canal'],
  it: ['nuvola', 'server', 'rete', 'archiviazione', 'criterio', 'conto', 'fattura', 'cliente', 'rilascio', 'gateway'],
};

/** Five dictionaries from EN of about 2 MiB each, sharing their sources; each lacks about 1 % of them (gaps), and a
 * few sources appear in another case in another dictionary. Seeded: the same every run. */
export function makeGlossary(): Array<{ source_lang: string; target_lang: string; entries: string }> {
  let s = 7;
  const r = () => { s = (Math.imul(s, 1103515245) + 12345) >>> 0; return s / 4294967296; };
  const phrase = (lang: string, n: number) => Array.from({ length: n }, () => WORDS[lang][Math.floor(r() * WORDS[lang].length)]).join(lang === 'ja' ? '' : ' ');
  const sources: string[] = [];
  const texts = TARGETS.map(() => [] as string[]);
  const bytes = TARGETS.map(() => 0);
  for (let i = 0; bytes.some((b) => b < 2 * 1024 * 1024 - 256); i++) {
    const source = `${phrase('en', 1 + Math.floor(r() * 3))} ${i.toString(36)}`;
    sources.push(source);
    TARGETS.forEach((lang, k) => {
      if (bytes[k] >= 2 * 1024 * 1024 - 256 || r() < 0.01) return;
      // A source in another case in this dictionary only (inconsistent-source-case), now and then.
      const src = i % 5000 === 17 && k === 1 ? source.toUpperCase() : source;
      const line = `${src}\t${phrase(lang, 1 + Math.floor(r() * 3))} ${i.toString(36)}`;
      texts[k].push(line);
      bytes[k] += Buffer.byteLength(line) + 1;
    });
  }
  return TARGETS.map((lang, k) => ({ source_lang: 'en', target_lang: lang, entries: texts[k].join('\n') + '\n' }));
}
