/** Asks for a glossary and one of its language pairs (or a new one, the file's language columns first): the target of
 * Push File to Glossary and of Compare with a dictionary. */
import * as vscode from 'vscode';
import type { Glossary, ServiceClient } from '../api';
import { type EntriesFormat } from '../core/fields';
import { rootCode } from '../core/languages';
import { parseEntries } from '../core/serialize';
import { pickGlossary, pickGlossaryPair } from '../platform/pickers';
import { withCancellableProgress } from '../platform/progress';
import { pairLabel, plural } from '../platform/words';

export interface PushTarget { glossary: Glossary; sourceLang: string; targetLang: string }

/** The language pairs named by a CSV file's language columns, most frequent first. */
function pairsInFile(text: string, format: EntriesFormat): Array<{ sourceLang: string; targetLang: string }> {
  if (format !== 'csv') return [];
  const counts = new Map<string, number>();
  for (const e of parseEntries(text, 'csv').entries) {
    if (e.sourceLang === undefined || e.targetLang === undefined) continue;
    const key = `${rootCode(e.sourceLang)}-${rootCode(e.targetLang)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([k]) => {
    const [sourceLang, targetLang] = k.split('-');
    return { sourceLang, targetLang };
  });
}

/** Asks for a glossary, then one of its language pairs (or a new one). */
export async function pickTarget(client: ServiceClient, doc: vscode.TextDocument, format: EntriesFormat, title: string): Promise<PushTarget | undefined> {
  const glossary = await pickGlossary(client, title);
  if (!glossary) return undefined;
  const fromFile = pairsInFile(doc.getText(), format).filter((p) => !glossary.dictionaries.some((d) => d.sourceLang === p.sourceLang && d.targetLang === p.targetLang));
  type Item = vscode.QuickPickItem & { pair?: { sourceLang: string; targetLang: string } };
  const items: Item[] = [
    ...glossary.dictionaries.map((d) => ({ label: pairLabel(d), description: plural(d.entryCount, '1 entry', '{0} entries'), pair: d })),
    ...fromFile.map((p) => ({ label: pairLabel(p), description: vscode.l10n.t('new dictionary, from the file\'s language columns'), pair: p })),
    { label: vscode.l10n.t('$(add) Another language pair…') },
  ];
  const picked = await vscode.window.showQuickPick(items, { title, placeHolder: vscode.l10n.t('Language pair in "{0}"', glossary.name) });
  if (!picked) return undefined;
  const pair = picked.pair ?? await pickGlossaryPair(
    await withCancellableProgress(vscode.l10n.t('Loading glossary languages…'), (signal) => client.getLanguages('glossary', signal)),
    glossary.dictionaries);
  return pair ? { glossary, sourceLang: pair.sourceLang, targetLang: pair.targetLang } : undefined;
}
