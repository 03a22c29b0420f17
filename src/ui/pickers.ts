/** Language pickers filled from the service's language lists. A typed code is accepted only when the core's
 * language rules allow it; otherwise the reason is shown and the picker stays open. */
import * as vscode from 'vscode';
import type { Language } from '../api';
import { lintLanguageCode, lintLanguagePair } from '../core';

export async function pickLanguage(title: string, languages: Language[], exclude: string[] = [], check?: (code: string) => string | undefined): Promise<string | undefined> {
  const qp = vscode.window.createQuickPick<vscode.QuickPickItem & { code: string }>();
  qp.title = title;
  qp.placeholder = vscode.l10n.t('Type to filter, or type a language code');
  qp.items = languages.filter((l) => !exclude.includes(l.lang)).map((l) => ({ label: l.lang.toUpperCase(), description: l.name, code: l.lang }));
  return new Promise((resolve) => {
    qp.onDidAccept(() => {
      const picked = qp.selectedItems[0]?.code ?? qp.value.trim().toLowerCase();
      const problem = picked ? check?.(picked) : vscode.l10n.t('Pick a language.');
      if (problem) {
        void vscode.window.showWarningMessage(problem);
        return;
      }
      resolve(picked);
      qp.hide();
    });
    qp.onDidHide(() => { resolve(undefined); qp.dispose(); });
    qp.show();
  });
}

/** Source then target, refusing variants, Thai, unknown codes and a same-language pair with the reason. */
export async function pickGlossaryPair(languages: Language[], taken: Array<{ sourceLang: string; targetLang: string }> = []): Promise<{ sourceLang: string; targetLang: string } | undefined> {
  const known = languages.map((l) => l.lang);
  const sourceLang = await pickLanguage(vscode.l10n.t('Source language'), languages, [], (code) =>
    lintLanguageCode(code, 'source', { languages: known })[0]?.message);
  if (!sourceLang) return undefined;
  const targetLang = await pickLanguage(vscode.l10n.t('Target language (from {0})', sourceLang.toUpperCase()), languages, [sourceLang], (code) => {
    if (taken.some((p) => p.sourceLang === sourceLang && p.targetLang === code)) {
      return vscode.l10n.t('This glossary already has a {0} → {1} dictionary.', sourceLang.toUpperCase(), code.toUpperCase());
    }
    return lintLanguagePair(sourceLang, code, { languages: known })[0]?.message;
  });
  return targetLang ? { sourceLang, targetLang } : undefined;
}
