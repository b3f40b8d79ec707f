/** Query options and keys of the seller profile and legitimation. */
import { queryOptions } from '@tanstack/react-query';
import { cabinetApi } from '../../../api/cabinet';

export const profileKeys = {
  all: ['sellerProfile'] as const,
  profile: () => ['sellerProfile', 'profile'] as const,
  legitimation: () => ['sellerProfile', 'legitimation'] as const,
  documents: () => ['sellerProfile', 'documents'] as const,
  bankAccounts: () => ['sellerProfile', 'bankAccounts'] as const,
};

export const profileQueries = {
  profile: () => queryOptions({ queryKey: profileKeys.profile(), queryFn: ({ signal }) => cabinetApi.sellerProfile(signal) }),
  legitimation: () =>
    queryOptions({ queryKey: profileKeys.legitimation(), queryFn: ({ signal }) => cabinetApi.legitimation(signal) }),
  documents: () => queryOptions({ queryKey: profileKeys.documents(), queryFn: ({ signal }) => cabinetApi.documents(signal) }),
  bankAccounts: () =>
    queryOptions({ queryKey: profileKeys.bankAccounts(), queryFn: ({ signal }) => cabinetApi.bankAccounts(signal) }),
};
