/** Query options and keys of the public shop. */
import { queryOptions } from '@tanstack/react-query';
import { commonApi } from '../../api/common';
import { shopApi } from '../../api/shop';

export const shopKeys = {
  product: (username: string, slug: string) => ['shopProduct', username, slug] as const,
  order: (username: string, token: string) => ['shopOrder', username, token] as const,
  config: () => ['config'] as const,
  storefront: (username: string) => ['shopStorefront', username] as const,
  host: (hostname: string) => ['shopHost', hostname] as const,
};

export const shopQueries = {
  product: (username: string, slug: string) =>
    queryOptions({
      queryKey: shopKeys.product(username, slug),
      queryFn: ({ signal }) => shopApi.product(username, slug, signal),
    }),
  order: (username: string, token: string) =>
    queryOptions({
      queryKey: shopKeys.order(username, token),
      queryFn: ({ signal }) => shopApi.order(username, token, signal),
    }),
  storefront: (username: string) =>
    queryOptions({
      queryKey: shopKeys.storefront(username),
      queryFn: ({ signal }) => shopApi.storefront(username, signal),
    }),
  /** The shop of the domain this page is opened on: asked once per page load, never retried (404 is an answer). */
  host: (hostname: string) =>
    queryOptions({
      queryKey: shopKeys.host(hostname),
      queryFn: ({ signal }) => shopApi.host(signal),
      staleTime: Infinity,
      gcTime: Infinity,
      retry: false,
    }),
  /** The app's configuration (Stripe keys, links): read once per page load. */
  config: () =>
    queryOptions({ queryKey: shopKeys.config(), queryFn: () => commonApi.config(), staleTime: Infinity, gcTime: Infinity }),
};
