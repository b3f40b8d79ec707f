/**
 * The HTTP client of the web app (core §4 "Session and list behaviour", §7 conventions, §8 errors).
 *
 * - base `/v1`; answers are converted to camelCase, JSON bodies and query keys to snake_case;
 * - `Authorization: Bearer`, `Accept-Language` and `Content-Language` on every call, and the seller a team
 *   member works for on a cabinet call (acting.ts);
 * - a 401 with an access-token error renews the tokens ONCE (form fields refresh_token and
 *   fingerprint), then repeats the call. One renewal at a time: other calls wait, retrying every
 *   500 ms until it is over. A failed renewal (or a refresh-token error) removes the tokens and
 *   sends the user to sign-in, remembering where they were;
 * - 429 removes tokens and fingerprint and shows "retry later";
 * - error bodies are shown as an error toast unless they are token errors or suppressed;
 * - 204 is an empty answer (null); network and cancel errors reject with message and code, no status;
 * - calls are cancelled on route change unless their path names a kept endpoint (see inflight.ts).
 */
import { actingHeaders } from './acting';
import { keysToCamel, keysToSnake } from './case';
import { ApiError, CANCELED, NETWORK, isAccessTokenError, isRefreshTokenError, isTokenError } from './errors';
import { isCancellableOnRouteChange, track } from './inflight';
import { buildQuery, type QueryParams } from './query';
import type { components } from './schema.gen';
import { getFingerprint, getTokens, removeFingerprint, removeTokens, saveReferer, setTokens, type Tokens } from './tokens';
import { fetchTransport, xhrTransport, type Transport, type TransportResponse } from './transport';

export type Notify = (message: string, variant: 'error' | 'warning' | 'success' | 'info') => void;

export interface ApiConfig {
  baseUrl: string;
  retryDelayMs: number;
  getLocale: () => string;
  notify: Notify;
  /** Called after tokens were removed because the session is over; should go to sign-in. */
  onSignedOut: () => void;
  /** Text of the 429 toast. */
  retryLaterMessage: () => string;
  /** The toast text of an error answer: the app may say it in the user's language (the API speaks English). */
  errorMessage: (code: string, message: string, reason?: string) => string;
  /** The URL to remember as referer when the session ends. */
  currentUrl: () => string;
  transport: Transport;
  uploadTransport: Transport;
}

const defaults: ApiConfig = {
  baseUrl: '/v1',
  retryDelayMs: 500,
  getLocale: () => 'en',
  notify: () => undefined,
  onSignedOut: () => {
    if (typeof window !== 'undefined') window.location.assign('/users/sign_in');
  },
  retryLaterMessage: () => 'Too many requests, please retry later.',
  errorMessage: (_code, message) => message,
  currentUrl: () => (typeof window !== 'undefined' ? window.location.pathname + window.location.search : '/'),
  transport: fetchTransport,
  uploadTransport: xhrTransport,
};

let config: ApiConfig = { ...defaults };

export function configureApi(partial: Partial<ApiConfig>): void {
  config = { ...config, ...partial };
}

export function resetApiConfig(): void {
  config = { ...defaults };
  renewing = null;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  query?: QueryParams;
  /** JSON body; keys are converted to snake_case. */
  body?: unknown;
  /** Form body: a plain record is sent url-encoded, FormData as multipart. */
  form?: Record<string, string> | FormData;
  signal?: AbortSignal;
  /** Do not show an error toast for this call. */
  suppressErrors?: boolean;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Report upload progress (0..1); uses XMLHttpRequest. */
  onUploadProgress?: (fraction: number) => void;
  /** The action's Idempotency-Key (a form keeps one per action, so a double submit is one action); a POST
   * without one gets a fresh key, kept across this call's retries (a token renewal). */
  idempotencyKey?: string;
}

const RENEW_PATH = '/app/session/renew_token';

let renewing: Promise<boolean> | null = null;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(canceledError());
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(canceledError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function canceledError(): ApiError {
  return new ApiError({ message: 'Request canceled', code: CANCELED });
}

/** Waits while a renewal is running, re-checking every retryDelayMs. */
async function waitForRenewal(signal?: AbortSignal): Promise<void> {
  while (renewing) await sleep(config.retryDelayMs, signal);
}

export function isRenewing(): boolean {
  return renewing !== null;
}

function endSession(): void {
  removeTokens();
  saveReferer(config.currentUrl());
  config.onSignedOut();
}

function handleThrottled(): void {
  removeTokens();
  removeFingerprint();
  config.notify(config.retryLaterMessage(), 'warning');
}

async function readBody(res: TransportResponse): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** An error answer: the API's ErrorBody, any part of which may be missing (a proxy's 502, a plain-text body). */
type ErrorBody = Partial<components['schemas']['ErrorBody']>;

function asErrorBody(body: unknown): ErrorBody {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as ErrorBody) : {};
}

function toApiError(status: number, body: unknown): ApiError {
  const eb = asErrorBody(body);
  const code = eb.error ?? eb.type ?? `HTTP_${status}`;
  const message = eb.message ?? eb.error ?? (typeof body === 'string' && body ? body : `Request failed (${status})`);
  return new ApiError({
    status,
    code,
    message,
    ...(eb.type !== undefined ? { type: eb.type } : {}),
    ...(eb.fields ? { fields: keysToCamel<Record<string, unknown>>(eb.fields) } : {}),
    ...(eb.reason ? { reason: eb.reason } : {}),
    body,
  });
}

function toTransportError(err: unknown, signal: AbortSignal): ApiError {
  if (err instanceof ApiError) return err;
  if (signal.aborted || (err instanceof DOMException && err.name === 'AbortError')) return canceledError();
  const message = err instanceof Error && err.message ? err.message : 'Network error';
  return new ApiError({ message, code: NETWORK });
}

