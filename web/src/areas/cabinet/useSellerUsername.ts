import { useCurrentUser } from '../../app/useCurrentUser';

/** The seller's shop username (`/s/{username}/…`). */
export function useSellerUsername(): string | null {
  const me = useCurrentUser();
  return me.data?.seller?.username ?? me.data?.username ?? null;
}

export function shopPath(username: string | null, slug: string): string | null {
  return username ? `/s/${encodeURIComponent(username)}/${encodeURIComponent(slug)}` : null;
}
