export { ServiceClient, checkBaseUrl, dictionaryBody, termListBody, DEFAULT_AUTH_SCHEME, DEFAULT_BASE_URL, DEFAULT_FREE_BASE_URL, type ServiceClientOptions } from './client';
export * from './errors';
export * from './types';
export { backoffDelay, retryAfterMs, relayRetries, watchRetries, DEFAULT_RETRY, type RetryNotice, type RetryOptions } from './retry';
