import * as vscode from 'vscode';
import type { KeyStore } from '../platform/keyStore';
import type { ClientProvider } from '../platform/clientProvider';
import type { Logger } from '../base/logger';
import { checkKey } from './setApiKey';
import { inSentence } from '../platform/errors';

/** `Set API Key` (a masked input box that stays open until the service accepts the key, or the user leaves)
 * and `Clear API Key`. The key is never logged. */
export function registerKeyCommands(keys: KeyStore, clients: ClientProvider, log: Logger): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('terminology.setApiKey', () => askForKey(keys, clients, log)),
    vscode.commands.registerCommand('terminology.clearApiKey', async () => {
      await keys.clear();
      log.info('API key removed from SecretStorage');
    }),
  ];
}

/** Gathers the key from the user. Each Enter checks the key; a refusal keeps the box open with the service's
 * reason as its validation message. When the service cannot be asked at all, a second Enter on the same key
 * stores it unchecked. Resolves whether a key was stored. */
function askForKey(keys: KeyStore, clients: ClientProvider, log: Logger): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const box = vscode.window.createInputBox();
    box.title = vscode.l10n.t('Terminology: Set API Key');
    box.prompt = vscode.l10n.t('Paste the API key of your language AI service account. Free-plan keys end in ":fx".');
    box.password = true;
    box.ignoreFocusOut = true;
    let uncheckable: string | undefined; // a key the service could not be asked about, stored on a second Enter
    let checking: AbortController | undefined;
    let done = false;
    const finish = (stored: boolean) => {
      if (done) return;
      done = true;
      checking?.abort();
      resolve(stored);
      box.hide();
    };
    const store = async (key: string, checked: boolean) => {
      await keys.set(key);
      log.info(checked ? 'API key checked and stored in SecretStorage' : 'API key stored in SecretStorage without a check');
      finish(true);
    };
    const subscriptions = [
      box.onDidChangeValue(() => {
        if (!box.busy) box.validationMessage = undefined;
      }),
      box.onDidAccept(async () => {
        const key = box.value.trim();
        if (box.busy) return;
        if (!key) {
          box.validationMessage = vscode.l10n.t('The key must not be empty.');
          return;
        }
        if (key === uncheckable) return store(key, false);
        box.busy = true;
        box.enabled = false;
        box.validationMessage = undefined;
        checking = new AbortController();
        const check = await checkKey(clients, log, key, checking.signal);
        if (done) return;
        box.busy = false;
        box.enabled = true;
        if (check.ok) return store(key, true);
        if (check.refused) {
          // The service's words, then what to check: most refusals are a key copied in part.
          box.validationMessage = { message: vscode.l10n.t('The service did not accept this key ({0}). Copy the whole key from your account\'s API keys page; a Free API key ends in ":fx".', check.reason), severity: vscode.InputBoxValidationSeverity.Error };
        } else {
          uncheckable = key;
          box.validationMessage = {
            message: vscode.l10n.t('The key could not be checked: {0}. Press Enter again to save it anyway.', inSentence(check.reason)),
            severity: vscode.InputBoxValidationSeverity.Warning,
          };
        }
      }),
      box.onDidHide(() => {
        finish(false);
        for (const s of subscriptions) s.dispose();
        box.dispose();
      }),
    ];
    box.show();
  });
}
