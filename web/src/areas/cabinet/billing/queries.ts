/** Query options and keys of the seller's recurring money: order rates, claims, claim settings, subscriptions. */
import { queryOptions } from '@tanstack/react-query';
import { cabinetApi } from '../../../api/cabinet';
import type { QueryParams } from '../../../api/query';

export const billingKeys = {
  all: ['billing'] as const,
  rates: (q: QueryParams) => ['billing', 'rates', q] as const,
  claims: (q: QueryParams) => ['billing', 'claims', q] as const,
  settings: () => ['billing', 'settings'] as const,
  subscription: (token: string) => ['billing', 'subscription', token] as const,
};

export const billingQueries = {
  rates: (q: QueryParams) =>
    queryOptions({ queryKey: billingKeys.rates(q), queryFn: ({ signal }) => cabinetApi.orderRates(q, signal) }),
  claims: (q: QueryParams) =>
    queryOptions({ queryKey: billingKeys.claims(q), queryFn: ({ signal }) => cabinetApi.claims(q, signal) }),
  settings: () =>
    queryOptions({ queryKey: billingKeys.settings(), queryFn: ({ signal }) => cabinetApi.claimSettings(signal) }),
  subscription: (token: string) =>
    queryOptions({
      queryKey: billingKeys.subscription(token),
      queryFn: ({ signal }) => cabinetApi.subscription(token, signal),
    }),
};

export { RATE_STATES, RATE_TONE } from '../../../lib/rates';
