import { useQuery } from '@tanstack/react-query';
import { shopQueries } from './queries';

export function useAppConfig() {
  return useQuery(shopQueries.config());
}
