/** Query options and keys of the session: the signed-in user. */
import { queryOptions } from '@tanstack/react-query';
import { sessionApi } from '../api/session';

export const sessionKeys = {
  me: () => ['me'] as const,
};

export const sessionQueries = {
  me: () => queryOptions({ queryKey: sessionKeys.me(), queryFn: ({ signal }) => sessionApi.me(signal), staleTime: 60_000 }),
};
