/** Query options and keys of the manager's ops view. */
import { queryOptions } from '@tanstack/react-query';
import { adminApi } from '../../api/admin';

export const adminKeys = {
  workflows: (token: string) => ['orderWorkflows', token] as const,
  history: (workflowId: string, runId: string | null) => ['workflowHistory', workflowId, runId] as const,
};

export const adminQueries = {
  workflows: (token: string) =>
    queryOptions({ queryKey: adminKeys.workflows(token), queryFn: ({ signal }) => adminApi.orderWorkflows(token, signal) }),
  history: (workflowId: string, runId: string | null) =>
    queryOptions({
      queryKey: adminKeys.history(workflowId, runId),
      queryFn: ({ signal }) => adminApi.workflowHistory(workflowId, runId, signal),
    }),
};
