/** Typed failures of the service client. Each carries the HTTP status, the server's message and detail, and the
 * trace id from X-Trace-ID, so that the UI can show them. None of them ever holds the API key. */

export type ServiceErrorKind =
  | 'authentication' | 'forbidden' | 'not-found' | 'quota' | 'rate-limit' | 'validation' | 'server'
  | 'network' | 'cancelled' | 'malformed-response' | 'http';

export class ServiceError extends Error {
  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
    readonly status?: number,
    readonly serverMessage?: string,
    readonly detail?: string,
    readonly traceId?: string,
    readonly attempts = 1,
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** Set on a create that failed in a way that does not show whether the service carried it out (an error answer
   * or a lost connection after the request was sent), and that the client could not look up: it was not sent again,
   * and the message says what to check. */
  outcomeUnknown?: boolean;

  /** Whether retrying the same call later may succeed. */
  get transient(): boolean {
    return this.kind === 'rate-limit' || this.kind === 'server' || this.kind === 'network';
  }
}

export class AuthenticationError extends ServiceError {}
export class ForbiddenError extends ServiceError {}
export class NotFoundError extends ServiceError {}
export class QuotaError extends ServiceError {}
export class RateLimitError extends ServiceError {}
export class ValidationError extends ServiceError {}
export class ServerError extends ServiceError {}
export class NetworkError extends ServiceError {}
export class CancelledError extends ServiceError {}
export class MalformedResponseError extends ServiceError {}

const HINTS: Partial<Record<ServiceErrorKind, string>> = {
  authentication: 'The API key was not accepted. Set it again with "Terminology: Set API Key".',
  forbidden: 'The key lacks the permission for this action, or it belongs to the other plan (free keys end in ":fx").',
  quota: 'A limit of your plan is reached. Delete what you no longer need, wait for the next billing period, or upgrade the plan.',
  'rate-limit': 'The service is busy. Try again in a moment.',
  server: 'The service had a problem. Try again later.',
};

/** Builds the typed error for an HTTP status. */
export function errorForStatus(status: number, serverMessage: string | undefined, detail: string | undefined, traceId: string | undefined, attempts: number): ServiceError {
  const [Kind, kind] = classify(status);
  const said = [serverMessage, detail].filter(Boolean).join(': ');
  const hint = HINTS[kind];
  const message = `${status}${said ? ` ${said}` : ''}${hint ? `. ${hint}` : ''}`;
  return new Kind(kind, message, status, serverMessage, detail, traceId, attempts);
}

function classify(status: number): [typeof ServiceError, ServiceErrorKind] {
  if (status === 401) return [AuthenticationError, 'authentication'];
  if (status === 403) return [ForbiddenError, 'forbidden'];
  if (status === 404) return [NotFoundError, 'not-found'];
  if (status === 456) return [QuotaError, 'quota'];
  if (status === 429 || status === 529) return [RateLimitError, 'rate-limit'];
  if (status === 400 || status === 413 || status === 415) return [ValidationError, 'validation'];
  if (status >= 500) return [ServerError, 'server'];
  return [ServiceError, 'http'];
}
