import * as vscode from 'vscode';
import { AuthenticationError, ForbiddenError } from '../api';
import type { KeyStore } from './keyStore';
import type { ClientProvider } from '../services/clientProvider';
import type { Logger } from '../util/logger';
import { describeError } from '../ui/errors';
import { withCancellableProgress } from '../ui/progress';

/** `Set API Key` (masked input, checked with a cheap call before it is stored) and `Clear API Key`.
 * The key is never logged. */
export function registerKeyCommands(keys: KeyStore, clients: ClientProvider, log: Logger): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('terminology.setApiKey', async (preset?: string) => {
      const key = (typeof preset === 'string' ? preset : await vscode.window.showInputBox({
        title: vscode.l10n.t('Terminology: Set API Key'),
        prompt: vscode.l10n.t('Paste the API key of your language AI service account. Free-plan keys end in ":fx".'),
        password: true,
        ignoreFocusOut: true,
        validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('The key must not be empty.')),
      }))?.trim();
      if (!key) return false;
      try {
        const client = clients.forKey(key);
        await withCancellableProgress(vscode.l10n.t('Checking the key with the {0}-plan service…', client.plan), (signal) => client.getUsage(signal));
      } catch (err) {
        log.warn(`key check failed: ${describeError(err)}`);
        if (err instanceof AuthenticationError || err instanceof ForbiddenError) {
          void vscode.window.showErrorMessage(vscode.l10n.t('The service did not accept this key: {0}', describeError(err)));
          return false;
        }
        const save = vscode.l10n.t('Save Anyway');
        const picked = await vscode.window.showWarningMessage(vscode.l10n.t('The key could not be checked: {0}', describeError(err)), save);
        if (picked !== save) return false;
      }
      await keys.set(key);
      log.info('API key checked and stored in SecretStorage');
      return true;
    }),
    vscode.commands.registerCommand('terminology.clearApiKey', async () => {
      await keys.clear();
      log.info('API key removed from SecretStorage');
    }),
  ];
}
