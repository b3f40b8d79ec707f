/** The error every API call rejects with. Network and cancel errors carry no status. */
export class ApiError extends Error {
  readonly status?: number;
  readonly code: string;
  readonly type?: string;
  readonly fields?: Record<string, unknown>;
  /** A 409's refusal code: why an action on a running workflow does not apply (words in i18n `refusals`). */
  readonly reason?: string;
  readonly body?: unknown;

  constructor(init: {
    message: string;
    code: string;
    status?: number;
    type?: string;
    fields?: Record<string, unknown>;
    reason?: string;
    body?: unknown;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    if (init.status !== undefined) this.status = init.status;
    if (init.type !== undefined) this.type = init.type;
    if (init.fields !== undefined) this.fields = init.fields;
    if (init.reason !== undefined) this.reason = init.reason;
    if (init.body !== undefined) this.body = init.body;
  }

  get isCanceled(): boolean {
    return this.code === CANCELED;
  }
}

export const CANCELED = 'ERR_CANCELED';
export const NETWORK = 'ERR_NETWORK';

export const ACCESS_TOKEN_ERRORS = ['expired_access_token', 'missing_access_token', 'invalid_access_token'] as const;
export const REFRESH_TOKEN_ERRORS = ['expired_refresh_token', 'missing_refresh_token', 'invalid_refresh_token'] as const;

export function isAccessTokenError(type: unknown): boolean {
  return typeof type === 'string' && (ACCESS_TOKEN_ERRORS as readonly string[]).includes(type);
}

export function isRefreshTokenError(type: unknown): boolean {
  return typeof type === 'string' && (REFRESH_TOKEN_ERRORS as readonly string[]).includes(type);
}

export function isTokenError(type: unknown): boolean {
  return isAccessTokenError(type) || isRefreshTokenError(type);
}

/** Field messages of an INVALID_INPUT answer (keys already camelCased), as strings. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(error.fields)) {
    if (typeof value === 'string') out[key] = value;
    else if (Array.isArray(value) && typeof value[0] === 'string') out[key] = value[0];
  }
  return out;
}
