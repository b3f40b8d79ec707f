import { useQuery } from '@tanstack/react-query';
import { commonApi } from '../../api/common';

export function useAppConfig() {
  return useQuery({ queryKey: ['config'], queryFn: () => commonApi.config(), staleTime: Infinity, gcTime: Infinity });
}
