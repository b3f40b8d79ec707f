import { vi, type Mock } from 'vitest';

export function json(status: number, body: unknown): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export type FetchMock = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;

export function mockFetch(handler: (url: string, init: RequestInit) => Response | Promise<Response>): FetchMock {
  const fn: FetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const signal = init?.signal;
    return new Promise<Response>((resolve, reject) => {
      if (signal?.aborted) {
        reject(new DOMException('The operation was aborted.', 'AbortError'));
        return;
      }
      signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      Promise.resolve(handler(String(input), init ?? {})).then(resolve, reject);
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export function header(init: RequestInit | undefined, name: string): string | undefined {
  const headers = (init?.headers ?? {}) as Record<string, string>;
  return headers[name];
}

export const TOKENS = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  expiresAt: '2030-01-01T00:00:00Z',
  refreshExpiresAt: '2030-02-01T00:00:00Z',
};

export const RENEWED = {
  access_token: 'access-2',
  refresh_token: 'refresh-2',
  expires_at: '2030-01-01T01:00:00Z',
  refresh_expires_at: '2030-02-01T01:00:00Z',
};
