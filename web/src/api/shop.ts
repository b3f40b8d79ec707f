/** Public shop calls (`/v1/shop/{username}`). */
import { api } from './client';
import type { CheckoutAnswer, CheckoutInput, PayBody, PayerInput, PayOutcome, ShopOrder, ShopProduct } from './types';

export type { PayerInput };

const base = (username: string) => `/shop/${encodeURIComponent(username)}`;

export const shopApi = {
  product: (username: string, slug: string, signal?: AbortSignal) =>
    api.get<ShopProduct>(`${base(username)}/products/${encodeURIComponent(slug)}`, { auth: false, ...(signal ? { signal } : {}) }),
  checkout: (username: string, slug: string, input: CheckoutInput) =>
    api.post<CheckoutAnswer>(`${base(username)}/products/${encodeURIComponent(slug)}/checkout`, input, { auth: false, suppressErrors: true }),
  pay: (username: string, token: string, paymentMethod: string) =>
    api.post<PayOutcome>(`${base(username)}/orders/${encodeURIComponent(token)}/pay`, { paymentMethod } satisfies PayBody, {
      auth: false,
      suppressErrors: true,
    }),
  authenticated: (username: string, token: string) =>
    api.post<PayOutcome>(`${base(username)}/orders/${encodeURIComponent(token)}/authenticated`, {}, { auth: false, suppressErrors: true }),
  order: (username: string, token: string, signal?: AbortSignal) =>
    api.get<ShopOrder>(`${base(username)}/orders/${encodeURIComponent(token)}`, {
      auth: false,
      suppressErrors: true,
      ...(signal ? { signal } : {}),
    }),
};
