/** The one way a key gets stored: checked with a cheap call (usage) first. No UI here: the command gathers the
 * key through an input box, tests and other extensions call the action with a key. */
import { AuthenticationError, ForbiddenError } from '../api';
import type { ClientProvider } from '../platform/clientProvider';
import type { Logger } from '../base/logger';
import { describeError } from '../platform/errors';
import type { KeyStore } from '../platform/keyStore';

export type KeyCheck =
  | { ok: true }
  /** refused: the service said no (401/403); otherwise it could not be asked (network, 5xx, settings). */
  | { ok: false; refused: boolean; reason: string };

/** Asks the service whether it accepts `key`; stores nothing. */
export async function checkKey(clients: ClientProvider, log: Logger, key: string, signal?: AbortSignal): Promise<KeyCheck> {
  try {
    await clients.forKey(key).getUsage(signal);
    return { ok: true };
  } catch (err) {
    log.warn(`key check failed: ${describeError(err)}`);
    const refused = err instanceof AuthenticationError || err instanceof ForbiddenError;
    // A refusal is shown in the key's own input box: the service's words, not the hint to set the key again.
    const reason = refused
      ? `${err.status ?? ''} ${err.serverMessage ?? (err instanceof ForbiddenError ? 'Forbidden' : 'Unauthorized')}`.trim() + (err.traceId ? ` (trace id ${err.traceId})` : '')
      : describeError(err);
    return { ok: false, refused, reason };
  }
}

/** Checks `key` and stores it when the service accepts it. Resolves whether it was stored. */
export async function setApiKey(keys: KeyStore, clients: ClientProvider, log: Logger, key: string, signal?: AbortSignal): Promise<boolean> {
  const trimmed = key.trim();
  if (!trimmed) return false;
  const check = await checkKey(clients, log, trimmed, signal);
  if (!check.ok) return false;
  await keys.set(trimmed);
  log.info('API key checked and stored in SecretStorage');
  return true;
}
