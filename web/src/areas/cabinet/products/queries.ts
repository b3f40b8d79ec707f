/** Query options and keys of the products area: every products query and invalidation uses these. */
import { queryOptions } from '@tanstack/react-query';
import { cabinetApi } from '../../../api/cabinet';
import type { QueryParams } from '../../../api/query';

export const productKeys = {
  /** Every products list (any page, filter or sort): invalidated after a product changes. */
  lists: () => ['products'] as const,
  list: (query: QueryParams) => ['products', query] as const,
  detail: (id: number | string) => ['product', String(id)] as const,
  plans: (id: number | string) => ['pricingPlans', String(id)] as const,
  groups: () => ['products', 'groups'] as const,
  preview: (id: number | string) => ['product', String(id), 'preview'] as const,
};

export const productQueries = {
  list: (query: QueryParams) =>
    queryOptions({ queryKey: productKeys.list(query), queryFn: ({ signal }) => cabinetApi.products(query, signal) }),
  detail: (id: number | string) =>
    queryOptions({ queryKey: productKeys.detail(id), queryFn: ({ signal }) => cabinetApi.product(id, signal) }),
  plans: (id: number | string) =>
    queryOptions({ queryKey: productKeys.plans(id), queryFn: ({ signal }) => cabinetApi.pricingPlans(id, signal) }),
  /** The seller's product groups: under the lists' key, so a saved product refreshes them too. */
  groups: () => queryOptions({ queryKey: productKeys.groups(), queryFn: ({ signal }) => cabinetApi.productGroups(signal) }),
  preview: (id: number | string) =>
    queryOptions({ queryKey: productKeys.preview(id), queryFn: ({ signal }) => cabinetApi.productPreview(id, signal) }),
};
