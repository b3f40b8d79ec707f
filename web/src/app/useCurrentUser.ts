import { useQuery } from '@tanstack/react-query';
import { sessionQueries } from './queries';
import type { ProfileType, User } from '../api/types';
import { useTokens } from './useTokens';

export function useCurrentUser() {
  const tokens = useTokens();
  return useQuery({ ...sessionQueries.me(), enabled: tokens !== null });
}

/** Where a signed-in user lands when no referer was saved. */
export function homeFor(user: Pick<User, 'profileTypes'> | null | undefined): string {
  const types: ProfileType[] = user?.profileTypes ?? [];
  if (types.includes('seller')) return '/cabinet';
  if (types.includes('manager')) return '/admin/ops';
  if (types.includes('publisher')) return '/publish';
  if (types.includes('team_member') || types.includes('sales_team_member')) return '/team_member';
  if (types.includes('payer')) return '/payer';
  return '/cabinet';
}
