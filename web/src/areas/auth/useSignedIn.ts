import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { sessionKeys, sessionQueries } from '../../app/queries';
import { takeReferer } from '../../api/tokens';
import type { User } from '../../api/types';
import { homeFor } from '../../app/useCurrentUser';

/** After tokens were stored: load the user and go back to the saved referer (or the user's home). */
export function useAfterSignIn(): (options?: { aboutYouIfIncomplete?: boolean }) => Promise<User | null> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (options) => {
      queryClient.removeQueries({ queryKey: sessionKeys.me() });
      let user: User | null = null;
      try {
        user = await queryClient.fetchQuery(sessionQueries.me());
      } catch {
        user = null;
      }
      if (options?.aboutYouIfIncomplete && user && !user.username && user.profileTypes.includes('seller')) {
        navigate('/users/sign_up/about_you', { replace: true });
        return user;
      }
      const referer = takeReferer();
      navigate(referer ?? homeFor(user), { replace: true });
      return user;
    },
    [queryClient, navigate],
  );
}
