/** Query options and keys of the manager's ops view. */
import { queryOptions } from '@tanstack/react-query';
import { adminApi } from '../../api/admin';

/** What the ops view searches by: an order's token, or a seller's id. */
export type OpsSearch = { by: 'order' | 'seller'; value: string };

export const adminKeys = {
  workflows: (search: OpsSearch) => ['opsWorkflows', search.by, search.value] as const,
  history: (workflowId: string, runId: string | null) => ['workflowHistory', workflowId, runId] as const,
};

export const adminQueries = {
  workflows: (search: OpsSearch) =>
    queryOptions({
      queryKey: adminKeys.workflows(search),
      queryFn: ({ signal }) =>
        search.by === 'seller' ? adminApi.sellerWorkflows(Number(search.value), signal) : adminApi.orderWorkflows(search.value, signal),
    }),
  history: (workflowId: string, runId: string | null) =>
    queryOptions({
      queryKey: adminKeys.history(workflowId, runId),
      queryFn: ({ signal }) => adminApi.workflowHistory(workflowId, runId, signal),
    }),
};