/** Renews the tokens; resolves true when new tokens were stored. */
async function renewTokens(): Promise<boolean> {
  const tokens = getTokens();
  if (!tokens?.refreshToken) {
    endSession();
    return false;
  }
  const form = new URLSearchParams({ refresh_token: tokens.refreshToken, fingerprint: getFingerprint() });
  let res: TransportResponse;
  try {
    res = await config.transport(config.baseUrl + RENEW_PATH, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded', 'Accept-Language': config.getLocale() },
      body: form.toString(),
      signal: new AbortController().signal,
    });
  } catch {
    endSession();
    return false;
  }
  const body = await readBody(res).catch(() => null);
  if (res.status >= 200 && res.status < 300 && body && typeof body === 'object') {
    const next = keysToCamel<Tokens>(body);
    if (next.accessToken && next.refreshToken) {
      setTokens(next);
      return true;
    }
  }
  if (res.status === 429) handleThrottled();
  endSession();
  return false;
}

/**
 * Makes sure a renewal happens for a 401 seen with `sentAccessToken`. Only one renewal runs:
 * a caller that arrives while one is running waits for it; a caller whose token was already
 * replaced just retries.
 */
async function renewOnce(sentAccessToken: string | undefined, signal: AbortSignal): Promise<boolean> {
  if (renewing) {
    await waitForRenewal(signal);
    return getTokens() !== null;
  }
  const current = getTokens();
  if (current && sentAccessToken && current.accessToken !== sentAccessToken) return true;
  renewing = renewTokens().finally(() => {
    renewing = null;
  });
  return renewing;
}

function buildHeaders(path: string, options: RequestOptions): Record<string, string> {
  const locale = config.getLocale();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': locale,
    'Content-Language': locale,
    ...actingHeaders(path),
  };
  const tokens = options.auth === false ? null : getTokens();
  if (tokens) headers.Authorization = `Bearer ${tokens.accessToken}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  return headers;
}

function buildBody(options: RequestOptions, headers: Record<string, string>): BodyInit | undefined {
  if (options.form instanceof FormData) return options.form;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    return new URLSearchParams(options.form).toString();
  }
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    return JSON.stringify(keysToSnake(options.body));
  }
  return undefined;
}

async function perform<T>(path: string, options: RequestOptions, signal: AbortSignal, attempt: number): Promise<T> {
  await waitForRenewal(signal);
  const headers = buildHeaders(path, options);
  const sentAccessToken = headers.Authorization ? getTokens()?.accessToken : undefined;
  const body = buildBody(options, headers);
  const qs = buildQuery(options.query);
  // `~/…`: an address of the site outside the API's base (a mail's one-click unsubscribe link, RFC 8058)
  const base = path.startsWith('~/') ? '' : config.baseUrl;
  const url = base + (path.startsWith('~/') ? path.slice(1) : path) + (qs ? (path.includes('?') ? '&' : '?') + qs : '');
  const transport = options.onUploadProgress ? config.uploadTransport : config.transport;

  let res: TransportResponse;
  try {
    res = await transport(url, {
      method: options.method ?? 'GET',
      headers,
      body: body ?? null,
      signal,
      ...(options.onUploadProgress ? { onUploadProgress: options.onUploadProgress } : {}),
    });
  } catch (err) {
    throw toTransportError(err, signal);
  }

  if (res.status === 204) return null as T;
  let parsed: unknown;
  try {
    parsed = await readBody(res);
  } catch (err) {
    throw toTransportError(err, signal);
  }
  if (res.status >= 200 && res.status < 300) return keysToCamel<T>(parsed);

  const error = toApiError(res.status, parsed);
  const type = error.type ?? error.code;

  if (res.status === 429) {
    handleThrottled();
    throw error;
  }
  if (res.status === 401 && isAccessTokenError(type) && options.auth !== false) {
    if (attempt === 0 && (await renewOnce(sentAccessToken, signal))) {
      return perform<T>(path, options, signal, attempt + 1);
    }
    if (attempt > 0) endSession();
    throw error;
  }
  if (res.status === 401 && isRefreshTokenError(type)) {
    endSession();
    throw error;
  }
  const eb = asErrorBody(parsed);
  const hasErrorBody = eb.error !== undefined || eb.message !== undefined || eb.type !== undefined;
  if (hasErrorBody && !options.suppressErrors && !isTokenError(type)) {
    config.notify(config.errorMessage(error.code, error.message, error.reason), 'error');
  }
  throw error;
}

/** A fresh Idempotency-Key (a random UUID). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** Calls the API. Resolves with the camelCased answer (null for 204) or rejects with ApiError. */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const outer = options.signal;
  const onOuterAbort = () => controller.abort();
  if (outer) {
    if (outer.aborted) controller.abort();
    else outer.addEventListener('abort', onOuterAbort, { once: true });
  }
  const untrack = isCancellableOnRouteChange(path) ? track(controller) : () => undefined;
  const keyed = options.method === 'POST' && !options.idempotencyKey ? { ...options, idempotencyKey: newIdempotencyKey() } : options;
  try {
    return await perform<T>(path, keyed, controller.signal, 0);
  } finally {
    untrack();
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...options, method: 'POST', ...(body !== undefined ? { body } : {}) }),
  put: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...options, method: 'PUT', ...(body !== undefined ? { body } : {}) }),
  patch: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...options, method: 'PATCH', ...(body !== undefined ? { body } : {}) }),
  delete: <T>(path: string, options: Omit<RequestOptions, 'method'> = {}) => request<T>(path, { ...options, method: 'DELETE' }),
};
