import * as vscode from 'vscode';
import type { KeyStore } from './keyStore';
import type { Logger } from '../util/logger';

/** `Set API Key` (masked input) and `Clear API Key`. The key is never logged. */
export function registerKeyCommands(keys: KeyStore, log: Logger): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('terminology.setApiKey', async (preset?: string) => {
      const key = typeof preset === 'string' ? preset : await vscode.window.showInputBox({
        title: vscode.l10n.t('Terminology: Set API Key'),
        prompt: vscode.l10n.t('Paste the API key of your language AI service account. Free-plan keys end in ":fx".'),
        password: true,
        ignoreFocusOut: true,
        validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('The key must not be empty.')),
      });
      if (!key?.trim()) return false;
      await keys.set(key.trim());
      log.info('API key stored in SecretStorage');
      return true;
    }),
    vscode.commands.registerCommand('terminology.clearApiKey', async () => {
      await keys.clear();
      log.info('API key removed from SecretStorage');
    }),
  ];
}
