import { useQuery } from '@tanstack/react-query';
import { actingSeller } from '../../api/acting';
import * as sdk from '../../api/sdk.gen';
import { useCurrentUser } from '../../app/useCurrentUser';

/** The seller's shop username (`/s/{username}/…`): the signed-in seller's, or the shop of the seller a team member
 * works for. */
export function useSellerUsername(): string | null {
  const me = useCurrentUser();
  const acting = actingSeller();
  const teams = useQuery({ queryKey: ['team', 'invites'], queryFn: ({ signal }) => sdk.teamInvites({ signal }), enabled: acting !== null });
  if (acting !== null) return teams.data?.list.find((x) => x.sellerId === acting && x.state === 'active')?.shop ?? null;
  return me.data?.seller?.username ?? me.data?.username ?? null;
}

export function shopPath(username: string | null, slug: string): string | null {
  return username ? `/s/${encodeURIComponent(username)}/${encodeURIComponent(slug)}` : null;
}
