// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, configureApi, resetApiConfig } from '../client';
import { ApiError } from '../errors';
import { cancelInflightRequests } from '../inflight';
import { getFingerprint, getTokens, peekFingerprint, setTokens } from '../tokens';
import { header, json, mockFetch, RENEWED, TOKENS } from './helpers';

const notify = vi.fn();
const onSignedOut = vi.fn();

beforeEach(() => {
  resetApiConfig();
  notify.mockReset();
  onSignedOut.mockReset();
  configureApi({
    notify,
    onSignedOut,
    getLocale: () => 'de',
    retryLaterMessage: () => 'retry later',
    currentUrl: () => '/cabinet/orders?page=3',
    retryDelayMs: 500,
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function isRenew(url: string): boolean {
  return url.endsWith('/v1/app/session/renew_token');
}

describe('request basics', () => {
  it('uses base /v1, camelCases answers, snake_cases bodies and sends auth + language headers', async () => {
    setTokens(TOKENS);
    const fetch = mockFetch(() => json(200, { order_token: 'o1', nested: { payment_state: 'paid' }, list: [{ sold_count: 2 }] }));
    const answer = await api.post<Record<string, unknown>>('/shop/alice/products/book/checkout', {
      pricingPlanId: 5,
      payer: { firstName: 'Ada', lastName: 'L' },
    });
    expect(answer).toEqual({ orderToken: 'o1', nested: { paymentState: 'paid' }, list: [{ soldCount: 2 }] });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/v1/shop/alice/products/book/checkout');
    expect(JSON.parse(String(init?.body))).toEqual({ pricing_plan_id: 5, payer: { first_name: 'Ada', last_name: 'L' } });
    expect(header(init, 'Authorization')).toBe('Bearer access-1');
    expect(header(init, 'Accept-Language')).toBe('de');
    expect(header(init, 'Content-Type')).toBe('application/json');
  });

  it('builds snake_case query strings with bracket arrays', async () => {
    const fetch = mockFetch(() => json(200, { list: [], total_count: 0, total_count_max: 10000 }));
    await api.get('/cabinet/orders', {
      query: { page: 2, per: 20, sortKey: 'created_at', sortDir: 'desc', filters: { paymentState: ['paid', 'payment_pending'] }, query: '' },
    });
    expect(fetch.mock.calls[0]![0]).toBe(
      '/v1/cabinet/orders?page=2&per=20&sort_key=created_at&sort_dir=desc&filters[payment_state][]=paid&filters[payment_state][]=payment_pending',
    );
  });

  it('treats 204 as an empty answer', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(api.post('/app/user/password', { email: 'a@b.c' })).resolves.toBeNull();
  });

  it('sends no Authorization header without tokens', async () => {
    const fetch = mockFetch(() => json(200, {}));
    await api.get('/common/config');
    expect(header(fetch.mock.calls[0]![1], 'Authorization')).toBeUndefined();
  });
});

describe('token renewal', () => {
  it('renews exactly once for two concurrent 401s and repeats both requests', async () => {
    setTokens(TOKENS);
    const fp = getFingerprint();
    let releaseRenewal: () => void = () => undefined;
    const renewalGate = new Promise<void>((resolve) => (releaseRenewal = resolve));
    const fetch = mockFetch(async (url, init) => {
      if (isRenew(url)) {
        await renewalGate;
        return json(200, RENEWED);
      }
      return header(init, 'Authorization') === 'Bearer access-2'
        ? json(200, { ok_for: url })
        : json(401, { error: 'expired_access_token', message: 'expired', type: 'expired_access_token' });
    });
    vi.useFakeTimers();
    const first = api.get('/cabinet/orders');
    const second = api.get('/cabinet/products');
    await vi.advanceTimersByTimeAsync(10);
    releaseRenewal();
    await vi.advanceTimersByTimeAsync(1000);
    await expect(first).resolves.toEqual({ okFor: '/v1/cabinet/orders' });
    await expect(second).resolves.toEqual({ okFor: '/v1/cabinet/products' });

    const renewCalls = fetch.mock.calls.filter(([url]) => isRenew(String(url)));
    expect(renewCalls).toHaveLength(1);
    const [, renewInit] = renewCalls[0]!;
    expect(header(renewInit, 'Content-Type')).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(String(renewInit?.body));
    expect(form.get('refresh_token')).toBe('refresh-1');
    expect(form.get('fingerprint')).toBe(fp);
    expect(getTokens()).toEqual({
      accessToken: 'access-2',
      refreshToken: 'refresh-2',
      expiresAt: '2030-01-01T01:00:00Z',
      refreshExpiresAt: '2030-02-01T01:00:00Z',
    });
    expect(notify).not.toHaveBeenCalled();
  });

  it('makes requests issued during a renewal wait and retry after 500 ms', async () => {
    setTokens(TOKENS);
    let releaseRenewal: () => void = () => undefined;
    const renewalGate = new Promise<void>((resolve) => (releaseRenewal = resolve));
    const fetch = mockFetch(async (url, init) => {
      if (isRenew(url)) {
        await renewalGate;
        return json(200, RENEWED);
      }
      return header(init, 'Authorization') === 'Bearer access-2' ? json(200, { ok: true }) : json(401, { type: 'expired_access_token', error: 'expired_access_token' });
    });
    vi.useFakeTimers();
    const first = api.get('/cabinet/orders');
    await vi.advanceTimersByTimeAsync(1);
    const late = api.get('/cabinet/products');
    await vi.advanceTimersByTimeAsync(1);
    // the late request has not been sent yet: it waits for the renewal
    expect(fetch.mock.calls.filter(([u]) => String(u).endsWith('/cabinet/products'))).toHaveLength(0);
    releaseRenewal();
    // renewal is over, but the waiting request only re-checks after its 500 ms pause
    await vi.advanceTimersByTimeAsync(300);
    expect(fetch.mock.calls.filter(([u]) => String(u).endsWith('/cabinet/products'))).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(300);
    await expect(first).resolves.toEqual({ ok: true });
    await expect(late).resolves.toEqual({ ok: true });
    const lateCalls = fetch.mock.calls.filter(([u]) => String(u).endsWith('/cabinet/products'));
    expect(lateCalls).toHaveLength(1);
    expect(header(lateCalls[0]![1], 'Authorization')).toBe('Bearer access-2');
  });

  it('removes tokens and goes to sign-in when the renewal fails, saving the referer', async () => {
    setTokens(TOKENS);
    const fetch = mockFetch((url) =>
      isRenew(url)
        ? json(401, { error: 'invalid_refresh_token', message: 'invalid', type: 'invalid_refresh_token' })
        : json(401, { error: 'invalid_access_token', message: 'invalid', type: 'invalid_access_token' }),
    );
    const error = await api.get('/cabinet/orders').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(getTokens()).toBeNull();
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('sellflow.referer')).toBe('/cabinet/orders?page=3');
    expect(fetch.mock.calls.filter(([u]) => isRenew(String(u)))).toHaveLength(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it('signs out without a renewal call when there is no refresh token', async () => {
    const fetch = mockFetch(() => json(401, { error: 'missing_access_token', type: 'missing_access_token', message: 'missing' }));
    await expect(api.get('/cabinet/orders')).rejects.toBeInstanceOf(ApiError);
    expect(fetch.mock.calls.filter(([u]) => isRenew(String(u)))).toHaveLength(0);
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it('signs out when a request answers with a refresh-token error type', async () => {
    setTokens(TOKENS);
    mockFetch(() => json(401, { error: 'expired_refresh_token', type: 'expired_refresh_token', message: 'expired' }));
    await expect(api.get('/cabinet/orders')).rejects.toBeInstanceOf(ApiError);
    expect(getTokens()).toBeNull();
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it('repeats a request only once: a second 401 after renewal signs out', async () => {
    setTokens(TOKENS);
    const fetch = mockFetch((url) =>
      isRenew(url) ? json(200, RENEWED) : json(401, { error: 'expired_access_token', type: 'expired_access_token', message: 'x' }),
    );
    await expect(api.get('/cabinet/orders')).rejects.toBeInstanceOf(ApiError);
    expect(fetch.mock.calls.filter(([u]) => String(u).endsWith('/cabinet/orders'))).toHaveLength(2);
    expect(fetch.mock.calls.filter(([u]) => isRenew(String(u)))).toHaveLength(1);
    expect(getTokens()).toBeNull();
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it('does not renew for a 401 that is not a token error (wrong credentials)', async () => {
    const fetch = mockFetch(() => json(401, { error: 'INVALID_CREDENTIALS', type: 'INVALID_CREDENTIALS', message: 'Wrong email or password' }));
    await expect(api.post('/app/session', { email: 'a@b.c', password: 'x' }, { auth: false })).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('Wrong email or password', 'error');
    expect(onSignedOut).not.toHaveBeenCalled();
  });
});

describe('errors', () => {
  it('429 removes tokens and fingerprint and shows retry later', async () => {
    setTokens(TOKENS);
    getFingerprint();
    mockFetch(() => json(429, { error: 'MS_MAX_CONCURRENT_REQ', type: 'MS_MAX_CONCURRENT_REQ', message: 'throttled' }));
    await expect(api.get('/cabinet/orders')).rejects.toMatchObject({ status: 429 });
    expect(getTokens()).toBeNull();
    expect(peekFingerprint()).toBeNull();
    expect(notify).toHaveBeenCalledWith('retry later', 'warning');
  });

  it('shows an error body as an error toast, with field messages on the error', async () => {
    mockFetch(() =>
      json(400, { error: 'INVALID_INPUT', type: 'INVALID_INPUT', message: 'Invalid input', fields: { first_name: 'required' } }),
    );
    const error = (await api.post('/app/user', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.fields).toEqual({ firstName: 'required' });
    expect(notify).toHaveBeenCalledWith('Invalid input', 'error');
  });

  it('lets the app say an error in the user language, by its catalogue code', async () => {
    configureApi({ errorMessage: (code, message) => (code === 'INVALID_CREDENTIALS' ? 'E-Mail oder Passwort falsch.' : message) });
    mockFetch(() => json(401, { error: 'INVALID_CREDENTIALS', type: 'INVALID_CREDENTIALS', message: 'Wrong email or password.' }));
    await expect(api.post('/app/session', {})).rejects.toMatchObject({ status: 401 });
    expect(notify).toHaveBeenCalledWith('E-Mail oder Passwort falsch.', 'error');
  });

  it('says why an action on a running workflow was refused, by its refusal code', async () => {
    configureApi({ errorMessage: (_code, message, reason) => (reason === 'subscription_ended' ? 'Dieses Abonnement ist beendet.' : message) });
    mockFetch(() => json(409, { error: 'CONFLICT', type: 'CONFLICT', message: 'This subscription has ended.', reason: 'subscription_ended' }));
    await expect(api.post('/cabinet/orders/x/subscription', { action: 'pause' })).rejects.toMatchObject({ status: 409, reason: 'subscription_ended' });
    expect(notify).toHaveBeenCalledWith('Dieses Abonnement ist beendet.', 'error');
  });

  it('sends an Idempotency-Key with every POST, the same one again after a token renewal', async () => {
    const keys: (string | undefined)[] = [];
    mockFetch((_url, init) => {
      keys.push((init.headers as Record<string, string>)['Idempotency-Key']);
      return json(200, {});
    });
    await api.post('/cabinet/orders/x/refunds', { amount: 1 });
    await api.post('/cabinet/orders/x/refunds', { amount: 1 }, { idempotencyKey: 'refund-1' });
    await api.get('/cabinet/orders');
    expect(keys[0]).toMatch(/^[0-9a-f-]{20,}$/);
    expect(keys.slice(1)).toEqual(['refund-1', undefined]);
  });

  it('does not toast when suppressed', async () => {
    mockFetch(() => json(404, { error: 'NOT_FOUND', type: 'NOT_FOUND', message: 'Not found' }));
    await expect(api.get('/cabinet/orders/x', { suppressErrors: true })).rejects.toMatchObject({ status: 404 });
    expect(notify).not.toHaveBeenCalled();
  });

  it('returns network errors with message and code but no status', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = (await api.get('/common/config').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Failed to fetch');
    expect(error.code).toBe('ERR_NETWORK');
    expect(error.status).toBeUndefined();
    expect(notify).not.toHaveBeenCalled();
  });

  it('returns a caller abort as a cancel error without status', async () => {
    mockFetch(() => new Promise<Response>(() => undefined));
    const controller = new AbortController();
    const pending = api.get('/cabinet/orders', { signal: controller.signal });
    controller.abort();
    const error = (await pending.catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('ERR_CANCELED');
    expect(error.status).toBeUndefined();
    expect(error.message).toBeTruthy();
  });
});

describe('cancel on route change', () => {
  it('aborts ordinary in-flight requests but keeps token/user/seller/... endpoints', async () => {
    const fetch = mockFetch(() => new Promise<Response>(() => undefined));
    const orders = api.get('/cabinet/orders').catch((e: unknown) => e);
    const user = api.get('/app/user');
    const seller = api.get('/cabinet/seller');
    await Promise.resolve();
    expect(cancelInflightRequests()).toBe(1);
    const error = (await orders) as ApiError;
    expect(error.code).toBe('ERR_CANCELED');
    expect(error.status).toBeUndefined();
    const signals = fetch.mock.calls.map(([, init]) => init?.signal);
    expect(signals[1]?.aborted).toBe(false);
    expect(signals[2]?.aborted).toBe(false);
    void user;
    void seller;
  });
});
