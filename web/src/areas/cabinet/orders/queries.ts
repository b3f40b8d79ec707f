/** Query options and keys of the orders area. */
import { queryOptions } from '@tanstack/react-query';
import { cabinetApi } from '../../../api/cabinet';
import type { QueryParams } from '../../../api/query';

export const orderKeys = {
  lists: () => ['orders'] as const,
  list: (query: QueryParams) => ['orders', query] as const,
  detail: (token: string) => ['order', token] as const,
};

export const orderQueries = {
  list: (query: QueryParams) =>
    queryOptions({ queryKey: orderKeys.list(query), queryFn: ({ signal }) => cabinetApi.orders(query, signal) }),
  detail: (token: string) =>
    queryOptions({ queryKey: orderKeys.detail(token), queryFn: ({ signal }) => cabinetApi.order(token, signal) }),
};
