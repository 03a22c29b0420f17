/** A realistic, seeded 10 MiB dictionary: ~200 000 entries in several scripts, with a few hundred violations. */

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS: Record<string, string[]> = {
  en: ['cloud', 'server', 'network', 'storage', 'policy', 'account', 'invoice', 'customer', 'release', 'pipeline', 'cluster', 'container', 'gateway', 'identity', 'payment', 'report', 'dashboard', 'backup', 'region', 'latency'],
  de: ['Wolke', 'Server', 'Netzwerk', 'Speicher', 'Richtlinie', 'Konto', 'Rechnung', 'Kunde', 'Freigabe', 'Straße', 'Größe', 'Überweisung', 'Gerät', 'Schlüssel', 'Zahlung', 'Bericht', 'Übersicht', 'Sicherung', 'Region', 'Verzögerung'],
  ja: ['クラウド', 'サーバー', 'ネットワーク', 'ストレージ', '請求書', '顧客', '決済', '報告書', '地域', '遅延'],
  zh: ['云', '服务器', '网络', '存储', '策略', '账户', '发票', '客户', '发布', '区域'],
  ru: ['облако', 'сервер', 'сеть', 'хранилище', 'политика', 'счёт', 'клиент', 'отчёт', 'регион', 'задержка'],
  ar: ['سحابة', 'خادم', 'شبكة', 'تخزين', 'سياسة', 'حساب', 'فاتورة', 'عميل', 'تقرير', 'منطقة'],
};

export interface Corpus { text: string; entries: number; violations: number; bytes: number }

export function makeCorpus(targetBytes = 10 * 1024 * 1024 - 64 * 1024, seed = 42, clean = false): Corpus {
  const r = rng(seed);
  const pick = <T>(a: T[]) => a[Math.floor(r() * a.length)];
  const phrase = (lang: string, n: number) => {
    const ws: string[] = [];
    for (let i = 0; i < n; i++) ws.push(pick(WORDS[lang]));
    return ws.join(lang === 'ja' || lang === 'zh' ? '' : ' ');
  };
  const targets = ['de', 'ja', 'zh', 'ru', 'ar'];
  const lines: string[] = [];
  let bytes = 0;
  let violations = 0;
  const seen: string[] = [];
  for (let i = 0; bytes < targetBytes; i++) {
    let source = `${phrase('en', 1 + Math.floor(r() * 3))} ${i.toString(36)}`;
    let target = `${phrase(pick(targets), 1 + Math.floor(r() * 3))} ${i.toString(36)}`;
    if (r() < 0.02) target += ' 😀';
    let line = `${source}\t${target}`;
    if (!clean && i % 700 === 350) {
      violations++;
      switch ((i / 700) % 6 | 0) {
        case 0: source = seen[Math.floor(r() * seen.length)] ?? source; line = `${source}\t${target}`; break; // duplicate
        case 1: line = ` ${source}\t${target}`; break; // leading space
        case 2: line = `${source}\t${target}\u0007`; break; // control char
        case 3: line = `${source} ${target}`; break; // missing tab
        case 4: line = `${source}\t`; break; // empty target
        default: line = `${source}\u2028x\t${target}`; // unicode newline
      }
    }
    if (i % 997 === 0) seen.push(source);
    lines.push(line);
    bytes += Buffer.byteLength(line) + 1;
  }
  return { text: lines.join('\n') + '\n', entries: lines.length, violations, bytes };
}
