/** Pickers: a glossary, a language, a glossary language pair. A refused language is explained inside the picker
 * (an item marked with the reason, which cannot be accepted), never in a separate toast. */
import * as vscode from 'vscode';
import type { Glossary, Language, ServiceClient } from '../api';
import { lintLanguageCode, lintLanguagePair, normalizeLanguage } from '../core';
import { withCancellableProgress } from './progress';

const pairText = (p: { sourceLang: string; targetLang: string }) => `${p.sourceLang.toUpperCase()} → ${p.targetLang.toUpperCase()}`;

/** Asks for one of the account's glossaries (sorted by name). */
export async function pickGlossary(client: ServiceClient, title: string): Promise<Glossary | undefined> {
  const glossaries = await withCancellableProgress(vscode.l10n.t('Loading glossaries…'), (signal) => client.listGlossaries(signal));
  if (!glossaries.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('There are no glossaries yet. Create one with "Terminology: Create Glossary…" first.'));
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    [...glossaries].sort((a, b) => a.name.localeCompare(b.name)).map((glossary) => ({
      label: glossary.name, description: glossary.dictionaries.map(pairText).join(', '), glossary,
    })),
    { title, placeHolder: vscode.l10n.t('Glossary'), matchOnDescription: true },
  );
  return picked?.glossary;
}

type LanguageItem = vscode.QuickPickItem & { code: string; refused?: string };

/** Asks for a language. `check` returns why a code cannot be used; such a code shows as an item with the reason
 * (for a typed code too) and accepting it keeps the picker open with the reason in its title. */
export async function pickLanguage(title: string, languages: Language[], exclude: string[] = [], check?: (code: string) => string | undefined): Promise<string | undefined> {
  const qp = vscode.window.createQuickPick<LanguageItem>();
  qp.title = title;
  qp.placeholder = vscode.l10n.t('Type to filter, or type a language code');
  qp.matchOnDescription = true;
  const base: LanguageItem[] = languages.map((l) => {
    const refused = exclude.includes(l.lang) ? vscode.l10n.t('already used') : check?.(l.lang);
    return refused
      ? { label: `$(circle-slash) ${l.lang.toUpperCase()}`, description: `${l.name} — ${refused}`, code: l.lang, refused }
      : { label: l.lang.toUpperCase(), description: l.name, code: l.lang };
  });
  // Usable languages first; the refused ones stay visible with their reason.
  base.sort((a, b) => Number(Boolean(a.refused)) - Number(Boolean(b.refused)));
  qp.items = base;
  const listed = new Set(languages.map((l) => l.lang.toLowerCase()));
  qp.onDidChangeValue((value) => {
    const input = value.trim();
    if (!/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/.test(input)) { qp.items = base; return; }
    // The code as every other path reads it (case, `_`, a region or script, `no` → `nb`), said when it differs.
    const n = normalizeLanguage(input, listed.size ? listed : undefined);
    const code = n.code;
    const from = code !== input.toLowerCase() ? vscode.l10n.t('from {0}', input) : undefined;
    if (base.some((i) => i.code === code) && !from) { qp.items = base; return; }
    const refused = check?.(code) ?? (languages.length && !n.known ? vscode.l10n.t('not in the service\'s language list') : undefined);
    const typed: LanguageItem = refused
      ? { label: `$(circle-slash) ${code.toUpperCase()}`, description: [from, refused].filter(Boolean).join(' — '), code, refused, alwaysShow: true }
      : { label: code.toUpperCase(), description: from ?? vscode.l10n.t('the code you typed'), code, alwaysShow: true };
    qp.items = [typed, ...base.filter((i) => i.code !== code)];
  });
  return new Promise((resolve) => {
    let done = false;
    qp.onDidAccept(() => {
      const item = qp.selectedItems[0] ?? qp.activeItems[0];
      if (!item) return;
      if (item.refused) {
        qp.title = `${title}: ${item.code.toUpperCase()} — ${item.refused}`;
        return;
      }
      done = true;
      resolve(item.code);
      qp.hide();
    });
    qp.onDidHide(() => { if (!done) resolve(undefined); qp.dispose(); });
    qp.show();
  });
}

/** Source then target, refusing variants, Thai, unknown codes and a same-language pair with the reason. */
export async function pickGlossaryPair(languages: Language[], taken: Array<{ sourceLang: string; targetLang: string }> = []): Promise<{ sourceLang: string; targetLang: string } | undefined> {
  const known = languages.map((l) => l.lang);
  const sourceLang = await pickLanguage(vscode.l10n.t('Source language'), languages, [], (code) =>
    lintLanguageCode(code, 'source', { languages: known })[0]?.message);
  if (!sourceLang) return undefined;
  const targetLang = await pickLanguage(vscode.l10n.t('Target language (from {0})', sourceLang.toUpperCase()), languages, [], (code) => {
    if (taken.some((p) => p.sourceLang === sourceLang && p.targetLang === code)) {
      return vscode.l10n.t('this glossary already has a {0} → {1} dictionary', sourceLang.toUpperCase(), code.toUpperCase());
    }
    return lintLanguagePair(sourceLang, code, { languages: known })[0]?.message;
  });
  return targetLang ? { sourceLang, targetLang } : undefined;
}
