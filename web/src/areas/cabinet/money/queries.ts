/** Query options and keys of the seller's money: transfers, balance, invoices, payouts, exports, refunds. */
import { queryOptions } from '@tanstack/react-query';
import { cabinetApi } from '../../../api/cabinet';
import type { QueryParams } from '../../../api/query';

export const moneyKeys = {
  all: ['money'] as const,
  transfers: (q: QueryParams) => ['money', 'transfers', q] as const,
  balance: () => ['money', 'balance'] as const,
  invoices: (q: QueryParams) => ['money', 'invoices', q] as const,
  payouts: () => ['money', 'payouts'] as const,
  payoutList: (q: QueryParams) => ['money', 'payouts', 'list', q] as const,
  exports: () => ['money', 'exports'] as const,
  refunds: (token: string) => ['money', 'refunds', token] as const,
  platformInvoices: (q: QueryParams) => ['money', 'platformInvoices', q] as const,
};

export const moneyQueries = {
  transfers: (q: QueryParams) =>
    queryOptions({ queryKey: moneyKeys.transfers(q), queryFn: ({ signal }) => cabinetApi.transfers(q, signal) }),
  balance: () => queryOptions({ queryKey: moneyKeys.balance(), queryFn: ({ signal }) => cabinetApi.balance(signal) }),
  invoices: (q: QueryParams) =>
    queryOptions({ queryKey: moneyKeys.invoices(q), queryFn: ({ signal }) => cabinetApi.invoices(q, signal) }),
  payouts: () => queryOptions({ queryKey: moneyKeys.payouts(), queryFn: ({ signal }) => cabinetApi.payouts(signal) }),
  payoutList: (q: QueryParams) =>
    queryOptions({ queryKey: moneyKeys.payoutList(q), queryFn: ({ signal }) => cabinetApi.payoutList(q, signal) }),
  exports: () => queryOptions({ queryKey: moneyKeys.exports(), queryFn: ({ signal }) => cabinetApi.exports(signal) }),
  refunds: (token: string) =>
    queryOptions({ queryKey: moneyKeys.refunds(token), queryFn: ({ signal }) => cabinetApi.refunds(token, signal) }),
  platformInvoices: (q: QueryParams) =>
    queryOptions({
      queryKey: moneyKeys.platformInvoices(q),
      queryFn: ({ signal }) => cabinetApi.platformInvoices(q, signal),
    }),
};
