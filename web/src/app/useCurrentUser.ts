import { useQuery } from '@tanstack/react-query';
import { sessionApi } from '../api/session';
import type { ProfileType, User } from '../api/types';
import { useTokens } from './useTokens';

export const ME_KEY = ['me'] as const;

export function useCurrentUser() {
  const tokens = useTokens();
  return useQuery({
    queryKey: ME_KEY,
    queryFn: ({ signal }) => sessionApi.me(signal),
    enabled: tokens !== null,
    staleTime: 60_000,
  });
}

/** Where a signed-in user lands when no referer was saved. */
export function homeFor(user: Pick<User, 'profileTypes'> | null | undefined): string {
  const types: ProfileType[] = user?.profileTypes ?? [];
  if (types.includes('seller')) return '/cabinet';
  if (types.includes('manager')) return '/admin/ops';
  if (types.includes('payer')) return '/payer';
  return '/cabinet';
}
