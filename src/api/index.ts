export { ServiceClient, checkBaseUrl, DEFAULT_AUTH_SCHEME, DEFAULT_BASE_URL, DEFAULT_FREE_BASE_URL, type ServiceClientOptions } from './client';
export * from './errors';
export * from './types';
export { backoffDelay, retryAfterMs, DEFAULT_RETRY, type RetryOptions } from './retry';
