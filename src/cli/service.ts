/** The service client for the CLI: the key from the environment, failures in words that fit a CI job. */
import { AuthenticationError, ServiceClient, ServiceError } from '../api';
import { taggedLogger } from '../base/logger';
import { UsageError } from './files';

export const KEY_VARIABLE = 'TERMINOLOGY_API_KEY';
/** Requests in flight at once: as the editor's Pull All and Push All (the client's retry policy honours Retry-After). */
export const CONCURRENCY = 4;

export type Env = Record<string, string | undefined>;

export function clientFromEnv(env: Env, version: string, log?: (m: string) => void): ServiceClient {
  const key = env[KEY_VARIABLE]?.trim();
  if (!key) throw new UsageError(`set ${KEY_VARIABLE} to the service's API key (a CI secret)`);
  const sink = (m: string | Error) => log?.(String(m));
  return new ServiceClient({
    key,
    ...(env.TERMINOLOGY_BASE_URL ? { baseUrl: env.TERMINOLOGY_BASE_URL } : {}),
    ...(env.TERMINOLOGY_FREE_BASE_URL ? { freeBaseUrl: env.TERMINOLOGY_FREE_BASE_URL } : {}),
    userAgent: `terminology-cli/${version}`,
    ...(log ? { logger: taggedLogger({ trace: () => undefined, debug: () => undefined, info: sink, warn: sink, error: sink }, 'api') } : {}),
  });
}

/** A failure in words for the command line: the editor's hints (its commands) replaced by the environment's. */
export function failureMessage(err: unknown): string {
  if (err instanceof AuthenticationError) {
    const said = [err.serverMessage, err.detail].filter(Boolean).join(': ');
    return `${err.status ?? 401}${said ? ` ${said}` : ''}. The API key in ${KEY_VARIABLE} was not accepted: check the secret it comes from (keys of the free plan end in ":fx").`;
  }
  // The editor's setting means nothing here.
  if (err instanceof ServiceError) return err.message.replace(/, or raise the time limit \(terminology\.requestTimeoutMs\)/, '');
  return (err as Error)?.message ?? String(err);
}
